import Foundation

/// The encoder `superEncoder()` returns: its value becomes one member (`"super"` or the given
/// key) or one array element of the container that made it.
///
/// Nothing is written until the superclass writes; one that never writes leaves `{}` when it
/// goes away, as `JSONEncoder`'s does. An array element must still be next in its array when
/// it is written, otherwise the encode falls back to the tree encoder.
final class StreamingSuperEncoder: Encoder, StreamingSingleValueTarget {
    let target: StreamingEncoder
    let codingPath: [any CodingKey]
    private let parent: StreamingEncoder.FrameRef
    private let key: any CodingKey
    /// The member key as written; `nil` for an array element at `position`.
    private let writtenKey: String?
    private let position: Int
    /// The slot once the superclass has started writing.
    private var slot: StreamingEncoder.Slot?

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, key: some CodingKey) {
        self.target = target
        self.parent = parent
        self.key = key
        writtenKey = target.convertedKey(key, frame: parent.index)
        position = 0
        codingPath = target.containerPath(parent.index) + [key]
    }

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, position: Int) {
        self.target = target
        self.parent = parent
        key = IndexKey(position)
        writtenKey = nil
        self.position = position
        codingPath = target.containerPath(parent.index) + [key]
    }

    deinit {
        if slot == nil && !target.needsFallback && start() { target.writer.writeEmptyObject() }
    }

    var userInfo: [CodingUserInfoKey: Any] { target.options.userInfo }

    var singleValueKey: (any CodingKey)? { key }

    /// Writes the member key, or the separator of the array element.
    private func start() -> Bool {
        guard target.enter(parent) else { return false }
        if let writtenKey {
            // `JSONEncoder` stores a super encoder's value under its key when it is done.
            target.beginMember(writtenKey, replaces: true)
        } else {
            guard target.frames[parent.index].count == position else {
                target.needsFallback = true
                return false
            }
            target.beginElement()
        }
        return true
    }

    private func openContainer(isObject: Bool) -> StreamingEncoder.FrameRef {
        if var existing = slot {
            let ref = target.openContainer(in: &existing, isObject: isObject, pushedKey: true)
            slot = existing
            return ref
        }
        guard start() else { return .dead }
        target.path.append(key)
        var fresh = StreamingEncoder.Slot(depth: target.frames.count, pathCount: target.path.count)
        let ref = target.openContainer(in: &fresh, isObject: isObject, pushedKey: true)
        slot = fresh
        return ref
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: target, frame: openContainer(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamingUnkeyedContainer(encoder: target, frame: openContainer(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func beginSingleValue() throws {
        guard slot == nil, start() else {
            target.needsFallback = true
            throw StreamingFallback()
        }
        slot = StreamingEncoder.Slot(depth: -1, pathCount: 0, frameID: 0, filled: true)
    }
}
