/// A member that can be missing, `null` or a value, told apart: what a `PATCH` body (a JSON
/// Merge Patch) needs, where a missing member means "leave it" and `null` means "clear it".
///
/// ```swift
/// struct UserPatch: Codable {
///     var nickname: Presence<String> = .absent
///     var age: Presence<Int> = .absent
/// }
/// let patch = try JSONDecoder().decode(UserPatch.self, from: Data(#"{"nickname": null}"#.utf8))
/// patch.nickname   // .null
/// patch.age        // .absent
/// try JSONEncoder().encode(UserPatch(nickname: .value("ada")))   // {"nickname":"ada"}
/// ```
///
/// In synthesized `Codable` a missing key decodes as `.absent` and `.absent` encodes as no key,
/// with any decoder and encoder (this package's overloads of the keyed containers' `decode` and
/// `encode` do it). The same holds for a `@Mapped` property (at a key or a path, with a
/// `default:` taken for a missing key), for `<--`/`<->` and for `set(_:)` on a view:
///
/// ```swift
/// @Mapped("profile.nickname") var nickname: Presence<String>   // MappedCodable
/// nickname <-> ds.profile.nickname                             // dynamicMapping
/// ds.profile.nickname.set(Presence<String>.absent)             // removes the key
/// ```
///
/// Outside an object member there is no absence: `.absent` then encodes as `null`, and a value
/// never decodes as `.absent`.
public enum Presence<Value> {
    /// The member is not there: leave the target alone.
    case absent
    /// The member is `null`: clear the target.
    case null
    /// The member holds a value.
    case value(Value)

    /// The value, or `nil` for `.absent` and `.null`.
    ///
    /// ```swift
    /// Presence.value(3).optional   // 3
    /// Presence<Int>.null.optional  // nil
    /// ```
    public var optional: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// `.value` for a value and `.null` for `nil`: what setting a member to an optional means.
    ///
    /// ```swift
    /// Presence<String>(nil)    // .null
    /// Presence("ada")          // .value("ada")
    /// ```
    public init(_ optional: Value?) {
        self = optional.map(Presence.value) ?? .null
    }
}

extension Presence: Sendable where Value: Sendable {}
extension Presence: Equatable where Value: Equatable {}
extension Presence: Hashable where Value: Hashable {}

extension Presence: Decodable where Value: Decodable {
    /// `.null` for `null`, else `.value`; never `.absent` (only a missing key is that).
    ///
    /// ```swift
    /// try JSONDecoder().decode([Presence<Int>].self, from: Data("[1, null]".utf8))   // [.value(1), .null]
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }
}

extension Presence: Encodable where Value: Encodable {
    /// The value, or `null` for `.null` and `.absent` (an object member that is `.absent` is
    /// left out before this is called).
    ///
    /// ```swift
    /// try JSONEncoder().encode([Presence.value(1), .null])   // [1,null]
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let value): try container.encode(value)
        case .null, .absent: try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads a ``Presence`` member: `.absent` when the key is missing, `.null` for `null`
    /// (the synthesized `init(from:)` calls this).
    ///
    /// ```swift
    /// var nickname: Presence<String>   // {} → .absent, {"nickname": null} → .null
    /// ```
    public func decode<Value: Decodable>(_ type: Presence<Value>.Type, forKey key: Key) throws -> Presence<Value> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes a ``Presence`` member: nothing for `.absent`, `null` for `.null` (the synthesized
    /// `encode(to:)` calls this).
    ///
    /// ```swift
    /// var nickname: Presence<String> = .absent   // no "nickname" key
    /// ```
    public mutating func encode<Value: Encodable>(_ value: Presence<Value>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}

/// `Presence`, seen without its value type: for the `@Mapped` machinery, which learns a
/// property's type only at run time.
protocol AnyPresence {
    static var absentValue: Any { get }
    static var nullValue: Any { get }
    /// The `Value` of `Presence<Value>`.
    static var wrappedType: Any.Type { get }
    /// `.value(wrapped)`, or `nil` when `wrapped` is not a `Value`.
    static func wrapping(_ wrapped: Any) -> Any?
    var isAbsent: Bool { get }
}

extension Presence: AnyPresence {
    static var absentValue: Any { Presence.absent }
    static var nullValue: Any { Presence.null }
    static var wrappedType: Any.Type { Value.self }

    static func wrapping(_ wrapped: Any) -> Any? {
        (wrapped as? Value).map { Presence.value($0) }
    }

    var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    /// The three cases as distinct JSON once encoded (`[]`, `[null]`, `[value]`), for
    /// remembering what a read left in a property: `.absent` and `.null` both encode as `null`.
    var snapshotForm: [Presence] { isAbsent ? [] : [self] }
}
