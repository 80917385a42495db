import Foundation

/// The encoder `superEncoder()` returns: its value becomes one member (`"super"` or the given
/// key) or one array element of the container that made it.
///
/// Nothing is written until the superclass writes; one that never writes leaves `{}` when it
/// goes away, as `JSONEncoder`'s does. An array element must still be next in its array when
/// it is written, otherwise the encode falls back to the tree encoder.
final class StreamingSuperEncoder: Encoder, StreamingSingleValueTarget {
    let target: StreamingEncoder
    private let parent: StreamingEncoder.FrameRef
    /// The coding path of the container that made this encoder.
    private let parentPath: CodingPathNode
    /// The step from there to this encoder's value.
    private let step: CodingPathStep
    /// The member key as written; `nil` for an array element at `position`.
    private let writtenKey: String?
    private let position: Int
    /// The slot once the superclass has started writing.
    private var slot: StreamingEncoder.Slot?

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, parentPath: CodingPathNode, key: some CodingKey) {
        self.target = target
        self.parent = parent
        self.parentPath = parentPath
        step = .key(key)
        writtenKey = target.convertedKey(key, in: parentPath)
        position = 0
    }

    init(target: StreamingEncoder, parent: StreamingEncoder.FrameRef, parentPath: CodingPathNode, position: Int) {
        self.target = target
        self.parent = parent
        self.parentPath = parentPath
        step = .index(position)
        writtenKey = nil
        self.position = position
    }

    deinit {
        if slot == nil && !target.state.needsFallback && start() { target.state.writer.writeEmptyObject() }
    }

    var userInfo: [CodingUserInfoKey: Any] { target.options.userInfo }

    var codingPath: [any CodingKey] { parentPath.codingPath(appending: step) }

    var singleValuePlace: StreamingEncoder.ValuePath { .init(parent: parentPath, step: step) }

    /// Writes the member key, or the separator of the array element.
    private func start() -> Bool {
        guard target.enter(parent) else { return false }
        if let writtenKey {
            // `JSONEncoder` stores a super encoder's value under its key when it is done.
            target.beginMember(writtenKey, replaces: true)
        } else {
            guard target.state.frames[parent.index].count == position else {
                target.state.needsFallback = true
                return false
            }
            target.beginElement()
        }
        return true
    }

    private func openContainer(isObject: Bool) -> (frame: StreamingEncoder.FrameRef, path: CodingPathNode) {
        var opening: StreamingEncoder.Slot
        if let existing = slot {
            opening = existing
        } else {
            guard start() else { return (.dead, target.node(of: singleValuePlace)) }
            opening = StreamingEncoder.Slot(depth: target.state.frames.count, place: singleValuePlace)
        }
        // The encoder opens containers in its own slot: this one stands in for it meanwhile.
        swap(&opening, &target.state.slot)
        let opened = target.openSlotContainer(isObject: isObject)
        swap(&opening, &target.state.slot)
        slot = opening
        return opened
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (frame, path) = openContainer(isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: target, frame: frame, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (frame, path) = openContainer(isObject: false)
        return StreamingUnkeyedContainer(encoder: target, frame: frame, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func beginSingleValue() throws {
        guard slot == nil, start() else {
            target.state.needsFallback = true
            throw StreamingFallback()
        }
        slot = StreamingEncoder.Slot(depth: -1, place: singleValuePlace, frameID: 0, filled: true)
    }
}
