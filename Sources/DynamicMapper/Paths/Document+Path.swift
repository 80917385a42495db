/// Following a path through the node index.
extension Document {
    /// The value node of the first member named `key` of the object at `index`.
    func member(of index: Int, named key: String) -> Int? {
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        var keyIsASCII: Bool?
        for child in children(of: index) where stringEquals(nodes[child], key, textIsASCII: &keyIsASCII) {
            return child + 1
        }
        return nil
    }

    /// The node of element `position` (negative counts from the end) of the array at `index`.
    func element(of index: Int, at position: Int) -> Int? {
        let node = nodes[index]
        guard node.kind == .array, let resolved = RelativeIndex.resolve(position, count: Int(node.length)) else { return nil }
        for (offset, child) in children(of: index, node: node).enumerated() where offset == resolved {
            return child
        }
        return nil
    }

    /// Where following `components` from the node `start` ends.
    enum PathLookup {
        case found(Int)
        /// Step `step` found nothing: no such key or index, or `null` on the way.
        case missing(step: Int, parent: Int)
        /// Step `step` needs an object (or array) and the node there is something else.
        case wrongKind(step: Int, parent: Int)
    }

    /// Follows `components` from `start`; `memberNamed` finds a key in an object (given the
    /// object, the key and the step), exactly by default.
    func lookUp(
        _ components: some Collection<Path.Component>, from start: Int,
        memberNamed: ((_ object: Int, _ key: String, _ step: Int) -> Int?)? = nil
    ) -> PathLookup {
        var current = start
        for (step, component) in components.enumerated() {
            let node = nodes[current]
            let next: Int?
            switch component {
            case .key(let key):
                guard node.kind == .object else { return node.kind == .null ? .missing(step: step, parent: current) : .wrongKind(step: step, parent: current) }
                if let memberNamed {
                    next = memberNamed(current, key, step)
                } else {
                    next = member(of: current, named: key)
                }
            case .index(let position):
                guard node.kind == .array else { return node.kind == .null ? .missing(step: step, parent: current) : .wrongKind(step: step, parent: current) }
                next = element(of: current, at: position)
            }
            guard let next else { return .missing(step: step, parent: current) }
            current = next
        }
        return .found(current)
    }
}
