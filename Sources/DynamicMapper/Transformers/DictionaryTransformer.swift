/// An object whose keys are the raw values of an enum, `[String: Value]` <-> `[Key: Value]`:
/// the counterpart of ObjectMapper's `DictionaryTransform`.
///
/// ```swift
/// enum Channel: String { case email, sms, push }
/// struct Preference: Codable, Equatable { var enabled: Bool }
/// let channels = DictionaryTransformer<Channel, Preference>()
/// try channels.decode(["email": Preference(enabled: true), "fax": Preference(enabled: false)])
/// // [.email: Preference(enabled: true)]: "fax" is not a Channel, so it is dropped
/// preferences <-> ds.settings.channels.using(channels)
/// ```
///
/// Each member's value is decoded as `Value`, so one value of the wrong shape fails the whole
/// object, as for any `[String: Value]`. A key that is not a raw value of `Key` is dropped, as
/// ObjectMapper dropped it, and nothing reports the drop; with `unknownKeys: .refuse` the whole
/// object is refused instead (a ``TransformerError`` naming the first such key in sorted
/// order), which `<->` reports while the property keeps its value. Encoding writes each key's
/// raw value, in the dictionary's order (set `.sortedKeys` for a stable one); keys dropped
/// while decoding are not written back.
public struct DictionaryTransformer<Key: RawRepresentable & Hashable, Value: Codable>: Transformer, DefaultInitializable, Sendable
where Key.RawValue == String {
    /// What decoding does with a key that is not a raw value of `Key`.
    ///
    /// ```swift
    /// let strict = DictionaryTransformer<Channel, Preference>(unknownKeys: .refuse)
    /// ```
    public enum UnknownKeys: Sendable, Hashable {
        /// Leave the member out, as ObjectMapper did (the default).
        case drop
        /// Refuse the whole object with a ``TransformerError``.
        case refuse
    }

    /// What decoding does with an unknown key: `DictionaryTransformer<Channel, Preference>().unknownKeys` is `.drop`.
    public let unknownKeys: UnknownKeys

    /// Drops unknown keys: `DictionaryTransformer<Channel, Preference>()`.
    public init() {
        self.init(unknownKeys: .drop)
    }

    /// Drops or refuses unknown keys: `DictionaryTransformer<Channel, Preference>(unknownKeys: .refuse)`.
    public init(unknownKeys: UnknownKeys) {
        self.unknownKeys = unknownKeys
    }

    /// The members whose keys are raw values of `Key`:
    /// `try DictionaryTransformer<Channel, Int>().decode(["sms": 1])` gives `[.sms: 1]`.
    ///
    /// - Throws: ``TransformerError`` with `.refuse` for an unknown key (`"fax" is not a raw value of Channel`).
    public func decode(_ raw: [String: Value]) throws -> [Key: Value] {
        var result: [Key: Value] = [:]
        result.reserveCapacity(raw.count)
        var unknown: [String] = []
        for (name, value) in raw {
            if let key = Key(rawValue: name) {
                result[key] = value
            } else {
                unknown.append(name)
            }
        }
        if unknownKeys == .refuse, let first = unknown.min() {
            throw TransformerError(value: first, reason: "is not a raw value of \(Key.self)")
        }
        return result
    }

    /// The members under their keys' raw values:
    /// `try DictionaryTransformer<Channel, Int>().encode([.sms: 1])` gives `["sms": 1]`.
    public func encode(_ value: [Key: Value]) throws -> [String: Value] {
        var raw: [String: Value] = [:]
        raw.reserveCapacity(value.count)
        for (key, member) in value { raw[key.rawValue] = member }
        return raw
    }
}
