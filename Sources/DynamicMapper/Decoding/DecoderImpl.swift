import Foundation

/// The `Decoder` handed to `init(from:)`: one object reused down the whole tree, pointing at
/// the node being decoded and at that node's coding path (see ``CodingPathNode``).
final class DecoderImpl: Decoder {
    let document: Document
    /// `document`'s nodes, read without a bounds check in release builds; valid because
    /// `document` is held for as long as this decoder lives.
    let nodes: NodeTape
    let options: DecodingOptions

    /// The mutable state of the decode, touched for every value decoded; release builds skip
    /// its exclusivity checks (see ``DecoderState`` for why that is safe and what it saves).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var state: DecoderState

    /// `decoder` as this package's decoder, when it is one. A compare of its type: `as?` ran
    /// the runtime's general cast, which a mappable model's `init(from:)` paid per model.
    static func of(_ decoder: any Decoder) -> DecoderImpl? {
        func open<D: Decoder>(_ decoder: D) -> DecoderImpl? {
            // `DecoderImpl` is final: the type is it exactly or not at all.
            SameType(D.self, DecoderImpl.self)?.cast(decoder)
        }
        return open(decoder)
    }

    init(document: Document, options: DecodingOptions, node: Int, path: CodingPathNode? = nil) {
        self.document = document
        self.nodes = document.tape
        self.options = options
        state = DecoderState(currentNode: node, path: path ?? CodingPathNode(value: node))
    }

    var codingPath: [any CodingKey] { state.path.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// `parent`'s path with `step` added, naming the document node `value` (when known): the
    /// spare node of that depth when nothing else holds it any more (its container and
    /// everything below are done with), else a new one.
    @inline(__always)
    func childPath(of parent: CodingPathNode, _ step: CodingPathStep, value: Int? = nil) -> CodingPathNode {
        state.pathSpares.child(of: parent, step, value: value.map { UInt32(truncatingIfNeeded: $0) } ?? CodingPathNode.unknownValue)
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = nodes[state.currentNode]
        guard node.kind == .object else {
            throw containerMismatch(expected: [String: Any].self, node: node, path: codingPath)
        }
        return KeyedDecodingContainer(try KeyedContainer<Key>(impl: self, object: state.currentNode, path: state.path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try arrayContainer()
    }

    /// ``unkeyedContainer()`` as its own type, for this package's array decoding.
    func arrayContainer() throws -> UnkeyedContainer {
        let node = nodes[state.currentNode]
        guard node.kind == .array else {
            throw containerMismatch(expected: [Any].self, node: node, path: codingPath)
        }
        return UnkeyedContainer(impl: self, array: state.currentNode, path: state.path.naming(state.currentNode))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(impl: self, node: state.currentNode, path: state.path)
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
            try unwrapNonScalar(
                type, at: index, codingPath: { parent.codingPath(appending: makeStep()) }, node: { self.childPath(of: parent, makeStep(), value: index) })
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
        let path = self.state.path
        return try decodeScalar(T.self, at: index, path: { path.codingPath }) {
            try unwrapNonScalar(type, at: index, path: path)
        }
    }

    /// The standard scalar types, decoded directly; anything else goes to `otherwise`.
    /// Comparing metatypes is a pointer compare and the casts are between identical types
    /// (see ``SameType``).
    /// (Returning `T?` instead would look up `Optional<T>` metadata on every call.)
    @inline(__always)
    func decodeScalar<T: Decodable>(
        _ type: T.Type, at index: Int, path: () -> [any CodingKey], otherwise: () throws -> T
    ) throws -> T {
        let node = nodes[index]
        if let same = SameType(String.self, T.self) { return same.cast(try decodeString(node, path: path)) }
        if let same = SameType(Double.self, T.self) { return same.cast(try decodeDouble(node, path: path)) }
        if let same = SameType(Int.self, T.self) { return same.cast(try decodeInteger(Int.self, node, path: path)) }
        if let same = SameType(Bool.self, T.self) { return same.cast(try decodeBool(node, path: path)) }
        if let same = SameType(Float.self, T.self) { return same.cast(try decodeFloat(node, path: path)) }
        if let same = SameType(Int64.self, T.self) { return same.cast(try decodeInteger(Int64.self, node, path: path)) }
        if let same = SameType(UInt64.self, T.self) { return same.cast(try decodeInteger(UInt64.self, node, path: path)) }
        if let same = SameType(Int32.self, T.self) { return same.cast(try decodeInteger(Int32.self, node, path: path)) }
        if let same = SameType(UInt32.self, T.self) { return same.cast(try decodeInteger(UInt32.self, node, path: path)) }
        if let same = SameType(UInt.self, T.self) { return same.cast(try decodeInteger(UInt.self, node, path: path)) }
        if let same = SameType(Int16.self, T.self) { return same.cast(try decodeInteger(Int16.self, node, path: path)) }
        if let same = SameType(UInt16.self, T.self) { return same.cast(try decodeInteger(UInt16.self, node, path: path)) }
        if let same = SameType(Int8.self, T.self) { return same.cast(try decodeInteger(Int8.self, node, path: path)) }
        if let same = SameType(UInt8.self, T.self) { return same.cast(try decodeInteger(UInt8.self, node, path: path)) }
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            if let same = SameType(Int128.self, T.self) { return same.cast(try decodeInteger(Int128.self, node, path: path)) }
            if let same = SameType(UInt128.self, T.self) { return same.cast(try decodeInteger(UInt128.self, node, path: path)) }
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
            return try unwrapOnLargerStack(type, at: index, codingPath: codingPath, node: makeNode)
        }
        if type == T.self {
            if let same = SameType(JSON.self, T.self) {
                markConsumed(index)
                return same.cast(try jsonValue(at: index, codingPath: codingPath))
            }
            if let same = SameType([Double].self, T.self) { return same.cast(try scalarArray(Double.self, at: index, codingPath: codingPath)) }
            if let same = SameType([Int].self, T.self) { return same.cast(try scalarArray(Int.self, at: index, codingPath: codingPath)) }
            if let same = SameType([String].self, T.self) { return same.cast(try scalarArray(String.self, at: index, codingPath: codingPath)) }
            if let same = SameType([Bool].self, T.self) { return same.cast(try scalarArray(Bool.self, at: index, codingPath: codingPath)) }
            if let same = SameType([Float].self, T.self) { return same.cast(try scalarArray(Float.self, at: index, codingPath: codingPath)) }
        }
        let savedNode = state.currentNode
        state.currentNode = index
        // Swapped in and out rather than copied: no reference counting beyond the node's own.
        var path = makeNode()
        swap(&path, &self.state.path)
        defer {
            swap(&path, &self.state.path)
            state.currentNode = savedNode
        }
        return try unwrapHere(type, at: index)
    }

    /// ``unwrapNonScalar(_:at:codingPath:node:)`` continued on a thread with a larger stack.
    ///
    /// Apart because of its `T?`: a function that holds one asks the runtime for `Optional<T>`'s
    /// metadata on entry, whichever branch it takes, and `unwrapNonScalar` runs for every
    /// model, array and nested container (one lookup each: 11 % of a `canada.json` decode's
    /// instructions, a fifth of `citm_catalog.json`'s when the runtime's cache probes long).
    @inline(never)
    private func unwrapOnLargerStack<T: Decodable>(
        _ type: T.Type, at index: Int, codingPath: () -> [any CodingKey], node makeNode: () -> CodingPathNode
    ) throws -> T {
        if let value = try StackGuard.continuing({ try unwrapNonScalar(type, at: index, codingPath: codingPath, node: makeNode) }) {
            return value
        }
        throw stackExhausted(codingPath())
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
        if let same = SameType(Date.self, T.self) { return same.cast(try decodeDate(at: index)) }
        if let same = SameType(URL.self, T.self) { return same.cast(try decodeURL(at: index)) }
        if let same = SameType(Data.self, T.self) { return same.cast(try decodeData(at: index)) }
        if let same = SameType(Decimal.self, T.self) { return same.cast(try decodeDecimal(at: index)) }
        let type = ObjectIdentifier(T.self)
        if !state.knownTypes.plain.contains(type) {
            // A model type met before takes the same way as then, past the checks below.
            if let last = state.mappedModels.last, last.type == type { return try decodeMapped(T.self, layout: last.layout, at: index) }
            if let last = state.dynamicModels.last, last.type == type { return try decodeDynamic(T.self, as: last.model, at: index) }
            if let array = state.knownTypes.arrays.array(type) { return try decodeArray(T.self, as: array, at: index) }
            if let dictionary = T.self as? any StringKeyedDictionaryDecodable.Type {
                return try dictionary.decodeStringKeyed(from: self, at: index) as! T
            }
            if let layout = mappedLayout(of: T.self, type) {
                let reference = Unretained(layout)
                state.mappedModels.last = (type, reference)
                return try decodeMapped(T.self, layout: reference, at: index)
            }
            if let model = T.self as? any DynamicDecodable.Type {
                state.dynamicModels.last = (type, model)
                return try decodeDynamic(T.self, as: model, at: index)
            }
            if let array = T.self as? any ReservingArrayDecodable.Type {
                state.knownTypes.arrays.remember(type, array)
                return try decodeArray(T.self, as: array, at: index)
            }
            state.knownTypes.plain.remember(type)
        }
        return try T(from: self)
    }

    /// Runs `body` with `currentNode` at `index`, as `init(from:)` of a child expects.
    func withCurrentNode<T>(_ index: Int, _ body: () throws -> T) rethrows -> T {
        let saved = state.currentNode
        state.currentNode = index
        defer { state.currentNode = saved }
        return try body()
    }

    /// Runs `body` with the decoder's `path` at `node`, for work out of the decoder's order
    /// that opens containers (an in-place update of a nested model).
    func withPath<T>(_ node: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        var path = node
        swap(&path, &self.state.path)
        defer { swap(&path, &self.state.path) }
        return try body()
    }

    // MARK: Errors

    /// The error for a value nested deeper than this thread's stack allows (see ``StackGuard``).
    @inline(never)
    /// The `JSON` value at `index`, which may nest no deeper than ``JSON/maximumNesting``
    /// whatever `maximumDepth` let the parser read: freeing a deeper value recurses once per
    /// level and would overflow the stack.
    func jsonValue(at index: Int, codingPath: () -> [any CodingKey]) throws -> JSON {
        guard let value = document.json(at: index, maximumNesting: JSON.maximumNesting) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription:
                        "A JSON value nests arrays and objects more than \(JSON.maximumNesting) deep (JSON.maximumNesting), whatever maximumDepth allows"))
        }
        return value
    }

    private func stackExhausted(_ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "Nested too deeply for the stack left on this thread (\(codingPath.count) levels), even after continuing on a thread with an 8 MiB stack; lower maximumDepth."
            ))
    }

    func containerMismatch(expected: Any.Type, node: Node, path: [any CodingKey]) -> DecodingError {
        if node.kind == .null {
            let what = expected == [Any].self ? "unkeyed" : "keyed"
            return .valueNotFound(
                expected,
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: "Cannot get \(what) decoding container -- found null value instead"))
        }
        return typeMismatch(expected, node: node, path: path)
    }

    func typeMismatch(_ expected: Any.Type, node: Node, path: [any CodingKey]) -> DecodingError {
        .typeMismatch(
            expected,
            DecodingError.Context(
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
        let path = impl.state.path
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
