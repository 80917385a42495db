extension Document {
    /// The children of the container node at `index`, in document order: an array's element
    /// nodes, or an object's key nodes (each member's value is the node after its key).
    ///
    /// The one way to step over a container's members and elements, so that skipping a nested
    /// container (jumping to its `end`) is written once.
    @inline(__always)
    func children(of index: Int) -> Children {
        let node = nodes[index]
        return Children(nodes: nodes, position: index + 1, end: Int(node.end), valueOffset: node.kind == .object ? 1 : 0)
    }

    struct Children: Sequence, IteratorProtocol {
        // The node storage, not the document: retaining and releasing the document for each
        // container cost 1.8% of decoding `canada.json`, whose coordinate pairs are tiny
        // arrays. A `Children` lives in its caller's loop, and the caller holds the document.
        let nodes: UnsafeMutableBufferPointer<Node>
        var position: Int
        let end: Int
        /// 1 for an object, whose next member starts after the value that follows each key.
        let valueOffset: Int

        @inline(__always)
        mutating func next() -> Int? {
            guard position < end else { return nil }
            let child = position
            position = Document.next(after: child + valueOffset, in: nodes)
            return child
        }
    }
}
