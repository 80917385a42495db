/// The value of the node being decoded, for types that are one value (`Date`, enums with raw
/// values, wrappers).
struct SingleValueContainer: SingleValueDecodingContainer {
    private let impl: DecoderImpl
    private let node: Int
    /// The value's coding path.
    private let codingPathNode: CodingPathNode

    init(impl: DecoderImpl, node: Int, path: CodingPathNode) {
        self.impl = impl
        self.node = node
        self.codingPathNode = path
    }

    var codingPath: [any CodingKey] { codingPathNode.codingPath }

    private var value: Node { impl.nodes[node] }
    private var path: () -> [any CodingKey] { { codingPathNode.codingPath } }

    func decodeNil() -> Bool { value.kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try impl.decodeBool(value, path: path) }
    func decode(_ type: String.Type) throws -> String { try impl.decodeString(value, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try impl.decodeDouble(value, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try impl.decodeFloat(value, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try impl.decodeInteger(type, value, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try impl.decodeInteger(type, value, path: path) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try impl.decodeInteger(type, value, path: path) }
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try impl.decodeInteger(type, value, path: path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPathNode
        return try impl.decodeScalar(T.self, at: node, path: { path.codingPath }) {
            try impl.unwrapNonScalar(type, at: node, path: path)
        }
    }
}
