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
    /// Patches often come from strangers, so two limits keep what one can build bounded:
    ///
    /// - The result nests arrays and objects no deeper than ``maximumNesting`` (1,024), the cap
    ///   a parsed value has: an operation that would put a value deeper fails with
    ///   ``JSONPatchError/Reason/nestingLimitExceeded(limit:)``.
    /// - The operations add at most `maximumAddedNodes` values (a scalar, array or object each
    ///   counts one, with everything inside it): the values of `add` and `replace`, what a
    ///   `copy` duplicates, and what a `move` carries to a deeper place. By default, four times
    ///   the values of the document and the patch together, plus 1,024: enough to copy the
    ///   whole document a few times, too little for 30 `copy` operations of `""` to double it
    ///   2^30 times in a 1 KB body. Past it the patch fails with
    ///   ``JSONPatchError/Reason/growthLimitExceeded(limit:)``.
    ///
    /// ```swift
    /// var json: JSON = ["a": 1]
    /// try json.apply(patch, maximumAddedNodes: 10_000)   // a tighter budget for this endpoint
    /// ```
    ///
    /// Each operation edits in place: it costs time in proportion to its path and to the
    /// values it adds, removes or compares, plus the edited array's shift for an insertion or
    /// removal inside it, whatever the size of the rest of the document.
    ///
    /// - Parameters:
    ///   - patch: The operations to apply.
    ///   - maximumAddedNodes: How many values the operations may add in total; `nil` for the
    ///     default described above.
    /// - Throws: ``JSONPatchError`` with the failing operation's position, its pointer and
    ///   the reason; the value is then unchanged.
    public mutating func apply(_ patch: JSONPatch, maximumAddedNodes: Int? = nil) throws {
        var budget = maximumAddedNodes.map(PatchBudget.init(limit:)) ?? PatchBudget(defaultFor: self, patch: patch)
        var working = self
        for (position, operation) in patch.operations.enumerated() {
            do throws(PatchFailure) {
                try working.perform(operation, budget: &budget)
            } catch {
                throw JSONPatchError(operationIndex: position, operation: operation.name, pointer: error.pointer, reason: error.reason)
            }
        }
        self = working
    }

    /// A copy with `patch` applied; see ``apply(_:maximumAddedNodes:)``.
    ///
    /// ```swift
    /// let updated = try JSON(["a": 1]).applying([.replace(Path(pointer: "/a"), 2)])   // {"a": 2}
    /// ```
    public func applying(_ patch: JSONPatch, maximumAddedNodes: Int? = nil) throws -> JSON {
        var copy = self
        try copy.apply(patch, maximumAddedNodes: maximumAddedNodes)
        return copy
    }

    private mutating func perform(_ operation: JSONPatch.Operation, budget: inout PatchBudget) throws(PatchFailure) {
        switch operation {
        case .add(let path, let value):
            try budget.admit(value, at: path)
            try add(value, at: path)
        case .remove(let path):
            _ = try remove(at: path)
        case .replace(let path, let value):
            try budget.admit(value, at: path)
            try modify(atPointer: path) { (target: inout JSON) throws(PatchFailure) in target = value }
        case .move(let from, let path):
            let source = from.components.map(\.pointerToken)
            let target = path.components.map(\.pointerToken)
            if source == target {
                _ = try value(atPointer: from)
            } else if target.starts(with: source) {
                throw PatchFailure(pointer: path.pointer, reason: .moveIntoDescendant(from: from.pointer))
            } else {
                let moved = try value(atPointer: from)
                // Moved no deeper, a value keeps within the nesting it already had; deeper, it
                // must be measured, and that costs what copying it would.
                if target.count > source.count { try budget.admit(moved, at: path) }
                try add(remove(at: from), at: path)
            }
        case .copy(let from, let path):
            let copied = try value(atPointer: from)
            try budget.admit(copied, at: path)
            try add(copied, at: path)
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
            // Taken out rather than matched in a `switch`: the switch's subject would hold a
            // second reference, and the edit would copy the whole container.
            if var object = parent.takeObject() {
                object[last.pointerToken] = value
                parent = .object(object)
            } else if var elements = parent.takeElements() {
                let count = elements.count
                let position = last == .key("-") ? count : last.pointerArrayIndex
                guard let position, position <= count else {
                    parent = .array(elements)
                    throw PatchFailure(pointer: path.pointer, reason: .invalidIndex(last.pointerToken, count: count))
                }
                elements.insert(value, at: position)
                parent = .array(elements)
            } else {
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
            if var object = parent.takeObject() {
                object[last.pointerToken] = nil
                parent = .object(object)
            } else if var elements = parent.takeElements() {
                // `value(atPointer:)` checked the index.
                elements.remove(at: last.pointerArrayIndex ?? 0)
                parent = .array(elements)
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

/// What one application of a patch may still add, and the check of every value it adds.
private struct PatchBudget {
    private(set) var limit: Int
    private(set) var added = 0
    /// The document whose size the default limit still lacks: counting it costs a pass over
    /// the whole document, so it is done only once a patch adds more than the patch's own
    /// share of the limit (most patches never do).
    private var uncountedDocument: JSON?
    private var patchNodes = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The default limit: four times the values of `document` and `patch` (each operation
    /// counting one besides its value), plus 1,024 so that small documents can still grow.
    init(defaultFor document: JSON, patch: JSONPatch) {
        var nodes = 0
        for operation in patch.operations {
            switch operation {
            case .add(_, let value), .replace(_, let value), .test(_, let value):
                nodes += 1 + (value.measure()?.nodes ?? 0)
            case .remove, .move, .copy:
                nodes += 1
            }
        }
        patchNodes = nodes
        limit = Self.scaled(nodes)
        uncountedDocument = document
    }

    /// `4 × nodes + 1,024`, saturating.
    private static func scaled(_ nodes: Int) -> Int {
        let (product, overflow) = nodes.multipliedReportingOverflow(by: 4)
        return overflow || product > .max - 1_024 ? .max : product + 1_024
    }

    /// Counts `value`, about to be placed at `path`, against the limit, and checks that it
    /// nests no deeper there than ``JSON/maximumNesting``. Measuring stops at the limit, so a
    /// value too large to accept costs no more than the limit to refuse.
    mutating func admit(_ value: JSON, at path: Path) throws(PatchFailure) {
        var size = value.measure(nodeLimit: limit - added)
        if size == nil, let document = uncountedDocument {
            uncountedDocument = nil
            let (nodes, overflow) = patchNodes.addingReportingOverflow(document.measure()?.nodes ?? 0)
            limit = overflow ? .max : Self.scaled(nodes)
            size = value.measure(nodeLimit: limit - added)
        }
        guard let size else {
            throw PatchFailure(pointer: path.pointer, reason: .growthLimitExceeded(limit: limit))
        }
        guard path.components.count + size.nesting <= JSON.maximumNesting else {
            throw PatchFailure(pointer: path.pointer, reason: .nestingLimitExceeded(limit: JSON.maximumNesting))
        }
        added += size.nodes
    }
}
