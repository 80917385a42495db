import Foundation

/// The decoder's record of what was read: the keys dynamic models asked for (``KeyUsage``)
/// and, in a reporting decode, every key (``ReadTracker``). One value per decoder, copied
/// whole into a super decoder.
struct KeyMarking {
    /// Made when the first dynamic model is met (see ``KeyUsage`` and `DecoderImpl.keyUsage`).
    var usage: KeyUsage?
    /// `usage`'s bits, which every key lookup (and floating-point read) marks once it exists.
    ///
    /// These four handles do not own their memory. Each points into an object the decoder
    /// holds strongly for its whole life: ``KeyUsage``'s bits (`usage` above, which a super
    /// decoder copies along with the handles) or the reporting ``ReadTracker``'s (held by
    /// `options.reporting`). Never set one without holding its owner.
    var keyReads: NodeBits?
    /// What `keyReads` is outside a dynamic model's own lookups: nil, or a reporting decode's
    /// ``ReadTracker`` when it lists unread keys.
    var baseKeyReads: NodeBits?
    var doubleReads: NodeBits?
    var floatReads: NodeBits?
}

extension DecoderImpl {
    /// This decode's record of what dynamic models read (see ``KeyUsage``), made when the
    /// first one is met. Key lookups are marked only inside ``withKeyUsageRecorded(_:)``;
    /// floating-point reads from then on.
    var keyUsage: KeyUsage {
        if let usage = state.keyMarking.usage { return usage }
        let usage = KeyUsage(document: document)
        state.keyMarking.usage = usage
        state.keyMarking.doubleReads = usage.doubleReads
        state.keyMarking.floatReads = usage.floatReads
        return usage
    }

    /// Records that a lossy array left out the element at `node`, when a dynamic model is
    /// being decoded (its encoding then keeps the element where it was).
    func markDropped(_ node: Int) {
        state.keyMarking.usage?.markDropped(node)
    }

    /// Records, while a dynamic model is decoded, that a property took `value` at `node` (a
    /// default for `null`, a conversion) instead of the document's value there.
    func keep<Value>(_ value: Value, node: Int) {
        guard let usage = state.keyMarking.usage, let json = Self.keptForm(of: value) else { return }
        usage.keep(json, at: KeyUsage.KeptPlace(node: node, missing: []))
    }

    /// The same for a default taken where `path` below `object` has nothing.
    /// The place is recorded below the deepest object of `path` that the document has, which
    /// is where encoding meets the model's new member.
    func keep<Value>(_ value: Value, missingAt path: [Path.Component], below object: Int) {
        guard let usage = state.keyMarking.usage, !path.isEmpty, let json = Self.keptForm(of: value) else { return }
        var deepest = object
        var rest = path[...]
        while rest.count > 1, case .key(let key)? = rest.first, let next = document.member(of: deepest, named: key),
            nodes[next].kind == .object
        {
            deepest = next
            rest = rest.dropFirst()
        }
        usage.keep(json, at: KeyUsage.KeptPlace(node: deepest, missing: Array(rest)))
    }

    private static func keptForm<Value>(of value: Value) -> JSON? {
        guard let encodable = value as? any Encodable else { return nil }
        return ReadSnapshot.encoding(encodable)
    }

    /// Runs `body` with key lookups recorded as a model's own.
    func withKeyUsageRecorded<T>(_ body: () throws -> T) rethrows -> T {
        let saved = state.keyMarking.keyReads
        let bits = keyUsage.bits
        state.keyMarking.keyReads = bits
        defer { state.keyMarking.keyReads = saved }
        return try body()
    }

    /// Runs `body` with key lookups not recorded (a `<--` read only looks at the keys).
    func withoutKeyUsage<T>(_ body: () throws -> T) rethrows -> T {
        let saved = state.keyMarking.keyReads
        state.keyMarking.keyReads = state.keyMarking.baseKeyReads
        defer { state.keyMarking.keyReads = saved }
        return try body()
    }

    /// A decoder for `superDecoder()`: the same document and settings, and the same recording.
    func superDecoderImpl(node: Int, path: CodingPathNode) -> DecoderImpl {
        let decoder = DecoderImpl(document: document, options: options, node: node, path: path)
        // It may outlive this decoder, so it keeps the usage whose bits it marks alive too.
        decoder.state.keyMarking = state.keyMarking
        return decoder
    }

    /// Makes `bits` record every key lookup outside a dynamic model's own (see
    /// ``startReport()``).
    func setBaseKeyMarking(_ bits: NodeBits) {
        state.keyMarking.baseKeyReads = bits
        state.keyMarking.keyReads = bits
    }

    /// The key lookups dynamic models made, when one was met.
    var modelKeyReads: NodeBits? { state.keyMarking.usage?.bits }

    /// Marks the key node `index` as asked for, when recording.
    @inline(__always)
    func markKeyRead(_ index: Int) {
        if let bits = state.keyMarking.keyReads { bits.mark(index) }
    }

    /// Marks the key node `index` as passed through on a path, when recording a dynamic
    /// model's lookups.
    func markKeyTraversed(_ index: Int) {
        if recordsKeyUsage, let usage = state.keyMarking.usage { usage.traversed.mark(index) }
    }

    /// Whether key lookups are being recorded as a dynamic model's own (outside them,
    /// `keyReads` may still mark a report's reads).
    var recordsKeyUsage: Bool { state.keyMarking.keyReads != nil && state.keyMarking.keyReads != state.keyMarking.baseKeyReads }

    /// Marks a number node as read as a `Double` (or a `Float`), once a dynamic model was met.
    @inline(__always)
    func markFloatingRead(_ node: Node, asFloat: Bool) {
        if let bits = asFloat ? state.keyMarking.floatReads : state.keyMarking.doubleReads {
            bits.mark(Int(node.offset))
        }
    }
}
