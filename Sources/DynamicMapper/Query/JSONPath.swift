/// A JSONPath query (RFC 9535), parsed and checked once and reusable on any value.
///
/// ```swift
/// let query = try JSONPath("$.statuses[?@.retweet_count > 10].user.screen_name")
/// let json: JSON = ["statuses": [["retweet_count": 12, "user": ["screen_name": "ada"]]]]
/// let names = try json.query(query).values(as: String.self)   // ["ada"]
/// ```
///
/// All of RFC 9535: name, wildcard, index, slice and filter selectors, child and descendant
/// segments, comparisons, `&&`, `||`, `!`, and the functions `length`, `count`, `match`,
/// `search` and `value`, type-checked as the RFC says. Regular expressions are I-Regexps
/// (RFC 9485), run by an automaton in time linear in the text. Member names are compared as
/// the rest of the package compares keys (canonical equivalence, as `String ==`).
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The query text: `try JSONPath("$..id").text == "$..id"`.
    public let text: String
    let segments: [QuerySegment]

    /// How deep brackets, parentheses and function calls may nest in a query: 100.
    ///
    /// ```swift
    /// let deep = "$" + String(repeating: "[?@", count: 200) + String(repeating: "]", count: 200)
    /// (try? JSONPath(deep)) == nil   // too deep
    /// ```
    public static let maximumNesting = 100

    /// How much work one evaluation may do: 10,000,000 units. A unit is a node a segment or
    /// filter selects, an element a filter tests, a pair of nodes a comparison of arrays or
    /// objects visits, or a character or automaton step of a `match` or `search`. Past it
    /// the query throws ``JSONPathError/Kind/tooManyNodes``, so that a query such as
    /// `$[0,0,0][0,0,0]...` or `$..[?@ == $]` cannot run without limit.
    ///
    /// ```swift
    /// JSONPath.maximumNodes   // 10_000_000
    /// ```
    public static let maximumNodes = 10_000_000

    /// Parses and type-checks `text`.
    ///
    /// ```swift
    /// let ids = try JSONPath("$.users[*].id")
    /// try JSONPath("$.users[")   // throws a syntax error at the end of the text
    /// ```
    ///
    /// - Throws: ``JSONPathError`` with the offset (in Unicode scalars) where the text breaks
    ///   the grammar or the type rules.
    public init(_ text: String) throws(JSONPathError) {
        self.text = text
        segments = try JSONPathParser.parse(text)
    }

    /// The query text: `print(query)`.
    public var description: String { text }

    /// Queries are equal when their text is: `try JSONPath("$.a") == JSONPath("$.a")`.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.text == rhs.text }

    /// Hashes the text: `Set([try JSONPath("$.a")])`.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Runs the query over `tree` from `root`.
    func evaluate<Tree: QueryTree>(on tree: Tree, root: Tree.Node) throws(JSONPathError) -> (nodes: [(node: Tree.Node, path: Int)], arena: QueryPathArena) {
        var evaluator = QueryEvaluator(tree: tree, root: root, query: text)
        let nodes = try evaluator.select(segments, from: root, recording: true)
        return (nodes, evaluator.arena)
    }
}
