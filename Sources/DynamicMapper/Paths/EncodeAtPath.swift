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
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
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
                    throw EncodingError.invalidValue(
                        value,
                        EncodingError.Context(
                            codingPath: path.components.prefix(depth).map(\.codingPathStep.codingKey),
                            debugDescription: "The path \(path) \(error.reason)."))
                }
                node = .array(array)
            }
        }
        return node
    }
}

extension Encoder {
    /// Writes `value` at `path` below this encoder's value, for a hand-written `encode(to:)`:
    /// the counterpart of ``Swift/Decoder/decode(at:as:)``.
    ///
    /// ```swift
    /// func encode(to encoder: any Encoder) throws {
    ///     try encoder.encode(id, at: "my_id")
    ///     try encoder.encode(url, at: "links[0].url")      // {"links": [{"url": …}]}
    ///     try encoder.encode(title, at: "links[0].title")  // the same element
    /// }
    /// ```
    ///
    /// Paths share the objects and arrays on their way, as ``KeyedKey`` paths do: several calls
    /// (and the keyed container of the same encoder) fill one object. A path that starts with
    /// an index (`"[0].cat"`) makes the value an array. The encoder's key strategy applies to
    /// every key of the path, as it does to a container's keys. The empty path writes the value
    /// itself.
    ///
    /// With ``DynamicJSONEncoder`` (and through ``Keyed``) every path works. Any other encoder
    /// (`JSONEncoder`, `PropertyListEncoder`) gets paths of keys through nested keyed
    /// containers; a path with an index throws, since such an encoder can only append to an
    /// array, and would put two values meant for one element in two.
    ///
    /// - Throws: `EncodingError.invalidValue` for a path read from malformed text, for an index
    ///   with an encoder that is not this package's, and where the path meets a value of
    ///   another kind, or an index before the start of an array or more than 100,000 past its
    ///   end; and the value's own errors.
    public func encode<T: Encodable>(_ value: T, at path: Path) throws {
        guard let components = path.validComponents else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "The path text \"\(path)\" is malformed: \(path.syntaxError.map { "\($0)" } ?? "malformed")"))
        }
        if components.isEmpty {
            var container = singleValueContainer()
            return try container.encode(value)
        }
        if let tree = self as? TreeEncoder {
            return try tree.encode(value, at: components)
        }
        if let streaming = self as? StreamingEncoder {
            return try streaming.treeForPaths().encode(value, at: components)
        }
        if ForeignCoderKeys.isOwn(self) {
            // A super encoder or a flat value's encoder of the streaming encoder: the whole
            // value is encoded again through the tree, where every path works.
            throw StreamingFallback.needed(by: self)
        }
        try PathEncoding.encodeThroughContainers(value, at: components, path: path, in: self)
    }

    /// As ``encode(_:at:)``, but `nil` writes nothing (as `encodeIfPresent(_:forKey:)` leaves
    /// the key out).
    ///
    /// ```swift
    /// try encoder.encodeIfPresent(avatar, at: "profile.avatar")   // no "avatar" for nil
    /// ```
    ///
    /// - Throws: The errors of ``encode(_:at:)``.
    public func encodeIfPresent<T: Encodable>(_ value: T?, at path: Path) throws {
        guard let value else { return }
        try encode(value, at: path)
    }
}

extension PathEncoding {
    /// Writes `value` at `components`, keys only, through nested keyed containers of an
    /// encoder that is not this package's.
    static func encodeThroughContainers<T: Encodable>(_ value: T, at components: [Path.Component], path: Path, in encoder: any Encoder) throws {
        if components.contains(where: \.isIndex) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "The path \"\(path)\" has an array index, which only DynamicJSONEncoder writes inside encode(to:): JSONEncoder or PropertyListEncoder can only append to an array. Encode with DynamicJSONEncoder, or Keyed(model) with this encoder."
                ))
        }
        var container = encoder.container(keyedBy: AnyKey.self)
        try write(value, at: components[...], into: &container)
    }

    private static func write<T: Encodable>(_ value: T, at steps: ArraySlice<Path.Component>, into container: inout KeyedEncodingContainer<AnyKey>) throws {
        guard case .key(let name)? = steps.first else { return }
        let key = AnyKey(literal: name)
        if steps.count == 1 { return try container.encode(value, forKey: key) }
        var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try write(value, at: steps.dropFirst(), into: &nested)
    }
}

extension TreeEncoder {
    /// Writes `value` at `components` (not empty) below this encoder's value: through its
    /// keyed container for a path that starts with a key, so that the container's paths and
    /// these share their objects; into its array for one that starts with an index.
    func encode<T: Encodable>(_ value: T, at components: [Path.Component]) throws {
        guard case .index(let first)? = components.first else {
            var keyed = container(keyedBy: AnyKey.self)
            return try keyed.encode(value, forKey: AnyKey(path: Path(components)))
        }
        let codingPath = self.codingPath
        let options = self.options
        let steps = components.map { component -> Path.Component in
            guard case .key(let name) = component else { return component }
            return .key(options.convert(StringKey(name), containerPath: codingPath))
        }
        let failure = { (reason: String) in
            EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "The path \(Path(components)) \(reason)."))
        }
        guard let array = arrayForPaths() else {
            throw failure("starts with an array index, but this encoder's value is not an array")
        }
        let place: TreePlace
        do {
            place = try TreePlace.walk(from: array, index: first, steps.dropFirst())
        } catch {
            throw failure(error.reason)
        }
        let node = try TreeEncoder.wrap(value, options: options, path: codingPath + components.map(\.codingPathStep.codingKey))
        guard place.place(node ?? .value(.object(JSON.Object()))) else {
            throw failure("ends at \(place), where other paths have placed members or elements that a value of another kind would lose")
        }
    }
}

extension StreamingFallback {
    /// The signal that `encoder`'s whole value must be encoded again through the tree encoder.
    static func needed(by encoder: any Encoder) -> StreamingFallback {
        if let flat = encoder as? StreamingFlatEncoder { flat.target.state.needsFallback = true }
        if let single = encoder as? StreamingSuperEncoder { single.target.state.needsFallback = true }
        return StreamingFallback()
    }
}
