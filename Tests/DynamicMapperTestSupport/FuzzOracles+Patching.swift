import Foundation
import DynamicMapper

// Reference implementations the patching fuzz properties compare against: JSON Pointer
// (RFC 6901), JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396), written from the RFCs
// as plain recursion over `JSON`, with none of the library's patching code. They run on fuzz
// inputs of a few KiB, so copying containers and recursing are fine here. Compiled into the
// fuzz targets with `FuzzOracles.swift` and into the tests.

// MARK: - JSON Pointer

public enum ReferencePointer {
    /// The reference tokens of `pointer` (RFC 6901 §3–4), or `nil` when it is malformed: not
    /// empty and not starting with `/`, or a `~` followed by anything but `0` or `1`.
    public static func tokens(_ pointer: String) -> [String]? {
        let bytes = Array(pointer.utf8)
        guard !bytes.isEmpty else { return [] }
        guard bytes[0] == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        for raw in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            var token: [UInt8] = []
            var escaped = false
            for byte in raw {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                    default: return nil
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "~") {
                    escaped = true
                } else {
                    token.append(byte)
                }
            }
            if escaped { return nil }
            tokens.append(String(decoding: token, as: UTF8.self))
        }
        return tokens
    }

    /// The array index a token names (RFC 6901 §4: `0` or digits without a leading zero), or
    /// `nil`; numbers too large for `Int` name none.
    public static func index(_ token: String) -> Int? {
        let digits = Array(token.utf8)
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if first == UInt8(ascii: "0") && digits.count > 1 { return nil }
        return Int(token)
    }

    /// The value at `tokens`, or `nil` when there is none.
    public static func value(at tokens: ArraySlice<String>, in json: JSON) -> JSON? {
        guard let token = tokens.first else { return json }
        switch json {
        case .object(let object):
            return object[token].flatMap { value(at: tokens.dropFirst(), in: $0) }
        case .array(let elements):
            guard let position = index(token), position < elements.count else { return nil }
            return value(at: tokens.dropFirst(), in: elements[position])
        default:
            return nil
        }
    }

    /// The steps a view's `[pointer:]` takes in `json`, as `DynamicClass.subscript(pointer:)`
    /// documents: each token read against the value it meets (a key of an object; an index,
    /// `-` the end, of an array, where any other token names no element), and beyond what
    /// exists `-` as index 0, canonical digits as an index and anything else as a key. `nil`
    /// for a malformed pointer, which reads as missing and writes nothing.
    public static func viewSteps(_ pointer: String, in json: JSON) -> [Path.Component]? {
        guard let tokens = tokens(pointer) else { return nil }
        var current: JSON? = json
        var steps: [Path.Component] = []
        for token in tokens {
            let step: Path.Component
            switch current {
            case .array(let elements)?:
                step = token == "-" ? .index(elements.count) : index(token).map(Path.Component.index) ?? .key(token)
            case .object?:
                step = .key(token)
            default:
                step = token == "-" ? .index(0) : index(token).map(Path.Component.index) ?? .key(token)
            }
            steps.append(step)
            current = current.flatMap { $0.value(at: [step]) }
        }
        return steps
    }
}

// MARK: - JSON Patch

/// JSON Patch (RFC 6902) from the RFC, with the two limits `JSON.apply(_:maximumAddedNodes:)`
/// documents on top: the default growth budget (four times the values of the document and
/// the patch, plus 1,024, counting the values of `add`, `replace` and `copy` and of a `move`
/// to a deeper place) and the nesting cap (`JSON.maximumNesting`, counted as the path's
/// length plus the value's nesting).
public enum ReferenceJSONPatch {
    public struct Operation: CustomStringConvertible {
        public var name: String
        public var path: [String]
        public var from: [String]?
        public var value: JSON?

        public var description: String { "\(name) \(path) from \(from.map(\.description) ?? "-") value \(value.map(\.description) ?? "-")" }
    }

    public enum Outcome: Equatable, CustomStringConvertible {
        case applied(JSON)
        /// The patch failed at operation `operation`; `atLimit` when for a limit.
        case failed(operation: Int, atLimit: Bool)

        public var description: String {
            switch self {
            case .applied(let json): return "applied: \(json)"
            case .failed(let operation, let atLimit): return "failed at \(operation)\(atLimit ? " (limit)" : "")"
            }
        }
    }

    private enum Failure: Error {
        case plain
        case limit
    }

    /// Reads a patch document: an array of objects, each with a known string `op`, a string
    /// `path` (and `from` for `move` and `copy`) holding a well-formed pointer of at most
    /// `JSON.maximumNesting + 1` tokens (the documented limit: a longer one names nothing), and a
    /// `value` member (which may be `null`) for `add`, `replace` and `test`. `nil` when it is not
    /// one.
    public static func operations(_ patch: JSON) -> [Operation]? {
        guard case .array(let elements) = patch else { return nil }
        var operations: [Operation] = []
        for element in elements {
            guard case .object(let object) = element, case .string(let name)? = object["op"] else { return nil }
            func pointer(_ key: String) -> [String]? {
                guard case .string(let text)? = object[key], let tokens = ReferencePointer.tokens(text),
                    tokens.count <= JSON.maximumNesting + 1
                else { return nil }
                return tokens
            }
            switch name {
            case "add", "replace", "test":
                guard let path = pointer("path"), let value = object["value"] else { return nil }
                operations.append(Operation(name: name, path: path, from: nil, value: value))
            case "remove":
                guard let path = pointer("path") else { return nil }
                operations.append(Operation(name: name, path: path, from: nil, value: nil))
            case "move", "copy":
                // The decoder reads `from` first.
                guard let from = pointer("from"), let path = pointer("path") else { return nil }
                operations.append(Operation(name: name, path: path, from: from, value: nil))
            default:
                return nil
            }
        }
        return operations
    }

    /// Applies `operations` to `document` in order, all or nothing.
    public static func apply(_ operations: [Operation], to document: JSON) -> Outcome {
        var patchNodes = 0
        for operation in operations {
            patchNodes += 1 + (["add", "replace", "test"].contains(operation.name) ? size(operation.value ?? .null).nodes : 0)
        }
        let limit = 4 * (size(document).nodes + patchNodes) + 1_024
        var added = 0
        var working = document
        for (position, operation) in operations.enumerated() {
            do {
                try perform(operation, on: &working, limit: limit, added: &added)
            } catch {
                return .failed(operation: position, atLimit: error == .limit)
            }
        }
        return .applied(working)
    }

    private static func perform(_ operation: Operation, on document: inout JSON, limit: Int, added: inout Int) throws(Failure) {
        let path = operation.path[...]
        func admit(_ value: JSON) throws(Failure) {
            let (nodes, nesting) = size(value)
            guard added + nodes <= limit, path.count + nesting <= JSON.maximumNesting else { throw .limit }
            added += nodes
        }
        switch operation.name {
        case "add":
            let value = operation.value ?? .null
            try admit(value)
            try add(value, at: path, in: &document)
        case "remove":
            try remove(at: path, in: &document)
        case "replace":
            let value = operation.value ?? .null
            try admit(value)
            guard ReferencePointer.value(at: path, in: document) != nil else { throw .plain }
            try edit(&document, at: path) { $0 = value }
        case "move":
            let from = (operation.from ?? [])[...]
            if from.elementsEqual(path) {
                guard ReferencePointer.value(at: from, in: document) != nil else { throw .plain }
                return
            }
            // RFC 6902 §4.4: `from` must not be a proper prefix of `path`.
            if path.starts(with: from) { throw .plain }
            guard let moved = ReferencePointer.value(at: from, in: document) else { throw .plain }
            if path.count > from.count { try admit(moved) }
            try remove(at: from, in: &document)
            try add(moved, at: path, in: &document)
        case "copy":
            guard let copied = ReferencePointer.value(at: (operation.from ?? [])[...], in: document) else { throw .plain }
            try admit(copied)
            try add(copied, at: path, in: &document)
        default: // test
            guard let actual = ReferencePointer.value(at: path, in: document), same(actual, operation.value ?? .null) else { throw .plain }
        }
    }

    /// RFC 6902 §4.1: the root is replaced; an object member is added or replaced; an element
    /// is inserted at an index up to the count, `-` appending.
    private static func add(_ value: JSON, at path: ArraySlice<String>, in document: inout JSON) throws(Failure) {
        guard let last = path.last else {
            document = value
            return
        }
        try edit(&document, at: path.dropLast()) { (parent: inout JSON) throws(Failure) in
            switch parent {
            case .object(var object):
                object[last] = value
                parent = .object(object)
            case .array(var elements):
                if last == "-" {
                    elements.append(value)
                } else {
                    guard let position = ReferencePointer.index(last), position <= elements.count else { throw .plain }
                    elements.insert(value, at: position)
                }
                parent = .array(elements)
            default:
                throw .plain
            }
        }
    }

    /// RFC 6902 §4.2: the target must exist; the whole document cannot be removed.
    private static func remove(at path: ArraySlice<String>, in document: inout JSON) throws(Failure) {
        guard let last = path.last, ReferencePointer.value(at: path, in: document) != nil else { throw .plain }
        try edit(&document, at: path.dropLast()) { (parent: inout JSON) throws(Failure) in
            switch parent {
            case .object(var object):
                _ = object.removeValue(forKey: last)
                parent = .object(object)
            case .array(var elements):
                guard let position = ReferencePointer.index(last), position < elements.count else { throw .plain }
                elements.remove(at: position)
                parent = .array(elements)
            default:
                throw .plain
            }
        }
    }

    /// Runs `body` on the existing value at `path`.
    private static func edit(_ node: inout JSON, at path: ArraySlice<String>, _ body: (inout JSON) throws(Failure) -> Void) throws(Failure) {
        guard let token = path.first else {
            try body(&node)
            return
        }
        switch node {
        case .object(var object):
            guard var child = object[token] else { throw .plain }
            try edit(&child, at: path.dropFirst(), body)
            object[token] = child
            node = .object(object)
        case .array(var elements):
            guard let position = ReferencePointer.index(token), position < elements.count else { throw .plain }
            try edit(&elements[position], at: path.dropFirst(), body)
            node = .array(elements)
        default:
            throw .plain
        }
    }

    /// RFC 6902 §4.6: numbers by value, arrays element by element, objects by members in any
    /// order.
    public static func same(_ left: JSON, _ right: JSON) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], same(value, other) else { return false }
            }
            return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.array, _), (.object, _), (_, .array), (_, .object):
            return false
        default:
            return left == right // scalars: the library's own number comparison
        }
    }

    /// How many values `json` holds, itself included, and how deep its arrays and objects nest
    /// (0 for a scalar).
    public static func size(_ json: JSON) -> (nodes: Int, nesting: Int) {
        var nodes = 1
        var nesting = 0
        switch json {
        case .array(let elements):
            for element in elements {
                let inner = size(element)
                nodes += inner.nodes
                nesting = max(nesting, inner.nesting)
            }
            nesting += 1
        case .object(let object):
            for (_, value) in object {
                let inner = size(value)
                nodes += inner.nodes
                nesting = max(nesting, inner.nesting)
            }
            nesting += 1
        default:
            break
        }
        return (nodes, nesting)
    }
}

// MARK: - JSON Merge Patch

public enum ReferenceMergePatch {
    /// RFC 7396 §2, `MergePatch(Target, Patch)`, as written there.
    public static func apply(_ patch: JSON, to target: JSON) -> JSON {
        guard case .object(let members) = patch else { return patch }
        var result: JSON.Object
        if case .object(let object) = target { result = object } else { result = JSON.Object() }
        for (name, value) in members {
            if value.isNull {
                _ = result.removeValue(forKey: name)
            } else {
                result[name] = apply(value, to: result[name] ?? .null)
            }
        }
        return .object(result)
    }

    /// Whether some object inside `json` (at any depth) has a `null` member: what a merge
    /// patch cannot write.
    public static func hasNullMember(_ json: JSON) -> Bool {
        switch json {
        case .object(let object):
            return object.contains { $0.value.isNull || hasNullMember($0.value) }
        case .array(let elements):
            return elements.contains(where: hasNullMember)
        default:
            return false
        }
    }
}
