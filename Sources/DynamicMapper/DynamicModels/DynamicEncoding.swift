import Foundation

/// How a value becomes the overlay that encoders write, and how a dynamic model's own
/// properties meet the document it came from (principle 4).
enum DynamicEncoding {
    /// `value` encoded as an overlay. A dynamic model is merged with its document and its
    /// encoding mapping applied; anything else becomes a plain value.
    static func overlay<T: Encodable>(of value: T, options: EncodingOptions, path: [any CodingKey]) throws -> OverlayNode {
        guard let node = try TreeEncoder.wrap(value, options: options, path: path) else {
            return .value(.object(JSON.Object()))
        }
        return node.overlay
    }

    /// A dynamic model's output: its document, with its own keys from its properties (a key
    /// it read but did not write, such as an optional set to `nil`, left out, unless it held
    /// `null`), then the writes of `dynamicMapping(.encoding)`, which win. The value itself is
    /// not changed: the mapping runs on a copy (a class instance gets its `dynamicSelf` back
    /// afterwards).
    static func model<Model: DynamicEncodable>(_ value: Model, options: EncodingOptions, path: [any CodingKey]) throws -> OverlayNode {
        let depth = MappingRun.encodingDepth
        guard depth < maximumNesting else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path,
                    debugDescription: "Dynamic models nest more than \(maximumNesting) deep while encoding (does a mapping encode its own model?)"))
        }
        let own = try TreeEncoder.wrapOwnProperties(value, options: options, path: path)
        var model = value
        let saved = model.dynamicSelf
        let merger = Merger(usage: saved?.origin?.usage, options: options, basePath: path, decoding: saved?.origin?.options)
        let original = saved?.decoded.map { OverlayNode.source($0.document, $0.index) }
        let merged = own.map { merger.mergeModel(base: saved?.tree, model: $0, original: original) } ?? saved?.tree ?? .object(OverlayObject())

        // The mapping's writes all go to the session's tree, in statement order, whether they
        // come through `ds` or through `<->` (whose view is not writable in place).
        let session = MappingSession(.encoding(options, path: path))
        defer { session.close() }
        session.state.sharedTree = merged
        model.dynamicSelf = DynamicClass(root: merged, origin: saved?.origin, session: session, decoded: saved?.decoded)
        MappingRun.$current.withValue(.encoding) {
            MappingRun.$encodingDepth.withValue(depth + 1) {
                model.dynamicMapping(mappingType: .encoding)
            }
        }
        let replaced = model.dynamicSelf.map { $0.session !== session } ?? false
        let result = replaced ? model.dynamicSelf?.root : session.state.sharedTree
        model.dynamicSelf = saved
        if let failure = session.state.failures.first { throw failure }
        return result ?? merged
    }

    /// `encode(to:)` of a model whose mapping body owns every key (``DynamicMappable``,
    /// ``DynamicImmutableMappable``). This package's encoders ask it for its own keys (there
    /// are none: the body writes them when they run the mapping); another encoder is handed
    /// the document the mapping makes, as ``JSON``, made with that encoder's `userInfo`.
    static func encodeMapped<Model: DynamicEncodable>(_ value: Model, to encoder: any Encoder) throws {
        if encoder is TreeEncoder {
            _ = encoder.container(keyedBy: StringKey.self)
            return
        }
        var options = EncodingOptions.defaultEncoding
        options.userInfo = encoder.userInfo
        try model(value, options: options, path: encoder.codingPath).json.encode(to: encoder)
    }

    /// How deep encodes started by mappings (`set` of a dynamic model) may nest. Models nested
    /// in properties do not count: they are encoded before their parent's mapping runs.
    private static let maximumNesting = 64

    /// The property every dynamic model declares, which is never a key of its JSON.
    static let reservedKey = "dynamicSelf"
}

extension TreeNode {
    /// This value as an overlay node (nested dynamic models stay as they are).
    var overlay: OverlayNode {
        switch self {
        case .value(let value): return .value(value)
        case .overlay(let node): return node
        case .array(let array): return .array(array.nodes.map(\.overlay))
        case .object(let object):
            return .object(
                OverlayObject(
                    zip(object.keys, object.nodes).compactMap { key, node in
                        key == DynamicEncoding.reservedKey ? nil : OverlayMember(key: key, value: node.overlay)
                    }))
        }
    }
}
