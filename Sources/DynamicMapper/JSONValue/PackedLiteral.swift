/// A number literal's text, stored without a heap allocation when it can be.
///
/// `String` keeps up to 15 UTF-8 bytes inline; longer literals (`-65.613616999999977`, as most
/// of a GeoJSON file's coordinates are) would each allocate. Strict literals of up to 32
/// characters (all from `0123456789-+.eE`) are packed four bits a character into two words
/// instead: short ones too, as packing costs a fraction of making (and validating) a `String`.
enum PackedLiteral: Sendable {
    case text(String)
    /// Sixteen characters a word, the first word's first: character `i` of a word in the low
    /// nibble of its byte `i` (for `i` below 8), else in the high nibble of byte `i - 8`; code
    /// 0 ends the text early.
    case packed(UInt64, UInt64)

    /// The most bytes packed into the first word alone.
    private static let inlineLimit = 15
    private static let packedLimit = 32
    /// The character of each nibble code (code 0 is unused: it ends the text). The codes are
    /// what ``codes(_:)`` computes from the bytes: digits 1 to 10, then `e + E - .`.
    private static let characters: StaticString = "\00123456789e+E-."
    /// The low nibble of every byte.
    private static let lowNibbles: UInt64 = 0x0F0F_0F0F_0F0F_0F0F

    /// Trusted: `bytes` must be a strict number literal (the scanner validated it), so every
    /// byte is one of `0123456789-+.eE`.
    ///
    /// A word holds 16 characters interleaved, byte `i` holding character `i` in its low
    /// nibble and character `i + 8` in its high one: the codes of eight bytes at a time then
    /// combine with one shift, where putting them in order took three shift-and-mask steps
    /// per eight bytes (a GeoJSON file has a hundred thousand long literals, and packing them
    /// in order cost as much as scanning them).
    ///
    /// Inlined (a tree build packs each number in its loop), the rare unpacked text made in a
    /// call.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // 1 to 32 bytes in one comparison (0 wraps to the largest `UInt`); a buffer that has
        // any has a start.
        guard UInt(bitPattern: bytes.count &- 1) < UInt(Self.packedLimit) else {
            self = Self.text(bytes)
            return
        }
        let start = bytes.baseAddress.unsafelyUnwrapped
        let raw = UnsafeRawPointer(start)
        let count = bytes.count
        if count > Self.inlineLimit {
            let first =
                Self.codes(raw.loadUnaligned(as: UInt64.self))
                | Self.codes(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) << 4
            // The characters past 16: the eight bytes that end the literal (all inside it, as
            // it has at least 16), shifted so only those past the first 16 (or past 24, after
            // the eight from byte 16) remain; none remain at 16, where the shift is by 64, made
            // as two halves (a single masked shift by 64 would shift by 0).
            let last = Self.codes(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            let second =
                count > 24
                ? Self.codes(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) | (last &>> UInt64((Self.packedLimit - count) * 8)) &<< 4
                : (last &>> UInt64((24 - count) * 4)) &>> UInt64((24 - count) * 4)
            self = .packed(first, second)
        } else {
            self = .packed(Self.packShort(start, count: count), 0)
        }
        assert(withUTF8 { $0.elementsEqual(bytes) }, "not a strict number literal: \(Array(bytes))")
    }

    @inline(never)
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedLiteral {
        .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The word of a literal of 1 to 15 bytes, with the loads kept inside it: from 8 bytes
    /// its first and last eight (overlapping, the overlap's codes shifted out), from 4 its
    /// first and last four, below that byte by byte.
    @inline(__always)
    private static func packShort(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        if count >= 8 {
            let head = codes(raw.loadUnaligned(as: UInt64.self))
            let tail = codes(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return head | (tail >> UInt64((16 - count) * 8)) << 4
        }
        if count >= 4 {
            let both = codes(
                UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32)
            return (both & 0xFFFF_FFFF) | ((both >> 32) >> UInt64((8 - count) * 8)) << 32
        }
        var word: UInt64 = 0
        for position in 0..<count {
            word |= (codes(UInt64(start[position])) & 0xF) << UInt64(position * 8)
        }
        return word
    }

    /// The codes of eight literal bytes, each in its byte's low nibble. A byte's code is its
    /// low nibble plus one (digits 1 to 10, `+` 12, `-` 14, `.` 15), except `e` and `E` (low
    /// nibble 5, like `5`), which bit 6 (theirs alone) moves to 11 and 13, bit 5 telling them
    /// apart.
    @inline(__always)
    private static func codes(_ bytes: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let letter = (bytes >> 6) & ones
        let lower = (bytes >> 5) & letter
        // No lane leaves 0...23 on the way, so no lane carries or borrows into the next.
        return ((bytes & lowNibbles) &+ ones &+ letter &* 7) &- lower &* 2
    }

    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .text(let text):
            var text = text
            return text.withUTF8(body)
        case .packed(let first, let second):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.packedLimit) { buffer in
                var count = 0
                // Each word's characters: its low nibbles, then its high ones.
                var lanes = first & Self.lowNibbles
                var words = 1
                while true {
                    while lanes & 0xF != 0 {
                        buffer[count] = Self.characters.utf8Start[Int(truncatingIfNeeded: lanes & 0xF)]
                        count += 1
                        // The high nibbles follow the eighth character.
                        lanes = count & 7 == 0 ? ((words == 1 ? first : second) >> 4) & Self.lowNibbles : lanes >> 8
                        if count & 15 == 0 { break }
                    }
                    // The second word only continues a first one holding 16 characters.
                    guard words == 1, count == 16 else { break }
                    lanes = second & Self.lowNibbles
                    words = 2
                }
                return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
