/// A number literal's text, stored without a heap allocation when it can be.
///
/// `String` keeps up to 15 UTF-8 bytes inline; longer literals (`-65.613616999999977`, as most
/// of a GeoJSON file's coordinates are) would each allocate. Those of up to 32 characters, all
/// from `0123456789-+.eE`, are packed four bits a character into two words instead.
enum PackedLiteral: Sendable {
    case text(String)
    /// Characters in order from the low nibble of the first word; code 0 ends the text early.
    case packed(UInt64, UInt64)

    private static let inlineLimit = 15
    private static let packedLimit = 32
    /// The character of each nibble code (code 0 is unused: it ends the text).
    private static let characters: StaticString = "\00123456789-+.eE"

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > Self.inlineLimit, bytes.count <= Self.packedLimit, let words = Self.pack(bytes) else {
            self = .text(String(decoding: bytes, as: UTF8.self))
            return
        }
        self = .packed(words.0, words.1)
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        var words: (UInt64, UInt64) = (0, 0)
        for (position, byte) in bytes.enumerated() {
            let code: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): code = UInt64(byte &- UInt8(ascii: "0")) &+ 1
            case UInt8(ascii: "-"): code = 11
            case UInt8(ascii: "+"): code = 12
            case UInt8(ascii: "."): code = 13
            case UInt8(ascii: "e"): code = 14
            case UInt8(ascii: "E"): code = 15
            default: return nil
            }
            let shift = UInt64(truncatingIfNeeded: (position & 15) * 4)
            if position < 16 { words.0 |= code << shift } else { words.1 |= code << shift }
        }
        return words
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
