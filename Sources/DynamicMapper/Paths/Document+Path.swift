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
    /// member found and that member's key node, and whether the object's keys are all
    /// different (worked out when first needed; `scratch` then holds their signatures).
    struct MemberCursor {
        var object = -1
        var nextKey = -1
        var lastKey = -1
        var uniqueKeys: Bool?
        var scratch: [UInt64] = []
    }

    /// ``member(of:named:)`` starting where `cursor` says the last lookup in the same object
    /// ended, and going round to the start: keys read in document order cost one comparison,
    /// and so does the key found last read again (`ds.address.city`, then `ds.address.zip`).
    /// Duplicate keys: the first occurrence still wins.
    func member(of index: Int, named key: String, cursor: inout MemberCursor) -> Int? {
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        if cursor.object != index {
            cursor.object = index
            cursor.nextKey = index + 1
            cursor.lastKey = -1
            cursor.uniqueKeys = nil
        }
        // The name's bytes are borrowed once for the whole walk, not once per key compared.
        if let found = key.utf8.withContiguousStorageIfAvailable({
            member(of: index, node: node, named: key, borrowed: BorrowedKey(lending: $0), cursor: &cursor)
        }) {
            return found
        }
        var text = key
        return text.withUTF8 { member(of: index, node: node, named: key, borrowed: BorrowedKey(lending: $0), cursor: &cursor) }
    }

    @inline(__always)
    private func member(of index: Int, node: Node, named key: String, borrowed: BorrowedKey, cursor: inout MemberCursor) -> Int? {
        let first = index + 1
        let start = cursor.nextKey < Int(node.end) ? cursor.nextKey : first
        var keyIsASCII: Bool?
        var walk = members(ofObject: index, node: node, from: start)
        var missed = false
        while let child = walk.next() {
            if stringEquals(nodes[child], key, borrowed, textIsASCII: &keyIsASCII) {
                if start != first, let earlier = earlierDuplicate(of: child, object: index, named: key, cursor: &cursor) { return earlier }
                cursor.nextKey = walk.position
                cursor.lastKey = child
                return child + 1
            }
            guard !missed else { continue }
            missed = true
            // Not at the cursor: the key found last (the cursor stands after it) may be asked
            // for again, by a path through it.
            let last = cursor.lastKey
            if last >= first, last != child, stringEquals(nodes[last], key, borrowed, textIsASCII: &keyIsASCII) {
                return earlierDuplicate(of: last, object: index, named: key, cursor: &cursor) ?? last + 1
            }
            // An object whose keys are known to be different can tell at once that an ASCII
            // name is not there, sparing a missing key the walk over every member.
            if cursor.uniqueKeys == true, keyIsASCII == true, !mayHaveKey(object: index, key: borrowed, signatures: cursor.scratch) {
                return nil
            }
        }
        guard start != first else { return nil }
        walk = members(ofObject: index, node: node)
        while let child = walk.next(), child < start {
            if stringEquals(nodes[child], key, borrowed, textIsASCII: &keyIsASCII) {
                cursor.nextKey = walk.position
                cursor.lastKey = child
                return child + 1
            }
        }
        return nil
    }

    /// The value node of an earlier member named `key` than the one at `child`, which a walk
    /// that did not start at the object's first key found: with duplicate keys the first
    /// occurrence wins.
    private func earlierDuplicate(of child: Int, object index: Int, named key: String, cursor: inout MemberCursor) -> Int? {
        if cursor.uniqueKeys == nil { cursor.uniqueKeys = hasUniqueKeys(object: index, scratch: &cursor.scratch) }
        guard cursor.uniqueKeys == false, let earlier = member(of: index, named: key), earlier < child else { return nil }
        return earlier
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
            let result = lookUpStep(component, from: current, step: step, memberNamed: memberNamed)
            guard case .found(let next) = result else { return result }
            current = next
        }
        return .found(current)
    }

    /// One step of ``lookUp(_:from:memberNamed:)``: `component` from the node `current`, as step
    /// `step` of a path. A caller that knows one step is left (a `@Mapped` path of two steps,
    /// `address.city`, after its first) takes it here, without the walk's iteration over a slice
    /// of components.
    @inline(__always)
    func lookUpStep(
        _ component: Path.Component, from current: Int, step: Int,
        memberNamed: ((_ object: Int, _ key: String, _ step: Int) -> Int?)? = nil
    ) -> PathLookup {
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
        return .found(next)
    }
}
