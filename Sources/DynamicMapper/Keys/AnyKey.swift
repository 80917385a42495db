/// A coding key made from any string or integer, for hand-written `init(from:)` and
/// `encode(to:)`. Its string is a ``Path``: with ``DynamicJSONDecoder`` and
/// ``DynamicJSONEncoder`` a dotted key reaches (or writes) a nested value.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     let container = try decoder.container(keyedBy: AnyKey.self)
///     token = try container.decode(String.self, forKey: AnyKey("data.tokens.access_token"))
/// }
/// func encode(to encoder: any Encoder) throws {
///     var container = encoder.container(keyedBy: AnyKey.self)
///     try container.encode(token, forKey: AnyKey("data.tokens.access_token"))
/// }
/// ```
///
/// Foundation's coders take the string as one literal key. With this package's coders, text
/// that breaks the ``Path`` grammar (`AnyKey("a.b[")`) is an error at decode and encode, not a
/// key; ``init(literal:)`` takes any text as one key.
public struct AnyKey: KeyedKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key's text (a path unless the key was made literal): `AnyKey("a.b").stringValue`.
    public let stringValue: String
    /// The array position, for keys made from an integer: `AnyKey(intValue: 2).intValue`.
    public let intValue: Int?
    /// `nil` for a path read with the coder's defaults; fixed options otherwise.
    private let fixedOptions: KeyOptions?

    /// A key whose text is a path: `AnyKey("data.tokens.access_token")`.
    public init(_ path: String) {
        stringValue = path
        intValue = nil
        fixedOptions = nil
    }

    /// A key whose text is a path, as `CodingKey` requires: `AnyKey(stringValue: "a.b")`.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array position: `AnyKey(intValue: 2)`.
    public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
        fixedOptions = KeyOptions(delimiter: .none, flat: .none)
    }

    /// A key taken literally, dots and all: `AnyKey(literal: "my.user")`.
    public init(literal: String) {
        stringValue = literal
        intValue = nil
        fixedOptions = KeyOptions(delimiter: .none, flat: .none)
    }

    /// A key for `path` as it is, whatever delimiter or flat marker the coder uses by default
    /// (`encoder.encode(_:at:)` writes through one).
    init(path: Path) {
        stringValue = path.description
        intValue = nil
        fixedOptions = KeyOptions(delimiter: .character("."), flat: .none)
    }

    /// `let key: AnyKey = "data.tokens"`.
    public init(stringLiteral path: String) {
        self.init(path)
    }

    /// A literal key has no delimiter and no flat marker; other keys use the coder's defaults.
    ///
    /// ```swift
    /// AnyKey(literal: "a.b").options   // KeyOptions(delimiter: .none, flat: .none)
    /// ```
    public var options: KeyOptions? {
        fixedOptions
    }

    /// Keys are equal when their text and integer are: `AnyKey("a") == AnyKey(literal: "a")`.
    public static func == (lhs: AnyKey, rhs: AnyKey) -> Bool {
        lhs.stringValue == rhs.stringValue && lhs.intValue == rhs.intValue
    }

    /// Hashes the text and integer, as `==` compares them: `Set<AnyKey>(["a"])`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(stringValue)
        hasher.combine(intValue)
    }
}
