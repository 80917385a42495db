import Foundation

/// How a streamed read frames and limits its input.
///
/// ```swift
/// var options = JSONStreamOptions()
/// options.maximumElementSize = 1 << 20            // 1 MiB per element, line or event
/// options.skipsFailingElements = true
/// options.onSkippedElement = { error in print("skipped:", error) }
/// let stream = decoder.elements(of: Status.self, in: data, at: "statuses", options: options)
/// ```
public struct JSONStreamOptions: Sendable {
    /// How many bytes a file is read at a time, and how a `Data` input is cut (default 64 KiB):
    /// `options.chunkSize = 16 * 1024`.
    public var chunkSize: Int = 64 * 1024

    /// The largest element, JSON Lines line, JSON text or event accepted, in bytes (default
    /// 16 MiB). A larger one stops the stream with ``JSONStreamError/Kind/limitExceeded``
    /// after reading at most this many bytes of it plus a chunk, which bounds memory:
    /// `options.maximumElementSize = 1 << 20`.
    public var maximumElementSize: Int = 16 * 1024 * 1024

    /// Whether an element that fails to decode (malformed JSON inside it, or a
    /// `DecodingError`) is skipped, and handed to ``onSkippedElement``, instead of ending the
    /// stream. Off by default. Problems around the elements still end the stream:
    /// `options.skipsFailingElements = true`.
    public var skipsFailingElements: Bool = false

    /// Called with each element ``skipsFailingElements`` skipped; its ``JSONStreamError/reportEvent(arrayPath:)``
    /// is the decode report's event for it.
    ///
    /// ```swift
    /// options.onSkippedElement = { error in logger.warning("\(error)") }
    /// ```
    public var onSkippedElement: (@Sendable (JSONStreamError) -> Void)?

    /// For server-sent events: a `data` payload that, trimmed of whitespace, equals this text
    /// ends the stream without being decoded (OpenAI-style APIs send `[DONE]`). `nil` (the
    /// default) decodes every event: `options.terminator = "[DONE]"`.
    public var terminator: String?

    /// The defaults: 64 KiB chunks, 16 MiB elements, failing elements end the stream:
    /// `let options = JSONStreamOptions()`.
    public init() {}
}
