import Foundation

/// Byte equality of two ranges, a word at a time (keys and literals are short, so this beats
/// calling `memcmp`).
@inline(__always)
func memcmpEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while count - index >= 8 {
        if UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self) {
            return false
        }
        index += 8
    }
    while index < count {
        if lhs[index] != rhs[index] { return false }
        index += 1
    }
    return true
}

/// Byte helpers shared by the scanner and the readers of what it scanned.
enum ScanBytes {
    /// Stands in for the base address of empty buffers, which have none. Never written to,
    /// never read (a count of zero goes with it) and never freed: one byte for the process.
    nonisolated(unsafe) static let emptyPointer = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    /// The index of the first `byte` in `bytes` at or after `start`, or `bytes.count`: libc's
    /// `memchr`, which reads a vector at a time (a line of JSON Lines is found at a fraction of
    /// an instruction per byte, where a loop over the bytes took five).
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return false
        }
    }
}
