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
    /// The array's coding path is `parent` with `step` added (see
    /// ``unwrapNonScalar(_:at:parent:step:)``); it gets no node unless an element needs one.
    func scalarArray<E: Decodable>(_ type: E.Type, at index: Int, parent: CodingPathNode, step: CodingPathStep?) throws -> [E] {
        let node = nodes[index]
        guard node.kind == .array else {
            throw containerMismatch(expected: [Any].self, node: node, path: parent.codingPath(appending: step))
        }
        var result: [E] = []
        result.reserveCapacity(Int(node.length))
        var child = index + 1
        let end = Int(node.end)
        while child < end {
            let position = result.count
            let element = try decodeScalar(E.self, at: child, path: { parent.codingPath(appending: step, .index(position)) }) {
                let array = step.map { parent.appending($0) } ?? parent
                return try unwrapNonScalar(E.self, at: child, parent: array, step: .index(position))
            }
            result.append(element)
            child = document.next(after: child)
        }
        return result
    }
}
