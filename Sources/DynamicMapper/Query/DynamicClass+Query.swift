extension DynamicClass {
    /// Runs `segments` from the node at `base`; paths in the result start at the root.
    func runQuery(segments: [QuerySegment], text: String, at base: some Collection<Path.Component>) throws(JSONPathError) -> JSONPathMatches {
        let origin = self.origin
        guard let start = tree.descendant(at: base) else {
            return JSONPathMatches(origin: origin)
        }
        var evaluator = QueryEvaluator(tree: OverlayQueryTree(), root: start, query: text)
        let nodes = try evaluator.select(segments, from: start, recording: true)
        var arena = evaluator.arena
        if !base.isEmpty {
            // Prefix the base's steps: entries 1...base.count are the base, and each entry
            // that hung from the root hangs from the base's last step instead.
            var parents = [-1]
            var steps: [QueryStep] = [.index(0)]
            for step in base {
                parents.append(parents.count - 1)
                switch step {
                case .index(let index): steps.append(.index(index))
                case .key(let key): steps.append(.key(key))
                }
            }
            let shift = base.count
            for (parent, step) in zip(arena.parents.dropFirst(), arena.steps.dropFirst()) {
                parents.append(parent == 0 ? shift : parent + shift)
                steps.append(step)
            }
            arena = QueryPathArena(parents: parents, steps: steps, document: arena.document)
            return JSONPathMatches(
                matched: .values(nodes.map { .overlay($0.node) }), entries: nodes.map { $0.path == 0 ? shift : $0.path + shift },
                arena: arena, origin: origin)
        }
        return JSONPathMatches(matched: .values(nodes.map { .overlay($0.node) }), entries: nodes.map(\.path), arena: arena, origin: origin)
    }

    /// The nodes `query` selects in this view, as it stands (edits included). A decoded
    /// model's view decodes matches with the settings of the decode that made it.
    ///
    /// ```swift
    /// let ids = try ds.query(JSONPath("$.statuses[*].user.id")).values(as: Int.self)
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``.
    public func query(_ query: JSONPath) throws(JSONPathError) -> JSONPathMatches {
        try runQuery(segments: query.segments, text: query.text, at: EmptyCollection())
    }

    /// Parses `query` and returns the nodes it selects in this view.
    ///
    /// ```swift
    /// let ids = try ds.query("$.statuses[*].user.id").values(as: Int.self)
    /// ```
    ///
    /// - Throws: ``JSONPathError`` for malformed or ill-typed text, with its offset.
    public func query(_ query: String) throws(JSONPathError) -> JSONPathMatches {
        try self.query(JSONPath(query))
    }

    /// Every place `query` selects, to read or edit all at once.
    ///
    /// ```swift
    /// try ds[JSONPath("$..user.email")].remove()
    /// ```
    public subscript(query: JSONPath) -> DynamicQuery {
        get { DynamicQuery(root: self, base: ViewSteps(), segments: query.segments, text: query.text) }
        _modify { yield &self[moving: { DynamicQuery(root: $0, base: ViewSteps(), segments: query.segments, text: query.text) }] }
    }

    /// `selector` applied to the document: `ds[.all]` for every element of a top-level array.
    ///
    /// ```swift
    /// var list = DynamicClass([["id": 1], ["id": 2]])
    /// try list[.all].seen.set(true)
    /// ```
    public subscript(selector: JSONPath.Selector) -> DynamicQuery {
        get { self[moving: { $0.selecting(selector, under: ViewSteps(), text: "$") }] }
        _modify { yield &self[moving: { $0.selecting(selector, under: ViewSteps(), text: "$") }] }
    }
}

extension DynamicValue {
    /// The query text of this place's steps: `$['a'][0]`.
    private var queryText: String { NormalizedPath(Array(steps)).description }

    /// The nodes `query` selects with this value as its root (`$`); paths in the result
    /// start at the view's root. A missing value selects nothing.
    ///
    /// ```swift
    /// try ds.timeline.query(JSONPath("$[*].id")).paths.first?.description   // $['timeline'][0]['id']
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``.
    public func query(_ query: JSONPath) throws(JSONPathError) -> JSONPathMatches {
        try root.runQuery(segments: query.segments, text: query.text, at: steps)
    }

    /// Parses `query` and returns the nodes it selects with this value as its root.
    ///
    /// ```swift
    /// try ds.timeline.query("$[*].id").values(as: Int.self)
    /// ```
    ///
    /// - Throws: ``JSONPathError`` for malformed or ill-typed text, with its offset.
    public func query(_ query: String) throws(JSONPathError) -> JSONPathMatches {
        try self.query(JSONPath(query))
    }

    /// Every place `query` selects with this value as its root, to read or edit at once.
    ///
    /// ```swift
    /// try ds.timeline[JSONPath("$[?@.deleted == true]")].remove()
    /// ```
    public subscript(query: JSONPath) -> DynamicQuery {
        get { DynamicQuery(root: root, base: steps, segments: query.segments, text: query.text) }
        _modify { yield &self[moving: { DynamicQuery(root: $0.root, base: $0.steps, segments: query.segments, text: query.text) }] }
    }

    /// `selector` applied here: `try ds.statuses[.all].user.email.remove()`.
    ///
    /// ```swift
    /// try ds.statuses[.all].user.id.values(as: Int.self)
    /// ```
    public subscript(selector: JSONPath.Selector) -> DynamicQuery {
        get { self[moving: { $0.root.selecting(selector, under: $0.steps, text: $0.queryText) }] }
        _modify { yield &self[moving: { $0.root.selecting(selector, under: $0.steps, text: $0.queryText) }] }
    }
}

extension DynamicClass {
    /// The query of one `selector` under `base`, whose normalized text is `text`.
    fileprivate func selecting(_ selector: JSONPath.Selector, under base: ViewSteps, text: String) -> DynamicQuery {
        DynamicQuery(root: self, base: base, segments: [QuerySegment(isDescendant: false, selectors: [selector.selector])], text: text + selector.text)
    }
}
