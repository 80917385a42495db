/// One bit per node (or per byte) of a document, marked while a decode runs: which keys were
/// asked for, which numbers were read as `Double`.
///
/// A plain handle on the words, not their owner: marking through it costs no reference
/// counting and no exclusivity check, on every key lookup. The owner (``KeyUsage`` or
/// ``ReadTracker``) makes it with ``allocate(count:)`` and calls ``deallocate()`` in its
/// `deinit`; whoever keeps a copy (the decoder does) must hold the owner as long
/// (SECURITY.md, "Unsafe code").
struct NodeBits: Equatable {
    private let words: UnsafeMutablePointer<UInt64>

    /// Room for `count` bits, all clear.
    static func allocate(count: Int) -> NodeBits {
        let wordCount = (count + 63) / 64
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
        words.initialize(repeating: 0, count: wordCount)
        return NodeBits(words: words)
    }

    /// Frees the words; the owner's `deinit` calls this, once.
    func deallocate() {
        words.deallocate()
    }

    /// Sets bit `index`, which must be below the count the bits were made with.
    @inline(__always)
    func mark(_ index: Int) {
        words[index &>> 6] |= 1 &<< UInt64(index & 63)
    }

    /// Whether bit `index` is set; `index` below the count the bits were made with.
    @inline(__always)
    func isMarked(_ index: Int) -> Bool {
        words[index &>> 6] & (1 &<< UInt64(index & 63)) != 0
    }

    /// Whether bit `index` is set; false for any index outside `0..<count`.
    @inline(__always)
    func isMarked(_ index: Int, count: Int) -> Bool {
        index >= 0 && index < count && isMarked(index)
    }
}
