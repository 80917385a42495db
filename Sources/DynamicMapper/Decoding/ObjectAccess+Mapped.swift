import Foundation

extension ObjectAccess {
    /// Decodes the `@Mapped` property `property` of the model being decoded from this object,
    /// and gives its layout entry.
    func decodeMapped<Value: Decodable>(_ type: Value.Type, property: String, entry taken: inout Unretained<MappedEntry>?) throws -> Value {
        guard
            let entry = impl.mappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object)
                ?? impl.renamedMappedEntry(codingKey: property, valueType: ObjectIdentifier(Value.self), object: object)
        else {
            return try decodeUnmapped(Value.self, property: property)
        }
        taken = Unretained(entry)
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
            return try MappedDecoding.value(Value.self, configuration: .plain, defaultValue: nil, from: self, path: [.key(property)], property: property) {
                impl, node, path in
                try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
            }
        } catch DecodingError.keyNotFound {
            throw unmappedError(Value.self, property: property)
        }
    }

    /// Decodes the `@Mapped` property `property`, whose value is not `Decodable`, through its
    /// transformer; `plain` says why it cannot be decoded otherwise.
    func decodeMapped<Value>(_ type: Value.Type, property: String, entry taken: inout Unretained<MappedEntry>?, plain: PlainMappedDecoding<Value>) throws
        -> Value
    {
        guard
            let entry = impl.mappedEntry(named: property, valueType: ObjectIdentifier(Value.self), object: object)
                ?? impl.renamedMappedEntry(codingKey: property, valueType: ObjectIdentifier(Value.self), object: object)
        else {
            throw unmappedError(Value.self, property: property)
        }
        taken = Unretained(entry)
        return try MappedDecoding.value(Value.self, entry: entry, from: self, plain: plain)
    }

    /// The error for a `@Mapped` property that no layout describes: its key, default and
    /// options cannot be known, so decoding it by its coding key alone would quietly ignore
    /// them (while encoding honours them).
    @inline(never)
    private func unmappedError<Value>(_ type: Value.Type, property key: String) -> DecodingError {
        let codingPath = path.codingPath(appending: .key(StringKey(key)))
        guard let layout = impl.mappedLayout(ofObject: object) else {
            return .dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "The @Mapped property \(key) is in a type that is not MappedCodable, or one whose init(from:) was called directly: its key, default and options are only known to a MappedCodable model decoded through a container or at the top level. Conform the type to MappedCodable (Codable with init()), or decode it with container.decode(_:forKey:)."
                ))
        }
        let expected = impl.expectedMappedEntry(valueType: ObjectIdentifier(Value.self)).map { " (the property \($0.name)?)" } ?? ""
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "\(layout.modelName) asks for a @Mapped property of type \(Value.self) under the coding key \"\(key)\"\(expected), which is not a property name, and running its init(from:) once on zero values to learn the keys its CodingKeys give did not tell (it threw, or asked for no property under that key). Write the key on the wrapper (@Mapped(\"\(key)\")) and keep the case's name in CodingKeys."
            ))
    }
}
