extension JSON {
    /// The JSON Patch (RFC 6902) that turns `old` into `new`.
    ///
    /// ```swift
    /// let old: JSON = ["name": "Ada", "tags": ["a", "b", "c"], "draft": true]
    /// let new: JSON = ["name": "Ada Lovelace", "tags": ["a", "x"]]
    /// JSON.jsonPatch(from: old, to: new)
    /// // [{"op":"remove","path":"/draft"},
    /// //  {"op":"replace","path":"/name","value":"Ada Lovelace"},
    /// //  {"op":"replace","path":"/tags/1","value":"x"},
    /// //  {"op":"remove","path":"/tags/2"}]
    /// ```
    ///
    /// Objects are compared member by member (only what changed), arrays element by element
    /// at the same index, with additions or removals at the end; a value whose kind changed
    /// is replaced whole. `old.applying(JSON.jsonPatch(from: old, to: new)) == new` always holds,
    /// and equal values give an empty patch. Linear in the size of both values.
    ///
    /// The name says the format, as ``mergePatch(from:to:)`` does for RFC 7396; models and
    /// views answer the same two questions with ``DynamicEncodable/jsonPatch(using:)`` and
    /// ``DynamicEncodable/mergePatch(using:)``.
    public static func jsonPatch(from old: JSON, to new: JSON) -> JSONPatch {
        var operations: [JSONPatch.Operation] = []
        var steps: [Path.Component] = []
        // Iterative, with the work left on a heap stack (pushed in reverse, so it runs in
        // order), so values of any depth are compared on any thread.
        var pending: [DiffWork] = [.compare(old, new)]
        while let work = pending.popLast() {
            switch work {
            case .enter(let step):
                steps.append(step)
            case .leave:
                steps.removeLast()
            case .emit(let operation, let last):
                switch operation {
                case .remove: operations.append(.remove(Path(steps + [last])))
                case .add(_, let value): operations.append(.add(Path(steps + [last]), value))
                default: break
                }
            case .compare(let old, let new):
                switch (old, new) {
                case (.object(let oldMembers), .object(let newMembers)):
                    for key in oldMembers.keys where newMembers[key] == nil {
                        operations.append(.remove(Path(steps + [Path.component(forToken: key)])))
                    }
                    var members: [DiffWork] = []
                    for (key, value) in newMembers {
                        // As a pointer would read it back, so the patch survives its own text.
                        let step = Path.component(forToken: key)
                        if let previous = oldMembers[key] {
                            members += [.enter(step), .compare(previous, value), .leave]
                        } else {
                            members.append(.emit(.add(.root, value), last: step))
                        }
                    }
                    pending.append(contentsOf: members.reversed())
                case (.array(let oldElements), .array(let newElements)):
                    let common = min(oldElements.count, newElements.count)
                    var elements: [DiffWork] = []
                    for index in 0..<common {
                        elements += [.enter(.index(index)), .compare(oldElements[index], newElements[index]), .leave]
                    }
                    for index in (newElements.count..<max(oldElements.count, newElements.count)).reversed() {
                        elements.append(.emit(.remove(.root), last: .index(index)))
                    }
                    for index in oldElements.count..<max(oldElements.count, newElements.count) {
                        elements.append(.emit(.add(.root, newElements[index]), last: .index(index)))
                    }
                    pending.append(contentsOf: elements.reversed())
                default:
                    if old != new { operations.append(.replace(Path(steps), new)) }
                }
            }
        }
        return JSONPatch(operations)
    }
}

/// A step of ``JSON/patch(from:to:)``'s walk.
private enum DiffWork {
    /// Compare two values at the current path.
    case compare(JSON, JSON)
    /// Go one step down, or back up.
    case enter(Path.Component)
    case leave
    /// Write `operation` (a `remove` or an `add`) at the current path plus `last`.
    case emit(JSONPatch.Operation, last: Path.Component)
}

extension JSON {
    /// The former name of ``jsonPatch(from:to:)``.
    ///
    /// ```swift
    /// JSON.jsonPatch(from: ["a": 1], to: ["a": 2])   // write this instead
    /// ```
    @available(*, deprecated, renamed: "jsonPatch(from:to:)")
    public static func patch(from old: JSON, to new: JSON) -> JSONPatch {
        jsonPatch(from: old, to: new)
    }
}
