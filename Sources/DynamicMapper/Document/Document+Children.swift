extension Document {
    /// The children of the container node at `index`, in document order: an array's element
    /// nodes, or an object's key nodes (each member's value is the node after its key).
    ///
    /// The one way to step over a container's members and elements, so that skipping a nested
    /// container (jumping to its `end`) is written once.
    @inline(__always)
    func children(of index: Int) -> Children {
        let node = nodes[index]
        return Children(document: self, position: index + 1, end: Int(node.end), valueOffset: node.kind == .object ? 1 : 0)
    }

    struct Children: Sequence, IteratorProtocol {
        let document: Document
        var position: Int
        let end: Int
        /// 1 for an object, whose next member starts after the value that follows each key.
        let valueOffset: Int

        @inline(__always)
        mutating func next() -> Int? {
            guard position < end else { return nil }
            let child = position
            position = document.next(after: child + valueOffset)
            return child
        }
    }
}
