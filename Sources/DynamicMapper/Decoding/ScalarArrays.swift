import Foundation

extension DecoderImpl {
    /// `[E]` for one of the scalar types ``decodeScalar(_:at:path:otherwise:)`` reads, element
    /// by element as `UnkeyedContainer` reads them, with the same errors and paths.
    ///
    /// The standard library's `Array.init(from:)`, reached through `Decodable`, is not
    /// specialised for the element type: it looks up generic metadata for the array and its
    /// storage as it appends, which cost more than the numbers themselves in a document made
    /// of coordinate pairs (`canada.json`).
    ///
    /// `codingPath` gives the array's coding path: it gets no node (E is a scalar type).
    func scalarArray<E: Decodable>(_ type: E.Type, at index: Int, codingPath: () -> [any CodingKey]) throws -> [E] {
        let node = nodes[index]
        guard node.kind == .array else {
            throw containerMismatch(expected: [Any].self, node: node, path: codingPath())
        }
        var result: [E] = []
        result.reserveCapacity(Int(node.length))
        for child in document.children(of: index, node: node) {
            let position = result.count
            let element = try decodeScalar(E.self, at: child, path: { codingPath() + [IndexKey(position)] }) {
                try unwrapNonScalar(E.self, at: child, path: CodingPathNode.of(codingPath().map(CodingPathStep.key)).appending(.index(position)))
            }
            result.append(element)
        }
        return result
    }
}
