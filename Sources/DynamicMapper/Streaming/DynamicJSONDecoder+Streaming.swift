import Foundation

extension DynamicJSONDecoder {
    private func recipe<T: Decodable>(_ type: T.Type, framing: Framing, options: JSONStreamOptions) -> StreamRecipe<T> {
        StreamRecipe(decoder: self, framing: framing, options: options, decoding: PlainDecoding<T>(decoder: self))
    }

    private func eventRecipe<T: Decodable>(_ type: T.Type, options: JSONStreamOptions) -> StreamRecipe<ServerSentEvent<T>> {
        StreamRecipe(decoder: self, framing: .events, options: options, decoding: EventDecoding<T>(decoder: self))
    }

    // MARK: Arrays

    /// The elements of the array at `path` in `data`, decoded one at a time as `type`.
    ///
    /// ```swift
    /// try decoder.elements(of: Status.self, in: data, at: "statuses").forEach { print($0.id) }
    /// ```
    ///
    /// Each element is decoded on its own, as ``decode(_:from:)`` would decode its bytes: a
    /// dynamic model's `ds` holds just its element. The path's steps are keys and indexes
    /// from the start (`"data.items"`, `"pages[2].items"`); `.root` (the default) takes a
    /// top-level array. The structure around the elements is read as strict JSON whatever
    /// `allowsJSON5` says. `.parallel()` on the result decodes on several cores, in order.
    public func elements<T: Decodable>(
        of type: T.Type, in data: Data, at path: Path = .root, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<T> {
        JSONStream(source: .data(data), recipe: recipe(type, framing: StreamRecipe<T>.arrayFraming(path), options: options))
    }

    /// The elements of the array at `path` in the file at `url`, read a chunk at a time
    /// (``JSONStreamOptions/chunkSize``), never whole.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "export.json")
    /// try decoder.elements(of: Status.self, contentsOf: url, at: "statuses").forEach { print($0.id) }
    /// ```
    public func elements<T: Decodable>(
        of type: T.Type, contentsOf url: URL, at path: Path = .root, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<T> {
        JSONStream(source: .file(url), recipe: recipe(type, framing: StreamRecipe<T>.arrayFraming(path), options: options))
    }

    /// The elements of the array at `path` in an asynchronous sequence of bytes (such as
    /// `URLSession.AsyncBytes` or `FileHandle.bytes`).
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await status in decoder.elements(of: Status.self, in: bytes, at: "statuses") { print(status.id) }
    /// ```
    public func elements<T: Decodable, Bytes: AsyncSequence>(
        of type: T.Type, in bytes: Bytes, at path: Path = .root, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Bytes, T> where Bytes.Element == UInt8 {
        AsyncJSONStream(bytes: bytes, recipe: recipe(type, framing: StreamRecipe<T>.arrayFraming(path), options: options))
    }

    /// The elements of the array at `path` in an asynchronous sequence of byte chunks
    /// (`Data`, `[UInt8]`, or any `Collection` of `UInt8`, such as a NIO buffer's view).
    ///
    /// ```swift
    /// let chunks: AsyncStream<Data> = …
    /// for try await status in decoder.elements(of: Status.self, in: chunks, at: "statuses") { print(status.id) }
    /// ```
    public func elements<T: Decodable, Chunks: AsyncSequence>(
        of type: T.Type, in chunks: Chunks, at path: Path = .root, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Chunks, T> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        AsyncJSONStream(chunks: chunks, recipe: recipe(type, framing: StreamRecipe<T>.arrayFraming(path), options: options))
    }

    // MARK: JSON Lines and JSON text sequences

    /// The records of JSON Lines (NDJSON) or an RFC 7464 JSON text sequence in `data`,
    /// decoded one at a time as `type`. Blank lines and CRLF line ends are fine.
    ///
    /// ```swift
    /// try decoder.jsonLines(of: LogLine.self, in: data).forEach { print($0.message) }
    /// ```
    public func jsonLines<T: Decodable>(
        of type: T.Type, in data: Data, format: JSONLinesFormat = .jsonLines, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<T> {
        JSONStream(source: .data(data), recipe: recipe(type, framing: .delimited(format.delimiter), options: options))
    }

    /// The records of a JSON Lines or JSON text sequence file, read a chunk at a time.
    ///
    /// ```swift
    /// try decoder.jsonLines(of: LogLine.self, contentsOf: URL(fileURLWithPath: "app.jsonl")).forEach { print($0) }
    /// ```
    public func jsonLines<T: Decodable>(
        of type: T.Type, contentsOf url: URL, format: JSONLinesFormat = .jsonLines, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<T> {
        JSONStream(source: .file(url), recipe: recipe(type, framing: .delimited(format.delimiter), options: options))
    }

    /// The records of JSON Lines or a JSON text sequence arriving as an asynchronous sequence
    /// of bytes; each is delivered as soon as its line ends.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await line in decoder.jsonLines(of: LogLine.self, in: bytes) { print(line.message) }
    /// ```
    public func jsonLines<T: Decodable, Bytes: AsyncSequence>(
        of type: T.Type, in bytes: Bytes, format: JSONLinesFormat = .jsonLines, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Bytes, T> where Bytes.Element == UInt8 {
        AsyncJSONStream(bytes: bytes, recipe: recipe(type, framing: .delimited(format.delimiter), options: options))
    }

    /// The records of JSON Lines or a JSON text sequence arriving as byte chunks.
    ///
    /// ```swift
    /// for try await line in decoder.jsonLines(of: LogLine.self, in: chunks) { print(line.message) }
    /// ```
    public func jsonLines<T: Decodable, Chunks: AsyncSequence>(
        of type: T.Type, in chunks: Chunks, format: JSONLinesFormat = .jsonLines, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Chunks, T> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        AsyncJSONStream(chunks: chunks, recipe: recipe(type, framing: .delimited(format.delimiter), options: options))
    }

    // MARK: Server-sent events

    /// The server-sent events (`text/event-stream`) in `data`, each event's `data:` lines
    /// decoded as `type`. ``JSONStreamOptions/terminator`` names a `[DONE]`-style end.
    ///
    /// ```swift
    /// try decoder.serverSentEvents(of: Delta.self, in: data).forEach { print($0.data) }
    /// ```
    public func serverSentEvents<T: Decodable>(
        of type: T.Type, in data: Data, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<ServerSentEvent<T>> {
        JSONStream(source: .data(data), recipe: eventRecipe(type, options: options))
    }

    /// The server-sent events in the file at `url`, read a chunk at a time.
    ///
    /// ```swift
    /// try decoder.serverSentEvents(of: Delta.self, contentsOf: url).forEach { print($0.data) }
    /// ```
    public func serverSentEvents<T: Decodable>(
        of type: T.Type, contentsOf url: URL, options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONStream<ServerSentEvent<T>> {
        JSONStream(source: .file(url), recipe: eventRecipe(type, options: options))
    }

    /// The server-sent events arriving as an asynchronous sequence of bytes; each is
    /// delivered as soon as its blank line arrives.
    ///
    /// ```swift
    /// var options = JSONStreamOptions()
    /// options.terminator = "[DONE]"
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await event in decoder.serverSentEvents(of: Delta.self, in: bytes, options: options) { print(event.data) }
    /// ```
    public func serverSentEvents<T: Decodable, Bytes: AsyncSequence>(
        of type: T.Type, in bytes: Bytes, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Bytes, ServerSentEvent<T>> where Bytes.Element == UInt8 {
        AsyncJSONStream(bytes: bytes, recipe: eventRecipe(type, options: options))
    }

    /// The server-sent events arriving as byte chunks.
    ///
    /// ```swift
    /// for try await event in decoder.serverSentEvents(of: Delta.self, in: chunks) { print(event.data) }
    /// ```
    public func serverSentEvents<T: Decodable, Chunks: AsyncSequence>(
        of type: T.Type, in chunks: Chunks, options: JSONStreamOptions = JSONStreamOptions()
    ) -> AsyncJSONStream<Chunks, ServerSentEvent<T>> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        AsyncJSONStream(chunks: chunks, recipe: eventRecipe(type, options: options))
    }
}
