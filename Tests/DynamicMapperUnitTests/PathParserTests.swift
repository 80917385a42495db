import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The path grammar's parser and printer on their own, with any separator: printing parsed text
// and parsing it again is a fixed point, and components written out by hand in the grammar
// parse back to themselves. (The spellings are in PathTests, the scale in PathScaleTests.)

@Suite("Path parser")
struct PathParserTests {
    /// Scalars that mean something to the grammar, and some that do not.
    private static let alphabet: [String] = [
        ".", "/", "[", "]", "\\", "0", "7", "-", " ", "a", "é", "e\u{301}", "\u{301}", "日", "\u{1F600}",
    ]
    private static let separators: [Character] = [".", "/", ":", "é", "\u{301}"]

    @Test("a separator other than the dot, a combining mark included")
    func separators() throws {
        #expect(try PathParser.parse("a/b.c[1]", separator: "/") == [.key("a"), .key("b.c"), .index(1)])
        #expect(try PathParser.parse("a\u{301}b", separator: "\u{301}") == [.key("a"), .key("b")])
        #expect(try PathParser.parse(#"a\/b/"#, separator: "/") == [.key("a/b"), .key("")])
        #expect(try PathParser.parse("", separator: "/") == [])
        #expect(try PathParser.parse("/", separator: "/") == [.key(""), .key("")])
    }

    @Test("random text: parse, print, parse gives the same components")
    func randomTextRoundTrip() throws {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            let separator = Self.separators.randomElement(using: &random)!
            // Malformed text has no components to print (PathSyntaxTests checks it).
            guard let components = try? PathParser.parse(text, separator: separator) else { continue }
            let printed = Path(components).description
            #expect(
                try PathParser.parse(printed, separator: ".") == components,
                "seed \(seed): \(text.debugDescription) split on \(separator) → \(printed.debugDescription)")
        }
    }

    @Test("random components written with a random separator parse back to themselves")
    func randomComponentsWithSeparators() throws {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            let components = randomPathComponents(&random, pieces: Self.alphabet, indexes: -30...30)
            let separator = Self.separators.randomElement(using: &random)!
            let text = Self.write(components, separator: separator, random: &random)
            #expect(
                try PathParser.parse(text, separator: separator) == components,
                "seed \(seed): \(components) written \(text.debugDescription) with \(separator)")
        }
    }

    /// The grammar written independently of `Path.description`: an index in brackets, a key
    /// after the separator with a backslash before the separator, brackets and backslashes,
    /// and before any other scalar at random (an escaped scalar is itself); the empty key, and
    /// now and then any key, quoted in brackets.
    private static func write(_ components: [Path.Component], separator: Character, random: inout SeededRandom) -> String {
        let special: Set<Unicode.Scalar> = ["[", "]", "\\", separator.unicodeScalars.first!]
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where key.isEmpty || Int.random(in: 0..<5, using: &random) == 0:
                let quote: Unicode.Scalar = Bool.random(using: &random) ? "'" : "\""
                text.unicodeScalars.append("[")
                text.unicodeScalars.append(quote)
                for scalar in key.unicodeScalars {
                    if scalar == quote || scalar == "\\" { text.unicodeScalars.append("\\") }
                    text.unicodeScalars.append(scalar)
                }
                text.unicodeScalars.append(quote)
                text.unicodeScalars.append("]")
            case .key(let key):
                if !text.isEmpty { text.append(separator) }
                for scalar in key.unicodeScalars {
                    if special.contains(scalar) || Int.random(in: 0..<4, using: &random) == 0 { text.unicodeScalars.append("\\") }
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}

/// Up to six components: indexes in `indexes`, keys of up to four `pieces`.
func randomPathComponents(_ random: inout SeededRandom, pieces: [String], indexes: ClosedRange<Int>) -> [Path.Component] {
    var components: [Path.Component] = []
    for _ in 0..<Int.random(in: 0...6, using: &random) {
        if Int.random(in: 0..<4, using: &random) == 0 {
            components.append(.index(Int.random(in: indexes, using: &random)))
        } else {
            let count = Int.random(in: 0...4, using: &random)
            components.append(.key((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()))
        }
    }
    return components
}
