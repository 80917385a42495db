extension JSON {
    /// Applies a JSON Patch (RFC 6902): every operation in order, or none of them.
    ///
    /// ```swift
    /// var json: JSON = ["name": "Ada", "tags": ["a"]]
    /// try json.apply([
    ///     .test(Path(pointer: "/name"), "Ada"),
    ///     .add(Path(pointer: "/tags/-"), "b"),
    ///     .move(from: Path(pointer: "/name"), to: Path(pointer: "/fullName")),
    /// ])
    /// // {"tags": ["a", "b"], "fullName": "Ada"}
    /// ```
    ///
    /// Pointer tokens read as RFC 6901 says whatever ``Path/Component`` holds them: against an
    /// object a token is a key (`.index(0)` is the key `"0"`), against an array it must be
    /// canonical digits (`.key("1")` is element 1; `1e0`, `01` and negative indexes are not
    /// indexes), and `add` takes `-` as the end of an array.
    ///
    /// - Throws: ``JSONPatchError`` with the failing operation's position, its pointer and
    ///   the reason; the value is then unchanged.
    public mutating func apply(_ patch: JSONPatch) throws {
        var working = self
        for (position, operation) in patch.operations.enumerated() {
            do throws(PatchFailure) {
                try working.perform(operation)
            } catch {
                throw JSONPatchError(operationIndex: position, operation: operation.name, pointer: error.pointer, reason: error.reason)
            }
        }
        self = working
    }

    /// A copy with `patch` applied; see ``apply(_:)``.
    ///
    /// ```swift
    /// let updated = try JSON(["a": 1]).applying([.replace(Path(pointer: "/a"), 2)])   // {"a": 2}
    /// ```
    public func applying(_ patch: JSONPatch) throws -> JSON {
        var copy = self
        try copy.apply(patch)
        return copy
    }

    private mutating func perform(_ operation: JSONPatch.Operation) throws(PatchFailure) {
        switch operation {
        case .add(let path, let value):
            try add(value, at: path)
        case .remove(let path):
            _ = try remove(at: path)
        case .replace(let path, let value):
            try modify(atPointer: path) { (target: inout JSON) throws(PatchFailure) in target = value }
        case .move(let from, let path):
            let source = from.components.map(\.pointerToken)
            let target = path.components.map(\.pointerToken)
            if source == target {
                _ = try value(atPointer: from)
            } else if target.starts(with: source) {
                throw PatchFailure(pointer: path.pointer, reason: .moveIntoDescendant(from: from.pointer))
            } else {
                try add(remove(at: from), at: path)
            }
        case .copy(let from, let path):
            try add(value(atPointer: from), at: path)
        case .test(let path, let expected):
            let actual = try value(atPointer: path)
            guard actual == expected else { throw PatchFailure(pointer: path.pointer, reason: .testFailed(actual: actual)) }
        }
    }

    /// Adds or replaces a member, or inserts an element (`-` appends); the parent must exist.
    private mutating func add(_ value: JSON, at path: Path) throws(PatchFailure) {
        guard let last = path.components.last else {
            self = value
            return
        }
        try modify(parentOf: path) { (parent: inout JSON) throws(PatchFailure) in
            switch parent {
            case .object:
                parent.editMembers { $0[last.pointerToken] = value }
            case .array:
                // Not bound in the pattern: a live binding would make the insert copy the array.
                let count = parent.arrayValue?.count ?? 0
                let position = last == .key("-") ? count : last.pointerArrayIndex
                guard let position, position <= count else {
                    throw PatchFailure(pointer: path.pointer, reason: .invalidIndex(last.pointerToken, count: count))
                }
                parent.editElements { $0.insert(value, at: position) }
            default:
                throw PatchFailure(pointer: path.pointer, reason: .notAContainer(at: Self.pointer(path, steps: path.components.count - 1)))
            }
        }
    }

    /// Removes the member or element at `path`, which must exist, and returns it.
    private mutating func remove(at path: Path) throws(PatchFailure) -> JSON {
        guard let last = path.components.last else {
            throw PatchFailure(pointer: path.pointer, reason: .removesRoot)
        }
        let removed = try value(atPointer: path)
        try modify(parentOf: path) { (parent: inout JSON) throws(PatchFailure) in
            switch parent {
            case .object:
                parent.editMembers { $0[last.pointerToken] = nil }
            case .array:
                // `value(atPointer:)` checked the index.
                parent.editElements { $0.remove(at: last.pointerArrayIndex ?? 0) }
            default:
                break
            }
        }
        return removed
    }

    /// Runs `body` on the parent of the last step of `path`; a failure names all of `path`.
    private mutating func modify(parentOf path: Path, _ body: (inout JSON) throws(PatchFailure) -> Void) throws(PatchFailure) {
        do throws(PatchFailure) {
            try modify(atPointer: Path(Array(path.components.dropLast())), body)
        } catch {
            throw PatchFailure(pointer: path.pointer, reason: error.reason)
        }
    }
}
