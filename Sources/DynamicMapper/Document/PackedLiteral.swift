/// A number literal's text, stored without a heap allocation when it can be.
///
/// `String` keeps up to 15 UTF-8 bytes inline; longer literals (`-65.613616999999977`, as most
/// of a GeoJSON file's coordinates are) would each allocate. Strict literals of up to 32
/// characters (all from `0123456789-+.eE`) are packed four bits a character into two words
/// instead: short ones too, as packing costs a fraction of making (and validating) a `String`.
enum PackedLiteral: Sendable {
    case text(String)
    /// Characters in order from the low nibble of the first word; code 0 ends the text early.
    case packed(UInt64, UInt64)

    /// The most bytes packed into the first word alone.
    private static let inlineLimit = 15
    private static let packedLimit = 32
    /// The character of each nibble code (code 0 is unused: it ends the text). The codes are
    /// what ``codes(_:)`` computes from the bytes: digits 1 to 10, then `e + E - .`.
    private static let characters: StaticString = "\00123456789e+E-."

    /// Trusted: `bytes` must be a strict number literal (the scanner validated it), so every
    /// byte is one of `0123456789-+.eE`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.packedLimit, bytes.count > 0, let start = bytes.baseAddress else {
            self = .text(String(decoding: bytes, as: UTF8.self))
            return
        }
        if bytes.count > Self.inlineLimit {
            let words = Self.pack(UnsafeRawPointer(start), count: bytes.count)
            self = .packed(words.0, words.1)
        } else {
            self = .packed(Self.packShort(start, count: bytes.count), 0)
        }
        assert(withUTF8 { $0.elementsEqual(bytes) }, "not a strict number literal: \(Array(bytes))")
    }

    /// The two words of a literal of 16 to 32 bytes, eight bytes at a time without a branch:
    /// a GeoJSON file has a hundred thousand such literals, and a byte at a time with a
    /// `switch` cost more than scanning them.
    @inline(__always)
    private static func pack(_ start: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        let first = UInt64(codes(start.loadUnaligned(as: UInt64.self)))
            | UInt64(codes(start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) << 32
        // The 16 bytes that end the literal (all inside it, as it has at least 16), shifted so
        // only those past the first 16 remain; none remain (a shift by 64 gives 0) at 16.
        let last = UInt64(codes(start.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)))
            | UInt64(codes(start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))) << 32
        return (first, last >> UInt64((Self.packedLimit - count) * 4))
    }

    /// The first word of a literal of 1 to 15 bytes, with the loads kept inside it: from 8
    /// bytes its first and last eight (overlapping), from 4 its first and last four, below
    /// that byte by byte; the codes of the overlap are shifted out.
    @inline(__always)
    private static func packShort(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        if count >= 8 {
            let head = UInt64(codes(raw.loadUnaligned(as: UInt64.self)))
            let tail = UInt64(codes(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)))
            return head | ((tail >> UInt64((16 - count) * 4)) << 32)
        }
        if count >= 4 {
            let both = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            let packed = UInt64(codes(both))
            return (packed & 0xFFFF) | (((packed >> 16) >> UInt64((8 - count) * 4)) << 16)
        }
        var word: UInt64 = 0
        for position in 0..<count {
            word |= (UInt64(codes(UInt64(start[position]))) & 0xF) << UInt64(position * 4)
        }
        return word
    }

    /// The codes of eight literal bytes (the first in the low byte) as eight nibbles, the first
    /// in the low nibble. A byte's code is its low nibble plus one (digits 1 to 10, `+` 12,
    /// `-` 14, `.` 15), except `e` and `E` (low nibble 5, like `5`), which bit 6 (theirs alone)
    /// moves to 11 and 13, bit 5 telling them apart.
    @inline(__always)
    private static func codes(_ bytes: UInt64) -> UInt32 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let letter = (bytes >> 6) & ones
        let lower = (bytes >> 5) & letter
        // No lane leaves 0...23 on the way, so no lane carries or borrows into the next.
        let code = ((bytes & (ones &* 0x0F)) &+ ones &+ letter &* 7) &- lower &* 2
        // Each byte's nibble next to its neighbour's, then pairs of bytes, then quadruples.
        var packed = (code | code >> 4) & 0x00FF_00FF_00FF_00FF
        packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
        packed = packed | packed >> 16
        return UInt32(truncatingIfNeeded: packed)
    }

    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .text(let text):
            var text = text
            return text.withUTF8(body)
        case .packed(let first, let second):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.packedLimit) { buffer in
                var count = 0
                var word = first
                var words = 1
                while true {
                    while word != 0 {
                        buffer[count] = Self.characters.utf8Start[Int(truncatingIfNeeded: word & 0xF)]
                        count += 1
                        word >>= 4
                    }
                    // The second word only continues a first one holding 16 characters.
                    guard words == 1, count == 16 else { break }
                    word = second
                    words = 2
                }
                return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
