import Foundation

/// Which framer a stream uses.
enum Framing: Sendable {
    case array([ArrayFramer.Step])
    case delimited(UInt8)
    case events
    /// A stream that can only fail, with this message (a path it cannot follow).
    case unsupported(String)
}

/// The framer of one iteration.
enum AnyFramer {
    case array(ArrayFramer)
    case delimited(DelimitedFramer)
    case events(EventFramer)
    case unsupported(String)
    case moved

    init(_ framing: Framing, maximumDepth: Int, options: JSONStreamOptions) {
        switch framing {
        case .array(let keys):
            self = .array(ArrayFramer(path: keys, maximumDepth: maximumDepth, maximumElementSize: options.maximumElementSize))
        case .delimited(let delimiter):
            self = .delimited(DelimitedFramer(delimiter: delimiter, maximumElementSize: options.maximumElementSize))
        case .events:
            self = .events(EventFramer(maximumElementSize: options.maximumElementSize, terminator: options.terminator))
        case .unsupported(let message):
            self = .unsupported(message)
        }
    }

    mutating func next(in window: ByteWindow) throws(JSONStreamError) -> FrameStep {
        // Each case moves its framer out and back, so the framer's buffers stay uniquely
        // referenced and are not copied on the next append.
        switch self {
        case .array(var framer):
            self = .moved
            defer { self = .array(framer) }
            return try framer.next(in: window)
        case .delimited(var framer):
            self = .moved
            defer { self = .delimited(framer) }
            return try framer.next(in: window)
        case .events(var framer):
            self = .moved
            defer { self = .events(framer) }
            return try framer.next(in: window)
        case .unsupported(let message):
            throw JSONStreamError(
                kind: .arrayNotFound, elementIndex: nil, offset: 0, line: 1, column: 1, message: message,
                underlyingError: nil)
        case .moved:
            return .finished
        }
    }
}

/// What a stream is: how to frame it, and how to turn one framed element into a value.
struct StreamRecipe<Element>: Sendable {
    let framing: Framing
    let options: JSONStreamOptions
    let maximumDepth: Int
    let decoding: any ElementDecoding<Element>
    let decoder: DynamicJSONDecoder

    init(decoder: DynamicJSONDecoder, framing: Framing, options: JSONStreamOptions, decoding: any ElementDecoding<Element>) {
        self.framing = framing
        self.options = options
        self.maximumDepth = decoder.maximumDepth
        self.decoding = decoding
        self.decoder = decoder
    }

    /// The framing of the array at `path`: keys and indexes from the start can be followed in
    /// one pass, an index from the end cannot.
    static func arrayFraming(_ path: Path) -> Framing {
        if let syntaxError = path.syntaxError {
            return .unsupported("A streamed array's path is malformed: \(syntaxError)")
        }
        var steps: [ArrayFramer.Step] = []
        for component in path.components {
            switch component {
            case .key(let key):
                steps.append(.key(key))
            case .index(let index):
                guard index >= 0 else {
                    return .unsupported("A streamed array's path cannot count from the end: '\(path)'")
                }
                steps.append(.index(index))
            }
        }
        return .array(steps)
    }

    /// What the decodes of one iteration (or one parallel batch) share; made on the thread
    /// that decodes.
    func makeContext() -> ElementContext {
        ElementContext(decoding: decoding.usesRepeatedDecoding ? RepeatedDecoding(decoder) : nil)
    }

    /// Decodes one framed element; its failure placed in the stream.
    func decodeElement(_ bytes: ArraySlice<UInt8>, _ frame: Frame, in context: inout ElementContext) -> Result<Element, JSONStreamError> {
        do {
            return .success(try decoding.decode(bytes, frame, in: &context))
        } catch {
            return .failure(StreamCore<Element>.wrap(error, frame: frame, data: bytes))
        }
    }

    /// Whether the options skip `failure`: then it has gone to ``JSONStreamOptions/onSkippedElement``.
    func skips(_ failure: JSONStreamError) -> Bool {
        guard options.skipsFailingElements else { return false }
        options.onSkippedElement?(failure)
        return true
    }
}

/// Turns one framed element into a value. A protocol rather than a closure, so that no
/// metatype is captured by a `@Sendable` closure.
protocol ElementDecoding<Element>: Sendable {
    associatedtype Element
    /// Whether ``ElementContext/decode(_:from:decoder:)`` may skip `decode(_:from:)`: true
    /// unless the decoder is a subclass, whose override of it must be called.
    var usesRepeatedDecoding: Bool { get }
    func decode(_ bytes: ArraySlice<UInt8>, _ frame: Frame, in context: inout ElementContext) throws -> Element
}

/// What the decodes of one iteration share: the settings and type facts of
/// ``RepeatedDecoding``, or nothing for a subclass of the decoder (each element then goes
/// through its `decode(_:from:)`).
struct ElementContext {
    var decoding: RepeatedDecoding?

    mutating func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>, decoder: DynamicJSONDecoder) throws -> T {
        guard var repeated = decoding else { return try decoder.decode(T.self, from: Data(bytes)) }
        // Moved out while it decodes, so that its buffers stay uniquely referenced.
        decoding = nil
        defer { decoding = repeated }
        return try repeated.decode(T.self, from: bytes)
    }
}

/// Whether `decoder` is this package's decoder itself, not a subclass that may override
/// `decode(_:from:)`.
private func isPlainDecoder(_ decoder: DynamicJSONDecoder) -> Bool {
    type(of: decoder) == DynamicJSONDecoder.self
}

/// Decodes an element as the decoder decodes a whole document.
struct PlainDecoding<Element: Decodable>: ElementDecoding {
    let decoder: DynamicJSONDecoder
    let usesRepeatedDecoding: Bool

    init(decoder: DynamicJSONDecoder) {
        self.decoder = decoder
        usesRepeatedDecoding = isPlainDecoder(decoder)
    }

    func decode(_ bytes: ArraySlice<UInt8>, _ frame: Frame, in context: inout ElementContext) throws -> Element {
        try context.decode(Element.self, from: bytes, decoder: decoder)
    }
}

/// Decodes an event's data, and keeps its fields.
struct EventDecoding<Payload: Decodable>: ElementDecoding {
    let decoder: DynamicJSONDecoder
    let usesRepeatedDecoding: Bool

    init(decoder: DynamicJSONDecoder) {
        self.decoder = decoder
        usesRepeatedDecoding = isPlainDecoder(decoder)
    }

    func decode(_ bytes: ArraySlice<UInt8>, _ frame: Frame, in context: inout ElementContext) throws -> ServerSentEvent<Payload> {
        ServerSentEvent(
            event: frame.event, id: frame.id, retry: frame.retry,
            data: try context.decode(Payload.self, from: bytes, decoder: decoder))
    }
}

/// The state of one iteration, whatever feeds it: the window, the framer, and whether it ended.
struct StreamCore<Element> {
    enum Step {
        case element(Element)
        case needMore
        case finished
    }

    let recipe: StreamRecipe<Element>
    var window = ByteWindow()
    private var framer: AnyFramer
    private(set) var isFinished = false
    /// Made with the first element decoded here (the parallel route decodes elsewhere).
    private var context: ElementContext?

    init(_ recipe: StreamRecipe<Element>) {
        self.recipe = recipe
        framer = AnyFramer(recipe.framing, maximumDepth: recipe.maximumDepth, options: recipe.options)
    }

    /// Ends the iteration: later steps say `finished`.
    mutating func finish() {
        isFinished = true
        window = ByteWindow()
    }

    /// What the framer found next: an element, its bytes copied out of the window to the end
    /// of `batch` (they go to another thread, with the rest of a parallel stream's batch), or
    /// what is needed to get it. A framing error ends the iteration.
    mutating func nextFrame(appendingTo batch: inout [UInt8]) throws(JSONStreamError) -> BatchFramePull {
        switch try nextFrameInPlace() {
        case .frame(let bytes, var frame):
            let start = batch.count
            batch.append(contentsOf: bytes)
            // An assembled event's bytes are in the batch now: not kept twice.
            frame.owned = nil
            return .frame(start..<batch.count, frame)
        case .needMore: return .needMore
        case .finished: return .finished
        }
    }

    /// ``nextFrame(appendingTo:)`` without the copy: the bytes are a slice of the window's buffer, which
    /// must be let go before the window changes (or the change copies the whole window).
    private mutating func nextFrameInPlace() throws(JSONStreamError) -> FramePull {
        guard !isFinished else { return .finished }
        let step: FrameStep
        do {
            step = try framer.next(in: window)
        } catch {
            finish()
            throw error
        }
        switch step {
        case .finished:
            finish()
            return .finished
        case .needMore(let keepFrom):
            window.discard(before: keepFrom)
            return .needMore
        case .frame(let frame):
            return .frame(frame.owned.map { $0[...] } ?? window.slice(frame.range), frame)
        }
    }

    /// The next element, or what is needed to get it. An error ends the iteration, except an
    /// element's own failure when the options skip those.
    mutating func step() throws -> Step {
        while true {
            switch try nextFrameInPlace() {
            case .finished: return .finished
            case .needMore: return .needMore
            case .frame(let bytes, let frame):
                // Decoded where they lie: the document copies them once, and the slice is
                // gone before the window next changes.
                var context = self.context.take() ?? recipe.makeContext()
                let result = recipe.decodeElement(bytes, frame, in: &context)
                self.context = context
                switch result {
                case .success(let element): return .element(element)
                case .failure(let failure):
                    if recipe.skips(failure) { continue }
                    finish()
                    throw failure
                }
            }
        }
    }

    /// An element's error, placed in the stream: a syntax error's position inside the element
    /// (`data`) becomes a position in the stream.
    static func wrap(_ error: any Error, frame: Frame, data: ArraySlice<UInt8>) -> JSONStreamError {
        var offset = frame.range.lowerBound
        var line = frame.line
        var column = frame.column
        var message = "Element failed to decode"
        if case DecodingError.dataCorrupted(let context)? = error as? DecodingError,
            let syntax = context.underlyingError as? JSONSyntaxError
        {
            message = "Element is not valid JSON"
            if !frame.assembled {
                offset += syntax.offset
                line += syntax.line - 1
                let inside = data.prefix(syntax.offset)
                if let newline = inside.lastIndex(of: Bytes.newline) {
                    column = inside.endIndex - newline
                } else {
                    column += inside.count
                }
            }
        }
        return JSONStreamError(
            kind: .elementFailed, elementIndex: frame.index, offset: offset, line: line, column: column,
            message: message, underlyingError: error)
    }
}

/// What ``StreamCore/nextFrame(appendingTo:)`` found: an element, whose bytes are at the
/// range of the batch's buffer, or what is needed.
enum BatchFramePull {
    case frame(Range<Int>, Frame)
    case needMore
    case finished
}

/// What the framer found, its bytes still in the window.
enum FramePull {
    case frame(ArraySlice<UInt8>, Frame)
    case needMore
    case finished
}

extension ByteWindow {
    /// The element's bytes, still in the window's buffer (no copy).
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[(range.lowerBound - base)..<(range.upperBound - base)]
    }
}

extension ByteWindow {
    /// The element's bytes, copied for its decode.
    func data(_ range: Range<Int>) -> Data {
        withUnsafeBytesOf(range) { Data($0) }
    }

    private func withUnsafeBytesOf<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - base)..<(range.upperBound - base)]))
        }
    }
}
