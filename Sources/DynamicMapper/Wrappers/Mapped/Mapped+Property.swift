import Foundation

extension Mapped: MappedProperty {
    var mappedKey: String? { settings.key }

    var anyValue: Any { wrappedValue }

    func decoded(from access: ObjectAccess, entry: MappedEntry) throws -> any MappedProperty {
        try decoded(from: access, entry: entry) { impl, node, path in
            try Self.decodeValue(with: NodeReader(impl: impl, node: node, path: path()))
        }
    }

    func decoded(from container: KeyedDecodingContainer<AnyKey>, entry: MappedEntry) throws -> any MappedProperty {
        Mapped(storage: try settings.decodeValue(from: container, path: entry.path, property: entry.name), settings: settings)
    }

    func replacingValue(with value: Any?) -> (any MappedProperty)? {
        guard let value else {
            guard let none = MappedSettings<Value>.none else { return nil }
            return Mapped(storage: none, settings: settings)
        }
        guard let typed = value as? Value else { return nil }
        return Mapped(storage: typed, settings: settings)
    }

    func encode(into container: inout KeyedEncodingContainer<AnyKey>, property: String, nested: Bool) throws {
        try container.encodeMapped(self, forKey: AnyKey(literal: property), nested: nested, plain: MappedRaw.encodable)
    }

    /// Decodes `Value` with `reader` when it is `Decodable` (checked at run time: this is the
    /// path for models decoded by hand, not the synthesized one).
    static func decodeValue(with reader: some DecodableReader) throws -> Value {
        guard let decodable = Value.self as? any Decodable.Type else {
            throw DecodingError.typeMismatch(Value.self, DecodingError.Context(
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
    let path: [PathComponent]

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

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

extension MappedSettings {
    /// The value at `path` below `container`'s object, through any decoder's containers (a
    /// hand-written `init(from:)` with a decoder other than this package's).
    func decodeValue(from container: KeyedDecodingContainer<AnyKey>, path: [Path.Component], property: String) throws -> Value {
        var object = container
        for component in path.dropLast() {
            guard case .key(let name) = component, let nested = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(literal: name)) else {
                return try absentValue(isNull: false, property: property, path: path, parent: container.codingPath)
            }
            object = nested
        }
        guard case .key(let name)? = path.last else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "The @Mapped path \(Path(path)) of \(property) has an array index, which only DynamicJSONDecoder follows."))
        }
        let key = AnyKey(literal: name)
        guard object.contains(key) else {
            return try absentValue(isNull: false, property: property, path: path, parent: container.codingPath)
        }
        if try object.decodeNil(forKey: key) {
            return try absentValue(isNull: true, property: property, path: path, parent: container.codingPath)
        }
        let value: Value
        do {
            value = try decodePresent(from: object, forKey: key)
        } catch where flags.contains(.lossy) {
            value = try recovered(from: error)
        }
        return try adjust(value, property: property, codingPath: { object.codingPath + [key] })
    }

    private func decodePresent(from object: KeyedDecodingContainer<AnyKey>, forKey key: AnyKey) throws -> Value {
        if flags.contains(.lossy), let lossy = Value.self as? any LossyArray.Type {
            return try lossy.decodeDroppingFailures(from: object, forKey: key) as! Value
        }
        let decoder = try object.superDecoder(forKey: key)
        if let coder { return try coder.decode(from: decoder) }
        if let date { return try date.coding.decode(from: decoder) as! Value }
        do {
            return try Mapped<Value>.decodeValue(with: DecoderReader(decoder: decoder))
        } catch DecodingError.typeMismatch(let type, let context) where !flags.contains(.strict) {
            guard let scalar = try? JSON(from: decoder), let converted = LosslessValue.convert(scalar, to: Value.self) else {
                throw DecodingError.typeMismatch(type, context)
            }
            return converted
        }
    }
}
