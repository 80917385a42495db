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
    public func decode<Value: Decodable>(_ type: Mapped<Value>.Type, forKey key: Key) throws -> Mapped<Value> {
        if let access = try? decode(ObjectAccess.self, forKey: key) {
            return try access.decodeMapped(type, property: key.stringValue) { impl, node, path in
                try impl.decodeDetached(Value.self, at: node, marksKeys: nil, path: path)
            }
        }
        if Value.self is any AnyOptional.Type, !contains(key) { return Mapped(storage: nil, settings: .plain) }
        do {
            return Mapped(storage: try decode(Value.self, forKey: key), settings: .plain)
        } catch DecodingError.keyNotFound(let missing, let context) {
            throw DecodingError.keyNotFound(missing, DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: context.debugDescription + " " + MappedAdvice.decoding,
                underlyingError: context.underlyingError))
        }
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
        guard let access = try? decode(ObjectAccess.self, forKey: key) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "\(Value.self) is not Decodable: only its @Mapped transformer can read it. " + MappedAdvice.decoding))
        }
        return try access.decodeMapped(type, property: key.stringValue) { _, _, path in
            throw DecodingError.typeMismatch(Value.self, DecodingError.Context(
                codingPath: path().map(\.codingKey),
                debugDescription: "\(Value.self) is not Decodable; give the @Mapped property a transformer (using:)."))
        }
    }
}

/// What to use when a coder cannot see a `@Mapped` property's declaration.
enum MappedAdvice {
    static let decoding = "A @Mapped property with its own key, path, default or options needs DynamicJSONDecoder, or decode Keyed<Model> with this decoder."
    static let encoding = "A @Mapped property with its own key or path needs DynamicJSONEncoder, or encode Keyed(model) with this encoder."
}

/// Reads one value at a node with this package's decoder: the value type's own decoding.
typealias PlainMappedDecoding<Value> = (DecoderImpl, Int, () -> [PathComponent]) throws -> Value

extension ObjectAccess {
    /// Decodes the `@Mapped` property `property` of the model being decoded from this object.
    func decodeMapped<Value>(_ type: Mapped<Value>.Type, property: String, plain: PlainMappedDecoding<Value>) throws -> Mapped<Value> {
        guard let entry = impl.mappedEntry(named: property, wrapper: ObjectIdentifier(type)) else {
            // Not in the layout of the model being decoded (a model decoded by a hand-written
            // `Model(from: decoder)`): by its name, with no options.
            let settings = MappedSettings<Value>.plain
            return Mapped(storage: try settings.decodeValue(from: self, path: [.key(property)], property: property, plain: plain), settings: settings)
        }
        let prototype: Mapped<Value> = Self.open(entry.prototype)
        return try prototype.decoded(from: self, entry: entry, plain: plain)
    }

    /// The prototype as its concrete type, which the caller checked (`entry.wrapperType`).
    private static func open<Value>(_ prototype: any MappedProperty) -> Mapped<Value> {
        func cast<P: MappedProperty>(_ property: P) -> Mapped<Value> { unsafeBitCast(property, to: Mapped<Value>.self) }
        return cast(prototype)
    }
}

extension Mapped {
    /// A copy of this prototype with the value decoded for `entry`.
    func decoded(from access: ObjectAccess, entry: MappedEntry, plain: PlainMappedDecoding<Value>) throws -> Mapped {
        Mapped(storage: try settings.decodeValue(from: access, path: entry.path, property: entry.name, plain: plain), settings: settings)
    }
}

extension MappedSettings {
    /// No key, default or options: a property seen only by its name.
    static var plain: MappedSettings { MappedSettings(key: nil, defaultValue: nil, options: []) }

    /// The value at `path` below `access`'s object, with this property's default and options.
    func decodeValue(from access: ObjectAccess, path: [Path.Component], property: String, plain: PlainMappedDecoding<Value>) throws -> Value {
        let impl = access.impl
        let location = MappedLocation(access: access, path: path)
        let codingPath = { location.codingPath }
        guard let node = Self.node(at: path, in: access) else {
            return try absentValue(isNull: false, property: property, path: path, parent: access.path.map(\.codingKey))
        }
        if impl.nodes[node].kind == .null {
            return try absentValue(isNull: true, property: property, path: path, parent: access.path.map(\.codingKey))
        }
        let value: Value
        do {
            value = try decodePresent(at: node, impl: impl, location: location, plain: plain)
        } catch where flags.contains(.lossy) {
            value = try recovered(from: error)
        }
        return try adjust(value, property: property, codingPath: codingPath)
    }

    /// The value for a missing key, or for `null` (`isNull`): the default or `nil` when the
    /// property allows, or else `keyNotFound` or `valueNotFound`. `parent` is the coding path
    /// of the object `path` starts from.
    func absentValue(isNull: Bool, property: String, path: [Path.Component], parent: [any CodingKey]) throws -> Value {
        if let defaultValue, !isNull || flags.contains(.nullIsMissing) || flags.contains(.lossy) { return defaultValue }
        if let none = Self.none { return none }
        if isNull {
            throw DecodingError.valueNotFound(Value.self, DecodingError.Context(
                codingPath: parent + path.map(\.pathComponent.codingKey),
                debugDescription: "Expected \(Value.self) for the @Mapped property \(property) but found null instead."))
        }
        let key = path.last?.pathComponent.codingKey ?? StringKey(property)
        throw DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: parent + path.dropLast().map(\.pathComponent.codingKey),
            debugDescription: "No value for the @Mapped property \(property) at \(Path(path))."))
    }

    /// What a lossy property takes when its value failed to decode: the default or `nil`, or
    /// else the error.
    func recovered(from error: any Error) throws -> Value {
        if let defaultValue { return defaultValue }
        if let none = Self.none { return none }
        throw error
    }

    /// The node at `path` from the object, or nil when a step is missing or not a container.
    private static func node(at path: [Path.Component], in access: ObjectAccess) -> Int? {
        guard case .key(let first)? = path.first else {
            return path.isEmpty ? access.object : nil
        }
        guard let member = access.valueNode(named: first) else { return nil }
        if path.count == 1 { return member }
        let base = (access.path + [.key(StringKey(first))]).map(\.codingKey)
        if case .found(let node) = access.impl.lookUp(path.dropFirst(), from: member, base: base) { return node }
        return nil
    }

    private func decodePresent(at node: Int, impl: DecoderImpl, location: MappedLocation, plain: PlainMappedDecoding<Value>) throws -> Value {
        let codingPath = { location.codingPath }
        if let coder { return try coder.decode(from: impl, at: node, codingPath: codingPath) }
        if let date {
            // `.date` exists only for `Date` and `Date?` properties.
            return try date.coding.decode(from: impl, at: node, codingPath: codingPath) as! Value
        }
        if flags.contains(.lossy), let lossy = Value.self as? any LossyArray.Type {
            return try lossy.decodeDroppingFailures(from: impl, at: node, path: location.components) as! Value
        }
        do {
            return try plain(impl, node, { location.components })
        } catch DecodingError.typeMismatch(let type, let context) where !flags.contains(.strict) {
            guard let converted = LosslessValue.convert(impl.document.json(at: node), to: Value.self) else {
                throw DecodingError.typeMismatch(type, context)
            }
            return converted
        }
    }

    /// `nil` as a `Value`, when `Value` is an optional.
    static var none: Value? {
        guard let optional = Value.self as? any AnyOptional.Type else { return nil }
        return optional.noneValue as? Value
    }
}

/// Where a `@Mapped` value is, for error paths, which are only built when needed.
struct MappedLocation {
    let access: ObjectAccess
    let path: [Path.Component]

    var components: [PathComponent] { access.path + path.map(\.pathComponent) }
    var codingPath: [any CodingKey] { components.map(\.codingKey) }
}

/// `Optional`, seen without its wrapped type.
protocol AnyOptional {
    static var noneValue: Any { get }
    var isNone: Bool { get }
}

extension Optional: AnyOptional {
    static var noneValue: Any { Optional.none as Any }
    var isNone: Bool { self == nil }
}
