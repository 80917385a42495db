/// The key Foundation uses for array positions: `"Index 3"`, `intValue` 3. The string is made
/// only when asked for, since these keys mostly exist to sit in coding paths.
struct IndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { return nil }

    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }
}

/// A decoded `[String: V]` member's key as the standard library makes it for a dictionary: a
/// key that reads as an integer has that `intValue` too, so `"0"` stands in a coding path as
/// `[0]`, as in `JSONDecoder`'s errors. (`JSONEncoder` writes string-keyed dictionaries itself,
/// with keys that have no `intValue`, and so does the encoder here: ``StringKey``.) Worked out
/// only when asked for: these keys mostly exist to sit in coding paths.
///
/// ```swift
/// DictionaryKey("12").intValue   // 12
/// DictionaryKey("a").intValue    // nil
/// ```
struct DictionaryKey: CodingKey {
    let stringValue: String

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }

    var intValue: Int? { Int(stringValue) }
}

/// A key with any string and no integer value: encoded dictionary members, converted keys,
/// `super`.
struct StringKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = StringKey("super")
}
