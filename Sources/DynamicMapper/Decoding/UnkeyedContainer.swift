import Foundation

/// Sequential access to one array node.
///
/// Three words, so that the existential `unkeyedContainer()` returns holds it inline instead
/// of in a heap box (one per array decoded through `init(from:)`): the array's node is not
/// stored here but in the path node (see ``CodingPathNode/value``), which names it for as
/// long as this container holds it. `cursor` and `index` fit 32 bits each: a document is at
/// most 4 GiB (``Document`` refuses larger input) and every node starts at a byte of its own.
/// Arrays of scalars skip containers altogether (see ``DecoderImpl/scalarArray(_:at:codingPath:)``).
struct UnkeyedContainer: UnkeyedDecodingContainer {
    private let impl: DecoderImpl
    /// This container's coding path, made with it and never changed; its value is the array.
    private let path: CodingPathNode
    private var cursor: UInt32
    private var index: UInt32

    /// A container on the array node `array`, which `path` must name (see
    /// ``CodingPathNode/naming(_:)``).
    init(impl: DecoderImpl, array: Int, path: CodingPathNode) {
        assert(Int(path.value) == array, "the path of an unkeyed container names its array")
        self.impl = impl
        self.path = path
        self.cursor = UInt32(truncatingIfNeeded: array + 1)
        self.index = 0
    }

    private var array: Int {
        @inline(__always) get { Int(path.value) }
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int? { Int(impl.nodes[array].length) }
    var isAtEnd: Bool { cursor >= impl.nodes[array].end }
    var currentIndex: Int { Int(index) }

    /// The current element's node, or Foundation's "at end" error.
    @inline(__always)
    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path.codingPath(appending: .index(currentIndex)),
                    debugDescription: "Unkeyed container is at end."))
        }
        return Int(cursor)
    }

    @inline(__always)
    private mutating func advance() {
        cursor = UInt32(truncatingIfNeeded: impl.document.next(after: Int(cursor)))
        index += 1
    }

    @inline(__always)
    private func elementPath() -> () -> [any CodingKey] {
        let index = currentIndex, path = path
        return { path.codingPath(appending: .index(index)) }
    }

    mutating func decodeNil() throws -> Bool {
        let node = try current(Never.self)
        guard impl.nodes[node].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try impl.decodeBool(impl.nodes[try current(type)], path: elementPath())
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try impl.decodeString(impl.nodes[try current(type)], path: elementPath())
        advance()
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try impl.decodeDouble(impl.nodes[try current(type)], path: elementPath())
        advance()
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try impl.decodeFloat(impl.nodes[try current(type)], path: elementPath())
        advance()
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        let value = try impl.decodeInteger(T.self, impl.nodes[try current(T.self)], path: elementPath())
        advance()
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let node = try current(type)
        let value = try impl.decodeChild(type, at: node, parent: path, step: .index(currentIndex))
        advance()
        return value
    }

    // Optional elements: `null` yields nil and is consumed, and so does the end of the array,
    // as in Foundation.
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if isAtEnd { return nil }
        if try decodeNil() { return nil }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let node = try current(KeyedDecodingContainer<NestedKey>.self)
        let value = impl.nodes[node]
        guard value.kind == .object else {
            throw impl.containerMismatch(expected: [String: Any].self, node: value, path: elementPath()())
        }
        let container = try KeyedContainer<NestedKey>(impl: impl, object: node, path: path.appending(.index(currentIndex), value: node))
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try current((any UnkeyedDecodingContainer).self)
        let value = impl.nodes[node]
        guard value.kind == .array else {
            throw impl.containerMismatch(expected: [Any].self, node: value, path: elementPath()())
        }
        let nested = UnkeyedContainer(impl: impl, array: node, path: path.appending(.index(currentIndex), value: node))
        advance()
        return nested
    }

    mutating func superDecoder() throws -> any Decoder {
        let node = try current((any Decoder).self)
        let decoderPath = path.appending(.index(currentIndex), value: node)
        advance()
        return impl.superDecoderImpl(node: node, path: decoderPath)
    }
}

extension UnkeyedContainer: ReportableElements {
    var decoder: DecoderImpl { impl }
    var currentNode: Int { Int(cursor) }
}
