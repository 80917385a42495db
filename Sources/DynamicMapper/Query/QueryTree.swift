/// What the evaluator needs from a tree of JSON values, so that one evaluator serves `JSON`,
/// a parsed document's node tape (read in place, no tree built) and a view's overlay.
protocol QueryTree {
    associatedtype Node

    func kind(of node: Node) -> QueryNodeKind
    /// The first member named `key` of the object `node`.
    func member(of node: Node, named key: String) -> Node?
    func elementCount(of node: Node) -> Int
    /// Element `index` (in `0..<elementCount`) of the array `node`.
    func element(of node: Node, at index: Int) -> Node?
    func elements(of node: Node) -> [Node]
    func members(of node: Node) -> [(key: String, value: Node)]
    /// A scalar node's value (`null`, a Boolean, a number or a string).
    func scalar(of node: Node) -> JSON
    /// The whole value at `node`.
    func json(of node: Node) -> JSON
}

enum QueryNodeKind {
    case null, bool, number, string, array, object
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

    func member(of node: JSON, named key: String) -> JSON? {
        guard case .object(let object) = node else { return nil }
        return object[key]
    }

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

    func members(of node: JSON) -> [(key: String, value: JSON)] {
        guard case .object(let object) = node else { return [] }
        return Array(zip(object.keys, object.values).lazy.map { (key: $0, value: $1) })
    }

    func scalar(of node: JSON) -> JSON { node }
    func json(of node: JSON) -> JSON { node }
}

/// A parsed document's node tape: nodes are tape indexes, and strings are decoded only when a
/// filter compares them or a member's key is reported.
struct DocumentQueryTree: QueryTree {
    let document: Document

    func kind(of node: Int) -> QueryNodeKind {
        switch document.nodes[node].kind {
        case .null: return .null
        case .true, .false: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    func member(of node: Int, named key: String) -> Int? {
        document.member(of: node, named: key)
    }

    func elementCount(of node: Int) -> Int {
        document.nodes[node].kind == .array ? Int(document.nodes[node].length) : 0
    }

    func element(of node: Int, at index: Int) -> Int? {
        document.element(of: node, at: index)
    }

    func elements(of node: Int) -> [Int] {
        guard document.nodes[node].kind == .array else { return [] }
        return Array(document.children(of: node))
    }

    func members(of node: Int) -> [(key: String, value: Int)] {
        guard document.nodes[node].kind == .object else { return [] }
        var members: [(key: String, value: Int)] = []
        members.reserveCapacity(Int(document.nodes[node].length))
        var scratch: [UInt64] = []
        // A repeated key: the first one is the member, as everywhere else in the package.
        var seen: Set<String>? = document.hasUniqueKeys(object: node, scratch: &scratch) ? nil : []
        for child in document.children(of: node) {
            let key = document.string(document.nodes[child])
            if seen != nil, seen?.insert(key).inserted == false { continue }
            members.append((key, child + 1))
        }
        return members
    }

    func scalar(of node: Int) -> JSON {
        let value = document.nodes[node]
        switch value.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number, .string, .array, .object: return document.json(at: node)
        }
    }

    func json(of node: Int) -> JSON { document.json(at: node) }
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

    func member(of node: OverlayNode, named key: String) -> OverlayNode? {
        guard kind(of: node) == .object else { return nil }
        return node.child(.key(key))
    }

    func elementCount(of node: OverlayNode) -> Int { node.elementCount }

    func element(of node: OverlayNode, at index: Int) -> OverlayNode? {
        guard kind(of: node) == .array else { return nil }
        return node.child(.index(index))
    }

    func elements(of node: OverlayNode) -> [OverlayNode] { node.arrayElements() ?? [] }

    func members(of node: OverlayNode) -> [(key: String, value: OverlayNode)] {
        switch node {
        case .source(let document, let index):
            return DocumentQueryTree(document: document).members(of: index).map { ($0.key, .source(document, $0.value)) }
        case .value(let json):
            return JSONQueryTree().members(of: json).map { ($0.key, .value($0.value)) }
        case .object(let object):
            var seen = Set<String>()
            return object.members.compactMap { seen.insert($0.key).inserted ? ($0.key, $0.value) : nil }
        case .array: return []
        }
    }

    func scalar(of node: OverlayNode) -> JSON { node.json }
    func json(of node: OverlayNode) -> JSON { node.json }
}
