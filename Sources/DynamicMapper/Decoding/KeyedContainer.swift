import Foundation

/// Keyed access to one object node.
///
/// Lookup walks the members from where the previous lookup in this object ended (most JSON
/// arrives in declaration order, so the next key is usually the next member), comparing raw
/// key bytes without building strings. Objects with many members, and any key decoding
/// strategy, use a dictionary built once instead.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let impl: DecoderImpl
    let object: Int
    /// This container's coding path, made with it and never changed.
    let path: CodingPathNode
    /// Value node by (converted) key, first occurrence winning; nil when the walk is used.
    let index: [String: Int]?
    /// `Key` is a ``KeyedKey``: its raw values may be paths, flat markers or lossy arrays.
    let keyedKeys: Bool

    /// Objects with more members than this get a dictionary of their keys.
    static var indexThreshold: Int { 64 }

    @inline(__always)
    init(impl: DecoderImpl, object: Int, path: CodingPathNode) throws {
        self.impl = impl
        self.object = object
        self.path = path
        keyedKeys = impl.isKeyedKeyType(Key.self)
        let node = impl.nodes[object]
        if impl.options.usesDefaultKeys && Int(node.length) <= Self.indexThreshold {
            index = nil
        } else {
            index = try Self.buildIndex(impl: impl, object: object, path: { path.codingPath })
        }
    }

    private static func buildIndex(impl: DecoderImpl, object: Int, path: () -> [any CodingKey]) throws -> [String: Int] {
        let node = impl.nodes[object]
        var result = [String: Int](minimumCapacity: Int(node.length))
        for child in impl.document.members(ofObject: object, node: node) {
            let raw = impl.document.string(impl.nodes[child])
            let key = KeyConversion.convert(raw, strategy: impl.options.keyStrategy, path: path)
            if result[key] == nil { result[key] = child + 1 }
        }
        return result
    }

    var codingPath: [any CodingKey] { path.codingPath }

    /// The key for a member named `name`; an ``AnyKey`` from `allKeys` names that member
    /// literally, dots and all, rather than a path.
    private static func key(named name: String) -> Key? {
        if Key.self == AnyKey.self { return AnyKey(literal: name) as? Key }
        return Key(stringValue: name)
    }

    var allKeys: [Key] {
        if let index {
            var keys: [Key] = []
            keys.reserveCapacity(index.count)
            // Keep document order, which the dictionary lost.
            let byValue = Dictionary(uniqueKeysWithValues: index.map { ($0.value, $0.key) })
            for child in impl.document.children(of: object) {
                if let name = byValue[child + 1], let key = Self.key(named: name) { keys.append(key) }
            }
            return keys
        }
        var keys: [Key] = []
        var seen = Set<String>()
        for child in impl.document.children(of: object) {
            let name = impl.document.string(impl.nodes[child])
            if seen.insert(name).inserted, let key = Self.key(named: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { valueNode(for: key) != nil }

    /// The value node for `key`, or nil. Duplicate keys: the first occurrence wins.
    @inline(__always)
    private func valueNode(for key: Key) -> Int? {
        keyedKeys ? keyedValueNode(for: key) : valueNode(named: key.stringValue)
    }

    @inline(__always)
    func valueNode(named name: String, traversing: Bool = false) -> Int? {
        impl.member(named: name, of: object, depth: path.depth, index: index, traversing: traversing)
    }

    @inline(__always)
    private func require(_ key: Key) throws -> Int {
        guard let value = valueNode(for: key) else { try throwMissing(key) }
        return value
    }

    /// Throws the error for a missing `key`. Not inlined: a `DecodingError` value in a function
    /// costs a run-time lookup of its size on every call (it is resilient), found or not.
    @inline(never)
    private func throwMissing(_ key: Key) throws -> Never {
        if keyedKeys, let failure = keyedKeyMissing(key) { throw failure }
        throw DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    @inline(__always)
    private func childPath(_ key: Key) -> () -> [any CodingKey] {
        { keyedKeys ? keyedCodingPath(key) : path.codingPath(appending: .key(key)) }
    }

    // MARK: Values

    func decodeNil(forKey key: Key) throws -> Bool {
        impl.nodes[try require(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try impl.decodeBool(impl.nodes[try require(key)], path: childPath(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try impl.decodeString(impl.nodes[try require(key)], path: childPath(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try impl.decodeDouble(impl.nodes[try require(key)], path: childPath(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try impl.decodeFloat(impl.nodes[try require(key)], path: childPath(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try impl.decodeInteger(T.self, impl.nodes[try require(key)], path: childPath(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // A `@Mapped` property asking for this container's object (see ``ObjectAccess``).
        if let same = SameType(MappedModelAccess.self, T.self) {
            guard index == nil else { return same.cast(MappedModelAccess(decoder: nil)) }
            impl.state.mappedModels.asking = MappedModels.Asking(path: Unretained(path), object: object)
            return same.cast(MappedModelAccess(decoder: Unretained(impl)))
        }
        if let same = SameType(ObjectAccess.self, T.self) {
            let access = ObjectAccess(impl: impl, object: object, path: path, index: index)
            return same.cast(access)
        }
        let node = try require(key)
        if keyedKeys { return try decodeKeyedKeyOrChild(type, forKey: key, node: node) }
        return try impl.decodeChild(type, at: node, parent: path, step: .key(key))
    }

    /// A ``KeyedKey``'s value. Apart from `decode(_:forKey:)` because its `T?` makes code
    /// that is not specialised look up `Optional<T>`'s metadata on every call, keyed key or not.
    @inline(never)
    private func decodeKeyedKeyOrChild<T: Decodable>(_ type: T.Type, forKey key: Key, node: Int) throws -> T {
        if let decoded = try decodeKeyedKey(type, forKey: key, node: node) { return decoded }
        return try impl.decodeChild(type, at: node, parent: path, step: .key(key))
    }

    // MARK: Optional values: one lookup, `nil` for a missing key or `null`

    @inline(__always)
    private func present(_ key: Key) throws -> Int? {
        guard let value = valueNode(for: key) else {
            // A key whose path text is malformed is an error, not an absent value.
            if keyedKeys { try throwIfMalformed(key) }
            return nil
        }
        guard impl.nodes[value].kind != .null else { return nil }
        return value
    }

    @inline(never)
    private func throwIfMalformed(_ key: Key) throws {
        if let failure = keyedKeyMalformed(key) { throw failure }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = try present(key) else { return nil }
        return try impl.decodeBool(impl.nodes[value], path: childPath(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = try present(key) else { return nil }
        return try impl.decodeString(impl.nodes[value], path: childPath(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = try present(key) else { return nil }
        return try impl.decodeDouble(impl.nodes[value], path: childPath(key))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = try present(key) else { return nil }
        return try impl.decodeFloat(impl.nodes[value], path: childPath(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(key) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try optionalInteger(key) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try optionalInteger(key) }

    @inline(__always)
    private func optionalInteger<T: FixedWidthInteger>(_ key: Key) throws -> T? {
        guard let value = try present(key) else { return nil }
        return try impl.decodeInteger(T.self, impl.nodes[value], path: childPath(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = try present(key) else { return nil }
        if keyedKeys { return try decodeKeyedKeyIfPresent(type, forKey: key, node: value) }
        return try impl.decodeChild(type, at: value, parent: path, step: .key(key))
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try require(key)
        let node = impl.nodes[value]
        guard node.kind == .object else {
            throw impl.containerMismatch(expected: [String: Any].self, node: node, path: childPath(key)())
        }
        return KeyedDecodingContainer(try KeyedContainer<NestedKey>(impl: impl, object: value, path: path.appending(.key(key), value: value)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = try require(key)
        let node = impl.nodes[value]
        guard node.kind == .array else {
            throw impl.containerMismatch(expected: [Any].self, node: node, path: childPath(key)())
        }
        return UnkeyedContainer(impl: impl, array: value, path: path.appending(.key(key), value: value))
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(component: .key(StringKey.super), value: valueNode(named: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(component: .key(key), value: valueNode(for: key))
    }

    /// A separate decoder (it may outlive this call) for the member, or for `null` when absent,
    /// as Foundation does.
    private func superDecoder(component: CodingPathStep, value: Int?) throws -> any Decoder {
        let path = value.map { self.path.appending(component, value: $0) } ?? self.path.appending(component)
        let decoder =
            if let value {
                impl.superDecoderImpl(node: value, path: path)
            } else {
                DecoderImpl(document: try Document(data: Data("null".utf8), options: ScanOptions()), options: impl.options, node: 0, path: path)
            }
        decoder.state.parentObject = (impl.document, object)
        return decoder
    }
}
