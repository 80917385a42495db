/// The shape every reader of the node tape relies on, checked after each parse when the
/// package is built with `-Xswiftc -DDYNAMICMAPPER_INVARIANTS` (CI's ThreadSanitizer test run
/// is); otherwise no check runs.
///
/// Readers skip values by jumping to `end` and stop at a container's `end` without checking
/// either against the buffer, so a wrong `end` or count from the scanner would read outside
/// the tape instead of failing: the check turns such a bug into a trap that says what broke.
extension Document {
    /// Whether this build checks internal invariants (`DYNAMICMAPPER_INVARIANTS`).
    static var checksInvariants: Bool {
        #if DYNAMICMAPPER_INVARIANTS
        true
        #else
        false
        #endif
    }

    @inline(__always)
    func checkInvariants() {
        #if DYNAMICMAPPER_INVARIANTS
        if let violation = tapeViolation() {
            preconditionFailure("DynamicMapper internal invariant broken in the node tape: \(violation)")
        }
        #endif
    }

    /// What is wrong with the tape, or nil: every container's `end` lies past it and inside the
    /// tape; its children, skipped value by value, land exactly on that `end` (so spans nest);
    /// an object alternates string keys and values; the child count is `length`; scalars lie
    /// inside the text; nodes are in document order.
    func tapeViolation() -> String? {
        let count = nodes.count
        guard count > 0 else { return "the tape is empty" }
        var previousOffset = 0
        for index in 0..<count {
            let node = nodes[index]
            // Equal offsets occur once: a JSON5 implicit top-level object and its unquoted first key.
            guard Int(node.offset) >= previousOffset else { return "node \(index) starts at byte \(node.offset), before node \(index - 1)" }
            previousOffset = Int(node.offset)
            switch node.kind {
            case .array, .object:
                if let violation = containerViolation(index, node, count: count) { return violation }
            case .null, .true, .false, .number, .string:
                guard Int(node.offset) + Int(node.length) <= bytes.count else { return "scalar node \(index) runs past the end of the text" }
            }
        }
        let rootEnd = next(after: 0)
        return rootEnd == count ? nil : "the root ends at node \(rootEnd), not at the tape's end \(count)"
    }

    private func containerViolation(_ index: Int, _ node: Node, count: Int) -> String? {
        let end = Int(node.end)
        guard end > index && end <= count else { return "container \(index) ends at \(end), outside \(index + 1)...\(count)" }
        // Steps by hand, not with ``Children``: it checks what `Children` takes for granted
        // (every child ends inside its parent, after where it starts), and on a tape that broke
        // that, `Children` could step backwards forever.
        var child = index + 1
        var children = 0
        while child < end {
            if node.kind == .object {
                guard nodes[child].kind == .string else { return "member \(children) of object \(index) has no string key" }
                child += 1
                guard child < end else { return "the last key of object \(index) has no value" }
            }
            let skipped = next(after: child)
            guard skipped > child && skipped <= end else {
                return "child \(child) of container \(index) ends at \(skipped), outside its parent (end \(end))"
            }
            child = skipped
            children += 1
        }
        return children == Int(node.length) ? nil : "container \(index) says it has \(node.length) children but holds \(children)"
    }
}
