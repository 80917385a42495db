/// Finds bytes of 0x80 and more, sixteen at a time, then eight: only text with such bytes can
/// have a second, canonically equivalent spelling.
enum ASCIIScan {
    @inline(__always)
    static func containsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return containsNonASCII(base, count: bytes.count)
    }

    static func containsNonASCII(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var position = 0
        while count - position >= BlockScan.width {
            if BlockScan.anySet(BlockScan.load(base + position) .>= BlockScan.Block(repeating: 0x80)) { return true }
            position += BlockScan.width
        }
        while count - position >= 8 {
            if UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            position += 8
        }
        while position < count {
            if base[position] >= 0x80 { return true }
            position += 1
        }
        return false
    }
}
