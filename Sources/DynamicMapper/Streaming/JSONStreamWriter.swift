import Foundation

/// Writes an array, or JSON Lines, one element at a time, with a ``DynamicJSONEncoder``'s
/// settings, to an asynchronous sink: memory holds one element and a buffer, never the whole.
///
/// ```swift
/// let writer = JSONStreamWriter(format: .array) { chunk in try await upload.send(chunk) }
/// for status in statuses { try await writer.write(status) }
/// try await writer.finish()
/// ```
///
/// A class, so that code on an actor (the main actor) can hold one and write through it. The
/// bytes are those `encoder.encode(allElements)` would give, pretty-printing included,
/// for an array; JSON Lines writes each element on its own line (so `.prettyPrinted` is
/// refused there). Call ``finish()`` at the end: it writes the closing bracket and flushes
/// the buffer; calling it again does nothing, and a ``write(_:)`` after it throws.
public final class JSONStreamWriter {
    /// What the elements make: `JSONStreamWriter(format: .jsonLines) { … }`.
    public enum Format: Sendable, Hashable {
        /// A JSON array: `[`, the elements separated by commas, `]`.
        case array
        /// JSON Lines: each element, then a line feed.
        case jsonLines
    }

    private var output: FramedOutput
    private let sink: (Data) async throws -> Void

    /// A writer that hands `sink` chunks of about `bufferSize` bytes (default 64 KiB).
    ///
    /// ```swift
    /// let writer = JSONStreamWriter(encoder: encoder, format: .jsonLines) { try await socket.write($0) }
    /// ```
    public init(
        encoder: DynamicJSONEncoder = DynamicJSONEncoder(), format: Format = .array, bufferSize: Int = 64 * 1024,
        sink: @escaping (Data) async throws -> Void
    ) {
        output = FramedOutput(encoder: encoder, format: format, bufferSize: bufferSize)
        self.sink = sink
    }

    /// Encodes `value` as the next element; hands a full buffer to the sink.
    ///
    /// ```swift
    /// try await writer.write(status)
    /// ```
    ///
    /// - Throws: The encoder's `EncodingError`, or the sink's error.
    #if compiler(>=6.2)
    // nonisolated(nonsending): runs on the caller's actor, so a writer held by main-actor
    // code (and a sink that touches its state) can be used there. Earlier compilers lack it.
    nonisolated(nonsending) public func write<T: Encodable>(_ value: T) async throws {
        try output.append(value)
        if output.isFull { try await sink(output.take()) }
    }
    #else
    public func write<T: Encodable>(_ value: T) async throws {
        try output.append(value)
        if output.isFull { try await sink(output.take()) }
    }
    #endif

    /// Ends the array (or the lines) and hands the rest to the sink. A second call does
    /// nothing, so the output stays one valid document; a ``write(_:)`` after it throws an
    /// `EncodingError`.
    ///
    /// ```swift
    /// try await writer.finish()
    /// try await writer.finish()   // no effect
    /// ```
    #if compiler(>=6.2)
    nonisolated(nonsending) public func finish() async throws {
        try await finish(isolation: #isolation)
    }
    #else
    public func finish() async throws {
        try await finish(isolation: #isolation)
    }
    #endif

    /// ``finish()``'s work, written once for both compilers: it runs on the caller's actor,
    /// which `#isolation` names (the nonsending `finish()` passes its caller's; the plain one,
    /// being nonisolated, passes `nil`).
    private func finish(isolation: isolated (any Actor)?) async throws {
        try output.finish()
        let rest = output.take()
        guard !rest.isEmpty else { return }
        do {
            try await sink(rest)
        } catch {
            // Kept for another `finish()`, which would otherwise find nothing left to send.
            output.putBack(rest)
            throw error
        }
    }
}

/// The bytes of a framed output, element by element, before they go out.
struct FramedOutput {
    let encoder: DynamicJSONEncoder
    let format: JSONStreamWriter.Format
    let bufferSize: Int
    private let pretty: Bool
    private(set) var count = 0
    private var buffer = Data()
    private var finished = false

    init(encoder: DynamicJSONEncoder, format: JSONStreamWriter.Format, bufferSize: Int) {
        self.encoder = encoder
        self.format = format
        self.bufferSize = max(1, bufferSize)
        pretty = encoder.outputFormatting.contains(.prettyPrinted)
    }

    var isFull: Bool { buffer.count >= bufferSize }

    mutating func take() -> Data {
        defer { buffer = Data() }
        return buffer
    }

    /// Puts back in front what a failed sink did not take.
    mutating func putBack(_ data: Data) {
        buffer = data + buffer
    }

    mutating func append<T: Encodable>(_ value: T) throws {
        if finished {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The stream writer was finished: nothing may be written after finish()"))
        }
        if format == .jsonLines, pretty {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "JSON Lines needs each value on one line: turn off .prettyPrinted"))
        }
        try appendEncoded(encoder.encode(value))
    }

    /// An element already encoded with this output's encoder (or kept as it was).
    mutating func appendEncoded(_ element: Data) throws {
        switch format {
        case .jsonLines:
            buffer.append(element)
            buffer.append(Bytes.newline)
        case .array where pretty:
            // As the encoder writes an array: each element on its own line, indented by two
            // spaces, its own lines indented once more, except the empty line inside an empty
            // container. Strings never hold a raw line feed.
            buffer.append(contentsOf: count == 0 ? Array("[\n  ".utf8) : Array(",\n  ".utf8))
            var start = element.startIndex
            while let newline = element[start...].firstIndex(of: Bytes.newline) {
                buffer.append(element[start...newline])
                start = newline + 1
                if start < element.endIndex, element[start] != Bytes.newline { buffer.append(contentsOf: [0x20, 0x20]) }
            }
            buffer.append(element[start...])
        case .array:
            buffer.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            buffer.append(element)
        }
        count += 1
    }

    mutating func finish() throws {
        guard !finished else { return }
        finished = true
        guard format == .array else { return }
        if count == 0 {
            buffer.append(try encoder.encode([Bool]()))
        } else {
            buffer.append(contentsOf: pretty ? Array("\n]".utf8) : [UInt8(ascii: "]")])
        }
    }
}

extension DynamicJSONEncoder {
    /// Writes `elements` as a JSON array to the file at `url` (created or replaced), one
    /// element at a time.
    ///
    /// ```swift
    /// try DynamicJSONEncoder().writeArray(of: statuses, to: URL(fileURLWithPath: "out.json"))
    /// ```
    ///
    /// The file holds what `encode(Array(elements))` would give; memory holds one element and
    /// a 64 KiB buffer.
    public func writeArray<S: Sequence>(of elements: S, to url: URL) throws where S.Element: Encodable {
        try write(elements, format: .array, to: url)
    }

    /// Writes `elements` as JSON Lines (one compact value per line) to the file at `url`.
    ///
    /// ```swift
    /// try DynamicJSONEncoder().writeJSONLines(of: events, to: URL(fileURLWithPath: "events.jsonl"))
    /// ```
    public func writeJSONLines<S: Sequence>(of elements: S, to url: URL) throws where S.Element: Encodable {
        try write(elements, format: .jsonLines, to: url)
    }

    /// Writes the elements of an asynchronous sequence as a JSON array to `sink`, in chunks,
    /// as they arrive.
    ///
    /// ```swift
    /// try await encoder.writeArray(of: statusStream) { chunk in try await response.write(chunk) }
    /// ```
    public func writeArray<S: AsyncSequence>(of elements: S, to sink: @escaping (Data) async throws -> Void) async throws
    where S.Element: Encodable {
        let writer = JSONStreamWriter(encoder: self, format: .array, sink: sink)
        for try await element in elements { try await writer.write(element) }
        try await writer.finish()
    }

    /// Writes the elements of an asynchronous sequence as JSON Lines to `sink`, as they arrive.
    ///
    /// ```swift
    /// try await encoder.writeJSONLines(of: events) { chunk in try await response.write(chunk) }
    /// ```
    public func writeJSONLines<S: AsyncSequence>(of elements: S, to sink: @escaping (Data) async throws -> Void) async throws
    where S.Element: Encodable {
        let writer = JSONStreamWriter(encoder: self, format: .jsonLines, sink: sink)
        for try await element in elements { try await writer.write(element) }
        try await writer.finish()
    }

    private func write<S: Sequence>(_ elements: S, format: JSONStreamWriter.Format, to url: URL) throws where S.Element: Encodable {
        let file = try OutputFile(url)
        var output = FramedOutput(encoder: self, format: format, bufferSize: 64 * 1024)
        for element in elements {
            try output.append(element)
            if output.isFull { try file.write(output.take()) }
        }
        try output.finish()
        try file.write(output.take())
        try file.close()
    }
}

/// A file created (or emptied) for writing.
struct OutputFile {
    private let handle: FileHandle

    init(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    func write(_ data: Data) throws {
        if !data.isEmpty { try handle.write(contentsOf: data) }
    }

    func close() throws {
        try handle.close()
    }
}
