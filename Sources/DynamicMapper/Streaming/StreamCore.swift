import Foundation

/// Which framer a stream uses.
enum Framing: Sendable {
    case array([String])
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
            throw JSONStreamError(.arrayNotFound, elementIndex: nil, offset: 0, line: 1, message: message)
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

    init(decoder: DynamicJSONDecoder, framing: Framing, options: JSONStreamOptions, decoding: any ElementDecoding<Element>) {
        self.framing = framing
        self.options = options
        self.maximumDepth = decoder.maximumDepth
        self.decoding = decoding
    }

    /// The framing of the array at `path`: only key steps can be followed in one pass.
    static func arrayFraming(_ path: Path) -> Framing {
        var keys: [String] = []
        for component in path.components {
            guard case .key(let key) = component else {
                return .unsupported("A streamed array's path can only have key steps: '\(path)'")
            }
            keys.append(key)
        }
        return .array(keys)
    }
}

/// Turns one framed element into a value. A protocol rather than a closure, so that no
/// metatype is captured by a `@Sendable` closure.
protocol ElementDecoding<Element>: Sendable {
    associatedtype Element
    func decode(_ data: Data, _ frame: Frame) throws -> Element
}

/// Decodes an element as the decoder decodes a whole document.
struct PlainDecoding<Element: Decodable>: ElementDecoding {
    let decoder: DynamicJSONDecoder

    func decode(_ data: Data, _ frame: Frame) throws -> Element {
        try decoder.decode(Element.self, from: data)
    }
}

/// Decodes an event's data, and keeps its fields.
struct EventDecoding<Payload: Decodable>: ElementDecoding {
    let decoder: DynamicJSONDecoder

    func decode(_ data: Data, _ frame: Frame) throws -> ServerSentEvent<Payload> {
        ServerSentEvent(event: frame.event, id: frame.id, retry: frame.retry, data: try decoder.decode(Payload.self, from: data))
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

    init(_ recipe: StreamRecipe<Element>) {
        self.recipe = recipe
        framer = AnyFramer(recipe.framing, maximumDepth: recipe.maximumDepth, options: recipe.options)
    }

    /// Ends the iteration: later steps say `finished`.
    mutating func finish() {
        isFinished = true
        window = ByteWindow()
    }

    /// The next element, or what is needed to get it. An error ends the iteration, except an
    /// element's own failure when the options skip those.
    mutating func step() throws -> Step {
        while !isFinished {
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
            case .needMore(let keepFrom):
                window.discard(before: keepFrom)
                return .needMore
            case .frame(let frame):
                let data = frame.owned.map { Data($0) } ?? window.data(frame.range)
                do {
                    return .element(try recipe.decoding.decode(data, frame))
                } catch {
                    let failure = Self.wrap(error, frame: frame)
                    if recipe.options.skipsFailingElements {
                        recipe.options.onSkippedElement?(failure)
                        continue
                    }
                    finish()
                    throw failure
                }
            }
        }
        return .finished
    }

    /// An element's error, placed in the stream: a syntax error's position inside the element
    /// becomes a position in the stream.
    static func wrap(_ error: any Error, frame: Frame) -> JSONStreamError {
        var offset = frame.range.lowerBound
        var line = frame.line
        var message = "Element failed to decode"
        if case DecodingError.dataCorrupted(let context)? = error as? DecodingError,
           let syntax = context.underlyingError as? JSONSyntaxError {
            message = "Element is not valid JSON"
            if frame.owned == nil {
                offset += syntax.offset
                line += syntax.line - 1
            }
        }
        return JSONStreamError(.elementFailed, elementIndex: frame.index, offset: offset, line: line,
                               message: message, underlyingError: error)
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
