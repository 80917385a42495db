import Foundation

/// How the decoder gives a dynamic model its view and runs its mapping.
extension DecoderImpl {
    /// Decodes a `DynamicDecodable` `T` at `index` (the path already names it), then, before
    /// anyone else sees the value, sets its `dynamicSelf` to a view of that node and runs
    /// `dynamicMapping(.decoding)`.
    func decodeDynamic<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        var value = try withKeyUsageRecorded { try withCurrentNode(index) { try T(from: self) } }
        try finishDynamic(&value, at: index)
        return value
    }

    /// ``decodeDynamic(_:at:)`` for a `T` known to be the dynamic model type `model` (`T.self`
    /// itself, seen as `any DynamicDecodable.Type`): the value is made and mapped as a `Model`,
    /// without the two run-time casts of ``finishDynamic(_:at:)``.
    func decodeDynamic<T: Decodable>(_ type: T.Type, as model: any DynamicDecodable.Type, at index: Int) throws -> T {
        try decodeDynamic(model, returning: T.self, at: index)
    }

    private func decodeDynamic<Model: DynamicDecodable, T>(_ type: Model.Type, returning: T.Type, at index: Int) throws -> T {
        var value = try withKeyUsageRecorded { try withCurrentNode(index) { try Model(from: self) } }
        try runMapping(&value, at: index)
        // `Model` is `T`, opened from `T.self` by the caller: the cast changes only the
        // static type.
        guard let same = SameType(Model.self, T.self) else { preconditionFailure("\(Model.self) is not \(T.self)") }
        return same.cast(value)
    }

    /// Gives `value`, when it is a dynamic model decoded from the node at `index`, its view,
    /// and runs its mapping.
    func finishDynamic<T>(_ value: inout T, at index: Int) throws {
        guard var model = value as? any DynamicDecodable else { return }
        try runMapping(&model, at: index)
        if let mapped = model as? T { value = mapped }
    }

    private func runMapping<Model: DynamicDecodable>(_ model: inout Model, at index: Int, updating: Bool = false) throws {
        var session = takeMappingSession()
        session.state.updatesInPlace = updating
        defer {
            session.close()
            // Nothing the mapping kept (a copy of the view) holds it: the next model's run
            // may have it (an array of models would otherwise make one per element).
            if isKnownUniquelyReferenced(&session) { state.dynamicModels.spareSession = session }
        }
        // Reads made while the value was built (an immutable model's `init(map:)`) count too.
        if let built = model.dynamicSelf?.decoded, built.document === document, built.index == index {
            session.state.unchangedReads = built.unchangedReads
        }
        // The view the mapping sees carries only what reads use (the session knows the
        // decoder): each `ds.x` copies it, so its origin and decoded state, which only encoding
        // and patching need, are added once the mapping has run.
        model.dynamicSelf = DynamicClass(root: .source(document, index), origin: nil, session: session)
        withinDecodingRun { model.dynamicMapping(mappingType: .decoding) }
        finishView(&model.dynamicSelf, session: session, index: index)
        if options.strictMapping, let first = session.state.failures.first { throw first }
        if let handler = options.mappingFailureHandler {
            for case let failure as DecodingError in session.state.failures { handler(failure) }
        }
    }

    /// A closed session to run a mapping with: the one the last run left, when nothing kept
    /// it, or a new one.
    private func takeMappingSession() -> MappingSession {
        guard let spare = state.dynamicModels.spareSession else { return MappingSession(.decoding(self)) }
        state.dynamicModels.spareSession = nil
        spare.reopen(.decoding(self))
        return spare
    }

    /// After a run: a view still the one the run gave the model gets its origin and decoded
    /// state, and any view drops the session. One access to `dynamicSelf`, which for a model
    /// seen through its protocol is a call each time.
    private func finishView(_ view: inout DynamicClass?, session: MappingSession, index: Int) {
        guard case .some = view else { return }
        if view?.session === session {
            var decoded = DecodedState(document: document, index: index)
            decoded.unchangedReads = session.state.unchangedReads
            view?.setProvenance(origin: viewOrigin, decoded: decoded)
        }
        view?.session = nil
    }

    // MARK: Mappable models

    /// A read-only view of the object at `currentNode`, for ``DynamicMappable/mappableType(for:)``
    /// to look at before the value exists.
    func viewForChoosingType() -> DynamicClass {
        let root = OverlayNode.source(document, state.currentNode)
        // Every such view of a decode has the same origin: the first one's box is shared by
        // the rest (each mappable model of an array makes one).
        if let first = state.dynamicModels.choosingView { return DynamicClass(root: root, sharingWith: first) }
        let view = DynamicClass(root: root, origin: viewOrigin, session: nil)
        state.dynamicModels.choosingView = view
        return view
    }

    /// `type` decoded from `json` by this package's decoder, for a mapped model that another
    /// decoder was asked for: its `userInfo` (and so the map context) reaches every nested
    /// model, and errors carry `codingPath` in front of their own.
    static func decodeAsDynamic<T: DynamicDecodable>(
        _ type: T.Type, from json: JSON, userInfo: [CodingUserInfoKey: Any], codingPath: [any CodingKey]
    ) throws -> T {
        var writer = JSONWriter(formatting: [])
        writer.nonFiniteLiterals = .json5
        writer.write(OverlayNode.value(json))
        let document = try Document(data: writer.data(), options: ScanOptions(allowsJSON5: true, maximumDepth: .max))
        var options = ViewOrigin.defaultDecoding
        options.userInfo = userInfo
        let impl = DecoderImpl(document: document, options: options, node: 0, path: CodingPathNode.of(codingPath.map(CodingPathStep.key)))
        return try MappedFilling.withoutPending { try impl.unwrap(T.self, at: 0) }
    }

    /// Maps the object at `index` into `model` as it stands (``DynamicJSONDecoder/decode(into:from:)``):
    /// what the object lacks leaves its property alone, and nested mappable models are
    /// updated the same way. The model's document becomes its old one with the object merged
    /// in (RFC 7396), so keys neither the model nor the payload names are kept.
    func update<Model: DynamicMappable>(_ model: inout Model, at index: Int) throws {
        guard nodes[index].kind == .object else {
            throw DecodingError.typeMismatch(
                Model.self,
                DecodingError.Context(
                    codingPath: state.path.codingPath, debugDescription: "Expected an object to map into \(Model.self), found \(document.reportText(at: index))"
                ))
        }
        let previous = model.dynamicSelf
        try withKeyUsageRecorded { try withCurrentNode(index) { try runMapping(&model, at: index, updating: true) } }
        if let previous {
            var merged = JSON(previous)
            merged.apply(mergePatch: document.json(at: index))
            model.dynamicSelf = DynamicClass(merged)
        }
    }
}

// MARK: Reads and writes for the operators

extension DynamicValue {
    /// `target <-- view` (and `<->` while decoding): decodes the value here as the decoder
    /// would decode a `T` property at this place. Missing: `target` is left alone.
    /// Undecodable: left alone, and the failure goes to the decoder running the mapping.
    /// `marksKeys` counts the keys read as the model's own, for `<->`, which writes them back.
    ///
    /// When `target` does not take the document's value, what it holds is remembered, so that
    /// encoding writes nothing here while the program leaves it unchanged.
    @usableFromInline
    @_specialize(where T == String)
    @_specialize(where T == Int)
    @_specialize(where T == Double)
    @_specialize(where T == Bool)
    package func read<T: Decodable>(into target: inout T, marksKeys: Bool = false) {
        // Specialized for the commonest property types (this and the optional read): the
        // operators call it unspecialized, from the model's module, and the generic body moves
        // every `T` through its value witnesses; the entry point checks for these types and
        // runs their own copy instead.
        guard readsNow else { return }
        if readFromDecoderDocument(into: &target, marksKeys: marksKeys) { return }
        readInGeneral(into: &target, marksKeys: marksKeys, transformer: nil)
    }

    /// The read above, transformed (see ``TransformedValue``): the decoder hands `transformer`
    /// to the one `init(from:)` that reads this place. (A separate entry point, so that the
    /// operators' untransformed reads do not make and destroy an `Any?` each.)
    package func read<T: Decodable>(into target: inout T, marksKeys: Bool = false, transformer: Any?) {
        guard readsNow else { return }
        if transformer == nil, readFromDecoderDocument(into: &target, marksKeys: marksKeys) { return }
        readInGeneral(into: &target, marksKeys: marksKeys, transformer: transformer)
    }

    /// The read of a node of the running decoder's document (see
    /// ``placeInDecoderDocument(session:impl:)``); `false` when it needs `readInGeneral(into:marksKeys:transformer:)`.
    @inline(__always)
    private func readFromDecoderDocument<T: Decodable>(into target: inout T, marksKeys: Bool) -> Bool {
        readPlaceInDecoderDocument(into: &target, marksKeys: marksKeys) { index, impl, target in
            decodeRecordingFailure(into: &target, at: index, of: impl, marksKeys: marksKeys)
        }
    }

    /// What the plain and the optional read of the decoder's document share: `decodeNode`
    /// reads the node found at an index of `impl` (true when it set `target`); a missing place,
    /// or a node that did not decode, leaves `target` as it is and is remembered as an
    /// unchanged read. `false` when no decoder runs or the place is elsewhere.
    @inline(__always)
    private func readPlaceInDecoderDocument<Target>(
        into target: inout Target, marksKeys: Bool, decodeNode: (Int, DecoderImpl, inout Target) -> Bool
    ) -> Bool {
        guard let session = root.session, let decoder = session.state.decoderReference else { return false }
        return decoder.with { impl in
            switch placeInDecoderDocument(session: session, impl: impl) {
            case .found(let index):
                if decodeNode(index, impl, &target) { return true }
            case .missing:
                break
            case .elsewhere:
                return false
            }
            rememberUnchangedRead(target, oneWay: !marksKeys)
            return true
        }
    }

    private func readInGeneral<T: Decodable>(into target: inout T, marksKeys: Bool, transformer: Any?) {
        let node = nodeForRead
        if transformer == nil, root.session?.state.updatesInPlace == true, updatesInPlace(&target, at: node) { return }
        if let node {
            if readOptions.contains(.ignoresNull), node.isNull {
                markReadForReport(node)
            } else if decodeRecordingFailure(into: &target, from: node, marksKeys: marksKeys, transformer: transformer) {
                return
            }
        }
        rememberUnchangedRead(target, oneWay: !marksKeys)
    }

    /// `target <-- view` for an optional: as above, and `null` makes `target` `nil`.
    @usableFromInline
    @_specialize(where T == String)
    @_specialize(where T == Int)
    @_specialize(where T == Double)
    @_specialize(where T == Bool)
    package func read<T: Decodable>(into target: inout T?, marksKeys: Bool = false) {
        guard readsNow else { return }
        if readFromDecoderDocument(into: &target, marksKeys: marksKeys) { return }
        readInGeneral(into: &target, marksKeys: marksKeys, transformer: nil)
    }

    /// The optional read, transformed.
    package func read<T: Decodable>(into target: inout T?, marksKeys: Bool = false, transformer: Any?) {
        guard readsNow else { return }
        if transformer == nil, readFromDecoderDocument(into: &target, marksKeys: marksKeys) { return }
        readInGeneral(into: &target, marksKeys: marksKeys, transformer: transformer)
    }

    /// ``readFromDecoderDocument(into:marksKeys:)`` for an optional: `null` makes it `nil`
    /// (remembered as an unchanged read of `nil`, as a missing place is).
    @inline(__always)
    private func readFromDecoderDocument<T: Decodable>(into target: inout T?, marksKeys: Bool) -> Bool {
        readPlaceInDecoderDocument(into: &target, marksKeys: marksKeys) { index, impl, target in
            if impl.nodes[index].kind == .null {
                impl.markRouteForReport(to: index)
                target = nil
                return false
            }
            guard let value = decodeRecordingFailure(T.self, at: index, of: impl, marksKeys: marksKeys) else { return false }
            target = value
            return true
        }
    }

    private func readInGeneral<T: Decodable>(into target: inout T?, marksKeys: Bool, transformer: Any?) {
        let node = nodeForRead
        if let node, node.isNull {
            markReadForReport(node)
            guard !readOptions.contains(.ignoresNull) else {
                rememberUnchangedRead(target, oneWay: !marksKeys)
                return
            }
            target = nil
        } else if transformer == nil, root.session?.state.updatesInPlace == true, var held = target, updatesInPlace(&held, at: node) {
            target = held
            return
        } else if let node, let value = decodeRecordingFailure(T.self, from: node, marksKeys: marksKeys, transformer: transformer) {
            target = value
            return
        }
        rememberUnchangedRead(target, oneWay: !marksKeys)
    }

    /// `target <-- view` (and `<->` while decoding) for a ``Presence``: missing makes it
    /// `.absent` and `null` `.null`; a value that does not decode leaves it alone, as above.
    @usableFromInline
    package func read<T: Decodable>(into target: inout Presence<T>, marksKeys: Bool = false) {
        guard readsNow else { return }
        guard let node = nodeForRead else {
            target = .absent
            return
        }
        if node.isNull {
            markReadForReport(node)
            target = .null
            // As for an optional: a `.null` still held writes nothing, so a `ds` edit stays.
            rememberUnchangedRead(target.snapshotForm, oneWay: !marksKeys)
        } else if let value = decodeRecordingFailure(T.self, from: node, marksKeys: marksKeys) {
            target = .value(value)
        } else {
            rememberUnchangedRead(target.snapshotForm, oneWay: !marksKeys)
        }
    }

    /// The value here decoded as a `T` (as a `<->` read decodes it, errors thrown with the
    /// full path), or `nil` when nothing is here.
    func decodedValue<T: Decodable>(_ type: T.Type) throws -> T? {
        guard let node else { return nil }
        markReadForReport(node)
        return try decode(T.self, from: node, marksKeys: true, transformer: nil)
    }

    /// While ``DynamicJSONDecoder/decode(into:from:)`` runs: maps the object here into
    /// `target` in place when it is a mappable model, and says whether it did. A failure is
    /// recorded as a failed read's is, and leaves the model as far as it got.
    private func updatesInPlace<T>(_ target: inout T, at node: OverlayNode?) -> Bool {
        guard let session = root.session, session.state.updatesInPlace, let impl = session.state.decoder,
            case .source(let document, let index)? = node, document === impl.document,
            impl.nodes[index].kind == .object
        else { return false }
        let path = CodingPathNode.of(fullPath)
        if var model = target as? any DynamicMappable {
            do {
                try impl.withPath(path) { try impl.update(&model, at: index) }
            } catch {
                session.state.failures.append(error)
            }
            if let updated = model as? T { target = updated }
            return true
        }
        if var models = target as? any MappableDictionary {
            do {
                try models.update(from: impl, at: index, path: path)
            } catch {
                session.state.failures.append(error)
            }
            if let updated = models as? T { target = updated }
            return true
        }
        return false
    }

    /// Where a read finds its value, when it can go straight to the running decoder's document.
    private enum DecoderPlace {
        /// The value is this node of the decoder's document.
        case found(Int)
        /// Nothing is there.
        case missing
        /// The read needs the general path (``nodeForRead``, ``decode(_:from:marksKeys:transformer:)``).
        case elsewhere
    }

    /// The common read, by node index alone: the view is the model's document as decoded, the
    /// decoder running the mapping reads it, and the read has no options. Answers what
    /// ``nodeForRead`` and then ``decode(_:from:marksKeys:transformer:)`` would, without making
    /// an ``OverlayNode`` per read (making and destroying those was a fifth of a mappable
    /// model's decode); `.elsewhere` when they must be asked.
    @inline(__always)
    private func placeInDecoderDocument(session: MappingSession, impl: DecoderImpl) -> DecoderPlace {
        let document = impl.document
        guard readOptions.isEmpty, !session.state.updatesInPlace, session.state.sharedTree == nil, !steps.isEmpty,
            case .key(let key) = steps[0], let object = root.root.sourceIndex(in: document)
        else { return .elsewhere }
        guard var index = document.member(of: object, named: key, cursor: &session.state.memberCursor) else { return .missing }
        var position = 1
        while position < steps.count {
            let next: Int?
            switch steps[position] {
            case .key(let key): next = document.member(of: index, named: key)
            case .index(let element): next = document.element(of: index, at: element)
            }
            guard let next else { return .missing }
            index = next
            position += 1
        }
        return .found(index)
    }

    /// ``decodeRecordingFailure(into:from:marksKeys:transformer:)`` for a node of `impl`'s
    /// document (see ``placeInDecoderDocument(session:impl:)``).
    private func decodeRecordingFailure<T: Decodable>(into target: inout T, at index: Int, of impl: DecoderImpl, marksKeys: Bool) -> Bool {
        impl.markRouteForReport(to: index)
        do {
            // The path closure reaches this view through a pointer: a closure capturing the
            // view itself had it copied for every read once the read was specialized.
            target = try withUnsafePointer(to: self) { view in
                try impl.decodeDetached(T.self, at: index, marksKeys: marksKeys, path: { CodingPathNode.of(view.pointee.fullPath) })
            }
            return true
        } catch {
            root.session?.state.failures.append(error)
            reportFailedRead(error, type: T.self, at: .source(impl.document, index))
            return false
        }
    }

    /// The value at a node of `impl`'s document, or `nil` with the failure recorded.
    private func decodeRecordingFailure<T: Decodable>(_ type: T.Type, at index: Int, of impl: DecoderImpl, marksKeys: Bool) -> T? {
        impl.markRouteForReport(to: index)
        do {
            return try withUnsafePointer(to: self) { view in
                try impl.decodeDetached(T.self, at: index, marksKeys: marksKeys, path: { CodingPathNode.of(view.pointee.fullPath) })
            }
        } catch {
            root.session?.state.failures.append(error)
            reportFailedRead(error, type: T.self, at: .source(impl.document, index))
            return nil
        }
    }

    /// The node here, as ``node`` finds it, but through the running decoder's session when
    /// the view is the model's document as decoded: the first key is looked up from where the
    /// last lookup in the model's object ended (mappings read keys in document order).
    private var nodeForRead: OverlayNode? {
        guard let session = root.session, session.state.decoder != nil, session.state.sharedTree == nil, !steps.isEmpty,
            case .key(let key) = steps[0], case .source(let document, let object) = root.root
        else { return node }
        guard let found = document.member(of: object, named: key, cursor: &session.state.memberCursor) else { return nil }
        if steps.count == 1 { return .source(document, found) }
        return OverlayNode.source(document, found).descendant(at: steps[1...])
    }

    /// Marks the keys on the way to a value read here as read, when the decode running the
    /// mapping lists unread keys: the view walked them, not the decoder.
    private func markReadForReport(_ node: OverlayNode) {
        guard let impl = root.session?.state.decoder,
            case .source(let document, let index) = node, document === impl.document
        else { return }
        impl.markRouteForReport(to: index)
    }

    /// Records, for the decoder running the mapping, what a read left in its property.
    func rememberUnchangedRead<T>(_ value: T, oneWay: Bool) {
        guard let session = root.session, session.state.mappingType == .decoding,
            let encodable = value as? any Encodable, let json = ReadSnapshot.encoding(encodable)
        else { return }
        session.state.unchangedReads.record(ReadSnapshot(value: json, oneWay: oneWay), at: steps)
    }

    /// Reads do nothing while an encoder runs a mapping: for a class the mapping runs on the
    /// instance being encoded, and a read would put the document's old value back into it.
    /// That holds for nested models whose mapping the parent's mapping calls, too.
    private var readsNow: Bool {
        if let type = root.session?.state.mappingType { return type == .decoding }
        return MappingRun.current != .encoding
    }

    /// `value <-> view` while encoding: writes `value` here as a model's own property is
    /// written (merged with what is there, so an unchanged number keeps its literal and keys
    /// it does not write stay). The view is a copy; the write reaches the model's document
    /// through the encoder's session. A property the program left as the read left it writes
    /// nothing, and one still holding its decoded value yields to a `ds` edit of the place.
    @usableFromInline
    package func writeForMapping<T: Encodable>(_ value: T) {
        if let snapshot = unchangedRead, snapshot.value == ReadSnapshot.encoding(value) { return }
        mergeForMapping(value)
    }

    /// `value <-> view` for a ``Presence`` while encoding: `.value` and `.null` are written as
    /// above, and `.absent` removes the key (at an index, where nothing can be absent, it
    /// writes `null`). An `.absent` property whose place was missing in the decoded document
    /// changes nothing: the property still holds what it read, so a `ds` edit there wins.
    @usableFromInline
    package func writeForMapping<T: Encodable>(_ value: Presence<T>) {
        guard root.session?.state.mappingType == .encoding else { return }
        if let snapshot = unchangedRead, snapshot.value == ReadSnapshot.encoding(value.snapshotForm) { return }
        if value.isAbsent {
            guard root.decoded?.original(at: steps) != nil else { return }
            if case .key? = steps.last {
                var view = self
                view.remove()
                return
            }
        }
        mergeForMapping(value)
    }

    /// Merges `value`, encoded with the running encoder's settings, into what is here.
    private func mergeForMapping<T: Encodable>(_ value: T) {
        guard let session = root.session, let options = session.encodingOptions else { return }
        do {
            let codingPath = fullPath.map(\.codingKey)
            guard let encoded = try TreeEncoder.wrap(value, options: options, path: codingPath) else { return }
            let merger = DynamicEncoding.Merger(usage: root.origin?.usage, options: options, basePath: codingPath, decoding: root.origin?.options)
            let original = root.decoded?.original(at: steps)
            // A value the document already holds as written (the common unedited property)
            // changes nothing: the tree is left as it is rather than opened up for the write.
            if let current = node, case .source = current,
                merger.merge(base: current, model: encoded, original: original).isSameDocumentNode(as: current)
            {
                return
            }
            var view = self
            // A refused write (a step meets a value of another kind, `null` included) must not
            // drop the property's value unseen: it fails the encode, as a property that cannot
            // be encoded does.
            guard view.root.updateTree(at: steps, { $0 = merger.merge(base: $0, model: encoded, original: original) }) else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Cannot write at \(Path(codingPath: codingPath)): a step on the way holds a value of another kind"))
            }
        } catch {
            session.state.failures.append(error)
        }
    }

    /// `value <-> view` with a `nil` optional while encoding: the key is removed, as a `nil`
    /// property's own key is, unless the property was already `nil` after the read. Under
    /// ``DynamicJSONEncoder/includesNilValues`` it is written `null` instead, and a place the
    /// document lacks gets a `null` too.
    @usableFromInline
    package func removeForMapping() {
        guard root.session?.state.mappingType == .encoding else { return }
        let writesNull = root.session?.encodingOptions?.includesNilValues == true
        guard unchangedRead?.value != .null else {
            if writesNull && node == nil { mergeForMapping(JSON.null) }
            return
        }
        if writesNull { return mergeForMapping(JSON.null) }
        var view = self
        view.remove()
    }

    /// What the decoding read of this place left in its property, when it was not the
    /// document's value.
    private var unchangedRead: ReadSnapshot? {
        guard let reads = root.decoded?.unchangedReads, !reads.isEmpty else { return nil }
        return reads[steps]
    }

    /// Which way the coder running this model's mapping is going; `nil` when no coder runs it.
    @usableFromInline
    package var runningMappingType: DynamicMappingType? { root.session?.state.mappingType }

    /// Decodes the value at `node` into `target`; `false`, with the failure recorded and
    /// `target` untouched, when it does not decode. (Taking `target` rather than returning
    /// `T?` keeps the fast path from asking the runtime for `Optional<T>`'s metadata.)
    private func decodeRecordingFailure<T: Decodable>(into target: inout T, from node: OverlayNode, marksKeys: Bool, transformer: Any?) -> Bool {
        markReadForReport(node)
        do {
            target = try decode(T.self, from: node, marksKeys: marksKeys, transformer: transformer)
            return true
        } catch {
            root.session?.state.failures.append(error)
            reportFailedRead(error, type: T.self, at: node)
            return false
        }
    }

    private func decodeRecordingFailure<T: Decodable>(_ type: T.Type, from node: OverlayNode, marksKeys: Bool, transformer: Any? = nil) -> T? {
        markReadForReport(node)
        do {
            return try decode(T.self, from: node, marksKeys: marksKeys, transformer: transformer)
        } catch {
            root.session?.state.failures.append(error)
            reportFailedRead(error, type: T.self, at: node)
            return nil
        }
    }

    /// Reports a read that failed to the decode running the mapping, when it reports.
    private func reportFailedRead<T>(_ error: any Error, type: T.Type, at node: OverlayNode) {
        guard let impl = root.session?.state.decoder, let reporting = impl.options.reporting else { return }
        let kind: DecodeReport.Kind = isUnknownEnumValue(error, type: T.self) ? .unknownEnumValue : .mappingFailure
        let codingPath = fullPath.map(\.codingKey)
        if case .source(let document, let index) = node {
            reporting.record(
                kind, in: document, components: reporting.components(to: index, in: document), codingPath: codingPath,
                value: document.reportText(at: index), failure: error)
        } else {
            reporting.record(
                kind, in: impl.document, components: Path(codingPath: codingPath).components, codingPath: codingPath,
                value: JSON(self)?.reportText, failure: error)
        }
    }

    /// Whether `error` is a `RawRepresentable` (an enum) meeting a value none of its cases has.
    private func isUnknownEnumValue<T>(_ error: any Error, type: T.Type) -> Bool {
        guard case .dataCorrupted? = error as? DecodingError else { return false }
        if let transformed = T.self as? any TransformedEnumRead.Type { return transformed.readsRawRepresentable }
        return T.self is any RawRepresentable.Type
    }

    private func decode<T: Decodable>(_ type: T.Type, from node: OverlayNode, marksKeys: Bool, transformer: Any?) throws -> T {
        if !readOptions.contains(.singleObjectAsArray), case .source(let document, let index) = node,
            let impl = root.session?.state.decoder, impl.document === document
        {
            guard let transformer else {
                return try impl.decodeDetached(T.self, at: index, marksKeys: marksKeys, path: { CodingPathNode.of(fullPath) })
            }
            return try impl.withReadTransformer(transformer) {
                try impl.decodeDetached(T.self, at: index, marksKeys: marksKeys, path: { CodingPathNode.of(fullPath) })
            }
        }
        return try decodeOffTheDecoder(T.self, from: node, marksKeys: marksKeys, transformer: transformer)
    }

    /// ``decode(_:from:marksKeys:transformer:)`` where the running decoder's document cannot
    /// answer: a single object read as an array, a view made outside a decode, an edited
    /// value. Out of line, so that the common read does not pay for what these need.
    @inline(never)
    private func decodeOffTheDecoder<T: Decodable>(_ type: T.Type, from node: OverlayNode, marksKeys: Bool, transformer: Any?) throws -> T {
        if readOptions.contains(.singleObjectAsArray), transformer == nil, let array = try singleObjectArray(T.self, from: node, marksKeys: marksKeys) {
            return array
        }
        var plain = self
        plain.readOptions.remove(.singleObjectAsArray)
        if case .source(let document, _) = node, let impl = root.session?.state.decoder, impl.document === document {
            return try plain.decode(T.self, from: node, marksKeys: marksKeys, transformer: transformer)
        }
        let path = CodingPathNode.of(fullPath)
        let options = root.session?.state.decoder?.options ?? root.origin?.options ?? ViewOrigin.defaultDecoding
        if case .source(let document, let index) = node {
            let impl = DecoderImpl(document: document, options: options, node: index, path: path)
            return try MappedFilling.withoutPending { try impl.withReadTransformer(transformer) { try impl.unwrap(T.self, at: index) } }
        }
        // An edited value decodes from its serialised form (JSON5, for the non-finite numbers
        // a JSON5 document may hold).
        var writer = JSONWriter(formatting: [])
        writer.nonFiniteLiterals = .json5
        writer.write(node)
        let document = try Document(data: writer.data(), options: ScanOptions(allowsJSON5: true, maximumDepth: .max))
        let impl = DecoderImpl(document: document, options: options, node: 0, path: path)
        return try MappedFilling.withoutPending { try impl.withReadTransformer(transformer) { try impl.unwrap(T.self, at: 0) } }
    }
}

extension DynamicValue {
    /// ObjectMapper's `mapArray` reading one object as an array of it
    /// (``ReadOptions/singleObjectAsArray``): `nil` unless `node` is an object and `T` an array.
    /// Out of line, so that the common read does not ask for the metadata it needs.
    @inline(never)
    fileprivate func singleObjectArray<T>(_ type: T.Type, from node: OverlayNode, marksKeys: Bool) throws -> T? {
        guard node.isObject, let arrayType = T.self as? any SingleElementArray.Type else { return nil }
        var single = self
        single.readOptions.remove(.singleObjectAsArray)
        return try arrayType.wrapping { try single.decodeElement($0, from: node, marksKeys: marksKeys) } as? T
    }

    /// An element of an array read from a single object (``ReadOptions/singleObjectAsArray``).
    fileprivate func decodeElement<Element: Decodable>(_ type: Element.Type, from node: OverlayNode, marksKeys: Bool) throws -> Any {
        try decode(Element.self, from: node, marksKeys: marksKeys, transformer: nil)
    }
}

/// What ``DynamicMap``'s subscript can ask of the reads of a place.
struct ReadOptions: OptionSet, Sendable {
    let rawValue: UInt8
    /// `null` leaves an optional property as it is instead of making it `nil`.
    static let ignoresNull = ReadOptions(rawValue: 1 << 0)
    /// An object read into an array property becomes an array of that one element.
    static let singleObjectAsArray = ReadOptions(rawValue: 1 << 1)
}

/// `Array`, seen without its element type: an array made of one decoded element.
protocol SingleElementArray {
    static func wrapping(_ decodeElement: (any Decodable.Type) throws -> Any) throws -> Self?
}

extension Array: SingleElementArray where Element: Decodable {
    static func wrapping(_ decodeElement: (any Decodable.Type) throws -> Any) throws -> Self? {
        (try decodeElement(Element.self) as? Element).map { [$0] }
    }
}

/// A dictionary of mappable models, which ``DynamicJSONDecoder/decode(into:from:)`` updates
/// as ObjectMapper does: each model under a key of the payload is updated in place, a new key
/// gets a new model, and keys the payload lacks stay.
protocol MappableDictionary {
    mutating func update(from impl: DecoderImpl, at index: Int, path: CodingPathNode) throws
}

extension Dictionary: MappableDictionary where Key == String, Value: DynamicMappable {
    mutating func update(from impl: DecoderImpl, at index: Int, path: CodingPathNode) throws {
        for key in impl.document.children(of: index) {
            let name = impl.document.string(impl.nodes[key])
            let valueIndex = key + 1
            let memberPath = path.appending(.key(StringKey(name)))
            if var model = self[name], impl.nodes[valueIndex].kind == .object {
                try impl.withPath(memberPath) { try impl.update(&model, at: valueIndex) }
                self[name] = model
            } else {
                self[name] = try impl.decodeDetached(Value.self, at: valueIndex, marksKeys: true, path: { memberPath })
            }
        }
    }
}
