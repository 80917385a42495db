import Foundation

/// The encoder a `@Flat` value encodes into while streaming: its keyed container is the object
/// the value was to be a member of, so the value's members join that object, as the tree
/// encoder spreads them. A value that is not an object (an array, a single value) keeps its key,
/// through a super encoder for that key.
final class StreamingFlatEncoder: Encoder {
    let target: StreamingEncoder
    private let parent: StreamingEncoder.FrameRef
    /// The coding path of the object the value spreads into, which is this encoder's.
    private let parentPath: CodingPathNode
    private let key: any CodingKey
    private var keepingKey: StreamingSuperEncoder?

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, parentPath: CodingPathNode, key: any CodingKey) {
        self.target = target
        self.parent = parent
        self.parentPath = parentPath
        self.key = key
    }

    var codingPath: [any CodingKey] { parentPath.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { target.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: target, frame: parent, path: parentPath, replaces: false))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { underKey.unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { underKey.singleValueContainer() }

    private var underKey: StreamingSuperEncoder {
        if let keepingKey { return keepingKey }
        let encoder = StreamingSuperEncoder(target: target, parent: parent, parentPath: parentPath, key: key)
        keepingKey = encoder
        return encoder
    }
}
