/// The parsed form of a JSONPath query (RFC 9535 §2): segments of selectors, and the filter
/// expressions inside `[?...]`. Built once by ``JSONPathParser`` and only read afterwards.

/// A child (`[...]`, `.name`, `.*`) or descendant (`..[...]`, `..name`, `..*`) segment.
struct QuerySegment: Sendable {
    var isDescendant: Bool
    var selectors: [QuerySelector]
}

/// One selector of a segment.
enum QuerySelector: Sendable {
    case name(QueryName)
    case wildcard
    /// An index as written: negative counts from the end.
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(FilterExpression)
}

/// A member name of a query, with its UTF-8 worked out once: a document's keys are compared
/// with it byte by byte, without making a `String` of each key.
struct QueryName: Sendable {
    let text: String
    let utf8: [UInt8]
    /// Whether `text` is all ASCII: then a key of other bytes can only equal it when the key
    /// is escaped or not ASCII (canonical equivalence maps some non-ASCII scalars to ASCII).
    let isASCII: Bool

    init(_ text: String) {
        self.text = text
        utf8 = Array(text.utf8)
        isASCII = utf8.allSatisfy { $0 < 0x80 }
    }
}

/// A query inside a filter, relative to the current node (`@`) or to the root (`$`).
struct EmbeddedQuery: Sendable {
    var isRelative: Bool
    var segments: [QuerySegment]
    /// Its place among the query's embedded queries (1 for the first parsed): what an
    /// evaluation remembers a `$`-rooted one's nodes by.
    var number = 0

    /// Singular (§2.3.5.1): only child segments of one name or index selector each, so it
    /// selects at most one node.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A logical expression of a filter selector (§2.3.5.1).
indirect enum FilterExpression: Sendable {
    case or([FilterExpression])
    case and([FilterExpression])
    case not(FilterExpression)
    case compare(ComparisonOperator, FilterOperand, FilterOperand)
    /// A filter query as a test: true when it selects at least one node.
    case exists(EmbeddedQuery)
    /// A function whose result is logical (or a node list) as a test.
    case test(FunctionCall)
}

enum ComparisonOperator: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

/// One side of a comparison: something with a value, or nothing.
indirect enum FilterOperand: Sendable {
    case literal(JSON)
    case query(EmbeddedQuery)
    case function(FunctionCall)
}

/// A call of one of the RFC's functions, with arguments already checked against its
/// parameter types.
struct FunctionCall: Sendable {
    var function: QueryFunction
    var arguments: [FunctionArgument]
    /// For `match` and `search` with a literal pattern: the pattern compiled once, or `nil`
    /// when it is not a valid I-Regexp (then nothing matches it).
    var compiledPattern: IRegexp??
}

indirect enum FunctionArgument: Sendable {
    case literal(JSON)
    case query(EmbeddedQuery)
    case logical(FilterExpression)
    case function(FunctionCall)
}

/// The function extensions RFC 9535 §2.4 defines, with their declared types.
enum QueryFunction: String, Sendable {
    case length, count, match, search, value

    enum ValueKind { case value, logical, nodes }

    var parameters: [ValueKind] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    var result: ValueKind {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}
