/// A JSON Patch (RFC 6902): operations applied in order, all or nothing.
///
/// ```swift
/// let patch: JSONPatch = try [
///     .replace(Path(pointer: "/user/name"), "Ada"),
///     .add(Path(pointer: "/tags/-"), "new"),
///     .remove(Path(pointer: "/draft")),
/// ]
/// try document.apply(patch)
/// let body = try JSONEncoder().encode(patch)   // [{"op":"replace","path":"/user/name","value":"Ada"}, ...]
/// ```
///
/// Encodes and decodes as the standard array of operation objects (`op`, `path`, and `value`
/// or `from`); members it does not know are ignored. Paths are ``Path`` values written as
/// JSON Pointers (see ``Path/init(pointer:)``).
public struct JSONPatch: Sendable, Equatable, Codable, ExpressibleByArrayLiteral {
    /// The operations, in the order they apply.
    ///
    /// ```swift
    /// try JSONPatch([.remove(Path(pointer: "/a"))]).operations.count   // 1
    /// ```
    public var operations: [Operation]

    /// One step of a patch.
    ///
    /// ```swift
    /// let step = try JSONPatch.Operation.move(from: Path(pointer: "/old"), to: Path(pointer: "/new"))
    /// ```
    public enum Operation: Sendable, Equatable {
        /// Adds `value` at the path: a new member, a replaced member, or an element inserted
        /// before the given index (`-` appends).
        case add(Path, JSON)
        /// Removes the member or element at the path, which must exist.
        case remove(Path)
        /// Replaces the value at the path, which must exist.
        case replace(Path, JSON)
        /// Removes the value at `from` and adds it at `to`; `to` may not be inside `from`.
        case move(from: Path, to: Path)
        /// Adds a copy of the value at `from` at `to`.
        case copy(from: Path, to: Path)
        /// Fails the whole patch unless the value at the path equals `value` (numbers by value,
        /// objects in any key order).
        case test(Path, JSON)

        /// The operation's `op` member: `"add"`, `"remove"`, and so on.
        ///
        /// ```swift
        /// JSONPatch.Operation.remove(.root).name   // "remove"
        /// ```
        public var name: String {
            switch self {
            case .add: return "add"
            case .remove: return "remove"
            case .replace: return "replace"
            case .move: return "move"
            case .copy: return "copy"
            case .test: return "test"
            }
        }

        /// The operation's `path` member: where it acts.
        ///
        /// ```swift
        /// JSONPatch.Operation.copy(from: "a", to: "b").path   // b
        /// ```
        public var path: Path {
            switch self {
            case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _): return path
            case .move(_, let path), .copy(_, let path): return path
            }
        }
    }

    /// A patch of `operations`.
    ///
    /// ```swift
    /// let patch = try JSONPatch([.test(Path(pointer: "/version"), 3), .replace(Path(pointer: "/version"), 4)])
    /// ```
    public init(_ operations: [Operation] = []) {
        self.operations = operations
    }

    /// `let patch: JSONPatch = try [.remove(Path(pointer: "/a"))]`.
    public init(arrayLiteral operations: Operation...) {
        self.operations = operations
    }

    /// `true` when the patch changes nothing because it has no operations.
    ///
    /// ```swift
    /// JSONPatch().isEmpty   // true
    /// ```
    public var isEmpty: Bool { operations.isEmpty }

    /// Reads the standard array of operations.
    ///
    /// ```swift
    /// let patch = try JSONDecoder().decode(JSONPatch.self, from: Data(#"[{"op":"remove","path":"/a"}]"#.utf8))
    /// ```
    ///
    /// - Throws: `DecodingError` naming the operation (`[2].path`) when the input is not an
    ///   array, an `op` is unknown, a `path`, `from` or `value` it needs is missing or `null`
    ///   (`value` may be `null` itself), or a pointer is malformed (the underlying error is a
    ///   ``JSONPointerError``).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var operations: [Operation] = []
        while !container.isAtEnd {
            operations.append(try container.decode(Operation.self))
        }
        self.operations = operations
    }

    /// Writes the standard array of operations.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(JSONPatch([.remove(Path(pointer: "/a"))]))
    /// // [{"op":"remove","path":"\/a"}]
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for operation in operations {
            try container.encode(operation)
        }
    }
}

extension JSONPatch.Operation: Codable {
    private enum Member: String, CodingKey {
        case op, path, from, value
    }

    /// Reads one operation object: `{"op": "add", "path": "/a", "value": 1}`.
    ///
    /// ```swift
    /// let step = try JSONDecoder().decode(JSONPatch.Operation.self, from: Data(#"{"op":"remove","path":"/a"}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Member.self)
        let name = try container.decode(String.self, forKey: .op)
        switch name {
        case "add": self = .add(try Self.path(.path, in: container), try Self.value(in: container))
        case "remove": self = .remove(try Self.path(.path, in: container))
        case "replace": self = .replace(try Self.path(.path, in: container), try Self.value(in: container))
        case "move": self = .move(from: try Self.path(.from, in: container), to: try Self.path(.path, in: container))
        case "copy": self = .copy(from: try Self.path(.from, in: container), to: try Self.path(.path, in: container))
        case "test": self = .test(try Self.path(.path, in: container), try Self.value(in: container))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: container,
                debugDescription: "Unknown JSON Patch operation '\(name)' (expected add, remove, replace, move, copy or test)")
        }
    }

    /// Writes one operation object, members in the order `op`, `path`, then `from` or `value`.
    ///
    /// ```swift
    /// try JSONEncoder().encode(JSONPatch.Operation.add(Path(pointer: "/a"), 1))   // {"op":"add","path":"\/a","value":1}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Member.self)
        try container.encode(name, forKey: .op)
        try container.encode(path.pointer, forKey: .path)
        switch self {
        case .add(_, let value), .replace(_, let value), .test(_, let value):
            try container.encode(value, forKey: .value)
        case .move(let from, _), .copy(let from, _):
            try container.encode(from.pointer, forKey: .from)
        case .remove:
            break
        }
    }

    private static func path(_ key: Member, in container: KeyedDecodingContainer<Member>) throws -> Path {
        let text = try container.decode(String.self, forKey: key)
        // No patch value nests deeper than `JSON.maximumNesting`, so a pointer with more tokens
        // names nothing an operation could reach or make. Refused before it is split: a body of
        // `////…` would otherwise cost a `String` per byte (about 27 bytes of memory each).
        let tokens = text.utf8.lazy.filter { $0 == UInt8(ascii: "/") }.count
        guard tokens <= JSON.maximumNesting + 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "JSON Pointer of \(tokens) tokens: values nest at most \(JSON.maximumNesting) levels deep, so it names nothing"))
        }
        do {
            return try Path(pointer: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [key], debugDescription: "Malformed JSON Pointer", underlyingError: error))
        }
    }

    private static func value(in container: KeyedDecodingContainer<Member>) throws -> JSON {
        // `"value": null` is a value; only a missing member is an error.
        guard container.contains(.value) else {
            throw DecodingError.keyNotFound(
                Member.value,
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "This operation needs a \"value\" member"))
        }
        return try container.decode(JSON.self, forKey: .value)
    }
}
