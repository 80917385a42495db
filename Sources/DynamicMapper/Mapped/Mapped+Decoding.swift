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
        // The entry is an unretained reference, not a `MappedConfiguration`: an enum that may hold a
        // key would be destroyed when overwritten, on every property.
        var entry: Unretained<MappedEntry>?
        let value: Value
        do {
            let model = try? decode(MappedModelAccess.self, forKey: key)
            if let model, model.isDirect {
                // The common scalars through entry points specialised for them (the checks fold
                // away here, where `Value` is known): code generic over `Value` would pass its
                // metadata around and copy the value out through it.
                if let same = SameType(String.self, Value.self) {
                    value = same.cast(try model.decodeMappedString(property: key.stringValue, entry: &entry))
                } else if let same = SameType(Int.self, Value.self) {
                    value = same.cast(try model.decodeMappedInt(property: key.stringValue, entry: &entry))
                } else if let same = SameType(Double.self, Value.self) {
                    value = same.cast(try model.decodeMappedDouble(property: key.stringValue, entry: &entry))
                } else if let same = SameType(Bool.self, Value.self) {
                    value = same.cast(try model.decodeMappedBool(property: key.stringValue, entry: &entry))
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
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "\(Value.self) is not Decodable: only its @Mapped transformer can read it. " + MappedAdvice.decoding))
        }
        var entry: Unretained<MappedEntry>?
        let value = try access.decodeMapped(Value.self, property: key.stringValue, entry: &entry) { _, _, path in
            throw DecodingError.typeMismatch(
                Value.self,
                DecodingError.Context(
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
    func decodeMappedValue<Value: Decodable>(_ type: Value.Type, forKey key: Key, model: MappedModelAccess?, entry taken: inout Unretained<MappedEntry>?) throws
        -> Value
    {
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
            throw DecodingError.keyNotFound(
                missing,
                DecodingError.Context(
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
