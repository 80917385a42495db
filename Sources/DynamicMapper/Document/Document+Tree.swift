import Foundation

/// Building `JSON` values out of the index.
extension Document {
    /// The `JSON` value of the node at `index` (and its descendants). Duplicate keys: the
    /// first wins, as in Foundation.
    ///
    /// Iterative, with the open containers on a heap stack: a document parsed with a raised
    /// `maximumDepth` materialises at any depth the parser admitted. Code that hands the value
    /// to a caller asks for ``json(at:maximumNesting:)`` instead, so that no `JSON` deeper than
    /// ``JSON/maximumNesting`` leaves the package (freeing one recurses once per level).
    func json(at index: Int) -> JSON {
        // Without a limit nothing is refused.
        json(at: index, maximumNesting: .max) ?? .null
    }

    /// The `JSON` value of the node at `index`, or `nil` when it nests more than
    /// `maximumNesting` arrays and objects (then nothing deeper is built).
    func json(at index: Int, maximumNesting: Int) -> JSON? {
        guard nodes[index].kind.rawValue >= Node.Kind.array.rawValue else { return scalarJSON(nodes[index]) }
        guard maximumNesting > 0 else { return nil }
        var keys = KeyInterner()
        if let leaf = leafJSON(at: index, keys: &keys) { return leaf }
        var open = [openFrame(at: index, keys: &keys)]
        while true {
            let top = open.count - 1
            if let child = open[top].members.next() {
                let valueIndex = child + open[top].members.valueOffset
                if open[top].isObject && !open[top].checkedKeys {
                    let (key, hash) = keys.keyAndHash(nodes[child], in: self)
                    // A repeated key is skipped whole: the first one wins.
                    guard open[top].object.insertKeyIfAbsent(key, hash: hash) else { continue }
                }
                let node = nodes[valueIndex]
                if node.kind.rawValue < Node.Kind.array.rawValue {
                    open[top].add(scalarJSON(node))
                } else if open.count >= maximumNesting {
                    return nil
                } else if let pair = numberPairJSON(at: valueIndex) {
                    open[top].add(pair)
                } else if let leaf = leafJSON(at: valueIndex, keys: &keys) {
                    open[top].add(leaf)
                } else {
                    open.append(openFrame(at: valueIndex, keys: &keys))
                }
            } else {
                let finished = open.removeLast().value
                guard !open.isEmpty else { return finished }
                open[open.count - 1].add(finished)
            }
        }
    }

    /// A frame for the container at `index`, its keys (an object's) already in place when
    /// ``objectKeys(at:keys:)`` could check them.
    // Inlined: a frame returned from a call was copied out and the copy destroyed.
    @inline(__always)
    private func openFrame(at index: Int, keys: inout KeyInterner) -> TreeFrame {
        let node = nodes[index]
        let members = children(of: index, node: node)
        guard node.kind == .object else { return TreeFrame(array: node, members: members) }
        if let checked = objectKeys(at: index, keys: &keys) {
            let object = JSON.Object(uniqueKeys: checked.keys, values: [], keyIndex: checked.keyIndex)
            return TreeFrame(checkedObject: object, members: members)
        }
        return TreeFrame(object: node, members: members)
    }

    /// The value of a container whose members are all scalars or empty (a GeoJSON coordinate
    /// pair, a record of plain fields), built in one go without a frame; `nil` for any other
    /// container, or an object whose keys ``objectKeys(at:keys:)`` cannot check.
    private func leafJSON(at index: Int, keys: inout KeyInterner) -> JSON? {
        let node = nodes[index]
        let count = Int(node.length)
        let first = index + 1
        if node.kind == .array {
            // The element nodes are exactly the next `count` nodes when none has descendants.
            guard Int(node.end) == first + count else { return nil }
            return .array(scalarValues(count: count) { leafScalarJSON(nodes[first + $0]) })
        }
        guard Int(node.end) == first + 2 * count else { return nil }
        guard count > 0 else { return .object(JSON.Object()) }
        guard let checked = objectKeys(at: index, keys: &keys) else { return nil }
        let values = scalarValues(count: count) { leafScalarJSON(nodes[first + 2 * $0 + 1]) }
        return .object(JSON.Object(uniqueKeys: checked.keys, values: values, keyIndex: checked.keyIndex))
    }

    /// The `count` values `value(0)`, `value(1)`, … in an array of exactly that capacity.
    ///
    /// Up to four (a GeoJSON coordinate pair, a short record) as an array literal, whose
    /// storage the compiler allocates directly: reserving capacity goes through the standard
    /// library's general buffer-growing path, which cost more than the allocation itself for
    /// `canada.json`'s 56,000 pairs. More by appending to a reserved array rather
    /// than `init(unsafeUninitializedCapacity:)`, which this toolchain leaves unspecialised,
    /// looking up the storage's metadata on every call.
    @inline(__always)
    private func scalarValues(count: Int, _ value: (Int) -> JSON) -> [JSON] {
        switch count {
        case 0: return []
        case 1: return [value(0)]
        case 2: return [value(0), value(1)]
        case 3: return [value(0), value(1), value(2)]
        case 4: return [value(0), value(1), value(2), value(3)]
        default:
            var values: [JSON] = []
            values.reserveCapacity(count)
            for position in 0..<count { values.append(value(position)) }
            return values
        }
    }

    /// The value of an array of exactly two strict numbers (a GeoJSON coordinate pair, nearly
    /// all of such a file's containers), built where the frame loop meets it; `nil` for any
    /// other node. Through ``leafJSON(at:keys:)``, whose entry and exit save and restore most
    /// registers, a pair cost about 30 instructions more (2 % of `canada.json`'s tree).
    @inline(__always)
    private func numberPairJSON(at index: Int) -> JSON? {
        let node = nodes[index]
        guard node.kind == .array, node.length == 2, Int(node.end) == index + 3 else { return nil }
        let first = nodes[index + 1], second = nodes[index + 2]
        guard first.kind == .number, second.kind == .number,
            !first.flags.contains(.json5), !second.flags.contains(.json5)
        else { return nil }
        return .array([
            .number(JSON.Number(validatedUTF8: UnsafeBufferPointer(start: pointer(first), count: Int(first.length)))),
            .number(JSON.Number(validatedUTF8: UnsafeBufferPointer(start: pointer(second), count: Int(second.length)))),
        ])
    }

    /// The keys of the object at `index`, with their ``KeyIndex`` if the object is big enough
    /// for one, when they are plain (neither escaped nor non-ASCII, so equal keys have equal
    /// bytes) and all different; `nil` otherwise, leaving the object to key-by-key insertion
    /// (which resolves escapes, matches canonically equivalent keys and skips repeats).
    ///
    /// Telling plain keys apart takes no string comparison: each distinct byte sequence is
    /// one ``KeyInterner`` entry, stamped with the object that last used it. An object with
    /// the keys, in order, of the last checked object that began with the same key (a
    /// document's records mostly repeat a few shapes) shares that object's keys and index:
    /// its key bytes are compared with the entries', with no hashing, no array built and no
    /// index filed. A few shapes are kept per first key, as records often alternate between
    /// shapes that begin alike (a status with and without a retweet, a user with and without
    /// a URL); one per key left `twitter.json` building two objects in ten key by key.
    private func objectKeys(at index: Int, keys interner: inout KeyInterner) -> (keys: [String], keyIndex: KeyIndex?)? {
        let node = nodes[index]
        let count = Int(node.length)
        guard count > 0 else { return ([], nil) }
        let firstKey = nodes[index + 1]
        guard firstKey.flags.isDisjoint(with: [.escaped, .nonASCII]) else { return nil }
        let firstEntry = interner.entry(firstKey, in: self)
        if let shape = interner.shape(startingWith: firstEntry, matching: members(ofObject: index, node: node), count: count, in: self) {
            return interner.keys(of: shape)
        }
        let stamp = interner.nextStamp()
        var keys: [String] = []
        keys.reserveCapacity(count)
        var entries: [Int32] = []
        entries.reserveCapacity(count)
        // Keys are hashed only for an object big enough to index (most are not), each key once
        // per build.
        var keyIndex = count > JSON.Object.indexThreshold ? KeyIndex(capacity: count) : nil
        for (position, child) in members(ofObject: index, node: node).enumerated() {
            let key = nodes[child]
            guard key.flags.isDisjoint(with: [.escaped, .nonASCII]),
                let entry = interner.stampedEntry(key, in: self, stamp: stamp)
            else { return nil }
            keys.append(interner.key(of: entry))
            entries.append(Int32(truncatingIfNeeded: entry))
            if keyIndex != nil { keyIndex?.file(position: position, hash: interner.hash(of: entry)) }
        }
        interner.remember(KeyInterner.Shape(entries: entries, keys: keys, keyIndex: keyIndex), startingWith: firstEntry)
        return (keys, keyIndex)
    }

    /// ``scalarJSON(_:)`` for the loops over a leaf container's values: a strict number (nearly
    /// all of a GeoJSON file's values) is packed in the loop, as a call per value cost a sixth
    /// as much as packing it.
    @inline(__always)
    private func leafScalarJSON(_ node: Node) -> JSON {
        if node.kind == .number, !node.flags.contains(.json5) {
            return .number(JSON.Number(validatedUTF8: UnsafeBufferPointer(start: pointer(node), count: Int(node.length))))
        }
        return scalarJSON(node)
    }

    /// The number of strict number node `node`, in a call: the packing inlined would make
    /// ``scalarJSON(_:)`` too big to inline into the frame loop of ``json(at:)``.
    @inline(never)
    private func packedNumber(_ node: Node) -> JSON {
        .number(JSON.Number(validatedUTF8: UnsafeBufferPointer(start: pointer(node), count: Int(node.length))))
    }

    /// The value of a node with no descendants: a scalar, or an empty array or object (which
    /// a leaf container, whose node count matches its member count, may hold).
    private func scalarJSON(_ node: Node) -> JSON {
        switch node.kind {
        case .array: return .array([])
        case .object: return .object(JSON.Object())
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            if node.flags.contains(.json5) { return .number(JSON.Number(validated: numberLiteral(node))) }
            return packedNumber(node)
        default: return .string(string(node))
        }
    }
}

/// An array or object being built by ``Document/json(at:)``, sized for all its members up
/// front (the node counts them). An object's keys go in as they are read (or all at once,
/// when checked up front), its values once built.
private struct TreeFrame {
    let isObject: Bool
    /// Whether the object's keys are all in place, all different, so that every member's
    /// value is added in order with no key to read.
    let checkedKeys: Bool
    /// The members (objects) or elements (arrays) not yet added.
    var members: Document.Children
    var elements: [JSON] = []
    var object = JSON.Object()

    init(array node: Node, members: Document.Children) {
        isObject = false
        checkedKeys = false
        self.members = members
        elements.reserveCapacity(Int(node.length))
    }

    init(object node: Node, members: Document.Children) {
        isObject = true
        checkedKeys = false
        self.members = members
        object = JSON.Object(reservingCapacity: Int(node.length))
    }

    init(checkedObject: JSON.Object, members: Document.Children) {
        isObject = true
        checkedKeys = true
        self.members = members
        object = checkedObject
    }

    mutating func add(_ value: JSON) {
        if isObject { object.appendValue(value) } else { elements.append(value) }
    }

    var value: JSON {
        guard isObject else { return .array(elements) }
        object.checkInvariants()
        return .object(object)
    }
}

/// The keys of one build, each made into a `String` once however many objects repeat it: the
/// objects share the string's storage (a document's keys are mostly the same few names). A
/// key's ``KeyIndex/hash(_:)`` is computed once too, and only if an object big enough to be
/// indexed has it.
///
/// Its tables are raw memory it frees itself (so a look-up checks no uniqueness and retains
/// nothing): every key of a document is looked up here.
private struct KeyInterner: ~Copyable {
    /// A distinct key, by its bytes.
    struct Entry {
        /// The key's bytes as ``KeyInterner/words(_:count:)`` gives them.
        let first: UInt64
        let last: UInt64
        let offset: UInt32
        let length: UInt32
        /// The object (``nextStamp()``) that last took this key.
        var stamp: UInt32 = 0
        /// The ``Shape`` of the last checked object whose first key this is, by position in
        /// `shapes`; -1 for none.
        var shape: Int32 = -1
        var isHashed = false
        var hash = 0
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity = 32
    private var entryCount = 0
    /// The key of each entry.
    private var keys: [String] = []
    /// The keys of checked objects, for a later object with the same keys to share: for each
    /// first key a chain of at most ``shapesPerKey``, the last matched first.
    private var shapes: [Shape] = []
    private static let shapesPerKey = 4

    /// The keys, in order, of an object whose keys were plain and all different.
    struct Shape {
        /// Its keys' entries.
        let entries: [Int32]
        let keys: [String]
        let keyIndex: KeyIndex?
        /// The next older shape with the same first key, by position in `shapes`; -1 for none.
        var next: Int32 = -1
    }
    /// Open addressing: an entry's position plus one, or 0 for an empty slot.
    private var slots: UnsafeMutablePointer<Int32>
    /// The bits ``home(_:_:count:)`` drops: `64 - log2(slot count)`.
    private var shift = 64 - 6
    private var stamps: UInt32 = 0

    init() {
        entries = .allocate(capacity: entryCapacity)
        slots = .allocate(capacity: 1 << (64 - shift))
        slots.initialize(repeating: 0, count: 1 << (64 - shift))
    }

    deinit {
        entries.deallocate()
        slots.deallocate()
    }

    /// A stamp no object has used yet (after 2³² objects one may recur, which only sends an
    /// object whose keys were in fact all different to key-by-key insertion).
    mutating func nextStamp() -> UInt32 {
        stamps &+= 1
        if stamps == 0 { stamps = 1 }
        return stamps
    }

    @inline(__always)
    func key(of entry: Int) -> String { keys[entry] }

    /// The shape (a position in `shapes`), among those kept for first key `entry`, whose keys
    /// are the `count` keys `members` in order; it becomes the first of its chain.
    mutating func shape(startingWith entry: Int, matching members: Document.Children, count: Int, in document: Document) -> Int? {
        var previous: Int32 = -1
        var current = entries[entry].shape
        // The chain holds at most `shapesPerKey` shapes (``remember(_:startingWith:)``).
        while current >= 0 {
            if matches(Int(current), members: members, count: count, in: document) {
                if previous >= 0 {
                    shapes[Int(previous)].next = shapes[Int(current)].next
                    shapes[Int(current)].next = entries[entry].shape
                    entries[entry].shape = current
                }
                return Int(current)
            }
            previous = current
            current = shapes[Int(current)].next
        }
        return nil
    }

    /// Whether the `count` keys of an object, `members`, are those of shape `shape` in order:
    /// the same bytes as its entries', compared as ``entry(_:in:)`` compares them.
    func matches(_ shape: Int, members: Document.Children, count: Int, in document: Document) -> Bool {
        let expected = shapes[shape].entries
        guard expected.count == count else { return false }
        return expected.withUnsafeBufferPointer { expected in
            var position = 0
            for child in members {
                let key = document.nodes[child]
                let entry = entries[Int(expected[position])]
                guard key.length == entry.length, key.flags.isDisjoint(with: [.escaped, .nonASCII]) else { return false }
                let start = document.pointer(key)
                let length = Int(key.length)
                let (first, last) = Self.words(start, count: length)
                guard entry.first == first, entry.last == last,
                    length <= 16 || Self.middlesEqual(document.bytes.baseAddress.unsafelyUnwrapped + Int(entry.offset), start, count: length)
                else { return false }
                position += 1
            }
            return true
        }
    }

    /// The keys and key index of shape `shape`.
    func keys(of shape: Int) -> (keys: [String], keyIndex: KeyIndex?) {
        (shapes[shape].keys, shapes[shape].keyIndex)
    }

    /// Keeps `shape` first among those for objects whose first key is `entry`; when the key
    /// has ``shapesPerKey`` already, in place of the one matched longest ago (so the shapes
    /// kept stay few whatever the input).
    mutating func remember(_ shape: Shape, startingWith entry: Int) {
        var shape = shape
        var kept = 0
        var previous: Int32 = -1
        var last = entries[entry].shape
        while last >= 0 {
            kept += 1
            let next = shapes[Int(last)].next
            if next < 0 { break }
            previous = last
            last = next
        }
        if kept >= Self.shapesPerKey, previous >= 0 {
            // The oldest, `last`, is not the first (the chain holds more than one): its place
            // is reused, and the one before it ends the chain.
            shapes[Int(previous)].next = -1
            shape.next = entries[entry].shape
            shapes[Int(last)] = shape
            entries[entry].shape = last
        } else {
            shape.next = entries[entry].shape
            entries[entry].shape = Int32(truncatingIfNeeded: shapes.count)
            shapes.append(shape)
        }
    }

    mutating func hash(of entry: Int) -> Int {
        if entries[entry].isHashed { return entries[entry].hash }
        let hash = KeyIndex.hash(keys[entry])
        entries[entry].hash = hash
        entries[entry].isHashed = true
        return hash
    }

    /// The entry of unescaped key node `node` (made if new), stamped `stamp`; `nil` if it
    /// already had that stamp, a key repeated in the object.
    @inline(__always)
    mutating func stampedEntry(_ node: Node, in document: Document, stamp: UInt32) -> Int? {
        let entry = self.entry(node, in: document)
        guard entries[entry].stamp != stamp else { return nil }
        entries[entry].stamp = stamp
        return entry
    }

    /// The key of key node `node`, and its ``KeyIndex/hash(_:)``.
    mutating func keyAndHash(_ node: Node, in document: Document) -> (String, Int) {
        if node.flags.contains(.escaped) {
            // Its bytes are not its value; rare enough not to share.
            let key = document.string(node)
            return (key, KeyIndex.hash(key))
        }
        let entry = self.entry(node, in: document)
        return (keys[entry], hash(of: entry))
    }

    /// Two words that, with the length, are the key's bytes exactly when it has at most 16:
    /// its first and last eight bytes (overlapping below 16), or below 8 bytes its first and
    /// last four, or below 4 its first, middle and last byte. Every load stays inside the key.
    @inline(__always)
    static func words(_ start: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(start)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            return (low | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32, 0)
        }
        guard count > 0 else { return (0, 0) }
        return (UInt64(start[0]) | UInt64(start[count >> 1]) << 8 | UInt64(start[count - 1]) << 16, 0)
    }

    /// Whether two keys of `count` bytes (more than 16) whose first and last eight bytes are
    /// equal have equal bytes between, compared a word at a time.
    @inline(__always)
    private static func middlesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
        let left = UnsafeRawPointer(lhs), right = UnsafeRawPointer(rhs)
        var offset = 8
        while offset < count - 8 {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        return true
    }

    /// The first slot for a key: the top bits of products with odd constants, which depend on
    /// every bit of the words (a product's low bits depend only on the factors' low bits).
    @inline(__always)
    private func home(_ first: UInt64, _ last: UInt64, count: Int) -> Int {
        let mixed = ((first &+ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15 ^ last) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed >> UInt64(shift))
    }

    /// The position of the entry for unescaped key node `node`'s bytes, made if new.
    mutating func entry(_ node: Node, in document: Document) -> Int {
        let start = document.pointer(node)
        let count = Int(node.length)
        let (first, last) = Self.words(start, count: count)
        let mask = (1 << (64 - shift)) - 1
        var slot = home(first, last, count: count)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            let entry = entries[position]
            // Up to 16 bytes the words are the key; past that the bytes are compared too.
            if entry.first == first, entry.last == last, entry.length == node.length,
                count <= 16 || Self.middlesEqual(document.bytes.baseAddress.unsafelyUnwrapped + Int(entry.offset), start, count: count)
            {
                return position
            }
            slot = (slot + 1) & mask
        }
        if entryCount == entryCapacity {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
            grown.moveInitialize(from: entries, count: entryCount)
            entries.deallocate()
            entries = grown
            entryCapacity *= 2
        }
        (entries + entryCount).initialize(to: Entry(first: first, last: last, offset: node.offset, length: node.length))
        keys.append(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        entryCount += 1
        slots[slot] = Int32(truncatingIfNeeded: entryCount)
        if entryCount * 2 > mask + 1 { grow() }
        return entryCount - 1
    }

    private mutating func grow() {
        slots.deallocate()
        shift -= 1
        let size = 1 << (64 - shift)
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        let mask = size - 1
        for position in 0..<entryCount {
            var slot = home(entries[position].first, entries[position].last, count: Int(entries[position].length))
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: position + 1)
        }
    }
}
