import Foundation

/// How the decoder gives a dynamic model its view and runs its mapping.
extension DecoderImpl {
    /// Decodes a `DynamicDecodable` `T` at `index` (the path already names it), then, before
    /// anyone else sees the value, sets its `dynamicSelf` to a view of that node and runs
    /// `dynamicMapping(.decoding)`.
    func decodeDynamic<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        startRecordingKeyUsage()
        var value = try withCurrentNode(index) { try T(from: self) }
        guard var model = value as? any DynamicDecodable else { return value }
        try runMapping(&model, at: index)
        if let mapped = model as? T { value = mapped }
        return value
    }

    private func runMapping<Model: DynamicDecodable>(_ model: inout Model, at index: Int) throws {
        let session = MappingSession(.decoding(self))
        model.dynamicSelf = DynamicClass(root: .source(document, index), origin: viewOrigin, rootPath: path, session: session)
        model.dynamicMapping(mappingType: .decoding)
        model.dynamicSelf?.session = nil
        if options.strictMapping, let first = session.failures.first { throw first }
        if let handler = options.mappingFailureHandler {
            for case let failure as DecodingError in session.failures { handler(failure) }
        }
    }

    /// Decodes `T` at `index`, whose coding path `makePath` gives, from inside a mapping that
    /// runs while this decoder is decoding (so the decoder's own position is put back
    /// afterwards). Scalars build their path only if they fail.
    func decodeDetached<T: Decodable>(_ type: T.Type, at index: Int, path makePath: () -> [PathComponent]) throws -> T {
        try decodeScalar(T.self, at: index, path: { makePath().map(\.codingKey) }) {
            let savedNode = currentNode
            let savedPath = path
            path = makePath()
            defer {
                currentNode = savedNode
                path = savedPath
            }
            return try unwrapNonScalar(T.self, at: index)
        }
    }
}

// MARK: Reads for the operators

extension DynamicValue {
    /// `target <-- view`: decodes the value here as the decoder would decode a `T` property
    /// at this place. Missing: `target` is left alone. Undecodable: left alone, and the
    /// failure goes to the decoder running the mapping.
    package func read<T: Decodable>(into target: inout T) {
        // While encoding, the mapping runs on the model itself when it is a class: a read
        // would put the document's old value back into the property being encoded.
        guard root.session?.mappingType != .encoding else { return }
        guard let node, let value = decodeRecordingFailure(T.self, from: node) else { return }
        target = value
    }

    /// `target <-- view` for an optional: as above, and `null` makes `target` `nil`.
    package func read<T: Decodable>(into target: inout T?) {
        guard root.session?.mappingType != .encoding, let node else { return }
        if node.isNull {
            target = nil
        } else if let value = decodeRecordingFailure(T.self, from: node) {
            target = value
        }
    }

    /// `value <-> view` while encoding: writes `value` here as a model's own property is
    /// written (merged with what is there, so an unchanged number keeps its literal and keys
    /// it does not write stay). The view is a copy; the write reaches the model's document
    /// through the encoder's session.
    package func writeForMapping<T: Encodable>(_ value: T) {
        guard let session = root.session, let options = session.encodingOptions else { return }
        do {
            guard let encoded = try TreeEncoder.wrap(value, options: options, path: fullPath.map(\.codingKey)) else { return }
            let merger = DynamicEncoding.Merger(usage: root.origin?.usage)
            var view = self
            view.root.updateTree(at: steps[...]) { $0 = merger.merge(base: $0, model: encoded) }
        } catch {
            session.failures.append(error)
        }
    }

    /// `value <-> view` with a `nil` optional while encoding: the key is removed, as a `nil`
    /// property's own key is.
    package func removeForMapping() {
        guard root.session?.mappingType == .encoding else { return }
        var view = self
        view.remove()
    }

    /// Which way the coder running the mapping is going; `nil` when no coder runs it.
    package var runningMappingType: DynamicMappingType? { root.session?.mappingType }

    private func decodeRecordingFailure<T: Decodable>(_ type: T.Type, from node: OverlayNode) -> T? {
        do {
            return try decode(T.self, from: node)
        } catch {
            root.session?.failures.append(error)
            return nil
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, from node: OverlayNode) throws -> T {
        if case .source(let document, let index) = node,
           case .decoding(let impl)? = root.session?.direction, impl.document === document {
            return try impl.decodeDetached(T.self, at: index, path: { fullPath })
        }
        let path = fullPath
        let options = root.origin?.options ?? ViewOrigin.defaultDecoding
        if case .source(let document, let index) = node {
            return try DecoderImpl(document: document, options: options, node: index, path: path).unwrap(T.self, at: index)
        }
        // An edited value decodes from its own serialised form.
        var writer = JSONWriter(formatting: [])
        writer.write(node)
        let document = try Document(data: writer.data(), options: ScanOptions(maximumDepth: .max))
        return try DecoderImpl(document: document, options: options, node: 0, path: path).unwrap(T.self, at: 0)
    }
}
