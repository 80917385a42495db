import Foundation

struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let object: TreeObject
    let codingPath: [any CodingKey]

    private var options: EncodingOptions { encoder.options }

    private func converted(_ key: some CodingKey) -> String {
        options.convert(key, containerPath: codingPath)
    }

    private func set(_ value: JSON, for key: Key) { place(.value(value), for: key) }

    /// Stores `node` under `key`; a ``KeyedKey`` may put it in nested objects (created as
    /// needed) or, when flat, spread its members into this object.
    private func place(_ node: TreeNode, for key: Key) {
        guard let keyed = key as? any KeyedKey else {
            object.set(node, for: converted(key))
            return
        }
        switch KeyMeaning(keyed.stringValue, options: keyed.options ?? options.keyOptions) {
        case .member(let name):
            object.set(node, for: options.convert(StringKey(name), containerPath: codingPath))
        case .flat:
            switch node {
            case .object(let members):
                for (position, name) in members.keys.enumerated() { object.set(members.nodes[position], for: name) }
            case .value(.object(let members)):
                for (name, value) in members { object.set(.value(value), for: name) }
            default:
                object.set(node, for: converted(key))
            }
        case .path(let components), .lossyArray(let components):
            var names = components.map { component -> String in
                switch component {
                case .key(let name): return options.convert(StringKey(name), containerPath: codingPath)
                case .index(let index): return String(index)
                }
            }
            let last = names.removeLast()
            var target = object
            for name in names { target = target.nestedObject(for: name) }
            target.set(node, for: last)
        }
    }

    private func setInteger(_ value: some FixedWidthInteger, for key: Key) {
        set(.number(JSON.Number(validated: String(value))), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { setInteger(value, for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { setInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { setInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { setInteger(value, for: key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        place(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [key]), for: key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        place(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [key]), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let flat = value as? any FlatEncodable, flat.spreadsIntoParent {
            try flat.encodeFlat(to: TreeEncoder(options: options, codingPath: codingPath, object: object))
            return
        }
        let node = try TreeEncoder.wrap(value, options: options, path: codingPath + [key])
        place(node ?? .value(.object(JSON.Object())), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = object.nestedObject(for: converted(key))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = converted(key)
        let nested: TreeArray
        switch object[name] {
        case .array(let existing): nested = existing
        case .value(.array(let elements)): nested = TreeArray(elements)
        default: nested = TreeArray()
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

struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let array: TreeArray
    let codingPath: [any CodingKey]

    var count: Int { array.nodes.count }

    private var options: EncodingOptions { encoder.options }

    private func append(_ value: JSON) { array.nodes.append(.value(value)) }

    private func appendInteger(_ value: some FixedWidthInteger) {
        append(.number(JSON.Number(validated: String(value))))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Int) throws { appendInteger(value) }
    mutating func encode(_ value: Int8) throws { appendInteger(value) }
    mutating func encode(_ value: Int16) throws { appendInteger(value) }
    mutating func encode(_ value: Int32) throws { appendInteger(value) }
    mutating func encode(_ value: Int64) throws { appendInteger(value) }
    mutating func encode(_ value: UInt) throws { appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { appendInteger(value) }

    mutating func encode(_ value: Double) throws {
        array.nodes.append(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [IndexKey(count)]))
    }

    mutating func encode(_ value: Float) throws {
        array.nodes.append(try TreeEncoder.number(value, strategy: options.floatStrategy, path: codingPath + [IndexKey(count)]))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try TreeEncoder.wrap(value, options: options, path: codingPath + [IndexKey(count)])
        array.nodes.append(node ?? .value(.object(JSON.Object())))
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

struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSON) { encoder.setSingleValue(.value(value)) }

    private func setInteger(_ value: some FixedWidthInteger) {
        set(.number(JSON.Number(validated: String(value))))
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Int) throws { setInteger(value) }
    mutating func encode(_ value: Int8) throws { setInteger(value) }
    mutating func encode(_ value: Int16) throws { setInteger(value) }
    mutating func encode(_ value: Int32) throws { setInteger(value) }
    mutating func encode(_ value: Int64) throws { setInteger(value) }
    mutating func encode(_ value: UInt) throws { setInteger(value) }
    mutating func encode(_ value: UInt8) throws { setInteger(value) }
    mutating func encode(_ value: UInt16) throws { setInteger(value) }
    mutating func encode(_ value: UInt32) throws { setInteger(value) }
    mutating func encode(_ value: UInt64) throws { setInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { setInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { setInteger(value) }

    mutating func encode(_ value: Double) throws {
        encoder.setSingleValue(try TreeEncoder.number(value, strategy: encoder.options.floatStrategy, path: codingPath))
    }

    mutating func encode(_ value: Float) throws {
        encoder.setSingleValue(try TreeEncoder.number(value, strategy: encoder.options.floatStrategy, path: codingPath))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try TreeEncoder.wrap(value, options: encoder.options, path: codingPath)
        encoder.setSingleValue(node ?? .value(.object(JSON.Object())))
    }
}
