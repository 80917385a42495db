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

    /// Where a walk over one object's keys stopped: the object, the key node after the last
    /// member found, and whether the object's keys are all different (worked out when first
    /// needed).
    struct MemberCursor {
        var object = -1
        var nextKey = -1
        var uniqueKeys: Bool?
        var scratch: [UInt64] = []
    }

    /// ``member(of:named:)`` starting where `cursor` says the last lookup in the same object
    /// ended, and going round to the start: keys read in document order cost one comparison.
    /// Duplicate keys: the first occurrence still wins.
    func member(of index: Int, named key: String, cursor: inout MemberCursor) -> Int? {
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        if cursor.object != index {
            cursor.object = index
            cursor.nextKey = index + 1
            cursor.uniqueKeys = nil
        }
        let first = index + 1
        let start = cursor.nextKey < Int(node.end) ? cursor.nextKey : first
        var keyIsASCII: Bool?
        var walk = members(ofObject: index, node: node, from: start)
        while let child = walk.next() {
            guard stringEquals(nodes[child], key, textIsASCII: &keyIsASCII) else { continue }
            if start != first {
                if cursor.uniqueKeys == nil { cursor.uniqueKeys = hasUniqueKeys(object: index, scratch: &cursor.scratch) }
                // An earlier duplicate, skipped by starting at the cursor, would win.
                if cursor.uniqueKeys == false, let earlier = member(of: index, named: key), earlier < child {
                    return earlier
                }
            }
            cursor.nextKey = walk.position
            return child + 1
        }
        guard start != first else { return nil }
        walk = members(ofObject: index, node: node)
        while let child = walk.next(), child < start {
            if stringEquals(nodes[child], key, textIsASCII: &keyIsASCII) {
                cursor.nextKey = walk.position
                return child + 1
            }
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
