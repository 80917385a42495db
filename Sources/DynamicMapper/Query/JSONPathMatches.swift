import Foundation

/// Where a match's value lives: read in place from a document, or a value of its own.
enum QueryMatchValue: Sendable {
    case json(JSON)
    case document(Document, Int)
    case overlay(OverlayNode)

    var json: JSON {
        switch self {
        case .json(let json): return json
        case .document(let document, let index): return document.json(at: index)
        case .overlay(let node): return node.json
        }
    }

    func decode<T: Decodable>(_ type: T.Type, options: DecodingOptions) throws -> T {
        // A string read as a `String` needs no decoder (no strategy applies to it): the common
        // `values(as: String.self)` then costs what reading the string costs.
        if T.self == String.self {
            switch self {
            case .document(let source, let node), .overlay(.source(let source, let node)):
                if source.nodes[node].kind == .string, let text = source.string(source.nodes[node]) as? T { return text }
            case .json(.string(let text)), .overlay(.value(.string(let text))):
                if let text = text as? T { return text }
            default: break
            }
        }
        let document: Document
        let index: Int
        switch self {
        case .document(let source, let node), .overlay(.source(let source, let node)):
            document = source
            index = node
        case .json, .overlay:
            // A value of its own decodes from its serialised form (JSON5, for the non-finite
            // numbers a JSON5 document may hold).
            var writer = JSONWriter(formatting: [])
            writer.nonFiniteLiterals = .json5
            switch self {
            case .json(let json): writer.write(OverlayNode.value(json))
            case .overlay(let node): writer.write(node)
            case .document: break
            }
            document = try Document(data: writer.data(), options: ScanOptions(allowsJSON5: true, maximumDepth: .max))
            index = 0
        }
        let impl = DecoderImpl(document: document, options: options, node: index)
        return try MappedFilling.withoutPending { try impl.unwrap(T.self, at: index) }
    }
}

/// The values a query matched: nodes of one parsed document (kept as tape indexes, the
/// document held once), or values of their own.
enum QueryMatchValues: Sendable {
    case document(Document, [Int])
    case values([QueryMatchValue])

    var count: Int {
        switch self {
        case .document(_, let nodes): return nodes.count
        case .values(let values): return values.count
        }
    }

    subscript(position: Int) -> QueryMatchValue {
        switch self {
        case .document(let document, let nodes): return .document(document, nodes[position])
        case .values(let values): return values[position]
        }
    }

    /// Every value as a `String`, when every value is a string: read straight from the
    /// document's bytes, with no decoder and no cast per value.
    func strings() -> [String]? {
        var strings: [String] = []
        strings.reserveCapacity(count)
        switch self {
        case .document(let document, let nodes):
            for node in nodes {
                let value = document.nodes[node]
                guard value.kind == .string else { return nil }
                strings.append(document.string(value))
            }
        case .values(let values):
            for value in values {
                switch value {
                case .json(.string(let text)), .overlay(.value(.string(let text))): strings.append(text)
                case .document(let document, let node), .overlay(.source(let document, let node)):
                    guard document.nodes[node].kind == .string else { return nil }
                    strings.append(document.string(document.nodes[node]))
                default: return nil
                }
            }
        }
        return strings
    }
}

/// One node a query selected: its normalized path and its value.
///
/// ```swift
/// let json: JSON = ["users": [["id": 7]]]
/// let match = try json.query("$.users[0].id")[0]
/// match.path.description        // $['users'][0]['id']
/// match.value                   // 7
/// try match.decode(Int.self)    // 7
/// ```
public struct JSONPathMatch: Sendable {
    let storage: QueryMatchValue
    let arena: QueryPathArena
    let entry: Int
    /// The decode that made the view queried, whose settings decoding a match follows.
    let origin: ViewOrigin?

    /// Where the node is: `match.path.pointer`, `ds[match.path.path]`.
    public var path: NormalizedPath { NormalizedPath(arena.components(of: entry)) }

    /// The node's value: `match.value == 7`.
    public var value: JSON { storage.json }

    /// The node's value decoded as `type`, with `decoder`'s strategies (the decode's that
    /// made the view, for a decoded model's view).
    ///
    /// ```swift
    /// let user = try match.decode(User.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: DynamicJSONDecoder? = nil) throws -> T {
        let options = decoder.map { DecodingOptions($0) } ?? origin?.options ?? ViewOrigin.defaultDecoding
        return try storage.decode(T.self, options: options)
    }
}

/// The nodes a query selected, in the order RFC 9535 gives them.
///
/// ```swift
/// let json: JSON = ["a": [1, 2, 3]]
/// let matches = try json.query("$.a[1:]")
/// matches.count                              // 2
/// matches.paths.map(\.description)           // ["$['a'][1]", "$['a'][2]"]
/// try matches.values(as: Int.self)           // [2, 3]
/// ```
public struct JSONPathMatches: RandomAccessCollection, Sendable {
    let matched: QueryMatchValues
    /// Each match's entry in `arena`.
    let entries: [Int]
    let arena: QueryPathArena
    /// The decode that made the view queried, whose settings decoding a match follows.
    let origin: ViewOrigin?

    /// The first position: `matches.startIndex == 0`.
    public var startIndex: Int { 0 }
    /// One past the last position: `matches.endIndex == matches.count`.
    public var endIndex: Int { entries.count }

    init(matched: QueryMatchValues, entries: [Int], arena: QueryPathArena, origin: ViewOrigin?) {
        self.matched = matched
        self.entries = entries
        self.arena = arena
        self.origin = origin
    }

    /// No matches.
    init(origin: ViewOrigin?) {
        self.init(matched: .values([]), entries: [], arena: .empty, origin: origin)
    }

    /// The match at `position`: `matches[0].path`.
    public subscript(position: Int) -> JSONPathMatch {
        JSONPathMatch(storage: matched[position], arena: arena, entry: entries[position], origin: origin)
    }

    /// Every match's normalized path: `matches.paths.map(\.pointer)`.
    public var paths: [NormalizedPath] { entries.map { NormalizedPath(arena.components(of: $0)) } }

    /// Every match's value: `matches.values == [1, 2]`.
    public var values: [JSON] { (0..<matched.count).map { matched[$0].json } }

    /// Every match's value decoded as `type`.
    ///
    /// ```swift
    /// let ids = try ds.query("$.statuses[*].user.id").values(as: Int.self)
    /// ```
    ///
    /// - Throws: the first `DecodingError`, when a value is not a `type`.
    public func values<T: Decodable>(as type: T.Type, using decoder: DynamicJSONDecoder? = nil) throws -> [T] {
        // Strings need no decoder (no strategy applies to them): read at once, the common
        // `values(as: String.self)` costs what reading the strings costs.
        if let same = SameType([String].self, [T].self), let strings = matched.strings() { return same.cast(strings) }
        let options = decoder.map { DecodingOptions($0) } ?? origin?.options ?? ViewOrigin.defaultDecoding
        return try (0..<matched.count).map { try matched[$0].decode(T.self, options: options) }
    }
}
