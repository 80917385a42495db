import Foundation

extension KeyedEncodingContainer {
    /// Encodes a ``Mapped`` property under its own key or path. The synthesized
    /// `encode(to:)` of a ``MappedCodable`` model calls this.
    ///
    /// ```swift
    /// @Mapped("address.zipCode") var zipCode: Int   // {"address": {"zipCode": 94040}}
    /// ```
    ///
    /// A `nil` value leaves the key out, or writes `null` with ``MappedOption/encodeNil``; a
    /// ``Presence`` writes `.absent` as no key and `.null` as `null`.
    /// Transformers and date strategies apply.
    ///
    /// - Throws: `EncodingError.invalidValue` when a transformer refuses the value, when an
    ///   unset property has no value, and with an encoder other
    ///   than this package's for a property with its own key or path, a transformer or a date
    ///   strategy (such an encoder can only write the property's name, and its decoder would
    ///   read the value back without the transformer).
    public mutating func encode<Value: Encodable>(_ value: Mapped<Value>, forKey key: Key) throws {
        try encodeMapped(value, forKey: key, nested: false) { $0 }
    }

    /// Encodes a ``Mapped`` property whose value is not `Encodable`, through its transformer.
    ///
    /// ```swift
    /// @Mapped(using: Base64ImageTransformer()) var image: Image
    /// ```
    public mutating func encode<Value>(_ value: Mapped<Value>, forKey key: Key) throws {
        try encodeMapped(value, forKey: key, nested: false, plain: MappedRaw.encodable)
    }

    /// Writes `wrapper`'s value; `nested` writes a path through nested containers (only for
    /// `AnyKey` containers of other encoders, which can name any key).
    mutating func encodeMapped<Value>(_ wrapper: Mapped<Value>, forKey key: Key, nested: Bool, plain: (Value) throws -> any Encodable) throws {
        let configuration = wrapper.configuration
        let value = try MappedRaw.value(of: wrapper, codingPath: codingPath + [key])
        if let presence = value as? any AnyPresence, presence.isAbsent { return }
        let raw = try MappedRaw.raw(of: value, configuration: configuration, codingPath: codingPath + [key], plain: plain)
        if raw == nil && !configuration.flags.contains(.encodeNil) { return }
        let target = configuration.key ?? key.stringValue
        // A transformer or date strategy goes through `MappedMember` too, even under the
        // property's name: an encoder that cannot see the property's declaration would read
        // the value back without it, so it must refuse to write it.
        if target == key.stringValue && !configuration.flags.contains(.hasCoder) {
            if let raw { try encode(raw, forKey: key) } else { try encodeNil(forKey: key) }
            return
        }
        let path: [Path.Component]
        if target == key.stringValue {
            path = [.key(target)]
        } else {
            let written = Path(target)
            if let syntaxError = written.syntaxError {
                throw EncodingError.invalidValue(
                    target,
                    EncodingError.Context(
                        codingPath: codingPath + [key], debugDescription: MappedEntry.malformedMessage(syntaxError, property: key.stringValue)))
            }
            path = written.components
        }
        if nested {
            try encode(raw, at: path[...], codingPath: codingPath)
        } else {
            try encode(MappedMember(path: path, value: raw), forKey: key)
        }
    }

    /// Writes `raw` at `path` through nested containers.
    private mutating func encode(_ raw: (any Encodable)?, at path: ArraySlice<Path.Component>, codingPath: [any CodingKey]) throws {
        guard case .key(let name)? = path.first, let key = Key(stringValue: name) else {
            throw MappedMember.indexError(Path(Array(path)), codingPath: codingPath)
        }
        if path.count == 1 {
            if let raw { try encode(raw, forKey: key) } else { try encodeNil(forKey: key) }
            return
        }
        var nested = nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try nested.encode(raw, at: path.dropFirst(), codingPath: codingPath + [key])
    }
}

/// What a ``Mapped`` value is written as.
enum MappedRaw {
    /// The wrapper's value; an unset property whose type has no zero value cannot be written.
    static func value<Value>(of wrapper: Mapped<Value>, codingPath: [any CodingKey]) throws -> Value {
        guard let value = wrapper.currentValue else {
            throw EncodingError.invalidValue(
                Value.self,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "The @Mapped property of type \(Value.self) has no value: it was never decoded or assigned, and has no default."))
        }
        return value
    }

    /// The document's value for `value`, or nil for a `nil` optional.
    static func raw<Value>(of value: Value, configuration: MappedConfiguration, codingPath: [any CodingKey], plain: (Value) throws -> any Encodable) throws -> (
        any Encodable
    )? {
        if let optional = value as? any AnyOptional, optional.isNone { return nil }
        if let coder = configuration.coder(Value.self) { return try coder.raw(for: value, codingPath: codingPath) }
        return try plain(value)
    }

    /// `value` as an `Encodable`, for wrappers whose value type is not known to be one.
    static func encodable<Value>(_ value: Value) throws -> any Encodable {
        guard let encodable = value as? any Encodable else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "\(Value.self) is not Encodable; give the @Mapped property a transformer (using:)."))
        }
        return encodable
    }
}

/// A `@Mapped` value to be written at a key or path that the container's own key type cannot
/// name. This package's keyed containers recognise it and write it there; any other encoder
/// gets an error that says what to use.
struct MappedMember: Encodable {
    let path: [Path.Component]
    /// The value, or nil for `null`.
    let value: (any Encodable)?

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            Path(path).description,
            EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: MappedAdvice.encoding))
    }

    static func indexError(_ path: Path, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            path.description,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "The @Mapped path \(path) has an array index, which only DynamicJSONEncoder writes (or encode Keyed(model) with this encoder)."))
    }
}
