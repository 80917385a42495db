import Foundation

/// Building `JSON` values out of the index.
extension Document {
    /// The `JSON` value of the node at `index` (and its descendants). Duplicate keys: the
    /// first wins, as in Foundation.
    ///
    /// Iterative, with the open containers on a heap stack: a document parsed with a raised
    /// `maximumDepth` materialises at any depth the parser admitted.
    func json(at index: Int) -> JSON {
        guard nodes[index].kind.rawValue >= Node.Kind.array.rawValue else { return scalarJSON(nodes[index]) }
        var keys = KeyInterner()
        var open = [TreeFrame(node: nodes[index], at: index)]
        while true {
            let top = open.count - 1
            let child = open[top].next
            if child < open[top].end {
                var valueIndex = child
                if open[top].isObject {
                    let (key, hash) = keys.key(nodes[child], in: self)
                    valueIndex = child + 1
                    open[top].next = next(after: valueIndex)
                    // A repeated key is skipped whole: the first one wins.
                    guard open[top].object.insertKeyIfAbsent(key, hash: hash) else { continue }
                } else {
                    open[top].next = next(after: valueIndex)
                }
                let node = nodes[valueIndex]
                if node.kind.rawValue >= Node.Kind.array.rawValue {
                    open.append(TreeFrame(node: node, at: valueIndex))
                } else {
                    open[top].add(scalarJSON(node))
                }
            } else {
                let finished = open.removeLast()
                guard !open.isEmpty else { return finished.value }
                open[open.count - 1].add(finished.value)
            }
        }
    }

    private func scalarJSON(_ node: Node) -> JSON {
        switch node.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            if node.flags.contains(.json5) { return .number(JSON.Number(validated: numberLiteral(node))) }
            return .number(JSON.Number(validatedUTF8: UnsafeBufferPointer(start: pointer(node), count: Int(node.length))))
        default: return .string(string(node))
        }
    }
}

/// An array or object being built by ``Document/json(at:)``, sized for all its members up
/// front (the node counts them). An object's keys go in as they are read, its values once built.
private struct TreeFrame {
    let isObject: Bool
    let end: Int
    /// The next member's key node (objects) or the next element (arrays).
    var next: Int
    var elements: [JSON] = []
    var object = JSON.Object()

    init(node: Node, at index: Int) {
        isObject = node.kind == .object
        end = Int(node.end)
        next = index + 1
        if isObject {
            object = JSON.Object(reservingCapacity: Int(node.length))
        } else {
            elements.reserveCapacity(Int(node.length))
        }
    }

    mutating func add(_ value: JSON) {
        if isObject { object.appendValue(value) } else { elements.append(value) }
    }

    var value: JSON { isObject ? .object(object) : .array(elements) }
}

/// The keys of one build, each made into a `String` and hashed once however many objects
/// repeat it: the objects share the string's storage (a document's keys are mostly the same
/// few names), and an object's ``KeyIndex`` files it without hashing it again.
private struct KeyInterner {
    private struct Entry {
        let offset: UInt32
        let length: UInt32
        let signature: UInt64
        let key: String
        let hash: Int
    }

    private var entries: [Entry] = []
    /// Open addressing by signature: an entry's position plus one, or 0 for an empty slot.
    private var slots: [Int32] = []

    /// The key of key node `node`, and its ``KeyIndex/hash(_:)``.
    mutating func key(_ node: Node, in document: Document) -> (String, Int) {
        if node.flags.contains(.escaped) {
            // Its bytes are not its value; rare enough not to share.
            let key = document.string(node)
            return (key, KeyIndex.hash(key))
        }
        if slots.isEmpty { slots = Array(repeating: 0, count: 64) }
        let start = document.pointer(node)
        let count = Int(node.length)
        let signature = Document.keySignature(start, count: count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: signature) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.signature == signature, entry.length == node.length,
               count == 0 || memcmpEqual(document.bytes.baseAddress.unsafelyUnwrapped + Int(entry.offset), start, count) {
                return (entry.key, entry.hash)
            }
            slot = (slot + 1) & mask
        }
        let key = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        let hash = KeyIndex.hash(key)
        entries.append(Entry(offset: node.offset, length: node.length, signature: signature, key: key, hash: hash))
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
        if entries.count * 2 > slots.count { grow() }
        return (key, hash)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.signature) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: position + 1)
        }
    }
}
