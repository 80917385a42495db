import Foundation

/// Turns input bytes into the UTF-8 the scanner reads, as Foundation's `JSONDecoder` does:
/// a UTF-8 byte order mark is skipped; UTF-16 and UTF-32 (detected by their byte order mark, or
/// by the zero bytes an ASCII first character leaves) are transcoded.
enum InputEncoding {
    private enum Detected { case utf8, utf16BE, utf16LE, utf32BE, utf32LE }

    /// An owned copy of the input as UTF-8; the caller deallocates it.
    static func utf8Copy(of data: Data) throws(JSONSyntaxError) -> UnsafeMutableBufferPointer<UInt8> {
        let result: Result<UnsafeMutableBufferPointer<UInt8>, JSONSyntaxError> = data.withUnsafeBytes { raw in
            utf8Copy(of: raw.bindMemory(to: UInt8.self))
        }
        return try result.get()
    }

    /// The same for bytes held elsewhere (a streamed element, read in place from the stream's
    /// window): one copy, the one the document owns.
    static func utf8Copy(of bytes: UnsafeBufferPointer<UInt8>) -> Result<UnsafeMutableBufferPointer<UInt8>, JSONSyntaxError> {
        let (encoding, bomLength) = detect(bytes)
        let body = UnsafeBufferPointer(rebasing: bytes[bomLength...])
        if encoding == .utf8 {
            return .success(ownedCopy(of: body))
        }
        return transcode(body, from: encoding)
    }

    /// Foundation's rules, case for case: a byte order mark, or the zero bytes the first two
    /// (ASCII) characters leave in the first four bytes; two-byte input is UTF-16 when one of
    /// its bytes is zero. `FE FF 00 00` is read as Foundation reads it, as UTF-32 little-endian
    /// after those four bytes (as UTF-16 it would start with U+0000, never valid JSON). One
    /// deliberate difference: `FF FE 00 00` is the UTF-32 little-endian byte order mark here,
    /// where Foundation reads UTF-16 and fails.
    private static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (Detected, Int) {
        let count = bytes.count
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return (.utf8, 3) }
        if count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0, 0, 0xFE, 0xFF): return (.utf32BE, 4)
            case (0xFE, 0xFF, 0, 0), (0xFF, 0xFE, 0, 0): return (.utf32LE, 4)
            default: break
            }
        }
        if count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return (.utf16BE, 2) }
        if count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return (.utf16LE, 2) }
        if count >= 4 {
            switch (bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0) {
            case (true, true, true, false): return (.utf32BE, 0)
            case (false, true, true, true): return (.utf32LE, 0)
            case (true, false, true, false): return (.utf16BE, 0)
            case (false, true, false, true): return (.utf16LE, 0)
            default: break
            }
        } else if count == 2 {
            if bytes[0] == 0 && bytes[1] != 0 { return (.utf16BE, 0) }
            if bytes[0] != 0 && bytes[1] == 0 { return (.utf16LE, 0) }
        }
        return (.utf8, 0)
    }

    /// A trailing incomplete code unit (an odd byte of UTF-16) is dropped, as Foundation's
    /// transcoding drops it.
    private static func transcode(_ body: UnsafeBufferPointer<UInt8>, from encoding: Detected) -> Result<UnsafeMutableBufferPointer<UInt8>, JSONSyntaxError> {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var failed = false
        switch encoding {
        case .utf16BE, .utf16LE:
            let bigEndian = encoding == .utf16BE
            let units = stride(from: 0, to: body.count - 1, by: 2).lazy.map { offset -> UInt16 in
                let high = UInt16(body[offset + (bigEndian ? 0 : 1)])
                let low = UInt16(body[offset + (bigEndian ? 1 : 0)])
                return high << 8 | low
            }
            failed = transcode(units.makeIterator(), from: UTF16.self, into: &utf8)
        case .utf32BE, .utf32LE:
            let bigEndian = encoding == .utf32BE
            let units = stride(from: 0, to: body.count - 3, by: 4).lazy.map { offset -> UInt32 in
                var value: UInt32 = 0
                for index in 0..<4 {
                    value = value << 8 | UInt32(body[offset + (bigEndian ? index : 3 - index)])
                }
                return value
            }
            failed = transcode(units.makeIterator(), from: UTF32.self, into: &utf8)
        case .utf8:
            break
        }
        if failed {
            // Transcoding stopped at the bad code unit, so the text produced so far ends where
            // the error is: its line and column are those of the bad unit.
            let reason = "Invalid \(encoding == .utf16BE || encoding == .utf16LE ? "UTF-16" : "UTF-32") input"
            return .failure(utf8.withUnsafeBufferPointer { JSONSyntaxError(.invalidUTF16OrUTF32, reason: reason, offset: $0.count, in: $0) })
        }
        return .success(utf8.withUnsafeBufferPointer(ownedCopy))
    }

    private static func ownedCopy(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutableBufferPointer<UInt8> {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        return copy
    }

    /// Returns `true` when the input held an invalid code unit sequence; `output` then holds
    /// the text before it.
    private static func transcode<Input: IteratorProtocol, Codec: UnicodeCodec>(
        _ input: Input, from codec: Codec.Type, into output: inout [UInt8]
    ) -> Bool where Input.Element == Codec.CodeUnit {
        Swift.transcode(input, from: codec, to: UTF8.self, stoppingOnError: true) { output.append($0) }
    }
}
