import Foundation

/// Writes `"key":value` members straight into an open object of a ``StreamingEncoder``.
struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingEncoder
    let frame: StreamingEncoder.FrameRef
    /// This container's coding path, which outlives its frame.
    let path: CodingPathNode
    /// Whether a value written under a key replaces an earlier one there (not for a `@Flat`
    /// value spreading into its parent, whose repeats the tree resolves).
    let replaces: Bool

    init(encoder: StreamingEncoder, frame: StreamingEncoder.FrameRef, path: CodingPathNode, replaces: Bool = true) {
        self.init(encoder: encoder, frame: frame, path: path, keyedKeys: encoder.isKeyedKeyType(Key.self), replaces: replaces)
    }

    /// `keyedKeys`: whether `Key` is a ``KeyedKey`` type, when the caller has asked already.
    init(encoder: StreamingEncoder, frame: StreamingEncoder.FrameRef, path: CodingPathNode, keyedKeys: Bool, replaces: Bool = true) {
        self.encoder = encoder
        self.path = path
        self.replaces = replaces
        // ``KeyedKey`` keys may write into nested objects or into this one from a child,
        // which only the tree encoder can do. A value's own first container is built as a
        // tree (see `StreamingEncoder.container(keyedBy:)`); here, a nested container or one
        // asked for after another, the whole value is encoded again through it.
        if keyedKeys {
            encoder.state.needsFallback = true
            self.frame = .dead
        } else {
            self.frame = frame
        }
    }

    var codingPath: [any CodingKey] { path.codingPath }

    @inline(__always)
    private func begin(_ key: Key) throws {
        guard encoder.enter(frame) else { throw StreamingFallback() }
        encoder.beginMember(encoder.convertedKey(key, in: path), replaces: replaces)
    }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); encoder.state.writer.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try begin(key); encoder.state.writer.writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); encoder.state.writer.writeString(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try begin(key); encoder.state.writer.writeInteger(value) }

    // A value that throws is taken back whole, key included, as `JSONEncoder` stores nothing
    // for it (see `StreamingEncoder.takeBack(to:frame:)`).

    mutating func encode(_ value: Double, forKey key: Key) throws { try encodePlain(.double(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodePlain(.float(value), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let plain = PlainValue(value) { return try encodePlain(plain, forKey: key) }
        if let same = SameType(T.self, MappedMember.self) { return try encodeMember(same.cast(value)) }
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let mark = encoder.mark(frame)
        encoder.beginMember(encoder.convertedKey(key, in: path), replaces: replaces)
        do {
            try encoder.encodeValue(value, at: .init(parent: path, step: .key(key)), member: true)
        } catch {
            encoder.takeBack(to: mark, frame: frame)
            throw error
        }
    }

    /// A plain value runs no code of its own, so only its key can need taking back.
    @inline(__always)
    private func encodePlain(_ plain: PlainValue, forKey key: Key) throws {
        try begin(key)
        do {
            try encoder.write(plain) { path.codingPath(appending: .key(key)) }
        } catch {
            encoder.takeBackLastMember()
            throw error
        }
    }

    /// A `@Mapped` value under its own key. A path writes into nested objects that other
    /// properties may share: only the tree encoder can merge those.
    private func encodeMember(_ member: MappedMember) throws {
        guard member.path.count == 1, case .key(let name) = member.path[0] else {
            encoder.state.needsFallback = true
            throw StreamingFallback()
        }
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let key = StringKey(name)
        encoder.beginMember(encoder.convertedKey(key, in: path))
        if let value = member.value {
            try encoder.encodeValue(value, at: .init(parent: path, step: .key(key)))
        } else {
            encoder.state.writer.writeNull()
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoder.openNestedContainer(in: frame, parentPath: path, key: key, isObject: true)
        let nestedPath = encoder.state.pathSpares.child(of: path, .key(key))
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, frame: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = encoder.openNestedContainer(in: frame, parentPath: path, key: key, isObject: false)
        return StreamingUnkeyedContainer(encoder: encoder, frame: nested, path: encoder.state.pathSpares.child(of: path, .key(key)))
    }

    mutating func superEncoder() -> any Encoder {
        StreamingSuperEncoder(target: encoder, parent: frame, parentPath: path, key: StringKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        StreamingSuperEncoder(target: encoder, parent: frame, parentPath: path, key: key)
    }
}
