import Foundation

/// Turns a value read from the document (`Raw`, any `Decodable`) into the value a model keeps.
///
/// ```swift
/// struct CentsTransformer: DecodingTransformer {
///     func decode(_ raw: Int) throws -> Decimal { Decimal(raw) / 100 }
/// }
/// let price = try CentsTransformer().decode(1999)   // 19.99
/// ```
///
/// Throw a ``TransformerError`` for a raw value that has no meaning; the property wrappers
/// (``DecodedBy``, ``CodedBy``) turn it into a `DecodingError.dataCorrupted` at the property's path.
public protocol DecodingTransformer<Raw, Value> {
    /// What the document holds: `String` for a date written as text.
    associatedtype Raw: Decodable
    /// What the model keeps: `Date`. Need not be `Codable`.
    associatedtype Value

    /// Makes the model's value from the document's: `try transformer.decode("2012-05-01")`.
    func decode(_ raw: Raw) throws -> Value
}

/// Turns a model's value into the value written to the document (`Raw`, any `Encodable`).
///
/// ```swift
/// struct CentsTransformer: EncodingTransformer {
///     func encode(_ value: Decimal) throws -> Int { NSDecimalNumber(decimal: value * 100).intValue }
/// }
/// let cents = try CentsTransformer().encode(19.99)   // 1999
/// ```
public protocol EncodingTransformer<Raw, Value> {
    /// What the document gets: `String` for a date written as text.
    associatedtype Raw: Encodable
    /// What the model keeps: `Date`. Need not be `Codable`.
    associatedtype Value

    /// Makes the document's value from the model's: `try transformer.encode(date)`.
    func encode(_ value: Value) throws -> Raw
}

/// A two-way transformer: `decode` and `encode` are inverses over the same `Raw` and `Value`.
///
/// ```swift
/// struct UserTransformer: Transformer, DefaultInitializable {
///     func decode(_ raw: Int) throws -> User { User(id: raw) }
///     func encode(_ value: User) throws -> Int { value.id }
/// }
/// struct DetailPage: Codable {
///     @CodedBy<UserTransformer> var user: User   // {"user": 3}
/// }
/// ```
public protocol Transformer<Raw, Value>: DecodingTransformer, EncodingTransformer {}

/// A type with an argument-free initializer, which lets a property wrapper such as
/// ``CodedBy`` make its transformer from a type parameter alone.
///
/// ```swift
/// struct DayTransformer: Transformer, DefaultInitializable {
///     // One shared formatter: `@CodedBy` calls `init()` for every value it codes.
///     private static let day = DateFormatTransformer(format: "yyyy-MM-dd")
///     func decode(_ raw: String) throws -> Date { try Self.day.decode(raw) }
///     func encode(_ value: Date) throws -> String { try Self.day.encode(value) }
/// }
/// ```
public protocol DefaultInitializable {
    /// Makes the default instance: `let transformer = DayTransformer()`.
    init()
}

/// Why a transformer refused a value: names the value and says what was expected.
///
/// ```swift
/// do {
///     _ = try DateFormatTransformer(format: "yyyy-MM-dd").decode("2012-13-45")
/// } catch let error as TransformerError {
///     print(error)   // "2012-13-45" is not a date in the format yyyy-MM-dd
/// }
/// ```
public struct TransformerError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The offending value as the message shows it: strings quoted and escaped (`"2012-13-45"`),
    /// numbers as written (`12.5`); shortened to 100 characters and `…` when longer.
    public var valueDescription: String
    /// What is wrong with it, worded to follow the value: `is not a date in the format yyyy-MM-dd`.
    public var reason: String

    /// Describes `value` with `String(reflecting:)`.
    ///
    /// ```swift
    /// throw TransformerError(value: raw, reason: "is not a salary like usd:4500")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The refused value; the message shows it with `String(reflecting:)`.
    ///   - reason: What is wrong with it, worded to follow the value.
    public init(value: some Any, reason: String) {
        self.init(valueDescription: String(reflecting: value), reason: reason)
    }

    /// Takes the value's description as given (shortened to 100 characters when longer).
    ///
    /// ```swift
    /// throw TransformerError(valueDescription: "<binary blob>", reason: "is not an image")
    /// ```
    ///
    /// - Parameters:
    ///   - valueDescription: The refused value as the message should show it.
    ///   - reason: What is wrong with it, worded to follow the value.
    public init(valueDescription: String, reason: String) {
        let limit = 100
        if valueDescription.count > limit {
            self.valueDescription = String(valueDescription.prefix(limit)) + "…"
        } else {
            self.valueDescription = valueDescription
        }
        self.reason = reason
    }

    /// The value, then the reason: `"2012-13-45" is not a date in the format yyyy-MM-dd`.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String { "\(valueDescription) \(reason)" }
}

// MARK: - .optional

/// Lifts a transformer to optionals: `nil` passes through untouched both ways, any other value
/// goes through `base`. Made by ``DecodingTransformer/optional``, ``EncodingTransformer/optional``
/// and ``Transformer/optional``.
///
/// ```swift
/// let transformer = URLTransformer().optional          // String? <-> URL?
/// try transformer.decode(nil)                          // nil
/// try transformer.decode("https://swift.org")          // URL
/// ```
public struct OptionalTransformer<Base> {
    /// The transformer applied to values that are not `nil`: `transformer.base`.
    public var base: Base

    /// Wraps `base`: `OptionalTransformer(URLTransformer())` (or `URLTransformer().optional`).
    public init(_ base: Base) {
        self.base = base
    }
}

extension OptionalTransformer: DecodingTransformer where Base: DecodingTransformer {
    /// `nil` for `nil`, else `base.decode(raw)`: `try URLTransformer().optional.decode(nil)`.
    public func decode(_ raw: Base.Raw?) throws -> Base.Value? {
        guard let raw else { return nil }
        return try base.decode(raw)
    }
}

extension OptionalTransformer: EncodingTransformer where Base: EncodingTransformer {
    /// `nil` for `nil`, else `base.encode(value)`: `try URLTransformer().optional.encode(url)`.
    public func encode(_ value: Base.Value?) throws -> Base.Raw? {
        guard let value else { return nil }
        return try base.encode(value)
    }
}

extension OptionalTransformer: Transformer where Base: Transformer {}
extension OptionalTransformer: Sendable where Base: Sendable {}

extension OptionalTransformer: DefaultInitializable where Base: DefaultInitializable {
    /// Wraps `Base()`, so `@CodedBy<OptionalTransformer<URLTransformer>> var avatar: URL?` works.
    public init() {
        self.init(Base())
    }
}

// MARK: - .array

/// Lifts a transformer to arrays, element by element, in order. Made by
/// ``DecodingTransformer/array``, ``EncodingTransformer/array`` and ``Transformer/array``.
///
/// ```swift
/// let transformer = NumberFromStringTransformer<Int>().array   // [String] <-> [Int]
/// try transformer.decode(["1", "2"])                            // [1, 2]
/// ```
///
/// The first element that fails stops the whole array with that element's error.
public struct ArrayTransformer<Base> {
    /// The transformer applied to each element: `transformer.base`.
    public var base: Base

    /// Wraps `base`: `ArrayTransformer(URLTransformer())` (or `URLTransformer().array`).
    public init(_ base: Base) {
        self.base = base
    }
}

extension ArrayTransformer: DecodingTransformer where Base: DecodingTransformer {
    /// Decodes every element: `try URLTransformer().array.decode(["a:b", "c:d"])`.
    public func decode(_ raw: [Base.Raw]) throws -> [Base.Value] {
        try raw.map(base.decode)
    }
}

extension ArrayTransformer: EncodingTransformer where Base: EncodingTransformer {
    /// Encodes every element: `try URLTransformer().array.encode(urls)`.
    public func encode(_ value: [Base.Value]) throws -> [Base.Raw] {
        try value.map(base.encode)
    }
}

extension ArrayTransformer: Transformer where Base: Transformer {}
extension ArrayTransformer: Sendable where Base: Sendable {}

extension ArrayTransformer: DefaultInitializable where Base: DefaultInitializable {
    /// Wraps `Base()`, so `@CodedBy<ArrayTransformer<URLTransformer>> var links: [URL]` works.
    public init() {
        self.init(Base())
    }
}

// MARK: - Combinator accessors

extension DecodingTransformer {
    /// This transformer over optionals: `nil` stays `nil`.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().optional   // String? -> Date?
    /// ```
    public var optional: OptionalTransformer<Self> { OptionalTransformer(self) }

    /// This transformer over arrays, element by element.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().array   // [String] -> [Date]
    /// ```
    public var array: ArrayTransformer<Self> { ArrayTransformer(self) }
}

extension EncodingTransformer {
    /// This transformer over optionals: `nil` stays `nil`.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().optional   // Date? -> String?
    /// ```
    public var optional: OptionalTransformer<Self> { OptionalTransformer(self) }

    /// This transformer over arrays, element by element.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().array   // [Date] -> [String]
    /// ```
    public var array: ArrayTransformer<Self> { ArrayTransformer(self) }
}

extension Transformer {
    /// This transformer over optionals, both ways: `nil` stays `nil`.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().optional   // String? <-> Date?
    /// ```
    public var optional: OptionalTransformer<Self> { OptionalTransformer(self) }

    /// This transformer over arrays, both ways, element by element.
    ///
    /// ```swift
    /// let transformer = ISO8601DateTransformer().array.optional   // [String]? <-> [Date]?
    /// ```
    public var array: ArrayTransformer<Self> { ArrayTransformer(self) }
}

/// Runs `transform` on a decoded raw value. A refusal becomes `DecodingError.dataCorrupted` at
/// `codingPath`, whose message names the value (the original error stays underneath); a
/// `DecodingError` from the transform passes through unchanged.
func transformDecoded<Raw, Value>(_ raw: Raw, codingPath: [any CodingKey], _ transform: (Raw) throws -> Value) throws -> Value {
    try transformed(raw, transform, passing: DecodingError.self) { message, error in
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message, underlyingError: error))
    }
}

/// Runs `transform` on a value to encode. A refusal becomes `EncodingError.invalidValue` at
/// `codingPath`, whose message names the value (the original error stays underneath); an
/// `EncodingError` from the transform passes through unchanged.
func transformEncoded<Value, Raw>(_ value: Value, codingPath: [any CodingKey], _ transform: (Value) throws -> Raw) throws -> Raw {
    try transformed(value, transform, passing: EncodingError.self) { message, error in
        EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: message, underlyingError: error))
    }
}

/// `transform(input)`, with an error of type `Passing` thrown as it is and any other one
/// replaced by `failure(message, error)`: the message is the error's own when it is a
/// ``TransformerError``, else one naming the input and the type it was to become.
private func transformed<Input, Output, Passing: Error>(
    _ input: Input, _ transform: (Input) throws -> Output, passing: Passing.Type,
    failure: (_ message: String, _ error: any Error) -> any Error
) throws -> Output {
    do {
        return try transform(input)
    } catch let error as Passing {
        throw error
    } catch {
        let message =
            (error as? TransformerError)?.description
            ?? TransformerError(value: input, reason: "could not be transformed to \(Output.self): \(error)").description
        throw failure(message, error)
    }
}

extension TransformerError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// TransformerError(value: "x", reason: "is not a date").localizedDescription
    /// ```
    public var errorDescription: String? { description }
}
