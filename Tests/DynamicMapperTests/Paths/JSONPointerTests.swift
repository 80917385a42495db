import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

@Suite("JSON Pointer (RFC 6901)")
struct JSONPointerTests {
    /// The example document of RFC 6901 section 5.
    static let rfcDocument: JSON = [
        "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
        "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8,
    ]

    @Test func rfc6901Examples() throws {
        let expected: [(String, JSON)] = [
            ("", Self.rfcDocument), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1),
            ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
        ]
        for (pointer, value) in expected {
            #expect(try Self.rfcDocument[pointer: pointer] == value, "\(pointer)")
            #expect(try Path(pointer: pointer).pointer == pointer)
        }
        #expect(try Self.rfcDocument[pointer: "/foo/2"] == nil)
        #expect(try Self.rfcDocument[pointer: "/nope/0"] == nil)
    }

    @Test func componentsOfTokens() throws {
        #expect(try Path(pointer: "/a/b~1c/0").components == [.key("a"), .key("b/c"), .index(0)])
        #expect(try Path(pointer: "/~01").components == [.key("~1")])
        #expect(try Path(pointer: "/~10").components == [.key("/0")])
        #expect(try Path(pointer: "//").components == [.key(""), .key("")])
        #expect(try Path(pointer: "/a/-").components == [.key("a"), .key("-")])
        // Only canonical digits that fit an Int are indexes.
        #expect(
            try Path(pointer: "/01/1e0/-1/+1/12/99999999999999999999").components
                == [.key("01"), .key("1e0"), .key("-1"), .key("+1"), .index(12), .key("99999999999999999999")])
        #expect(try Path(pointer: "").components.isEmpty)
        #expect(Path([.key("x"), .index(-1)]).pointer == "/x/-1")
    }

    @Test func malformedPointersNameTheOffset() {
        let cases: [(String, Int, String)] = [
            ("a/b", 0, "A JSON Pointer starts with '/'"),
            ("/a~", 2, "'~' must be followed by '0' or '1'"),
            ("/é/~2", 4, "'~' must be followed by '0' or '1'"),
            ("#/a", 0, "A JSON Pointer starts with '/'"),
        ]
        for (text, offset, reason) in cases {
            #expect(throws: JSONPointerError(pointer: text, offset: offset, reason: reason)) { try Path(pointer: text) }
        }
        #expect(
            JSONPointerError(pointer: "/a~", offset: 2, reason: "'~' must be followed by '0' or '1'").description
                == #"'~' must be followed by '0' or '1' at offset 2 of "/a~""#)
        #expect(throws: JSONPointerError.self) { try JSON.null[pointer: "x"] }
    }

    @Test(arguments: Array(UInt64(1)...8))
    func pointerRoundTripsAnyComponents(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let alphabet: [Character] = ["~", "/", "0", "1", "9", "a", "-", "~", "é", " ", "\u{1F600}", ".", "[", "\\"]
        for round in 0..<200 {
            var components: [Path.Component] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                if Bool.random(using: &random) {
                    components.append(.index(Int.random(in: 0...1_000, using: &random)))
                } else {
                    let length = Int.random(in: 0...4, using: &random)
                    components.append(.key(String((0..<length).map { _ in alphabet.randomElement(using: &random)! })))
                }
            }
            let path = Path(components)
            let parsed = try Path(pointer: path.pointer)
            #expect(parsed.pointer == path.pointer, "seed \(seed), round \(round)")
            // A key of canonical digits reads back as the index of the same token, which means
            // the same thing to a patch; every other component comes back as it was.
            let canonical = components.map { component -> Path.Component in
                if case .key(let key) = component, let index = Int(key), String(index) == key, index >= 0 { return .index(index) }
                return component
            }
            #expect(parsed.components == canonical, "seed \(seed), round \(round): \(path.pointer)")
        }
    }
}
