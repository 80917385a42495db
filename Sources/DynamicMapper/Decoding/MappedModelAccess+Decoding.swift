import Foundation

extension MappedModelAccess {
    /// Decodes the `@Mapped` property `property` of the model being decoded from this object,
    /// and gives its layout entry; only for a direct access (``isDirect``).
    ///
    /// The common cases, a property under one key of its own or at a path of two keys, with no
    /// options and a value there, are read here without making an ``ObjectAccess``; the rest
    /// goes to it.
    @usableFromInline
    func decodeMapped<Value: Decodable>(_ type: Value.Type, property: String, entry taken: inout Unretained<MappedEntry>?) throws -> Value {
        // Unretained: the container that asked holds the decoder, and the decoder's layout
        // its entries, for the whole call. Only the value's own decoding is a generic closure.
        // The object and path the container left for this property, taken before anything
        // else can run on the decoder.
        guard let decoder, let asking = decoder.with({ $0.state.mappedModels.asking }) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "Only DynamicJSONDecoder gives access to the object."))
        }
        let object = asking.object
        guard let found = decoder.with({ $0.unretainedMappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object) }) else {
            return try decodeUnlisted(Value.self, property: property, asking: asking, impl: decoder, entry: &taken)
        }
        taken = found
        // A property under one key, or at a path of two keys; anything else, and a value not
        // simply there, goes the general way.
        let underOneKey = found.with { $0.plainKey != nil }
        let node = found.with { entry in
            let depth = asking.path.with { $0.depth }
            if let key = entry.plainKey {
                return decoder.with { $0.member(named: key, of: object, depth: depth, index: nil) }
            }
            guard let pair = entry.plainKeyPair else { return nil }
            return decoder.with { $0.mappedPairNode(first: pair.first, then: pair.second, of: object, depth: depth) }
        }
        guard let node, decoder.with({ $0.nodes[node].kind != .null }) else {
            return try decodeOtherwise(Value.self, entry: found, asking: asking, impl: decoder, lookedUp: node)
        }
        do {
            if underOneKey {
                return try decoder.with { try $0.decodeMappedMember(Value.self, at: node, parent: asking.path, entry: found) }
            }
            return try decoder.with { try $0.decodeMappedPathMember(Value.self, at: node, parent: asking.path, entry: found) }
        } catch {
            // Not `catch let error as DecodingError`: a `DecodingError` in this function would
            // cost a run-time lookup of its size on every call, failing or not.
            return try MappedDecoding.converted(Value.self, at: node, impl: decoder.object, error: error)
        }
    }

    /// ``decodeMapped(_:property:entry:)`` for a `String` property.
    @usableFromInline
    func decodeMappedString(property: String, entry taken: inout Unretained<MappedEntry>?) throws -> String {
        try decodeMapped(String.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for an `Int` property.
    @usableFromInline
    func decodeMappedInt(property: String, entry taken: inout Unretained<MappedEntry>?) throws -> Int {
        try decodeMapped(Int.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for a `Double` property.
    @usableFromInline
    func decodeMappedDouble(property: String, entry taken: inout Unretained<MappedEntry>?) throws -> Double {
        try decodeMapped(Double.self, property: property, entry: &taken)
    }

    /// ``decodeMapped(_:property:entry:)`` for a `Bool` property.
    @usableFromInline
    func decodeMappedBool(property: String, entry taken: inout Unretained<MappedEntry>?) throws -> Bool {
        try decodeMapped(Bool.self, property: property, entry: &taken)
    }

    /// A property the layout does not list under its name (renamed, or unknown).
    @inline(never)
    private func decodeUnlisted<Value: Decodable>(
        _ type: Value.Type, property: String, asking: MappedModels.Asking, impl: Unretained<DecoderImpl>, entry taken: inout Unretained<MappedEntry>?
    ) throws -> Value {
        try ObjectAccess(asking, impl: impl.object).decodeMapped(Value.self, property: property, entry: &taken)
    }

    /// A property with a path or options, or whose value is missing or `null` (`lookedUp`: nil
    /// or the `null`, for a property under one key).
    /// Both references unretained, for the reason ``decodeMapped(_:property:entry:)`` reads them
    /// so (they outlive the call): passed as strong references they were retained around it.
    @inline(never)
    private func decodeOtherwise<Value: Decodable>(
        _ type: Value.Type, entry: Unretained<MappedEntry>, asking: MappedModels.Asking, impl: Unretained<DecoderImpl>, lookedUp: Int?
    ) throws -> Value {
        try entry.with { entry in
            try impl.with { impl in
                try decodeOtherwise(Value.self, entry: entry, asking: asking, impl: impl, lookedUp: lookedUp)
            }
        }
    }

    @inline(__always)
    private func decodeOtherwise<Value: Decodable>(_ type: Value.Type, entry: MappedEntry, asking: MappedModels.Asking, impl: DecoderImpl, lookedUp: Int?)
        throws
        -> Value
    {
        let object = asking.object
        guard entry.plainKey != nil else { return try ObjectAccess(asking, impl: impl).decodeMapped(Value.self, entry: entry) }
        // The common missing key with a default, as `MappedDecoding.value` takes it, without
        // the access (two strong references) unless a report asks for the coding path.
        if lookedUp == nil, let value = entry.defaultValue(Value.self) {
            impl.report(
                .defaultForMissingKey, missingAt: entry.path, below: object,
                codingPath: MappedLocation(access: ObjectAccess(asking, impl: impl), path: entry.path).codingPath)
            impl.keep(value, missingAt: entry.path, below: object)
            return value
        }
        let access = ObjectAccess(asking, impl: impl)
        // The key was looked for already: a missing key is not walked for again.
        return try MappedDecoding.value(Value.self, entry: entry, from: access, lookedUp: .some(lookedUp)) { impl, node, path in
            try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
        }
    }
}
