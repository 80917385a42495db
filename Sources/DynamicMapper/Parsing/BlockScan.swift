/// Skips, sixteen bytes at a time, the runs of bytes the scanner would otherwise pass over one
/// by one: the plain bytes of a string, white space between tokens, the digits of a number.
///
/// A block only ever decides how far to skip. Each function stops at the first byte that needs
/// a look (or where less than a block is left) and the scanner's byte loop takes over there, so
/// every check and every error position stays with the byte loop, which is also the whole
/// scanner when `ScanOptions.scansByteByByte` is set (the reference the tests compare against).
/// Loads happen only where a whole block lies inside the input: nothing is read past its end.
enum BlockScan {
    typealias Block = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>

    static let width = MemoryLayout<Block>.size

    @inline(__always)
    static func load(_ position: UnsafePointer<UInt8>) -> Block {
        UnsafeRawPointer(position).loadUnaligned(as: Block.self)
    }

    /// The lane of the first set byte, or `width` when none is set. There is no portable
    /// "move mask", so the sixteen 0x00/0xFF lanes are read as two words.
    @inline(__always)
    static func firstSetLane(_ mask: Mask) -> Int {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        return 8 + UInt64(littleEndian: words[1]).trailingZeroBitCount >> 3
    }

    @inline(__always)
    static func anySet(_ mask: Mask) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
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
            let special = (block .== Block(repeating: UInt8(ascii: "\"")))
                .| (block .== Block(repeating: UInt8(ascii: "\\")))
                .| ((block &- Block(repeating: 0x20)) .> Block(repeating: 0x5F))
            let lane = firstSetLane(special)
            position += lane
            if lane < width { return (position, true) }
        }
        return (position, false)
    }

    /// Skips JSON white space (space, tab, line feed, carriage return) up to the first other
    /// byte, or to where less than a block is left.
    @inline(__always)
    static func skipWhitespace(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var position = start
        while end - position >= width {
            let block = load(position)
            let blank = (block .== Block(repeating: UInt8(ascii: " "))) .| (block .== Block(repeating: UInt8(ascii: "\n")))
                .| (block .== Block(repeating: UInt8(ascii: "\r"))) .| (block .== Block(repeating: UInt8(ascii: "\t")))
            let lane = firstSetLane(.!blank)
            position += lane
            if lane < width { break }
        }
        return position
    }

    /// Skips ASCII digits up to the first other byte, or to where less than a block is left.
    @inline(__always)
    static func skipDigits(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var position = start
        while end - position >= width {
            let other = (load(position) &- Block(repeating: UInt8(ascii: "0"))) .> Block(repeating: 9)
            let lane = firstSetLane(other)
            position += lane
            if lane < width { break }
        }
        return position
    }
}
