extension JSON {
    /// Applies a JSON Merge Patch (RFC 7396): an object patch sets its members into this
    /// object (`null` removes a member, objects merge recursively), anything else replaces
    /// the whole value.
    ///
    /// ```swift
    /// var json: JSON = ["title": "Hello", "author": ["name": "Ada", "email": "a@example.com"]]
    /// json.apply(mergePatch: ["title": "Hi", "author": ["email": nil]])
    /// // {"title": "Hi", "author": {"name": "Ada"}}
    /// ```
    ///
    /// A merge patch cannot fail. It cannot set a member to `null` either (that is how it
    /// removes one), and it replaces arrays whole; ``JSONPatch`` does both.
    public mutating func apply(mergePatch patch: JSON) {
        guard case .object(let members) = patch else {
            self = patch
            return
        }
        // Iterative: the objects being merged wait on a heap stack, each taken out of its
        // parent so that it is edited in place, and goes back when its patch is done.
        var frames = [MergeFrame(object: takeObject() ?? Object(), patch: members, slot: nil)]
        while true {
            let top = frames.count - 1
            guard frames[top].next < frames[top].patch.count else {
                var done = frames.removeLast()
                // Removed together at the end, in one pass: removing them one by one shifts
                // the members after each. Positions stay valid meanwhile, since setting a
                // member replaces it in place or appends it.
                done.object.removeMembers(at: done.removals)
                switch done.slot {
                case nil:
                    self = .object(done.object)
                    return
                case .position(let position)?:
                    _ = frames[top - 1].object.exchangeValue(at: position, with: .object(done.object))
                case .newKey(let key)?:
                    frames[top - 1].object[key] = .object(done.object)
                }
                continue
            }
            let key = frames[top].patch.keys[frames[top].next]
            let value = frames[top].patch.values[frames[top].next]
            frames[top].next += 1
            if value.isNull {
                if let position = frames[top].object.index(forKey: key) { frames[top].removals.append(position) }
            } else if case .object(let nested) = value {
                if let position = frames[top].object.index(forKey: key) {
                    var member = frames[top].object.exchangeValue(at: position, with: .null)
                    frames.append(MergeFrame(object: member.takeObject() ?? Object(), patch: nested, slot: .position(position)))
                } else {
                    frames.append(MergeFrame(object: Object(), patch: nested, slot: .newKey(key)))
                }
            } else {
                frames[top].object[key] = value
            }
        }
    }

    /// A copy with `patch` merged in; see ``apply(mergePatch:)``.
    ///
    /// ```swift
    /// JSON(["a": 1, "b": 2]).applying(mergePatch: ["b": nil])   // {"a": 1}
    /// ```
    public func applying(mergePatch patch: JSON) -> JSON {
        var copy = self
        copy.apply(mergePatch: patch)
        return copy
    }

    /// The JSON Merge Patch (RFC 7396) that turns `old` into `new`: only the members that
    /// differ, `null` for removed ones, nested objects diffed member by member.
    ///
    /// ```swift
    /// let old: JSON = ["name": "Ada", "age": 36, "tags": ["a"]]
    /// let new: JSON = ["name": "Ada", "age": 37, "city": "London"]
    /// JSON.mergePatch(from: old, to: new)   // {"tags": null, "age": 37, "city": "London"}
    /// ```
    ///
    /// `old.applying(mergePatch: JSON.mergePatch(from: old, to: new)) == new` whenever `new`
    /// has no object member that is `null` where `old` differs (a merge patch has no way to
    /// write such a member: use ``patch(from:to:)``). Equal objects give `{}`; when `new` is
    /// not an object the patch is `new` itself. Linear in the size of both values.
    public static func mergePatch(from old: JSON, to new: JSON) -> JSON {
        guard case .object(let newMembers) = new, case .object(let oldMembers) = old else { return new }
        // Iterative: the pairs of objects being compared wait on a heap stack.
        var frames = [DiffFrame(old: oldMembers, new: newMembers, key: nil)]
        while true {
            let top = frames.count - 1
            guard frames[top].next < frames[top].new.count else {
                let done = frames.removeLast()
                guard let key = done.key else { return .object(done.patch) }
                if !done.patch.isEmpty { frames[top - 1].patch.append(key: key, value: .object(done.patch)) }
                continue
            }
            let key = frames[top].new.keys[frames[top].next]
            let value = frames[top].new.values[frames[top].next]
            frames[top].next += 1
            guard let previous = frames[top].old[key] else {
                frames[top].patch.append(key: key, value: value)
                continue
            }
            if case .object(let newObject) = value, case .object(let oldObject) = previous {
                frames.append(DiffFrame(old: oldObject, new: newObject, key: key))
            } else if previous != value {
                frames[top].patch.append(key: key, value: value)
            }
        }
    }
}

/// An object being merged by ``JSON/apply(mergePatch:)``: the members of `patch` from `next`
/// on are still to merge, and the object goes back to its parent at `slot` (`nil` for the root).
private struct MergeFrame {
    enum Slot {
        case position(Int)
        case newKey(String)
    }

    var object: JSON.Object
    let patch: JSON.Object
    let slot: Slot?
    var next = 0
    var removals: [Int] = []
}

/// A pair of objects being compared by ``JSON/mergePatch(from:to:)``: `patch` holds what
/// differs so far, starting with `null` for every member that `new` lacks.
private struct DiffFrame {
    let old: JSON.Object
    let new: JSON.Object
    let key: String?
    var patch = JSON.Object()
    var next = 0

    init(old: JSON.Object, new: JSON.Object, key: String?) {
        self.old = old
        self.new = new
        self.key = key
        for key in old.keys where new[key] == nil {
            patch.append(key: key, value: .null)
        }
    }
}
