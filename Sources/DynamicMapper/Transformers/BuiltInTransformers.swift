import Foundation

// MARK: - Dates

/// Dates written as text in a fixed format (`DateFormatter` patterns), String <-> Date.
///
/// ```swift
/// let day = DateFormatTransformer(format: "yyyy-MM-dd")
/// let date = try day.decode("2012-05-01")   // 2012-05-01 00:00:00 UTC
/// try day.encode(date)                       // "2012-05-01"
/// ```
///
/// The locale is `en_US_POSIX` and the time zone UTC unless told otherwise, so the result does
/// not depend on the device's settings; parsing is not lenient. Copies share one formatter, used
/// under a lock, so keep one transformer (a `static let`) rather than making one per value.
public struct DateFormatTransformer: Transformer, Sendable {
    /// The `DateFormatter` pattern: `"yyyy-MM-dd"`.
    public let format: String
    /// The zone the text is read and written in (default UTC).
    public let timeZone: TimeZone
    /// The locale for month and day names (default `en_US_POSIX`).
    public let locale: Locale
    private let formatter: LockedFormatter<DateFormatter>

    /// A transformer for `format`, in UTC with the POSIX locale unless told otherwise.
    ///
    /// ```swift
    /// let local = DateFormatTransformer(format: "dd.MM.yyyy HH:mm", timeZone: TimeZone(identifier: "Europe/Warsaw")!)
    /// ```
    ///
    /// - Parameters:
    ///   - format: The `DateFormatter` pattern, such as `yyyy-MM-dd`.
    ///   - timeZone: The zone dates are read and written in (UTC unless given).
    ///   - locale: The locale for month and day names (`en_US_POSIX` unless given).
    public init(
        format: String,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!,
        locale: Locale = Locale(identifier: "en_US_POSIX")
    ) {
        self.format = format
        self.timeZone = timeZone
        self.locale = locale
        let formatter = DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        formatter.calendar = calendar
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        self.formatter = LockedFormatter(formatter)
    }

    /// Reads a date: `try DateFormatTransformer(format: "yyyy/MM/dd").decode("1990/02/03")`.
    ///
    /// - Throws: ``TransformerError`` (`"2012-13-45" is not a date in the format yyyy-MM-dd`).
    public func decode(_ raw: String) throws -> Date {
        guard let date = formatter.withFormatter({ $0.date(from: raw) }) else {
            throw TransformerError(value: raw, reason: "is not a date in the format \(format)")
        }
        return date
    }

    /// Writes a date: `try DateFormatTransformer(format: "yyyy-MM-dd").encode(date)` gives `"2012-05-01"`.
    public func encode(_ value: Date) throws -> String {
        formatter.withFormatter { $0.string(from: value) }
    }
}

/// ISO 8601 date-times (`2012-05-01T10:20:30Z`, `2012-05-01T12:20:30.250+02:00`), String <-> Date.
///
/// ```swift
/// let iso = ISO8601DateTransformer()
/// let date = try iso.decode("2012-05-01T10:20:30.250Z")   // fractional seconds accepted
/// try iso.encode(date)                                     // "2012-05-01T10:20:30Z"
/// try ISO8601DateTransformer(fractionalSeconds: true).encode(date)   // "2012-05-01T10:20:30.250Z"
/// ```
///
/// Decoding accepts text with and without fractional seconds, whatever `fractionalSeconds`
/// says; encoding writes UTC (`Z`), with milliseconds only when `fractionalSeconds` is on.
public struct ISO8601DateTransformer: Transformer, DefaultInitializable, Sendable {
    /// Whether encoding writes milliseconds (`.250`).
    public let fractionalSeconds: Bool
    private let whole: LockedFormatter<ISO8601DateFormatter>
    private let fractional: LockedFormatter<ISO8601DateFormatter>

    /// A transformer that writes milliseconds when `fractionalSeconds` is on.
    ///
    /// ```swift
    /// let precise = ISO8601DateTransformer(fractionalSeconds: true)
    /// ```
    public init(fractionalSeconds: Bool) {
        self.fractionalSeconds = fractionalSeconds
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        self.whole = LockedFormatter(whole)
        self.fractional = LockedFormatter(fractional)
    }

    /// A transformer that writes whole seconds: `ISO8601DateTransformer()`.
    public init() {
        self.init(fractionalSeconds: false)
    }

    /// Reads a date with or without fractional seconds: `try ISO8601DateTransformer().decode("2012-05-01T10:20:30Z")`.
    ///
    /// - Throws: ``TransformerError`` (`"yesterday" is not an ISO 8601 date`).
    public func decode(_ raw: String) throws -> Date {
        let (first, second) = fractionalSeconds ? (fractional, whole) : (whole, fractional)
        if let date = first.withFormatter({ $0.date(from: raw) }) ?? second.withFormatter({ $0.date(from: raw) }) {
            return date
        }
        throw TransformerError(value: raw, reason: "is not an ISO 8601 date")
    }

    /// Writes a date in UTC: `try ISO8601DateTransformer().encode(date)` gives `"2012-05-01T10:20:30Z"`.
    public func encode(_ value: Date) throws -> String {
        (fractionalSeconds ? fractional : whole).withFormatter { $0.string(from: value) }
    }
}

/// Unix time (since 1970-01-01 UTC) in seconds or milliseconds, LenientNumber <-> Date.
///
/// ```swift
/// let millis = UnixTimeTransformer(unit: .milliseconds)
/// let date = try millis.decode(1_336_000_000_500)   // 2012-05-02T23:06:40.500Z
/// try millis.encode(date)                           // 1336000000500
/// try UnixTimeTransformer().decode(LenientNumber("946684800.5")!)   // 2000-01-01T00:00:00.500Z
/// ```
///
/// The document may hold the number as a number (`946684800`, `946684800.5`) or, as
/// ObjectMapper's `DateTransform` accepted, as a string holding one (`"946684800"`,
/// `"946684800.5"`); see ``LenientNumber`` for the strings read. Encoding always writes a
/// number. Infinities and NaN (possible with JSON5) are refused. A date between two units writes a fraction
/// (`1608854400123.4`) unless the transformer rounds to whole units, as Alter's `Int64`
/// timestamps did:
///
/// ```swift
/// let whole = UnixTimeTransformer(unit: .milliseconds, rounding: .toNearestOrAwayFromZero)
/// try whole.encode(Date(timeIntervalSince1970: 1_608_854_400.1234))   // 1608854400123
/// ```
public struct UnixTimeTransformer: Transformer, DefaultInitializable, Sendable {
    /// What one unit of the number is.
    ///
    /// ```swift
    /// let unit: UnixTimeTransformer.Unit = .milliseconds
    /// ```
    public enum Unit: Sendable, Hashable {
        /// `1336000000` is 2012-05-02T23:06:40Z.
        case seconds
        /// `1336000000000` is 2012-05-02T23:06:40Z.
        case milliseconds
    }

    /// Seconds or milliseconds.
    public let unit: Unit
    /// How a date between two whole units is written, or nil to write the fraction:
    /// `UnixTimeTransformer(unit: .seconds, rounding: .down).rounding   // .down`.
    public let rounding: FloatingPointRoundingRule?

    /// A transformer counting in `unit`, writing whole units when `rounding` is given:
    /// `UnixTimeTransformer(unit: .milliseconds, rounding: .down)`.
    ///
    /// - Parameters:
    ///   - unit: Seconds or milliseconds since 1970.
    ///   - rounding: How to round a date between whole units when writing, or `nil` to write the fraction.
    public init(unit: Unit, rounding: FloatingPointRoundingRule? = nil) {
        self.unit = unit
        self.rounding = rounding
    }

    /// A transformer counting in seconds: `UnixTimeTransformer()`.
    public init() {
        self.init(unit: .seconds)
    }

    /// Reads a date: `try UnixTimeTransformer().decode(1336000000)`, or from text,
    /// `try UnixTimeTransformer().decode(LenientNumber("1336000000")!)`.
    ///
    /// - Throws: ``TransformerError`` for a number that is not finite (`nan is not a finite number of seconds since 1970`).
    public func decode(_ raw: LenientNumber) throws -> Date {
        guard let count = raw.number.double, count.isFinite else {
            // Named as Swift prints the Double (`nan`, `inf`) when there is one.
            throw TransformerError(
                valueDescription: raw.number.double.map { "\($0)" } ?? raw.description, reason: "is not a finite number of \(unitName) since 1970")
        }
        switch unit {
        case .seconds: return Date(timeIntervalSince1970: count)
        case .milliseconds: return Date(timeIntervalSince1970: count / 1000)
        }
    }

    /// Writes a date: `try UnixTimeTransformer(unit: .milliseconds).encode(date)` gives
    /// `1336000000500`, rounded to a whole number with ``rounding``.
    public func encode(_ value: Date) throws -> LenientNumber {
        let number: Double
        switch unit {
        case .seconds: number = value.timeIntervalSince1970
        case .milliseconds: number = value.timeIntervalSince1970 * 1000
        }
        guard let rounding else { return LenientNumber(number) }
        return LenientNumber(number.rounded(rounding))
    }

    private var unitName: String {
        switch unit {
        case .seconds: return "seconds"
        case .milliseconds: return "milliseconds"
        }
    }
}

// MARK: - Data, URL, numbers

/// Binary data written as standard base64 text (with `=` padding), String <-> Data.
///
/// ```swift
/// let data = try Base64DataTransformer().decode("aGVsbG8=")   // "hello" as bytes
/// try Base64DataTransformer().encode(data)                     // "aGVsbG8="
/// ```
public struct Base64DataTransformer: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `Base64DataTransformer()`.
    public init() {}

    /// Reads the bytes: `try Base64DataTransformer().decode("AAE=")`.
    ///
    /// - Throws: ``TransformerError`` for text that is not base64 (`"%%" is not valid base64`).
    public func decode(_ raw: String) throws -> Data {
        guard let data = Data(base64Encoded: raw) else {
            throw TransformerError(value: raw, reason: "is not valid base64")
        }
        return data
    }

    /// Writes the bytes: `try Base64DataTransformer().encode(Data([0, 1]))` gives `"AAE="`.
    public func encode(_ value: Data) throws -> String {
        value.base64EncodedString()
    }
}

/// URLs written as text, String <-> URL.
///
/// ```swift
/// let url = try URLTransformer().decode("https://swift.org/blog")
/// try URLTransformer().encode(url)   // "https://swift.org/blog"
/// ```
///
/// Relative references (`/avatars/3.png`) are URLs. Refused, where some Foundation versions
/// would quietly percent-encode them: the empty string, whitespace and control characters, the
/// characters RFC 3986 never allows (`"`, `<`, `>`, `\`, `^`, the backtick, `{`, `|`, `}`) and a
/// `%` not followed by two hex digits.
public struct URLTransformer: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `URLTransformer()`.
    public init() {}

    /// Reads a URL: `try URLTransformer().decode("https://swift.org")`.
    ///
    /// - Throws: ``TransformerError`` (`"not a url" is not a URL`).
    public func decode(_ raw: String) throws -> URL {
        guard Self.isWellFormed(raw), let url = URL(string: raw) else {
            throw TransformerError(value: raw, reason: "is not a URL")
        }
        return url
    }

    /// Writes a URL as its absolute string: `try URLTransformer().encode(url)`.
    public func encode(_ value: URL) throws -> String {
        value.absoluteString
    }

    private static func isWellFormed(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return false }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
            {
                return false
            }
            if scalar == "%" {
                guard index + 2 < scalars.count,
                    scalars[index + 1].properties.isASCIIHexDigit,
                    scalars[index + 2].properties.isASCIIHexDigit
                else { return false }
                index += 2
            }
            index += 1
        }
        return true
    }
}

/// Numbers written as text (`"42"`, `"19.99"`), String <-> Number; the number type is inferred
/// where the context tells it.
///
/// ```swift
/// let count: Int = try NumberFromStringTransformer().decode("42")
/// struct Product: Codable {
///     @CodedBy<NumberFromStringTransformer<Double>> var price: Double   // {"price": "19.99"}
/// }
/// ```
///
/// Reading uses `Number(_: String)`, so the text must be the whole number with no spaces;
/// writing uses `description`.
public struct NumberFromStringTransformer<Number: LosslessStringConvertible & Codable>: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `NumberFromStringTransformer<Int>()`.
    public init() {}

    /// Reads a number: `try NumberFromStringTransformer<Int>().decode("42")`.
    ///
    /// - Throws: ``TransformerError`` (`"4x" is not a number of type Int`).
    public func decode(_ raw: String) throws -> Number {
        guard let number = Number(raw) else {
            throw TransformerError(value: raw, reason: "is not a number of type \(Number.self)")
        }
        return number
    }

    /// Writes a number: `try NumberFromStringTransformer<Int>().encode(42)` gives `"42"`.
    public func encode(_ value: Number) throws -> String {
        value.description
    }
}

// MARK: - Shared formatter

/// A Foundation formatter shared by copies of a transformer. The formatters are classes that
/// are not `Sendable` on every platform, so each use holds the lock.
final class LockedFormatter<Formatter: AnyObject>: @unchecked Sendable {
    // @unchecked: `formatter` is only touched inside `withFormatter`, under `lock`.
    private let lock = NSLock()
    private let formatter: Formatter

    init(_ formatter: Formatter) {
        self.formatter = formatter
    }

    func withFormatter<Result>(_ body: (Formatter) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(formatter)
    }
}
