import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Path text is often handed in by a caller (a query parameter, a config file): any text parses
// in time linear in its length, and a path's description parses back to the same components.
// The inputs are sized so that a quadratic parser would take minutes, the linear one well under
// a second in a debug build.

@Suite("Path parsing at scale")
struct PathScaleTests {
    @Test("200,000 unclosed brackets are malformed at the first")
    func unclosedBrackets() {
        let text = String(repeating: "[", count: 200_000)
        #expect(throws: PathSyntaxError(text: text, offset: 0, reason: "'[' is never closed")) { try Path(validating: text) }
        #expect(Path(text) == Path(text))
    }

    @Test("a closing bracket at the very end: the first bracket holds no index")
    func oneCloserAtTheEnd() {
        let text = String(repeating: "[", count: 200_000) + "]"
        #expect(throws: PathSyntaxError.self) { try Path(validating: text) }
        #expect((try? Path(validating: "a" + text)) == nil)
    }

    @Test("unclosed quoted keys and long quoted keys")
    func quotedKeys() throws {
        let unclosed = "a['" + String(repeating: "b.[", count: 100_000)
        #expect(throws: PathSyntaxError(text: unclosed, offset: 2, reason: "the quoted key is never closed (no ' after it)")) { try Path(validating: unclosed) }
        let long = "['" + String(repeating: #"a.[]\'"#, count: 50_000) + "']"
        #expect(try Path(validating: long).components == [.key(String(repeating: "a.[]'", count: 50_000))])
        let many = String(repeating: "['k']", count: 100_000)
        #expect(try Path(validating: many).components == Array(repeating: .key("k"), count: 100_000))
    }

    @Test("escaped brackets and backslashes at scale")
    func escapes() {
        let path = Path(String(repeating: #"\["#, count: 100_000) + "[3]" + String(repeating: #"\\"#, count: 50_000))
        #expect(
            path.components == [
                .key(String(repeating: "[", count: 100_000)), .index(3), .key(String(repeating: "\\", count: 50_000)),
            ])
    }

    @Test("100,000 keys and 100,000 indexes")
    func manySteps() {
        let keys = Path(String(repeating: "a.", count: 100_000) + "b")
        #expect(keys.components.count == 100_001)
        #expect(keys.components.last == .key("b"))
        let indexes = Path(String(repeating: "[7]", count: 100_000))
        #expect(indexes.components == Array(repeating: .index(7), count: 100_000))
    }

    @Test("the first bracket reads up to the only closer, and holds no index")
    func bracketsThenIndex() {
        let text = String(repeating: "[", count: 100_000) + "[0]"
        let written = String(repeating: "[", count: 32) + "…]"
        #expect(throws: PathSyntaxError(text: text, offset: 0, reason: "'\(written)' is neither an index (an integer) nor a quoted key ('…')")) {
            try Path(validating: text)
        }
    }

    @Test("a key that starts with a combining mark round-trips (issue example)")
    func combiningMark() {
        let path = Path([.key("a"), .key("\u{301}")])
        #expect(Path(path.description).components == [.key("a"), .key("\u{301}")])
        let afterIndex = Path([.index(0), .key("\u{301}x"), .key("]\u{301}")])
        #expect(Path(afterIndex.description).components == afterIndex.components)
    }

    @Test("descriptions parse back to the same components, for random components")
    func descriptionRoundTrip() {
        let pieces = [".", "[", "]", "\\", "\u{301}", "\u{20DD}", " ", "0", "-1", "a", "é", "e\u{301}", "/", "\r\n", "\u{1F600}", "[0]", "\u{200D}"]
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let components = randomPathComponents(&random, pieces: pieces, indexes: -20...20)
            let path = Path(components)
            #expect(Path(path.description).components == components, "seed \(seed): \(path.description.debugDescription)")
        }
    }
}
