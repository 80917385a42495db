import Foundation

/// A JSON value that keeps everything it read: key order, duplicate-free objects
/// and the exact text of every number.
///
/// ```swift
/// let json = try JSON(parsing: #"{"id": 9007199254740993, "tags": ["a", "b"]}"#)
/// json["id"]?.number?.literal      // "9007199254740993"
/// json["tags"]?[1]                  // .string("b")
/// let literal: JSON = ["name": "Ada", "age": 36, "admin": true, "manager": nil]
/// ```
///
/// Objects compare equal whatever their key order (as JSON defines them), but iterate and
/// serialise in the order they were read or built. Numbers compare by value, exactly: `1`,
/// `1.0` and `1e0` are equal, `9007199254740993` and `9007199254740992` are not.
public enum JSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text. See ``JSON/Number``.
    case number(Number)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object whose keys keep their order. See ``JSON/Object``.
    case object(Object)
}

// MARK: - Reading

extension JSON {
    /// The member of an object for `key`, or `nil` when this is not an object or has no such key.
    ///
    /// ```swift
    /// let json: JSON = ["user": ["name": "Ada"]]
    /// json["user"]?["name"]   // .string("Ada")
    /// ```
    public subscript(key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index`, or `nil` when this is not an array or the index is out of range.
    /// Negative indexes count from the end.
    ///
    /// ```swift
    /// let json: JSON = [1, 2, 3]
    /// json[-1]   // .number(3)
    /// json[7]    // nil
    /// ```
    public subscript(index: Int) -> JSON? {
        guard case .array(let array) = self else { return nil }
        // Not a ternary with `nil`: that would read `nil` as the literal `JSON.null`.
        guard let position = RelativeIndex.resolve(index, count: array.count) else { return Optional.none }
        return array[position]
    }

    /// `true` for `null`.
    ///
    /// ```swift
    /// JSON.null.isNull   // true
    /// ```
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The Boolean, when this is `true` or `false`.
    ///
    /// ```swift
    /// JSON.bool(true).boolValue   // true
    /// ```
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string, when this is a string.
    ///
    /// ```swift
    /// JSON.string("hi").stringValue   // "hi"
    /// ```
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when this is a number.
    ///
    /// ```swift
    /// JSON.number(42).numberValue?.int   // 42
    /// ```
    public var numberValue: Number? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    ///
    /// ```swift
    /// JSON.array([1, 2]).arrayValue?.count   // 2
    /// ```
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when this is an object.
    ///
    /// ```swift
    /// let json: JSON = ["a": 1]
    /// json.objectValue?.keys   // ["a"]
    /// ```
    public var objectValue: Object? {
        if case .object(let value) = self { return value }
        return nil
    }
}

// MARK: - Literals

extension JSON: ExpressibleByNilLiteral {
    /// `nil` is `null`: `let value: JSON = nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// `let value: JSON = true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// `let value: JSON = 42`.
    public init(integerLiteral value: Int) { self = .number(Number(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// `let value: JSON = 2.5`.
    public init(floatLiteral value: Double) { self = .number(Number(value)) }
}

extension JSON: ExpressibleByStringLiteral {
    /// `let value: JSON = "text"`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// `let value: JSON = [1, "two", nil]`.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// `let value: JSON = ["a": 1, "b": [true]]`; keys keep the literal's order, and a repeated
    /// key keeps its first value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var object = Object()
        for (key, value) in elements where object[key] == nil {
            object[key] = value
        }
        self = .object(object)
    }
}

// MARK: - Parsing and serialising

extension JSON {
    /// The deepest nesting of arrays and objects a `JSON` value that the package builds from
    /// input may have, whatever `maximumDepth` asks for: 1,024 levels.
    ///
    /// Every route from input holds it: parsing, decoding `JSON` (with ``DynamicJSONDecoder``
    /// at any `maximumDepth`, or through another decoder's containers), and applying a
    /// ``JSONPatch`` (an operation that would nest deeper fails). Parsing, building, writing,
    /// comparing, hashing and diffing a value never recurse, but the Swift runtime frees nested
    /// arrays recursively, about 150 bytes of stack a level (3,500 levels fill a 512 KiB
    /// thread). A value no deeper than this can be released on a 512 KiB thread; a value a
    /// program builds deeper by itself is its own to keep off small threads.
    ///
    /// ```swift
    /// try JSON(parsing: deepText, maximumDepth: 100_000)   // deeper than 1,024: an error
    /// ```
    public static let maximumNesting = 1_024

    /// Parses UTF-8 (or UTF-16/32 with a byte order mark) JSON text, strictly by RFC 8259
    /// unless `allowsJSON5` is set.
    ///
    /// ```swift
    /// let json = try JSON(parsing: Data(#"[1, 2.50, "x"]"#.utf8))
    /// json[1]?.numberValue?.literal   // "2.50"
    /// ```
    ///
    /// `maximumDepth` is capped at ``maximumNesting``.
    ///
    /// With `rejectsDuplicateKeys`, an object that repeats a key is an error naming both
    /// places (by default the first one wins): use it for anything that checks a document and
    /// passes it on, since other parsers may read the last one.
    ///
    /// ```swift
    /// try JSON(parsing: #"{"a": 1, "a": 2}"#, rejectsDuplicateKeys: true)
    /// // DecodingError.dataCorrupted: Duplicate key "a" in an object (first at line 1,
    /// // column 2) at line 1, column 10
    /// ```
    ///
    /// - Parameters:
    ///   - data: The JSON text (UTF-8, or UTF-16/32 with a byte order mark).
    ///   - allowsJSON5: Whether JSON5 syntax (comments, single quotes, trailing commas) is accepted.
    ///   - maximumDepth: How deep arrays and objects may nest (capped at ``JSON/maximumNesting``).
    ///   - rejectsDuplicateKeys: Whether an object that repeats a key is an error rather than keeping the first.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is a ``JSONSyntaxError``
    ///   with the line and column of the first problem.
    public init(parsing data: Data, allowsJSON5: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) throws {
        let options = ScanOptions(
            allowsJSON5: allowsJSON5, maximumDepth: min(maximumDepth, JSON.maximumNesting),
            rejectsDuplicateKeys: rejectsDuplicateKeys)
        let document = try Document(data: data, options: options)
        self = document.json(at: 0)
    }

    /// Parses JSON text held in a string.
    ///
    /// ```swift
    /// let json = try JSON(parsing: #"{"ok": true}"#)
    /// json["ok"]   // .bool(true)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - allowsJSON5: Whether JSON5 syntax (comments, single quotes, trailing commas) is accepted.
    ///   - maximumDepth: How deep arrays and objects may nest (capped at ``JSON/maximumNesting``).
    ///   - rejectsDuplicateKeys: Whether an object that repeats a key is an error rather than keeping the first.
    public init(parsing text: String, allowsJSON5: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) throws {
        try self.init(parsing: Data(text.utf8), allowsJSON5: allowsJSON5, maximumDepth: maximumDepth, rejectsDuplicateKeys: rejectsDuplicateKeys)
    }

    /// The JSON text of this value. Numbers keep their literal text (so `NaN` and `Infinity`
    /// read from JSON5 come out as such); `formatting` takes the same options as `JSONEncoder`
    /// and lays out objects and arrays exactly as it does: `/` is written `\/` unless
    /// `formatting` holds `.withoutEscapingSlashes`.
    ///
    /// ```swift
    /// let json: JSON = ["b": 1.10, "a": [true]]
    /// String(decoding: json.serialized(formatting: .sortedKeys), as: UTF8.self)
    /// // {"a":[true],"b":1.1}
    /// ```
    public func serialized(formatting: JSONEncoder.OutputFormatting = []) -> Data {
        var writer = JSONWriter(formatting: formatting)
        writer.nonFiniteLiterals = .json5
        writer.write(self)
        return writer.takeData()
    }

    /// The JSON text of this value as a `String`.
    ///
    /// Like `JSONEncoder`, it escapes every `/` as `\/` unless `formatting` holds
    /// `.withoutEscapingSlashes`:
    ///
    /// ```swift
    /// JSON.array([1, "a"]).serializedString()                                 // [1,"a"]
    /// let link: JSON = ["url": "https://swift.org/"]
    /// link.serializedString()                                                 // {"url":"https:\/\/swift.org\/"}
    /// link.serializedString(formatting: .withoutEscapingSlashes)              // {"url":"https://swift.org/"}
    /// ```
    public func serializedString(formatting: JSONEncoder.OutputFormatting = []) -> String {
        var writer = JSONWriter(formatting: formatting)
        writer.nonFiniteLiterals = .json5
        writer.write(self)
        return writer.string()
    }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { serializedString() }
}
