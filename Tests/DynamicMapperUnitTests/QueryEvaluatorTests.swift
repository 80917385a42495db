import Testing
@testable import DynamicMapper

/// The evaluator's node budget, reached quickly by lowering it: a query whose node lists
/// multiply (`[0,0,...]` on nested arrays) throws instead of growing without limit.
@Suite("Query evaluator")
struct QueryEvaluatorTests {
    @Test func evaluationsThatGrowPastTheBudgetAreStopped() throws {
        var json: JSON = 1
        for _ in 0..<4 { json = .array([json]) }
        let query = try JSONPath("$" + String(repeating: "[0,0,0,0,0,0,0,0,0,0]", count: 4))
        var evaluator = QueryEvaluator(tree: JSONQueryTree(), root: json, query: query.text, limit: 5_000)
        #expect { try evaluator.select(query.segments, from: json, recording: true) } throws: {
            ($0 as? JSONPathError)?.kind == .tooManyNodes
        }
        var roomy = QueryEvaluator(tree: JSONQueryTree(), root: json, query: query.text, limit: 20_000)
        #expect(try roomy.select(query.segments, from: json, recording: true).count == 10_000)
    }

    /// Filters that query the root find its nodes once per evaluation, and every element a
    /// filter tests is charged, matched or not: nesting `$`-rooted filters costs the sum of
    /// their tests (50 + 50 + 50 here), not their product.
    @Test func filtersAreChargedForEveryElementTheyTest() throws {
        let json = JSON.array(Array(repeating: 1, count: 50))
        let query = try JSONPath("$[?$[?$[?@ == 0]]]") // nothing matches
        var evaluator = QueryEvaluator(tree: JSONQueryTree(), root: json, query: query.text, limit: 10_000)
        #expect(try evaluator.select(query.segments, from: json, recording: true).isEmpty)
        #expect(evaluator.spent >= 150)
        #expect(evaluator.spent < 1_000)
        let relative = try JSONPath("$[?@[?@[?@ == 0]]]") // relative filters test each element's own members
        var small = QueryEvaluator(tree: JSONQueryTree(), root: json, query: relative.text, limit: 10_000)
        #expect(try small.select(relative.segments, from: json, recording: true).isEmpty)
        #expect(small.spent >= 50)
    }

    /// The typed slice takes any `Int`; its bounds are clamped to the range query text allows.
    @Test func typedSlicesWithExtremeStepsDoNotOverflow() throws {
        let view = try DynamicClass(parsing: #"{"items": [1, 2, 3]}"#)
        #expect(try view.items[.slice(nil, nil, .max)].values(as: Int.self) == [1])
        #expect(try view.items[.slice(nil, nil, .min)].values(as: Int.self) == [3])
        #expect(try view.items[.slice(.min, .max)].values(as: Int.self) == [1, 2, 3])
    }

    @Test func slicesStayWithinTheArrayWhateverTheStep() {
        typealias Evaluator = QueryEvaluator<JSONQueryTree>
        #expect(Evaluator.sliceIndexes(start: nil, end: nil, step: 2, count: 5) == [0, 2, 4])
        #expect(Evaluator.sliceIndexes(start: nil, end: nil, step: -2, count: 5) == [4, 2, 0])
        #expect(Evaluator.sliceIndexes(start: -9_007_199_254_740_991, end: 9_007_199_254_740_991, step: 9_007_199_254_740_991, count: 3) == [0])
        #expect(Evaluator.sliceIndexes(start: 1, end: 3, step: 0, count: 5) == [])
        #expect(Evaluator.sliceIndexes(start: 3, end: 1, step: -1, count: 5) == [3, 2])
    }
}
