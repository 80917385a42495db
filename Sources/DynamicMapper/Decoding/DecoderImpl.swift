import Foundation

/// The `Decoder` handed to `init(from:)`: one object reused down the whole tree, pointing at
/// the node being decoded and at that node's coding path (see ``CodingPathNode``).
final class DecoderImpl: Decoder {
    let document: Document
    /// `document`'s nodes, read without a bounds check in release builds; valid because
    /// `document` is held for as long as this decoder lives.
    let nodes: NodeTape
    let options: DecodingOptions
    /// Per container depth: the object last searched, the member after the last match (where
    /// the next key lookup in that object starts) and whether its keys are known to be unique.
    struct KeyCursor {
        var object: Int
        var next: Int
        var uniqueKeys: Bool?
    }

    /// The value node of the member `name` of `object`, found for a path through it.
    struct TraversedMember {
        let object: Int
        let name: String
        let member: Int
    }

    /// A ``MappedCodable`` model being decoded: its layout, where the last lookup of a
    /// property in it ended, and its object. Its properties reach it through their container
    /// (see ``ObjectAccess``), which belongs to this decoder: no other decoder, on this thread
    /// or another, can see it.
    struct MappedModel {
        /// Unretained, because this is read for every property and a retain would cost more
        /// than the read. Safe because the layout is also held strongly for the whole decode:
        /// `mappedLayout(of:_:)` stores it in `mappedLayouts` before any `MappedModel`
        /// refers to it, and that dictionary only grows (layouts are cached for the life of the
        /// process as well). A layout from anywhere else must not be put here.
        let layoutReference: Unmanaged<MappedLayout>?
        var cursor: Int
        let object: Int

        var layout: MappedLayout? { layoutReference?.takeUnretainedValue() }
    }

    // The mutable state of the decode, touched for every value decoded. A stored `var` of a
    // class pays a dynamic exclusivity check on every access (callgrind: 16 % more instructions
    // for a twitter.json decode, 18 % for citm_catalog.json), so release builds skip it. No two
    // accesses overlap: one decode runs on one thread, and no access to one of these lasts
    // across a call that could reach another (the longest lend a buffer to code of the
    // document's or the path nodes'). Debug builds keep the check, to catch an overlap the
    // tests provoke.

    /// The node the current `init(from:)` reads.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var currentNode: Int
    /// The coding path of `currentNode`: the path of any container `init(from:)` opens there.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var path: CodingPathNode
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var keyCursors: [KeyCursor] = []
    /// Path nodes handed out again once their containers are done with (see ``childPath(of:_:value:)``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var pathSpares = CodingPathSpares()
    /// Scratch space for ``Document/hasUniqueKeys(object:scratch:)``.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var signatures: [UInt64] = []
    /// Types already found not to be `[String: V]`: the conformance check is a runtime
    /// lookup that costs far more than scanning this short list.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var plainTypes = KnownPlainTypes()
    /// Made when the first dynamic model is met (see ``KeyUsage`` and `keyUsage`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var madeKeyUsage: KeyUsage?
    /// `keyUsage`'s bits, which every key lookup (and floating-point read) marks once it exists.
    ///
    /// These four pointers do not own their memory. Each points into an object this decoder
    /// holds strongly for its whole life: ``KeyUsage``'s bits (`madeKeyUsage` above, which a
    /// super decoder copies along with the pointers) or the reporting ``ReadTracker``'s
    /// (held by `options.reporting`). Never set one without holding its owner.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var usageBits: UnsafeMutablePointer<UInt64>?
    /// What `usageBits` is outside a dynamic model's own lookups: nil, or a reporting
    /// decode's ``ReadTracker`` when it lists unread keys.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var baseUsageBits: UnsafeMutablePointer<UInt64>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var doubleReadBits: UnsafeMutablePointer<UInt64>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var floatReadBits: UnsafeMutablePointer<UInt64>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var madeViewOrigin: ViewOrigin?
    /// Coding-key types known to be plain (not ``KeyedKey``), and what keyed keys mean.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var plainKeyTypes = KnownPlainTypes()
    /// For a decoder from a keyed container's `superDecoder`: that container's object,
    /// which `@Flat` decodes from.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var parentObject: (document: Document, node: Int)?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var keyMeanings: [String: KeyMeaning] = [:]
    /// Model types met so far and their `@Mapped` layout (nil: not a ``MappedCodable``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var mappedLayouts: [ObjectIdentifier: MappedLayout?] = [:]
    /// The model type `unwrapHere` last found to be a ``MappedCodable`` (after the `[String: V]`
    /// check) and its layout, so that the elements of an array of models skip that check, a
    /// run-time conformance lookup for every element. The layout is unretained, as
    /// ``MappedModel/layoutReference`` is, and for the same reason: it comes from
    /// `mappedLayouts`, which holds it for the whole decode.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastMappedModel: (type: ObjectIdentifier, layout: Unmanaged<MappedLayout>)?
    /// The dynamic model type `unwrapHere` last found (past the checks before it), so that the
    /// elements of an array of models skip two run-time conformance lookups and a layout
    /// lookup each; a type's answers to those never change.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastDynamicModel: (type: ObjectIdentifier, model: any DynamicDecodable.Type)?
    /// A closed mapping session no view holds, for the next dynamic model's mapping (see
    /// `runMapping`). Closed, it holds no reference back to this decoder.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var spareMappingSession: MappingSession?
    /// The first view made by `viewForChoosingType()`, whose origin the later ones share.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var madeChoosingView: DynamicClass?
    /// The ``MappedCodable`` model whose `init(from:)` is running (`object` is -1 when none).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var mappedModel = MappedModel(layoutReference: nil, cursor: 0, object: -1)
    /// The transformer of the transformed read this decoder runs (see
    /// ``withReadTransformer(_:_:)``), until the read's `init(from:)` takes it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var readTransformer: Any?
    /// The member a `@Mapped` path last passed through (see ``traversedMember(named:of:)``).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var traversed = TraversedMember(object: -1, name: "", member: 0)

    /// This decode's record of what dynamic models read (see ``KeyUsage``), made when the
    /// first one is met. Key lookups are marked only inside ``withKeyUsageRecorded(_:)``;
    /// floating-point reads from then on.
    private var keyUsage: KeyUsage {
        if let usage = madeKeyUsage { return usage }
        let usage = KeyUsage(document: document)
        madeKeyUsage = usage
        doubleReadBits = usage.doubleReads
        floatReadBits = usage.floatReads
        return usage
    }

    /// Records that a lossy array left out the element at `node`, when a dynamic model is
    /// being decoded (its encoding then keeps the element where it was).
    func markDropped(_ node: Int) {
        madeKeyUsage?.markDropped(node)
    }

    /// Records, while a dynamic model is decoded, that a property took `value` at `node` (a
    /// default for `null`, a conversion) instead of the document's value there.
    func keep<Value>(_ value: Value, node: Int) {
        guard let usage = madeKeyUsage, let json = Self.keptForm(of: value) else { return }
        usage.keep(json, at: KeyUsage.KeptPlace(node: node, missing: []))
    }

    /// The same for a default taken where `path` below `object` has nothing.
    /// The place is recorded below the deepest object of `path` that the document has, which
    /// is where encoding meets the model's new member.
    func keep<Value>(_ value: Value, missingAt path: [Path.Component], below object: Int) {
        guard let usage = madeKeyUsage, !path.isEmpty, let json = Self.keptForm(of: value) else { return }
        var deepest = object
        var rest = path[...]
        while rest.count > 1, case .key(let key)? = rest.first, let next = document.member(of: deepest, named: key),
              nodes[next].kind == .object {
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
        let saved = usageBits
        usageBits = keyUsage.bits
        defer { usageBits = saved }
        return try body()
    }

    /// Runs `body` with key lookups not recorded (a `<--` read only looks at the keys).
    func withoutKeyUsage<T>(_ body: () throws -> T) rethrows -> T {
        let saved = usageBits
        usageBits = baseUsageBits
        defer { usageBits = saved }
        return try body()
    }

    /// A decoder for `superDecoder()`: the same document and settings, and the same recording.
    func superDecoderImpl(node: Int, path: CodingPathNode) -> DecoderImpl {
        let decoder = DecoderImpl(document: document, options: options, node: node, path: path)
        // It may outlive this decoder, so it keeps the usage whose bits it marks alive too.
        decoder.madeKeyUsage = madeKeyUsage
        decoder.usageBits = usageBits
        decoder.baseUsageBits = baseUsageBits
        decoder.doubleReadBits = doubleReadBits
        decoder.floatReadBits = floatReadBits
        return decoder
    }

    /// Makes `bits` record every key lookup outside a dynamic model's own (see
    /// ``startReport()``).
    func setBaseKeyMarking(_ bits: UnsafeMutablePointer<UInt64>) {
        baseUsageBits = bits
        usageBits = bits
    }

    /// The key lookups dynamic models made, when one was met.
    var modelKeyReads: UnsafeMutablePointer<UInt64>? { madeKeyUsage?.bits }

    /// Marks the key node `index` as asked for, when recording.
    @inline(__always)
    func markKeyRead(_ index: Int) {
        if let bits = usageBits { KeyUsage.mark(index, in: bits) }
    }

    /// Marks the key node `index` as passed through on a path, when recording a dynamic
    /// model's lookups.
    func markKeyTraversed(_ index: Int) {
        if recordsKeyUsage, let usage = madeKeyUsage { KeyUsage.mark(index, in: usage.traversed) }
    }

    /// Whether key lookups are being recorded as a dynamic model's own (outside them,
    /// `usageBits` may still mark a report's reads).
    var recordsKeyUsage: Bool { usageBits != nil && usageBits != baseUsageBits }

    /// Marks a number node as read as a `Double` (or a `Float`), once a dynamic model was met.
    @inline(__always)
    func markFloatingRead(_ node: Node, asFloat: Bool) {
        if let bits = asFloat ? floatReadBits : doubleReadBits {
            KeyUsage.mark(Int(node.offset), in: bits)
        }
    }

    /// Whether `Key` is a ``KeyedKey`` type, whose raw values may be paths.
    @inline(__always)
    func isKeyedKeyType<Key: CodingKey>(_ type: Key.Type) -> Bool {
        plainKeyTypes.isKeyedKeyType(type)
    }

    /// What a keyed key asks for, read once per decode and key.
    func meaning(of key: some KeyedKey) -> KeyMeaning {
        // Only keys with the coder's options share cache entries by their text.
        if let own = key.options { return KeyMeaning(key.stringValue, options: own) }
        let raw = key.stringValue
        if let known = keyMeanings[raw] { return known }
        let meaning = KeyMeaning(raw, options: options.keyOptions)
        keyMeanings[raw] = meaning
        return meaning
    }

    /// Follows `components` from the node `start`, matching keys as containers would: through
    /// the key decoding strategy, with `base` as the coding path of `start`.
    ///
    /// While a dynamic model's keys are recorded, the keys found are marked: passed through
    /// for every step but the last, asked for at the last (see ``KeyUsage``).
    func lookUp(_ components: some Collection<Path.Component>, from start: Int, base: [any CodingKey]) -> Document.PathLookup {
        let records = recordsKeyUsage
        if options.usesDefaultKeys && !records { return document.lookUp(components, from: start) }
        let steps = Array(components)
        return document.lookUp(steps, from: start) { object, name, step in
            let found = self.options.usesDefaultKeys
                ? self.document.member(of: object, named: name)
                : self.member(of: object, convertedName: name, path: { base + steps.prefix(step).map(\.codingPathStep.codingKey) })
            if records, let found {
                if step == steps.count - 1 { self.markKeyRead(found - 1) } else { self.markKeyTraversed(found - 1) }
            }
            return found
        }
    }

    /// The first member of the object at `object` whose key, converted by the key strategy,
    /// is `name`.
    private func member(of object: Int, convertedName name: String, path: () -> [any CodingKey]) -> Int? {
        for child in document.children(of: object) {
            let key = document.string(nodes[child])
            if KeyConversion.convert(key, strategy: options.keyStrategy, path: path) == name { return child + 1 }
        }
        return nil
    }

    /// `decoder` as this package's decoder, when it is one. A compare of its type: `as?` ran
    /// the runtime's general cast, which a mappable model's `init(from:)` paid per model.
    static func of(_ decoder: any Decoder) -> DecoderImpl? {
        func open<D: Decoder>(_ decoder: D) -> DecoderImpl? {
            // `DecoderImpl` is final: the type is it exactly or not at all, and then `decoder`'s
            // storage holds a `DecoderImpl` reference.
            guard D.self == DecoderImpl.self else { return nil }
            return withUnsafePointer(to: decoder) { UnsafeRawPointer($0).load(as: DecoderImpl.self) }
        }
        return open(decoder)
    }

    /// What the views of this decode's models share.
    var viewOrigin: ViewOrigin {
        if let origin = madeViewOrigin { return origin }
        let origin = ViewOrigin(options: options, usage: keyUsage)
        madeViewOrigin = origin
        return origin
    }

    init(document: Document, options: DecodingOptions, node: Int, path: CodingPathNode? = nil) {
        self.document = document
        self.nodes = document.tape
        self.options = options
        currentNode = node
        self.path = path ?? CodingPathNode(value: node)
    }

    var codingPath: [any CodingKey] { path.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    @inline(__always)
    func keyHint(depth: Int, object: Int) -> Int? {
        guard depth < keyCursors.count, keyCursors[depth].object == object else { return nil }
        return keyCursors[depth].next
    }

    // Each of the two below changes the cursors once: every change of an array checks that the
    // array is not shared, a call that cost a percent of a decode when made twice per lookup.

    @inline(__always)
    func setKeyHint(depth: Int, object: Int, next: Int) {
        if depth >= keyCursors.count { addCursorSlots(through: depth) }
        keyCursors.withUnsafeMutableBufferPointer { cursors in
            if cursors[depth].object == object {
                cursors[depth].next = next
            } else {
                cursors[depth] = KeyCursor(object: object, next: next, uniqueKeys: nil)
            }
        }
    }

    /// Whether no key of `object` repeats, worked out once per object (most lookups then need
    /// no check for an earlier duplicate, which would win).
    @inline(__always)
    func hasUniqueKeys(depth: Int, object: Int) -> Bool {
        if depth < keyCursors.count, keyCursors[depth].object == object, let known = keyCursors[depth].uniqueKeys {
            return known
        }
        let unique = document.hasUniqueKeys(object: object, scratch: &signatures)
        if depth >= keyCursors.count { addCursorSlots(through: depth) }
        keyCursors.withUnsafeMutableBufferPointer { cursors in
            if cursors[depth].object == object {
                cursors[depth].uniqueKeys = unique
            } else {
                cursors[depth] = KeyCursor(object: object, next: object + 1, uniqueKeys: unique)
            }
        }
        return unique
    }

    @inline(never)
    private func addCursorSlots(through depth: Int) {
        while keyCursors.count <= depth { keyCursors.append(KeyCursor(object: -1, next: 0, uniqueKeys: nil)) }
    }

    /// `parent`'s path with `step` added, naming the document node `value` (when known): the
    /// spare node of that depth when nothing else holds it any more (its container and
    /// everything below are done with), else a new one.
    @inline(__always)
    func childPath(of parent: CodingPathNode, _ step: CodingPathStep, value: Int? = nil) -> CodingPathNode {
        pathSpares.child(of: parent, step, value: value.map { UInt32(truncatingIfNeeded: $0) } ?? CodingPathNode.unknownValue)
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = nodes[currentNode]
        guard node.kind == .object else {
            throw containerMismatch(expected: [String: Any].self, node: node, path: codingPath)
        }
        return KeyedDecodingContainer(try KeyedContainer<Key>(impl: self, object: currentNode, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = nodes[currentNode]
        guard node.kind == .array else {
            throw containerMismatch(expected: [Any].self, node: node, path: codingPath)
        }
        return UnkeyedContainer(impl: self, array: currentNode, path: path.naming(currentNode))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(impl: self, node: currentNode, path: path)
    }

    // MARK: Decoding child values

    /// Decodes the value at `index` as `T`, a child of a container whose path is `parent`,
    /// under `step`.
    @inline(__always)
    func decodeChild<T: Decodable>(_ type: T.Type, at index: Int, parent: CodingPathNode, step: CodingPathStep) throws -> T {
        // Scalars asked for generically (array elements, generic models) skip `init(from:)`
        // and make no path node: their path is only built if they fail.
        try decodeScalar(T.self, at: index, path: { parent.codingPath(appending: step) }) {
            try unwrapNonScalar(type, at: index, codingPath: { parent.codingPath(appending: step) }, node: { self.childPath(of: parent, step, value: index) })
        }
    }

    /// ``decodeChild(_:at:parent:step:)`` with the step made only when it is needed (a value
    /// other than a scalar, or a failure): copying a coding key out of its existential costs
    /// more than reading most scalars.
    @inline(__always)
    func decodeChild<T: Decodable>(
        _ type: T.Type, at index: Int, parent: CodingPathNode, makeStep: () -> CodingPathStep
    ) throws -> T {
        try decodeScalar(T.self, at: index, path: { parent.codingPath(appending: makeStep()) }) {
            try unwrapNonScalar(type, at: index, codingPath: { parent.codingPath(appending: makeStep()) }, node: { self.childPath(of: parent, makeStep(), value: index) })
        }
    }

    /// Decodes `T` at `index`, whose coding path `makePath` gives, out of the decoder's usual
    /// order (a mapping's read, a nested key, a path, a flat object): the decoder's own
    /// position is put back afterwards. Scalars build their path only if they fail.
    /// `marksKeys` says whether the keys read count as a dynamic model's own (`true` for
    /// `<->`, `false` for `<--`, which only looks at them; `nil` leaves that as it is).
    func decodeDetached<T: Decodable>(_ type: T.Type, at index: Int, marksKeys: Bool?, path makePath: () -> CodingPathNode) throws -> T {
        try decodeScalar(T.self, at: index, path: { makePath().codingPath }) {
            let path = makePath()
            switch marksKeys {
            case true?: return try withKeyUsageRecorded { try unwrapNonScalar(type, at: index, path: path) }
            case false?: return try withoutKeyUsage { try unwrapNonScalar(type, at: index, path: path) }
            case nil: return try unwrapNonScalar(type, at: index, path: path)
            }
        }
    }

    /// Decodes `T` from the node at `index`, whose coding path is the decoder's `path`.
    func unwrap<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        let path = self.path
        return try decodeScalar(T.self, at: index, path: { path.codingPath }) {
            try unwrapNonScalar(type, at: index, path: path)
        }
    }

    /// The standard scalar types, decoded directly; anything else goes to `otherwise`.
    /// Comparing metatypes is a pointer compare and the bit casts are between identical types.
    /// (Returning `T?` instead would look up `Optional<T>` metadata on every call.)
    @inline(__always)
    func decodeScalar<T: Decodable>(
        _ type: T.Type, at index: Int, path: () -> [any CodingKey], otherwise: () throws -> T
    ) throws -> T {
        let node = nodes[index]
        if T.self == String.self { return unsafeBitCast(try decodeString(node, path: path), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeDouble(node, path: path), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self, node, path: path), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeBool(node, path: path), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try decodeFloat(node, path: path), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try decodeInteger(Int64.self, node, path: path), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try decodeInteger(UInt64.self, node, path: path), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try decodeInteger(Int32.self, node, path: path), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try decodeInteger(UInt32.self, node, path: path), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try decodeInteger(UInt.self, node, path: path), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try decodeInteger(Int16.self, node, path: path), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try decodeInteger(UInt16.self, node, path: path), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try decodeInteger(Int8.self, node, path: path), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try decodeInteger(UInt8.self, node, path: path), to: T.self) }
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            if T.self == Int128.self { return unsafeBitCast(try decodeInteger(Int128.self, node, path: path), to: T.self) }
            if T.self == UInt128.self { return unsafeBitCast(try decodeInteger(UInt128.self, node, path: path), to: T.self) }
        }
        return try otherwise()
    }

    /// Decodes `T` at `index`, whose coding path is `path`.
    @inline(__always)
    func unwrapNonScalar<T: Decodable>(_ type: T.Type, at index: Int, path: CodingPathNode) throws -> T {
        try unwrapNonScalar(type, at: index, codingPath: { path.codingPath }, node: { path })
    }

    /// Decodes `T` at `index`, whose coding path `codingPath` gives and `node` makes. `JSON`
    /// and arrays of scalars are read straight from the document and make no path node;
    /// anything else gets its node, which becomes the decoder's `path` while it decodes, with
    /// `currentNode` at `index`.
    func unwrapNonScalar<T: Decodable>(
        _ type: T.Type, at index: Int, codingPath: () -> [any CodingKey], node makeNode: () -> CodingPathNode
    ) throws -> T {
        guard StackGuard.hasRoom() else {
            // Out of stack on this thread: the value is decoded on a larger one (once per
            // decode), out of line so that the check costs the hot path nothing more.
            if let value = try StackGuard.continuing({ try unwrapNonScalar(type, at: index, codingPath: codingPath, node: makeNode) }) {
                return value
            }
            throw stackExhausted(codingPath())
        }
        if type == T.self {
            if T.self == JSON.self {
                markConsumed(index)
                return unsafeBitCast(try jsonValue(at: index, codingPath: codingPath), to: T.self)
            }
            if T.self == [Double].self { return unsafeBitCast(try scalarArray(Double.self, at: index, codingPath: codingPath), to: T.self) }
            if T.self == [Int].self { return unsafeBitCast(try scalarArray(Int.self, at: index, codingPath: codingPath), to: T.self) }
            if T.self == [String].self { return unsafeBitCast(try scalarArray(String.self, at: index, codingPath: codingPath), to: T.self) }
            if T.self == [Bool].self { return unsafeBitCast(try scalarArray(Bool.self, at: index, codingPath: codingPath), to: T.self) }
            if T.self == [Float].self { return unsafeBitCast(try scalarArray(Float.self, at: index, codingPath: codingPath), to: T.self) }
        }
        let savedNode = currentNode
        currentNode = index
        // Swapped in and out rather than copied: no reference counting beyond the node's own.
        var path = makeNode()
        swap(&path, &self.path)
        defer {
            swap(&path, &self.path)
            currentNode = savedNode
        }
        return try unwrapHere(type, at: index)
    }

    /// Types Foundation's decoder treats specially (dates, data, URLs and decimals follow the
    /// strategies, `[String: V]` skips the key strategy), dynamic models (which get their
    /// view), and then everything else through its `init(from:)`, with `currentNode` at
    /// `index` and `path` naming it. `type` may name a subclass of `T` (`Derived.self as
    /// Base.Type`), which is built instead, as in `JSONDecoder`; only that case pays more than
    /// a pointer compare.
    @inline(__always)
    private func unwrapHere<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        if type != T.self { return try unwrap(dynamicType: type, at: index) }
        if T.self == Date.self { return unsafeBitCast(try decodeDate(at: index), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try decodeURL(at: index), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try decodeData(at: index), to: T.self) }
        if T.self == Decimal.self { return unsafeBitCast(try decodeDecimal(at: index), to: T.self) }
        let type = ObjectIdentifier(T.self)
        if !plainTypes.contains(type) {
            // A model type met before takes the same way as then, past the checks below.
            if let last = lastMappedModel, last.type == type { return try decodeMapped(T.self, layout: last.layout, at: index) }
            if let last = lastDynamicModel, last.type == type { return try decodeDynamic(T.self, as: last.model, at: index) }
            if let dictionary = T.self as? any StringKeyedDictionaryDecodable.Type {
                return try dictionary.decodeStringKeyed(from: self, at: index) as! T
            }
            if let layout = mappedLayout(of: T.self, type) {
                let reference = Unmanaged.passUnretained(layout)
                lastMappedModel = (type, reference)
                return try decodeMapped(T.self, layout: reference, at: index)
            }
            if let model = T.self as? any DynamicDecodable.Type {
                lastDynamicModel = (type, model)
                return try decodeDynamic(T.self, as: model, at: index)
            }
            plainTypes.remember(type)
        }
        return try T(from: self)
    }

    // MARK: Mapped models

    /// The `@Mapped` layout of `T`, or nil when it is not a ``MappedCodable``; asked once per
    /// decode and type.
    private func mappedLayout<T>(of type: T.Type, _ identifier: ObjectIdentifier) -> MappedLayout? {
        if let known = mappedLayouts[identifier] { return known }
        let layout = (T.self as? any MappedCodable.Type).map { MappedLayout.of($0) }
        mappedLayouts[identifier] = layout
        return layout
    }

    /// Runs `body` with `currentNode` at `index`, as `init(from:)` of a child expects.
    func withCurrentNode<T>(_ index: Int, _ body: () throws -> T) rethrows -> T {
        let saved = currentNode
        currentNode = index
        defer { currentNode = saved }
        return try body()
    }

    /// Runs `body` with the decoder's `path` at `node`, for work out of the decoder's order
    /// that opens containers (an in-place update of a nested model).
    func withPath<T>(_ node: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        var path = node
        swap(&path, &self.path)
        defer { swap(&path, &self.path) }
        return try body()
    }

    /// Runs `body`, a transformed read of a dynamic view (``TransformedValue``), with its
    /// transformer kept here for the read's `init(from:)`, which this decoder is handed and has
    /// no other way to learn it. Being this decoder's, no other decode can see it; the first
    /// `init(from:)` to ask takes it, so one that `Raw`'s own decoding runs does not.
    func withReadTransformer<T>(_ transformer: Any?, _ body: () throws -> T) rethrows -> T {
        guard let transformer else { return try body() }
        let saved = readTransformer
        readTransformer = transformer
        defer { readTransformer = saved }
        return try body()
    }

    /// The transformer that ``withReadTransformer(_:_:)`` keeps, taken once.
    func takeReadTransformer() -> Any? {
        defer { readTransformer = nil }
        return readTransformer
    }

    /// Decodes a ``MappedCodable`` model, with its layout there for its properties to find
    /// through the container its `init(from:)` opens on `index`.
    /// `layout` is one that `mappedLayouts` holds (see ``MappedModel/layoutReference``).
    private func decodeMapped<T: Decodable>(_ type: T.Type, layout: Unmanaged<MappedLayout>, at index: Int) throws -> T {
        let saved = mappedModel
        mappedModel = MappedModel(layoutReference: layout, cursor: 0, object: index)
        defer { mappedModel = saved }
        if layout._withUnsafeGuaranteedRef(\.isDynamic) { return try decodeDynamic(T.self, at: index) }
        return try T(from: self)
    }

    /// The entry for the property `name` (whose value type is `valueType`) of the model being
    /// decoded, when `object` is that model's object (a nested type's properties are not the
    /// model's).
    func mappedEntry(named name: String, valueType: ObjectIdentifier, object: Int) -> MappedEntry? {
        unretainedMappedEntry(named: name, valueType: valueType, object: object)?.takeUnretainedValue()
    }

    /// ``mappedEntry(named:valueType:object:)`` without a retain: the layout holds its entries
    /// for as long as the decode holds the layout (see ``MappedModel/layoutReference``).
    @inline(__always)
    func unretainedMappedEntry(named name: String, valueType: ObjectIdentifier, object: Int) -> Unmanaged<MappedEntry>? {
        guard mappedModel.object == object, let layout = mappedModel.layoutReference else { return nil }
        return layout._withUnsafeGuaranteedRef { $0.unretainedEntry(named: name, valueType: valueType, cursor: &mappedModel.cursor) }
    }

    /// The value node of the member `name` of `object` when it is the one a `@Mapped` path
    /// passed through last (marked as passed through again), so that paths sharing their first
    /// key look it up once. A node of this decoder's document is that member for good.
    @inline(__always)
    func traversedMember(named name: String, of object: Int) -> Int? {
        let last = traversed
        guard last.object == object, last.name == name else { return nil }
        markKeyTraversed(last.member - 1)
        return last.member
    }

    /// Keeps `member`, the member `name` of `object`, for ``traversedMember(named:of:)``.
    @inline(__always)
    func rememberTraversedMember(_ member: Int, named name: String, of object: Int) {
        traversed = TraversedMember(object: object, name: name, member: member)
    }

    /// The layout of the model being decoded when `object` is that model's object, for the
    /// error about a property its layout does not know.
    func mappedLayout(ofObject object: Int) -> MappedLayout? {
        mappedModel.object == object ? mappedModel.layout : nil
    }

    /// The entry for a property of the model being decoded that its `CodingKeys` renamed to
    /// `codingKey` (see ``MappedLayout/renamedEntry(codingKey:valueType:)``).
    func renamedMappedEntry(codingKey: String, valueType: ObjectIdentifier, object: Int) -> MappedEntry? {
        guard let layout = mappedLayout(ofObject: object) else { return nil }
        return layout.renamedEntry(codingKey: codingKey, valueType: valueType)
    }

    /// The property the layout expects next whose value type is `valueType`, for that error.
    func expectedMappedEntry(valueType: ObjectIdentifier) -> MappedEntry? {
        guard let layout = mappedModel.layout else { return nil }
        return layout.entries.dropFirst(mappedModel.cursor).first { $0.valueType == valueType }
    }

    // MARK: Errors

    /// The error for a value nested deeper than this thread's stack allows (see ``StackGuard``).
    @inline(never)
    /// The `JSON` value at `index`, which may nest no deeper than ``JSON/maximumNesting``
    /// whatever `maximumDepth` let the parser read: freeing a deeper value recurses once per
    /// level and would overflow the stack.
    func jsonValue(at index: Int, codingPath: () -> [any CodingKey]) throws -> JSON {
        guard let value = document.json(at: index, maximumNesting: JSON.maximumNesting) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(),
                debugDescription: "A JSON value nests arrays and objects more than \(JSON.maximumNesting) deep (JSON.maximumNesting), whatever maximumDepth allows"))
        }
        return value
    }

    private func stackExhausted(_ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Nested too deeply for the stack left on this thread (\(codingPath.count) levels), even after continuing on a thread with an 8 MiB stack; lower maximumDepth."))
    }

    func containerMismatch(expected: Any.Type, node: Node, path: [any CodingKey]) -> DecodingError {
        if node.kind == .null {
            let what = expected == [Any].self ? "unkeyed" : "keyed"
            return .valueNotFound(expected, DecodingError.Context(
                codingPath: path,
                debugDescription: "Cannot get \(what) decoding container -- found null value instead"))
        }
        return typeMismatch(expected, node: node, path: path)
    }

    func typeMismatch(_ expected: Any.Type, node: Node, path: [any CodingKey]) -> DecodingError {
        .typeMismatch(expected, DecodingError.Context(
            codingPath: path,
            debugDescription: "Expected to decode \(expected) but found \(Self.describe(node.kind)) instead."))
    }

    static func describe(_ kind: Node.Kind) -> String {
        switch kind {
        case .null: return "null"
        case .true, .false: return "bool"
        case .number: return "number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }
}

/// `[String: V]`: decoded member by member with the keys exactly as written, because
/// Foundation applies no key decoding strategy to String-keyed dictionaries.
protocol StringKeyedDictionaryDecodable {
    static func decodeStringKeyed(from impl: DecoderImpl, at index: Int) throws -> Self
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeStringKeyed(from impl: DecoderImpl, at index: Int) throws -> Self {
        let node = impl.nodes[index]
        guard node.kind == .object else {
            throw impl.containerMismatch(expected: [String: Any].self, node: node, path: impl.codingPath)
        }
        let path = impl.path
        var result: [String: Value] = [:]
        result.reserveCapacity(Int(node.length))
        for child in impl.document.children(of: index, node: node) {
            let key = impl.document.string(impl.nodes[child])
            impl.markKeyRead(child)
            if result[key] == nil {
                result[key] = try impl.decodeChild(Value.self, at: child + 1, parent: path, step: .key(DictionaryKey(key)))
            }
        }
        return result
    }
}
