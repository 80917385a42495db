import Foundation

/// The encoder a `@Flat` value encodes into while streaming: its keyed container is the object
/// the value was to be a member of, so the value's members join that object, as the tree
/// encoder spreads them. A value that is not an object (an array, a single value) keeps its key,
/// through a super encoder for that key.
final class StreamingFlatEncoder: Encoder {
    let target: StreamingEncoder
    let codingPath: [any CodingKey]
    private let parent: StreamingEncoder.FrameRef
    private let key: any CodingKey
    private var keepingKey: StreamingSuperEncoder?

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, key: any CodingKey) {
        self.target = target
        self.parent = parent
        self.key = key
        codingPath = target.containerPath(parent.index)
    }

    var userInfo: [CodingUserInfoKey: Any] { target.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: target, frame: parent, replaces: false))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { underKey.unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { underKey.singleValueContainer() }

    private var underKey: StreamingSuperEncoder {
        if let keepingKey { return keepingKey }
        let encoder = StreamingSuperEncoder(target: target, parent: parent, key: key)
        keepingKey = encoder
        return encoder
    }
}
