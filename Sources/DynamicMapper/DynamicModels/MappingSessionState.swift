/// What one run of ``MappingSession`` sets and clears: the session keeps it in one stored
/// property, `state`, declared once with `@exclusivity(unchecked)` in release builds.
///
/// A stored `var` of a class pays a dynamic exclusivity check on every access, and a mapping
/// reads and writes these fields once per property. The checks find nothing to catch: a
/// session is used by one coder call on one thread, and no access to a field lasts across a
/// call that could reach the state again (as ``DecoderState`` and ``StreamingEncoderState``).
/// Debug builds keep the check, over the whole struct, so that the tests catch a change that
/// makes two accesses overlap.
struct MappingSessionState {
    /// The settings and path of `.encoding`. Kept apart from the decoder rather than as one
    /// `Direction`: the encoder's settings are a large value, which storing and clearing the
    /// enum copied and destroyed for every decoded model (a fifth of what starting and
    /// closing a decoding run cost).
    var encoding: (options: EncodingOptions, path: [any CodingKey])?
    /// The decoder of `.decoding`, and which way the run goes: reads ask for them once per
    /// property.
    var decoder: DecoderImpl? {
        didSet { decoderReference = decoder.map(Unretained.init) }
    }
    /// `decoder`, unretained, for the reads of a mapping: each would otherwise retain and
    /// release the decoder. Valid while `decoder` holds it, which is while the run lasts.
    var decoderReference: Unretained<DecoderImpl>?
    /// Which way the run goes; `nil` once it is closed.
    var mappingType: DynamicMappingType?
    /// While decoding: where the last key lookup in the model's own object ended (see
    /// ``Document/member(of:named:cursor:)``); most mappings read keys in document order.
    var memberCursor = Document.MemberCursor()
    /// Reads that found a value they could not decode, and writes whose value failed to encode.
    var failures: [any Error] = []
    /// While encoding: the model's document, which every write of the mapping edits (views
    /// handed to `<->` are copies, so their writes could not reach the model otherwise).
    var sharedTree: OverlayNode?
    /// The `null`s the mapping's writes padded `sharedTree` with (see
    /// ``DynamicClass/maximumPadding``).
    var padding = 0
    /// While decoding: what each read that did not take the document's value left in its
    /// property (see ``DecodedState/unchangedReads``).
    var unchangedReads = UnchangedReads()
    /// While decoding into an existing model (``DynamicJSONDecoder/decode(into:from:)``): reads
    /// of nested mappable models update the ones the properties hold instead of replacing them.
    var updatesInPlace = false
}
