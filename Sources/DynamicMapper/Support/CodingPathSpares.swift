/// The last coding-path node a coder made at each depth, handed out again for the next
/// container at that depth once nothing else holds it (its container and everything below are
/// done with): one node per container made would otherwise cost as much as the container.
/// Both coders keep one (``DecoderImpl/childPath(of:_:value:)``, the streaming encoder's
/// containers).
///
/// A node someone still holds (a container kept past its turn, a path inside an error) is
/// never changed: the spare is replaced by a new node instead.
struct CodingPathSpares {
    private var nodes: [CodingPathNode?] = []

    /// `parent`'s path with `step` added, naming the document node `value` (a decoder's; the
    /// encoder has none).
    @inline(__always)
    mutating func child(
        of parent: CodingPathNode, _ step: CodingPathStep, value: UInt32 = CodingPathNode.unknownValue
    ) -> CodingPathNode {
        let depth = parent.depth + 1
        if depth >= nodes.count { addSlots(through: depth) }
        return nodes.withUnsafeMutableBufferPointer { spares in
            if isKnownUniquelyReferenced(&spares[depth]) || Self.freeSpare(at: depth, in: spares) {
                let node = spares[depth].unsafelyUnwrapped
                node.reuse(parent: parent, step: step, value: value)
                return node
            }
            let node = CodingPathNode(parent: parent, step: step, value: value)
            spares[depth] = node
            return node
        }
    }

    /// Whether the spare at `depth` is free once the spares below it that nothing else holds
    /// let go of their parents (deepest first, as each holds the one above): a spare's last
    /// child, and that child's last child, still point at it after they are done with.
    @inline(never)
    private static func freeSpare(at depth: Int, in spares: UnsafeMutableBufferPointer<CodingPathNode?>) -> Bool {
        guard spares[depth] != nil else { return false }
        var deepest = depth
        while deepest + 1 < spares.count, let child = spares[deepest + 1], child.parent === spares[deepest] { deepest += 1 }
        var level = deepest
        while level > depth {
            guard isKnownUniquelyReferenced(&spares[level]) else { return false }
            spares[level].unsafelyUnwrapped.detach()
            level -= 1
        }
        return deepest > depth && isKnownUniquelyReferenced(&spares[depth])
    }

    @inline(never)
    private mutating func addSlots(through depth: Int) {
        while nodes.count <= depth { nodes.append(nil) }
    }
}
