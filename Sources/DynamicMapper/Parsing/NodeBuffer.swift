/// The growable node storage the scanner appends to; the document then owns it.
///
/// A manually managed buffer rather than an `Array`, so the decoder's hot path reads nodes
/// through a plain pointer with no retain, uniqueness check or bounds check per access.
struct NodeBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Node>
    private(set) var count = 0
    private var capacity: Int

    init(estimatedCount: Int) {
        capacity = max(estimatedCount, 16)
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ node: Node) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    subscript(index: Int) -> Node {
        @inline(__always) get { base[index] }
        @inline(__always) _modify { yield &base[index] }
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Node>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Hands the storage over (the caller deallocates it) and leaves this buffer empty.
    mutating func take() -> UnsafeMutableBufferPointer<Node> {
        let buffer = UnsafeMutableBufferPointer(start: base, count: count)
        capacity = 1
        count = 0
        base = .allocate(capacity: 1)
        return buffer
    }

    deinit { base.deallocate() }
}
