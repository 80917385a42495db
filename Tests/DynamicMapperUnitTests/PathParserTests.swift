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
    func separators() {
        #expect(PathParser.parse("a/b.c[1]", separator: "/") == [.key("a"), .key("b.c"), .index(1)])
        #expect(PathParser.parse("a\u{301}b", separator: "\u{301}") == [.key("a"), .key("b")])
        #expect(PathParser.parse(#"a\/b/"#, separator: "/") == [.key("a/b"), .key("")])
        #expect(PathParser.parse("", separator: "/") == [])
        #expect(PathParser.parse("/", separator: "/") == [.key(""), .key("")])
    }

    @Test("random text: parse, print, parse gives the same components")
    func randomTextRoundTrip() {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            let separator = Self.separators.randomElement(using: &random)!
            let components = PathParser.parse(text, separator: separator)
            let printed = Path(components).description
            #expect(PathParser.parse(printed, separator: ".") == components,
                    "seed \(seed): \(text.debugDescription) split on \(separator) → \(printed.debugDescription)")
        }
    }

    @Test("random components written with a random separator parse back to themselves")
    func randomComponentsWithSeparators() {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            var components: [Path.Component] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    components.append(.index(Int.random(in: -30...30, using: &random)))
                } else {
                    components.append(.key((0..<Int.random(in: 0...4, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()))
                }
            }
            let separator = Self.separators.randomElement(using: &random)!
            let text = Self.write(components, separator: separator)
            #expect(PathParser.parse(text, separator: separator) == components,
                    "seed \(seed): \(components) written \(text.debugDescription) with \(separator)")
        }
    }

    /// The grammar written independently of `Path.description`: an index in brackets right
    /// after what precedes it, a key after the separator, with a backslash before the
    /// separator, brackets and backslashes; the empty key as `[]`.
    private static func write(_ components: [Path.Component], separator: Character) -> String {
        let escaped: Set<Unicode.Scalar> = ["[", "]", "\\", separator.unicodeScalars.first!]
        var text = String.UnicodeScalarView()
        for component in components {
            switch component {
            case .index(let index):
                text.append(contentsOf: "[\(index)]".unicodeScalars)
            case .key(let key) where key.isEmpty:
                text.append(contentsOf: "[]".unicodeScalars)
            case .key(let key):
                if !text.isEmpty { text.append(contentsOf: separator.unicodeScalars) }
                for scalar in key.unicodeScalars {
                    if escaped.contains(scalar) { text.append("\\") }
                    text.append(scalar)
                }
            }
        }
        return String(text)
    }
}
