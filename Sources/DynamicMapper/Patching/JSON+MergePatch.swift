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
        if objectValue == nil { self = .object(Object()) }
        editMembers { object in
            for (key, value) in members {
                if value.isNull {
                    object[key] = nil
                } else if case .object = value {
                    // Taken out while it changes, so the merge edits it in place.
                    var member = object[key] ?? .null
                    object[key] = .null
                    member.apply(mergePatch: value)
                    object[key] = member
                } else {
                    object[key] = value
                }
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
        var patch = Object()
        for key in oldMembers.keys where newMembers[key] == nil {
            patch.append(key: key, value: .null)
        }
        for (key, value) in newMembers {
            guard let previous = oldMembers[key] else {
                patch.append(key: key, value: value)
                continue
            }
            if case .object = value, case .object = previous {
                let nested = mergePatch(from: previous, to: value)
                if nested.objectValue?.isEmpty != true { patch.append(key: key, value: nested) }
            } else if previous != value {
                patch.append(key: key, value: value)
            }
        }
        return .object(patch)
    }
}
