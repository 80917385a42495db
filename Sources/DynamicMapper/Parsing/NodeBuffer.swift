/// The growable node storage the scanner appends to; the document then owns it.
///
/// It owns its storage until ``take()`` ends it and hands the storage over, so at every
/// moment exactly one owner frees it: this buffer's `deinit` (a scan that failed) or the
/// ``Document``'s.
///
/// A manually managed buffer rather than an `Array`, so the decoder's hot path reads nodes
/// through a plain pointer with no retain, uniqueness check or (in release builds) bounds check.
struct NodeBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<Node>
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
        // Wrapping: `count` is below `capacity`, an allocated count.
        count &+= 1
    }

    /// Checked in debug builds only: release builds read through the pointer unchecked, as
    /// the scanner only ever indexes nodes it appended.
    subscript(index: Int) -> Node {
        @inline(__always) get {
            assert(index >= 0 && index < count, "node \(index) outside the buffer's 0..<\(count)")
            return base[index]
        }
        @inline(__always) _modify {
            assert(index >= 0 && index < count, "node \(index) outside the buffer's 0..<\(count)")
            yield &base[index]
        }
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Node>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Ends this buffer and hands its storage to the caller, who then owns it and must
    /// deallocate it (``Document`` does, in its `deinit`).
    consuming func take() -> UnsafeMutableBufferPointer<Node> {
        let buffer = UnsafeMutableBufferPointer(start: base, count: count)
        // The storage now belongs to the caller: skip the `deinit` that would free it.
        discard self
        return buffer
    }

    deinit { base.deallocate() }
}
