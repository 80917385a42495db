import Foundation

/// A place in a JSON document: object keys and array indexes, in one grammar shared by
/// `ds[...]`, ``KeyedKey`` raw values, ``AnyKey``, decoding at a path and error messages.
///
/// ```swift
/// let path: Path = "response[0]users[1]name"
/// path == "response.[0].users.[1].name"             // true
/// Path("response.[0].users") == "response[0].users" // true
/// Path("response/my.user", separator: "/")          // keys "response", "my.user"
/// Path([.key("my.user"), .index(0)])
/// Path(#"my\.user"#)                                 // one key, "my.user"
/// ```
///
/// The grammar: segments separated by the separator (`.` unless told otherwise); in a segment,
/// text is a key and `[n]` an index (negative counts from the end), so `a[0]`, `a.[0]` and
/// `a[0]b` work; `\` takes the next character literally; text in brackets that is not an
/// integer is a key (`a[x.y]`), and a `[` that is never closed is literal. An empty segment is
/// the empty key (`".a"` is `""` then `"a"`), and the empty string is the root.
public struct Path: Hashable, Sendable {
    /// One step: an object key or an array index.
    ///
    /// ```swift
    /// let steps: [Path.Component] = [.key("users"), .index(-1)]
    /// ```
    public enum Component: Hashable, Sendable {
        /// An object member, by its exact key.
        case key(String)
        /// An array element; negative counts from the end.
        case index(Int)
    }

    /// The steps from the root: `Path("a[1]").components == [.key("a"), .index(1)]`.
    public var components: [Component]

    /// The path made of `components`, taken literally.
    ///
    /// ```swift
    /// Path([.key("my.user"), .index(0)]).description   // my\.user[0]
    /// ```
    public init(_ components: [Component]) {
        self.components = components
    }

    /// Parses `text` in the path grammar, with `separator` between segments.
    ///
    /// ```swift
    /// Path("response/my.user", separator: "/").components   // [.key("response"), .key("my.user")]
    /// ```
    public init(_ text: String, separator: Character = ".") {
        components = PathParser.parse(text, separator: separator)
    }

    /// The root: no steps.
    ///
    /// ```swift
    /// Path.root.components.isEmpty   // true
    /// ```
    public static let root = Path([Component]())

    /// The path of a coding path, for messages: `Path(codingPath: error.context.codingPath)`
    /// reads like `users[3].zip`. Keys with an integer value (array positions) are indexes.
    ///
    /// ```swift
    /// Path(codingPath: [AnyKey("users"), AnyKey(intValue: 3)]).description   // users[3]
    /// ```
    public init(codingPath: [any CodingKey]) {
        components = codingPath.map { key in key.intValue.map(Component.index) ?? .key(key.stringValue) }
    }

    /// The path with `component` added at the end.
    ///
    /// ```swift
    /// Path("users").appending(.index(0))   // users[0]
    /// ```
    public func appending(_ component: Component) -> Path {
        Path(components + [component])
    }
}

extension Path: ExpressibleByStringLiteral {
    /// A path written in the grammar: `let path: Path = "response.users[0]"`.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}

extension Path: CustomStringConvertible {
    /// The path in the grammar, with `.` between keys: `users[3].zip`, `my\.user`, `[]` for
    /// an empty key.
    ///
    /// ```swift
    /// Path([.key("a.b"), .index(2), .key("c")]).description   // a\.b[2].c
    /// ```
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where key.isEmpty:
                text += "[]"
            case .key(let key):
                if !text.isEmpty { text += "." }
                for character in key {
                    if character == "." || character == "[" || character == "]" || character == "\\" { text.append("\\") }
                    text.append(character)
                }
            }
        }
        return text
    }
}

extension Path.Component {
    /// The coding-path component of this step, for error messages.
    var pathComponent: PathComponent {
        switch self {
        case .key(let key): return .key(StringKey(key))
        case .index(let index): return .index(index)
        }
    }
}

/// Reads the path grammar (see ``Path``).
enum PathParser {
    static func parse(_ text: String, separator: Character) -> [Path.Component] {
        guard !text.isEmpty else { return [] }
        var components: [Path.Component] = []
        var characters = Array(text)[...]
        var key = ""
        // Whether the segment so far has text or an index: an empty segment is the empty key,
        // but the empty text before `[0]` in `a.[0]` is no key.
        var segmentHasText = false
        var segmentHasIndex = false
        func finishText() {
            if segmentHasText { components.append(.key(key)) }
            key = ""
            segmentHasText = false
        }
        func finishSegment() {
            if !segmentHasText && !segmentHasIndex { components.append(.key("")) }
            finishText()
            segmentHasIndex = false
        }
        while let character = characters.popFirst() {
            if character == "\\" {
                key.append(characters.popFirst() ?? "\\")
                segmentHasText = true
            } else if character == separator {
                finishSegment()
            } else if character == "[", let bracket = closingBracket(in: characters) {
                finishText()
                characters = characters[bracket.end...]
                let trimmed = bracket.text.trimmingCharacters(in: .whitespaces)
                components.append(Int(trimmed).map(Path.Component.index) ?? .key(bracket.text))
                segmentHasIndex = true
            } else {
                key.append(character)
                segmentHasText = true
            }
        }
        finishSegment()
        return components
    }

    /// The text up to the `]` that closes a bracket (escapes resolved), and where it ends.
    private static func closingBracket(in characters: ArraySlice<Character>) -> (text: String, end: Int)? {
        var text = ""
        var position = characters.startIndex
        while position < characters.endIndex {
            let character = characters[position]
            if character == "]" { return (text, position + 1) }
            if character == "\\", position + 1 < characters.endIndex {
                position += 1
            }
            text.append(characters[position])
            position += 1
        }
        return nil
    }
}
