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

/// A key with any string and no integer value: dictionary members, converted keys, `super`.
struct StringKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = StringKey("super")
}
