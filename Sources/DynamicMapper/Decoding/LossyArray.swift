/// Arrays read losslessly (`@Flat` arrays, ``KeyedKey`` `".array"` keys): elements that fail
/// to decode are left out, through the containers of any decoder.
protocol LossyArray {
    static func decodeDroppingFailures<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Self
    /// The same, for the node `index` of this package's decoder, whose path is `path`.
    static func decodeDroppingFailures(from impl: DecoderImpl, at index: Int, path: CodingPathNode) throws -> Self
}

extension Array: LossyArray where Element: Decodable {
    static func decodeDroppingFailures<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [Element] {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        var result: [Element] = []
        while !elements.isAtEnd {
            do {
                result.append(try elements.decode(Element.self))
            } catch {
                // A failed decode leaves the container on the element.
                let position = elements.currentIndex
                let dropped = elements as? any ReportableElements
                let node = dropped?.currentNode
                // Nothing moves the container past this element: stop rather than spin.
                if (try? elements.decode(SkippedValue.self)) == nil { break }
                if let dropped, let node {
                    dropped.decoder.markDropped(node)
                    dropped.decoder.report(.droppedElement, node: node, codingPath: elements.codingPath + [IndexKey(position)], failure: error)
                }
            }
        }
        return result
    }

    static func decodeDroppingFailures(from impl: DecoderImpl, at index: Int, path: CodingPathNode) throws -> [Element] {
        let node = impl.nodes[index]
        guard node.kind == .array else {
            throw impl.containerMismatch(expected: [Any].self, node: node, path: path.codingPath)
        }
        var result: [Element] = []
        result.reserveCapacity(Int(node.length))
        for (at, child) in impl.document.children(of: index).enumerated() {
            do {
                result.append(try impl.decodeDetached(Element.self, at: child, marksKeys: nil, path: { path.appending(.index(at)) }))
            } catch {
                impl.markDropped(child)
                impl.report(.droppedElement, node: child, codingPath: path.codingPath(appending: .index(at)), failure: error)
            }
        }
        return result
    }
}

extension Optional: LossyArray where Wrapped: LossyArray {
    /// `nil` for a missing key or `null`; otherwise the lossy array.
    static func decodeDroppingFailures<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Self {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try Wrapped.decodeDroppingFailures(from: container, forKey: key)
    }

    static func decodeDroppingFailures(from impl: DecoderImpl, at index: Int, path: CodingPathNode) throws -> Self {
        if impl.nodes[index].kind == .null { return nil }
        return try Wrapped.decodeDroppingFailures(from: impl, at: index, path: path)
    }
}

/// This package's unkeyed container, which a lossy array asks for the element it drops.
protocol ReportableElements {
    var decoder: DecoderImpl { get }
    /// The node of the element at `currentIndex`.
    var currentNode: Int { get }
}

/// A value decoded only to step over it: any JSON value decodes, and nothing is read.
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}
