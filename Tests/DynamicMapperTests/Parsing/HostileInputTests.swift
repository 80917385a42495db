import Foundation
import Testing
import DynamicMapper
#if canImport(Glibc)
import Glibc
#endif

// Input an attacker (or a broken server) may send. Each case must end in a value or in a
// positioned error, never a crash or a hang, with memory bounded by the input's size.

// MARK: - Memory

/// The growth of this process's peak resident memory while `body` runs, in bytes, or `nil`
/// where `/proc/self` is not available. The peak is reset first (`/proc/self/clear_refs`), so
/// what came before does not count; other suites running at the same time may add to it (see `expectBoundedMemory`).
private func peakMemoryGrowth<T>(_ body: () throws -> T) rethrows -> (value: T, growth: Int?) {
    // Free pages kept by malloc count as resident: hand them back before measuring.
    returnFreeMemoryToTheSystem()
    guard resetPeakMemory(), let before = memoryStatus("VmRSS") else { return (try body(), nil) }
    let value = try body()
    guard let peak = memoryStatus("VmHWM") else { return (value, nil) }
    return (value, max(0, peak - before))
}

/// glibc's `malloc_trim(0)`, found at run time (its header is not in the Glibc module).
private func returnFreeMemoryToTheSystem() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}

private func resetPeakMemory() -> Bool {
    // Foundation reads /proc files by their size, which is zero: use the file descriptor.
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, "5", 1) == 1
}

/// A field of `/proc/self/status` in bytes.
private func memoryStatus(_ field: String) -> Int? {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 16_384)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return nil }
    let status = String(decoding: bytes[..<count], as: UTF8.self)
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }
    return nil
}

/// AddressSanitizer's allocator keeps freed memory in quarantine and pads every block, and
/// ThreadSanitizer's runtime maps shadow memory for the pages a run touches, so memory bounds
/// say nothing under either (`swift test --sanitize=address` or `thread`); the debug and release
/// runs check them. (Under ThreadSanitizer, CI once saw this file's 10 MB string decode grow the
/// peak by 76 MiB on three attempts while the stack-budget suite ran beside it.)
private let runsUnderSanitizer: Bool = {
    #if canImport(Glibc)
    return dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    #else
    return false
    #endif
}()

/// What other suites, which run at the same time, may add to a measured peak.
private let otherSuitesAllowance = 32 * 1_048_576

/// How many times a measurement over its bound is taken again before it counts as a failure.
private let memoryAttempts = 3

/// Runs `body` and expects the peak memory to grow by at most `limit` bytes (plus what other
/// suites running at the same time may add).
///
/// The peak is the whole process's, and a suite running beside this one may touch far more
/// than the allowance at the same moment (the stack-budget tests run 100,000-level decodes on
/// big stacks): CI once saw 85 MiB there. So a measurement over the bound runs `body` again,
/// up to ``memoryAttempts`` times, and the smallest growth counts. A real regression is over
/// the bound on every attempt; a neighbour's burst is not.
private func expectBoundedMemory<T>(
    below limit: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) rethrows -> T {
    var (value, growth) = try peakMemoryGrowth(body)
    guard var smallest = growth, !runsUnderSanitizer else { return value }
    var attempt = 1
    while smallest > limit + otherSuitesAllowance, attempt < memoryAttempts {
        (value, growth) = try peakMemoryGrowth(body)
        smallest = min(smallest, growth ?? smallest)
        attempt += 1
    }
    #expect(
        smallest <= limit + otherSuitesAllowance,
        "peak memory grew by \(smallest / 1_048_576) MiB at least (\(attempt) attempts), limit \(limit / 1_048_576) MiB",
        sourceLocation: sourceLocation)
    return value
}

private let megabyte = 1_048_576

/// Parses `bytes` with `JSON(parsing:)` and decodes them with `DynamicJSONDecoder` as `JSON`,
/// expecting the same syntax error at `line`/`column` from both, in bounded memory.
private func expectRejected(
    _ bytes: Data, line: Int, column: Int, memory: Int = 16 * megabyte,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectBoundedMemory(below: memory, sourceLocation: sourceLocation) {
        expectSyntaxError(line: line, column: column, sourceLocation: sourceLocation) { try JSON(parsing: bytes) }
        expectSyntaxError(line: line, column: column, sourceLocation: sourceLocation) {
            try DynamicJSONDecoder().decode(JSON.self, from: bytes)
        }
    }
}

private func expectRejected(
    _ text: String, line: Int = 1, column: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectRejected(Data(text.utf8), line: line, column: column, sourceLocation: sourceLocation)
}

private struct HostileStatus: Codable, Equatable {
    var id: UInt64
    var text: String
    var user: HostileUser
    var retweets: Int
    var favorited: Bool
}

private struct HostileUser: Codable, Equatable {
    var id: Int
    var name: String
    var followers: Int
    var verified: Bool
}

// MARK: - Tests

@Suite("Hostile input", .serialized)
struct HostileInputTests {
    // MARK: Depth

    @Test func hundredThousandNestedArrays() {
        let closed = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let open = Data(String(repeating: "[", count: 100_000).utf8)
        // The 513th bracket is one too deep for the default limit of 512.
        expectRejected(closed, line: 1, column: 513)
        expectRejected(open, line: 1, column: 513)
        expectBoundedMemory(below: 16 * megabyte) {
            expectSyntaxError(line: 1, column: 513) { try JSONDocument(parsing: closed) }
        }
    }

    @Test func hundredThousandNestedObjects() {
        let opening = String(repeating: #"{"a":"#, count: 100_000)
        let closed = Data((opening + "1" + String(repeating: "}", count: 100_000)).utf8)
        // Each level is five bytes, so the 513th `{` is at column 5 * 512 + 1.
        expectRejected(closed, line: 1, column: 2_561)
        expectRejected(Data(opening.utf8), line: 1, column: 2_561)
    }

    @Test func nestingAcrossLinesCountsLines() {
        let text = String(repeating: "[\n", count: 600)
        expectRejected(text, line: 513, column: 1)
    }

    // MARK: Size

    /// About 100 MB of records shaped like a timeline API's (64-bit ids, dates, text with
    /// escapes and non-ASCII, a nested user): about 19 bytes of input a value, as in
    /// `twitter.json`. Parsing keeps a UTF-8 copy of the input and 16 bytes a value, so the
    /// peak stays under three times the input's size, the input included. Denser documents
    /// (a long array of small numbers) cost more a byte: see SECURITY.md.
    @Test func hundredMegabyteDocumentInBoundedMemory() throws {
        var block = ""
        for index in 0..<1_000 {
            block += #"{"id":\#(1_234_567_890_123_456_789 - index),"id_str":"\#(1_234_567_890_123_456_789 - index)","#
            block += #""created":"Sun Aug 31 00:29:15 +0000 2014","text":"Status \#(index): \u00e9t\u00e9 \"quoted\" "#
            block += #"words and a link https:\/\/example.com\/path?query=\#(index) to fill a line of text like a real post \ud83d\ude00","#
            block += #""source":"<a href=\"https:\/\/example.com\" rel=\"nofollow\">Example for iPhone<\/a>","#
            block += #""user":{"id":\#(index),"name":"User \#(index)","handle":"user_\#(index)","#
            block += #""bio":"Writes about Swift, JSON and the weather; opinions are their own.","followers":\#(index * 37),"verified":false},"#
            block += #""retweets":\#(index % 13),"favorited":\#(index % 2 == 0),"lang":"en"},"#
        }
        let blockBytes = Array(block.utf8)
        let blocks = 100 * 1_000_000 / blockBytes.count + 1
        var data = Data(capacity: blocks * blockBytes.count + 1)
        data.append(UInt8(ascii: "["))
        for _ in 0..<blocks { data.append(contentsOf: blockBytes) }
        data[data.count - 1] = UInt8(ascii: "]")
        let count = blocks * 1_000
        #expect(data.count >= 100 * 1_000_000)

        // The document: at most twice the input on top of it.
        let document = try expectBoundedMemory(below: 2 * data.count) { try JSONDocument(parsing: data) }
        #expect(document.root[count - 1]?["user"]?["handle"] == "user_999")
        // Decoding models: the document and the models together, at most three times the input.
        let statuses = try expectBoundedMemory(below: 3 * data.count) {
            try DynamicJSONDecoder().decode([HostileStatus].self, from: data)
        }
        #expect(statuses.count == count)
        #expect(
            statuses.last
                == HostileStatus(
                    id: 1_234_567_890_123_456_789 - 999,
                    text: "Status 999: été \"quoted\" words and a link https://example.com/path?query=999 to fill a line of text like a real post \u{1F600}",
                    user: HostileUser(id: 999, name: "User 999", followers: 999 * 37, verified: false), retweets: 999 % 13, favorited: false))
        // A byte missing at the end is found after 100 MB, with its position.
        expectBoundedMemory(below: 2 * data.count) {
            expectSyntaxError(line: 1, column: data.count) { try JSONDocument(parsing: data.dropLast()) }
        }
    }

    @Test func tenMegabyteString() throws {
        let content = String(repeating: "abcdefghi\u{e9}", count: 10 * megabyte / 11)
        let data = Data(("[\"" + content + "\"]").utf8)
        let decoded = try expectBoundedMemory(below: 4 * data.count) {
            try DynamicJSONDecoder().decode([String].self, from: data)
        }
        #expect(decoded == [content])
        #expect(try JSON(parsing: data).serialized() == data)
        // Unterminated: the error points at the opening quote.
        expectRejected(Data(data.dropLast(2)), line: 1, column: 2, memory: 4 * data.count)
        // Escapes all the way: ten million bytes of `\n`.
        let escaped = Data(("\"" + String(repeating: "\\n", count: 5 * megabyte) + "\"").utf8)
        let unescaped = try expectBoundedMemory(below: 4 * escaped.count) {
            try DynamicJSONDecoder().decode(String.self, from: escaped)
        }
        #expect(unescaped.utf8.count == 5 * megabyte)
    }

    // MARK: Numbers

    @Test func tenThousandDigitNumber() throws {
        let digits = "9" + String(repeating: "0", count: 9_999)
        let data = Data(digits.utf8)
        // The literal is kept exactly.
        let json = try JSON(parsing: data)
        #expect(json.numberValue?.literal == digits)
        #expect(json.serialized() == data)
        // A fixed-width integer cannot hold it: an error naming the number, not a wrap.
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(Int.self, from: data) }
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(UInt64.self, from: data) }
        // Nor can a Double: as Foundation, out of range is an error, not infinity.
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(Double.self, from: data) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Double.self, from: data) }
        // A fraction of ten thousand digits is a Double that rounds.
        let fraction = Data(("0." + String(repeating: "3", count: 10_000)).utf8)
        #expect(try DynamicJSONDecoder().decode(Double.self, from: fraction) == 0.3333333333333333)
        // A malformed long number is positioned at the first wrong byte.
        expectRejected(digits + "x", column: 10_001)
        expectRejected("-" + String(repeating: "1", count: 10_000) + ".e5", column: 10_003)
    }

    @Test func numberOutOfDoubleRange() throws {
        let data = Data("1e400".utf8)
        #expect(try JSON(parsing: data).numberValue?.literal == "1e400")
        #expect(try JSON(parsing: data).serialized() == data)
        for decoder in [DynamicJSONDecoder(), JSONDecoder()] {
            #expect(throws: DecodingError.self) { try decoder.decode(Double.self, from: data) }
            #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: data) }
            #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: data) }
        }
        do {
            _ = try DynamicJSONDecoder().decode([String: Double].self, from: Data(#"{"big": 1e400}"#.utf8))
            Issue.record("1e400 decoded as a Double")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["big"])
            #expect(context.debugDescription.contains("1e400"))
        }
        // Numbers too small for a Double are refused too, as Foundation does, rather than
        // becoming zero; the smallest subnormal is still read.
        let tiny = Data("1e-400".utf8)
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(Double.self, from: tiny) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Double.self, from: tiny) }
        #expect(try DynamicJSONDecoder().decode(Double.self, from: Data("4e-324".utf8)) == .leastNonzeroMagnitude)
    }

    @Test func negativeZero() throws {
        let data = Data("-0".utf8)
        let double = try DynamicJSONDecoder().decode(Double.self, from: data)
        #expect(double == 0 && double.sign == .minus)
        #expect(try DynamicJSONDecoder().decode(Int.self, from: data) == 0)
        #expect(try JSON(parsing: data).serialized() == data)
        #expect(try DynamicJSONEncoder().encode(-0.0) == Data("-0".utf8))
        #expect(try JSON(parsing: "[-0.0,-0e0]").serializedString() == "[-0.0,-0e0]")
        expectRejected("-", column: 2)
        expectRejected("-00", column: 3)
    }

    // MARK: Encodings

    @Test(
        arguments: [
            // bytes, column of the first bad byte
            ([0x22, 0x80, 0x22], 2), // a lone continuation byte
            ([0x22, 0x61, 0xC3, 0x22], 3), // a two-byte sequence cut short
            ([0x22, 0xE2, 0x82, 0x22], 2), // a three-byte sequence cut short
            ([0x22, 0xF0, 0x9F, 0x98], 2), // cut short by the end of input
            ([0x22, 0xFF, 0x22], 2), // never valid
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 2), // past U+10FFFF
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2), // a UTF-16 surrogate spelled in UTF-8
            ([0x5B, 0x31, 0x2C, 0xC3, 0x5D], 4), // outside a string
        ] as [([UInt8], Int)])
    func invalidUTF8(_ bytes: [UInt8], column: Int) {
        expectRejected(Data(bytes), line: 1, column: column)
    }

    @Test(
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22], // "/" in two bytes
            [0x22, 0xC1, 0xBF, 0x22],
            [0x22, 0xE0, 0x80, 0xAF, 0x22], // "/" in three bytes
            [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], // "/" in four bytes
            [0x22, 0xC0, 0x80, 0x22], // NUL in two bytes (modified UTF-8)
        ] as [[UInt8]])
    func overlongEncodings(_ bytes: [UInt8]) {
        expectRejected(Data(bytes), line: 1, column: 2)
    }

    @Test(arguments: [
        // text, column of the escape that is wrong
        (#""\uD800""#, 2), // lone high surrogate
        (#""\uDC00""#, 2), // lone low surrogate
        (#""\uDC00\uD800""#, 2), // reversed pair
        (#""ab\uD83D""#, 4), // high surrogate at the end
        (#""\uD83Dx""#, 2), // high surrogate, then a character
        (#""\uD83D\u0041""#, 2), // high surrogate, then a non-surrogate escape
        (#""\uD83D\uD83D""#, 2), // two high surrogates
        (#"{"\uDFFF": 1}"#, 3), // in a key
    ])
    func badSurrogateEscapes(_ text: String, column: Int) throws {
        expectRejected(text, column: column)
        // The same pair in the right order is one scalar.
        #expect(try JSON(parsing: #""\uD83D\uDE00""#) == "\u{1F600}")
    }

    @Test func nulBytes() throws {
        expectRejected(Data([0x22, 0x61, 0x00, 0x22]), line: 1, column: 3) // raw NUL in a string
        expectRejected(Data([0x5B, 0x31, 0x00, 0x5D]), line: 1, column: 3) // raw NUL between values
        expectRejected(Data([0x5B, 0x31, 0x5D, 0x00]), line: 1, column: 4) // after a complete value
        // Two bytes `1`, NUL are the UTF-16LE spelling of `1`, found by the pattern of zeros
        // as RFC 4627 describes and Foundation does.
        #expect(try JSON(parsing: Data([0x31, 0x00])) == 1)
        // An escaped NUL is a character like any other, and comes back escaped.
        let json = try JSON(parsing: #"{"a\u0000b": "\u0000"}"#)
        #expect(json["a\u{0}b"] == "\u{0}")
        #expect(json.serializedString() == #"{"a\u0000b":"\u0000"}"#)
        #expect(try DynamicJSONDecoder().decode([String: String].self, from: Data(#"{"k": "x\u0000y"}"#.utf8)) == ["k": "x\u{0}y"])
    }

    @Test func controlCharacters() throws {
        for byte in UInt8(0x01)...UInt8(0x1F) {
            expectRejected(Data([0x22, 0x61, byte, 0x22]), line: 1, column: 3)
        }
        // DEL and the C1 controls are allowed, as RFC 8259 says.
        #expect(try JSON(parsing: "\"\u{7F}\u{85}\"") == "\u{7F}\u{85}")
        // Escaped controls come back as escapes.
        #expect(try JSON(parsing: #""\u0001\t\u001f""#).serializedString() == #""\u0001\t\u001f""#)
    }

    // MARK: Structure

    @Test func duplicateKeysFirstWins() throws {
        let data = Data(#"{"id": 1, "id": 2, "nested": {"x": "first", "x": "second"}}"#.utf8)
        let json = try JSON(parsing: data)
        #expect(json["id"] == 1)
        #expect(json["nested"]?["x"] == "first")
        #expect(json.serializedString() == #"{"id":1,"nested":{"x":"first"}}"#)
        struct Model: Codable { var id: Int }
        #expect(try DynamicJSONDecoder().decode(Model.self, from: data).id == 1)
        #expect(try JSONDecoder().decode(Model.self, from: data).id == 1)
        #expect(try DynamicJSONDecoder().decode([String: JSON].self, from: data)["id"] == 1)
        #expect(DynamicClass(json).nested.x.debugDescription == #""first""#)
    }

    @Test func byteOrderMark() throws {
        // A UTF-8 byte order mark at the start is skipped, as Foundation does.
        let marked = Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(try JSON(parsing: marked) == [1])
        #expect(try DynamicJSONDecoder().decode([Int].self, from: marked) == [1])
        // Anywhere else it is an unexpected character.
        expectRejected(Data(Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)), line: 1, column: 4)
        // Two marks: the second is not skipped.
        expectRejected(Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("1".utf8)), line: 1, column: 1)
    }

    @Test func trailingGarbage() {
        expectRejected("{} x", column: 4)
        expectRejected("[1] ]", column: 5)
        expectRejected("1 2", column: 3)
        expectRejected("\"a\"\"b\"", column: 4)
        expectRejected("null\n\n  ,", line: 3, column: 3)
        expectRejected("{}" + String(repeating: " ", count: 1_000) + "{}", column: 1_003)
    }

    @Test func emptyInput() {
        expectRejected(Data(), line: 1, column: 1)
        expectRejected("   ", column: 4)
        expectRejected("\n\n", line: 3, column: 1)
        expectRejected(Data([0xEF, 0xBB, 0xBF]), line: 1, column: 1)
    }
}
