/// The mutable state of one streaming encode, touched by every written value:
/// ``StreamingEncoder`` keeps it in one stored property, `state`, declared once with
/// `@exclusivity(unchecked)` in release builds.
///
/// A stored `var` of a class pays a dynamic exclusivity check on each access: with the checks,
/// callgrind counted 45.8 / 132.2 / 184.6 M instructions to encode twitter / citm_catalog /
/// canada against 24.1 / 67.7 / 112.4 without (+64 to +95 %). Accesses never overlap (one
/// encode runs on one thread, only the encoder's own calls touch these fields, and no access
/// is held across a call that could reach the state again), so release builds skip the
/// checks; debug builds keep them, so that the tests catch a change that makes two accesses
/// overlap. The check covers the whole struct: an access to one field held across a call that
/// reaches another one is caught too. Not copyable, as its ``JSONWriter`` is not.
struct StreamingEncoderState: ~Copyable {
    var writer: JSONWriter
    /// Keys converted to snake case, by their original.
    var snakeCaseKeys: [String: String] = [:]
    /// The open containers, innermost last.
    var frames: [StreamingEncoder.Frame] = []
    /// The members written so far of the open objects (see ``StreamingEncoder/Frame/membersStart``).
    var members: [StreamingEncoder.Member] = []
    /// Nodes of the coding path, handed out again once their containers are done with.
    var pathSpares = CodingPathSpares()
    /// Where the value being encoded goes.
    var slot: StreamingEncoder.Slot
    /// A closed container was written into: the whole value is encoded again as a tree.
    var needsFallback = false
    /// A value threw after part of it was written and nothing took it back (see
    /// ``StreamingEncoder/takeBack(to:frame:)``): if the error was caught, only the tree can
    /// give the output.
    var halfWritten = false
    /// The id of the frame opened last; ids grow, so a closed frame's is never seen again.
    var lastFrameID = 0
    /// Value types found to be neither dynamic models, `@Flat` nor `@Mapped` models with key
    /// paths (see ``StreamingEncoder/isPlainType(of:)``).
    var plainTypes = KnownPlainTypes()
    /// Coding key types found not to be ``KeyedKey`` types.
    var plainKeyTypes = KnownPlainTypes()
    /// Values built as trees because their keys are ``KeyedKey``s, innermost last.
    var slotTrees: [TreeEncoder] = []
    /// Container misuse inside values built as trees, made with the first such value.
    var misuse: ContainerMisuse?
}
