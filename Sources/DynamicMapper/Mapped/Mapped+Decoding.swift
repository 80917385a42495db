import Foundation

extension KeyedDecodingContainer {
    /// Decodes a ``Mapped`` property under its own key or path, with its default and options.
    /// The synthesized `init(from:)` of a ``MappedCodable`` model calls this.
    ///
    /// ```swift
    /// @Mapped("address.zipCode") var zipCode: Int
    /// ```
    ///
    /// With this package's decoder the property's declaration is looked up in its model's
    /// layout. Other decoders only see the property's name: the value is decoded plainly
    /// under it, and a missing key says which decoder to use instead.
    ///
    /// - Throws: `DecodingError.keyNotFound` (with the full path) for a missing key without a
    ///   default, `typeMismatch` for a value of the wrong type, ``MappedValidationError`` for a
    ///   value a validation refuses.
    @inlinable
    public func decode<Value: Decodable>(_ type: Mapped<Value>.Type, forKey key: Key) throws -> Mapped<Value> {
        // Inlined so that the wrapper is made where its type is known: in code generic over
        // `Value`, every generic type costs a run-time metadata lookup. The container itself
        // says whether it is this package's: its object (and the decoder that knows the
        // model's layout) comes from it, never from state another decoder could see. The usual
        // container answers with its plain values, and the property is read from them by code
        // that is not generic over the key type.
        // The entry is a plain pointer, not a `MappedConfiguration`: an enum that may hold a
        // key would be destroyed when overwritten, on every property.
        var entry: Unmanaged<MappedEntry>?
        let value: Value
        do {
            let model = try? decode(MappedModelAccess.self, forKey: key)
            if let model, model.isDirect {
                // The common scalars through entry points specialised for them (the checks fold
                // away here, where `Value` is known): code generic over `Value` would pass its
                // metadata around and copy the value out through it.
                if Value.self == String.self {
                    value = unsafeBitCast(try model.decodeMappedString(property: key.stringValue, entry: &entry), to: Value.self)
                } else if Value.self == Int.self {
                    value = unsafeBitCast(try model.decodeMappedInt(property: key.stringValue, entry: &entry), to: Value.self)
                } else if Value.self == Double.self {
                    value = unsafeBitCast(try model.decodeMappedDouble(property: key.stringValue, entry: &entry), to: Value.self)
                } else if Value.self == Bool.self {
                    value = unsafeBitCast(try model.decodeMappedBool(property: key.stringValue, entry: &entry), to: Value.self)
                } else {
                    value = try model.decodeMapped(Value.self, property: key.stringValue, entry: &entry)
                }
            } else {
                value = try decodeMappedValue(Value.self, forKey: key, model: model, entry: &entry)
            }
        } catch let probed as MappedProbe.Signal {
            return Mapped.probed(probed)
        }
        return Mapped(storage: value, configuration: MappedConfiguration(entry: entry))
    }

    /// Decodes a ``Mapped`` property whose value is not `Decodable`, through its transformer.
    ///
    /// ```swift
    /// @Mapped(using: Base64ImageTransformer()) var image: Image
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with a decoder other than this package's, which
    ///   cannot know the property's transformer.
    public func decode<Value>(_ type: Mapped<Value>.Type, forKey key: Key) throws -> Mapped<Value> {
        let access: ObjectAccess
        do {
            access = try decode(ObjectAccess.self, forKey: key)
        } catch let probed as MappedProbe.Signal {
            return Mapped.probed(probed)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "\(Value.self) is not Decodable: only its @Mapped transformer can read it. " + MappedAdvice.decoding))
        }
        var entry: Unmanaged<MappedEntry>?
        let value = try access.decodeMapped(Value.self, property: key.stringValue, entry: &entry) { _, _, path in
            throw DecodingError.typeMismatch(Value.self, DecodingError.Context(
                codingPath: path().codingPath,
                debugDescription: "\(Value.self) is not Decodable; give the @Mapped property a transformer (using:)."))
        }
        return Mapped(storage: value, configuration: MappedConfiguration(entry: entry))
    }

    /// The value of the `@Mapped` property `key` from any container but this package's usual
    /// one (which ``MappedModelAccess/decodeMapped(_:property:entry:)`` reads), and its layout
    /// entry when the decoder knows it. `model` is what the container answered when
    /// asked for its object (nil: it is another decoder's).
    @usableFromInline
    func decodeMappedValue<Value: Decodable>(_ type: Value.Type, forKey key: Key, model: MappedModelAccess?, entry taken: inout Unmanaged<MappedEntry>?) throws -> Value {
        guard model != nil, let access = try? decode(ObjectAccess.self, forKey: key) else {
            return try decodeMappedValueByName(Value.self, forKey: key)
        }
        return try access.decodeMapped(Value.self, property: key.stringValue, entry: &taken)
    }

    /// A `@Mapped` value through another decoder, which only sees the property's name. Kept
    /// apart from the fast path: its `Value?` would cost a metadata lookup on every call.
    @usableFromInline @inline(never)
    func decodeMappedValueByName<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        if !contains(key), let missing = MappedDecoding.none(Value.self) ?? MappedDecoding.absent(Value.self) { return missing }
        do {
            return try decode(Value.self, forKey: key)
        } catch DecodingError.keyNotFound(let missing, let context) {
            throw DecodingError.keyNotFound(missing, DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: context.debugDescription + " " + MappedAdvice.decoding,
                underlyingError: context.underlyingError))
        }
    }
}

/// What to use when a coder cannot see a `@Mapped` property's declaration.
enum MappedAdvice {
    static let decoding = "A @Mapped property with its own key, path, default or options needs DynamicJSONDecoder, or decode Keyed<Model> with this decoder."
    static let encoding = "A @Mapped property with its own key or path needs DynamicJSONEncoder, or encode Keyed(model) with this encoder."
}

/// Reads one value at a node with this package's decoder: the value type's own decoding.
typealias PlainMappedDecoding<Value> = (DecoderImpl, Int, () -> CodingPathNode) throws -> Value

extension MappedModelAccess {
    /// Decodes the `@Mapped` property `property` of the model being decoded from this object,
    /// and gives its layout entry; only for a direct access (``isDirect``).
    ///
    /// The common case, a property under one key of its own with no options and a value
    /// there, is read here without making an ``ObjectAccess``; the rest goes to it.
    @usableFromInline
    func decodeMapped<Value: Decodable>(_ type: Value.Type, property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Value {
        // Unretained: the container that asked holds the decoder, and the decoder's layout
        // its entries, for the whole call. Only the value's own decoding is a generic closure.
        guard let decoder,
              let found = decoder._withUnsafeGuaranteedRef({ $0.unretainedMappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object) }) else {
            return try decodeUnlisted(Value.self, property: property, entry: &taken)
        }
        taken = found
        let node = found._withUnsafeGuaranteedRef { entry in
            entry.plainKey.flatMap { key in
                decoder._withUnsafeGuaranteedRef { $0.member(named: key, of: object, depth: pathReference._withUnsafeGuaranteedRef(\.depth), index: nil) }
            }
        }
        guard let node, decoder._withUnsafeGuaranteedRef({ $0.nodes[node].kind != .null }) else {
            return try decodeOtherwise(Value.self, entry: found, impl: decoder, lookedUp: node)
        }
        do {
            return try decoder._withUnsafeGuaranteedRef { try $0.decodeMappedMember(Value.self, at: node, parent: pathReference, entry: found) }
        } catch {
            // Not `catch let error as DecodingError`: a `DecodingError` in this function would
            // cost a run-time lookup of its size on every call, failing or not.
            return try MappedDecoding.converted(Value.self, at: node, impl: decoder.takeUnretainedValue(), error: error)
        }
    }

    /// ``decodeMapped(_:property:entry:)`` for a `String` property.
    @usableFromInline
    func decodeMappedString(property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> String {
        try decodeMapped(String.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for an `Int` property.
    @usableFromInline
    func decodeMappedInt(property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Int {
        try decodeMapped(Int.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for a `Double` property.
    @usableFromInline
    func decodeMappedDouble(property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Double {
        try decodeMapped(Double.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for a `Bool` property.
    @usableFromInline
    func decodeMappedBool(property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Bool {
        try decodeMapped(Bool.self, property: property, entry: &taken)
    }

    /// A property the layout does not list under its name (renamed, or unknown).
    @inline(never)
    private func decodeUnlisted<Value: Decodable>(_ type: Value.Type, property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Value {
        guard let impl else { throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "Only DynamicJSONDecoder gives access to the object.")) }
        return try ObjectAccess(self, impl: impl).decodeMapped(Value.self, property: property, entry: &taken)
    }

    /// A property with a path or options, or whose value is missing or `null` (`lookedUp`: nil
    /// or the `null`, for a property under one key).
    /// Both references unmanaged, for the reason ``decodeMapped(_:property:entry:)`` reads them
    /// so (they outlive the call): passed as strong references they were retained around it.
    @inline(never)
    private func decodeOtherwise<Value: Decodable>(_ type: Value.Type, entry: Unmanaged<MappedEntry>, impl: Unmanaged<DecoderImpl>, lookedUp: Int?) throws -> Value {
        try entry._withUnsafeGuaranteedRef { entry in
            try impl._withUnsafeGuaranteedRef { impl in
                try decodeOtherwise(Value.self, entry: entry, impl: impl, lookedUp: lookedUp)
            }
        }
    }

    @inline(__always)
    private func decodeOtherwise<Value: Decodable>(_ type: Value.Type, entry: MappedEntry, impl: DecoderImpl, lookedUp: Int?) throws -> Value {
        let access = ObjectAccess(self, impl: impl)
        guard entry.plainKey != nil else { return try access.decodeMapped(Value.self, entry: entry) }
        // The common missing key with a default, as `MappedDecoding.value` takes it.
        if lookedUp == nil, let value = entry.defaultValue(Value.self) {
            impl.report(.defaultForMissingKey, missingAt: entry.path, below: object, codingPath: MappedLocation(access: access, path: entry.path).codingPath)
            impl.keep(value, missingAt: entry.path, below: object)
            return value
        }
        // The key was looked for already: a missing key is not walked for again.
        return try MappedDecoding.value(Value.self, entry: entry, from: access, lookedUp: .some(lookedUp)) { impl, node, path in
            try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
        }
    }
}

extension ObjectAccess {
    /// Decodes the `@Mapped` property `property` of the model being decoded from this object,
    /// and gives its layout entry.
    func decodeMapped<Value: Decodable>(_ type: Value.Type, property: String, entry taken: inout Unmanaged<MappedEntry>?) throws -> Value {
        guard let entry = impl.mappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object)
                ?? impl.renamedMappedEntry(codingKey: property, valueType: ObjectIdentifier(Value.self), object: object) else {
            return try decodeUnmapped(Value.self, property: property)
        }
        taken = Unmanaged.passUnretained(entry)
        return try decodeMapped(Value.self, entry: entry)
    }

    /// Decodes the layout's property `entry` from this object.
    func decodeMapped<Value: Decodable>(_ type: Value.Type, entry: MappedEntry) throws -> Value {
        // The common case, a key or path of keys with no options and a value there, goes
        // straight to the decoder.
        if let key = entry.plainKey {
            if let node = valueNode(named: key), impl.nodes[node].kind != .null {
                do {
                    return try impl.decodeChild(Value.self, at: node, parent: path, makeStep: { .key(entry.codingKey) })
                } catch let error as DecodingError {
                    return try MappedDecoding.converted(Value.self, at: node, impl: impl, failure: error)
                }
            }
        } else if entry.isPlain, let node = try MappedDecoding.node(at: entry.path, in: self), impl.nodes[node].kind != .null {
            do {
                return try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: { MappedLocation(access: self, path: entry.path).node })
            } catch let error as DecodingError {
                return try MappedDecoding.converted(Value.self, at: node, impl: impl, failure: error)
            }
        }
        return try MappedDecoding.value(Value.self, entry: entry, from: self) { impl, node, path in
            try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
        }
    }

    /// A property that the layout does not know. A model whose renamed keys could not be
    /// learned still reads a value under its coding key (without the wrapper's key, default or
    /// options, which stay unknown); only a missing value gets the error that says why. Kept
    /// apart from the fast path: its `Value?` would cost a metadata lookup on every call.
    @inline(never)
    private func decodeUnmapped<Value: Decodable>(_ type: Value.Type, property: String) throws -> Value {
        guard impl.mappedLayout(ofObject: object)?.learnedNoRenames == true else {
            throw unmappedError(Value.self, property: property)
        }
        do {
            return try MappedDecoding.value(Value.self, configuration: .plain, defaultValue: nil, from: self, path: [.key(property)], property: property) { impl, node, path in
                try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
            }
        } catch DecodingError.keyNotFound {
            throw unmappedError(Value.self, property: property)
        }
    }

    /// Decodes the `@Mapped` property `property`, whose value is not `Decodable`, through its
    /// transformer; `plain` says why it cannot be decoded otherwise.
    func decodeMapped<Value>(_ type: Value.Type, property: String, entry taken: inout Unmanaged<MappedEntry>?, plain: PlainMappedDecoding<Value>) throws -> Value {
        guard let entry = impl.mappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object)
                ?? impl.renamedMappedEntry(codingKey: property, valueType: ObjectIdentifier(Value.self), object: object) else {
            throw unmappedError(Value.self, property: property)
        }
        taken = Unmanaged.passUnretained(entry)
        return try MappedDecoding.value(Value.self, entry: entry, from: self, plain: plain)
    }

    /// The error for a `@Mapped` property that no layout describes: its key, default and
    /// options cannot be known, so decoding it by its coding key alone would quietly ignore
    /// them (while encoding honours them).
    @inline(never)
    private func unmappedError<Value>(_ type: Value.Type, property key: String) -> DecodingError {
        let codingPath = path.codingPath(appending: .key(StringKey(key)))
        guard let layout = impl.mappedLayout(ofObject: object) else {
            return .dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "The @Mapped property \(key) is in a type that is not MappedCodable, or one whose init(from:) was called directly: its key, default and options are only known to a MappedCodable model decoded through a container or at the top level. Conform the type to MappedCodable (Codable with init()), or decode it with container.decode(_:forKey:)."))
        }
        let expected = impl.expectedMappedEntry(valueType: ObjectIdentifier(Value.self)).map { " (the property \($0.name)?)" } ?? ""
        return .dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "\(layout.modelName) asks for a @Mapped property of type \(Value.self) under the coding key \"\(key)\"\(expected), which is not a property name, and running its init(from:) once on zero values to learn the keys its CodingKeys give did not tell (it threw, or asked for no property under that key). Write the key on the wrapper (@Mapped(\"\(key)\")) and keep the case's name in CodingKeys."))
    }
}

/// Reading `@Mapped` values. Functions generic over the value type rather than methods of a
/// generic type: each generic type used here would cost a metadata lookup per property.
enum MappedDecoding {
    /// The value of the layout's property `entry` below `access`'s object.
    /// `lookedUp` is the node at the entry's path when the caller has already looked for it
    /// (nil inside: missing).
    static func value<Value>(_ type: Value.Type, entry: MappedEntry, from access: ObjectAccess, lookedUp: Int?? = nil, plain: PlainMappedDecoding<Value>) throws -> Value {
        if entry.syntaxError != nil { try entry.checkKey(parent: { access.path.codingPath }) }
        return try value(Value.self, configuration: entry.configuration, defaultValue: entry.defaultValue(Value.self), from: access, path: entry.path, property: entry.name, lookedUp: lookedUp, plain: plain)
    }

    /// The value at `path` below `access`'s object, with the property's default and options.
    /// `lookedUp` is the node at `path` when the caller has already looked for it.
    static func value<Value>(_ type: Value.Type, configuration: MappedConfiguration, defaultValue: Value?, from access: ObjectAccess, path: [Path.Component], property: String, lookedUp: Int?? = nil, plain: PlainMappedDecoding<Value>) throws -> Value {
        let impl = access.impl
        let location = MappedLocation(access: access, path: path)
        let found: Int?
        if let lookedUp {
            found = lookedUp
        } else {
            do {
                found = try node(at: path, in: access)
            } catch where configuration.flags.contains(.lossy) {
                let value = try recovered(Value.self, defaultValue: defaultValue, from: error)
                impl.report(.defaultAfterFailure, missingAt: path, below: access.object, codingPath: location.codingPath, failure: error)
                impl.keep(value, missingAt: path, below: access.object)
                return value
            }
        }
        guard let node = found else {
            let value = try absentValue(Value.self, configuration: configuration, defaultValue: defaultValue, isNull: false, property: property, path: path, parent: { access.path.codingPath })
            if takesDefault(Value.self, defaultValue: defaultValue, isNull: false, flags: configuration.flags) {
                impl.report(.defaultForMissingKey, missingAt: path, below: access.object, codingPath: location.codingPath)
                impl.keep(value, missingAt: path, below: access.object)
            }
            return value
        }
        if impl.nodes[node].kind == .null {
            let value = try absentValue(Value.self, configuration: configuration, defaultValue: defaultValue, isNull: true, property: property, path: path, parent: { access.path.codingPath })
            if takesDefault(Value.self, defaultValue: defaultValue, isNull: true, flags: configuration.flags) {
                impl.report(.defaultForNull, node: node, codingPath: location.codingPath)
                impl.keep(value, node: node)
            }
            return value
        }
        let value: Value
        do {
            value = try present(Value.self, configuration: configuration, at: node, impl: impl, location: location, plain: plain)
        } catch where configuration.flags.contains(.lossy) {
            // The default (or nil) is taken as it is, as for a missing key.
            let recovered = try recovered(Value.self, defaultValue: defaultValue, from: error)
            let refused = configuration.flags.contains(.hasCoder) && isRefusal(error)
            impl.report(refused ? .transformerRefusal : .defaultAfterFailure, node: node, codingPath: location.codingPath, failure: error)
            impl.keep(recovered, node: node)
            return recovered
        }
        guard configuration.typed != nil, let typed = configuration.typed(Value.self), !typed.adjustments.isEmpty else { return value }
        return try typed.adjust(value, property: property, codingPath: { location.codingPath })
    }

    /// The value for a missing key, or for `null` (`isNull`): the default or `nil` when the
    /// property allows, or else `keyNotFound` or `valueNotFound`. `parent` gives the coding
    /// path of the object `path` starts from, built only for an error.
    static func absentValue<Value>(_ type: Value.Type, configuration: MappedConfiguration, defaultValue: Value?, isNull: Bool, property: String, path: [Path.Component], parent: () -> [any CodingKey]) throws -> Value {
        // A missing key with a default takes it whatever the type: checked first, because the
        // casts below look up conformances at run time.
        if !isNull, let defaultValue { return defaultValue }
        let flags = configuration.flags
        if let presence = Value.self as? any AnyPresence.Type {
            // A `Presence` holds `null` itself, unless the property counts it as missing.
            if isNull, !flags.contains(.nullIsMissing), let null = presence.nullValue as? Value { return null }
            if let defaultValue { return defaultValue }
            if let absent = presence.absentValue as? Value { return absent }
        }
        if let defaultValue, !isNull || flags.contains(.nullIsMissing) || flags.contains(.lossy) {
            return defaultValue
        }
        if let none = none(Value.self) { return none }
        if isNull {
            throw DecodingError.valueNotFound(Value.self, DecodingError.Context(
                codingPath: parent() + path.map(\.codingPathStep.codingKey),
                debugDescription: "Expected \(Value.self) for the @Mapped property \(property) but found null instead."))
        }
        let key = path.last?.codingPathStep.codingKey ?? StringKey(property)
        throw DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: parent() + path.dropLast().map(\.codingPathStep.codingKey),
            debugDescription: "No value for the @Mapped property \(property) at \(Path(path))."))
    }

    /// Whether ``absentValue(_:configuration:defaultValue:isNull:property:path:parent:)``
    /// gives the property's default (which a report records), rather than `nil`, a
    /// `Presence`'s own state or an error.
    static func takesDefault<Value>(_ type: Value.Type, defaultValue: Value?, isNull: Bool, flags: MappedFlags) -> Bool {
        guard defaultValue != nil else { return false }
        if !isNull { return true }
        if Value.self is any AnyPresence.Type { return !isNull || flags.contains(.nullIsMissing) }
        return !isNull || flags.contains(.nullIsMissing) || flags.contains(.lossy)
    }

    /// Whether a coder's `error` is its refusal of the value (rather than a raw value of the
    /// wrong type, say): transformers' refusals and date strategies' become `dataCorrupted`.
    static func isRefusal(_ error: any Error) -> Bool {
        if case .dataCorrupted? = error as? DecodingError { return true }
        return !(error is DecodingError)
    }

    /// What a lossy property takes when its value failed to decode: the default, `nil` or
    /// `.absent` (a `Presence`), or else the error.
    static func recovered<Value>(_ type: Value.Type, defaultValue: Value?, from error: any Error) throws -> Value {
        if let defaultValue { return defaultValue }
        if let none = none(Value.self) { return none }
        if let absent = absent(Value.self) { return absent }
        throw error
    }

    /// `.absent` as a `Value`, when `Value` is a ``Presence``.
    static func absent<Value>(_ type: Value.Type) -> Value? {
        (Value.self as? any AnyPresence.Type)?.absentValue as? Value
    }

    /// `nil` as a `Value`, when `Value` is an optional.
    static func none<Value>(_ type: Value.Type) -> Value? {
        guard let optional = Value.self as? any AnyOptional.Type else { return nil }
        return optional.noneValue as? Value
    }

    /// The node at `path` from the object, or nil when a step is missing or `null`.
    ///
    /// - Throws: `DecodingError.typeMismatch` when a step on the way is a value other than an
    ///   object (or an array, for an index): the document is not shaped as the path says.
    static func node(at path: [Path.Component], in access: ObjectAccess) throws -> Int? {
        guard case .key(let first)? = path.first else {
            return path.isEmpty ? access.object : nil
        }
        if path.count == 1 { return access.valueNode(named: first) }
        let impl = access.impl
        // Paths that share their first key (`address.city`, `address.zip`) find it once: the
        // decoder keeps the last one found, as a second walk would start after it and go round.
        guard let member = impl.traversedMember(named: first, of: access.object) ?? access.valueNode(named: first, traversing: true) else { return nil }
        impl.rememberTraversedMember(member, named: first, of: access.object)
        // The coding path is only needed to convert keys with a strategy (or to mark the keys
        // a dynamic model's path passes through).
        let found = impl.options.usesDefaultKeys && !impl.recordsKeyUsage
            ? impl.document.lookUp(path.dropFirst(), from: member)
            : impl.lookUp(path.dropFirst(), from: member, base: access.path.codingPath(appending: .key(StringKey(first))))
        switch found {
        case .found(let node):
            impl.markRouteForReport(to: node)
            return node
        case .missing:
            return nil
        case .wrongKind(let step, let parent):
            throw impl.pathError(.wrongKind(step: step + 1, parent: parent), components: path, base: access.path.codingPath)
        }
    }

    private static func present<Value>(_ type: Value.Type, configuration: MappedConfiguration, at node: Int, impl: DecoderImpl, location: MappedLocation, plain: PlainMappedDecoding<Value>) throws -> Value {
        if configuration.typed != nil, let coder = configuration.coder(Value.self) {
            return try coder.decode(from: impl, at: node, codingPath: { location.codingPath })
        }
        if configuration.flags.contains(.lossy), let lossy = Value.self as? any LossyArray.Type {
            return try lossy.decodeDroppingFailures(from: impl, at: node, path: location.node) as! Value
        }
        do {
            return try plain(impl, node, { location.node })
        } catch let error as DecodingError where !configuration.flags.contains(.strict) {
            return try converted(Value.self, at: node, impl: impl, failure: error)
        }
    }

    /// The value converted losslessly after its own decoding failed with `failure`, or that
    /// failure. Kept apart: its `Value?` costs a metadata lookup, which only failures pay.
    @inline(never)
    static func converted<Value>(_ type: Value.Type, at node: Int, impl: DecoderImpl, failure: DecodingError) throws -> Value {
        guard case .typeMismatch(_, let context) = failure, let value = impl.document.json(at: node, maximumNesting: JSON.maximumNesting),
              let converted = LosslessValue.convert(value, to: Value.self) else {
            throw failure
        }
        impl.report(.losslessConversion, node: node, codingPath: context.codingPath)
        impl.keep(converted, node: node)
        return converted
    }

    /// ``converted(_:at:impl:failure:)`` for any `error`: only a `DecodingError` is converted.
    @inline(never)
    static func converted<Value>(_ type: Value.Type, at node: Int, impl: DecoderImpl, error: any Error) throws -> Value {
        guard let failure = error as? DecodingError else { throw error }
        return try converted(Value.self, at: node, impl: impl, failure: failure)
    }
}

extension DecoderImpl {
    /// Decodes the value at `index` of the member `entry.plainKey` of the object whose
    /// container has the path `parent`, as ``decodeChild(_:at:parent:step:)`` would.
    ///
    /// The closures that build the coding path capture only unretained references: what a
    /// closure captures strongly is retained around every call that takes it, which costs
    /// more than reading most scalars. All three outlive the call (the caller's container
    /// holds this decoder and its path node, and the decoder's layout the entry). `parent`
    /// arrives unmanaged too: a strong reference made from an unretained one is retained.
    @inline(__always)
    func decodeMappedMember<T: Decodable>(_ type: T.Type, at index: Int, parent: Unmanaged<CodingPathNode>, entry: Unmanaged<MappedEntry>) throws -> T {
        let decoder = Unmanaged.passUnretained(self)
        return try decodeScalar(T.self, at: index, path: {
            parent.takeUnretainedValue().codingPath(appending: .key(entry.takeUnretainedValue().codingKey))
        }) {
            try unwrapNonScalar(type, at: index, codingPath: {
                parent.takeUnretainedValue().codingPath(appending: .key(entry.takeUnretainedValue().codingKey))
            }, node: { decoder.takeUnretainedValue().childPath(of: parent.takeUnretainedValue(), .key(entry.takeUnretainedValue().codingKey), value: index) })
        }
    }
}

/// Where a `@Mapped` value is, for error paths, which are only built when needed.
struct MappedLocation {
    let access: ObjectAccess
    let path: [Path.Component]

    var node: CodingPathNode { access.path.appending(contentsOf: path.lazy.map(\.codingPathStep)) }
    var codingPath: [any CodingKey] { access.path.codingPath + path.map(\.codingPathStep.codingKey) }
}
