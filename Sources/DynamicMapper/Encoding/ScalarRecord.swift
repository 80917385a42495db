import Foundation

/// The Swift numbers a tree encode wrote, by the place they were written, so that
/// ``Swift/Encodable/encodedObject(using:)`` can hand back a `Float` as a `Float` and a whole
/// `Double` as a `Double` where the JSON number alone would say `Int`. Nothing is recorded
/// unless an encode asks for it (``EncodingOptions/scalarRecord``).
///
/// Places are keyed by the coding path with the key strategy applied, which is the place in
/// the output for ordinary properties and for mapping writes. Where the two differ (``KeyedKey``
/// paths, dictionaries under a key strategy) a lookup finds nothing, or a value that is not the
/// number written there, and the caller falls back to reading the number itself.
final class ScalarRecord {
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    private var values: [[Step]: Any] = [:]

    /// Notes `value`, a Swift number, written at `path`.
    func note(_ value: Any, at path: [any CodingKey], options: EncodingOptions) {
        var steps: [Step] = []
        steps.reserveCapacity(path.count)
        for (position, key) in path.enumerated() {
            if let index = key as? IndexKey {
                steps.append(.index(index.index))
            } else {
                steps.append(.key(options.convert(key, containerPath: Array(path[..<position]))))
            }
        }
        values[steps] = value
    }

    /// The Swift number written at `steps`, when it is the one `number` holds.
    func value(at steps: [Step], matching number: JSON.Number) -> Any? {
        guard let value = values[steps], let written = Self.number(of: value), written == number else { return nil }
        return value
    }

    private static func number(of value: Any) -> JSON.Number? {
        switch value {
        case let value as Int: return JSON.Number(value)
        case let value as Int8: return JSON.Number(value)
        case let value as Int16: return JSON.Number(value)
        case let value as Int32: return JSON.Number(value)
        case let value as Int64: return JSON.Number(value)
        case let value as UInt: return JSON.Number(value)
        case let value as UInt8: return JSON.Number(value)
        case let value as UInt16: return JSON.Number(value)
        case let value as UInt32: return JSON.Number(value)
        case let value as UInt64: return JSON.Number(value)
        case let value as Double: return value.isFinite ? JSON.Number(value) : nil
        case let value as Float: return value.isFinite ? JSON.Number(value) : nil
        case let value as Decimal: return value.isFinite ? JSON.Number(value) : nil
        default: return nil
        }
    }
}
