import Foundation

/// What a streamed patch did: `print(summary.elements, summary.edited, summary.skipped)`.
public struct StreamingPatchSummary: Sendable, Hashable {
    /// How many elements the array had.
    public var elements = 0
    /// How many of them the edit changed, and were written re-encoded.
    public var edited = 0
    /// How many failed to decode and were kept as they were
    /// (``JSONStreamOptions/skipsFailingElements``).
    public var skipped = 0

    /// A summary of nothing yet: `StreamingPatchSummary()`.
    public init() {}
}

/// Copies a document through, handing each element of the array at a path to an edit: the
/// bytes outside the edited elements go out as they came in.
struct PatchCore<E: Codable> {
    enum Step {
        case wrote
        case needMore
        case finished
    }

    private var framer: AnyFramer
    var window = ByteWindow()
    /// Absolute offset up to which the input has gone to `output`.
    private var copied = 0
    private(set) var output = Data()
    private(set) var summary = StreamingPatchSummary()
    private let decoder: DynamicJSONDecoder
    private let encoder: DynamicJSONEncoder
    private let options: JSONStreamOptions

    init(decoder: DynamicJSONDecoder, encoder: DynamicJSONEncoder, path: Path, options: JSONStreamOptions) {
        self.decoder = decoder
        self.encoder = encoder
        self.options = options
        framer = AnyFramer(StreamRecipe<E>.arrayFraming(path), maximumDepth: decoder.maximumDepth, options: options)
    }

    mutating func takeOutput() -> Data {
        defer { output = Data() }
        return output
    }

    /// Moves the input up to `offset` to the output, unchanged.
    private mutating func copy(upTo offset: Int) {
        guard offset > copied else { return }
        output.append(window.data(copied..<offset))
        copied = offset
    }

    /// Runs the patch to the end over the chunks `next` reads (`nil` or empty at the end of
    /// the input), handing the output to `flush` each time a chunk's worth has gathered and
    /// the rest at the end: the one driver of the synchronous routes (file and `Data`).
    mutating func run(
        chunkSize: Int, edit: (inout E) throws -> Void, next: () throws -> Data?, flush: (Data) throws -> Void
    ) throws {
        loop: while true {
            switch try step(edit) {
            case .wrote: break
            case .finished: break loop
            case .needMore:
                if let chunk = try next(), !chunk.isEmpty { window.append(chunk) } else { window.atEnd = true }
            }
            if output.count >= max(1, chunkSize) { try flush(takeOutput()) }
        }
        let rest = takeOutput()
        if !rest.isEmpty { try flush(rest) }
    }

    mutating func step(_ edit: (inout E) throws -> Void) throws -> Step {
        switch try framer.next(in: window) {
        case .finished:
            copy(upTo: window.end)
            return .finished
        case .needMore(let keepFrom):
            copy(upTo: keepFrom)
            window.discard(before: keepFrom)
            return .needMore
        case .frame(let frame):
            copy(upTo: frame.range.lowerBound)
            let original = window.data(frame.range)
            copied = frame.range.upperBound
            summary.elements += 1
            var value: E
            do {
                value = try decoder.decode(E.self, from: original)
            } catch {
                let failure = StreamCore<E>.wrap(error, frame: frame, data: ArraySlice(original))
                guard options.skipsFailingElements else { throw failure }
                options.onSkippedElement?(failure)
                summary.skipped += 1
                output.append(original)
                return .wrote
            }
            let before = value
            try edit(&value)
            if let encoded = try Self.encodedIfChanged(value, before: before, encoder: encoder, maximumDepth: decoder.maximumDepth) {
                output.append(encoded)
                summary.edited += 1
            } else {
                output.append(original)
            }
            return .wrote
        }
    }

    /// The element's new bytes, or `nil` when the edit left it as it was decoded, so that its
    /// bytes can go out untouched: views and dynamic models say so through their changes, other
    /// types when they are `Equatable`. Anything else is re-encoded. Encodes at most once.
    private static func encodedIfChanged(_ value: E, before: E, encoder: DynamicJSONEncoder, maximumDepth: Int) throws -> Data? {
        // A view nobody wrote to still points at its parsed bytes: no diff needed (a diff
        // would cost more than the decode). Any write makes it an overlay, re-encoded.
        // Only while it still points at the same parsed bytes: a view the edit replaced with one
        // parsed elsewhere is a change.
        if let view = value as? DynamicClass {
            if case .source(let document, let index) = view.root,
                case .source(let original, let originalIndex)? = (before as? DynamicClass)?.root,
                document === original, index == originalIndex
            {
                return nil
            }
            return try encoder.encode(value)
        }
        // JSON Patch rather than merge patch: an element may be any value, not only an object.
        // A model the edit replaced with one decoded from other bytes diffs against those
        // bytes, so the decoded document must be the one read here. The diff reads the bytes
        // that go out when it finds a change.
        if let model = value as? any DynamicEncodable {
            let encoded = try encoder.encode(value)
            let decoded = model.dynamicSelf?.decoded
            let original = (before as? any DynamicEncodable)?.dynamicSelf?.decoded
            guard let decoded, let original, decoded.document === original.document, decoded.index == original.index,
                let json = try? JSON(parsing: encoded, maximumDepth: max(512, maximumDepth))
            else { return encoded }
            return model.isDecodedValue(json) ? nil : encoded
        }
        // Not for classes: `before` is the same instance, so an edit in place would compare
        // equal to itself and be lost.
        if !(E.self is AnyObject.Type), let value = value as? any Equatable, equal(value, before) { return nil }
        return try encoder.encode(value)
    }

    private static func equal<T: Equatable>(_ value: T, _ other: Any) -> Bool {
        (other as? T) == value
    }
}

extension DynamicJSONDecoder {
    /// Copies the JSON file at `input` to `output`, handing each element of the array at
    /// `path` to `edit`; every byte outside the elements the edit changed is copied as it was.
    ///
    /// ```swift
    /// let summary = try DynamicJSONDecoder().patchElements(
    ///     of: DynamicClass.self, contentsOf: input, at: "statuses", writingTo: output
    /// ) { status in
    ///     status.user.email.set("redacted")
    /// }
    /// print(summary.edited)
    /// ```
    ///
    /// The element type may be a `DynamicClass`, a `JSON` value, a dynamic model or any
    /// `Codable` type. An element the edit left unchanged (a view nobody wrote to, a model
    /// whose changes are empty, an equal `Equatable` value) keeps its bytes; a changed one is written by `encoder`,
    /// which for views and dynamic models keeps the bytes of every value that was not edited.
    /// Memory holds one element and a chunk of the input and output.
    ///
    /// - Throws: ``JSONStreamError``, the file errors, or what `edit` throws. The output then
    ///   holds what was written before the error.
    @discardableResult
    public func patchElements<E: Codable>(
        of type: E.Type, contentsOf input: URL, at path: Path = .root, writingTo output: URL,
        encoder: DynamicJSONEncoder = DynamicJSONEncoder(), options: JSONStreamOptions = JSONStreamOptions(),
        edit: (inout E) throws -> Void
    ) throws -> StreamingPatchSummary {
        // Writing truncates `output` before a byte of `input` is read: the same file would be lost.
        guard input.standardizedFileURL.resolvingSymlinksInPath() != output.standardizedFileURL.resolvingSymlinksInPath() else {
            throw CocoaError(
                .fileWriteFileExists,
                userInfo: [
                    NSFilePathErrorKey: output.path,
                    NSLocalizedDescriptionKey: "patchElements cannot write to the file it reads (\(output.path)); write to another file and move it into place",
                ])
        }
        let reader = try FileHandle(forReadingFrom: input)
        defer { try? reader.close() }
        let writer = try OutputFile(output)
        var core = PatchCore<E>(decoder: self, encoder: encoder, path: path, options: options)
        try core.run(
            chunkSize: options.chunkSize, edit: edit,
            next: { try reader.read(upToCount: max(1, options.chunkSize)) },
            flush: { try writer.write($0) })
        try writer.close()
        return core.summary
    }

    /// The document `data` with each element of the array at `path` handed to `edit`, every
    /// other byte as it was.
    ///
    /// ```swift
    /// let patched = try DynamicJSONDecoder().patchElements(of: JSON.self, in: data, at: "items") { item in
    ///     item.apply(mergePatch: ["price": 0])
    /// }
    /// ```
    public func patchElements<E: Codable>(
        of type: E.Type, in data: Data, at path: Path = .root,
        encoder: DynamicJSONEncoder = DynamicJSONEncoder(), options: JSONStreamOptions = JSONStreamOptions(),
        edit: (inout E) throws -> Void
    ) throws -> Data {
        var core = PatchCore<E>(decoder: self, encoder: encoder, path: path, options: options)
        var result = Data()
        var offset = data.startIndex
        let chunkSize = max(1, options.chunkSize)
        try core.run(
            chunkSize: chunkSize, edit: edit,
            next: {
                let end = min(data.endIndex, offset + chunkSize)
                defer { offset = end }
                return offset < end ? data[offset..<end] : nil
            }, flush: { result.append($0) })
        return result
    }

    /// Reads a document from asynchronous byte chunks and writes it to `sink`, each element of
    /// the array at `path` handed to `edit` on the way, every other byte as it was. Pulling
    /// drives reading; a cancelled task stops with `CancellationError`.
    ///
    /// ```swift
    /// try await decoder.patchElements(of: DynamicClass.self, in: request.body, at: "data.items",
    ///                                 to: { try await response.write($0) }) { item in
    ///     item.secret.remove()
    /// }
    /// ```
    @discardableResult
    public func patchElements<E: Codable, Chunks: AsyncSequence>(
        of type: E.Type, in chunks: Chunks, at path: Path = .root,
        encoder: DynamicJSONEncoder = DynamicJSONEncoder(), options: JSONStreamOptions = JSONStreamOptions(),
        to sink: (Data) async throws -> Void, edit: (inout E) throws -> Void
    ) async throws -> StreamingPatchSummary where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        var core = PatchCore<E>(decoder: self, encoder: encoder, path: path, options: options)
        var iterator = chunks.makeAsyncIterator()
        let bufferSize = max(1, options.chunkSize)
        loop: while true {
            switch try core.step(edit) {
            case .wrote: break
            case .finished: break loop
            case .needMore:
                try Task.checkCancellation()
                if let chunk = try await iterator.next() {
                    core.window.append(chunk)
                } else {
                    core.window.atEnd = true
                }
            }
            if core.output.count >= bufferSize { try await sink(core.takeOutput()) }
        }
        let rest = core.takeOutput()
        if !rest.isEmpty { try await sink(rest) }
        return core.summary
    }
}
