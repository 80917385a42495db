/// Why a JSONPath query was refused: malformed or ill-typed text (with where it went wrong), or
/// an evaluation that would have produced more nodes than ``JSONPath/maximumNodes``.
///
/// ```swift
/// do {
///     _ = try JSONPath("$.a[")
/// } catch {
///     error.offset   // 4: where the text stops making sense
///     error.kind     // .syntax
/// }
/// ```
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal this is.
    ///
    /// ```swift
    /// (try? JSONPath("$[?length(@.a)]")) == nil   // a `.type` error: length() is not a test
    /// ```
    public enum Kind: Sendable, Equatable {
        /// The text breaks RFC 9535's grammar (or an integer leaves the I-JSON range ±(2^53−1)).
        case syntax
        /// The text parses but is not well-typed (RFC 9535 §2.4.3): an unknown function, a
        /// wrong argument, a non-singular query compared, a function result used as a test.
        case type
        /// Nesting deeper than ``JSONPath/maximumNesting``.
        case tooDeep
        /// The evaluation reached ``JSONPath/maximumNodes`` nodes.
        case tooManyNodes
        /// A `match` or `search` pattern (in the query, or read from the document) whose
        /// compiled program, counted repetitions unrolled, would pass 20,000 instructions.
        ///
        /// ```swift
        /// (try? JSONPath("$[?match(@, 'a{100000}')]")) == nil   // too large to compile
        /// ```
        case patternTooLarge
    }

    /// What kind of refusal this is: `error.kind == .syntax`.
    public let kind: Kind
    /// The query text.
    public let query: String
    /// Where in `query` the problem was found, counted in Unicode scalars from 0 (the
    /// query's length for a problem at its end; 0 for ``Kind/tooManyNodes``).
    public let offset: Int
    /// What is wrong, in words: `error.reason`.
    public let reason: String

    /// An error; the query parser and evaluator make these.
    ///
    /// ```swift
    /// let error = JSONPathError(kind: .syntax, query: "$.", offset: 2, reason: "a member name is expected")
    /// ```
    public init(kind: Kind, query: String, offset: Int, reason: String) {
        self.kind = kind
        self.query = query
        self.offset = offset
        self.reason = reason
    }

    /// The refusal of a pattern too large to compile.
    static func patternTooLarge(_ pattern: String, query: String, offset: Int) -> JSONPathError {
        let shown = pattern.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(pattern.unicodeScalars.prefix(40))) + "…" : pattern
        return JSONPathError(
            kind: .patternTooLarge, query: query, offset: offset,
            reason: "the pattern '\(shown)' compiles to more than \(IRegexp.maximumInstructions) instructions")
    }

    /// `reason at offset N of "query"`: `print(error)`.
    public var description: String {
        let shown = query.unicodeScalars.count > 80 ? String(String.UnicodeScalarView(query.unicodeScalars.prefix(80))) + "…" : query
        return "\(reason) at offset \(offset) of \"\(shown)\""
    }
}
