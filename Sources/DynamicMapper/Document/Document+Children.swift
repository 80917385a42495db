extension Document {
    /// The children of the container node at `index`, in document order: an array's element
    /// nodes, or an object's key nodes (each member's value is the node after its key).
    ///
    /// The one way to step over a container's members and elements, so that skipping a nested
    /// container (jumping to its `end`) is written once.
    @inline(__always)
    func children(of index: Int) -> Children {
        children(of: index, node: nodes[index])
    }

    /// ``children(of:)`` for a caller that has already read the container's `node`: the hot
    /// loops (scalar arrays, key checks) check its kind first, and handing the same value on
    /// lets the compiler fold the object-or-array choice away instead of reading the node again
    /// after the calls between the check and the loop.
    @inline(__always)
    func children(of index: Int, node: Node) -> Children {
        children(of: index, node: node, from: index + 1)
    }

    /// The children of the container at `index` (whose node is `node`) from its child `start`
    /// on: a key node of an object, an element of an array, or the container's `end` for none.
    /// For walks that resume where an earlier one stopped (a key hint, an array cursor).
    @inline(__always)
    func children(of index: Int, node: Node, from start: Int) -> Children {
        Children(nodes: UnsafePointer(nodes.baseAddress.unsafelyUnwrapped), position: start, end: Int(node.end), valueOffset: node.kind == .object ? 1 : 0)
    }

    /// ``children(of:node:from:)`` for a caller that knows the container is an object (a key
    /// walk, a key check): its key nodes from `start` (by default the first) on. Saying so
    /// makes the step over each member's value a constant, which the hot key walks feel.
    @inline(__always)
    func members(ofObject index: Int, node: Node, from start: Int? = nil) -> Children {
        assert(node.kind == .object, "node \(index) is not an object")
        return Children(nodes: UnsafePointer(nodes.baseAddress.unsafelyUnwrapped), position: start ?? index + 1, end: Int(node.end), valueOffset: 1)
    }

    struct Children: Sequence, IteratorProtocol {
        // The node storage, not the document: retaining and releasing the document for each
        // container cost 1.8% of decoding `canada.json`, whose coordinate pairs are tiny
        // arrays. A `Children` lives in its caller's loop, and the caller holds the document.
        // Its start only (a document always has a node): one word, as `JSON` building keeps a
        // `Children` in each open frame.
        let nodes: UnsafePointer<Node>
        /// The next child to hand out; after `next()` returned a child, the node after that
        /// member or element (where a walk stopping there resumes).
        private(set) var position: Int
        let end: Int
        /// 1 for an object, whose next member starts after the value that follows each key.
        let valueOffset: Int

        @inline(__always)
        mutating func next() -> Int? {
            guard position < end else { return nil }
            let child = position
            // `&+`: `child` is below `end`, a node index, so adding 0 or 1 cannot overflow.
            position = Document.next(after: child &+ valueOffset, in: nodes)
            return child
        }
    }
}
