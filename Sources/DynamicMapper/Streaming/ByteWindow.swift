/// The bytes of a stream that are still needed: the element being framed and what follows
/// it. Offsets are absolute (from the start of the stream), so framers never see the window
/// move.
struct ByteWindow {
    private(set) var bytes: [UInt8] = []
    /// Absolute offset of `bytes[0]`.
    private(set) var base = 0
    /// Whether the source has no more bytes.
    var atEnd = false

    /// Absolute offset just past the last byte held.
    var end: Int { base + bytes.count }

    mutating func append<C: Collection<UInt8>>(_ chunk: C) {
        // A contiguous chunk (`Data`, `[UInt8]`, a slice of either) is copied as a block; the
        // generic route copied it a byte at a time.
        if chunk.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: chunk)
        }
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Drops the bytes before absolute `offset`. Only when they are at least half the window
    /// (and not tiny), so the shifting is paid at most once per byte overall: cost per byte
    /// stays independent of chunk and element sizes.
    mutating func discard(before offset: Int) {
        let count = min(offset - base, bytes.count)
        guard count >= 4096, count * 2 >= bytes.count else { return }
        bytes.removeFirst(count)
        base += count
    }

    /// Runs `body` over the held bytes, with the absolute offset of the first.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(JSONStreamError) -> R) throws(JSONStreamError) -> R {
        let base = self.base
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONStreamError) -> R in
            try body(buffer, base)
        }
    }
}

/// One framed element: absolute byte range in the window (or owned bytes for an assembled
/// server-sent event), its index, the line and column (in bytes) of its first byte.
struct Frame: Sendable {
    var range: Range<Int>
    var index: Int
    var line: Int
    var column: Int = 1
    var owned: [UInt8]?
    /// The bytes are not the input's as they lie (an event's `data:` lines joined): offsets
    /// inside them say nothing about the input. Set with `owned`, and kept when a parallel
    /// batch takes `owned` into its buffer.
    var assembled = false
    var event: String?
    var id: String?
    var retry: Int?
}

/// What a framer found in the window.
enum FrameStep {
    case frame(Frame)
    /// Needs more bytes; everything before `keepFrom` may be dropped.
    case needMore(keepFrom: Int)
    case finished
}

/// Shared byte classes.
enum Bytes {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// The UTF-8 byte order mark at the start of a stream.
enum ByteOrderMark {
    /// Where the stream's content starts (whose first byte is at absolute offset `base`, which
    /// must be 0 for a mark): 3 past a leading EF BB BF, else 0; `nil` while too few bytes have
    /// come to tell. Every framer drops the mark the same way, so it asks here and moves its
    /// position and line start to the answer.
    static func contentStart(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, atEnd: Bool) -> Int? {
        guard base == 0 else { return 0 }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<3 {
            guard index < bytes.count else { return atEnd ? 0 : nil }
            if bytes[index] != mark[index] { return 0 }
        }
        return 3
    }
}
