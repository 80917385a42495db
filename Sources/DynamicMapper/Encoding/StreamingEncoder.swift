import Foundation

/// Thrown internally when code writes into a container that has already been closed; the
/// top-level call catches it and re-encodes through ``TreeEncoder``.
struct StreamingFallback: Error {}

/// The shared state of one top-level encode that writes JSON bytes as values arrive.
///
/// Open containers form a stack. Writing into the top container appends; writing into one lower
/// down first closes those above it (their values are complete by then). A container that is no
/// longer on the stack cannot be written in place, so using one sets
/// ``StreamingEncoderState/needsFallback`` and the whole value is encoded again by the
/// tree-building encoder, which handles any order.
///
/// One instance serves every nesting level: `encode(to:)` of each child runs against this same
/// object with ``StreamingEncoderState/slot`` describing where its value goes.
final class StreamingEncoder {
    /// An open array or object in the output.
    struct Frame {
        let id: Int
        let isObject: Bool
        /// Elements written so far.
        var count = 0
        /// Where this object's entries in ``StreamingEncoderState/members`` begin.
        let membersStart: Int
        /// Some key of this object needed escaping, so its bytes do not sort like the key.
        var keysEscaped = false
        /// Some key of this object has a byte of 0x80 or more (see ``hasEquivalentKeys(_:)``).
        var keysNonASCII = false
    }

    /// Byte offsets of one object member, so that members can be sorted or checked for
    /// duplicates when the object closes.
    struct Member {
        let separatorStart: Int
        let keyStart: Int
        let keyEnd: Int
        /// Written as a whole value, which replaces an earlier one under the same key (see
        /// ``dropReplacedMembers(_:)``); a nested container would amend it instead.
        var replaces = false
    }

    /// Where a value goes in the coding path: `step` below the path of the container it is
    /// written into, or that path itself for a value that replaces its encoder's (`step` nil).
    /// It makes no node: a value that opens no container needs none, and its path is put
    /// together only when someone asks (see ``node(of:)``).
    struct ValuePath {
        let parent: CodingPathNode
        let step: CodingPathStep?

        var codingPath: [any CodingKey] {
            guard let step else { return parent.codingPath }
            return parent.codingPath(appending: step)
        }
    }

    /// Where the value being encoded goes: its container frame will sit at `depth`.
    struct Slot {
        let depth: Int
        let place: ValuePath
        /// The frame opened for this value, so that asking for a container again reuses it.
        var frameID = 0
        var filled = false
        /// Position + 1 in ``StreamingEncoderState/slotTrees`` of the tree this value is built
        /// in, 0 when it streams.
        var tree = 0
    }

    /// A handle from a container struct to its frame; dead when the frame has closed.
    ///
    /// Eight bytes, so that an unkeyed container (encoder, frame, path) fits the three words
    /// an existential holds inline and `encoder.unkeyedContainer()` allocates nothing.
    /// ``openFrame(isObject:)`` keeps indices and ids in range.
    struct FrameRef {
        private let storedIndex: Int32
        private let storedID: UInt32

        init(index: Int, id: Int) {
            storedIndex = Int32(truncatingIfNeeded: index)
            storedID = UInt32(truncatingIfNeeded: id)
        }

        var index: Int { Int(storedIndex) }
        var id: Int { Int(storedID) }

        static let dead = FrameRef(index: -1, id: 0)
    }

    let options: EncodingOptions
    let sortsKeys: Bool

    /// The coding path of the top-level value.
    let rootPath = CodingPathNode()
    /// The mutable state every written value touches; release builds skip its exclusivity
    /// checks (see ``StreamingEncoderState`` for why that is safe and what it saves).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var state: StreamingEncoderState

    /// Whether `Key` is a ``KeyedKey`` type (the answer for plain key types is remembered).
    @inline(__always)
    func isKeyedKeyType<Key: CodingKey>(_ type: Key.Type) -> Bool {
        state.plainKeyTypes.isKeyedKeyType(type)
    }

    init(options: EncodingOptions) {
        self.options = options
        var writer = JSONWriter(formatting: options.formatting, capacity: 1024)
        writer.nonFiniteLiterals = .init(options.floatStrategy)
        sortsKeys = writer.sortedKeys
        state = StreamingEncoderState(writer: writer, slot: Slot(depth: 0, place: ValuePath(parent: rootPath, step: nil)))
        state.frames.reserveCapacity(16)
        state.members.reserveCapacity(64)
    }

    // MARK: Frames

    /// Makes the frame at `ref` the top of the stack; `false` (and a pending fallback) when it has
    /// already closed.
    @inline(__always)
    func enter(_ ref: FrameRef) -> Bool {
        // A dead handle has index -1, which equals `frames.count - 1` once every frame has closed.
        if ref.index == state.frames.count &- 1 && ref.index >= 0 && state.frames[ref.index].id == ref.id { return true }
        return enterLower(ref)
    }

    private func enterLower(_ ref: FrameRef) -> Bool {
        guard ref.index >= 0, ref.index < state.frames.count, state.frames[ref.index].id == ref.id else {
            state.needsFallback = true
            return false
        }
        closeFrames(downTo: ref.index + 1)
        return true
    }

    func isAlive(_ ref: FrameRef) -> Bool {
        ref.index >= 0 && ref.index < state.frames.count && state.frames[ref.index].id == ref.id
    }

    /// Opens `{` or `[` at the current position.
    func openFrame(isObject: Bool) -> FrameRef {
        // Past what a ``FrameRef`` holds (billions of containers), the tree takes over.
        guard state.lastFrameID < Int(UInt32.max), state.frames.count < Int(Int32.max) else {
            state.needsFallback = true
            return .dead
        }
        state.lastFrameID += 1
        state.writer.openContainer(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        state.frames.append(Frame(id: state.lastFrameID, isObject: isObject, membersStart: state.members.count))
        #if DYNAMICMAPPER_INVARIANTS
        checkOpenFrames()
        #endif
        return FrameRef(index: state.frames.count - 1, id: state.lastFrameID)
    }

    func closeFrames(downTo count: Int) {
        while state.frames.count > count { closeTopFrame() }
        #if DYNAMICMAPPER_INVARIANTS
        checkOpenFrames()
        #endif
    }

    private func closeTopFrame() {
        let frame = state.frames.removeLast()
        if frame.isObject {
            if state.members.count - frame.membersStart > 1 { finishMembers(of: frame) }
            state.members.removeSubrange(frame.membersStart...)
            state.writer.closeContainer(UInt8(ascii: "}"))
        } else {
            state.writer.closeContainer(UInt8(ascii: "]"))
        }
    }

    // MARK: Elements

    /// The separator (and indentation) before the next element of the top frame.
    @inline(__always)
    func beginElement() {
        let top = state.frames.count &- 1
        state.writer.beginElement(isFirst: state.frames[top].count == 0)
        state.frames[top].count &+= 1
    }

    /// Writes `"key":` into the top frame and records where the member starts; `replaces` as
    /// in ``Member``.
    func beginMember(_ key: String, replaces: Bool = false) {
        let top = state.frames.count &- 1
        let separatorStart = state.writer.count
        state.writer.beginElement(isFirst: state.frames[top].count == 0)
        state.frames[top].count &+= 1
        let keyStart = state.writer.count
        if state.writer.writeString(key) { state.frames[top].keysNonASCII = true }
        let keyEnd = state.writer.count
        if sortsKeys && keyEnd - keyStart != key.utf8.count + 2 { state.frames[top].keysEscaped = true }
        state.members.append(Member(separatorStart: separatorStart, keyStart: keyStart, keyEnd: keyEnd, replaces: replaces))
        state.writer.writeKeySeparator()
    }

    /// The node of a container opened at `place`: its parent's with the step added, or the
    /// parent's itself when the value replaces its encoder's.
    @inline(__always)
    func node(of place: ValuePath) -> CodingPathNode {
        guard let step = place.step else { return place.parent }
        return state.pathSpares.child(of: place.parent, step)
    }

    /// The key as written, after the key strategy.
    @inline(__always)
    func convertedKey(_ key: some CodingKey, in container: CodingPathNode) -> String {
        switch options.keyMode {
        case .useDefaultKeys:
            return key.stringValue
        case .snakeCase:
            let original = key.stringValue
            if let converted = state.snakeCaseKeys[original] { return converted }
            let converted = SnakeCase.convert(original)
            state.snakeCaseKeys[original] = converted
            return converted
        case .custom:
            return options.convert(key, containerPath: container.codingPath)
        }
    }

    // MARK: Floats

    func writeFloat<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy, path: @autoclosure () -> [any CodingKey]
    ) throws {
        if value.isFinite {
            state.writer.writeFloat(value)
            return
        }
        // Nothing of the value is written when this throws; the caller takes back its key.
        let (text, isString) = try FloatText.text(value, strategy: strategy, path: path())
        if isString { state.writer.writeString(text) } else { state.writer.writeRaw(text) }
    }

    // MARK: Taking back a value that threw

    /// What a container needs to take back a value that threw, beyond what its frame holds
    /// (taken once `enter` made the container's frame the top).
    struct Mark {
        let bytes: Int
        let elements: Int
        let members: Int
        let trees: Int
        let deepest: Int
        let halfWritten: Bool
        let literalWritable: Bool
    }

    @inline(__always)
    func mark(_ frame: FrameRef) -> Mark {
        #if DYNAMICMAPPER_INVARIANTS
        checkOpenFrames()
        #endif
        return Mark(
            bytes: state.writer.count, elements: state.frames[frame.index].count, members: state.members.count,
            trees: state.slotTrees.count, deepest: state.writer.deepestDepth, halfWritten: state.halfWritten,
            literalWritable: state.writer.unwritableLiteral == nil)
    }

    /// Removes the member ``beginMember(_:)`` has just written into the top frame, before any
    /// of its value.
    func takeBackLastMember() {
        let member = state.members.removeLast()
        state.writer.truncate(to: member.separatorStart)
        state.frames[state.frames.count - 1].count -= 1
    }

    /// Removes everything written since `mark` was taken for the container at `frame`, as if
    /// the value had never begun: `JSONEncoder` stores nothing for a value whose encoding
    /// threw, so a model that catches the error goes on with the output it had, and its
    /// `encode(to:)` need not run again. The frames the value opened sit above `frame` and are
    /// dropped unclosed. When the value's code closed `frame` (it reached below its own), only
    /// the tree can say what is left.
    func takeBack(to mark: Mark, frame: FrameRef) {
        guard isAlive(frame), state.members.count >= mark.members, state.slotTrees.count >= mark.trees,
            state.writer.count >= mark.bytes
        else {
            state.halfWritten = true
            return
        }
        state.writer.depth -= state.frames.count - (frame.index + 1)
        state.frames.removeSubrange((frame.index + 1)...)
        state.frames[frame.index].count = mark.elements
        state.members.removeSubrange(mark.members...)
        state.slotTrees.removeSubrange(mark.trees...)
        state.writer.truncate(to: mark.bytes)
        state.writer.deepestDepth = mark.deepest
        if mark.literalWritable { state.writer.unwritableLiteral = nil }
        state.halfWritten = mark.halfWritten
        #if DYNAMICMAPPER_INVARIANTS
        checkOpenFrames()
        #endif
    }

    // MARK: Closing objects

    /// Sorts an object's members by key (`.sortedKeys`) and resolves repeated keys by
    /// Foundation's last-one-wins rule; merges (a nested container under a key written before)
    /// and keys repeated in another spelling go to the fallback.
    private func finishMembers(of frame: Frame) {
        let range = frame.membersStart..<state.members.count
        // Before sorting, which moves the bytes the members point at.
        if frame.keysNonASCII && hasEquivalentKeys(range) {
            state.needsFallback = true
        } else if sortsKeys {
            if sortMembers(range, escaped: frame.keysEscaped) { return }
            if dropReplacedMembers(range) {
                _ = sortMembers(frame.membersStart..<state.members.count, escaped: frame.keysEscaped)
            } else {
                state.needsFallback = true
            }
        } else if hasDuplicateKeys(range) && !dropReplacedMembers(range) {
            state.needsFallback = true
        }
    }

    /// A key written again as a whole value replaces what it held, as in `JSONEncoder`: keeps
    /// the last member of each repeated key and removes the others' bytes. `false`, with
    /// nothing changed, when a later member under a repeated key is a nested container or a
    /// `@Flat` or `@Mapped` member, whose merge rules only the tree applies.
    private func dropReplacedMembers(_ range: Range<Int>) -> Bool {
        var latest: [ArraySlice<UInt8>: Int] = [:]
        var dropped = Set<Int>()
        for index in range {
            let member = state.members[index]
            let key = state.writer.copyBytes(in: member.keyStart..<member.keyEnd)[...]
            if let earlier = latest[key] {
                guard member.replaces else { return false }
                dropped.insert(earlier)
            }
            latest[key] = index
        }
        // The first member's separator (indentation when pretty) stays where it is.
        let regionStart = state.members[range.lowerBound].keyStart
        let regionEnd = state.writer.count
        let original = state.writer.copyBytes(in: regionStart..<regionEnd)
        var rebuilt: [UInt8] = []
        rebuilt.reserveCapacity(original.count)
        var kept: [Member] = []
        for index in range where !dropped.contains(index) {
            let member = state.members[index]
            var separatorStart = state.members[range.lowerBound].separatorStart
            if !kept.isEmpty {
                separatorStart = regionStart + rebuilt.count
                rebuilt.append(UInt8(ascii: ","))
                if state.writer.pretty {
                    rebuilt.append(UInt8(ascii: "\n"))
                    rebuilt.append(contentsOf: repeatElement(UInt8(ascii: " "), count: state.writer.depth * 2))
                }
            }
            let keyStart = regionStart + rebuilt.count
            let end = index + 1 < range.upperBound ? state.members[index + 1].separatorStart : regionEnd
            rebuilt.append(contentsOf: original[(member.keyStart - regionStart)..<(end - regionStart)])
            kept.append(
                Member(
                    separatorStart: separatorStart, keyStart: keyStart,
                    keyEnd: keyStart + member.keyEnd - member.keyStart, replaces: member.replaces))
        }
        state.writer.replaceTail(from: regionStart, with: rebuilt)
        state.members.replaceSubrange(range, with: kept)
        return true
    }

    /// Whether two keys with different bytes are one key to `JSONEncoder`, whose objects are
    /// Swift dictionaries: canonically equivalent spellings (NFC and NFD). Only keys with a
    /// non-ASCII byte can be, so only objects where the writer saw one (``Frame/keysNonASCII``)
    /// are asked.
    private func hasEquivalentKeys(_ range: Range<Int>) -> Bool {
        var seen = Set<String>()
        for index in range where !seen.insert(String(decoding: unescapedKey(state.members[index]), as: UTF8.self)).inserted {
            return true
        }
        return false
    }

    /// `false`, with nothing moved, when two members share a key.
    private func sortMembers(_ range: Range<Int>, escaped: Bool) -> Bool {
        var ordered = true
        for index in range.dropLast() {
            let order = compareKeys(index, index + 1, escaped: escaped)
            if order == 0 { return false }
            if order > 0 { ordered = false }
        }
        if ordered { return true }
        let sorted = range.sorted { compareKeys($0, $1, escaped: escaped) < 0 }
        for position in sorted.indices.dropLast() where compareKeys(sorted[position], sorted[position + 1], escaped: escaped) == 0 {
            return false
        }
        let regionStart = state.members[range.lowerBound].keyStart
        let regionEnd = state.writer.count
        let original = state.writer.copyBytes(in: regionStart..<regionEnd)
        var reordered: [UInt8] = []
        reordered.reserveCapacity(original.count)
        for (position, member) in sorted.enumerated() {
            if position > 0 {
                reordered.append(UInt8(ascii: ","))
                if state.writer.pretty {
                    reordered.append(UInt8(ascii: "\n"))
                    reordered.append(contentsOf: repeatElement(UInt8(ascii: " "), count: state.writer.depth * 2))
                }
            }
            let end = member + 1 < range.upperBound ? state.members[member + 1].separatorStart : regionEnd
            reordered.append(contentsOf: original[(state.members[member].keyStart - regionStart)..<(end - regionStart)])
        }
        state.writer.replaceTail(from: regionStart, with: reordered)
        return true
    }

    /// Orders two members' keys by the UTF-8 of the original key, as `JSONEncoder` does.
    private func compareKeys(_ first: Int, _ second: Int, escaped: Bool) -> Int {
        let a = state.members[first], b = state.members[second]
        if escaped {
            let left = unescapedKey(a), right = unescapedKey(b)
            return KeyOrder.compare(left, right)
        }
        return KeyOrder.compare(state.writer.bytes(in: (a.keyStart + 1)..<(a.keyEnd - 1)), state.writer.bytes(in: (b.keyStart + 1)..<(b.keyEnd - 1)))
    }

    /// A written key read back to its text (the writer's escapes are a subset of JSON's, so
    /// the parser's unescaping serves).
    private func unescapedKey(_ member: Member) -> [UInt8] {
        let text = StringUnescaping.unescape(state.writer.bytes(in: (member.keyStart + 1)..<(member.keyEnd - 1)))
        return Array(text.utf8)
    }

    /// Whether two members of the object share a key (as written, so escapes compare too).
    /// Tiny objects compare pairs; others put their keys in a small open-addressed table by a
    /// hash of their bytes, so each key costs about one hash and one probe. Should the probes
    /// pile up (keys made to collide), the keys are sorted by length and bytes and neighbours
    /// compared instead, which stays O(n log n) for objects used as big dictionaries.
    private func hasDuplicateKeys(_ range: Range<Int>) -> Bool {
        if range.count <= 4 {
            for first in range {
                for second in (first + 1)..<range.upperBound where sameKey(first, second) {
                    return true
                }
            }
            return false
        }
        let size = 1 << (Int.bitWidth - (range.count * 2 - 1).leadingZeroBitCount)
        let found: Bool? = withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { table in
            table.initialize(repeating: -1)
            let mask = size - 1
            var probes = 0
            for index in range {
                let member = state.members[index]
                var slot = Int(truncatingIfNeeded: state.writer.hash(of: member.keyStart..<member.keyEnd)) & mask
                while table[slot] >= 0 {
                    if sameKey(table[slot], index) { return true }
                    slot = (slot &+ 1) & mask
                    probes &+= 1
                }
                if probes > 4 * range.count { return nil }
                table[slot] = index
            }
            return false
        }
        if let found { return found }
        let byKey = range.sorted { lhs, rhs in
            let left = state.members[lhs], right = state.members[rhs]
            let leftLength = left.keyEnd - left.keyStart, rightLength = right.keyEnd - right.keyStart
            if leftLength != rightLength { return leftLength < rightLength }
            return KeyOrder.compare(state.writer.bytes(in: left.keyStart..<left.keyEnd), state.writer.bytes(in: right.keyStart..<right.keyEnd)) < 0
        }
        for position in byKey.indices.dropLast() where sameKey(byKey[position], byKey[position + 1]) {
            return true
        }
        return false
    }

    @inline(__always)
    private func sameKey(_ first: Int, _ second: Int) -> Bool {
        let a = state.members[first], b = state.members[second]
        let length = a.keyEnd - a.keyStart
        return length == b.keyEnd - b.keyStart
            && memcmpEqual(state.writer.base + a.keyStart, state.writer.base + b.keyStart, length)
    }
}
