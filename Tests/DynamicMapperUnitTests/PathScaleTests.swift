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
    @Test("200,000 unclosed brackets are one literal key")
    func unclosedBrackets() {
        let text = String(repeating: "[", count: 200_000)
        #expect(Path(text).components == [.key(text)])
    }

    @Test("a closing bracket at the very end closes the first bracket")
    func oneCloserAtTheEnd() {
        let path = Path(String(repeating: "[", count: 200_000) + "]")
        #expect(path.components == [.key(String(repeating: "[", count: 199_999))])
    }

    @Test("escaped brackets and backslashes at scale")
    func escapes() {
        let path = Path(String(repeating: #"\["#, count: 100_000) + "[3]" + String(repeating: #"\\"#, count: 50_000))
        #expect(path.components == [
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

    @Test("the first bracket takes everything up to the only closer")
    func bracketsThenIndex() {
        // Bracket text that is not an integer is a key, brackets and all.
        let path = Path(String(repeating: "[", count: 100_000) + "[0]")
        #expect(path.components == [.key(String(repeating: "[", count: 100_000) + "0")])
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
