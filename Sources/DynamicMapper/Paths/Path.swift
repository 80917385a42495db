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
/// `a[0]b` work; `\` takes the next Unicode scalar literally; text in brackets that is not an
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

    /// Parses `text` in the path grammar, with a separator of any length between segments
    /// (ObjectMapper's nested-key `delimiter`). An empty delimiter splits nothing: `text` is
    /// one key.
    ///
    /// ```swift
    /// Path("address->city", delimiter: "->").components   // [.key("address"), .key("city")]
    /// ```
    public init(_ text: String, delimiter: String) {
        let scalars = Array(delimiter.unicodeScalars)
        components = scalars.isEmpty ? [.key(text)] : PathParser.parse(text, separatorScalars: scalars)
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
    /// an empty key. `Path(path.description)` gives back the same components, whatever the
    /// keys hold (a key that starts with a combining mark too: the grammar reads Unicode
    /// scalars, so the mark does not merge with the `.` before it).
    ///
    /// ```swift
    /// Path([.key("a.b"), .index(2), .key("c")]).description   // a\.b[2].c
    /// ```
    public var description: String {
        var text = String.UnicodeScalarView()
        for component in components {
            switch component {
            case .index(let index):
                text.append(contentsOf: "[\(index)]".unicodeScalars)
            case .key(let key) where key.isEmpty:
                text.append(contentsOf: "[]".unicodeScalars)
            case .key(let key):
                if !text.isEmpty { text.append(".") }
                for scalar in key.unicodeScalars {
                    if scalar == "." || scalar == "[" || scalar == "]" || scalar == "\\" { text.append("\\") }
                    text.append(scalar)
                }
            }
        }
        return String(text)
    }
}

extension Path.Component {
    /// The coding-path component of this step, for error messages.
    var codingPathStep: CodingPathStep {
        switch self {
        case .key(let key): return .key(StringKey(key))
        case .index(let index): return .index(index)
        }
    }
}

/// Reads the path grammar (see ``Path``), one Unicode scalar at a time, in time linear in the
/// text's length.
///
/// Scalars rather than characters, so that punctuation followed by a combining mark is still
/// punctuation. Each `[` needs the next unescaped `]`; the search for it resumes where the last
/// one stopped, so unclosed brackets (`[[[[…`) do not rescan the rest of the text each time.
enum PathParser {
    static func parse(_ text: String, separator: Character) -> [Path.Component] {
        parse(text, separatorScalars: Array(separator.unicodeScalars))
    }

    /// `separatorScalars` is never empty (a `Character` has a scalar; ``Path/init(_:delimiter:)``
    /// checks its text).
    static func parse(_ text: String, separatorScalars: [Unicode.Scalar]) -> [Path.Component] {
        guard !text.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        var components: [Path.Component] = []
        var key = String.UnicodeScalarView()
        // Whether the segment so far has text or an index: an empty segment is the empty key,
        // but the empty text before `[0]` in `a.[0]` is no key.
        var segmentHasText = false
        var segmentHasIndex = false
        func finishText() {
            if segmentHasText { components.append(.key(String(key))) }
            key = String.UnicodeScalarView()
            segmentHasText = false
        }
        func finishSegment() {
            if !segmentHasText && !segmentHasIndex { components.append(.key("")) }
            finishText()
            segmentHasIndex = false
        }
        var closers = ClosingBrackets(scalars)
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\\" {
                key.append(position + 1 < scalars.count ? scalars[position + 1] : "\\")
                segmentHasText = true
                position += 2
            } else if scalar == separatorScalars[0], matches(separatorScalars, in: scalars, at: position) {
                finishSegment()
                position += separatorScalars.count
            } else if scalar == "[", let close = closers.next(after: position) {
                finishText()
                let inside = unescaped(scalars[(position + 1)..<close])
                let trimmed = inside.trimmingCharacters(in: .whitespaces)
                components.append(Int(trimmed).map(Path.Component.index) ?? .key(inside))
                segmentHasIndex = true
                position = close + 1
            } else {
                key.append(scalar)
                segmentHasText = true
                position += 1
            }
        }
        finishSegment()
        return components
    }

    private static func matches(_ separator: [Unicode.Scalar], in scalars: [Unicode.Scalar], at position: Int) -> Bool {
        guard scalars.count - position >= separator.count else { return false }
        for offset in 1..<max(separator.count, 1) where scalars[position + offset] != separator[offset] { return false }
        return true
    }

    /// Bracket text with its escapes resolved.
    private static func unescaped(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        var position = scalars.startIndex
        while position < scalars.endIndex {
            if scalars[position] == "\\", position + 1 < scalars.endIndex { position += 1 }
            text.append(scalars[position])
            position += 1
        }
        return String(text)
    }

    /// Finds, for a `[`, the next `]` that no `\` escapes. The parser asks for positions that
    /// only grow, so one forward scan serves every bracket: a `]` found is kept until the
    /// parser passes it, and "none up to the end" is kept for good.
    private struct ClosingBrackets {
        let scalars: [Unicode.Scalar]
        /// Where the scan stopped: right after the last `]` found, or the end. Always at the
        /// start of a token (an escape pair or one scalar), as the parser's own positions are.
        var scanned = 0
        var found: Int?

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func next(after open: Int) -> Int? {
            if let found, found > open { return found }
            // The parser's position after a bracket or escape is a token start, as `scanned` is.
            scanned = max(scanned, open + 1)
            found = nil
            while scanned < scalars.count {
                let scalar = scalars[scanned]
                if scalar == "]" {
                    found = scanned
                    scanned += 1
                    return found
                }
                scanned += scalar == "\\" ? 2 : 1
            }
            return nil
        }
    }
}
