// DYNAMICMAPPER_PORTABLE_MASK (set by CI's ThreadSanitizer test build) takes the portable path on
// x86-64 too, so the whole suite also runs the code other architectures run.
#if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !DYNAMICMAPPER_PORTABLE_MASK
import _Builtin_intrinsics.intel
#endif

/// Skips, sixteen bytes at a time, the runs of bytes the scanner would otherwise pass over one
/// by one: the plain bytes of a string, white space between tokens, the digits of a number.
///
/// A block mostly decides how far to skip. Each skip stops at the first byte that needs a
/// look (or where less than a block is left) and the scanner's byte loop takes over there. The
/// one check a block makes itself, that it starts with five well-formed three-byte UTF-8
/// sequences, only ever accepts: anything else goes to the byte loop's own checks, so every
/// rejection and every error position stays with the byte loop. That loop is the whole
/// scanner when `ScanOptions.scansByteByByte` is set (the reference the tests compare
/// against; it also leaves out the word-at-a-time UTF-8 checks). Loads happen only where a
/// whole block lies inside the input: nothing is read past its end.
enum BlockScan {
    typealias Block = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>

    static let width = MemoryLayout<Block>.size

    @inline(__always)
    static func load(_ position: UnsafePointer<UInt8>) -> Block {
        UnsafeRawPointer(position).loadUnaligned(as: Block.self)
    }

    /// The mask as sixteen bits, lane 0 in bit 0. Swift has no portable "move mask": on x86-64
    /// it is one instruction (`pmovmskb`, from the compiler's own intrinsics module, no
    /// dependency); elsewhere each eight-lane half is gathered by one multiplication, which
    /// moves the top bit of every byte into the top byte of the product.
    @inline(__always)
    static func bits(_ mask: Mask) -> UInt32 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !DYNAMICMAPPER_PORTABLE_MASK
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: SIMD2<Int64>.self)))
        #else
        return portableBits(mask)
        #endif
    }

    /// Whether ``bits(_:)`` is ``portableBits(_:)`` in this build (a test checks that CI's
    /// flag reached the library).
    static var usesPortableMask: Bool {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !DYNAMICMAPPER_PORTABLE_MASK
        return false
        #else
        return true
        #endif
    }

    /// ``bits(_:)`` without the intrinsic, compiled everywhere so that the tests check it
    /// against `pmovmskb` on x86-64. A mask lane is 0x00 or 0xFF; the multiplication adds
    /// each byte's top bit, shifted into place, into the product's top byte (no two overlap,
    /// so nothing carries).
    @inline(__always)
    static func portableBits(_ mask: Mask) -> UInt32 {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        // Parenthesised: `>>` binds tighter than `&*` in Swift.
        let low = ((UInt64(littleEndian: words[0]) & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
        let high = ((UInt64(littleEndian: words[1]) & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
        return UInt32(truncatingIfNeeded: low | high << 8)
    }

    /// The lane of the first set byte, or `width` when none is set.
    @inline(__always)
    static func firstSetLane(_ mask: Mask) -> Int {
        (bits(mask) | 1 << 16).trailingZeroBitCount
    }

    @inline(__always)
    static func anySet(_ mask: Mask) -> Bool {
        bits(mask) != 0
    }

    /// Skips string content up to the first quote, backslash, control byte or byte of 0x80 and
    /// more. Returns where it stopped and whether a block found such a byte there (otherwise
    /// less than a block is left and nothing is known about the bytes from there on).
    @inline(__always)
    static func skipPlainStringBytes(
        from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>
    ) -> (position: UnsafePointer<UInt8>, found: Bool) {
        var position = start
        while end - position >= width {
            let block = load(position)
            // Bytes below 0x20 wrap around to 0xE0 and up, so one unsigned comparison finds
            // control bytes and non-ASCII bytes alike.
            let special =
                (block .== Block(repeating: UInt8(ascii: "\"")))
                .| (block .== Block(repeating: UInt8(ascii: "\\")))
                .| ((block &- Block(repeating: 0x20)) .> Block(repeating: 0x5F))
            let lane = firstSetLane(special)
            position += lane
            if lane < width { return (position, true) }
        }
        return (position, false)
    }

    /// Whether the block at `position` starts with five well-formed three-byte UTF-8 sequences
    /// (15 bytes) whose leads need no range check (E1 to EF but ED), the usual run of CJK
    /// text. The shape is one masked comparison against the pattern lead, continuation,
    /// continuation; the leads' exceptions one more.
    @inline(__always)
    static func startsWithFiveThreeByteSequences(_ position: UnsafePointer<UInt8>) -> Bool {
        let block = load(position)
        let shapeMask = Block(0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0)
        let shape = Block(0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0)
        let leads: UInt32 = 0b0001_0010_0100_1001
        let exceptions = (block .== Block(repeating: 0xE0)) .| (block .== Block(repeating: 0xED))
        return bits((block & shapeMask) .== shape) == 0xFFFF && bits(exceptions) & leads == 0
    }

    /// Skips JSON white space (space, tab, line feed, carriage return) up to the first other
    /// byte, or to where less than a block is left.
    @inline(__always)
    static func skipWhitespace(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var position = start
        while end - position >= width {
            let block = load(position)
            let blank =
                (block .== Block(repeating: UInt8(ascii: " "))) .| (block .== Block(repeating: UInt8(ascii: "\n")))
                .| (block .== Block(repeating: UInt8(ascii: "\r"))) .| (block .== Block(repeating: UInt8(ascii: "\t")))
            let lane = firstSetLane(.!blank)
            position += lane
            if lane < width { break }
        }
        return position
    }

    /// Skips spaces up to the first other byte, or to where less than a block is left: the
    /// indentation of pretty-printed JSON, one comparison a block.
    @inline(__always)
    static func skipSpaces(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var position = start
        // Two blocks a step: most indentation is over sixteen bytes deep and under 32.
        while end - position >= 2 * width {
            let spaces =
                bits(load(position) .== Block(repeating: UInt8(ascii: " ")))
                | bits(load(position + width) .== Block(repeating: UInt8(ascii: " "))) << 16
            let lane = (~spaces).trailingZeroBitCount
            position += lane
            if lane < 2 * width { return position }
        }
        while end - position >= width {
            let lane = (bits(load(position) .== Block(repeating: UInt8(ascii: " "))) ^ 0xFFFF | 1 << 16).trailingZeroBitCount
            position += lane
            if lane < width { break }
        }
        return position
    }

    /// Skips ASCII digits up to the first other byte, or to where less than a block is left.
    /// Returns where it stopped and whether a block found the other byte there.
    @inline(__always)
    static func skipDigits(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> (position: UnsafePointer<UInt8>, found: Bool) {
        var position = start
        while end - position >= width {
            let other = (load(position) &- Block(repeating: UInt8(ascii: "0"))) .> Block(repeating: 9)
            let lane = firstSetLane(other)
            position += lane
            if lane < width { return (position, true) }
        }
        return (position, false)
    }
}
