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
/// child's node points at its container's. Nothing is ever changed afterwards, so a nested
/// container used after its parent has moved on (or out of order with its siblings) still
/// knows its place without copying anything. A scalar child makes no node: its path is its
/// container's node and its key, put together only when it fails.
final class CodingPathNode {
    /// Nil at the root.
    let parent: CodingPathNode?
    /// The step from `parent` to here; nil at the root.
    let step: CodingPathStep?
    /// The number of steps from the root (the index of the per-depth key cursors).
    let depth: Int

    /// The empty path.
    init() {
        parent = nil
        step = nil
        depth = 0
    }

    private init(parent: CodingPathNode, step: CodingPathStep) {
        self.parent = parent
        self.step = step
        depth = parent.depth + 1
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
        while let step = node.step, let parent = node.parent {
            steps.append(step)
            node = parent
        }
        steps.reverse()
        return steps
    }

    /// The coding path, root first.
    var codingPath: [any CodingKey] { steps.map(\.codingKey) }

    /// The coding path with `step` (when there is one) added, without a node for it.
    func codingPath(appending step: CodingPathStep?) -> [any CodingKey] {
        var path = codingPath
        if let step { path.append(step.codingKey) }
        return path
    }

    /// The coding path with `step` (when there is one) and then `next` added.
    func codingPath(appending step: CodingPathStep?, _ next: CodingPathStep) -> [any CodingKey] {
        var path = codingPath
        if let step { path.append(step.codingKey) }
        path.append(next.codingKey)
        return path
    }
}
