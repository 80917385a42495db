/// One step of a coding path: the `[CodingKey]` array that `codingPath` promises is built only
/// when someone asks (mostly for an error).
enum CodingPathStep {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return IndexKey(index)
        }
    }
}

/// A coding path as an immutable chain: each node is its parent's path with one step more.
///
/// Every container keeps the node of its own path, made when the container is made, and a
/// child's node points at its container's. A node never changes while anything else refers to
/// it, so a nested container used after its parent has moved on (or out of order with its
/// siblings) still knows its place without copying anything. A scalar child makes no node: its
/// path is its container's node and its key, put together only when it fails.
///
/// The decoder keeps the last node it made at each depth, and gives a node nobody else holds
/// any more a new parent and step (see ``DecoderImpl/childPath(of:_:)``) rather than allocate
/// another: one node per value decoded through `init(from:)` would otherwise cost as much as
/// the value.
final class CodingPathNode {
    /// Nil at the root.
    @exclusivity(unchecked) private(set) var parent: CodingPathNode?
    /// The step from `parent` to here; meaningless at the root (not optional, because an
    /// optional existential costs a call to test and to copy).
    @exclusivity(unchecked) private(set) var step: CodingPathStep
    /// The number of steps from the root (the index of the per-depth key cursors).
    let depth: Int

    /// The empty path.
    init() {
        parent = nil
        step = .index(0)
        depth = 0
    }

    private init(parent: CodingPathNode, step: CodingPathStep) {
        self.parent = parent
        self.step = step
        depth = parent.depth + 1
    }

    /// Makes this node, which only the decoder's list of spare nodes refers to, `step` below
    /// `parent` (whose depth is one less than this node's).
    @inline(__always)
    func reuse(parent: CodingPathNode, step: CodingPathStep) {
        self.parent = parent
        self.step = step
    }

    /// Lets go of the parent of this node, which only the decoder's list of spare nodes refers
    /// to, so that the parent can be reused in its turn.
    @inline(__always)
    func detach() {
        parent = nil
    }

    /// The path of `steps` from the root.
    static func of(_ steps: some Sequence<CodingPathStep>) -> CodingPathNode {
        CodingPathNode().appending(contentsOf: steps)
    }

    /// This path with `step` added.
    func appending(_ step: CodingPathStep) -> CodingPathNode {
        CodingPathNode(parent: self, step: step)
    }

    /// This path with `steps` added.
    func appending(contentsOf steps: some Sequence<CodingPathStep>) -> CodingPathNode {
        var node = self
        for step in steps { node = node.appending(step) }
        return node
    }

    /// The steps from the root.
    var steps: [CodingPathStep] {
        var steps: [CodingPathStep] = []
        steps.reserveCapacity(depth)
        var node = self
        while let parent = node.parent {
            steps.append(node.step)
            node = parent
        }
        steps.reverse()
        return steps
    }

    /// The coding path, root first.
    var codingPath: [any CodingKey] { steps.map(\.codingKey) }

    /// The coding path with `step` added, without a node for it.
    func codingPath(appending step: CodingPathStep) -> [any CodingKey] {
        var path = codingPath
        path.append(step.codingKey)
        return path
    }

}
