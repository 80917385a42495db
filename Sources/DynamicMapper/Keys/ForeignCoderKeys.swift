import Foundation

/// Path-shaped keys that reach a coder that is not this package's.
///
/// Foundation's coders take a key's `stringValue` as one literal key, so a ``KeyedKey`` raw
/// value `"items[0].id"` or an ``AnyKey`` path would be written as that flat key and looked up
/// as one. Wherever this package's own code stands between such a key and the other coder (the
/// wrappers' `decode`/`encode` overloads and `encode(to:)`, the container that
/// `encodeMappedProperties(to:)` returns), it throws an error naming ``Keyed`` instead. A key
/// that only the compiler-synthesized code and Foundation's own container see never reaches
/// this package, and cannot be checked.
enum ForeignCoderKeys {
    /// What `key` asks for that only this package's coders do, worded to start a sentence
    /// ("The key path \"a.b\" of User.CodingKeys"), or `nil` for a key any coder writes as given.
    static func feature(of key: any CodingKey) -> String? {
        guard let keyed = key as? any KeyedKey else { return nil }
        // The key type's name (`String(reflecting:)`) only for the message: every wrapper
        // property decoded with a keyed key asks, and nearly all of them are plain names.
        let kind: String
        switch KeyMeaning(keyed.stringValue, options: keyed.options ?? KeyOptions()) {
        case .path: kind = "key path"
        case .lossyArray: kind = "lossy-array key"
        case .flat: kind = "flat key"
        case .member, .malformed:
            // A malformed raw value is not a path: this package's coders refuse it, others
            // take it as one key, as they take any key.
            return nil
        }
        return "The \(kind) \(key.stringValue.debugDescription) of \(KeyMeaning.typeName(of: key))"
    }

    /// Whether `encoder` is one of this package's, which write keyed keys' paths.
    static func isOwn(_ encoder: any Encoder) -> Bool {
        encoder is StreamingEncoder || encoder is TreeEncoder || encoder is StreamingSuperEncoder || encoder is StreamingFlatEncoder
    }

    /// Throws when `encoder` is another package's and the key the value is written under (the
    /// last of its coding path) is path-shaped: the value would land under a flat key.
    /// The cheap type check comes first: this package's streaming encoder builds its coding
    /// path only when asked.
    static func check(_ encoder: any Encoder, writing value: Any) throws {
        guard !isOwn(encoder), let key = encoder.codingPath.last, let feature = feature(of: key) else { return }
        throw encodingError(feature, value: value, codingPath: encoder.codingPath)
    }

    static func encodingError(_ feature: String, value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "\(feature) needs DynamicJSONEncoder, or Keyed(model) with this encoder: JSONEncoder or PropertyListEncoder would write it as one flat key."
            ))
    }

    static func decodingError(_ feature: String, codingPath: [any CodingKey]) -> DecodingError {
        // Not `keyNotFound`: optional properties, defaults and lossy arrays take that as
        // "absent", and the misuse would go unnoticed again.
        .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "\(feature) needs DynamicJSONDecoder, or Keyed<Model> with this decoder: JSONDecoder or PropertyListDecoder would look it up as one flat key."
            ))
    }
}

extension KeyedDecodingContainer {
    /// Throws when `key` is path-shaped and this container is not this package's: called by
    /// the wrappers' overloads before they look the key up.
    func refuseForeignPathKey(_ key: Key) throws {
        guard let feature = ForeignCoderKeys.feature(of: key) else { return }
        // This package's containers answer this request without looking the key up; any
        // other container looks the key up or tries to decode the type, and fails.
        if (try? decode(MappedModelAccess.self, forKey: key)) != nil { return }
        // The decoder that makes zero values answers every key, paths included.
        if (try? superDecoder()) is ZeroDecoder { return }
        throw ForeignCoderKeys.decodingError(feature, codingPath: codingPath + [key])
    }
}

/// The container `encodeMappedProperties(to:)` returns for an encoder that is not this
/// package's: it passes every call on, and refuses path-shaped keys (``AnyKey`` paths and
/// ``KeyedKey`` paths, flat and lossy-array keys), which the other encoder would write as one
/// flat key.
struct ForeignPathCheckingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>

    var codingPath: [any CodingKey] { base.codingPath }

    private func check(_ key: Key, _ value: Any) throws {
        guard let feature = ForeignCoderKeys.feature(of: key) else { return }
        throw ForeignCoderKeys.encodingError(feature, value: value, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { try check(key, Optional<Any>.none as Any); try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try check(key, value); try base.encode(value, forKey: key) }

    // `nestedContainer` cannot throw: a path-shaped key there gets a container whose every
    // write throws, so nothing lands under the flat key.

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        if let feature = ForeignCoderKeys.feature(of: key) {
            return KeyedEncodingContainer(
                RefusingKeyedContainer<NestedKey>(
                    error: ForeignCoderKeys.encodingError(feature, value: key.stringValue, codingPath: codingPath + [key]), codingPath: codingPath + [key]))
        }
        return base.nestedContainer(keyedBy: keyType, forKey: key)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        if let feature = ForeignCoderKeys.feature(of: key) {
            return RefusingUnkeyedContainer(
                error: ForeignCoderKeys.encodingError(feature, value: key.stringValue, codingPath: codingPath + [key]), codingPath: codingPath + [key])
        }
        return base.nestedUnkeyedContainer(forKey: key)
    }

    mutating func superEncoder() -> any Encoder { base.superEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        if let feature = ForeignCoderKeys.feature(of: key) {
            return RefusingEncoder(
                error: ForeignCoderKeys.encodingError(feature, value: key.stringValue, codingPath: codingPath + [key]), codingPath: codingPath + [key])
        }
        return base.superEncoder(forKey: key)
    }
}

/// A keyed container under a key that cannot be written: every write throws `error`.
private struct RefusingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let error: EncodingError
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw error }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>(error: error, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RefusingUnkeyedContainer(error: error, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { RefusingEncoder(error: error, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder(error: error, codingPath: codingPath + [key]) }
}

/// An unkeyed container under a key that cannot be written: every write throws `error`.
private struct RefusingUnkeyedContainer: UnkeyedEncodingContainer {
    let error: EncodingError
    let codingPath: [any CodingKey]
    var count: Int { 0 }

    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>(error: error, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RefusingEncoder(error: error, codingPath: codingPath) }
}

/// An encoder under a key that cannot be written: every container refuses.
private struct RefusingEncoder: Encoder, SingleValueEncodingContainer {
    let error: EncodingError
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingKeyedContainer<Key>(error: error, codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyedContainer(error: error, codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }
    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }
}
