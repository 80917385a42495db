import Foundation

/// Elements decoded one at a time from `Data` or a file, read a chunk at a time.
///
/// Made by `decoder.elements(of:in:at:)` with `Data`, `decoder.elements(of:contentsOf:at:)`
/// with a file, and their JSON Lines and server-sent event siblings. Iterate it synchronously, with a throwing iterator or
/// ``forEach(_:)``, or as an `AsyncSequence`:
///
/// ```swift
/// let statuses = decoder.elements(of: Status.self, contentsOf: url, at: "statuses")
/// try statuses.forEach { status in print(status.id) }
/// for try await status in statuses { print(status.id) }   // checks for cancellation
/// ```
///
/// Nothing is read until the first element is asked for, and then only as much as it needs:
/// memory is bounded by the largest element plus a chunk. Each iteration reads the source
/// again from the start.
public struct JSONStream<Element>: Sendable {
    enum Source: Sendable {
        case data(Data)
        case file(URL)
    }

    let source: Source
    let recipe: StreamRecipe<Element>

    /// A synchronous iterator: `var iterator = stream.makeIterator(); while let x = try iterator.next() { … }`.
    public func makeIterator() -> Iterator {
        Iterator(source: source, core: StreamCore(recipe))
    }

    /// Calls `body` with each element in order; stops at the first error `body` or the
    /// stream throws, after every element before it was handed over.
    ///
    /// ```swift
    /// try decoder.jsonLines(of: LogLine.self, contentsOf: url).forEach { print($0.message) }
    /// ```
    public func forEach(_ body: (Element) throws -> Void) throws {
        var iterator = makeIterator()
        while let element = try iterator.next() {
            try body(element)
        }
    }

    /// The synchronous iterator of a ``JSONStream``.
    ///
    /// ```swift
    /// var iterator = stream.makeIterator()
    /// while let status = try iterator.next() { print(status.id) }
    /// ```
    public struct Iterator {
        private var source: Source
        private var core: StreamCore<Element>
        private var offset = 0
        private var handle: FileHandle?

        init(source: Source, core: StreamCore<Element>) {
            self.source = source
            self.core = core
        }

        /// The next element, `nil` after the last one or after an error.
        ///
        /// ```swift
        /// while let status = try iterator.next() { print(status.id) }
        /// ```
        ///
        /// - Throws: ``JSONStreamError``, or the error reading the file.
        public mutating func next() throws -> Element? {
            try next(checkingCancellation: false)
        }

        /// The next element; with `checkingCancellation`, a cancelled task stops before each read.
        mutating func next(checkingCancellation: Bool) throws -> Element? {
            while true {
                switch try core.step() {
                case .element(let element): return element
                case .finished:
                    closeFile()
                    return nil
                case .needMore:
                    try read(checkingCancellation: checkingCancellation)
                }
            }
        }

        private mutating func closeFile() {
            try? handle?.close()
            handle = nil
        }

        /// Reads the next chunk; an error (cancellation included) ends the iteration.
        private mutating func read(checkingCancellation: Bool) throws {
            do {
                if checkingCancellation { try Task.checkCancellation() }
                try read()
            } catch {
                core.finish()
                closeFile()
                throw error
            }
        }

        /// Moves the next chunk into the window, or marks its end.
        private mutating func read() throws {
            let chunkSize = Swift.max(1, core.recipe.options.chunkSize)
            switch source {
            case .data(let data):
                let start = data.startIndex + offset
                let end = Swift.min(data.endIndex, start + chunkSize)
                if start < end {
                    core.window.append(data[start..<end])
                    offset += end - start
                } else {
                    core.window.atEnd = true
                }
            case .file(let url):
                if handle == nil {
                    handle = try FileHandle(forReadingFrom: url)
                }
                if let chunk = try handle?.read(upToCount: chunkSize), !chunk.isEmpty {
                    core.window.append(chunk)
                } else {
                    core.window.atEnd = true
                }
            }
        }
    }
}

extension JSONStream: AsyncSequence {
    /// An iterator for `for try await`: `var iterator = stream.makeAsyncIterator()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: makeIterator())
    }

    /// The asynchronous iterator of a ``JSONStream``: the synchronous one, checking for
    /// cancellation before each element and each read.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// while let status = try await iterator.next() { print(status.id) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var base: Iterator

        init(base: Iterator) {
            self.base = base
        }

        /// The next element; throws `CancellationError` once the task is cancelled.
        ///
        /// ```swift
        /// let first = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Element? {
            try Task.checkCancellation()
            return try base.next(checkingCancellation: true)
        }
    }
}

extension JSONStream.Iterator: FrameSource {
    var recipe: StreamRecipe<Element> { core.recipe }

    mutating func nextFrame(appendingTo batch: inout [UInt8]) throws(JSONStreamError) -> BatchFramePull {
        let pull = try core.nextFrame(appendingTo: &batch)
        if case .finished = pull { closeFile() }
        return pull
    }

    mutating func readMore() async throws {
        try read(checkingCancellation: true)
    }
}

/// Elements decoded one at a time from an `AsyncSequence` of bytes or of byte chunks.
///
/// Made by `decoder.elements(of:in:at:)` with an `AsyncSequence`, and its JSON Lines and
/// server-sent event siblings:
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await status in decoder.elements(of: Status.self, in: bytes, at: "statuses") {
///     print(status.id)
/// }
/// ```
///
/// Pulling drives reading: the base sequence is asked for more only when the next element
/// needs it. A cancelled task stops at the next read with `CancellationError`.
public struct AsyncJSONStream<Base: AsyncSequence, Element>: AsyncSequence {
    let base: Base
    let recipe: StreamRecipe<Element>
    let pull: any BytePulling<Base.AsyncIterator>

    /// An iterator for `for try await`: `var iterator = stream.makeAsyncIterator()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), core: StreamCore(recipe), pull: pull)
    }

    /// The iterator of an ``AsyncJSONStream``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// while let status = try await iterator.next() { print(status.id) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private var core: StreamCore<Element>
        private let pull: any BytePulling<Base.AsyncIterator>

        init(
            base: Base.AsyncIterator, core: StreamCore<Element>,
            pull: any BytePulling<Base.AsyncIterator>
        ) {
            self.base = base
            self.core = core
            self.pull = pull
        }

        /// The next element, `nil` after the last one or after an error.
        ///
        /// ```swift
        /// let first = try await iterator.next()
        /// ```
        ///
        /// - Throws: ``JSONStreamError``, the base sequence's error, or `CancellationError`.
        public mutating func next() async throws -> Element? {
            while true {
                switch try core.step() {
                case .element(let element): return element
                case .finished: return nil
                case .needMore: try await readMore()
                }
            }
        }

        /// Pulls the next bytes from the base; an error (cancellation included) ends the iteration.
        mutating func readMore() async throws {
            do {
                try Task.checkCancellation()
                if try await !pull.pull(&base, &core.window) { core.window.atEnd = true }
            } catch {
                core.finish()
                throw error
            }
        }

        var recipe: StreamRecipe<Element> { core.recipe }

        mutating func nextFrame(appendingTo batch: inout [UInt8]) throws(JSONStreamError) -> BatchFramePull {
            try core.nextFrame(appendingTo: &batch)
        }
    }
}

extension AsyncJSONStream.AsyncIterator: FrameSource {}

extension AsyncJSONStream: Sendable where Base: Sendable {}

/// Moves bytes from a base iterator into the window. A protocol rather than a closure, so that
/// no metatype is captured by a `@Sendable` closure.
protocol BytePulling<Iterator>: Sendable {
    associatedtype Iterator: AsyncIteratorProtocol
    /// Appends what the base gives next; false at its end.
    func pull(_ iterator: inout Iterator, _ window: inout ByteWindow) async throws -> Bool
}

/// One byte at a time: a byte sequence cannot say how much more is ready, and an element must
/// be delivered as soon as its last byte arrives.
struct PullBytes<Iterator: AsyncIteratorProtocol>: BytePulling where Iterator.Element == UInt8 {
    func pull(_ iterator: inout Iterator, _ window: inout ByteWindow) async throws -> Bool {
        guard let byte = try await iterator.next() else { return false }
        window.append(byte)
        return true
    }
}

/// A chunk at a time, whatever collection of bytes it is.
struct PullChunks<Iterator: AsyncIteratorProtocol>: BytePulling where Iterator.Element: Collection, Iterator.Element.Element == UInt8 {
    func pull(_ iterator: inout Iterator, _ window: inout ByteWindow) async throws -> Bool {
        guard let chunk = try await iterator.next() else { return false }
        window.append(chunk)
        return true
    }
}

extension AsyncJSONStream where Base.Element == UInt8 {
    init(bytes: Base, recipe: StreamRecipe<Element>) {
        self.init(base: bytes, recipe: recipe, pull: PullBytes<Base.AsyncIterator>())
    }
}

extension AsyncJSONStream where Base.Element: Collection, Base.Element.Element == UInt8 {
    init(chunks: Base, recipe: StreamRecipe<Element>) {
        self.init(base: chunks, recipe: recipe, pull: PullChunks<Base.AsyncIterator>())
    }
}

/// One server-sent event whose `data` was decoded as JSON.
///
/// ```swift
/// for try await event in decoder.serverSentEvents(of: Delta.self, in: bytes) {
///     print(event.event ?? "message", event.id ?? "-", event.data)
/// }
/// ```
public struct ServerSentEvent<Payload> {
    /// The `event:` field, `nil` when the event had none (a "message"): `event.event`.
    public var event: String?
    /// The last `id:` field seen so far in the stream (it carries over, as the format says): `event.id`.
    public var id: String?
    /// The `retry:` field in milliseconds, when the event had a valid one: `event.retry`.
    public var retry: Int?
    /// The event's `data:` lines, joined with line feeds and decoded: `event.data`.
    public var data: Payload

    /// An event: `ServerSentEvent(event: "delta", id: "7", retry: nil, data: delta)`.
    public init(event: String?, id: String?, retry: Int?, data: Payload) {
        self.event = event
        self.id = id
        self.retry = retry
        self.data = data
    }
}

extension ServerSentEvent: Sendable where Payload: Sendable {}
extension ServerSentEvent: Equatable where Payload: Equatable {}

/// How records are separated in `decoder.jsonLines(of:in:format:)`.
///
/// ```swift
/// let records = decoder.jsonLines(of: Entry.self, in: data, format: .jsonSequence)
/// ```
public enum JSONLinesFormat: Sendable, Hashable {
    /// JSON Lines / NDJSON: one JSON text per line (LF or CRLF); blank lines are skipped.
    case jsonLines
    /// RFC 7464 JSON text sequences: each text after a record separator (0x1E), which lets a
    /// text span lines; empty records are skipped.
    case jsonSequence

    var delimiter: UInt8 {
        switch self {
        case .jsonLines: return Bytes.newline
        case .jsonSequence: return 0x1E
        }
    }
}
