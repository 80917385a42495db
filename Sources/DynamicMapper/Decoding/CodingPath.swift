/// One step of a coding path, kept cheap to push and pop: the `[CodingKey]` array that
/// `codingPath` promises is built only when someone asks (mostly for an error).
enum PathComponent {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return IndexKey(index)
        }
    }
}

/// The key Foundation uses for array positions: `"Index 3"`, `intValue` 3.
struct IndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) { self.init(intValue) }
}

/// A key with any string: used for `super` and for keys produced by conversions.
struct StringKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }

    static let `super` = StringKey("super")
}
