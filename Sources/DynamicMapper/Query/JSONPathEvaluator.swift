/// The paths of the nodes an evaluation visited, as a tree of parent links: a node's
/// normalized path is made only when asked for, so `$..*` on a deep document stays linear in
/// memory instead of holding one full path per match.
final class QueryPathArena: Sendable {
    let parents: [Int]
    let steps: [Path.Component]

    init(parents: [Int], steps: [Path.Component]) {
        self.parents = parents
        self.steps = steps
    }

    /// The steps from the root to entry `index` (0 is the root).
    func components(of index: Int) -> [Path.Component] {
        var components: [Path.Component] = []
        var current = index
        while current > 0 {
            components.append(steps[current])
            current = parents[current]
        }
        components.reverse()
        return components
    }
}

/// Evaluates parsed segments over a ``QueryTree`` (RFC 9535 §2.3–2.5). Segments are applied
/// one after another to node lists and descendants are walked with an explicit stack, so
/// document depth never reaches the call stack; only filters recurse, as deep as the query
/// nests (bounded by the parser).
struct QueryEvaluator<Tree: QueryTree> {
    typealias Node = Tree.Node

    let tree: Tree
    let root: Node
    let query: String
    /// Nodes every node list of this evaluation may still hold, filters' included.
    private var budget: Int
    private let limit: Int
    private var parents: [Int] = [-1]
    private var steps: [Path.Component] = [.index(0)]

    /// An evaluator that may select `limit` nodes in all (tests lower it to reach it quickly).
    init(tree: Tree, root: Node, query: String, limit: Int = JSONPath.maximumNodes) {
        self.tree = tree
        self.root = root
        self.query = query
        self.limit = limit
        budget = limit
    }

    /// The arena of every path recorded so far.
    var arena: QueryPathArena { QueryPathArena(parents: parents, steps: steps) }

    /// The nodes `segments` select from `start`, each with its path's arena entry when
    /// `recording` (entry 0 otherwise).
    mutating func select(_ segments: [QuerySegment], from start: Node, recording: Bool) throws(JSONPathError) -> [(node: Node, path: Int)] {
        var current: [(node: Node, path: Int)] = [(start, 0)]
        for segment in segments {
            var next: [(node: Node, path: Int)] = []
            for (node, path) in current {
                if segment.isDescendant {
                    try descend(from: node, path: path, selectors: segment.selectors, recording: recording, into: &next)
                } else {
                    for selector in segment.selectors {
                        try apply(selector, to: node, path: path, recording: recording, into: &next)
                    }
                }
            }
            current = next
            if current.isEmpty { break }
        }
        return current
    }

    private mutating func record(_ step: @autoclosure () -> Path.Component, under parent: Int, recording: Bool) -> Int {
        guard recording else { return 0 }
        parents.append(parent)
        steps.append(step())
        return parents.count - 1
    }

    private mutating func spend(_ count: Int = 1) throws(JSONPathError) {
        budget -= count
        guard budget >= 0 else {
            throw JSONPathError(kind: .tooManyNodes, query: query, offset: 0,
                                reason: "the evaluation passed \(limit) nodes")
        }
    }

    /// The node itself and then its descendants, depth first in document order (§2.5.2.2).
    private mutating func descend(from start: Node, path: Int, selectors: [QuerySelector], recording: Bool,
                                  into output: inout [(node: Node, path: Int)]) throws(JSONPathError) {
        var stack: [(node: Node, path: Int)] = [(start, path)]
        while let (node, nodePath) = stack.popLast() {
            for selector in selectors {
                try apply(selector, to: node, path: nodePath, recording: recording, into: &output)
            }
            switch tree.kind(of: node) {
            case .array:
                let elements = tree.elements(of: node)
                try spend(elements.count)
                let first = stack.count
                for (index, element) in elements.enumerated() {
                    stack.append((element, record(.index(index), under: nodePath, recording: recording)))
                }
                stack[first...].reverse()
            case .object:
                let members = tree.members(of: node)
                try spend(members.count)
                let first = stack.count
                for member in members {
                    stack.append((member.value, record(.key(member.key), under: nodePath, recording: recording)))
                }
                stack[first...].reverse()
            default:
                break
            }
        }
    }

    private mutating func apply(_ selector: QuerySelector, to node: Node, path: Int, recording: Bool,
                                into output: inout [(node: Node, path: Int)]) throws(JSONPathError) {
        switch selector {
        case .name(let name):
            guard tree.kind(of: node) == .object, let child = tree.member(of: node, named: name) else { return }
            try spend()
            output.append((child, record(.key(name), under: path, recording: recording)))
        case .wildcard:
            switch tree.kind(of: node) {
            case .array:
                let elements = tree.elements(of: node)
                try spend(elements.count)
                for (index, element) in elements.enumerated() {
                    output.append((element, record(.index(index), under: path, recording: recording)))
                }
            case .object:
                let members = tree.members(of: node)
                try spend(members.count)
                for member in members {
                    output.append((member.value, record(.key(member.key), under: path, recording: recording)))
                }
            default: return
            }
        case .index(let index):
            guard tree.kind(of: node) == .array else { return }
            let count = tree.elementCount(of: node)
            let resolved = index < 0 ? count + index : index
            guard resolved >= 0, resolved < count, let element = tree.element(of: node, at: resolved) else { return }
            try spend()
            output.append((element, record(.index(resolved), under: path, recording: recording)))
        case .slice(let start, let end, let step):
            guard tree.kind(of: node) == .array else { return }
            let indexes = Self.sliceIndexes(start: start, end: end, step: step ?? 1, count: tree.elementCount(of: node))
            guard !indexes.isEmpty else { return }
            try spend(indexes.count)
            let elements = tree.elements(of: node)
            for index in indexes {
                output.append((elements[index], record(.index(index), under: path, recording: recording)))
            }
        case .filter(let expression):
            switch tree.kind(of: node) {
            // Every element tested is charged, matched or not: a filter that queries the root
            // (`$[?$[?$[?…]]]`) re-walks it per test, and only the budget bounds that.
            case .array:
                for (index, element) in tree.elements(of: node).enumerated() {
                    try spend()
                    guard try test(expression, current: element) else { continue }
                    output.append((element, record(.index(index), under: path, recording: recording)))
                }
            case .object:
                for member in tree.members(of: node) {
                    try spend()
                    guard try test(expression, current: member.value) else { continue }
                    output.append((member.value, record(.key(member.key), under: path, recording: recording)))
                }
            default: return
            }
        }
    }

    /// The indexes a slice selects (§2.3.4.2.2), in selection order. Bounded by `count`
    /// whatever the step: indexes are clamped before the walk.
    static func sliceIndexes(start: Int?, end: Int?, step: Int, count: Int) -> [Int] {
        guard step != 0, count > 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var indexes: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            guard lower < upper else { return [] }
            indexes.reserveCapacity((upper - lower + step - 1) / step)
            var index = lower
            while index < upper {
                indexes.append(index)
                // Stops before overflow: a step past the end ends the walk.
                if step > upper - index { break }
                index += step
            }
        } else {
            let upper = min(max(start.map(normalize) ?? count - 1, -1), count - 1)
            let lower = min(max(end.map(normalize) ?? -count - 1, -1), count - 1)
            guard lower < upper else { return [] }
            var index = upper
            while lower < index {
                indexes.append(index)
                if -step > index - lower { break }
                index += step
            }
        }
        return indexes
    }

    // MARK: Filters

    /// A value in a filter: a node, a value made by the query (a literal or a function's
    /// result), or Nothing.
    private enum Value {
        case nothing
        case node(Node)
        case json(JSON)
    }

    private mutating func test(_ expression: FilterExpression, current: Node) throws(JSONPathError) -> Bool {
        switch expression {
        case .or(let operands):
            for operand in operands where try test(operand, current: current) { return true }
            return false
        case .and(let operands):
            for operand in operands where try !test(operand, current: current) { return false }
            return true
        case .not(let operand):
            return try !test(operand, current: current)
        case .exists(let query):
            return try !nodes(of: query, current: current).isEmpty
        case .test(let call):
            return try logical(call, current: current)
        case .compare(let comparison, let left, let right):
            let lhs = try value(of: left, current: current)
            let rhs = try value(of: right, current: current)
            switch comparison {
            case .equal: return equal(lhs, rhs)
            case .notEqual: return !equal(lhs, rhs)
            case .less: return less(lhs, rhs)
            case .lessOrEqual: return less(lhs, rhs) || equal(lhs, rhs)
            case .greater: return less(rhs, lhs)
            case .greaterOrEqual: return less(rhs, lhs) || equal(lhs, rhs)
            }
        }
    }

    private mutating func nodes(of query: EmbeddedQuery, current: Node) throws(JSONPathError) -> [(node: Node, path: Int)] {
        try select(query.segments, from: query.isRelative ? current : root, recording: false)
    }

    private mutating func value(of operand: FilterOperand, current: Node) throws(JSONPathError) -> Value {
        switch operand {
        case .literal(let json): return .json(json)
        case .query(let query): return try singular(query, current: current)
        case .function(let call): return try value(call, current: current)
        }
    }

    private mutating func singular(_ query: EmbeddedQuery, current: Node) throws(JSONPathError) -> Value {
        let found = try nodes(of: query, current: current)
        return found.count == 1 ? .node(found[0].node) : .nothing
    }

    private mutating func argumentValue(_ argument: FunctionArgument, current: Node) throws(JSONPathError) -> Value {
        switch argument {
        case .literal(let json): return .json(json)
        case .query(let query): return try singular(query, current: current)
        case .function(let call): return try value(call, current: current)
        case .logical: return .nothing // ruled out by the parser's type check
        }
    }

    private mutating func argumentNodes(_ argument: FunctionArgument, current: Node) throws(JSONPathError) -> [(node: Node, path: Int)] {
        guard case .query(let query) = argument else { return [] } // the only NodesType argument
        return try nodes(of: query, current: current)
    }

    /// The result of a ValueType function.
    private mutating func value(_ call: FunctionCall, current: Node) throws(JSONPathError) -> Value {
        switch call.function {
        case .length:
            switch try argumentValue(call.arguments[0], current: current) {
            case .nothing: return .nothing
            case .json(let json):
                if case .string(let text) = json { return .json(.number(JSON.Number(text.unicodeScalars.count))) }
                return .nothing // literals are scalars; a function's value is a number
            case .node(let node):
                switch tree.kind(of: node) {
                case .string:
                    guard case .string(let text) = tree.scalar(of: node) else { return .nothing }
                    return .json(.number(JSON.Number(text.unicodeScalars.count)))
                case .array: return .json(.number(JSON.Number(tree.elementCount(of: node))))
                case .object: return .json(.number(JSON.Number(tree.members(of: node).count)))
                default: return .nothing
                }
            }
        case .count:
            return .json(.number(JSON.Number(try argumentNodes(call.arguments[0], current: current).count)))
        case .value:
            let found = try argumentNodes(call.arguments[0], current: current)
            return found.count == 1 ? .node(found[0].node) : .nothing
        case .match, .search:
            return .nothing // LogicalType: not a value (the parser keeps these out of comparisons)
        }
    }

    /// The result of a LogicalType (or NodesType, as a test) function.
    private mutating func logical(_ call: FunctionCall, current: Node) throws(JSONPathError) -> Bool {
        switch call.function {
        case .match, .search:
            guard let text = string(try argumentValue(call.arguments[0], current: current)) else { return false }
            let regexp: IRegexp?
            if let compiled = call.compiledPattern {
                regexp = compiled
            } else if let pattern = string(try argumentValue(call.arguments[1], current: current)) {
                regexp = IRegexp(pattern)
            } else {
                regexp = nil
            }
            guard let regexp else { return false }
            return call.function == .match ? regexp.matchesWhole(text) : regexp.matchesPart(text)
        case .length, .count, .value:
            return false // ValueType: the parser keeps these out of tests
        }
    }

    private func string(_ value: Value) -> String? {
        switch value {
        case .json(.string(let text)): return text
        case .node(let node):
            guard tree.kind(of: node) == .string, case .string(let text) = tree.scalar(of: node) else { return nil }
            return text
        default: return nil
        }
    }

    /// A value's JSON for comparing; `nil` for Nothing. Containers are built only when
    /// compared with another container.
    private func comparand(_ value: Value) -> (kind: QueryNodeKind, json: () -> JSON)? {
        switch value {
        case .nothing: return nil
        case .json(let json): return (JSONQueryTree().kind(of: json), { json })
        case .node(let node):
            let kind = tree.kind(of: node)
            return (kind, { [tree] in kind == .array || kind == .object ? tree.json(of: node) : tree.scalar(of: node) })
        }
    }

    /// `==` of §2.3.5.2.2: Nothing equals only Nothing; strings compare by scalars.
    private func equal(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (comparand(lhs), comparand(rhs)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let left?, let right?):
            guard left.kind == right.kind else { return false }
            return Self.equal(left.json(), right.json())
        }
    }

    static func equal(_ lhs: JSON, _ rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)): return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        default: return lhs == rhs
        }
    }

    /// `<` of §2.3.5.2.2: numbers by value, strings by scalar values, anything else false.
    private func less(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let left = comparand(lhs), let right = comparand(rhs), left.kind == right.kind else { return false }
        switch (left.json(), right.json()) {
        case (.number(let a), .number(let b)): return Self.less(a, b)
        case (.string(let a), .string(let b)): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    static func less(_ lhs: JSON.Number, _ rhs: JSON.Number) -> Bool {
        if lhs == rhs { return false }
        if let a = lhs.double, let b = rhs.double, a != b { return a < b }
        if let a = lhs.decimal, let b = rhs.decimal { return a < b }
        return false
    }
}
