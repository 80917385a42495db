import Foundation

/// One run of `dynamicMapping` by a coder: what the operators report back to it.
///
/// Attached to the model's view while the coder runs the mapping, on the coder's thread, and
/// closed when the run ends: copies of the view kept by the mapping then behave like any
/// view made in code.
final class MappingSession: @unchecked Sendable {
    // @unchecked: used by one coder call on one thread; once closed, only `isOpen` is read.
    // For the same reason release builds skip the dynamic exclusivity checks of the fields a
    // run sets and clears (as `DecoderImpl` does): no two accesses to one of them overlap.
    enum Direction {
        /// Reads decode through this decoder when they stay inside its document.
        case decoding(DecoderImpl)
        /// Values written by `set` and `<->` use these settings; errors name paths below `path`.
        case encoding(EncodingOptions, path: [any CodingKey])
    }

    /// The settings and path of `.encoding`. Kept apart from the decoder rather than as one
    /// `Direction`: the encoder's settings are a large value, which storing and clearing the
    /// enum copied and destroyed for every decoded model (a fifth of what starting and
    /// closing a decoding run cost).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var encoding: (options: EncodingOptions, path: [any CodingKey])?
    /// The decoder of `.decoding`, and which way the run goes: reads ask for them once per
    /// property.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var decoder: DecoderImpl? {
        didSet { decoderReference = decoder.map(Unretained.init) }
    }
    /// `decoder`, unretained, for the reads of a mapping: each would otherwise retain and
    /// release the decoder. Valid while `decoder` holds it, which is while the run lasts.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var decoderReference: Unretained<DecoderImpl>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var mappingType: DynamicMappingType?
    /// While decoding: where the last key lookup in the model's own object ended (see
    /// ``Document/member(of:named:cursor:)``); most mappings read keys in document order.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var memberCursor = Document.MemberCursor()
    /// Reads that found a value they could not decode, and writes whose value failed to encode.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var failures: [any Error] = []
    /// While encoding: the model's document, which every write of the mapping edits (views
    /// handed to `<->` are copies, so their writes could not reach the model otherwise).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var sharedTree: OverlayNode?
    /// The `null`s the mapping's writes padded `sharedTree` with (see
    /// ``DynamicClass/maximumPadding``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var padding = 0
    /// While decoding: what each read that did not take the document's value left in its
    /// property (see ``DecodedState/unchangedReads``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var unchangedReads = UnchangedReads()
    /// While decoding into an existing model (``DynamicJSONDecoder/decode(into:from:)``): reads
    /// of nested mappable models update the ones the properties hold instead of replacing them.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var updatesInPlace = false

    init(_ direction: Direction) {
        start(direction)
    }

    /// Starts another run with a closed session nothing else holds, as `init(direction)`
    /// would make it; only the cursor's scratch space is kept.
    func reopen(_ direction: Direction) {
        var cursor = Document.MemberCursor()
        swap(&cursor.scratch, &memberCursor.scratch)
        memberCursor = cursor
        failures = []
        sharedTree = nil
        padding = 0
        unchangedReads = UnchangedReads()
        updatesInPlace = false
        start(direction)
    }

    private func start(_ direction: Direction) {
        switch direction {
        case .decoding(let impl):
            decoder = impl
            mappingType = .decoding
        case .encoding(let options, let path):
            encoding = (options, path)
            mappingType = .encoding
        }
    }

    /// Ends the run: the decoder is released and the shared tree dropped.
    func close() {
        if encoding != nil { encoding = nil }
        decoder = nil
        mappingType = nil
        sharedTree = nil
    }

    /// Which way the run goes and with what, `nil` once closed.
    var direction: Direction? {
        if let decoder { return .decoding(decoder) }
        if let encoding { return .encoding(encoding.options, path: encoding.path) }
        return nil
    }

    var encodingOptions: EncodingOptions? { encoding?.options }

    /// The coding path of the model whose mapping runs.
    var basePath: [CodingPathStep] {
        if let decoder { return decoder.path.steps }
        if let encoding { return encoding.path.map(CodingPathStep.key) }
        return []
    }
}

/// Whether a coder is running a model's mapping on this task, and how deep encodes of
/// dynamic models nest (a mapping that encodes its own model would otherwise never end).
enum MappingRun {
    @TaskLocal static var current: DynamicMappingType?
    @TaskLocal static var encodingDepth = 0
}

extension EncodingOptions {
    /// The settings of a default `DynamicJSONEncoder`, for `set` outside an encode.
    nonisolated(unsafe) static let defaultEncoding = EncodingOptions(DynamicJSONEncoder())
    // nonisolated(unsafe): an immutable value built once.
}
