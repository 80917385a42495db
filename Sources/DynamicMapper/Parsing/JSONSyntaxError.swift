import Foundation

/// Why and where input stopped being valid JSON.
///
/// It is the `underlyingError` of the `DecodingError.dataCorrupted` that parsing throws.
/// Switch on ``kind`` to react to a class of problem; ``reason`` is the sentence for people
/// and may be worded differently in a later release.
///
/// ```swift
/// do {
///     _ = try JSON(parsing: "[1,\n 2,,]")
/// } catch DecodingError.dataCorrupted(let context) {
///     if let error = context.underlyingError as? JSONSyntaxError {
///         print(error.kind, error.line, error.column)   // unexpectedCharacter 2 4
///     }
/// }
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of problem, for code that reacts to it, e.g. ``Kind/trailingComma``.
    public let kind: Kind
    /// What is wrong, for people, e.g. `Trailing comma before character ']' (allowed only with allowsJSON5)`.
    public let reason: String
    /// 1-based line of the offending byte.
    public let line: Int
    /// 1-based column (in Unicode scalars) of the offending byte.
    public let column: Int
    /// 0-based byte offset in the UTF-8 text that was scanned: after a byte order mark is
    /// dropped and UTF-16/32 input is transcoded.
    public let offset: Int

    /// `<reason> at line <line>, column <column>`.
    public var description: String { "\(reason) at line \(line), column \(column)" }

    init(_ kind: Kind, reason: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.reason = reason
        self.offset = offset
        var line = 1
        var column = 1
        var position = 0
        let limit = min(offset, bytes.count)
        while position < limit {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        self.line = line
        self.column = column
    }

    init(_ kind: Kind, reason: String, line: Int, column: Int, offset: Int) {
        self.kind = kind
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The error parsing throws: Foundation's case and message, with this error underneath
    /// for the kind and the position. The message does not repeat the position: a printed
    /// `DecodingError` shows its message and then its underlying error, so the position would
    /// read twice. No final period either: the printed form adds one after the message.
    var decodingError: DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription: Self.message,
                underlyingError: self))
    }

    /// The `debugDescription` of a syntax error's `DecodingError`, as Foundation's.
    static let message = "The given data was not valid JSON"
}

extension JSONSyntaxError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// syntax.localizedDescription   // Trailing comma ... at line 1, column 4
    /// ```
    public var errorDescription: String? { description }
}
