/// Keeps a property out of synthesized `Codable`: it is never read from nor written to its
/// own key, and is `nil` after decoding whatever its declared initial value (the synthesized
/// `init(from:)` cannot see that value). For optional properties that only a dynamic mapping
/// fills.
///
/// ```swift
/// struct Subject: DynamicCodable {
///     var dynamicSelf: DynamicClass?
///     var title: String
///     @NotCoded var teacherName: String?
///
///     mutating func dynamicMapping(mappingType: DynamicMappingType) {
///         teacherName <-> ds.teacher.firstName
///     }
/// }
/// ```
///
/// The synthesized code calls this package's overloads of `decode(_:forKey:)` and
/// `encode(_:forKey:)` for the wrapper, so it works with any decoder and encoder, Foundation's
/// included.
@propertyWrapper
public struct NotCoded<Value: ExpressibleByNilLiteral> {
    /// The property's value: `subject.teacherName` reads and writes it as usual.
    public var wrappedValue: Value

    /// Starts as `initialValue`: `@NotCoded var city: String? = "Paris"`.
    public init(wrappedValue initialValue: Value) {
        wrappedValue = initialValue
    }

    /// Starts as `nil`: `@NotCoded var city: String?`.
    public init() {
        wrappedValue = nil
    }
}

extension NotCoded: Sendable where Value: Sendable {}
extension NotCoded: Equatable where Value: Equatable {}
extension NotCoded: Hashable where Value: Hashable {}

extension NotCoded: Codable {
    /// A `nil` value, whatever the decoder holds.
    ///
    /// ```swift
    /// let empty = try NotCoded<Int?>(from: decoder)   // nil
    /// ```
    public init(from decoder: any Decoder) throws {
        self.init()
    }

    /// Writes nothing.
    ///
    /// ```swift
    /// try NotCoded<Int?>(wrappedValue: 3).encode(to: encoder)   // no output
    /// ```
    public func encode(to encoder: any Encoder) throws {}
}

extension KeyedDecodingContainer {
    /// Never reads a ``NotCoded`` property's key (the synthesized `init(from:)` calls this).
    ///
    /// ```swift
    /// @NotCoded var teacherName: String?   // decodes as nil
    /// ```
    public func decode<Value>(_ type: NotCoded<Value>.Type, forKey key: Key) throws -> NotCoded<Value> {
        NotCoded()
    }
}

extension KeyedEncodingContainer {
    /// Never writes a ``NotCoded`` property's key (the synthesized `encode(to:)` calls this).
    ///
    /// ```swift
    /// @NotCoded var teacherName: String?   // never encoded
    /// ```
    public mutating func encode<Value>(_ value: NotCoded<Value>, forKey key: Key) throws {}
}
