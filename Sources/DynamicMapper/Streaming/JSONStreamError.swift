import Foundation

/// Why a streamed read stopped, or why one element was skipped: what went wrong, in which
/// element, and where in the input.
///
/// ```swift
/// do {
///     for try await status in decoder.elements(of: Status.self, in: chunks, at: "statuses") { … }
/// } catch let error as JSONStreamError {
///     print(error.elementIndex ?? -1, error.offset, error.line, error.column)   // 41 1843422 1 1843423
///     print(error.localizedDescription)
/// }
/// ```
///
/// Everything before the error has already been delivered: the stream throws this error in
/// place of the element that failed, and ends after it (unless
/// ``JSONStreamOptions/skipsFailingElements`` skipped the element).
public struct JSONStreamError: Error, Sendable, CustomStringConvertible {
    /// The class of problem: `if error.kind == .elementFailed { … }`.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes around the elements are not what the format needs (a missing comma,
        /// garbage after the array, a key step that meets no object, a truncated stream).
        case malformedStream
        /// One element (a record, a line, an event's data) did not decode: malformed JSON
        /// inside it, or a `DecodingError` from its type. ``underlyingError`` says which.
        case elementFailed
        /// An element, line or event grew past ``JSONStreamOptions/maximumElementSize``, or a
        /// value around the elements nested deeper than the decoder's `maximumDepth`.
        case limitExceeded
        /// The value at the path is missing or not an array.
        case arrayNotFound
    }

    /// What went wrong: e.g. ``Kind/elementFailed``.
    public let kind: Kind
    /// The 0-based index of the element concerned (counting skipped ones), or `nil` for a
    /// problem outside every element: `error.elementIndex   // 41`.
    public let elementIndex: Int?
    /// 0-based byte offset in the stream: of the offending byte when it is known, otherwise
    /// of the element's first byte: `error.offset   // 1843422`.
    public let offset: Int
    /// 1-based line of ``offset`` (lines end at LF): `error.line   // 7`.
    public let line: Int
    /// 1-based column of ``offset`` in its ``line``, counted in bytes (UTF-8 code units) from
    /// the line's first byte: `error.column   // 12`.
    public let column: Int
    /// What is wrong, for people; the wording may change: `error.message`.
    public let message: String
    /// The element's own error: a `DecodingError` (whose underlying ``JSONSyntaxError`` gives
    /// the position inside the element for malformed JSON) or whatever its `init(from:)`
    /// threw: `error.underlyingError as? DecodingError`.
    public let underlyingError: (any Error)?

    // The framers make it through the memberwise initializer Swift writes (internal, so code
    // outside the package only receives these errors).

    /// `<message> (element <n>) at byte <offset>, line <line>, column <column>`, then the
    /// underlying error.
    ///
    /// ```swift
    /// print(error)   // Element failed to decode (element 3) at byte 120, line 4, column 1: keyNotFound …
    /// ```
    public var description: String {
        var text = message
        if let elementIndex { text += " (element \(elementIndex))" }
        text += " at byte \(offset), line \(line), column \(column)"
        if let underlyingError { text += ": \(underlyingError)" }
        return text
    }

    /// The element as a ``DecodeReport`` event: a ``DecodeReport/Kind/droppedElement`` at
    /// `arrayPath[elementIndex]`, with the failure. This is how a skipped element is reported.
    ///
    /// ```swift
    /// options.onSkippedElement = { error in events.append(error.reportEvent(arrayPath: "statuses")) }
    /// ```
    public func reportEvent(arrayPath: Path = .root) -> DecodeReport.Event {
        var components = arrayPath.components
        if let elementIndex { components.append(.index(elementIndex)) }
        let path = Path(components)
        var failure = DecodeReport.Failure(underlyingError ?? self)
        if underlyingError != nil {
            let inner = failure.codingPath.components
            failure.codingPath = Path(components + inner)
        }
        return DecodeReport.Event(kind: .droppedElement, path: path, codingPath: path, failure: failure)
    }
}

extension JSONStreamError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` says what and where.
    ///
    /// ```swift
    /// error.localizedDescription   // Element failed to decode (element 3) at byte 120, line 4, column 1: …
    /// ```
    public var errorDescription: String? { description }
}
