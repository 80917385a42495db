import Foundation

/// The decoder's `@Mapped` state: the layouts of the model types met, and the model being
/// decoded, whose properties find their declarations here through the container their
/// `init(from:)` opens (see ``ObjectAccess``). The container belongs to this decoder: no other
/// decoder, on this thread or another, can see it.
struct MappedModels {
    /// A ``MappedCodable`` model being decoded: its layout, where the last lookup of a
    /// property in it ended, and its object.
    struct Model {
        /// Unretained, because this is read for every property and a retain would cost more
        /// than the read. Safe because the layout is also held strongly for the whole decode:
        /// `mappedLayout(of:_:)` stores it in `layouts` before any `Model` refers to it, and
        /// that dictionary only grows (layouts are cached for the life of the process as
        /// well). A layout from anywhere else must not be put here.
        let layout: Unretained<MappedLayout>?
        var cursor: Int
        let object: Int
    }

    /// The value node of the member `name` of `object`, found for a path through it.
    struct TraversedMember {
        let object: Int
        let name: String
        let member: Int
    }

    /// The object of the container that last answered a `@Mapped` property's request for a
    /// ``MappedModelAccess``, and its coding path: read by that property at once, before any
    /// other decoding can run on this decoder. The path is unretained because the container
    /// holds it for the whole property.
    ///
    /// The fields are in the opposite order to the container's: the container was copied
    /// field by field just before, and with the same order the compiler moved both in one
    /// 16-byte load, which cannot be forwarded from two 8-byte stores (a stall that cost as
    /// much as the rest of the container's answer).
    struct Asking {
        let path: Unretained<CodingPathNode>
        let object: Int
    }

    /// See ``Asking``; nil until a container answers.
    var asking: Asking?

    /// Model types met so far and their `@Mapped` layout (nil: not a ``MappedCodable``).
    var layouts: [ObjectIdentifier: MappedLayout?] = [:]
    /// The model type `unwrapHere` last found to be a ``MappedCodable`` (after the `[String: V]`
    /// check) and its layout, so that the elements of an array of models skip that check, a
    /// run-time conformance lookup for every element. The layout is unretained, as
    /// ``Model/layout`` is, and for the same reason: it comes from `layouts`.
    var last: (type: ObjectIdentifier, layout: Unretained<MappedLayout>)?
    /// The ``MappedCodable`` model whose `init(from:)` is running (`object` is -1 when none).
    var current = Model(layout: nil, cursor: 0, object: -1)
    /// The member a `@Mapped` path last passed through (see `traversedMember(named:of:)`).
    var traversed = TraversedMember(object: -1, name: "", member: 0)
}

extension DecoderImpl {
    /// The `@Mapped` layout of `T`, or nil when it is not a ``MappedCodable``; asked once per
    /// decode and type.
    func mappedLayout<T>(of type: T.Type, _ identifier: ObjectIdentifier) -> MappedLayout? {
        if let known = state.mappedModels.layouts[identifier] { return known }
        let layout = (T.self as? any MappedCodable.Type).map { MappedLayout.of($0) }
        state.mappedModels.layouts[identifier] = layout
        return layout
    }

    /// Decodes a ``MappedCodable`` model, with its layout there for its properties to find
    /// through the container its `init(from:)` opens on `index`.
    /// `layout` is one that `mappedModels.layouts` holds (see ``MappedModels/Model/layout``).
    func decodeMapped<T: Decodable>(_ type: T.Type, layout: Unretained<MappedLayout>, at index: Int) throws -> T {
        let saved = state.mappedModels.current
        state.mappedModels.current = MappedModels.Model(layout: layout, cursor: 0, object: index)
        defer { state.mappedModels.current = saved }
        if layout.with({ $0.isDynamic }) { return try decodeDynamic(T.self, at: index) }
        return try T(from: self)
    }

    /// The entry for the property `name` (whose value type is `valueType`) of the model being
    /// decoded, when `object` is that model's object (a nested type's properties are not the
    /// model's).
    func mappedEntry(named name: String, valueType: ObjectIdentifier, object: Int) -> MappedEntry? {
        unretainedMappedEntry(named: name, valueType: valueType, object: object)?.object
    }

    /// ``mappedEntry(named:valueType:object:)`` without a retain: the layout holds its entries
    /// for as long as the decode holds the layout (see ``MappedModels/Model/layout``).
    @inline(__always)
    func unretainedMappedEntry(named name: String, valueType: ObjectIdentifier, object: Int) -> Unretained<MappedEntry>? {
        guard state.mappedModels.current.object == object, let layout = state.mappedModels.current.layout else { return nil }
        return layout.with { $0.unretainedEntry(named: name, valueType: valueType, cursor: &state.mappedModels.current.cursor) }
    }

    /// The value node of the member `name` of `object` when it is the one a `@Mapped` path
    /// passed through last (marked as passed through again), so that paths sharing their first
    /// key look it up once. A node of this decoder's document is that member for good.
    @inline(__always)
    func traversedMember(named name: String, of object: Int) -> Int? {
        let last = state.mappedModels.traversed
        guard last.object == object, last.name == name else { return nil }
        markKeyTraversed(last.member - 1)
        return last.member
    }

    /// The value node of a plain two-key `@Mapped` path (`address.city`, see
    /// ``MappedEntry/plainKeyPair``) from `object` (a container at `depth`), found and marked as
    /// `MappedDecoding.node(at:in:)` finds it. Nil whenever that is not simply so (a step
    /// missing or of another kind, keys converted by a strategy or being recorded): the caller
    /// then takes the general route from the start, which finds the same first member again
    /// (see ``traversedMember(named:of:)``) and says what is wrong.
    @inline(__always)
    func mappedPairNode(first: String, then second: Path.Component, of object: Int, depth: Int) -> Int? {
        guard options.usesDefaultKeys && !recordsKeyUsage, let member = firstPathMember(named: first, of: object, depth: depth, index: nil),
            case .found(let node) = document.lookUpStep(second, from: member, step: 0)
        else { return nil }
        markRouteForReport(to: node)
        return node
    }

    /// The value node of the member `name` of `object` (a container at `depth`, with the key
    /// index `index` when it has one) that a `@Mapped` path starts with, marked as passed
    /// through: paths that share their first key (`address.city`, `address.zip`) look it up
    /// once, as a second walk would start after it and go round.
    @inline(__always)
    func firstPathMember(named name: String, of object: Int, depth: Int, index: [String: Int]?) -> Int? {
        if let known = traversedMember(named: name, of: object) { return known }
        guard let found = member(named: name, of: object, depth: depth, index: index, traversing: true) else { return nil }
        rememberTraversedMember(found, named: name, of: object)
        return found
    }

    /// Keeps `member`, the member `name` of `object`, for ``traversedMember(named:of:)``.
    @inline(__always)
    func rememberTraversedMember(_ member: Int, named name: String, of object: Int) {
        state.mappedModels.traversed = MappedModels.TraversedMember(object: object, name: name, member: member)
    }

    /// The layout of the model being decoded when `object` is that model's object, for the
    /// error about a property its layout does not know.
    func mappedLayout(ofObject object: Int) -> MappedLayout? {
        state.mappedModels.current.object == object ? state.mappedModels.current.layout?.object : nil
    }

    /// The entry for a property of the model being decoded that its `CodingKeys` renamed to
    /// `codingKey` (see ``MappedLayout/renamedEntry(codingKey:valueType:)``).
    func renamedMappedEntry(codingKey: String, valueType: ObjectIdentifier, object: Int) -> MappedEntry? {
        guard let layout = mappedLayout(ofObject: object) else { return nil }
        return layout.renamedEntry(codingKey: codingKey, valueType: valueType)
    }

    /// The property the layout expects next whose value type is `valueType`, for that error.
    func expectedMappedEntry(valueType: ObjectIdentifier) -> MappedEntry? {
        guard let layout = state.mappedModels.current.layout?.object else { return nil }
        return layout.entries.dropFirst(state.mappedModels.current.cursor).first { $0.valueType == valueType }
    }

    /// Decodes the value at `index`, found by ``mappedPairNode(first:then:of:depth:)`` for
    /// `entry`, as the general route decodes a value at a path. The coding path is made
    /// only when asked for (an error, a value that is not a scalar), from unretained
    /// references for the reason ``decodeMappedMember(_:at:parent:entry:)`` gives.
    @inline(__always)
    func decodeMappedPathMember<T: Decodable>(_ type: T.Type, at index: Int, parent: Unretained<CodingPathNode>, entry: Unretained<MappedEntry>) throws -> T {
        try decodeDetached(
            T.self, at: index, marksKeys: nil,
            path: {
                parent.object.appending(contentsOf: entry.object.path.lazy.map(\.codingPathStep))
            })
    }

    /// Decodes the value at `index` of the member `entry.plainKey` of the object whose
    /// container has the path `parent`, as ``decodeChild(_:at:parent:step:)`` would.
    ///
    /// The closures that build the coding path capture only unretained references: what a
    /// closure captures strongly is retained around every call that takes it, which costs
    /// more than reading most scalars. All three outlive the call (the caller's container
    /// holds this decoder and its path node, and the decoder's layout the entry). `parent`
    /// arrives unretained too: a strong reference made from an unretained one is retained.
    @inline(__always)
    func decodeMappedMember<T: Decodable>(_ type: T.Type, at index: Int, parent: Unretained<CodingPathNode>, entry: Unretained<MappedEntry>) throws -> T {
        let decoder = Unretained(self)
        return try decodeScalar(
            T.self, at: index,
            path: {
                parent.object.codingPath(appending: .key(entry.object.codingKey))
            }
        ) {
            try unwrapNonScalar(
                type, at: index,
                codingPath: {
                    parent.object.codingPath(appending: .key(entry.object.codingKey))
                }, node: { decoder.object.childPath(of: parent.object, .key(entry.object.codingKey), value: index) })
        }
    }
}
