import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random documents and random queries from a small grammar: the three evaluators (a `JSON`
/// value, a parsed document read in place, a view) agree on values and paths; a bulk edit
/// equals the same edits made one path at a time; every edit's patch replays on the document
/// as it was.
@Suite("JSONPath properties")
struct JSONPathPropertyTests {
    /// Segments that select at most one node (`set` creates what they name when missing).
    static let singular = [".a", ".b", "[0]", "[-1]", "[3]"]
    static let plural = [
        "[*]", "..a", "..*", "[0:2]", "[::-1]", "['a','c']", "..[0]", "[0,0,1]",
        "[?@.a]", "[?@ == 1]", "[?@.a == @.b]", "[?@ == $]", "[?@ == $.a]", "[?@ != @.c]",
        "[?match(@, 'a|b')]", "[?search(@, '[b-c]')]", "[?length(@) > 1]", "[?count(@.*) >= 2]",
        "[?@.a < 3]", "[?!@.c]", "[?value(@..a) == 'a']", "[?@[0] > 3]",
    ]

    /// One to three segments.
    static func randomSegments(random: inout SeededRandom) -> [String] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            Bool.random(using: &random) ? singular.randomElement(using: &random) ?? "" : plural.randomElement(using: &random) ?? ""
        }
    }

    @Test func evaluatorsAgree() throws {
        var random = SeededRandom(state: 9535)
        for round in 0..<400 {
            let document = JSONPathEditTests.randomValue(depth: 0, random: &random)
            let query = try JSONPath("$" + Self.randomSegments(random: &random).joined())
            let tree = try document.query(query)
            let tape = try JSONDocument(parsing: document.serialized()).query(query)
            let view = try DynamicClass(document).query(query)
            let paths = tree.paths.map(\.description)
            #expect(tape.paths.map(\.description) == paths, "round \(round): \(query) on \(document)")
            #expect(view.paths.map(\.description) == paths, "round \(round): \(query) on \(document)")
            #expect(tape.values == tree.values, "round \(round): \(query) on \(document)")
            #expect(view.values == tree.values, "round \(round): \(query) on \(document)")
            // Each path leads to its value.
            for match in tree { #expect(try document[pointer: match.path.pointer] == match.value) }
            if let strings = try? tree.values(as: String.self) {
                #expect(try tape.values(as: String.self) == strings)
            }
        }
    }

    /// A bulk edit equals the same edits made one path at a time (each match once, last and
    /// deepest first; for `set`, each match of the query's head with its singular tail), and
    /// equals its patch applied to the document as it was.
    @Test func bulkEditsEqualOnePathAtATime() throws {
        var random = SeededRandom(state: 33)
        let fixed = ["$..*", "$..[0]", "$..a", "$[*][?@ > 3]", "$..[-1]", "$..[::2]", "$.*.*", "$..[?@.a]", "$[0,0,1]"]
        for round in 0..<300 {
            let document = JSONPathEditTests.randomValue(depth: 0, random: &random)
            let segments = round < 150 ? [String(fixed[round % fixed.count].dropFirst())] : Self.randomSegments(random: &random)
            let query = try JSONPath("$" + segments.joined())
            var headCount = segments.count
            while headCount > 0, Self.singular.contains(segments[headCount - 1]) { headCount -= 1 }
            let head = try JSONPath("$" + segments.prefix(headCount).joined())
            let tail = Path(
                segments.suffix(from: headCount).map { step -> Path.Component in
                    step.hasPrefix(".") ? .key(String(step.dropFirst())) : .index(Int(step.dropFirst().dropLast()) ?? 0)
                })
            let before = DynamicClass(document)
            for edit in 0..<3 {
                var bulk = before
                let patch: JSONPatch
                switch edit {
                case 0: patch = try bulk[query].remove()
                case 1: patch = try bulk[query].set("x")
                default: patch = try bulk[query].transform { .array([$0]) }
                }
                var single = before
                for path in try Self.lastFirst(before.query(edit == 1 ? head : query)) {
                    switch edit {
                    case 0: if !path.isEmpty { single[Path(path)].remove() }
                    case 1: single[Path(path + tail.components)].set("x")
                    default:
                        if let value = JSON(single[Path(path)]) { single[Path(path)].set(JSON.array([value])) }
                    }
                }
                let context = "round \(round) edit \(edit) \(query) on \(document)"
                #expect(JSON(bulk) == JSON(single), "\(context)")
                #expect(try document.applying(patch) == JSON(bulk), "\(context)")
            }
        }
    }

    /// The matches' paths, each once, last and deepest first.
    static func lastFirst(_ matches: JSONPathMatches) -> [[Path.Component]] {
        var paths = matches.paths.map(\.components)
        paths.sort { JSONPathEditTests.documentOrder($1, $0) }
        var unique: [[Path.Component]] = []
        for path in paths where unique.last != path { unique.append(path) }
        return unique
    }
}
