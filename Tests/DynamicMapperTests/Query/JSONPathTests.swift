import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// The query engine on its own: errors and where they point, functions, I-Regexp, normalized
/// paths, and hostile queries and documents that must finish quickly without exhausting the
/// stack or memory.
@Suite("JSONPath")
struct JSONPathTests {
    static let store: JSON = [
        "store": [
            "book": [
                ["title": "Sayings", "price": 8.95, "isbn": "0-553-21311-3"],
                ["title": "Sword", "price": 12.99],
                ["title": "Moby Dick", "price": 8.99, "isbn": "0-395-19395-8"],
            ],
            "bicycle": ["color": "red", "price": 399],
        ]
    ]

    @Test func filtersAndFunctionsSelectExactNodes() throws {
        let cheap = try Self.store.query("$.store.book[?@.price < 10].title")
        #expect(cheap.values == ["Sayings", "Moby Dick"])
        #expect(cheap.paths.map(\.description) == ["$['store']['book'][0]['title']", "$['store']['book'][2]['title']"])
        #expect(try Self.store.query("$..book[?@.isbn].title").values == ["Sayings", "Moby Dick"])
        #expect(try Self.store.query("$..book[?!@.isbn].title").values == ["Sword"])
        #expect(try Self.store.query("$.store.book[?length(@.title) == 5].title").values == ["Sword"])
        #expect(try Self.store.query("$.store[?count(@.*) == 2].color").values == ["red"])
        #expect(try Self.store.query("$..book[?match(@.title, 'S.*')].price").values == [8.95, 12.99])
        #expect(try Self.store.query("$..book[?search(@.title, 'ick')].price").values == [8.99])
        #expect(try Self.store.query("$.store.book[?value(@..price) > 12].title").values == ["Sword"])
        #expect(try Self.store.query("$.store.book[-1:0:-1].title").values == ["Moby Dick", "Sword"])
        #expect(try Self.store.query("$..price").values == [8.95, 12.99, 8.99, 399])
    }

    @Test func matchesConvertToPathsPointersAndValues() throws {
        let match = try #require(try Self.store.query("$.store.book[1].title").first)
        #expect(match.path.components == [.key("store"), .key("book"), .index(1), .key("title")])
        #expect(match.path.path == Path("store.book[1].title"))
        #expect(match.path.pointer == "/store/book/1/title")
        #expect(try match.decode(String.self) == "Sword")
        #expect(try Self.store.query("$.store.book[*].price").values(as: Double.self) == [8.95, 12.99, 8.99])
        struct Book: Decodable, Equatable { var title: String; var price: Double }
        #expect(try Self.store.query("$.store.book[1]").values(as: Book.self) == [Book(title: "Sword", price: 12.99)])
    }

    @Test func normalizedPathsEscapeAsTheRFCSays() {
        let path = NormalizedPath([.key("a'b\\c\u{01}\n"), .index(3)])
        #expect(path.description == #"$['a\'b\\c\u0001\n'][3]"#)
        #expect(NormalizedPath([]).description == "$")
    }

    @Test(arguments: [
        ("$.a[", 4, JSONPathError.Kind.syntax),
        (" $", 0, .syntax),
        ("$.a ", 3, .syntax),
        ("$[01]", 2, .syntax),
        ("$[-0]", 2, .syntax),
        ("$[9007199254740992]", 2, .syntax),
        ("$[?@.a == 'x]", 10, .syntax),
        ("$[?length(@.a)]", 3, .type),
        ("$[?@.* == 1]", 3, .type),
        ("$[?match(@.a, 'x') == true]", 3, .type),
        ("$[?nope(@)]", 3, .type),
        ("$[?count(1) == 1]", 9, .type),
    ])
    func malformedQueriesThrowWithTheirPosition(_ text: String, _ offset: Int, _ kind: JSONPathError.Kind) {
        #expect(throws: JSONPathError.self) { try JSONPath(text) }
        do {
            _ = try JSONPath(text)
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.kind == kind, "\(text): \(error)")
            #expect(error.query == text)
        }
    }

    @Test func integersAtTheIJSONLimitsAreAccepted() throws {
        let json: JSON = [1, 2, 3]
        #expect(try json.query("$[9007199254740991]").isEmpty)
        #expect(try json.query("$[-9007199254740991]").isEmpty)
        #expect(try json.query("$[::9007199254740991]").values == [1])
        #expect(try json.query("$[9007199254740991:-9007199254740991:-9007199254740991]").values == [3])
        #expect(try json.query("$[::-1]").values == [3, 2, 1])
    }

    @Test func descendantsOfADeepDocumentNeedNoStack() throws {
        let depth = 1_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let results = onThread(stackSize: 512 * 1024) { () -> [Int] in
            guard let json = try? JSON(parsing: Data(text.utf8), maximumDepth: 1_024),
                let document = try? JSONDocument(parsing: Data(text.utf8), maximumDepth: 1_024),
                let tree = try? json.query("$..*"), let tape = try? document.query("$..*"),
                let last = tape.last
            else { return [] }
            return [
                tree.count, tape.count, last.path.components.count, tree.last?.path.components.count ?? -1,
                (try? last.decode(Int.self)) ?? -1,
            ]
        }
        #expect(results == [depth, depth, depth, depth, 1])
    }

    @Test func backtrackingPatternsRunInLinearTime() throws {
        let text = String(repeating: "a", count: 20_000)
        let json: JSON = [.string(text)]
        let clock = ContinuousClock()
        var counts: [Int] = []
        let elapsed = try clock.measure {
            counts.append(try json.query("$[?match(@, '(a*)*b')]").count)
            counts.append(try json.query("$[?search(@, '(a|aa)+c')]").count)
            counts.append(try json.query("$[?match(@, '(a|a)*')]").count)
            counts.append(try json.query("$[?match(@, 'a{2,5}(a{1,3})*')]").count)
            counts.append(try json.query("$[?match(@, '(((){20000}){20000}){20000}a*')]").count)
            counts.append(try json.query("$[?match(@, '((^){9}a{0,3}){20}')]").count)
        }
        #expect(counts == [0, 0, 1, 1, 1, 0])
        #expect(elapsed < .seconds(20))
    }

    @Test func iRegexpFeatures() throws {
        let json: JSON = ["Ab1", "ab", "a.b", "é1", "x-y", "\n"]
        #expect(try json.query(#"$[?match(@, '\\p{Lu}\\p{Ll}\\p{Nd}')]"#).values == ["Ab1"])
        #expect(try json.query(#"$[?match(@, 'a\\.b')]"#).values == ["a.b"])
        #expect(try json.query(#"$[?match(@, '[^a-z]1')]"#).values == ["é1"])
        #expect(try json.query(#"$[?match(@, '\\P{L}1')]"#).isEmpty)
        #expect(try json.query(#"$[?match(@, '[a-]-y|x[-]y')]"#).values == ["x-y"])
        #expect(try json.query(#"$[?match(@, '.')]"#).isEmpty) // `.` never matches a line end
        #expect(try json.query(#"$[?match(@, 'a{1')]"#).isEmpty) // not an I-Regexp: false
        // Too large to compile: refused with its own error (see JSONPathHostileEditTests).
        #expect { try json.query(#"$[?match(@, 'a{100000}')]"#) } throws: { ($0 as? JSONPathError)?.kind == .patternTooLarge }
    }

    @Test func hugeAndDeeplyNestedQueryTextIsRefusedOrRunFast() throws {
        let long = "$" + String(repeating: ".a", count: 500_000)
        let json: JSON = ["a": ["a": 1]]
        #expect(try json.query(JSONPath(long)).isEmpty)
        let brackets = "$" + String(repeating: "[?@", count: 300_000)
        #expect { try JSONPath(brackets) } throws: { ($0 as? JSONPathError)?.kind == .tooDeep }
        let parentheses = "$[?" + String(repeating: "(", count: 1_000_000) + "@"
        #expect { try JSONPath(parentheses) } throws: { ($0 as? JSONPathError)?.kind == .tooDeep }
        let regexp = "$[?match(@, '" + String(repeating: "(", count: 100_000) + "')]"
        let single: JSON = ["x"]
        #expect(try single.query(regexp).isEmpty)
    }

    @Test func queriesAreReusableValues() throws {
        let query = try JSONPath("$[*].id")
        #expect(query == (try JSONPath("$[*].id")))
        #expect(query.description == "$[*].id")
        let first: JSON = [["id": 1], ["id": 2]]
        let second: JSON = [["id": 3]]
        #expect(try first.query(query).values == [1, 2])
        #expect(try second.query(query).values == [3])
        let selector = try JSONPath.Selector.filter("@.id > 1")
        _ = selector
        #expect { try JSONPath.Selector.filter("@.id >") } throws: { ($0 as? JSONPathError)?.offset == 6 }
    }
}
