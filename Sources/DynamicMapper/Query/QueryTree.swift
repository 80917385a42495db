/// What the evaluator needs from a tree of JSON values, so that one evaluator serves `JSON`,
/// a parsed document's node tape (read in place, no tree built) and a view's overlay.
protocol QueryTree {
    associatedtype Node

    func kind(of node: Node) -> QueryNodeKind
    /// The first member named `name` of the object `node`.
    func member(of node: Node, named name: QueryName) -> Node?
    /// The path step to `value`, the member named `name` that ``member(of:named:)`` found.
    func step(toMember value: Node, named name: QueryName) -> QueryStep
    func elementCount(of node: Node) -> Int
    /// Element `index` (in `0..<elementCount`) of the array `node`.
    func element(of node: Node, at index: Int) -> Node?
    func elements(of node: Node) -> [Node]
    /// Calls `body` with each element of the array `node` and its index, in order.
    func forEachElement<E: Error>(of node: Node, _ body: (Int, Node) throws(E) -> Void) throws(E)
    /// Calls `body` with each member of the object `node` (a repeated key once: the first) and
    /// the path step to it, in order.
    func forEachMember<E: Error>(of node: Node, _ body: (QueryStep, Node) throws(E) -> Void) throws(E)
    /// The members of the object `node` with their keys, a repeated key once (the first).
    func members(of node: Node) -> [(key: String, value: Node)]
    /// A scalar node's value (`null`, a Boolean, a number or a string).
    func scalar(of node: Node) -> JSON
    /// The whole value at `node`.
    func json(of node: Node) -> JSON
    /// The document whose key nodes the steps name (``QueryStep/keyNode(_:)``), if any.
    var document: Document? { get }
}

extension QueryTree {
    var document: Document? { nil }

    /// How many members the object `node` has, a repeated key once.
    func memberCount(of node: Node) -> Int {
        var count = 0
        forEachMember(of: node) { _, _ in count += 1 }
        return count
    }
}

enum QueryNodeKind {
    case null, bool, number, string, array, object
}

/// One step of a recorded path: an index, a key, or a key node of the evaluated document
/// (read as a `String` only when the path is asked for).
enum QueryStep: Sendable {
    case index(Int)
    case key(String)
    case keyNode(Int)
}

/// `JSON` values, walked as they are.
struct JSONQueryTree: QueryTree {
    func kind(of node: JSON) -> QueryNodeKind {
        switch node {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    func member(of node: JSON, named name: QueryName) -> JSON? {
        guard case .object(let object) = node else { return nil }
        return object[name.text]
    }

    func step(toMember value: JSON, named name: QueryName) -> QueryStep { .key(name.text) }

    func elementCount(of node: JSON) -> Int {
        guard case .array(let elements) = node else { return 0 }
        return elements.count
    }

    func element(of node: JSON, at index: Int) -> JSON? {
        guard case .array(let elements) = node, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    func elements(of node: JSON) -> [JSON] {
        guard case .array(let elements) = node else { return [] }
        return elements
    }

    func forEachElement<E: Error>(of node: JSON, _ body: (Int, JSON) throws(E) -> Void) throws(E) {
        guard case .array(let elements) = node else { return }
        for index in elements.indices { try body(index, elements[index]) }
    }

    func forEachMember<E: Error>(of node: JSON, _ body: (QueryStep, JSON) throws(E) -> Void) throws(E) {
        guard case .object(let object) = node else { return }
        for (key, value) in zip(object.keys, object.values) { try body(.key(key), value) }
    }

    func members(of node: JSON) -> [(key: String, value: JSON)] {
        guard case .object(let object) = node else { return [] }
        return Array(zip(object.keys, object.values).lazy.map { (key: $0, value: $1) })
    }

    func scalar(of node: JSON) -> JSON { node }
    func json(of node: JSON) -> JSON { node }
}

/// A parsed document's node tape: nodes are tape indexes, member names are compared with the
/// key bytes in place, and strings are decoded only when a filter compares them or a match's
/// path or value is asked for.
struct DocumentQueryTree: QueryTree {
    let source: Document

    init(document: Document) {
        source = document
    }

    var document: Document? { source }

    func kind(of node: Int) -> QueryNodeKind {
        switch source.nodes[node].kind {
        case .null: return .null
        case .true, .false: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    func member(of node: Int, named name: QueryName) -> Int? {
        source.member(of: node, named: name)
    }

    func step(toMember value: Int, named name: QueryName) -> QueryStep { .keyNode(value - 1) }

    func elementCount(of node: Int) -> Int {
        source.nodes[node].kind == .array ? Int(source.nodes[node].length) : 0
    }

    func element(of node: Int, at index: Int) -> Int? {
        source.element(of: node, at: index)
    }

    func elements(of node: Int) -> [Int] {
        guard source.nodes[node].kind == .array else { return [] }
        return Array(source.children(of: node))
    }

    func forEachElement<E: Error>(of node: Int, _ body: (Int, Int) throws(E) -> Void) throws(E) {
        let value = source.nodes[node]
        guard value.kind == .array else { return }
        var index = 0
        for child in source.children(of: node, node: value) {
            try body(index, child)
            index += 1
        }
    }

    func forEachMember<E: Error>(of node: Int, _ body: (QueryStep, Int) throws(E) -> Void) throws(E) {
        let value = source.nodes[node]
        guard value.kind == .object else { return }
        var scratch: [UInt64] = []
        // A repeated key: the first one is the member, as everywhere else in the package.
        var seen: Set<String>? = source.hasUniqueKeys(object: node, scratch: &scratch) ? nil : []
        for child in source.members(ofObject: node, node: value) {
            if seen != nil, seen?.insert(source.string(source.nodes[child])).inserted == false { continue }
            try body(.keyNode(child), child + 1)
        }
    }

    func members(of node: Int) -> [(key: String, value: Int)] {
        var members: [(key: String, value: Int)] = []
        forEachMember(of: node) { step, value in
            if case .keyNode(let key) = step { members.append((source.string(source.nodes[key]), value)) }
        }
        return members
    }

    func scalar(of node: Int) -> JSON {
        let value = source.nodes[node]
        switch value.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number, .string, .array, .object: return source.json(at: node)
        }
    }

    func json(of node: Int) -> JSON { source.json(at: node) }
}

/// A view's overlay: edited containers as they stand, untouched parts read from the document.
struct OverlayQueryTree: QueryTree {
    func kind(of node: OverlayNode) -> QueryNodeKind {
        switch node {
        case .source(let document, let index): return DocumentQueryTree(document: document).kind(of: index)
        case .value(let json): return JSONQueryTree().kind(of: json)
        case .object: return .object
        case .array: return .array
        }
    }

    func member(of node: OverlayNode, named name: QueryName) -> OverlayNode? {
        switch node {
        case .source(let document, let index): return document.member(of: index, named: name).map { .source(document, $0) }
        case .value, .object: return node.child(.key(name.text))
        case .array: return nil
        }
    }

    func step(toMember value: OverlayNode, named name: QueryName) -> QueryStep { .key(name.text) }

    func elementCount(of node: OverlayNode) -> Int { node.elementCount }

    func element(of node: OverlayNode, at index: Int) -> OverlayNode? {
        guard kind(of: node) == .array else { return nil }
        return node.child(.index(index))
    }

    func elements(of node: OverlayNode) -> [OverlayNode] { node.arrayElements() ?? [] }

    func forEachElement<E: Error>(of node: OverlayNode, _ body: (Int, OverlayNode) throws(E) -> Void) throws(E) {
        switch node {
        case .source(let document, let index):
            try DocumentQueryTree(document: document).forEachElement(of: index) { (position, child) throws(E) in
                try body(position, .source(document, child))
            }
        case .value(let json):
            try JSONQueryTree().forEachElement(of: json) { (position, child) throws(E) in try body(position, .value(child)) }
        case .array(let elements):
            for index in elements.indices { try body(index, elements[index]) }
        case .object:
            return
        }
    }

    func forEachMember<E: Error>(of node: OverlayNode, _ body: (QueryStep, OverlayNode) throws(E) -> Void) throws(E) {
        switch node {
        case .source(let document, let index):
            let tree = DocumentQueryTree(document: document)
            try tree.forEachMember(of: index) { (step, child) throws(E) in
                guard case .keyNode(let key) = step else { return }
                try body(.key(document.string(document.nodes[key])), .source(document, child))
            }
        case .value(let json):
            try JSONQueryTree().forEachMember(of: json) { (step, child) throws(E) in try body(step, .value(child)) }
        case .object(let object):
            var seen = Set<String>()
            for member in object.members where seen.insert(member.key).inserted {
                try body(.key(member.key), member.value)
            }
        case .array:
            return
        }
    }

    func members(of node: OverlayNode) -> [(key: String, value: OverlayNode)] {
        var members: [(key: String, value: OverlayNode)] = []
        forEachMember(of: node) { step, value in
            if case .key(let key) = step { members.append((key, value)) }
        }
        return members
    }

    func scalar(of node: OverlayNode) -> JSON { node.json }
    func json(of node: OverlayNode) -> JSON { node.json }
}
