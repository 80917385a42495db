/// The paths of the nodes an evaluation visited, as a tree of parent links: a node's
/// normalized path is made only when asked for, so `$..*` on a deep document stays linear in
/// memory instead of holding one full path per match. Steps into a parsed document name its
/// key nodes, whose text is read only then.
final class QueryPathArena: Sendable {
    let parents: [Int]
    let steps: [QueryStep]
    /// The document whose key nodes ``QueryStep/keyNode(_:)`` steps name.
    let document: Document?

    init(parents: [Int], steps: [QueryStep], document: Document?) {
        self.parents = parents
        self.steps = steps
        self.document = document
    }

    /// An arena of the root alone.
    static let empty = QueryPathArena(parents: [-1], steps: [.index(0)], document: nil)

    /// The steps from the root to entry `index` (0 is the root).
    func components(of index: Int) -> [Path.Component] {
        var components: [Path.Component] = []
        var current = index
        while current > 0 {
            switch steps[current] {
            case .index(let position): components.append(.index(position))
            case .key(let key): components.append(.key(key))
            case .keyNode(let node): components.append(.key(document.map { $0.string($0.nodes[node]) } ?? ""))
            }
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
///
/// Every unit of work is charged to one budget (``JSONPath/maximumNodes``): each node a
/// segment selects, each element a filter tests, each pair of nodes a comparison of
/// containers visits, and each scalar and thread step of a regular expression's run, so a
/// query's time is bounded by that budget whatever the query and the document.
struct QueryEvaluator<Tree: QueryTree> {
    typealias Node = Tree.Node
    typealias Selected = (node: Node, path: Int)

    let tree: Tree
    let root: Node
    let query: String
    /// Work this evaluation may still do.
    private var budget: Int
    private let limit: Int
    private var parents: [Int]
    private var steps: [QueryStep]
    private var patterns = PatternCache()
    /// The nodes of each `$`-rooted query of a filter, by its number: they are the same for
    /// every element the filter tests, so they are found once per evaluation. A filter over N
    /// elements that reads a wide object through `$` (`$.list[?$.wide.missing]`) scanned it N
    /// times, beyond what the budget charged.
    private var rootQueries: [Int: [Selected]] = [:]

    /// An evaluator that may spend `limit` in all (tests lower it to reach it quickly).
    init(tree: Tree, root: Node, query: String, limit: Int = JSONPath.maximumNodes) {
        self.tree = tree
        self.root = root
        self.query = query
        self.limit = limit
        budget = limit
        parents = [-1]
        steps = [.index(0)]
        parents.reserveCapacity(64)
        steps.reserveCapacity(64)
    }

    /// The arena of every path recorded so far.
    var arena: QueryPathArena { QueryPathArena(parents: parents, steps: steps, document: tree.document) }

    /// How much of the budget the evaluation has spent so far.
    var spent: Int { limit - budget }

    /// The nodes `segments` select from `start`, each with its path's arena entry when
    /// `recording` (entry 0 otherwise).
    mutating func select(_ segments: [QuerySegment], from start: Node, recording: Bool) throws(JSONPathError) -> [Selected] {
        var current: [Selected] = [(start, 0)]
        // Two lists, swapped: each segment fills the one the segment before it emptied.
        var next: [Selected] = []
        for segment in segments {
            next.removeAll(keepingCapacity: true)
            // The common child segment of one name (`.user`): the selector is read once for
            // the whole node list, not copied out of the segment for each node.
            if !segment.isDescendant, segment.selectors.count == 1, case .name(let name) = segment.selectors[0] {
                try selectMembers(named: name, of: current, recording: recording, into: &next)
                swap(&current, &next)
                if current.isEmpty { break }
                continue
            }
            for (node, path) in current {
                if segment.isDescendant {
                    try descend(from: node, path: path, selectors: segment.selectors, recording: recording, into: &next)
                } else {
                    for selector in segment.selectors {
                        try apply(selector, to: node, path: path, recording: recording, into: &next)
                    }
                }
            }
            swap(&current, &next)
            if current.isEmpty { break }
        }
        return current
    }

    /// The member `name` of each node of `nodes` that has one, in order.
    private mutating func selectMembers(
        named name: QueryName, of nodes: [Selected], recording: Bool,
        into output: inout [Selected]
    ) throws(JSONPathError) {
        for (node, path) in nodes {
            guard let child = tree.member(of: node, named: name) else { continue }
            budget -= 1
            guard budget >= 0 else { throw exhausted() }
            output.append((child, recording ? record(tree.step(toMember: child, named: name), under: path, recording: true) : 0))
        }
    }

    @inline(__always)
    private mutating func record(_ step: QueryStep, under parent: Int, recording: Bool) -> Int {
        guard recording else { return 0 }
        parents.append(parent)
        steps.append(step)
        return parents.count - 1
    }

    /// The scalar at `node`, a string's reading charged by its length (one unit a 16 bytes):
    /// a filter that reads the same long string for every element it tests (through `$`)
    /// would otherwise do work the budget never saw.
    private mutating func chargedScalar(of node: Node) throws(JSONPathError) -> JSON {
        let value = tree.scalar(of: node)
        if case .string(let text) = value { try spend(text.utf8.count / 16) }
        return value
    }

    private mutating func spend(_ count: Int = 1) throws(JSONPathError) {
        budget -= count
        guard budget >= 0 else { throw exhausted() }
    }

    private func exhausted() -> JSONPathError {
        JSONPathError(kind: .tooManyNodes, query: query, offset: 0, reason: "the evaluation passed \(limit) nodes")
    }

    /// Every child of `node` in document order (an array's elements, an object's members), each
    /// charged to the budget and with its path recorded: what the wildcard selects, and the
    /// next level of the descendant walk.
    private mutating func forEachChild(
        of node: Node, under path: Int, recording: Bool,
        _ body: (Selected) -> Void
    ) throws(JSONPathError) {
        let tree = self.tree
        switch tree.kind(of: node) {
        case .array:
            try spend(tree.elementCount(of: node))
            tree.forEachElement(of: node) { index, element in
                body((element, record(.index(index), under: path, recording: recording)))
            }
        case .object:
            try tree.forEachMember(of: node) { (step, value) throws(JSONPathError) in
                try spend()
                body((value, record(step, under: path, recording: recording)))
            }
        default:
            break
        }
    }

    /// The node itself and then its descendants, depth first in document order (§2.5.2.2).
    private mutating func descend(
        from start: Node, path: Int, selectors: [QuerySelector], recording: Bool,
        into output: inout [Selected]
    ) throws(JSONPathError) {
        var stack: [Selected] = [(start, path)]
        while let (node, nodePath) = stack.popLast() {
            for selector in selectors {
                try apply(selector, to: node, path: nodePath, recording: recording, into: &output)
            }
            let first = stack.count
            try forEachChild(of: node, under: nodePath, recording: recording) { stack.append($0) }
            stack[first...].reverse()
        }
    }

    private mutating func apply(
        _ selector: QuerySelector, to node: Node, path: Int, recording: Bool,
        into output: inout [Selected]
    ) throws(JSONPathError) {
        let tree = self.tree
        switch selector {
        case .name(let name):
            guard let child = tree.member(of: node, named: name) else { return }
            try spend()
            output.append((child, recording ? record(tree.step(toMember: child, named: name), under: path, recording: true) : 0))
        case .wildcard:
            try forEachChild(of: node, under: path, recording: recording) { output.append($0) }
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
                try tree.forEachElement(of: node) { (index, element) throws(JSONPathError) in
                    try spend()
                    guard try test(expression, current: element) else { return }
                    output.append((element, record(.index(index), under: path, recording: recording)))
                }
            case .object:
                try tree.forEachMember(of: node) { (step, value) throws(JSONPathError) in
                    try spend()
                    guard try test(expression, current: value) else { return }
                    output.append((value, record(step, under: path, recording: recording)))
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
            case .equal: return try equal(lhs, rhs)
            case .notEqual: return try !equal(lhs, rhs)
            case .less: return try less(lhs, rhs)
            case .lessOrEqual: return try less(lhs, rhs) ? true : try equal(lhs, rhs)
            case .greater: return try less(rhs, lhs)
            case .greaterOrEqual: return try less(rhs, lhs) ? true : try equal(lhs, rhs)
            }
        }
    }

    private mutating func nodes(of query: EmbeddedQuery, current: Node) throws(JSONPathError) -> [Selected] {
        if query.isRelative { return try select(query.segments, from: current, recording: false) }
        if let known = rootQueries[query.number] {
            try spend()
            return known
        }
        let found = try select(query.segments, from: root, recording: false)
        rootQueries[query.number] = found
        return found
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

    private mutating func argumentNodes(_ argument: FunctionArgument, current: Node) throws(JSONPathError) -> [Selected] {
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
                    guard case .string(let text) = try chargedScalar(of: node) else { return .nothing }
                    return .json(.number(JSON.Number(text.unicodeScalars.count)))
                case .array: return .json(.number(JSON.Number(tree.elementCount(of: node))))
                case .object: return .json(.number(JSON.Number(tree.memberCount(of: node))))
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
            let pattern: String
            if case .literal(let literal) = call.arguments[1] {
                guard case .string(let written) = literal else { return false }
                pattern = written
            } else {
                guard let read = string(try argumentValue(call.arguments[1], current: current)) else { return false }
                pattern = read
            }
            guard let slot = try machine(for: pattern, compiled: call.compiledPattern) else { return false }
            var left = budget
            let matched = patterns.machines[slot]?.run(text.unicodeScalars, anchored: call.function == .match, budget: &left)
            budget = left
            guard let matched, budget >= 0 else { throw exhausted() }
            return matched
        case .length, .count, .value:
            return false // ValueType: the parser keeps these out of tests
        }
    }

    /// The slot of `pattern`'s machine in the evaluation's cache, compiling it (or taking the
    /// query's compiled literal) the first time; `nil` when it is not an I-Regexp. Compiling is
    /// charged by the pattern's length and its program's size.
    private mutating func machine(for pattern: String, compiled: IRegexp??) throws(JSONPathError) -> Int? {
        if let slot = patterns.slots[pattern] { return patterns.machines[slot] == nil ? nil : slot }
        let regexp: IRegexp?
        if case .some(let literal) = compiled {
            regexp = literal
        } else {
            try spend(pattern.unicodeScalars.count)
            switch IRegexp.compile(pattern) {
            case .compiled(let made): regexp = made
            case .invalid: regexp = nil
            // A pattern read from the document: RFC 9535 makes one that is no I-Regexp a
            // non-match, and one past the size limit is treated alike, so that one string in
            // the document cannot fail every query over it.
            case .tooLarge: regexp = nil
            }
        }
        let machine = regexp.map(IRegexpMachine.init)
        try spend(machine?.size ?? 0)
        patterns.makeRoom(for: machine?.size ?? 0)
        patterns.slots[pattern] = patterns.machines.count
        patterns.machines.append(machine)
        return machine == nil ? nil : patterns.machines.count - 1
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

    /// `==` of §2.3.5.2.2: Nothing equals only Nothing; strings compare by scalars; arrays by
    /// their elements in order and objects by their members in any order, compared in place
    /// (no `JSON` is built), each pair of nodes visited charged to the budget.
    private mutating func equal(_ lhs: Value, _ rhs: Value) throws(JSONPathError) -> Bool {
        switch (lhs, rhs) {
        case (.nothing, .nothing): return true
        case (.nothing, _), (_, .nothing): return false
        case (.json(let left), .json(let right)): return Self.equal(left, right)
        case (.node(let left), .node(let right)): return try equalNodes(left, right)
        case (.node(let node), .json(let json)), (.json(let json), .node(let node)):
            let kind = tree.kind(of: node)
            guard kind == JSONQueryTree().kind(of: json) else { return false }
            if kind == .array || kind == .object {
                // Literals and function results are scalars; kept whole for completeness.
                try spend()
                return Self.equal(tree.json(of: node), json)
            }
            return Self.equal(try chargedScalar(of: node), json)
        }
    }

    private mutating func equalNodes(_ lhs: Node, _ rhs: Node) throws(JSONPathError) -> Bool {
        let tree = self.tree
        var pending: [(Node, Node)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            try spend()
            let kind = tree.kind(of: left)
            guard kind == tree.kind(of: right) else { return false }
            switch kind {
            case .array:
                let count = tree.elementCount(of: left)
                guard count == tree.elementCount(of: right) else { return false }
                let others = tree.elements(of: right)
                try spend(count)
                tree.forEachElement(of: left) { index, element in pending.append((element, others[index])) }
            case .object:
                let members = tree.members(of: left)
                let others = tree.members(of: right)
                guard members.count == others.count else { return false }
                try spend(members.count)
                var byKey: [String: Node] = [:]
                byKey.reserveCapacity(others.count)
                for member in others { byKey[member.key] = member.value }
                for member in members {
                    guard let other = byKey[member.key] else { return false }
                    pending.append((member.value, other))
                }
            default:
                guard Self.equal(try chargedScalar(of: left), try chargedScalar(of: right)) else { return false }
            }
        }
        return true
    }

    static func equal(_ lhs: JSON, _ rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)): return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        default: return lhs == rhs
        }
    }

    /// `<` of §2.3.5.2.2: numbers by value, strings by scalar values, anything else false
    /// (containers without being read).
    private mutating func less(_ lhs: Value, _ rhs: Value) throws(JSONPathError) -> Bool {
        guard let left = try scalar(lhs), let right = try scalar(rhs) else { return false }
        switch (left, right) {
        case (.number(let a), .number(let b)): return Self.less(a, b)
        case (.string(let a), .string(let b)): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    /// A number's or string's value (a string read from the tree charged by its length, as
    /// ``chargedScalar(of:)`` charges it); `nil` for anything else.
    private mutating func scalar(_ value: Value) throws(JSONPathError) -> JSON? {
        switch value {
        case .nothing: return nil
        case .json(let json):
            switch json {
            case .number, .string: return json
            default: return nil
            }
        case .node(let node):
            switch tree.kind(of: node) {
            case .number, .string: return try chargedScalar(of: node)
            default: return nil
            }
        }
    }

    static func less(_ lhs: JSON.Number, _ rhs: JSON.Number) -> Bool {
        if lhs == rhs { return false }
        if let a = lhs.double, let b = rhs.double, a != b { return a < b }
        if let a = lhs.decimal, let b = rhs.decimal { return a < b }
        return false
    }
}

/// The machines of the patterns one evaluation has run, by pattern: a pattern read from the
/// document (`match(@.a, @.b)`) is compiled once however many nodes use it. Bounded: past
/// ``maximumMachines`` patterns or ``maximumInstructions`` instructions kept, it starts over.
struct PatternCache {
    static let maximumMachines = 256
    static let maximumInstructions = 1_000_000

    var slots: [String: Int] = [:]
    /// `nil` for a pattern that is not an I-Regexp.
    var machines: [IRegexpMachine?] = []
    private var instructions = 0

    /// Empties the cache when keeping `size` more instructions would pass its bounds.
    mutating func makeRoom(for size: Int) {
        if machines.count >= Self.maximumMachines || instructions + size > Self.maximumInstructions {
            slots.removeAll(keepingCapacity: true)
            machines.removeAll(keepingCapacity: true)
            instructions = 0
        }
        instructions += size
    }
}
