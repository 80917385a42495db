import Foundation

extension Mapped: MappedProperty {
    var mappedKey: String? { configuration.key }

    static var valueType: ObjectIdentifier { ObjectIdentifier(Value.self) }

    var defaultBox: AnyObject? { defaultValue.map { MappedDefault($0) } }

    var anyValue: Any { wrappedValue }

    var anyCurrentValue: Any? { currentValue.map { $0 as Any } }

    func decoded(from access: ObjectAccess, entry: MappedEntry) throws -> any MappedProperty {
        try entry.checkKey(parent: { access.path.codingPath })
        let value = try MappedDecoding.value(
            Value.self, configuration: configuration, defaultValue: defaultValue, from: access, path: entry.path, property: entry.name
        ) { impl, node, path in
            try Self.decodeValue(with: NodeReader(impl: impl, node: node, path: path()))
        }
        return Mapped(storage: value, defaultValue: defaultValue, configuration: configuration)
    }

    func decoded(from container: KeyedDecodingContainer<AnyKey>, entry: MappedEntry) throws -> any MappedProperty {
        try entry.checkKey(parent: { container.codingPath })
        let value = try MappedDecoding.value(
            Value.self, configuration: configuration, defaultValue: defaultValue, from: container, path: entry.path, property: entry.name)
        return Mapped(storage: value, defaultValue: defaultValue, configuration: configuration)
    }

    func replacingValue(with value: Any?) -> (any MappedProperty)? {
        guard let value else {
            guard let none = MappedDecoding.none(Value.self) else { return nil }
            return Mapped(storage: none, defaultValue: defaultValue, configuration: configuration)
        }
        guard let typed = value as? Value else { return nil }
        return Mapped(storage: typed, defaultValue: defaultValue, configuration: configuration)
    }

    func encode(into container: inout KeyedEncodingContainer<AnyKey>, property: String, nested: Bool) throws {
        try container.encodeMapped(self, forKey: AnyKey(literal: property), nested: nested, plain: MappedRaw.encodable)
    }

    /// Decodes `Value` with `reader` when it is `Decodable` (checked at run time: this is the
    /// path for models decoded by hand, not the synthesized one).
    static func decodeValue(with reader: some DecodableReader) throws -> Value {
        guard let decodable = Value.self as? any Decodable.Type else {
            throw DecodingError.typeMismatch(
                Value.self,
                DecodingError.Context(
                    codingPath: reader.codingPath, debugDescription: "\(Value.self) is not Decodable; give the @Mapped property a transformer (using:)."))
        }
        return try reader.read(decodable) as! Value
    }
}

/// Reads any `Decodable` type from one place.
protocol DecodableReader {
    var codingPath: [any CodingKey] { get }
    func read<T: Decodable>(_ type: T.Type) throws -> T
}

/// A node of this package's decoder.
private struct NodeReader: DecodableReader {
    let impl: DecoderImpl
    let node: Int
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.codingPath }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        try impl.decodeDetached(T.self, at: node, marksKeys: nil, path: { path })
    }
}

/// Any decoder's single value.
struct DecoderReader: DecodableReader {
    let decoder: any Decoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: decoder)
    }
}

extension MappedDecoding {
    /// The value at `path` below `container`'s object, through any decoder's containers (a
    /// hand-written `init(from:)` with a decoder other than this package's).
    static func value<Value>(
        _ type: Value.Type, configuration: MappedConfiguration, defaultValue: Value?, from container: KeyedDecodingContainer<AnyKey>, path: [Path.Component],
        property: String
    ) throws -> Value {
        var object = container
        for component in path.dropLast() {
            guard case .key(let name) = component, let nested = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(literal: name)) else {
                return try absentValue(
                    Value.self, configuration: configuration, defaultValue: defaultValue, isNull: false, property: property, path: path,
                    parent: { container.codingPath })
            }
            object = nested
        }
        guard case .key(let name)? = path.last else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "The @Mapped path \(Path(path)) of \(property) has an array index, which only DynamicJSONDecoder follows."))
        }
        let key = AnyKey(literal: name)
        guard object.contains(key) else {
            return try absentValue(
                Value.self, configuration: configuration, defaultValue: defaultValue, isNull: false, property: property, path: path,
                parent: { container.codingPath })
        }
        if try object.decodeNil(forKey: key) {
            return try absentValue(
                Value.self, configuration: configuration, defaultValue: defaultValue, isNull: true, property: property, path: path,
                parent: { container.codingPath })
        }
        let value: Value
        do {
            value = try present(Value.self, configuration: configuration, from: object, forKey: key)
        } catch  where configuration.flags.contains(.lossy) {
            return try recovered(Value.self, defaultValue: defaultValue, from: error)
        }
        guard let typed = configuration.typed(Value.self), !typed.adjustments.isEmpty else { return value }
        return try typed.adjust(value, property: property, codingPath: { object.codingPath + [key] })
    }

    private static func present<Value>(_ type: Value.Type, configuration: MappedConfiguration, from object: KeyedDecodingContainer<AnyKey>, forKey key: AnyKey)
        throws -> Value
    {
        if let coder = configuration.coder(Value.self) { return try coder.decode(from: try object.superDecoder(forKey: key)) }
        if configuration.flags.contains(.lossy), let lossy = Value.self as? any LossyArray.Type {
            return try lossy.decodeDroppingFailures(from: object, forKey: key) as! Value
        }
        let decoder = try object.superDecoder(forKey: key)
        do {
            return try Mapped<Value>.decodeValue(with: DecoderReader(decoder: decoder))
        } catch DecodingError.typeMismatch(let type, let context) where !configuration.flags.contains(.strict) {
            guard let scalar = try? JSON(from: decoder), let converted = LosslessValue.convert(scalar, to: Value.self) else {
                throw DecodingError.typeMismatch(type, context)
            }
            return converted
        }
    }
}
