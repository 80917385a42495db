import Foundation

/// A JSON Pointer (RFC 6901) that could not be read: what is wrong and where.
///
/// ```swift
/// do { _ = try Path(pointer: "a/b") } catch let error as JSONPointerError {
///     print(error)   // A JSON Pointer starts with '/' at offset 0 of "a/b"
/// }
/// ```
public struct JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What, where and in which text, kept and described as ``PathSyntaxError`` keeps its own.
    let fault: SyntaxFault

    /// The pointer text as given.
    public var pointer: String { fault.text }
    /// 0-based byte offset in the UTF-8 text of ``pointer`` where the problem is.
    public var offset: Int { fault.offset }
    /// What is wrong, e.g. `'~' must be followed by '0' or '1'`.
    public var reason: String { fault.reason }

    /// An error at `offset` of `pointer`, for code that checks pointers itself.
    ///
    /// ```swift
    /// JSONPointerError(pointer: "a", offset: 0, reason: "A JSON Pointer starts with '/'")
    /// ```
    ///
    /// - Parameters:
    ///   - pointer: The malformed JSON Pointer.
    ///   - offset: The 0-based offset, in Unicode scalars, of the malformed part.
    ///   - reason: What is wrong there.
    public init(pointer: String, offset: Int, reason: String) {
        fault = SyntaxFault(text: pointer, offset: offset, reason: reason)
    }

    /// `<reason> at offset <offset> of "<pointer>"`.
    public var description: String { fault.description }
}

/// Malformed text in one of the path grammars: the text, where the problem is and what it is.
/// ``PathSyntaxError`` and ``JSONPointerError`` both keep one, so that the record, its
/// equality and its wording are written once.
struct SyntaxFault: Hashable, Sendable, CustomStringConvertible {
    let text: String
    let offset: Int
    let reason: String

    /// `<reason> at offset <offset> of "<text>"`.
    var description: String { "\(reason) at offset \(offset) of \"\(text)\"" }
}

extension Path {
    /// Reads a JSON Pointer (RFC 6901): `""` is the root, every `/` starts a reference token,
    /// `~1` stands for `/` and `~0` for `~`.
    ///
    /// ```swift
    /// try Path(pointer: "/a/b~1c/0").components   // [.key("a"), .key("b/c"), .index(0)]
    /// try Path(pointer: "/a/-").components        // [.key("a"), .key("-")]
    /// ```
    ///
    /// A token in canonical decimal form (`0`, or digits without a leading zero) becomes an
    /// ``Component/index(_:)``; every other token is a ``Component/key(_:)``. Which one a token
    /// means depends on the value it meets, so patching reads an index against an object as the
    /// key of those digits, and a key of canonical digits against an array as an index.
    /// `-` (past the end of an array, for a JSON Patch `add`) is the key `"-"`.
    ///
    /// - Throws: ``JSONPointerError`` when the text is not empty and does not start with `/`,
    ///   or a `~` is not followed by `0` or `1`.
    public init(pointer: String) throws {
        let bytes = Array(pointer.utf8)
        guard let first = bytes.first else {
            self.init([Component]())
            return
        }
        guard first == UInt8(ascii: "/") else {
            throw JSONPointerError(pointer: pointer, offset: 0, reason: "A JSON Pointer starts with '/'")
        }
        var components: [Component] = []
        var token: [UInt8] = []
        var position = 1
        while position <= bytes.count {
            if position == bytes.count || bytes[position] == UInt8(ascii: "/") {
                components.append(Self.component(forToken: String(decoding: token, as: UTF8.self)))
                token.removeAll(keepingCapacity: true)
            } else if bytes[position] == UInt8(ascii: "~") {
                let next = position + 1 < bytes.count ? bytes[position + 1] : nil
                switch next {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default:
                    throw JSONPointerError(pointer: pointer, offset: position, reason: "'~' must be followed by '0' or '1'")
                }
                position += 1
            } else {
                token.append(bytes[position])
            }
            position += 1
        }
        self.init(components)
    }

    /// The path as a JSON Pointer (RFC 6901), the inverse of ``init(pointer:)``.
    ///
    /// ```swift
    /// Path([.key("a"), .key("b/c"), .index(0)]).pointer   // "/a/b~1c/0"
    /// Path.root.pointer                                   // ""
    /// ```
    ///
    /// A pointer has no relative indexes: a negative index is written as its digits (`/-1`),
    /// which reads back as a key and matches no array element.
    public var pointer: String {
        var text = ""
        for component in components {
            text.append("/")
            switch component {
            case .index(let index):
                text += String(index)
            case .key(let key):
                for character in key.unicodeScalars {
                    switch character {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.unicodeScalars.append(character)
                    }
                }
            }
        }
        return text
    }

    /// The component a pointer token stands for.
    static func component(forToken token: String) -> Component {
        arrayIndex(forToken: token).map(Component.index) ?? .key(token)
    }

    /// The array position `token` names: canonical decimal digits (no sign, no leading zero)
    /// that fit in an `Int`; `nil` for anything else.
    static func arrayIndex(forToken token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        guard first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAdding else { return nil }
            value = sum
        }
        return value
    }
}

extension Path.Component {
    /// The reference token of this step in a JSON Pointer, unescaped: the key, or the index's digits.
    var pointerToken: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
    }

    /// The array position this step names in a JSON Pointer, or `nil` (negative indexes and
    /// keys that are not canonical digits name none).
    var pointerArrayIndex: Int? {
        switch self {
        case .index(let index): return index >= 0 ? index : nil
        case .key(let key): return Path.arrayIndex(forToken: key)
        }
    }
}

extension JSONPointerError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// JSONPointerError(pointer: "a", offset: 0, reason: "A JSON Pointer starts with '/'").localizedDescription
    /// ```
    public var errorDescription: String? { description }
}
