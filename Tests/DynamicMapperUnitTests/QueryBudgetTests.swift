import Testing
@testable import DynamicMapper

/// Hostile queries cost work linear in the query and the document, counted by the evaluator's
/// budget (never by a clock): comparing containers, regular expressions from the document,
/// character classes, repetitions of empty groups, and bulk removals.
@Suite("Query budget and linearity")
struct QueryBudgetTests {
    /// The budget an evaluation of `text` on `json` spends, and what it selects.
    private func run(_ text: String, on json: JSON, limit: Int = JSONPath.maximumNodes) throws -> (spent: Int, values: [JSON]) {
        let query = try JSONPath(text)
        var evaluator = QueryEvaluator(tree: JSONQueryTree(), root: json, query: text, limit: limit)
        let nodes = try evaluator.select(query.segments, from: json, recording: true)
        return (evaluator.spent, nodes.map(\.node))
    }

    private func run(_ text: String, onDocument json: JSON) throws -> (spent: Int, count: Int) {
        let query = try JSONPath(text)
        let document = try JSONDocument(parsing: json.serialized())
        var evaluator = QueryEvaluator(tree: DocumentQueryTree(document: document.storage), root: 0, query: text)
        let nodes = try evaluator.select(query.segments, from: 0, recording: true)
        return (evaluator.spent, nodes.count)
    }

    private static func records(_ count: Int) -> JSON {
        .array((0..<count).map { index in ["a": ["x": 1, "y": [1, 2, 3]], "b": ["y": [1, 2, 3], "x": 1], "n": .number(JSON.Number(index % 3))] })
    }

    /// `@.a == @.b` on objects and arrays compares them in place: the work per element is the
    /// size of the values compared, so doubling the document doubles the work.
    @Test func comparingContainersCostsTheirSizeOncePerTest() throws {
        let small = try run("$[?@.a == @.b]", on: Self.records(500))
        let large = try run("$[?@.a == @.b]", on: Self.records(1_000))
        #expect(small.values.count == 500)
        #expect(large.values.count == 1_000)
        #expect(large.spent == 2 * small.spent)
        #expect(small.spent < 500 * 20)
        let tape = try run("$[?@.a == @.b]", onDocument: Self.records(1_000))
        #expect(tape.count == 1_000)
        #expect(tape.spent == large.spent)
        // Objects in another order are equal; one member's difference is not.
        #expect(
            try run(#"$[?@.a == @.b]"#, on: [["a": ["p": 1, "q": [true]], "b": ["q": [true], "p": 1]], ["a": ["p": 1], "b": ["p": 2]]]).values.count == 1)
    }

    /// `$..[?@ == $]`: each node is compared with the root in place, charged per pair of nodes
    /// visited, so a long flat document costs work linear in its length.
    @Test func comparingEveryNodeWithTheRootIsLinear() throws {
        func document(_ count: Int) -> JSON { ["list": .array((0..<count).map { .number(JSON.Number($0)) })] }
        let small = try run("$..[?@ == $]", on: document(2_000))
        let large = try run("$..[?@ == $]", on: document(4_000))
        #expect(small.values.isEmpty)
        #expect(large.spent <= 2 * small.spent + 10)
        // A budget too small for it stops it.
        #expect { try run("$..[?@ == $]", on: document(4_000), limit: 5_000) } throws: { ($0 as? JSONPathError)?.kind == .tooManyNodes }
    }

    /// A pattern read from the document is compiled once per evaluation, not once per node:
    /// the work is the matches', plus one compile.
    @Test func documentPatternsAreCompiledOncePerEvaluation() throws {
        let pattern = String(repeating: "(x|y)", count: 200)
        let elements = JSON.array((0..<1_000).map { _ in ["a": "z", "p": .string(pattern)] })
        let result = try run("$[?match(@.a, @.p)]", on: elements)
        #expect(result.values.isEmpty)
        // One compile costs over 1,000 (the pattern's length and its program's size); a
        // compile per node would spend over a million.
        #expect(result.spent < 20_000)
        #expect(result.spent > 1_000)
    }

    /// Matching is charged per character and automaton step, so a long text under a tight
    /// budget throws instead of running.
    @Test func regularExpressionWorkIsCharged() throws {
        let short = try run("$[?match(@, '(a|b)*c')]", on: [.string(String(repeating: "ab", count: 500))])
        let long = try run("$[?match(@, '(a|b)*c')]", on: [.string(String(repeating: "ab", count: 1_000))])
        #expect(short.values.isEmpty && long.values.isEmpty)
        #expect(short.spent > 1_000)
        #expect(long.spent > 2 * short.spent - 20 && long.spent < 2 * short.spent + 20)
        #expect { try run("$[?search(@, '(a|b)*c')]", on: [.string(String(repeating: "ab", count: 1_000))], limit: 1_000) } throws: {
            ($0 as? JSONPathError)?.kind == .tooManyNodes
        }
    }

    /// Bracket ranges are sorted and merged, and answer as a plain scan of them would.
    @Test func characterClassesAnswerAsALinearScanWould() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var set = IRegexp.CharacterSet()
            var plain: [ClosedRange<UInt32>] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let low = UInt32.random(in: 0x20...0x2FF, using: &random)
                let range = low...(low + UInt32.random(in: 0...20, using: &random))
                set.add(range)
                plain.append(range)
            }
            set.finish()
            #expect(zip(set.ranges, set.ranges.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound })
            for value in UInt32(0x10)...0x320 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(set.contains(scalar) == plain.contains { $0.contains(value) }, "\(value)")
            }
        }
        let json: JSON = ["b", "q", "7", "-", "É", "é"]
        #expect(try json.query(#"$[?match(@, '[x-zq0-9a-c]')]"#).values == ["b", "q", "7"])
        #expect(try json.query(#"$[?match(@, '[^\\p{Ll}\\p{Nd}]')]"#).values == ["-", "É"])
        #expect(try json.query(#"$[?match(@, '[\\P{L}\\P{Nd}]')]"#).values == ["b", "q", "7", "-", "É", "é"])
        #expect(try json.query(#"$[?match(@, '[\\P{L}]')]"#).values == ["7", "-"])
    }

    /// Empty groups are dropped while parsing, so each copy of a repetition costs its reading
    /// parts only: `(a()()…){19999}` compiles to 19,999 instructions and an accept.
    @Test func emptyGroupsCostNothingPerCopy() throws {
        let pattern = "(a" + String(repeating: "()", count: 5_000) + "){19999}"
        var parser = IRegexp.Parser(scalars: Array(pattern.unicodeScalars))
        let parsed = parser.parseWhole()
        guard case .repeated(.scalar("a"), minimum: 19_999, maximum: 19_999)? = parsed else {
            Issue.record("not one repeated scalar: \(String(describing: parsed))")
            return
        }
        guard case .compiled(let regexp) = IRegexp.compile(pattern) else {
            Issue.record("did not compile")
            return
        }
        #expect(regexp.program.count == 20_000)
        guard case .tooLarge = IRegexp.compile("(a" + String(repeating: "()", count: 5_000) + "){20000}") else {
            Issue.record("a program past the limit compiled")
            return
        }
        guard case .compiled(let anchors) = IRegexp.compile("((^)*(){9}($){3}|()){20000}b") else {
            Issue.record("did not compile")
            return
        }
        #expect(anchors.program.count < 10)
    }

    /// Removing many siblings is one update of their parent: the removals are grouped by
    /// parent, and a parent's group comes when its first child (in document order) does.
    @Test func bulkRemovalsAreGroupedByParent() {
        let siblings: [[Path.Component]] = (0..<100_000).reversed().map { [.key("a"), .index($0)] }
        let groups = DynamicQuery.removalGroups(siblings)
        #expect(groups.count == 1)
        #expect(groups.first?.parent == [.key("a")])
        #expect(groups.first?.children.count == 100_000)
        #expect(groups.first?.children.first == .index(99_999))
        // Last first: b/0, a/3, a/2/x, a/2, a/1/y. a/2/x goes with a/2; removing a/3 and a/2
        // together leaves a/1/y where it was.
        let mixed: [[Path.Component]] = [
            [.key("a"), .index(3)], [.key("a"), .index(2), .key("x")], [.key("a"), .index(2)],
            [.key("a"), .index(1), .key("y")], [.key("b"), .index(0)],
        ]
        let ordered = DynamicQuery.removalGroups(mixed.sorted { DynamicQuery.precedes($1, $0) })
        #expect(ordered.map(\.parent) == [[.key("b")], [.key("a")], [.key("a"), .index(1)]])
        #expect(ordered.map(\.children) == [[.index(0)], [.index(3), .index(2)], [.key("y")]])
    }

    /// A filter that reads through `$` finds those nodes once per evaluation: testing N
    /// elements against a wide object's missing member, or against a long string, costs about
    /// N, not N times the object's size or the string's length.
    @Test func rootQueriesInFiltersAreFoundOnce() throws {
        var wide = JSON.Object()
        for index in 0..<2_000 { wide["k\(index)"] = .number(JSON.Number(index)) }
        let list = JSON.array((0..<1_000).map { .number(JSON.Number($0)) })
        let json: JSON = ["wide": .object(wide), "list": list, "long": .string(String(repeating: "x", count: 16_000))]
        let missing = try run("$.list[?$.wide.nokey]", on: json)
        #expect(missing.values.isEmpty)
        #expect(missing.spent < 10_000)
        let compared = try run("$.list[?$.long == 'x']", on: json)
        #expect(compared.values.isEmpty)
        // The string is read, and charged (a unit a 16 bytes), once per comparison.
        #expect(compared.spent >= 1_000 * 1_000)
        let ordered = try run("$.list[?$.long < 'a']", on: json)
        #expect(ordered.values.isEmpty)
        #expect(ordered.spent >= 1_000 * 1_000)
        let document = try run("$.list[?$.wide.nokey]", onDocument: json)
        #expect(document.count == 0)
        #expect(document.spent < 10_000)
    }
}
