import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// Resolving escapes in string content the scanner has validated: plain runs are copied in one
// go up to the next backslash, so runs of every length, at every position around the escapes,
// must come out as they went in. Each random content is built from pieces whose value is
// known, so the expected string is built alongside it.

@Suite("String unescaping")
struct StringUnescapingTests {
    /// Escapes JSON has, each with the text it stands for.
    private static let strictEscapes: [(raw: String, value: String)] = [
        (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"),
        (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\u0000"#, "\u{0}"),
        (#"\u20AC"#, "€"), (#"\ud83d\ude00"#, "😀"), (#"\uFFFF"#, "\u{FFFF}"), (#"\u005C"#, "\\"),
    ]

    /// The ones only JSON5 admits (line continuations stand for nothing).
    private static let json5Escapes: [(raw: String, value: String)] = [
        (#"\'"#, "'"), (#"\v"#, "\u{0B}"), (#"\0"#, "\u{0}"), (#"\x41"#, "A"), (#"\xe9"#, "é"),
        ("\\\n", ""), ("\\\r\n", ""), ("\\\r", ""), ("\\\u{2028}", ""), ("\\\u{2029}", ""),
    ]

    /// Plain text of `length` characters, ASCII and not, never a backslash or a quote.
    private static func plain(length: Int, using random: inout SeededRandom) -> String {
        let characters: [Character] = ["a", "Z", "0", " ", "/", "é", "€", "😀", "語", "-"]
        return String((0..<length).map { _ in characters.randomElement(using: &random)! })
    }

    private static func randomContent(escapes: [(raw: String, value: String)], using random: inout SeededRandom) -> (raw: String, value: String) {
        var raw = ""
        var value = ""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            // Runs from empty to past two 16-byte blocks, so that escapes fall at every offset.
            let text = plain(length: Int.random(in: 0...40, using: &random), using: &random)
            raw += text
            value += text
            if Bool.random(using: &random) {
                let escape = escapes.randomElement(using: &random)!
                raw += escape.raw
                value += escape.value
            }
        }
        return (raw, value)
    }

    private static func unescape(_ raw: String) -> String {
        Array(raw.utf8).withUnsafeBufferPointer { StringUnescaping.unescape($0) }
    }

    @Test("strict escapes between plain runs of every length resolve to the text they stand for")
    func strictEscapes() throws {
        for seed in UInt64(0)..<2_000 {
            var random = SeededRandom(state: seed)
            let (raw, value) = Self.randomContent(escapes: Self.strictEscapes, using: &random)
            #expect(Self.unescape(raw) == value, "seed \(seed): \(raw)")
        }
    }

    @Test("JSON5's extra escapes and line continuations resolve too")
    func json5Escapes() {
        for seed in UInt64(0)..<2_000 {
            var random = SeededRandom(state: seed)
            let (raw, value) = Self.randomContent(escapes: Self.strictEscapes + Self.json5Escapes, using: &random)
            #expect(Self.unescape(raw) == value, "seed \(seed): \(raw)")
        }
    }

    @Test("a parsed document reads escaped strings as Foundation's decoder does")
    func parsedAsFoundationReads() throws {
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let (raw, value) = Self.randomContent(escapes: Self.strictEscapes, using: &random)
            let data = Data("[\"\(raw)\"]".utf8)
            let ours = try JSON(parsing: data)
            let foundation = try JSONDecoder().decode([String].self, from: data)
            #expect(ours == .array([.string(value)]), "seed \(seed): \(raw)")
            #expect(foundation == [value], "seed \(seed): \(raw)")
        }
    }

    @Test("content with no plain run, only escapes back to back, and edge lengths")
    func edges() {
        #expect(Self.unescape("") == "")
        #expect(Self.unescape(#"\n\t\\"#) == "\n\t\\")
        #expect(Self.unescape(#"\u0041\u0042"#) == "AB")
        #expect(Self.unescape(#"abc\n"#) == "abc\n")
        #expect(Self.unescape(#"\nabc"#) == "\nabc")
        #expect(Self.unescape(String(repeating: "x", count: 100) + #"\/"#) == String(repeating: "x", count: 100) + "/")
    }
}
