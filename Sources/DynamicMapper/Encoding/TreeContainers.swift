import Foundation

struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let object: TreeObject
    let codingPath: [any CodingKey]

    private var options: EncodingOptions { encoder.options }

    private func converted(_ key: some CodingKey) -> String {
        options.convert(key, containerPath: codingPath)
    }

    /// `Key` is a ``KeyedKey``: its raw values may be paths or flat markers. Asked once per
    /// container, not per key.
    private let keyedKeys = Key.self is any KeyedKey.Type

    private func set(_ value: JSON, for key: Key) throws { try place(.value(value), for: key) }

    /// Where a value for `key` goes.
    private enum Destination {
        /// A member of this object, or a place at a path below it.
        case place(TreePlace)
        /// Spread into this object (a flat ``KeyedKey``).
        case spread
    }

    /// The place for `key`: a ``KeyedKey`` path names nested objects and arrays, made as
    /// needed; its key strategy applies at every step.
    private func destination(for key: Key) throws -> Destination {
        guard keyedKeys, let keyed = key as? any KeyedKey else { return .place(.member(object, converted(key))) }
        switch KeyMeaning(keyed.stringValue, options: keyed.options ?? options.keyOptions) {
        case .member(let name):
            return .place(.member(object, options.convert(StringKey(name), containerPath: codingPath)))
        case .flat:
            return .spread
        case .path(let components), .lossyArray(let components):
            guard let place = try place(at: components, under: key, kind: "key path") else {
                return .place(.member(object, converted(key)))
            }
            return .place(place)
        case .malformed(let error):
            throw EncodingError.invalidValue(
                key.stringValue,
                EncodingError.Context(
                    codingPath: codingPath + [key], debugDescription: KeyMeaning.malformedMessage(error, key: key)))
        }
    }

    /// The place at the end of `components`, a path below this object, with the objects and
    /// arrays on the way made (or shared) as `ds` writes make them and the key strategy applied
    /// at every key; nil for the empty path. `kind` names the path in errors.
    private func place(at components: [Path.Component], under key: Key, kind: String) throws -> TreePlace? {
        guard !components.isEmpty else { return nil }
        let steps = components.map { component -> Path.Component in
            guard case .key(let name) = component else { return component }
            return .key(options.convert(StringKey(name), containerPath: codingPath))
        }
        do {
            return try TreePlace.walk(from: object, steps)
        } catch {
            throw EncodingError.invalidValue(
                key.stringValue,
                EncodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "The \(kind) \(Path(components)) \(error.reason)."))
        }
    }

    /// Stores `node` under `key`; a flat key spreads an object's members into this object.
    /// Values that paths placed below the key stay (see ``TreeObject/place(_:for:)``).
    private func place(_ node: TreeNode, for key: Key) throws {
        switch try destination(for: key) {
        case .place(let place):
            try store(node, at: place, key: key)
        case .spread:
            guard let members = node.members else { return try store(node, at: .member(object, converted(key)), key: key) }
            for member in members { try store(member.node, at: .member(object, member.key), key: key) }
        }
    }

    private func store(_ node: TreeNode, at place: TreePlace, key: Key) throws {
        guard place.place(node) else {
            throw EncodingError.invalidValue(
                key.stringValue,
                EncodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: place.node?.elements == nil
                        ? "The value for \(place) is not an object, but a key path has placed members inside it."
                        : "The value for \(place) is not an array, but a key path has placed elements inside it."))
        }
    }

    private func setInteger(_ value: some FixedWidthInteger, for key: Key) throws {
        options.scalarRecord?.note(value, at: codingPath + [key], options: options)
        try set(.number(JSON.Number(validated: String(value))), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { try set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try set(.string(value), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try setInteger(value, for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try setInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try setInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try setInteger(value, for: key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        options.scalarRecord?.note(value, at: codingPath + [key], options: options)
        try place(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [key]), for: key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        options.scalarRecord?.note(value, at: codingPath + [key], options: options)
        try place(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [key]), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let same = SameType(T.self, MappedMember.self) { return try encodeMember(same.cast(value), for: key) }
        if let flat = value as? any FlatEncodable, flat.spreadsIntoParent {
            let spreading = TreeEncoder(options: options, codingPath: codingPath, object: object)
            try flat.encodeFlat(to: spreading)
            // A value that is not an object after all (an array, a scalar) keeps its key.
            if let other = spreading.nodeIfNot(object) { try place(other, for: key) }
            return
        }
        let node = try TreeEncoder.wrap(value, options: options, path: codingPath + [key])
        try place(node ?? .value(.object(JSON.Object())), for: key)
    }

    /// A `@Mapped` value at its own key or path, with nested objects made (or shared) as
    /// needed; the key strategy applies at every step.
    private func encodeMember(_ mapped: MappedMember, for key: Key) throws {
        guard let place = try place(at: mapped.path, under: key, kind: "@Mapped path") else {
            throw EncodingError.invalidValue(
                key.stringValue,
                EncodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "The empty @Mapped key names the enclosing object itself, which can be decoded but not encoded."))
        }
        let path = codingPath + mapped.path.map(\.codingPathStep.codingKey)
        let node = try mapped.value.map { try TreeEncoder.wrap($0, options: options, path: path) ?? .value(.object(JSON.Object())) }
        try store(node ?? .value(.null), at: place, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: TreeObject
        switch try? destination(for: key) {
        case .place(let place)?:
            guard let object = place.nestedObject() else {
                // `JSONEncoder` stops here; the encode call fails instead, and writes go nowhere.
                options.misuse?.note("a keyed container", existing: place.node?.kindDescription ?? "a value", path: codingPath + [key])
                return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: encoder, object: TreeObject(), codingPath: codingPath + [key]))
            }
            nested = object
        case .spread?: nested = object
        case nil: nested = object.nestedObject(for: converted(key))
        }
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = converted(key)
        let nested: TreeArray
        switch object[name] {
        case .array(let existing): nested = existing
        case .value(.array(let elements)): nested = TreeArray(elements)
        case nil: nested = TreeArray()
        case let other?:
            options.misuse?.note("an unkeyed container", existing: other.kindDescription, path: codingPath + [key])
            return TreeUnkeyedContainer(encoder: encoder, array: TreeArray(), codingPath: codingPath + [key])
        }
        object.set(.array(nested), for: name)
        return TreeUnkeyedContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = StringKey.super
        return TreeEncoder(options: options, codingPath: codingPath + [key], reference: .object(object, converted(key)))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(options: options, codingPath: codingPath + [key], reference: .object(object, converted(key)))
    }
}

/// A tree container that takes one value at a time: an array's next element or an encoder's
/// single value. The scalar `encode` methods, the same for both, are written once here.
protocol TreeValueSink {
    var options: EncodingOptions { get }
    /// The coding path of the value taken next, for the error of a float the strategy refuses.
    var nextValuePath: [any CodingKey] { get }
    func take(_ node: TreeNode)
}

extension TreeValueSink {
    private func takeValue(_ value: JSON) { take(.value(value)) }

    /// Also for `Int128` and `UInt128`, which each container forwards itself: the standard
    /// library's default for them would make a witness here ambiguous.
    func takeInteger(_ value: some FixedWidthInteger) {
        options.scalarRecord?.note(value, at: nextValuePath, options: options)
        takeValue(.number(JSON.Number(validated: String(value))))
    }

    private func takeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        options.scalarRecord?.note(value, at: nextValuePath, options: options)
        take(try TreeEncoder.number(value, strategy: options.floatStrategy, path: nextValuePath))
    }

    func encodeNil() throws { takeValue(.null) }
    func encode(_ value: Bool) throws { takeValue(.bool(value)) }
    func encode(_ value: String) throws { takeValue(.string(value)) }
    func encode(_ value: Int) throws { takeInteger(value) }
    func encode(_ value: Int8) throws { takeInteger(value) }
    func encode(_ value: Int16) throws { takeInteger(value) }
    func encode(_ value: Int32) throws { takeInteger(value) }
    func encode(_ value: Int64) throws { takeInteger(value) }
    func encode(_ value: UInt) throws { takeInteger(value) }
    func encode(_ value: UInt8) throws { takeInteger(value) }
    func encode(_ value: UInt16) throws { takeInteger(value) }
    func encode(_ value: UInt32) throws { takeInteger(value) }
    func encode(_ value: UInt64) throws { takeInteger(value) }
    func encode(_ value: Double) throws { try takeFloat(value) }
    func encode(_ value: Float) throws { try takeFloat(value) }
}

struct TreeUnkeyedContainer: UnkeyedEncodingContainer, TreeValueSink {
    let encoder: TreeEncoder
    let array: TreeArray
    let codingPath: [any CodingKey]

    var count: Int { array.nodes.count }

    var options: EncodingOptions { encoder.options }

    var nextValuePath: [any CodingKey] { codingPath + [IndexKey(count)] }

    func take(_ node: TreeNode) { array.nodes.append(node) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { takeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { takeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try TreeEncoder.wrap(value, options: options, path: nextValuePath)
        take(node ?? .value(.object(JSON.Object())))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeObject()
        let path = codingPath + [IndexKey(count)]
        array.nodes.append(.object(nested))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = TreeArray()
        let path = codingPath + [IndexKey(count)]
        array.nodes.append(.array(nested))
        return TreeUnkeyedContainer(encoder: encoder, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(options: options, codingPath: codingPath + [IndexKey(count)], reference: .array(array, count))
    }
}

struct TreeSingleValueContainer: SingleValueEncodingContainer, TreeValueSink {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    var options: EncodingOptions { encoder.options }

    var nextValuePath: [any CodingKey] { codingPath }

    func take(_ node: TreeNode) { encoder.setSingleValue(node) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { takeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { takeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // Into a container already there, `JSONEncoder` encodes the value on the same encoder,
        // so its containers join that one (or clash with it).
        if encoder.holdsContainer { return try value.encode(to: encoder) }
        let node = try TreeEncoder.wrap(value, options: encoder.options, path: codingPath)
        encoder.setSingleValue(node ?? .value(.object(JSON.Object())))
    }
}
