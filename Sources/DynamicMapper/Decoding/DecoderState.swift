/// The mutable state of one decode, touched for every value decoded: ``DecoderImpl`` keeps it
/// in one stored property, `state`, declared once with `@exclusivity(unchecked)` in release
/// builds.
///
/// A stored `var` of a class pays a dynamic exclusivity check on every access (callgrind: 16 %
/// more instructions for a twitter.json decode, 18 % for citm_catalog.json), so release builds
/// skip it. No two accesses overlap: one decode runs on one thread, only the decoder's own
/// calls touch these fields, and no access lasts across a call that could reach the state
/// again (the longest lend a buffer to code of the document's or the path nodes'). Debug
/// builds keep the check, to catch an overlap the tests provoke; it covers the whole struct,
/// so an access to one field held across a call that reaches another one is caught too.
///
/// What only one feature needs is that feature's struct, declared and used in its own
/// `DecoderImpl+Feature.swift` file of this folder: a new feature adds a field of its struct
/// here rather than a property of the decoder.
struct DecoderState {
    /// The node the current `init(from:)` reads.
    var currentNode: Int
    /// The coding path of `currentNode`: the path of any container `init(from:)` opens there.
    var path: CodingPathNode
    /// Path nodes handed out again once their containers are done with (see
    /// ``DecoderImpl/childPath(of:_:value:)``).
    var pathSpares = CodingPathSpares()
    /// Types already found not to be `[String: V]` or models, and array types met: the
    /// conformance checks are runtime lookups that cost far more than scanning these lists.
    var knownTypes = KnownTypes()
    /// Where key lookups resume (`DecoderImpl+KeyCursors.swift`).
    var keyCursors = KeyCursors()
    /// Which keys and numbers were read, for dynamic models and reports (`DecoderImpl+KeyUsage.swift`).
    var keyMarking = KeyMarking()
    /// What ``KeyedKey`` coding keys mean (`DecoderImpl+KeyedKeys.swift`).
    var keyedKeys = KeyedKeyCache()
    /// `@Mapped` layouts and the model being decoded (`DecoderImpl+Mapped.swift`).
    var mappedModels = MappedModels()
    /// Dynamic models' views and mapping runs (`DecoderImpl+DynamicModels.swift`).
    var dynamicModels = DynamicModels()
    /// For a decoder from a keyed container's `superDecoder`: that container's object,
    /// which `@Flat` decodes from.
    var parentObject: (document: Document, node: Int)?
}
