extension JSON {
    /// The JSON Patch (RFC 6902) that turns `old` into `new`.
    ///
    /// ```swift
    /// let old: JSON = ["name": "Ada", "tags": ["a", "b", "c"], "draft": true]
    /// let new: JSON = ["name": "Ada Lovelace", "tags": ["a", "x"]]
    /// JSON.patch(from: old, to: new)
    /// // [{"op":"remove","path":"/draft"},
    /// //  {"op":"replace","path":"/name","value":"Ada Lovelace"},
    /// //  {"op":"replace","path":"/tags/1","value":"x"},
    /// //  {"op":"remove","path":"/tags/2"}]
    /// ```
    ///
    /// Objects are compared member by member (only what changed), arrays element by element
    /// at the same index, with additions or removals at the end; a value whose kind changed
    /// is replaced whole. `old.applying(JSON.patch(from: old, to: new)) == new` always holds,
    /// and equal values give an empty patch. Linear in the size of both values.
    public static func patch(from old: JSON, to new: JSON) -> JSONPatch {
        var operations: [JSONPatch.Operation] = []
        var steps: [Path.Component] = []
        diff(old, new, steps: &steps, into: &operations)
        return JSONPatch(operations)
    }

    private static func diff(_ old: JSON, _ new: JSON, steps: inout [Path.Component], into operations: inout [JSONPatch.Operation]) {
        switch (old, new) {
        case (.object(let oldMembers), .object(let newMembers)):
            for key in oldMembers.keys where newMembers[key] == nil {
                operations.append(.remove(Path(steps + [Path.component(forToken: key)])))
            }
            for (key, value) in newMembers {
                // As a pointer would read it back, so the patch survives its own text.
                steps.append(Path.component(forToken: key))
                if let previous = oldMembers[key] {
                    diff(previous, value, steps: &steps, into: &operations)
                } else {
                    operations.append(.add(Path(steps), value))
                }
                steps.removeLast()
            }
        case (.array(let oldElements), .array(let newElements)):
            let common = min(oldElements.count, newElements.count)
            for index in 0..<common {
                steps.append(.index(index))
                diff(oldElements[index], newElements[index], steps: &steps, into: &operations)
                steps.removeLast()
            }
            for index in (newElements.count..<max(oldElements.count, newElements.count)).reversed() {
                operations.append(.remove(Path(steps + [.index(index)])))
            }
            for index in oldElements.count..<max(oldElements.count, newElements.count) {
                operations.append(.add(Path(steps + [.index(index)]), newElements[index]))
            }
        default:
            if old != new { operations.append(.replace(Path(steps), new)) }
        }
    }
}
