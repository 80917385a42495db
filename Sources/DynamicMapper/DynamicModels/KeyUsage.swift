import Foundation

/// Which keys of a document the decoded models asked for.
///
/// A key a model's `init(from:)` asked for is one of the model's own keys: when the model is
/// encoded again and does not write that key (an optional property that is now `nil`), the key
/// is left out instead of being kept from the document. Keys nobody asked for are the
/// document's and always come back.
///
/// One bit per node, set only while the decode that created it runs (on one thread, through
/// ``bits``, which the decoder keeps as a plain ``NodeBits`` handle so that marking costs no
/// reference counting or exclusivity check) and only read afterwards, when models are encoded.
/// This object owns the bits' memory and frees it in `deinit`.
final class KeyUsage: @unchecked Sendable {
    // @unchecked: see above; after the decode returns the bits never change.
    let document: Document
    /// By key node index: asked for.
    let bits: NodeBits
    /// By key node index: passed through on a path to a value below it.
    let traversed: NodeBits
    /// By byte offset of a number literal: read as a `Double`, or as a `Float`. A property of
    /// that type that still holds the rounded value keeps the literal when encoded again.
    let doubleReads: NodeBits
    let floatReads: NodeBits
    /// By node index: an element a lossy array left out. While a model's array still holds
    /// what the others gave it, encoding keeps these in their places (see
    /// ``DynamicEncoding/Merger``).
    let dropped: NodeBits
    /// Whether any bit of `dropped` is set, so that arrays are checked only then.
    private(set) var hasDroppedElements = false
    /// What a property took where it did not take the document's value as written: a
    /// default for a missing key or `null`, a lossless conversion (`"10"` read as `10`), a
    /// default after a lossy failure. While the property still holds it, encoding writes
    /// nothing there (see ``DynamicEncoding/Merger``).
    private(set) var keptValues: [KeptPlace: JSON] = [:]
    private let nodeCount: Int
    private let byteCount: Int

    init(document: Document) {
        self.document = document
        nodeCount = document.nodes.count
        byteCount = document.bytes.count
        bits = .allocate(count: nodeCount)
        traversed = .allocate(count: nodeCount)
        dropped = .allocate(count: nodeCount)
        doubleReads = .allocate(count: byteCount)
        floatReads = .allocate(count: byteCount)
    }

    deinit {
        bits.deallocate()
        traversed.deallocate()
        dropped.deallocate()
        doubleReads.deallocate()
        floatReads.deallocate()
    }

    /// Whether a model asked for the key at `index` of `document`.
    func wasRead(keyNode index: Int, in document: Document) -> Bool {
        document === self.document && bits.isMarked(index, count: nodeCount)
    }

    /// Whether a model's path passed through the key at `index` of `document`.
    func wasTraversed(keyNode index: Int, in document: Document) -> Bool {
        document === self.document && traversed.isMarked(index, count: nodeCount)
    }

    /// A place ``keptValues`` knows: a node of the document, or a path below an object node
    /// where the document has nothing.
    struct KeptPlace: Hashable {
        let node: Int
        let missing: [Path.Component]
    }

    /// Records that the property at `place` took `value` instead of the document's value.
    func keep(_ value: JSON, at place: KeptPlace) {
        keptValues[place] = value
        if !place.missing.isEmpty { objectsWithKeptDefaults.insert(place.node) }
    }

    /// The objects below which a default was taken for a missing path.
    private(set) var objectsWithKeptDefaults = Set<Int>()

    /// Whether a default was taken for a path missing below the object `object`.
    func hasKeptDefaults(below object: Int, in document: Document) -> Bool {
        document === self.document && objectsWithKeptDefaults.contains(object)
    }

    /// `value`, a model's new member at `path` below `object`, without the defaults that the
    /// properties took there and still hold: `nil` when nothing else is left.
    func withoutKeptDefaults(_ value: JSON, below object: Int, at path: [Path.Component]) -> JSON? {
        if let kept = keptValues[KeptPlace(node: object, missing: path)], kept == value { return nil }
        guard case .object(let members) = value, !members.isEmpty else { return value }
        var remaining = JSON.Object()
        for (key, member) in zip(members.keys, members.values) {
            if let left = withoutKeptDefaults(member, below: object, at: path + [.key(key)]) { remaining[key] = left }
        }
        return remaining.isEmpty ? nil : .object(remaining)
    }

    /// What the property at `place` took, when it did not take the document's value.
    func keptValue(at place: KeptPlace, in document: Document) -> JSON? {
        guard document === self.document, !keptValues.isEmpty else { return nil }
        return keptValues[place]
    }

    var hasKeptValues: Bool { !keptValues.isEmpty }

    /// Records that a lossy array left out the element at node `index`.
    func markDropped(_ index: Int) {
        dropped.mark(index)
        hasDroppedElements = true
    }

    /// Whether a lossy array left out the element at node `index` of `document`.
    func wasDropped(_ index: Int, in document: Document) -> Bool {
        document === self.document && dropped.isMarked(index, count: nodeCount)
    }

    /// Whether the number node `node` of `document` was read as a `Double` or a `Float`.
    func floatingReads(of node: Node, in document: Document) -> (double: Bool, float: Bool) {
        guard document === self.document else { return (false, false) }
        let offset = Int(node.offset)
        return (doubleReads.isMarked(offset, count: byteCount), floatReads.isMarked(offset, count: byteCount))
    }
}
