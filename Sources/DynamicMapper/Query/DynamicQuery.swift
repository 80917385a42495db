/// Every place a query selects in a view: read them all, or set, remove or transform them all
/// at once. Made by a selector in a view's steps (`ds.statuses[.all].user.email`) or by a
/// parsed query (`ds[try JSONPath("$..email")]`); steps after it narrow it further.
///
/// ```swift
/// var ds = DynamicClass(["statuses": [["user": ["email": "a@x", "id": 1]], ["user": ["email": "b@x", "id": 2]]]])
/// try ds.statuses[.all].user.id.values(as: Int.self)   // [1, 2]
/// try ds.statuses[.all].user.email.remove()            // both emails gone
/// try ds.statuses[.all].user.name.set("redacted")      // one per status user
/// ```
///
/// Edits follow a view's rules: they merge into the document on encode, and keep unknown
/// keys, member order and number literals. Each edit returns the ``JSONPatch`` it amounts to,
/// whose operations replay it on the document as it was.
///
/// Members are resolved by dynamic member lookup, as on ``DynamicValue``. The only declared
/// members are the subscripts, `matches`, `values`, `set`, `remove` and `transform`; a key
/// with one of those names is reached with `[key: "values"]`.
@dynamicMemberLookup
public struct DynamicQuery: Sendable {
    var root: DynamicClass
    /// Where the query starts: its `$`.
    var base: ViewSteps
    var segments: [QuerySegment]
    /// The query's text, for messages: `$['statuses'][*]`. Not public: a key named `text`
    /// (a status's text) must stay reachable with dot syntax.
    var text: String

    private func appending(_ selector: QuerySelector, text more: String) -> DynamicQuery {
        var next = self
        next.segments.append(QuerySegment(isDescendant: false, selectors: [selector]))
        next.text += more
        return next
    }

    /// The query one selector longer, for the subscripts' `_modify` (see
    /// ``DocumentHolding/subscript(moving:)``: the edit copies nothing).
    private subscript(appending selector: QuerySelector, text more: String) -> DynamicQuery {
        get { appending(selector, text: more) }
        _modify { yield &self[moving: { $0.appending(selector, text: more) }] }
    }

    private static func nameText(_ key: String) -> String {
        // The normalized-path spelling quotes any name correctly.
        String(NormalizedPath([.key(key)]).description.dropFirst())
    }

    /// The member `key` of every match: `ds.users[.all].name`.
    public subscript(dynamicMember key: String) -> DynamicQuery {
        get { appending(.name(QueryName(key)), text: Self.nameText(key)) }
        _modify { yield &self[appending: .name(QueryName(key)), text: Self.nameText(key)] }
    }

    /// The member named exactly `key` of every match, for keys that collide with a method
    /// name: `ds.users[.all][key: "set"]`.
    public subscript(key key: String) -> DynamicQuery {
        get { appending(.name(QueryName(key)), text: Self.nameText(key)) }
        _modify { yield &self[appending: .name(QueryName(key)), text: Self.nameText(key)] }
    }

    /// Element `index` of every match (negative counts from the end): `ds.users[.all].tags[0]`.
    public subscript(index: Int) -> DynamicQuery {
        get { appending(.index(index), text: "[\(index)]") }
        _modify { yield &self[appending: .index(index), text: "[\(index)]"] }
    }

    /// `selector` applied to every match: `ds.groups[.all].members[.all]`.
    public subscript(selector: JSONPath.Selector) -> DynamicQuery {
        get { appending(selector.selector, text: selector.text) }
        _modify { yield &self[appending: selector.selector, text: selector.text] }
    }

    // MARK: Reading

    /// What the query selects, with paths from the view's root.
    ///
    /// ```swift
    /// let matches = try ds.users[.all].id.matches()
    /// matches.paths.map(\.description)   // ["$['users'][0]['id']", "$['users'][1]['id']"]
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``.
    public func matches() throws(JSONPathError) -> JSONPathMatches {
        try root.runQuery(segments: segments, text: text, at: base)
    }

    /// Every match's value decoded as `type`: `try ds.users[.all].id.values(as: Int.self)`.
    ///
    /// - Throws: ``JSONPathError``, or the first `DecodingError`.
    public func values<T: Decodable>(as type: T.Type) throws -> [T] {
        try matches().values(as: T.self)
    }

    // MARK: Editing

    /// The full paths of the matches, each once, deepest and last first: removing them in
    /// this order never shifts an index still to be used, and an edit of a match inside
    /// another happens before the outer one's.
    private func editOrder(of segments: [QuerySegment]? = nil) throws(JSONPathError) -> [[Path.Component]] {
        let matches = try root.runQuery(segments: segments ?? self.segments, text: text, at: base)
        var paths = matches.paths.map(\.components)
        paths.sort { Self.precedes($1, $0) }
        var unique: [[Path.Component]] = []
        unique.reserveCapacity(paths.count)
        for path in paths where unique.last != path { unique.append(path) }
        return unique
    }

    /// Document order of two paths: a prefix first, indexes by value, keys by text.
    static func precedes(_ lhs: [Path.Component], _ rhs: [Path.Component]) -> Bool {
        for (left, right) in zip(lhs, rhs) {
            switch (left, right) {
            case (.index(let a), .index(let b)) where a != b: return a < b
            case (.key(let a), .key(let b)) where a != b: return a < b
            case (.key, .index): return true
            case (.index, .key): return false
            default: continue
            }
        }
        return lhs.count < rhs.count
    }

    /// Removes every match (each element of an array from the last, so the right ones go).
    ///
    /// ```swift
    /// var ds = DynamicClass(["a": [1, 2, 3, 4]])
    /// let patch = try ds[try JSONPath("$.a[?@ > 1]")].remove()
    /// JSON(ds)          // {"a": [1]}
    /// patch.operations  // remove /a/3, remove /a/2, remove /a/1
    /// ```
    ///
    /// Returns the JSON Patch it amounts to: one `remove` per match removed (a match inside
    /// another removed match goes with it). The root itself is never removed. The matches of
    /// one array or object are removed together, in one pass over it, so removing many
    /// elements of a long array takes time linear in its length.
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``;
    ///   nothing changes then.
    @discardableResult
    public mutating func remove() throws(JSONPathError) -> JSONPatch {
        var operations: [JSONPatch.Operation] = []
        for group in Self.removalGroups(try editOrder()) {
            removeChildren(group.children, of: group.parent, into: &operations)
        }
        return JSONPatch(operations)
    }

    /// `paths` (each once, deepest and last first) grouped by parent, in an order in which
    /// removing each group's children, each group's last first, leaves every path still to be
    /// used where it was: a group comes when the first of its children in document order does.
    /// Paths inside another path are left out (they go with it), and so is the root.
    static func removalGroups(_ paths: [[Path.Component]]) -> [(parent: [Path.Component], children: [Path.Component])] {
        // In document order a path's descendants follow it at once: keep the outermost.
        var outermost: [[Path.Component]] = []
        for path in paths.reversed() where !path.isEmpty {
            if let last = outermost.last, path.starts(with: last) { continue }
            outermost.append(path)
        }
        var left: [[Path.Component]: Int] = [:]
        for path in outermost { left[Array(path.dropLast()), default: 0] += 1 }
        var children: [[Path.Component]: [Path.Component]] = [:]
        var groups: [(parent: [Path.Component], children: [Path.Component])] = []
        for path in outermost.reversed() {
            guard let step = path.last else { continue }
            let parent = Array(path.dropLast())
            children[parent, default: []].append(step)
            let remaining = (left[parent] ?? 1) - 1
            left[parent] = remaining
            if remaining == 0 { groups.append((parent, children.removeValue(forKey: parent) ?? [])) }
        }
        return groups
    }

    /// Removes the children `steps` (last first) of the container at `parent` in one update,
    /// adding a `remove` per child removed to `operations`.
    private mutating func removeChildren(_ steps: [Path.Component], of parent: [Path.Component], into operations: inout [JSONPatch.Operation]) {
        var removed: [Path.Component] = []
        root.updateTree(at: parent) { node in
            guard let container = node else { return }
            if container.isObject, let object = container.objectMembers() {
                var keys = Set<String>()
                for case .key(let key) in steps { keys.insert(key) }
                var gone = Set<String>()
                let members = object.members.filter { member in
                    guard keys.contains(member.key) else { return true }
                    gone.insert(member.key)
                    return false
                }
                removed = steps.filter { if case .key(let key) = $0 { return gone.contains(key) } else { return false } }
                node = .object(OverlayObject(members))
            } else if let elements = container.arrayElements() {
                var indexes = Set<Int>()
                for case .index(let index) in steps where index >= 0 && index < elements.count { indexes.insert(index) }
                var kept: [OverlayNode] = []
                kept.reserveCapacity(elements.count - indexes.count)
                for (index, element) in elements.enumerated() where !indexes.contains(index) { kept.append(element) }
                removed = steps.filter { if case .index(let index) = $0 { return indexes.contains(index) } else { return false } }
                node = .array(kept)
            }
        }
        for step in removed { operations.append(.remove(Path(parent + [step]))) }
    }

    /// Writes `value` at every match. Trailing member and index steps are created where
    /// they are missing, as ``DynamicValue/set(_:)-(T)`` creates them: `ds.users[.all].seen.set(true)`
    /// gives every user a `seen` member.
    ///
    /// ```swift
    /// try ds.statuses[.all].user.screen_name.set("redacted")
    /// ```
    ///
    /// Returns the JSON Patch it amounts to: a `replace` per match that was there, an `add`
    /// of what was created otherwise (an index past the end of an array first adds the
    /// `null`s it pads with, one at a time, so that the patch replays). `value` is encoded
    /// once, as ``DynamicValue/set(_:)-(T)`` encodes it; nothing changes when it fails to
    /// encode.
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``;
    ///   nothing changes then.
    @discardableResult
    public mutating func set<T: Encodable>(_ value: T) throws(JSONPathError) -> JSONPatch {
        // The place is a temporary, gone before the write: kept in a `let`, it was a second
        // reference to the document, and every write copied the containers on its path.
        guard let node = DynamicValue(root: root, steps: base).encoded(value) else { return JSONPatch() }
        return try write(node)
    }

    /// Writes `value` at every match (creating trailing members as the `Encodable` form
    /// does); `set(nil)` writes `null`.
    ///
    /// ```swift
    /// try ds.users[.all].nickname.set(nil)
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``;
    ///   nothing changes then.
    @discardableResult
    public mutating func set(_ value: JSON) throws(JSONPathError) -> JSONPatch {
        try write(.value(value))
    }

    /// Replaces every match's value with what `transform` makes of it, the deepest and last
    /// matches first (so a match inside another is transformed before it). A throw restores
    /// the view as it was before the call.
    ///
    /// ```swift
    /// try ds.users[.all].name.transform { name in .string(name.stringValue?.uppercased() ?? "") }
    /// ```
    ///
    /// Returns the JSON Patch it amounts to: one `replace` per match.
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``
    ///   (nothing changes then), or what `transform` throws.
    @discardableResult
    public mutating func transform(_ transform: (JSON) throws -> JSON) throws -> JSONPatch {
        let paths = try editOrder()
        let saved = root
        var operations: [JSONPatch.Operation] = []
        do {
            for path in paths {
                guard let node = root.tree.descendant(at: path) else { continue }
                let value = try transform(node.json)
                if root.updateTree(at: path, { $0 = .value(value) }) {
                    operations.append(.replace(Path(path), value))
                }
            }
        } catch {
            root = saved
            throw error
        }
        return JSONPatch(operations)
    }

    /// Writes `node` at every match of the query's head (all but its trailing singular
    /// steps) followed by the trailing steps, creating what is missing.
    private mutating func write(_ node: OverlayNode) throws(JSONPathError) -> JSONPatch {
        var headCount = segments.count
        var tail: [Path.Component] = []
        while headCount > 0, let step = Self.singularStep(segments[headCount - 1]) {
            tail.insert(step, at: 0)
            headCount -= 1
        }
        let heads = try editOrder(of: Array(segments.prefix(headCount)))
        let json = node.json
        var operations: [JSONPatch.Operation] = []
        for head in heads {
            var full = head + tail
            // The deepest place that is there already: the patch adds below it. Its negative
            // indexes are resolved, as a JSON Pointer has none.
            var existing = 0
            // The array's length before the write; its padding is listed only once the write
            // was accepted, which bounds it (a refused index far past the end lists nothing).
            let lengthBefore: Int
            let isArray: Bool
            do {
                // Scoped: a node still held here when the tree is updated would be a second
                // reference to the container the write changes, which would then be copied.
                var current = root.tree
                for step in full {
                    guard let child = current.child(step) else { break }
                    if case .index(let index) = step, index < 0 { full[existing] = .index(current.elementCount + index) }
                    current = child
                    existing += 1
                }
                lengthBefore = current.elementCount
                isArray = OverlayQueryTree().kind(of: current) == .array
            }
            guard root.updateTree(at: full, { $0 = node }) else { continue }
            if existing == full.count {
                operations.append(.replace(Path(full), json))
            } else {
                if isArray { operations.append(contentsOf: Self.padding(from: lengthBefore, at: Array(full.prefix(existing)), toReach: full[existing])) }
                let created = Array(full.prefix(existing + 1))
                operations.append(.add(Path(created), root.tree.descendant(at: created)?.json ?? json))
            }
        }
        return JSONPatch(operations)
    }

    /// The `add`s of the `null`s a write padded an array of `count` elements (at `path`) with
    /// to reach `step`, an index past its end; none for any other step. Called after the write
    /// was accepted, so the gap is at most the padding one write may add.
    static func padding(from count: Int, at path: [Path.Component], toReach step: Path.Component) -> [JSONPatch.Operation] {
        guard case .index(let index) = step, index > count else { return [] }
        return (count..<index).map { .add(Path(path + [.index($0)]), .null) }
    }

    /// The step of a child segment with one name or index selector.
    private static func singularStep(_ segment: QuerySegment) -> Path.Component? {
        guard !segment.isDescendant, segment.selectors.count == 1 else { return nil }
        switch segment.selectors[0] {
        case .name(let name): return .key(name.text)
        case .index(let index): return .index(index)
        default: return nil
        }
    }
}

extension DynamicQuery: CustomDebugStringConvertible {
    /// The query text: `ds.users[.all].id.debugDescription == "$['users'][*]['id']"`.
    public var debugDescription: String { text }
}
