import Foundation

/// The date texts both coders share: `.iso8601` and the Darwin-only `.formatted(_:)` cases,
/// whose logic lives here so that Linux compiles and tests it.
enum DateText {
    /// `JSONEncoder`'s `.iso8601`: internet date-time in UTC, whole seconds.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// What a `.formatted(formatter)` date decoding strategy reads, with `JSONDecoder`'s error.
    /// Only Darwin's strategy enum has that case (on Linux `.formatted` is a `.custom` closure),
    /// but this is compiled and tested everywhere, so the Darwin-only branch is one line.
    static func date(from text: String, formatter: DateFormatter, codingPath: [any CodingKey]) throws -> Date {
        guard let date = formatter.date(from: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Date string does not match format expected by formatter."))
        }
        return date
    }

    /// What a `.formatted(formatter)` date encoding strategy writes (Darwin's case; compiled everywhere).
    static func text(of date: Date, formatter: DateFormatter) -> String {
        formatter.string(from: date)
    }
}
