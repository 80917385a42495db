/// A two-way transformer made of two closures, in the shape of ObjectMapper's `TransformOf`:
/// `fromJSON` turns the document's `JSONValue` into the model's `Object`, `toJSON` turns it back,
/// and either returns `nil` to refuse.
///
/// ```swift
/// let intFromString = TransformOf<Int, String>(fromJSON: { $0.flatMap(Int.init) }, toJSON: { $0.map(String.init) })
/// try intFromString.decode("42")   // 42
/// try intFromString.encode(7)      // "7"
/// count <-> ds.stats.count.using(intFromString)   // {"stats": {"count": "42"}}
/// ```
///
/// The closures keep ObjectMapper's optional signatures so that an existing transform moves over
/// unchanged, but this package only ever passes them a value: a missing key leaves the property
/// alone without asking the transformer, and for an optional property `null` reads as `nil`
/// and `nil` removes the key, both without asking it either.
///
/// A `nil` from `fromJSON` is a refusal (a ``TransformerError``): through `<->` the property
/// keeps its value and the failure is reported to the decoder, as for any mistyped value.
/// A `nil` from `toJSON` is a refusal too, so the encoder throws `EncodingError.invalidValue`
/// at the property's path (ObjectMapper left the key out silently).
///
/// Where it works: `<->`, `<--` and `-->` with `using(_:)`, `@Mapped(using:)` and
/// `decode(at:using:)` take the instance. ``CodedBy`` and its one-way relatives make their
/// transformer from a type with `init()`, which a closure-built value is not; give it a name:
///
/// ```swift
/// struct IntFromString: Transformer, DefaultInitializable {
///     static let base = TransformOf<Int, String>(fromJSON: { $0.flatMap(Int.init) }, toJSON: { $0.map(String.init) })
///     func decode(_ raw: String) throws -> Int { try Self.base.decode(raw) }
///     func encode(_ value: Int) throws -> String { try Self.base.encode(value) }
/// }
/// struct Stats: Codable { @CodedBy<IntFromString> var count: Int }
/// ```
public struct TransformOf<Object, JSONValue: Codable>: Transformer, Sendable {
    /// Makes the model's value from the document's, or `nil` to refuse it.
    public let fromJSON: @Sendable (JSONValue?) -> Object?
    /// Makes the document's value from the model's, or `nil` to refuse it.
    public let toJSON: @Sendable (Object?) -> JSONValue?

    /// A transformer from two closures, as ObjectMapper's `TransformOf(fromJSON:toJSON:)`.
    ///
    /// ```swift
    /// let cents = TransformOf<Decimal, Int>(fromJSON: { $0.map { Decimal($0) / 100 } },
    ///                                       toJSON: { $0.map { NSDecimalNumber(decimal: $0 * 100).intValue } })
    /// ```
    ///
    /// - Parameters:
    ///   - fromJSON: The document's value to the model's; `nil` refuses it.
    ///   - toJSON: The model's value to the document's; `nil` refuses it.
    public init(fromJSON: @escaping @Sendable (JSONValue?) -> Object?, toJSON: @escaping @Sendable (Object?) -> JSONValue?) {
        self.fromJSON = fromJSON
        self.toJSON = toJSON
    }

    /// `fromJSON(raw)`: `try TransformOf<Int, String>(…).decode("42")` gives `42`.
    ///
    /// - Throws: ``TransformerError`` when `fromJSON` returns `nil` (`"4x" could not be transformed to Int`).
    public func decode(_ raw: JSONValue) throws -> Object {
        guard let object = fromJSON(raw) else {
            throw TransformerError(value: raw, reason: "could not be transformed to \(Object.self)")
        }
        return object
    }

    /// `toJSON(value)`: `try TransformOf<Int, String>(…).encode(7)` gives `"7"`.
    ///
    /// - Throws: ``TransformerError`` when `toJSON` returns `nil` (`7 could not be transformed to String`).
    public func encode(_ value: Object) throws -> JSONValue {
        guard let raw = toJSON(value) else {
            throw TransformerError(value: value, reason: "could not be transformed to \(JSONValue.self)")
        }
        return raw
    }
}
