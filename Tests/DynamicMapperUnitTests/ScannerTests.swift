import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The scanner on its own: the nodes it writes (kind, flags, byte position, count, where a
// container's descendants end), the nesting limit, and the error with its position at each
// place it refuses input. Parsing through the public API is tested end to end elsewhere.

@Suite("Scanner")
struct ScannerTests {
    // MARK: Tokens and positions

    @Test("a strict document scans to its exact tape")
    func strictTape() throws {
        let tape = try scanTape(#"{"a":[1,true,null,"x\n"],"bé":-0.5e2}"#).get()
        #expect(
            tape == [
                Token(.object, offset: 0, length: 2, end: 9),
                Token(.string, offset: 2, length: 1),
                Token(.array, offset: 5, length: 4, end: 7),
                Token(.number, .integer, offset: 6, length: 1),
                Token(.true, offset: 8, length: 4),
                Token(.null, offset: 13, length: 4),
                Token(.string, .escaped, offset: 19, length: 3),
                Token(.string, .nonASCII, offset: 26, length: 3),
                Token(.number, offset: 31, length: 6),
            ])
    }

    @Test("JSON5 spellings are flagged: unquoted and single-quoted keys, hexadecimal, a leading + and .")
    func json5Tape() throws {
        let tape = try scanTape("{a:0x1F,'s':+.5,}", ScanOptions(allowsJSON5: true)).get()
        #expect(
            tape == [
                Token(.object, offset: 0, length: 2, end: 5),
                Token(.string, offset: 1, length: 1),
                Token(.number, [.integer, .json5, .hexadecimal], offset: 3, length: 4),
                Token(.string, offset: 9, length: 1),
                Token(.number, .json5, offset: 12, length: 3),
            ])
    }

    @Test("a top-level object without braces starts at its first key and ends with the input")
    func implicitTopLevelObject() throws {
        let options = ScanOptions(allowsJSON5: true, assumesTopLevelDictionary: true)
        #expect(
            try scanTape("  a: 1, b: [] ", options).get() == [
                Token(.object, offset: 2, length: 2, end: 5),
                Token(.string, offset: 2, length: 1),
                Token(.number, .integer, offset: 5, length: 1),
                Token(.string, offset: 8, length: 1),
                Token(.array, offset: 11, length: 0, end: 5),
            ])
        #expect(try scanTape("", options).get() == [Token(.object, offset: 0, length: 0, end: 1)])
    }

    @Test("random documents scan to the tape they were written with")
    func randomTapes() {
        for seed in UInt64(0)..<400 {
            let document = RandomTape(seed: seed)
            let text = String(decoding: document.text, as: UTF8.self)
            switch scanTape(document.text) {
            case .success(let tape):
                #expect(tape == document.tokens, "seed \(seed): \(text.debugDescription)")
            case .failure(let error):
                Issue.record("seed \(seed): \(text.debugDescription) refused: \(error)")
            }
        }
    }

    // MARK: Depth

    @Test("nesting up to the limit scans; one more level is refused at its opening bracket")
    func depthLimit() throws {
        #expect(try scanTape("[[[]]]", ScanOptions(maximumDepth: 3)).get().count == 3)
        let error = try #require(scanTape(#"[{"k":[]}]"#, ScanOptions(maximumDepth: 2)).failure)
        #expect(error.reason == "Too many nested arrays or objects (the limit is 2)")
        #expect((error.offset, error.line, error.column) == (6, 1, 7))
        // A limit below one still lets the top-level container open.
        #expect(try scanTape("[]", ScanOptions(maximumDepth: 0)).get().count == 1)
    }

    @Test("random nesting: accepted exactly up to the limit, refused at the first bracket past it")
    func randomDepths() {
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let depth = Int.random(in: 1...12, using: &random)
            let limit = Int.random(in: 1...12, using: &random)
            var text = ""
            var openers: [Int] = []
            var closers = ""
            for _ in 0..<depth {
                if Bool.random(using: &random) {
                    text += #"{"k":"#
                    openers.append(text.utf8.count - 5)
                    closers = "}" + closers
                } else {
                    text += "["
                    openers.append(text.utf8.count - 1)
                    closers = "]" + closers
                }
            }
            text += "0" + closers
            switch scanTape(text, ScanOptions(maximumDepth: limit)) {
            case .success(let tape):
                let containers = tape.filter { $0.kind == .array || $0.kind == .object }.count
                #expect(depth <= limit, "seed \(seed): \(text) accepted with limit \(limit)")
                #expect(containers == depth, "seed \(seed)")
            case .failure(let error):
                #expect(depth > limit, "seed \(seed): \(text) refused with limit \(limit): \(error)")
                #expect(error.reason == "Too many nested arrays or objects (the limit is \(limit))", "seed \(seed)")
                let expectedOffset = depth > limit ? openers[limit] : -1
                #expect(error.offset == expectedOffset, "seed \(seed): \(text)")
            }
        }
    }

    // MARK: Errors

    /// One place the scanner refuses input: the text, the reason and where (byte offset, line,
    /// column in Unicode scalars).
    struct Refusal: CustomTestStringConvertible, Sendable {
        var bytes: [UInt8]
        var json5 = false
        var reason: String
        var offset: Int
        var line = 1
        var column: Int

        init(_ text: String, json5: Bool = false, _ reason: String, offset: Int, line: Int = 1, column: Int? = nil) {
            self.init(Array(text.utf8), json5: json5, reason, offset: offset, line: line, column: column)
        }

        init(_ bytes: [UInt8], json5: Bool = false, _ reason: String, offset: Int, line: Int = 1, column: Int? = nil) {
            (self.bytes, self.json5, self.reason, self.offset, self.line) = (bytes, json5, reason, offset, line)
            self.column = column ?? offset + 1
        }

        var testDescription: String { "\(String(decoding: bytes, as: UTF8.self).debugDescription)\(json5 ? " (JSON5)" : "")" }
    }

    static let refusals: [Refusal] = [
        Refusal("", "Unexpected end of input: no JSON value", offset: 0),
        Refusal("  \n", "Unexpected end of input: no JSON value", offset: 3, line: 2, column: 1),
        Refusal("1 2", "Unexpected character '2' after the top-level value", offset: 2),
        Refusal(#"{"a""#, "Unexpected end of input: expected ':'", offset: 4),
        Refusal(#"{"a" 1}"#, "Expected ':' after an object key but found character '1'", offset: 5),
        Refusal("[1", "Unexpected end of input: unclosed array", offset: 2),
        Refusal(#"{"a":1"#, "Unexpected end of input: unclosed object", offset: 6),
        Refusal("[1,]", "Trailing comma before character ']' (allowed only with allowsJSON5)", offset: 3),
        Refusal("[1 2]", "Expected ',' or ']' but found character '2'", offset: 3),
        Refusal("[1,", "Unexpected end of input: expected a value", offset: 3),
        Refusal("[x]", "Unexpected character 'x': expected a value", offset: 1),
        Refusal(#"{"a":1,"#, "Unexpected end of input: expected an object key", offset: 7),
        Refusal("{1:2}", "Expected a string key but found character '1'", offset: 1),
        Refusal("[tru]", "Invalid literal: expected 'true'", offset: 1),
        Refusal("nul", "Invalid literal: expected 'null'", offset: 0),
        Refusal("fals", "Invalid literal: expected 'false'", offset: 0),
        Refusal(#"["abc"#, "Unterminated string", offset: 1),
        Refusal("\"a\nb\"", "Unescaped control character U+000A in a string", offset: 2),
        Refusal(#""\"#, "Unterminated escape sequence", offset: 1),
        Refusal(#""\uDC00""#, #"Unpaired low surrogate \uDC00 in a string"#, offset: 1),
        Refusal(#""\uD800x""#, #"Unpaired high surrogate \uD800 in a string"#, offset: 1),
        Refusal(#""\uD800\u0041""#, #"High surrogate \uD800 not followed by a low surrogate"#, offset: 1),
        Refusal(#""\q""#, #"Invalid escape sequence \q"#, offset: 1),
        Refusal(#""\u12""#, #"Invalid \u escape: expected four hexadecimal digits"#, offset: 1),
        Refusal(#""\u12G4""#, #"Invalid \u escape: expected four hexadecimal digits"#, offset: 1),
        Refusal([0x22, 0xFF, 0x22], "Invalid UTF-8 byte 0xFF", offset: 1),
        Refusal([0x22, 0xE0, 0x80, 0x80, 0x22], "Invalid UTF-8 sequence starting with 0xE0", offset: 1),
        Refusal([0x22, 0xC3], "Invalid UTF-8 sequence starting with 0xC3", offset: 1),
        Refusal("-", "Invalid number: expected a digit", offset: 1),
        Refusal("01", "Invalid number: leading zeros are not allowed", offset: 1),
        Refusal("1.", "Invalid number: expected a digit after '.'", offset: 2),
        Refusal("1e+", "Invalid number: expected a digit in the exponent", offset: 3),
        // Columns count Unicode scalars, offsets bytes.
        Refusal("[\"日本\",x]", "Unexpected character 'x': expected a value", offset: 10, column: 7),
        Refusal("[\"é\",\n  x]", "Unexpected character 'x': expected a value", offset: 9, line: 2, column: 3),
        Refusal("+", json5: true, "Invalid number", offset: 1),
        Refusal("0x", json5: true, "Invalid hexadecimal number", offset: 2),
        Refusal("0x1FFFFFFFFFFFFFFFF", json5: true, "Hexadecimal number larger than 64 bits", offset: 0),
        Refusal(".", json5: true, "Invalid number: expected a digit", offset: 1),
        Refusal("01", json5: true, "Invalid number: leading zeros are not allowed", offset: 1),
        Refusal(#"'\01'"#, json5: true, #"Invalid escape: \0 followed by a digit"#, offset: 3),
        Refusal(#"'\x4'"#, json5: true, #"Invalid \x escape: expected two hexadecimal digits"#, offset: 1),
        Refusal("{\u{2603}:1}", json5: true, "Expected an object key but found character '0xE2'", offset: 1),
        Refusal("{a 1}", json5: true, "Expected ':' after an object key but found character '1'", offset: 3),
        Refusal("[1,,]", json5: true, "Unexpected character ',': expected a value", offset: 3),
        Refusal("/* x", json5: true, "Unterminated /* comment", offset: 0),
    ]

    @Test("each refusal names the reason and the position", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let error = try #require(scanTape(refusal.bytes, ScanOptions(allowsJSON5: refusal.json5)).failure)
        #expect(error.reason == refusal.reason)
        #expect(error.offset == refusal.offset)
        #expect(error.line == refusal.line)
        #expect(error.column == refusal.column)
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
