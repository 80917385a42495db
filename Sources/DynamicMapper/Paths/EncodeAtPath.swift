import Foundation

extension JSONEncoder {
    /// Encodes `value` wrapped in the objects and arrays that `path` names: the counterpart of
    /// decoding at a path (`decoder.decode(User.self, from: data, at: "response.users[1]")`).
    ///
    /// ```swift
    /// let encoder = DynamicJSONEncoder()
    /// let data = try encoder.encode(["name": "Ada"], at: "response.users[1]")
    /// // {"response":{"users":[null,{"name":"Ada"}]}}
    /// ```
    ///
    /// Whichever `JSONEncoder` it is called on, the value is encoded as ``DynamicJSONEncoder``
    /// encodes it, with this encoder's settings.
    ///
    /// A key makes an object with that one member; an index makes an array that holds the
    /// value at that position, padded with `null` before it, as a `ds` write past the end of an
    /// array pads it. The path's keys are written as given (they name the document's keys,
    /// as in decoding at a path); the key strategy applies to the value's own keys. The empty
    /// path encodes the value itself.
    ///
    /// - Throws: The errors `encode(_:)` throws, with coding paths that start with `path`;
    ///   `EncodingError.invalidValue` for a negative index, or one more than 100,000 (the bound
    ///   `ds` writes keep), and for a path read from malformed text.
    public func encode<T: Encodable>(_ value: T, at path: Path) throws -> Data {
        if let syntaxError = path.syntaxError {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "The path text \"\(path)\" is malformed: \(syntaxError)"))
        }
        let options = EncodingOptions(self)
        let codingPath = path.components.map(\.codingPathStep.codingKey)
        let tree = try ContainerMisuse.reporting(options) { try TreeEncoder.wrap(value, options: $0, path: codingPath) }
        // Below a key or index, a value that encodes nothing is `{}`, as a nested value is.
        guard let tree = tree ?? (path.components.isEmpty ? nil : .value(.object(JSON.Object()))) else {
            throw DynamicJSONEncoder.emptyTopLevelError(value)
        }
        let wrapped = try PathEncoding.wrap(tree, in: path, reporting: value)
        return try DynamicJSONEncoder.bytes(of: wrapped, reportedAs: value, options: options)
    }
}

/// Encoding at a path: the value's tree wrapped in the path's containers.
enum PathEncoding {
    /// `node` inside the containers of `path`, innermost first.
    static func wrap<Reported>(_ node: TreeNode, in path: Path, reporting value: Reported) throws -> TreeNode {
        var node = node
        for (depth, component) in path.components.enumerated().reversed() {
            switch component {
            case .key(let key):
                let object = TreeObject()
                object.set(node, for: key)
                node = .object(object)
            case .index(let index):
                let array = TreeArray()
                do {
                    array.set(node, at: try array.writablePosition(index))
                } catch {
                    throw EncodingError.invalidValue(value, EncodingError.Context(
                        codingPath: path.components.prefix(depth).map(\.codingPathStep.codingKey),
                        debugDescription: "The path \(path) \(error.reason)."))
                }
                node = .array(array)
            }
        }
        return node
    }
}
