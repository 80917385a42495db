import Foundation

/// An option on a ``Mapped`` property: how it is read, changed, checked and written.
///
/// ```swift
/// struct Project: MappedCodable {
///     @Mapped(.trimmed) var title: String
///     @Mapped("tags", .lossy) var tags: [String]
///     @Mapped(.strict) var isPublic: Bool
///     @Mapped(.clamping(to: 0...100), .validate { $0 % 5 == 0 }) var progress: Int
///     @Mapped(.encodeNil) var owner: String?
///     @Mapped("due", .date(.format("y-MM-dd"))) var due: Date
/// }
/// ```
///
/// Modifiers (`trimmed`, ``clamping(to:)``, ``modify(_:)``, …) and validations run after
/// decoding, in the order written.
public struct MappedOption<Value>: Sendable {
    enum Kind: Sendable {
        case lossy
        case strict
        case encodeNil
        case nullIsMissing
        case date(MappedDateStrategy)
        case adjust(MappedAdjustment<Value>)
    }

    let kind: Kind

    /// Lossy decoding. An array (or optional array) leaves out the elements that fail to
    /// decode; any other value that fails to decode counts as missing, so the default (or
    /// `nil`) is used, and without either the error is thrown.
    ///
    /// ```swift
    /// @Mapped("failable_array", .lossy) var array: [String]   // ["1", 1.5, "2"] gives ["1", "2"]
    /// ```
    public static var lossy: MappedOption { MappedOption(kind: .lossy) }

    /// No lossless conversions: a `Bool` property refuses `"true"`, a `String` property refuses
    /// `42`, with a `DecodingError.typeMismatch`.
    ///
    /// ```swift
    /// @Mapped("string_bool", .strict) var notBool: Bool   // "false" throws
    /// ```
    public static var strict: MappedOption { MappedOption(kind: .strict) }

    /// Writes `null` for a `nil` value instead of leaving the key out.
    ///
    /// ```swift
    /// @Mapped(.encodeNil) var lastName: String?   // {"lastName": null}
    /// ```
    public static var encodeNil: MappedOption { MappedOption(kind: .encodeNil) }

    /// Treats `null` like a missing key, so that the default applies to it too.
    ///
    /// ```swift
    /// @Mapped(default: 10, .nullIsMissing) var limit: Int   // {"limit": null} gives 10
    /// ```
    public static var nullIsMissing: MappedOption { MappedOption(kind: .nullIsMissing) }

    /// Replaces the decoded value with `transform(value)`; a thrown error fails the decode.
    ///
    /// ```swift
    /// @Mapped(.modify { $0.lowercased() }) var email: String
    /// ```
    public static func modify(_ transform: @escaping @Sendable (Value) throws -> Value) -> MappedOption {
        MappedOption(kind: .adjust(.modify(transform)))
    }

    /// Refuses a decoded value for which `isValid` is false with a ``MappedValidationError``
    /// naming the property, its path and the value.
    ///
    /// ```swift
    /// @Mapped(.validate { $0 > 500 }) var width: Int   // {"width": 400} throws
    /// ```
    public static func validate(_ isValid: @escaping @Sendable (Value) -> Bool) -> MappedOption {
        MappedOption(kind: .adjust(.validate(isValid)))
    }
}

extension MappedOption where Value == String {
    /// Trims whitespace and newlines from both ends: `"  A New Project    "` gives `"A New Project"`.
    ///
    /// ```swift
    /// @Mapped(.trimmed) var title: String
    /// ```
    public static var trimmed: MappedOption {
        .modify { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}

extension MappedOption where Value == String? {
    /// Trims whitespace and newlines from both ends of a present value.
    ///
    /// ```swift
    /// @Mapped(.trimmed) var subtitle: String?
    /// ```
    public static var trimmed: MappedOption {
        .modify { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Trims a present value, and makes it `nil` when nothing is left.
    ///
    /// ```swift
    /// @Mapped(.trimmedNilIfEmpty) var nickname: String?   // "   " gives nil
    /// ```
    public static var trimmedNilIfEmpty: MappedOption {
        .modify { value in
            guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
            return trimmed
        }
    }
}

extension MappedOption where Value: Comparable & Sendable {
    /// Moves a value outside `range` to its nearest end.
    ///
    /// ```swift
    /// @Mapped(.clamping(to: 0...100)) var percent: Int   // 120 gives 100
    /// ```
    public static func clamping(to range: ClosedRange<Value>) -> MappedOption {
        .modify { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) }
    }

    /// Raises a value below `lowest` to `lowest`.
    ///
    /// ```swift
    /// @Mapped(.min(0)) var count: Int   // -3 gives 0
    /// ```
    public static func min(_ lowest: Value) -> MappedOption {
        .modify { Swift.max($0, lowest) }
    }

    /// Lowers a value above `highest` to `highest`.
    ///
    /// ```swift
    /// @Mapped(.max(10)) var rating: Int   // 12 gives 10
    /// ```
    public static func max(_ highest: Value) -> MappedOption {
        .modify { Swift.min($0, highest) }
    }
}

extension MappedOption where Value == Date {
    /// Reads and writes the date with `strategy`, whatever the coder's date strategy.
    ///
    /// ```swift
    /// @Mapped("simple_date", .date(.format("y-MM-dd"))) var simpleDate: Date
    /// ```
    public static func date(_ strategy: MappedDateStrategy) -> MappedOption {
        MappedOption(kind: .date(strategy))
    }
}

extension MappedOption where Value == Date? {
    /// Reads and writes a present date with `strategy`; a missing key or `null` is `nil`.
    ///
    /// ```swift
    /// @Mapped("deleted_at", .date(.iso8601)) var deletedAt: Date?
    /// ```
    public static func date(_ strategy: MappedDateStrategy) -> MappedOption {
        MappedOption(kind: .date(strategy))
    }
}
