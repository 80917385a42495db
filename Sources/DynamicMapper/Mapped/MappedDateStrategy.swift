import Foundation

/// How one ``Mapped`` date property is read and written, whatever the coder's
/// `dateDecodingStrategy`: `@Mapped("created", .date(.rfc2822)) var created: Date`.
///
/// | strategy | document |
/// |---|---|
/// | ``iso8601`` | `"1996-12-19T16:39:57-08:00"` (fractional seconds accepted) |
/// | ``iso8601WithMilliseconds`` | `"1996-12-20T00:39:57.250Z"` (written with milliseconds) |
/// | ``rfc3339`` | `"1996-12-19T16:39:57-08:00"`, `"1996-12-19 16:39:57Z"` |
/// | ``rfc2822`` | `"Thu, 19 Dec 1996 16:39:57 GMT"` |
/// | ``secondsSince1970`` | `978307200`, `978307200.5` or `"978307200"` |
/// | ``millisecondsSince1970`` | `978307200000` or `"978307200000"` |
/// | ``format(_:)`` | a `DateFormatter` pattern, POSIX locale, UTC |
/// | ``custom(_:)`` | any ``Transformer`` to and from `Date` |
///
/// Dates are written in UTC. Formatters are made once per strategy and shared.
public struct MappedDateStrategy: Sendable {
    enum Kind: Sendable {
        case iso8601
        case iso8601WithMilliseconds
        case rfc3339
        case rfc2822
        case secondsSince1970
        case millisecondsSince1970
        case format(String)
        case custom(MappedCoding<Date>)
    }

    let kind: Kind

    /// ISO 8601 date-times, with or without fractional seconds; written without.
    public static var iso8601: MappedDateStrategy { MappedDateStrategy(kind: .iso8601) }
    /// ISO 8601 date-times, with or without fractional seconds; written with milliseconds.
    public static var iso8601WithMilliseconds: MappedDateStrategy { MappedDateStrategy(kind: .iso8601WithMilliseconds) }
    /// RFC 3339 date-times: ISO 8601's profile, which also allows a space for the `T`.
    public static var rfc3339: MappedDateStrategy { MappedDateStrategy(kind: .rfc3339) }
    /// RFC 2822 (e-mail and HTTP) dates: `Thu, 19 Dec 1996 16:39:57 GMT`; the weekday is optional.
    public static var rfc2822: MappedDateStrategy { MappedDateStrategy(kind: .rfc2822) }
    /// Seconds since 1970-01-01 UTC, as a number or a numeric string.
    public static var secondsSince1970: MappedDateStrategy { MappedDateStrategy(kind: .secondsSince1970) }
    /// Milliseconds since 1970-01-01 UTC, as a number or a numeric string.
    public static var millisecondsSince1970: MappedDateStrategy { MappedDateStrategy(kind: .millisecondsSince1970) }

    /// Text in a fixed `DateFormatter` pattern, read and written in UTC with the POSIX locale:
    /// `.format("y-MM-dd")`.
    public static func format(_ pattern: String) -> MappedDateStrategy { MappedDateStrategy(kind: .format(pattern)) }

    /// Any two-way transformer between the document's value and `Date`:
    /// `.custom(DateFormatTransformer(format: "dd.MM.yyyy", timeZone: warsaw))`.
    public static func custom<T: Transformer & Sendable>(_ transformer: T) -> MappedDateStrategy where T.Value == Date {
        MappedDateStrategy(kind: .custom(TransformerCoding(transformer)))
    }

    /// The coding for this strategy; formatters are shared by every property using it.
    var coding: MappedCoding<Date> {
        switch kind {
        case .iso8601: return Self.iso8601Coding
        case .iso8601WithMilliseconds: return Self.iso8601WithMillisecondsCoding
        case .rfc3339: return Self.rfc3339Coding
        case .rfc2822: return Self.rfc2822Coding
        case .secondsSince1970: return Self.secondsCoding
        case .millisecondsSince1970: return Self.millisecondsCoding
        case .format(let pattern): return Self.formatCodings.coding(for: pattern)
        case .custom(let coding): return coding
        }
    }

    private static let iso8601Coding: MappedCoding<Date> = TransformerCoding(ISO8601DateTransformer())
    private static let iso8601WithMillisecondsCoding: MappedCoding<Date> = TransformerCoding(ISO8601DateTransformer(fractionalSeconds: true))
    private static let rfc3339Coding: MappedCoding<Date> = TransformerCoding(
        PatternsDateTransformer(
            patterns: ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX", "yyyy-MM-dd HH:mm:ssXXXXX", "yyyy-MM-dd HH:mm:ss.SSSSSSXXXXX"],
            name: "an RFC 3339 date"))
    private static let rfc2822Coding: MappedCoding<Date> = TransformerCoding(
        PatternsDateTransformer(
            patterns: [
                "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss Z",
                "EEE, dd MMM yyyy HH:mm zzz",
            ],
            name: "an RFC 2822 date"))
    private static let secondsCoding: MappedCoding<Date> = TransformerCoding(UnixTimeTextTransformer(base: UnixTimeTransformer(unit: .seconds)))
    private static let millisecondsCoding: MappedCoding<Date> = TransformerCoding(UnixTimeTextTransformer(base: UnixTimeTransformer(unit: .milliseconds)))
    private static let formatCodings = FormatCodings()
}

/// One coding per `DateFormatter` pattern, made on first use: a formatter costs far more to
/// make than to use, and wrapper initializers run on every decode.
private final class FormatCodings: @unchecked Sendable {
    // @unchecked: `codings` is only touched under `lock`.
    private let lock = NSLock()
    private var codings: [String: MappedCoding<Date>] = [:]

    func coding(for pattern: String) -> MappedCoding<Date> {
        lock.lock()
        defer { lock.unlock() }
        if let known = codings[pattern] { return known }
        let coding = TransformerCoding(DateFormatTransformer(format: pattern))
        codings[pattern] = coding
        return coding
    }
}

/// Dates as text in the first of several patterns that fits; written in the first pattern.
private struct PatternsDateTransformer: Transformer, Sendable {
    let formats: [DateFormatTransformer]
    let name: String

    init(patterns: [String], name: String) {
        formats = patterns.map { DateFormatTransformer(format: $0) }
        self.name = name
    }

    func decode(_ raw: String) throws -> Date {
        for format in formats {
            if let date = try? format.decode(raw) { return date }
        }
        throw TransformerError(value: raw, reason: "is not \(name)")
    }

    func encode(_ value: Date) throws -> String {
        try formats[0].encode(value)
    }
}

/// Unix time from a number or a numeric string; written as a number.
private struct UnixTimeTextTransformer: Transformer, Sendable {
    let base: UnixTimeTransformer

    func decode(_ raw: NumberOrText) throws -> Date {
        try base.decode(LenientNumber(raw.value))
    }

    func encode(_ value: Date) throws -> NumberOrText {
        NumberOrText(value: try base.encode(value).number.double ?? 0)
    }
}

/// A number, or a string holding one (`"978307200"`).
private struct NumberOrText: Codable {
    let value: Double

    init(value: Double) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
            return
        }
        let text = try container.decode(String.self)
        guard let number = JSON.Number(literal: text)?.double else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a number of seconds or milliseconds since 1970."))
        }
        value = number
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // Whole numbers (the usual case) are written without a fraction.
        if value.rounded() == value, abs(value) < 9e15 {
            try container.encode(Int64(value))
        } else {
            try container.encode(value)
        }
    }
}
