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
/// Each coder keeps the last node it made at each depth, and gives a node nobody else holds
/// any more a new parent and step (see ``CodingPathSpares``) rather than allocate
/// another: one node per value decoded through `init(from:)` would otherwise cost as much as
/// the value.
final class CodingPathNode {
    /// Nil at the root.
    @exclusivity(unchecked) private(set) var parent: CodingPathNode?
    /// The step from `parent` to here; meaningless at the root (not optional, because an
    /// optional existential costs a call to test and to copy).
    @exclusivity(unchecked) private(set) var step: CodingPathStep
    /// The document node this path names, when known (``unknownValue`` otherwise): an unkeyed
    /// container finds its array here, which keeps the container within the three words an
    /// existential holds inline (see ``UnkeyedContainer``). Node indexes fit 32 bits because
    /// a document is at most 4 GiB and every node starts at a byte of its own.
    @exclusivity(unchecked) private(set) var value: UInt32
    private let storedDepth: Int32

    /// The `value` of a node made without knowing the document node it names.
    static var unknownValue: UInt32 { .max }

    /// The number of steps from the root (the index of the per-depth key cursors).
    var depth: Int {
        @inline(__always) get { Int(storedDepth) }
    }

    /// The empty path, naming the document node `value` when given.
    init(value: Int? = nil) {
        parent = nil
        step = .index(0)
        self.value = value.map { UInt32(truncatingIfNeeded: $0) } ?? Self.unknownValue
        storedDepth = 0
    }

    /// `parent`'s path with `step` added, naming the document node `value` (or
    /// ``unknownValue``).
    init(parent: CodingPathNode, step: CodingPathStep, value: UInt32) {
        self.parent = parent
        self.step = step
        self.value = value
        // A path as deep as Int32 allows cannot be built: its nodes alone would need more
        // memory than there is.
        storedDepth = parent.storedDepth &+ 1
    }

    /// Makes this node, which only a coder's list of spare nodes refers to, `step` below
    /// `parent` (whose depth is one less than this node's), naming the document node `value`.
    @inline(__always)
    func reuse(parent: CodingPathNode, step: CodingPathStep, value: UInt32) {
        self.parent = parent
        self.step = step
        self.value = value
    }

    /// Lets go of the parent of this node, which only a coder's list of spare nodes refers
    /// to, so that the parent can be reused in its turn.
    @inline(__always)
    func detach() {
        parent = nil
    }

    /// This path, naming the document node `value`: itself when it already does, else a copy
    /// that does (a node's value never changes while anything but a coder's spares holds it).
    @inline(__always)
    func naming(_ value: Int) -> CodingPathNode {
        let value = UInt32(truncatingIfNeeded: value)
        return self.value == value ? self : copy(naming: value)
    }

    @inline(never)
    private func copy(naming value: UInt32) -> CodingPathNode {
        guard let parent else {
            let root = CodingPathNode()
            root.value = value
            return root
        }
        return CodingPathNode(parent: parent, step: step, value: value)
    }

    /// The path of `steps` from the root.
    static func of(_ steps: some Sequence<CodingPathStep>) -> CodingPathNode {
        CodingPathNode().appending(contentsOf: steps)
    }

    /// This path with `step` added.
    func appending(_ step: CodingPathStep) -> CodingPathNode {
        CodingPathNode(parent: self, step: step, value: Self.unknownValue)
    }

    /// This path with `step` added, naming the document node `value`.
    func appending(_ step: CodingPathStep, value: Int) -> CodingPathNode {
        CodingPathNode(parent: self, step: step, value: UInt32(truncatingIfNeeded: value))
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
