import Foundation

/// Encodes into a ``JSON`` tree with `JSONEncoder`'s container rules: containers are references
/// that stay writable in any order, a repeated key replaces the value (keeping its position),
/// asking for a nested container under a key that already holds one continues that one, and a
/// super encoder delivers its value when it goes away.
///
/// It backs ``DynamicJSONEncoder/encodeJSON(_:)`` and is the fallback when the streaming encoder
/// sees containers used out of order.
final class TreeEncoder: Encoder {
    enum Reference {
        case array(TreeArray, Int)
        case object(TreeObject, String)
    }

    let options: EncodingOptions
    let codingPath: [any CodingKey]
    private var node: TreeNode?
    private let reference: Reference?

    init(options: EncodingOptions, codingPath: [any CodingKey], reference: Reference? = nil) {
        self.options = options
        self.codingPath = codingPath
        self.reference = reference
    }

    /// An encoder whose keyed container is `object`, so a flat value writes into its parent.
    init(options: EncodingOptions, codingPath: [any CodingKey], object: TreeObject) {
        self.options = options
        self.codingPath = codingPath
        reference = nil
        node = .object(object)
    }

    deinit {
        guard let reference else { return }
        let value = node ?? .value(.object(JSON.Object()))
        switch reference {
        case .array(let array, let index): array.nodes.insert(value, at: min(index, array.nodes.count))
        case .object(let object, let key): object.set(value, for: key)
        }
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// What this encoder holds so far.
    var value: TreeNode? { node }

    /// What this encoder holds, unless it is still `object` (see the flat encoder init).
    func nodeIfNot(_ object: TreeObject) -> TreeNode? {
        if case .object(let same) = node, same === object { return nil }
        return node
    }

    /// The encoded value of `value`, or `nil` when it encoded nothing.
    static func encode<T: Encodable>(_ value: T, options: EncodingOptions) throws -> JSON? {
        try wrap(value, options: options, path: [])?.json
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: TreeObject
        switch node {
        case .object(let existing): object = existing
        case .value(.object(let members)): object = TreeObject(members)
        case .overlay(let overlay) where overlay.json.objectValue != nil: object = TreeObject(overlay.json.objectValue ?? JSON.Object())
        case nil: object = TreeObject()
        case let other?:
            // `JSONEncoder` stops here; the encode call fails instead, and writes go nowhere.
            options.misuse?.note("a keyed container", existing: other.kindDescription, path: codingPath)
            return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self, object: TreeObject(), codingPath: codingPath))
        }
        node = .object(object)
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: TreeArray
        switch node {
        case .array(let existing): array = existing
        case .value(.array(let elements)): array = TreeArray(elements)
        case nil: array = TreeArray()
        case let other?:
            options.misuse?.note("an unkeyed container", existing: other.kindDescription, path: codingPath)
            return TreeUnkeyedContainer(encoder: self, array: TreeArray(), codingPath: codingPath)
        }
        node = .array(array)
        return TreeUnkeyedContainer(encoder: self, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(encoder: self)
    }

    /// The array this encoder's value is, for a path that starts with an index: the one an
    /// unkeyed container holds (or made now); nil when the value is already of another kind.
    func arrayForPaths() -> TreeArray? {
        switch node {
        case .array(let existing):
            return existing
        case .value(.array(let elements)):
            let array = TreeArray(elements)
            node = .array(array)
            return array
        case nil:
            let array = TreeArray()
            node = .array(array)
            return array
        default:
            return nil
        }
    }

    /// Stores a single value unless a container already holds this encoder's value, which
    /// `JSONEncoder` keeps in that case. The value is stored finished, not as a container, so
    /// that a container asked for afterwards follows `JSONEncoder`'s rules for values.
    func setSingleValue(_ value: TreeNode) {
        switch node {
        case .object, .array: return
        case nil:
            switch value {
            case .object, .array: node = .value(value.json)
            default: node = value
            }
        case let other?: options.misuse?.note("a single value", existing: other.kindDescription, path: codingPath)
        }
    }

    /// Whether a keyed or unkeyed container already holds this encoder's value.
    var holdsContainer: Bool {
        switch node {
        case .object, .array: return true
        default: return false
        }
    }

    // MARK: Values

    static func wrap<T: Encodable>(_ value: T, options: EncodingOptions, path: [any CodingKey]) throws -> TreeNode? {
        if T.self == Date.self { return try wrap(form: options.form(of: value as! Date), options: options, path: path) }
        if T.self == Data.self { return try wrap(form: options.form(of: value as! Data), options: options, path: path) }
        if T.self == URL.self { return .value(.string((value as! URL).absoluteString)) }
        if T.self == Decimal.self {
            options.scalarRecord?.note(value, at: path, options: options)
            return .value(.number(JSON.Number(validated: (value as! Decimal).description)))
        }
        if T.self == JSON.self { return .value(value as! JSON) }
        if T.self == DynamicClass.self { return .overlay((value as! DynamicClass).tree) }
        if options.keyMode != .useDefaultKeys, let dictionary = value as? any StringKeyedDictionaryEncodable {
            let object = TreeObject()
            try dictionary.forEachMember { key, member in
                let node = try wrap(member, options: options, path: path + [StringKey(key)])
                object.set(node ?? .value(.object(JSON.Object())), for: key)
            }
            return .object(object)
        }
        if let model = value as? any DynamicEncodable {
            return .overlay(try DynamicEncoding.model(model, options: options, path: path))
        }
        return try wrapInChild(options: options, path: path) { try value.encode(to: $0) }
    }

    /// What a dynamic model's own `encode(to:)` writes, before its document is merged in.
    static func wrapOwnProperties<T: Encodable>(_ value: T, options: EncodingOptions, path: [any CodingKey]) throws -> TreeNode? {
        try wrapInChild(options: options, path: path) { try value.encode(to: $0) }
    }

    private static func wrapInChild(options: EncodingOptions, path: [any CodingKey], _ body: (TreeEncoder) throws -> Void) throws -> TreeNode? {
        // Every nested value's own `encode(to:)` runs here: the stack guard's one place in
        // this encoder (a deep model continues on a larger stack, see `StackGuard`).
        try StackGuard.withRoom(
            {
                let child = TreeEncoder(options: options, codingPath: path)
                try body(child)
                return child.node
            }, orElse: { StackGuard.encodingTooDeep(path.count, codingPath: path) })
    }

    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy, path: @autoclosure () -> [any CodingKey]
    ) throws -> TreeNode {
        let (text, isString) = try FloatText.text(value, strategy: strategy, path: path())
        return .value(isString ? .string(text) : .number(JSON.Number(validated: text)))
    }

    /// A `Date` or `Data` in the form the options chose for it.
    private static func wrap(form: StrategyForm, options: EncodingOptions, path: [any CodingKey]) throws -> TreeNode {
        switch form {
        case .encoded(let encode):
            return try wrapInChild(options: options, path: path) { try encode($0) } ?? .value(.object(JSON.Object()))
        case .number(let value):
            return try number(value, strategy: .throw, path: path)
        case .string(let text):
            return .value(.string(text))
        }
    }
}

// MARK: - Nodes

/// A value under construction: finished values, or containers that may still change.
enum TreeNode {
    case value(JSON)
    case object(TreeObject)
    case array(TreeArray)
    /// A dynamic model's complete output (its document merged with its properties).
    case overlay(OverlayNode)

    /// A value that a nested dynamic model's output holds unchanged from its document.
    var isDocumentValue: Bool {
        if case .overlay(.source) = self { return true }
        return false
    }

    /// The members when this is an object (a finished one, or a dynamic model's output).
    var members: [(key: String, node: TreeNode)]? {
        switch self {
        case .object(let object): return Array(zip(object.keys, object.nodes))
        case .value(.object(let object)): return zip(object.keys, object.values).map { ($0, .value($1)) }
        case .overlay(let overlay):
            guard let object = overlay.objectMembers() else { return nil }
            // A key the document repeats: the first one is the one read.
            var seen = Set<String>()
            return object.members.compactMap { seen.insert($0.key).inserted ? ($0.key, .overlay($0.value)) : nil }
        case .value, .array: return nil
        }
    }

    var json: JSON {
        switch self {
        case .value(let value): return value
        case .overlay(let node): return node.json
        case .object(let object): return .object(object.json)
        case .array(let array): return .array(array.nodes.map(\.json))
        }
    }
}

final class TreeArray {
    var nodes: [TreeNode] = []
    /// Positions that a path went through (see ``TreeObject/pathParents``).
    var pathElements: Set<Int> = []
    /// Positions where a path with an index placed a value (`items[1]`).
    var placedElements: Set<Int> = []

    /// The positions paths wrote, when paths made or changed this array: merged over a
    /// document's array, only these replace its elements (the `null`s padding the gaps
    /// between them are not the model's).
    var pathPositions: Set<Int> { pathElements.union(placedElements) }

    init() {}

    init(_ elements: [JSON]) { nodes = elements.map(TreeNode.value) }
}

final class TreeObject {
    private(set) var keys: [String] = []
    private(set) var nodes: [TreeNode] = []
    private var positions: [String: Int] = [:]
    /// Keys that a ``KeyedKey`` path went through: the members it placed below them stay when
    /// a value is written at the key itself, whichever comes first (`"x.a"` and `"x"`).
    private var pathParents: Set<String> = []

    init() {}

    init(_ members: JSON.Object) {
        for (key, value) in members { set(.value(value), for: key) }
    }

    init(_ members: [(key: String, node: TreeNode)]) {
        for member in members { set(member.node, for: member.key) }
    }

    subscript(key: String) -> TreeNode? {
        positions[key].map { nodes[$0] }
    }

    /// The object under `key`, made (or made editable) when it is not one yet.
    func nestedObject(for key: String) -> TreeObject {
        let nested: TreeObject
        switch self[key] {
        case .object(let existing)?: nested = existing
        case let other: nested = other?.members.map(TreeObject.init) ?? TreeObject()
        }
        set(.object(nested), for: key)
        return nested
    }

    func markPathParent(_ key: String) { pathParents.insert(key) }

    func isPathParent(_ key: String) -> Bool { pathParents.contains(key) }

    /// Stores `node` under `key`. Where a path already placed values below `key`, `node` is
    /// merged into them (see ``TreeNode/merge(_:into:)``). Returns `false`, storing nothing
    /// more, when another value meets those members.
    func place(_ node: TreeNode, for key: String) -> Bool {
        guard pathParents.contains(key), let existing = self[key], existing.isPathContainer else {
            set(node, for: key)
            return true
        }
        return TreeNode.merge(node, into: existing)
    }

    func set(_ node: TreeNode, for key: String) {
        if let position = positions[key] {
            nodes[position] = node
        } else {
            positions[key] = keys.count
            keys.append(key)
            nodes.append(node)
        }
    }

    var json: JSON.Object {
        var object = JSON.Object()
        for (position, key) in keys.enumerated() { object.append(key: key, value: nodes[position].json) }
        return object
    }
}
