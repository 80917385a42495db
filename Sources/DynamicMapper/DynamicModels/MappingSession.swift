import Foundation

/// One run of `dynamicMapping` by a coder: what the operators report back to it.
///
/// Attached to the model's view while the coder runs the mapping, on the coder's thread, and
/// closed when the run ends: copies of the view kept by the mapping then behave like any
/// view made in code.
final class MappingSession: @unchecked Sendable {
    // @unchecked: used by one coder call on one thread; once closed, only `isOpen` is read.
    enum Direction {
        /// Reads decode through this decoder when they stay inside its document.
        case decoding(DecoderImpl)
        /// Values written by `set` and `<->` use these settings; errors name paths below `path`.
        case encoding(EncodingOptions, path: [any CodingKey])
    }

    /// What the run sets and clears; release builds skip its exclusivity checks (see
    /// ``MappingSessionState``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var state = MappingSessionState()

    init(_ direction: Direction) {
        start(direction)
    }

    /// Starts another run with a closed session nothing else holds, as `init(direction)`
    /// would make it; only the cursor's scratch space is kept.
    func reopen(_ direction: Direction) {
        var cursor = Document.MemberCursor()
        swap(&cursor.scratch, &state.memberCursor.scratch)
        state.memberCursor = cursor
        state.failures = []
        state.sharedTree = nil
        state.padding = 0
        state.unchangedReads = UnchangedReads()
        state.updatesInPlace = false
        start(direction)
    }

    private func start(_ direction: Direction) {
        switch direction {
        case .decoding(let impl):
            state.decoder = impl
            state.mappingType = .decoding
        case .encoding(let options, let path):
            state.encoding = (options, path)
            state.mappingType = .encoding
        }
    }

    /// Ends the run: the decoder is released and the shared tree dropped.
    func close() {
        if state.encoding != nil { state.encoding = nil }
        state.decoder = nil
        state.mappingType = nil
        state.sharedTree = nil
    }

    /// Which way the run goes and with what, `nil` once closed.
    var direction: Direction? {
        if let decoder = state.decoder { return .decoding(decoder) }
        if let encoding = state.encoding { return .encoding(encoding.options, path: encoding.path) }
        return nil
    }

    var encodingOptions: EncodingOptions? { state.encoding?.options }

    /// The coding path of the model whose mapping runs.
    var basePath: [CodingPathStep] {
        if let decoder = state.decoder { return decoder.state.path.steps }
        if let encoding = state.encoding { return encoding.path.map(CodingPathStep.key) }
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
