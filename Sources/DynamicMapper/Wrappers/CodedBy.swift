/// Codes a property through a two-way ``Transformer``: the document holds `T.Raw`, the model
/// keeps `T.Value`, which need not be `Codable`.
///
/// ```swift
/// struct DateTransformer: Transformer, DefaultInitializable {
///     private static let day = DateFormatTransformer(format: "yyyy-MM-dd")
///     func decode(_ raw: String) throws -> Date { try Self.day.decode(raw) }
///     func encode(_ value: Date) throws -> String { try Self.day.encode(value) }
/// }
/// struct Event: Codable {
///     @CodedBy<DateTransformer> var date: Date   // {"date": "2012-05-01"}
/// }
/// let event = try JSONDecoder().decode(Event.self, from: Data(#"{"date":"2012-05-01"}"#.utf8))
/// ```
///
/// Works with any decoder and encoder, Foundation's included: the raw value is read and written
/// through a single-value container, so the coder's strategies apply to it. A transformer failure
/// becomes `DecodingError.dataCorrupted` (or `EncodingError.invalidValue`) at the property's
/// coding path, with the offending value in the message and the transformer's error as the
/// underlying error. When `T.Value` is optional (`OptionalTransformer<Base>`, or any transformer
/// whose `Value` is an `Optional`), a missing key or `null` decodes as `nil` without calling the
/// transformer, and `nil` leaves the key out, as for an ordinary optional property.
@propertyWrapper
public struct CodedBy<T: Transformer & DefaultInitializable> {
    /// The model's value: `event.date`.
    public var wrappedValue: T.Value

    /// Starts as `wrappedValue`: `@CodedBy<DateTransformer> var date = Date()`, or the memberwise
    /// `Event(date: Date())`.
    public init(wrappedValue: T.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension CodedBy: Decodable {
    /// Reads `T.Raw` from a single-value container and transforms it with `T()`.
    ///
    /// ```swift
    /// let date = try CodedBy<DateTransformer>(from: decoder).wrappedValue
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the transformer refuses the raw value.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decodeTransformed(with: T(), from: decoder))
    }
}

extension CodedBy: Encodable {
    /// Transforms the value with `T()` and writes the result to a single-value container.
    ///
    /// ```swift
    /// try CodedBy<DateTransformer>(wrappedValue: date).encode(to: encoder)   // "2012-05-01"
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` when the transformer refuses the value.
    public func encode(to encoder: any Encoder) throws {
        try ForeignCoderKeys.check(encoder, writing: wrappedValue)
        try encodeTransformed(wrappedValue, with: T(), to: encoder)
    }
}

extension CodedBy: Sendable where T.Value: Sendable {}
extension CodedBy: Equatable where T.Value: Equatable {}
extension CodedBy: Hashable where T.Value: Hashable {}

/// Decodes a property through a ``DecodingTransformer``: the document holds `T.Raw`, the model
/// keeps `T.Value`, which need not be `Codable`.
///
/// ```swift
/// struct FlagTransformer: DecodingTransformer, DefaultInitializable {
///     func decode(_ raw: String) throws -> Bool { raw == "true" }
/// }
/// struct Settings: Decodable {
///     @DecodedBy<FlagTransformer> var isMale: Bool   // {"isMale": "true"}
/// }
/// ```
///
/// When `T.Value` is `Encodable`, the model can be encoded too: the value is written as it is,
/// not through the transformer. Errors and optional values behave as for ``CodedBy``.
@propertyWrapper
public struct DecodedBy<T: DecodingTransformer & DefaultInitializable> {
    /// The model's value: `settings.isMale`.
    public var wrappedValue: T.Value

    /// Starts as `wrappedValue`: `@DecodedBy<FlagTransformer> var isMale = false`.
    public init(wrappedValue: T.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension DecodedBy: Decodable {
    /// Reads `T.Raw` from a single-value container and transforms it with `T()`.
    ///
    /// ```swift
    /// let flag = try DecodedBy<FlagTransformer>(from: decoder).wrappedValue
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the transformer refuses the raw value.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decodeTransformed(with: T(), from: decoder))
    }
}

extension DecodedBy: Encodable where T.Value: Encodable {
    /// Writes the value itself to a single-value container (there is no encoding transformer).
    ///
    /// ```swift
    /// try DecodedBy<FlagTransformer>(wrappedValue: true).encode(to: encoder)   // true
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try ForeignCoderKeys.check(encoder, writing: wrappedValue)
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension DecodedBy: Sendable where T.Value: Sendable {}
extension DecodedBy: Equatable where T.Value: Equatable {}
extension DecodedBy: Hashable where T.Value: Hashable {}

/// Encodes a property through an ``EncodingTransformer``: the model keeps `T.Value`, which need
/// not be `Codable`, and the document gets `T.Raw`.
///
/// ```swift
/// struct CentsTransformer: EncodingTransformer, DefaultInitializable {
///     func encode(_ value: Double) throws -> Int { Int((value * 100).rounded()) }
/// }
/// struct Payment: Encodable {
///     @EncodedBy<CentsTransformer> var amount: Double   // 19.99 is written as {"amount": 1999}
/// }
/// ```
///
/// When `T.Value` is `Decodable`, the model can be decoded too: the value is read as it is, not
/// through the transformer. Errors and optional values behave as for ``CodedBy``.
@propertyWrapper
public struct EncodedBy<T: EncodingTransformer & DefaultInitializable> {
    /// The model's value: `payment.amount`.
    public var wrappedValue: T.Value

    /// Starts as `wrappedValue`: `@EncodedBy<CentsTransformer> var amount = 0.0`.
    public init(wrappedValue: T.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension EncodedBy: Encodable {
    /// Transforms the value with `T()` and writes the result to a single-value container.
    ///
    /// ```swift
    /// try EncodedBy<CentsTransformer>(wrappedValue: 19.99).encode(to: encoder)   // 1999
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` when the transformer refuses the value.
    public func encode(to encoder: any Encoder) throws {
        try ForeignCoderKeys.check(encoder, writing: wrappedValue)
        try encodeTransformed(wrappedValue, with: T(), to: encoder)
    }
}

extension EncodedBy: Decodable where T.Value: Decodable {
    /// Reads the value itself from a single-value container (there is no decoding transformer).
    ///
    /// ```swift
    /// let amount = try EncodedBy<CentsTransformer>(from: decoder).wrappedValue
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(T.Value.self))
    }
}

extension EncodedBy: Sendable where T.Value: Sendable {}
extension EncodedBy: Equatable where T.Value: Equatable {}
extension EncodedBy: Hashable where T.Value: Hashable {}

// MARK: - Optional values: missing key and null are nil, nil leaves the key out

extension KeyedDecodingContainer {
    /// A missing key or `null` gives `nil` (the synthesized `init(from:)` calls this for
    /// `@CodedBy` properties whose value is optional); anything else goes through the transformer.
    ///
    /// ```swift
    /// struct Profile: Codable {
    ///     @CodedBy<OptionalTransformer<URLTransformer>> var avatar: URL?   // {} gives nil
    /// }
    /// ```
    public func decode<T, Wrapped>(_ type: CodedBy<T>.Type, forKey key: Key) throws -> CodedBy<T>
    where T.Value == Wrapped? {
        try decodeOptionalWrapper(type, forKey: key)
    }

    /// A missing key or `null` gives `nil` for `@DecodedBy` properties whose value is optional.
    ///
    /// ```swift
    /// struct Profile: Decodable {
    ///     @DecodedBy<OptionalTransformer<URLTransformer>> var avatar: URL?   // {"avatar": null} gives nil
    /// }
    /// ```
    public func decode<T, Wrapped>(_ type: DecodedBy<T>.Type, forKey key: Key) throws -> DecodedBy<T>
    where T.Value == Wrapped? {
        try decodeOptionalWrapper(type, forKey: key)
    }

    /// A missing key or `null` gives `nil` for `@EncodedBy` properties whose value is optional.
    ///
    /// ```swift
    /// struct Payment: Codable {
    ///     @EncodedBy<OptionalTransformer<CentsTransformer>> var tip: Double?   // {} gives nil
    /// }
    /// ```
    public func decode<T, Wrapped>(_ type: EncodedBy<T>.Type, forKey key: Key) throws -> EncodedBy<T>
    where T.Value == Wrapped?, Wrapped: Decodable {
        try decodeOptionalWrapper(type, forKey: key)
    }

    /// Decodes a `@CodedBy` property whose value is not optional (the synthesized
    /// `init(from:)` calls this): the key must be there.
    ///
    /// ```swift
    /// struct Event: Codable {
    ///     @CodedBy<DateTransformer> var date: Date   // {} throws keyNotFound
    /// }
    /// ```
    ///
    /// - Throws: The container's errors, and `DecodingError.dataCorrupted` naming ``Keyed``
    ///   when `key` is a ``KeyedKey`` path and the decoder is not this package's (it would
    ///   look the path up as one flat key).
    public func decode<T>(_ type: CodedBy<T>.Type, forKey key: Key) throws -> CodedBy<T> {
        try decodeWrapper(type, forKey: key)
    }

    /// Decodes a `@DecodedBy` property whose value is not optional; paths are checked as for
    /// `@CodedBy`.
    ///
    /// ```swift
    /// @DecodedBy<FlagTransformer> var isMale: Bool   // {"isMale": "true"}
    /// ```
    public func decode<T>(_ type: DecodedBy<T>.Type, forKey key: Key) throws -> DecodedBy<T> {
        try decodeWrapper(type, forKey: key)
    }

    /// Decodes an `@EncodedBy` property whose value is not optional; paths are checked as for
    /// `@CodedBy`.
    ///
    /// ```swift
    /// @EncodedBy<CentsTransformer> var amount: Double   // {"amount": 19.99}
    /// ```
    public func decode<T>(_ type: EncodedBy<T>.Type, forKey key: Key) throws -> EncodedBy<T> where T.Value: Decodable {
        try decodeWrapper(type, forKey: key)
    }

    /// What every overload above does for a wrapper whose value is optional: a missing key or
    /// `null` gives `nil` without calling the transformer; anything else decodes as usual.
    fileprivate func decodeOptionalWrapper<Wrapper: TransformingWrapper & Decodable, Wrapped>(
        _ type: Wrapper.Type, forKey key: Key
    ) throws -> Wrapper where Wrapper.Value == Wrapped? {
        try refuseForeignPathKey(key)
        guard contains(key), try !decodeNil(forKey: key) else { return Wrapper(wrappedValue: nil) }
        return try decode(type, forKey: key)
    }

    /// What every overload above does for a wrapper whose value is not optional: refuse a path
    /// key a foreign decoder would read as one flat key, then the container's own
    /// `decode(_:forKey:)` (inside this generic function the overloads above do not apply, so
    /// they can call it without calling themselves).
    fileprivate func decodeWrapper<Wrapper: Decodable>(_ type: Wrapper.Type, forKey key: Key) throws -> Wrapper {
        try refuseForeignPathKey(key)
        return try decode(type, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// `nil` leaves the key out, as for an ordinary optional property (the synthesized
    /// `encode(to:)` calls this for `@CodedBy` properties whose value is optional); anything
    /// else goes through the transformer.
    ///
    /// ```swift
    /// @CodedBy<OptionalTransformer<URLTransformer>> var avatar: URL? = nil   // no "avatar" key
    /// ```
    public mutating func encode<T, Wrapped>(_ value: CodedBy<T>, forKey key: Key) throws
    where T.Value == Wrapped? {
        try encodeOptionalWrapper(value, forKey: key)
    }

    /// `nil` leaves the key out for `@DecodedBy` properties whose value is optional.
    ///
    /// ```swift
    /// @DecodedBy<OptionalTransformer<URLTransformer>> var avatar: URL? = nil   // no "avatar" key
    /// ```
    public mutating func encode<T, Wrapped>(_ value: DecodedBy<T>, forKey key: Key) throws
    where T.Value == Wrapped?, Wrapped: Encodable {
        try encodeOptionalWrapper(value, forKey: key)
    }

    /// `nil` leaves the key out for `@EncodedBy` properties whose value is optional.
    ///
    /// ```swift
    /// @EncodedBy<OptionalTransformer<CentsTransformer>> var tip: Double? = nil   // no "tip" key
    /// ```
    public mutating func encode<T, Wrapped>(_ value: EncodedBy<T>, forKey key: Key) throws
    where T.Value == Wrapped? {
        try encodeOptionalWrapper(value, forKey: key)
    }

    /// What every overload above does: `nil` leaves the key out, anything else goes to the
    /// container's own `encode(_:forKey:)` (past the overloads above, as this function is generic).
    fileprivate mutating func encodeOptionalWrapper<Wrapper: TransformingWrapper & Encodable, Wrapped>(
        _ value: Wrapper, forKey key: Key
    ) throws where Wrapper.Value == Wrapped? {
        guard value.wrappedValue != nil else { return }
        try encode(value, forKey: key)
    }
}

// MARK: - What the three wrappers share

/// A wrapper of this file: ``CodedBy``, ``DecodedBy`` or ``EncodedBy``. Their keyed-container
/// overloads for optional values (above) are written once against this.
protocol TransformingWrapper {
    associatedtype Value
    var wrappedValue: Value { get }
    init(wrappedValue: Value)
}

extension CodedBy: TransformingWrapper {}
extension DecodedBy: TransformingWrapper {}
extension EncodedBy: TransformingWrapper {}

// MARK: - Running the transformer

/// Reads `T.Raw` and transforms it; a refusal becomes `DecodingError.dataCorrupted` at the
/// decoder's coding path. A `DecodingError` from the transformer passes through unchanged.
func decodeTransformed<T: DecodingTransformer>(with transformer: T, from decoder: any Decoder) throws -> T.Value {
    let raw = try decoder.singleValueContainer().decode(T.Raw.self)
    return try transformDecoded(raw, codingPath: decoder.codingPath, transformer.decode)
}

/// Transforms the value and writes `T.Raw`; a refusal becomes `EncodingError.invalidValue` at the
/// encoder's coding path. An `EncodingError` from the transformer passes through unchanged.
private func encodeTransformed<T: EncodingTransformer>(_ value: T.Value, with transformer: T, to encoder: any Encoder) throws {
    let raw = try transformEncoded(value, codingPath: encoder.codingPath, transformer.encode)
    var container = encoder.singleValueContainer()
    try container.encode(raw)
}
