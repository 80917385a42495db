#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The growable node storage the scanner appends to; the document then owns it.
///
/// It owns its storage until ``take(exact:)`` ends it and hands the storage over, so at every
/// moment exactly one owner frees it: this buffer's `deinit` (a scan that failed) or the
/// ``Document``'s, through ``release(_:)``.
///
/// A manually managed buffer rather than an `Array`, so the decoder's hot path reads nodes
/// through a plain pointer with no retain, uniqueness check or (in release builds) bounds check.
/// The storage comes from `malloc`, grows with `realloc` (which remaps a large block's pages
/// instead of copying them) and is freed with `free`.
///
/// The first guess at the node count (one per 6 input bytes) is two to four times what real
/// documents need. A document that is kept (``JSONDocument``, a view, a decoded dynamic model)
/// would hold that slack for its whole life, 3.7 bytes per input byte where 1.6 to 2.2 are
/// needed, so ``take(exact:)`` can copy the nodes into a block of their size. Shrinking the
/// block with `realloc` instead gave the memory back too, but changed the block sizes glibc
/// sets its thresholds by: it returned freed memory to the system and each later parse faulted
/// its pages in again (a loop of parses 1.7 to 1.9 times as slow). The copy leaves the large
/// block to be reused as before.
struct NodeBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<Node>
    private(set) var count = 0
    private var capacity: Int

    init(estimatedCount: Int) {
        capacity = max(estimatedCount, 16)
        base = Self.resized(nil, to: capacity)
    }

    /// `storage` (or new storage, for `nil`) resized to hold `count` nodes, its first nodes
    /// kept. Running out of memory stops the program, as `UnsafeMutablePointer.allocate`
    /// does: the scanner asks for at most 16 bytes per 6 input bytes up front, and more only
    /// as the input really holds more values.
    private static func resized(_ storage: UnsafeMutablePointer<Node>?, to count: Int) -> UnsafeMutablePointer<Node> {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Node>.stride)
        guard !overflow, let raw = realloc(storage.map(UnsafeMutableRawPointer.init), max(bytes, 1)) else {
            preconditionFailure("DynamicMapper: out of memory for a node index of \(count) nodes")
        }
        // malloc's alignment covers Node's; the nodes kept are initialized trivial values.
        return raw.bindMemory(to: Node.self, capacity: count)
    }

    /// Node capacity from which storage is a block of its own: 32 MiB.
    private static let mappedBlockNodes = (32 << 20) / MemoryLayout<Node>.stride

    /// Frees storage that ``take(exact:)`` handed over.
    static func release(_ nodes: UnsafeMutableBufferPointer<Node>) {
        free(nodes.baseAddress)
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

    // Nodes are trivial values: moving them is copying their bytes, which `realloc` does
    // when it cannot grow the block where it is. Kept out of line: `append` runs once per
    // value in the scanner's loop, and this once per doubling.
    @inline(never)
    private mutating func grow() {
        capacity *= 2
        base = Self.resized(base, to: capacity)
    }

    /// Ends this buffer and hands its storage to the caller, who then owns it and must free
    /// it with ``release(_:)`` (``Document`` does, in its `deinit`). With `exact`, nodes that
    /// leave more than an eighth of the storage unused are moved to storage of their size.
    consuming func take(exact: Bool = false) -> UnsafeMutableBufferPointer<Node> {
        if exact && capacity - count > count / 8 {
            if capacity >= Self.mappedBlockNodes {
                // A block this large is mapped on its own (glibc maps every block from
                // 32 MiB): shrinking unmaps its tail in place, where a copy would add the
                // nodes' size to the parse's peak (a 100 MB document's 84 MB).
                base = Self.resized(base, to: count)
            } else {
                let fitted = Self.resized(nil, to: count)
                // Bytes, not elements: `initialize(from:count:)` copied node by node here.
                UnsafeMutableRawPointer(fitted).copyMemory(from: base, byteCount: count * MemoryLayout<Node>.stride)
                free(base)
                base = fitted
            }
        }
        let buffer = UnsafeMutableBufferPointer(start: base, count: count)
        // The storage now belongs to the caller: skip the `deinit` that would free it.
        discard self
        return buffer
    }

    deinit { free(base) }
}
