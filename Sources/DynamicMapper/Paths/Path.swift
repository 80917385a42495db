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
/// let steps: Path = ["response", "my.user", 0]       // keys taken literally, an index
/// Path(#"my\.user"#)                                 // one key, "my.user"
/// Path("a['x.y'].b")                                // keys "a", "x.y", "b"
/// ```
///
/// The grammar: segments separated by the separator (`.` unless told otherwise); in a segment,
/// text is a key, `[n]` an index (an integer, spaces around it allowed; negative counts from
/// the end) and `['key']` or `["key"]` a key taken literally, so `a[0]`, `a.[0]`, `a[0]b` and
/// `a['x.y']` work. `\` takes the next Unicode scalar literally, outside brackets and inside a
/// quoted key (`['it\'s']`). An empty segment is the empty key (`".a"` is `""` then `"a"`;
/// `['']` writes it anywhere), and the empty string is the root.
///
/// Malformed text is an error, never a key: a `[` that is never closed (`a.b[`), brackets that
/// hold neither an integer nor one quoted key (`a[x]`, `a[1.5]`, `['a'b]`), empty brackets
/// (`a[]`), a quote that is never closed (`['a]`) and a `\` at the very end.
/// ``init(validating:separator:)`` throws a ``PathSyntaxError`` that says where and what. The
/// other initializers (and a string literal) cannot throw: they keep the error in the path,
/// which then names no place. Reads through it find nothing, writes through it are refused
/// (they return `false`), and ``KeyedKey``, ``AnyKey`` and `@Mapped` keys with such text fail
/// at the first decode or encode with an error naming the text.
///
/// ```swift
/// var view = DynamicClass(["a": ["b": [1, 2, 3]]])
/// view["a.b[x]"].set(7)              // false: the array stays
/// try Path(validating: "a.b[")       // throws: '[' is never closed at offset 3 of "a.b["
/// ```
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
    ///
    /// A path read from malformed text has one step that no read finds and no write takes;
    /// setting `components` makes a well-formed path of the steps given.
    public var components: [Component] {
        get { steps }
        set {
            steps = newValue
            syntaxError = nil
        }
    }

    /// The steps, or the one step that names no place for malformed text.
    private var steps: [Component]

    /// What is wrong with the text this path was read from; `nil` for a well-formed path.
    /// Part of equality: two malformed paths are equal when their text and error are.
    private(set) var syntaxError: PathSyntaxError?

    /// The path made of `components`, taken literally.
    ///
    /// ```swift
    /// Path([.key("my.user"), .index(0)]).description   // my\.user[0]
    /// ```
    public init(_ components: [Component]) {
        steps = components
        syntaxError = nil
    }

    private init(_ parsed: Result<[Component], PathSyntaxError>) {
        switch parsed {
        case .success(let components):
            steps = components
            syntaxError = nil
        case .failure(let error):
            steps = [.nowhere]
            syntaxError = error
        }
    }

    /// Parses `text` in the path grammar, with `separator` between segments. Malformed text
    /// gives a path that names no place (see ``Path``); ``init(validating:separator:)`` says
    /// what is wrong with it.
    ///
    /// ```swift
    /// Path("response/my.user", separator: "/").components   // [.key("response"), .key("my.user")]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The path text, such as `user.tags[0]`.
    ///   - separator: The character between segments (`.` unless given).
    public init(_ text: String, separator: Character = ".") {
        self.init(Result(catching: { () throws(PathSyntaxError) in try PathParser.parse(text, separator: separator) }))
    }

    /// Parses `text` in the path grammar, with `separator` between segments, or throws where
    /// the text breaks the grammar.
    ///
    /// ```swift
    /// try Path(validating: "users[0].name")   // users[0].name
    /// try Path(validating: "a.b[x]")          // throws: '[x]' is neither an index ... at offset 3
    /// ```
    ///
    /// - Parameters:
    ///   - text: The path text, such as `user.tags[0]`.
    ///   - separator: The character between segments (`.` unless given).
    ///
    /// - Throws: ``PathSyntaxError`` for an unclosed `[`, brackets that hold neither an
    ///   integer nor one quoted key, empty brackets, an unclosed quote, or a `\` at the end.
    public init(validating text: String, separator: Character = ".") throws(PathSyntaxError) {
        self.init(try PathParser.parse(text, separator: separator))
    }

    /// Parses `text` in the path grammar, with a separator of any length between segments
    /// (ObjectMapper's nested-key `delimiter`). An empty delimiter splits nothing: `text` is
    /// one key. Malformed text gives a path that names no place, as ``init(_:separator:)``.
    ///
    /// ```swift
    /// Path("address->city", delimiter: "->").components   // [.key("address"), .key("city")]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The path text, such as `address->city`.
    ///   - delimiter: The text between segments, of any length; empty splits nothing.
    public init(_ text: String, delimiter: String) {
        self.init(Result(catching: { () throws(PathSyntaxError) in try PathParser.parse(text, delimiter: delimiter) }))
    }

    /// As ``init(_:delimiter:)``, or throws where the text breaks the grammar.
    ///
    /// ```swift
    /// try Path(validating: "address->city", delimiter: "->")   // address.city
    /// try Path(validating: "address->[", delimiter: "->")      // throws: '[' is never closed
    /// ```
    ///
    /// - Parameters:
    ///   - text: The path text, such as `address->city`.
    ///   - delimiter: The text between segments, of any length; empty splits nothing.
    ///
    /// - Throws: ``PathSyntaxError``, as ``init(validating:separator:)``.
    public init(validating text: String, delimiter: String) throws(PathSyntaxError) {
        self.init(try PathParser.parse(text, delimiter: delimiter))
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
        self.init(codingPath.map { key in key.intValue.map(Component.index) ?? .key(key.stringValue) })
    }

    /// The path with `component` added at the end. A malformed path stays malformed: it still
    /// names no place.
    ///
    /// ```swift
    /// Path("users").appending(.index(0))   // users[0]
    /// ```
    public func appending(_ component: Component) -> Path {
        guard syntaxError == nil else { return self }
        return Path(steps + [component])
    }

    /// The steps of a well-formed path, or `nil` for one read from malformed text.
    var validComponents: [Component]? {
        syntaxError == nil ? steps : nil
    }
}

extension Path: ExpressibleByStringLiteral {
    /// A path written in the grammar: `let path: Path = "response.users[0]"`.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}

extension Path: ExpressibleByArrayLiteral {
    /// A path of steps written as literals, Codix's `[PathComponent]`: a string is one key,
    /// taken literally (dots and brackets included), an integer an index.
    ///
    /// ```swift
    /// let path: Path = ["response", "my.user", 0]   // response.my\.user[0]
    /// let user = try decoder.decode(User.self, from: data, at: ["response", "users", 0])
    /// ```
    public init(arrayLiteral components: Component...) {
        self.init(components)
    }
}

extension Path.Component: ExpressibleByStringLiteral {
    /// A key, taken literally: `let step: Path.Component = "my.user"` is `.key("my.user")`.
    public init(stringLiteral key: String) {
        self = .key(key)
    }
}

extension Path.Component: ExpressibleByIntegerLiteral {
    /// An index: `let step: Path.Component = 2` is `.index(2)`.
    public init(integerLiteral index: Int) {
        self = .index(index)
    }
}

extension Path: CustomStringConvertible {
    /// The path in the grammar, with `.` between keys: `users[3].zip`, `my\.user`, `['']` for
    /// an empty key. `Path(path.description)` gives back the same path, whatever the keys
    /// hold (a key that starts with a combining mark too: the grammar reads Unicode scalars,
    /// so the mark does not merge with the `.` before it). A path read from malformed text
    /// prints that text, which reads back as the same malformed path.
    ///
    /// ```swift
    /// Path([.key("a.b"), .index(2), .key("c")]).description   // a\.b[2].c
    /// Path([.key("a"), .key("")]).description                 // a['']
    /// ```
    public var description: String {
        if let syntaxError { return syntaxError.text }
        var text = String.UnicodeScalarView()
        for component in steps {
            switch component {
            case .index(let index):
                text.append(contentsOf: "[\(index)]".unicodeScalars)
            case .key(let key) where key.isEmpty:
                text.append(contentsOf: "['']".unicodeScalars)
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

/// Path text that breaks the grammar of ``Path``: what is wrong and where.
///
/// ```swift
/// do { _ = try Path(validating: "a.b[") } catch {
///     print(error)          // '[' is never closed at offset 3 of "a.b["
///     print(error.offset)   // 3
/// }
/// ```
public struct PathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// What, where and in which text (the record ``JSONPointerError`` keeps too).
    let fault: SyntaxFault

    /// The path text as given.
    public var text: String { fault.text }
    /// 0-based offset, in Unicode scalars (the units the grammar reads), of the first scalar
    /// of the malformed part: the `[` of a bracket, the opening quote of an unclosed key, the
    /// dangling `\`.
    public var offset: Int { fault.offset }
    /// What is wrong, e.g. `'[' is never closed`.
    public var reason: String { fault.reason }

    /// An error at `offset` of `text`, for code that checks paths itself.
    ///
    /// ```swift
    /// PathSyntaxError(text: "a[", offset: 1, reason: "'[' is never closed")
    /// ```
    ///
    /// - Parameters:
    ///   - text: The malformed path text.
    ///   - offset: The 0-based offset, in Unicode scalars, of the malformed part.
    ///   - reason: What is wrong there.
    public init(text: String, offset: Int, reason: String) {
        fault = SyntaxFault(text: text, offset: offset, reason: reason)
    }

    /// `<reason> at offset <offset> of "<text>"`.
    public var description: String { fault.description }

    /// The ``description``, so that `localizedDescription` says what and where.
    ///
    /// ```swift
    /// error.localizedDescription   // '[' is never closed at offset 3 of "a.b["
    /// ```
    public var errorDescription: String? { description }
}

/// Reads the path grammar (see ``Path``), one Unicode scalar at a time, in time linear in the
/// text's length.
///
/// Scalars rather than characters, so that punctuation followed by a combining mark is still
/// punctuation. Each scalar is read once: a bracket is read up to its `]` (or the end, where
/// the text is malformed and reading stops), so no text is scanned twice.
enum PathParser {
    static func parse(_ text: String, separator: Character) throws(PathSyntaxError) -> [Path.Component] {
        try parse(text, separatorScalars: Array(separator.unicodeScalars))
    }

    /// `delimiter` of any length; an empty one splits nothing, so `text` is one key.
    static func parse(_ text: String, delimiter: String) throws(PathSyntaxError) -> [Path.Component] {
        let scalars = Array(delimiter.unicodeScalars)
        return scalars.isEmpty ? [.key(text)] : try parse(text, separatorScalars: scalars)
    }

    /// `separatorScalars` is never empty (a `Character` has a scalar; ``parse(_:delimiter:)``
    /// checks its text).
    static func parse(_ text: String, separatorScalars: [Unicode.Scalar]) throws(PathSyntaxError) -> [Path.Component] {
        guard !text.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        func failure(_ offset: Int, _ reason: String) -> PathSyntaxError {
            PathSyntaxError(text: text, offset: offset, reason: reason)
        }
        var components: [Path.Component] = []
        var key = String.UnicodeScalarView()
        // Whether the segment so far has text or a bracket: an empty segment is the empty key,
        // but the empty text before `[0]` in `a.[0]` is no key.
        var segmentHasText = false
        var segmentHasBracket = false
        func finishText() {
            if segmentHasText { components.append(.key(String(key))) }
            key = String.UnicodeScalarView()
            segmentHasText = false
        }
        func finishSegment() {
            if !segmentHasText && !segmentHasBracket { components.append(.key("")) }
            finishText()
            segmentHasBracket = false
        }
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\\" {
                // A `\` with nothing after it escapes nothing: an error rather than a guess
                // (a literal backslash is `\\`).
                guard position + 1 < scalars.count else { throw failure(position, "'\\' at the end escapes nothing") }
                key.append(scalars[position + 1])
                segmentHasText = true
                position += 2
            } else if scalar == separatorScalars[0], matches(separatorScalars, in: scalars, at: position) {
                finishSegment()
                position += separatorScalars.count
            } else if scalar == "[" {
                finishText()
                let (component, end) = try bracket(in: scalars, at: position, failure: failure)
                components.append(component)
                segmentHasBracket = true
                position = end
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

    /// The step written in the brackets that open at `open`, and the position after its `]`:
    /// an integer (spaces around it allowed) is an index, one quoted string a key.
    private static func bracket(
        in scalars: [Unicode.Scalar], at open: Int, failure: (Int, String) -> PathSyntaxError
    ) throws(PathSyntaxError) -> (Path.Component, end: Int) {
        var position = open + 1
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        guard position < scalars.count else { throw failure(open, "'[' is never closed") }
        let quote = scalars[position]
        if quote == "'" || quote == "\"" {
            let start = position
            var key = String.UnicodeScalarView()
            position += 1
            while true {
                guard position < scalars.count else { throw failure(start, "the quoted key is never closed (no \(quote) after it)") }
                let scalar = scalars[position]
                if scalar == quote { break }
                if scalar == "\\" {
                    guard position + 1 < scalars.count else { throw failure(position, "'\\' at the end escapes nothing") }
                    position += 1
                }
                key.append(scalars[position])
                position += 1
            }
            position += 1
            while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
            guard position < scalars.count else { throw failure(open, "'[' is never closed") }
            guard scalars[position] == "]" else {
                throw failure(position, "expected ']' after the quoted key, found '\(scalars[position])'")
            }
            return (.key(String(key)), position + 1)
        }
        // Not quoted: the text up to the next `]` must be an integer.
        let contentStart = position
        while position < scalars.count, scalars[position] != "]" { position += 1 }
        guard position < scalars.count else { throw failure(open, "'[' is never closed") }
        var content = String.UnicodeScalarView(scalars[contentStart..<position])
        while let last = content.last, last.properties.isWhitespace { content.removeLast() }
        guard !content.isEmpty else {
            throw failure(open, "empty brackets name nothing (an index is [0], the empty key [''])")
        }
        guard let index = Int(String(content)) else {
            // Quoted in the message, cut short: path text may be long (and come from a caller).
            let shown =
                position - open < 40
                ? String(String.UnicodeScalarView(scalars[open...position]))
                : String(String.UnicodeScalarView(scalars[open..<(open + 32)])) + "…]"
            throw failure(open, "'\(shown)' is neither an index (an integer) nor a quoted key ('…')")
        }
        return (.index(index), position + 1)
    }
}
