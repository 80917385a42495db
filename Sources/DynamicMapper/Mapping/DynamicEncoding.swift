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
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "Dynamic models nest more than \(maximumNesting) deep while encoding (does a mapping encode its own model?)"))
        }
        let own = try TreeEncoder.wrapOwnProperties(value, options: options, path: path)
        var model = value
        let saved = model.dynamicSelf
        let merger = Merger(usage: saved?.origin?.usage)
        let merged = own.map { merger.merge(base: saved?.tree, model: $0) } ?? saved?.tree ?? .value(.object(JSON.Object()))

        // The mapping's writes all go to the session's tree, in statement order, whether they
        // come through `ds` or through `<->` (whose view is not writable in place).
        let session = MappingSession(.encoding(options, path: path))
        defer { session.close() }
        session.sharedTree = merged
        model.dynamicSelf = DynamicClass(root: merged, origin: saved?.origin, session: session)
        MappingRun.$current.withValue(.encoding) {
            MappingRun.$encodingDepth.withValue(depth + 1) {
                model.dynamicMapping(mappingType: .encoding)
            }
        }
        let replaced = model.dynamicSelf.map { $0.session !== session } ?? false
        let result = replaced ? model.dynamicSelf?.root : session.sharedTree
        model.dynamicSelf = saved
        if let failure = session.failures.first { throw failure }
        return result ?? merged
    }

    /// How deep encodes started by mappings (`set` of a dynamic model) may nest. Models nested
    /// in properties do not count: they are encoded before their parent's mapping runs.
    private static let maximumNesting = 64

    /// Lays a model's encoded properties over its document.
    struct Merger {
        let usage: KeyUsage?

        /// Objects merge member by member: the document's order, the model's value for each
        /// key it wrote (merged again below), keys the model read but did not write dropped
        /// (unless they held `null`, which a `nil` it did not write leaves as it was), then the
        /// model's new keys. Arrays of the same length merge element by element;
        /// otherwise, and for a nested dynamic model (already complete), the model's value
        /// replaces the document's.
        func merge(base: OverlayNode?, model: TreeNode) -> OverlayNode {
            switch model {
            case .overlay(let complete):
                return complete
            case .object(let object):
                guard let members = base?.objectMembers() else { return model.overlay }
                return mergeObject(members, keys: object.keys, values: object.nodes)
            case .value(.object(let object)):
                guard let members = base?.objectMembers() else { return model.overlay }
                return mergeObject(members, keys: object.keys, values: object.values.map(TreeNode.value))
            case .array(let array):
                guard let elements = base?.arrayElements(), elements.count == array.nodes.count else { return model.overlay }
                return .array(zip(elements, array.nodes).map { merge(base: $0, model: $1) })
            case .value(.array(let values)):
                guard let elements = base?.arrayElements(), elements.count == values.count else { return model.overlay }
                return .array(zip(elements, values).map { merge(base: $0, model: .value($1)) })
            case .value(let value):
                return keepsLiteral(base, equalTo: value) ?? .value(value)
            }
        }

        /// The document's scalar when the model wrote the same value, so that an unchanged
        /// `1.10` or `"caf\u00e9"` comes back exactly as it was written. A number read as a
        /// `Double` (or `Float`) counts as unchanged while the property holds its rounded value:
        /// `9007199254740993` in a `Double` property is written back as `9007199254740993`.
        private func keepsLiteral(_ base: OverlayNode?, equalTo value: JSON) -> OverlayNode? {
            guard case .source(let document, let index)? = base else { return nil }
            let node = document.nodes[index]
            switch (node.kind, value) {
            case (.number, .number(let number)):
                let literal = document.numberLiteral(node)
                if JSON.Number(validated: literal) == number { return base }
                guard let reads = usage?.floatingReads(of: node, in: document) else { return nil }
                if reads.double, let read = Double(literal), read == Double(number.literal) { return base }
                if reads.float, let read = Float(literal), read == Float(number.literal) { return base }
                return nil
            case (.string, .string(let text)):
                return document.stringEquals(node, text) ? base : nil
            default:
                return nil
            }
        }

        private func mergeObject(_ base: [OverlayMember], keys: [String], values: [TreeNode]) -> OverlayNode {
            var written: [String: Int] = [:]
            written.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() where written[key] == nil { written[key] = position }
            var used = Set<String>()
            var dropped = Set<String>()
            var result: [OverlayMember] = []
            result.reserveCapacity(base.count + keys.count)
            for member in base where member.key != DynamicEncoding.reservedKey {
                if let position = written[member.key] {
                    // Later duplicates of a key the model wrote go; the first one read wins.
                    if used.insert(member.key).inserted {
                        result.append(OverlayMember(key: member.key, value: merge(base: member.value, model: values[position]), source: member.source))
                    }
                } else if dropped.contains(member.key) || (wasRead(member) && !member.value.isNull) {
                    // The model read this key and now writes nothing: its value was removed.
                    // A `null` it read as `nil` and still holds is unchanged, so it stays.
                    dropped.insert(member.key)
                } else {
                    result.append(member)
                }
            }
            for (position, key) in keys.enumerated() where !used.contains(key) && key != DynamicEncoding.reservedKey {
                used.insert(key)
                result.append(OverlayMember(key: key, value: values[position].overlay))
            }
            return .object(result)
        }

        private func wasRead(_ member: OverlayMember) -> Bool {
            guard let usage, let source = member.source else { return false }
            return usage.wasRead(keyNode: source.index, in: source.document)
        }
    }

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
            return .object(zip(object.keys, object.nodes).compactMap { key, node in
                key == DynamicEncoding.reservedKey ? nil : OverlayMember(key: key, value: node.overlay)
            })
        }
    }
}
