import Foundation

/// Gives a property its type's zero value when the key is missing or `null`, so the property
/// need not be optional.
///
/// ```swift
/// struct ZeroTestCodable: Codable {
///     var name: String                    // "Jan"
///     @Zero var secondName: String        // ""
///     @Zero var numberOfChildren: Int     // 0
///     @Zero var point: Point              // Point(x: 0, y: 0)
/// }
/// let model = try JSONDecoder().decode(ZeroTestCodable.self, from: Data(#"{"name":"Jan"}"#.utf8))
/// ```
///
/// Zero values: `0` for numbers, `""`, `false`, empty arrays, sets, dictionaries and `Data`,
/// `nil` for optionals, and for a nested model the value its own `init(from:)` makes when every
/// key it asks for holds its zero (optional properties `nil`, nested models zero in turn).
/// A type with no such value (a `URL`, a `UUID`, an enum with no case for `""` or `0`) makes a
/// missing key throw `DecodingError.valueNotFound`. A value that is there but wrong still throws
/// as usual. Encoding writes the value as it is, except that an optional holding `nil` writes
/// no key at all, as a synthesized optional property does.
///
/// The synthesized `init(from:)` calls this package's overload of `decode(_:forKey:)`, so it
/// works with any decoder, Foundation's included.
@propertyWrapper
public struct Zero<Value: Decodable> {
    /// The property's value: `model.numberOfChildren`.
    public var wrappedValue: Value

    /// Starts as `wrappedValue`: `@Zero var count = 5`, or the memberwise `Model(count: 5)`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Zero: Decodable {
    /// Reads the value from a single-value container, or makes the zero value for `null`.
    ///
    /// ```swift
    /// let count = try Zero<Int>(from: decoder).wrappedValue   // 0 for null
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self.init(wrappedValue: try zeroValue(of: Value.self, codingPath: decoder.codingPath))
            if let impl = decoder as? DecoderImpl {
                impl.report(.defaultForNull, node: impl.state.currentNode, codingPath: impl.codingPath)
                impl.keep(wrappedValue, node: impl.state.currentNode)
            }
        } else {
            self.init(wrappedValue: try container.decode(Value.self))
        }
    }
}

extension Zero {
    /// The zero value of `Value`, as `@Zero` gives it for a missing key: `0`, `""`, `false`,
    /// `nil`, empty collections, and for a model the value its own `init(from:)` makes when
    /// every key reads as zero (KeyedCodable's `Type.keyed.zero()`).
    ///
    /// ```swift
    /// struct Profile: Codable { var name: String; var age: Int; var tags: [String] }
    /// let empty = try Zero<Profile>.value()   // Profile(name: "", age: 0, tags: [])
    /// ```
    ///
    /// - Throws: `DecodingError.valueNotFound` when `Value` has no zero value (a `URL`, or an
    ///   enum that no zero raw value names), with the reason as the underlying error.
    public static func value() throws -> Value {
        try zeroValue(of: Value.self, codingPath: [])
    }
}

extension Zero: Encodable where Value: Encodable {
    /// Writes the value itself to a single-value container.
    ///
    /// ```swift
    /// try Zero(wrappedValue: 3).encode(to: encoder)   // 3
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` with an encoder other than this package's when
    ///   the property's key is a ``KeyedKey`` path, which that encoder would write as one flat key.
    public func encode(to encoder: any Encoder) throws {
        try ForeignCoderKeys.check(encoder, writing: wrappedValue)
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// Writes an optional `@Zero` property as the synthesized `encode(to:)` writes an optional:
    /// its value when there is one, no key for `nil` (the synthesized code calls this overload).
    ///
    /// ```swift
    /// @Zero var nickname: String?   // nil encodes as {}, not {"nickname":null}
    /// ```
    public mutating func encode<Wrapped: Encodable>(_ value: Zero<Wrapped?>, forKey key: Key) throws {
        guard let wrapped = value.wrappedValue else { return }
        // A path-shaped key goes through the wrapper, whose `encode(to:)` sees the encoder and
        // refuses one that would write the path as a flat key; any other key writes directly.
        if ForeignCoderKeys.feature(of: key) != nil {
            try encode(Zero<Wrapped>(wrappedValue: wrapped), forKey: key)
        } else {
            try encode(wrapped, forKey: key)
        }
    }
}

extension Zero: Sendable where Value: Sendable {}
extension Zero: Equatable where Value: Equatable {}
extension Zero: Hashable where Value: Hashable {}

extension KeyedDecodingContainer {
    /// The value under `key`, or its type's zero when the key is missing or `null` (the
    /// synthesized `init(from:)` calls this for `@Zero` properties).
    ///
    /// ```swift
    /// @Zero var numberOfChildren: Int   // {} gives 0
    /// ```
    ///
    /// - Throws: `DecodingError.valueNotFound` when the key is missing and the type has no zero
    ///   value; the usual errors for a value that is there but cannot be decoded;
    ///   `DecodingError.dataCorrupted` naming ``Keyed`` when `key` is a ``KeyedKey`` path and the
    ///   decoder is not this package's (it would look the path up as one flat key).
    public func decode<Value>(_ type: Zero<Value>.Type, forKey key: Key) throws -> Zero<Value> {
        try refuseForeignPathKey(key)
        if let value = try decodeIfPresent(Value.self, forKey: key) {
            return Zero(wrappedValue: value)
        }
        let zero = try zeroValue(of: Value.self, codingPath: codingPath + [key])
        reportDefault(forKey: key, value: zero)
        return Zero(wrappedValue: zero)
    }

    /// Reports, for this package's decoder, that `key` got a default (`value`) because it was
    /// missing or `null`, and keeps that value for encoding (which then writes nothing there
    /// while the property holds it). Other decoders' containers cannot say which decode runs
    /// them.
    func reportDefault<Value>(forKey key: Key, value: Value) {
        guard let access = try? decode(ObjectAccess.self, forKey: key) else { return }
        access.keepDefault(value, at: [.key(key.stringValue)])
        guard access.impl.options.reporting != nil else { return }
        access.reportDefault(at: [.key(key.stringValue)], codingPath: codingPath + [key])
    }
}

/// `type`'s zero, from a ``ZeroDecoder``; when there is none, `valueNotFound` at `codingPath`
/// (where the value was missing) with the reason as the underlying error.
func zeroValue<Value: Decodable>(of type: Value.Type, codingPath: [any CodingKey]) throws -> Value {
    do {
        return try zeroValueThroughDecoder(Value.self, decoder: ZeroDecoder(codingPath: [], depth: 0))
    } catch {
        let reason: String
        switch error as? DecodingError {
        case .dataCorrupted(let context)?, .typeMismatch(_, let context)?,
            .valueNotFound(_, let context)?, .keyNotFound(_, let context)?:
            reason = context.debugDescription
        default:
            reason = "\(error)"
        }
        throw DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value, and \(Value.self) has no zero value: \(reason)",
                underlyingError: error))
    }
}

// MARK: - Zero decoder

/// A decoder with no input that answers every request with the zero of what is asked: `0`,
/// `""`, `false`, `nil` (`decodeNil` is true, `decodeIfPresent` gives `nil`), empty unkeyed and
/// keyed containers for collections, and for a keyed request the zero of the requested type.
/// Its coding paths are relative to where the zero is used.
struct ZeroDecoder: Decoder {
    /// Deeper than this is a type that contains itself without an optional or a collection in
    /// between (through a class or an indirect enum); it has no finite zero.
    static let maximumDepth = 64

    let codingPath: [any CodingKey]
    let depth: Int
    /// Set only on the top decoder of a ``MappedProbe``: its own keyed container reports the
    /// coding keys of `@Mapped` properties.
    var probe: MappedProbe? = nil

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The decoder for a value one level down, at `key` (or at the same path, for a single
    /// value decoded through its own `init(from:)`).
    func nested(_ key: (any CodingKey)?) throws -> ZeroDecoder {
        let path = key.map { codingPath + [$0] } ?? codingPath
        guard depth < Self.maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: "The zero value nests deeper than \(Self.maximumDepth) levels; the type contains itself"))
        }
        return ZeroDecoder(codingPath: path, depth: depth + 1)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ZeroKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        EmptyUnkeyedContainer(codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ZeroSingleValueContainer(decoder: self)
    }
}

private struct ZeroSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ZeroDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { true }
    func decode(_ type: Bool.Type) throws -> Bool { false }
    func decode(_ type: String.Type) throws -> String { "" }
    // One generic witness answers every numeric requirement (Int…UInt64, Float, Double):
    // their zero is the same `0`.
    func decode<T: Decodable & Numeric>(_ type: T.Type) throws -> T { 0 }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try zeroValueThroughDecoder(T.self, decoder: decoder.nested(nil))
    }
}

private struct ZeroKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ZeroDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    /// No keys to list (dictionaries come out empty), yet every key asked for is there and
    /// `null`, so `decodeIfPresent` gives `nil` and `decode` the zero.
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { true }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { false }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { "" }
    // As in the single-value container: one witness for every numeric type. Like Bool and
    // String, numbers skip the probe, which looks for the model access types only.
    func decode<T: Decodable & Numeric>(_ type: T.Type, forKey key: Key) throws -> T { 0 }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let probe = decoder.probe { try probe.check(T.self, key: key.stringValue) }
        return try zeroValueThroughDecoder(T.self, decoder: decoder.nested(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ZeroKeyedContainer<NestedKey>(decoder: try decoder.nested(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        EmptyUnkeyedContainer(codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        try decoder.nested(ZeroSuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.nested(key)
    }
}

/// The zero of `T`: a `Decimal` directly (its own Codable form is a keyed record, not a
/// number), anything else through its own `init(from:)`.
private func zeroValueThroughDecoder<T: Decodable>(_ type: T.Type, decoder: ZeroDecoder) throws -> T {
    if T.self == Decimal.self, let zero = Decimal.zero as? T {
        return zero
    }
    return try T(from: decoder)
}

/// An unkeyed container with no elements: `isAtEnd` from the start, every read past the end.
private struct EmptyUnkeyedContainer: UnkeyedDecodingContainer {
    let codingPath: [any CodingKey]
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    private func atEnd(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
    }

    mutating func decodeNil() throws -> Bool { throw atEnd(Any?.self) }
    // The generic requirement's witness answers the scalar ones too (a generic function can
    // witness a non-generic requirement): every read throws the same error.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw atEnd(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw atEnd(KeyedDecodingContainer<NestedKey>.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw atEnd((any UnkeyedDecodingContainer).self)
    }

    mutating func superDecoder() throws -> any Decoder {
        throw atEnd((any Decoder).self)
    }
}

/// The key `superDecoder()` uses, as Foundation names it.
private struct ZeroSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { return nil }
}
