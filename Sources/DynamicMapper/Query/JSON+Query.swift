extension JSON {
    /// The nodes `query` selects in this value.
    ///
    /// ```swift
    /// let json: JSON = ["store": ["book": [["price": 8], ["price": 22]]]]
    /// let cheap = try json.query(JSONPath("$.store.book[?@.price < 10]"))
    /// cheap.paths.first?.description   // $['store']['book'][0]
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``.
    public func query(_ query: JSONPath) throws(JSONPathError) -> JSONPathMatches {
        let (nodes, arena) = try query.evaluate(on: JSONQueryTree(), root: self)
        return JSONPathMatches(matched: .values(nodes.map { .json($0.node) }), entries: nodes.map(\.path), arena: arena, origin: nil)
    }

    /// Parses `query` and returns the nodes it selects in this value.
    ///
    /// ```swift
    /// let json: JSON = ["a": [1, 2, 3]]
    /// try json.query("$.a[-1]").values   // [3]
    /// ```
    ///
    /// - Throws: ``JSONPathError`` for malformed or ill-typed text, with its offset.
    public func query(_ query: String) throws(JSONPathError) -> JSONPathMatches {
        try self.query(JSONPath(query))
    }
}

extension JSONDocument {
    /// The nodes `query` selects, read straight from the parsed document: no `JSON` tree is
    /// built, and a match's value is made (or decoded) only when asked for.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: data)
    /// let names = try document.query(JSONPath("$.statuses[*].user.screen_name")).values(as: String.self)
    /// ```
    ///
    /// - Throws: ``JSONPathError`` when the evaluation passes ``JSONPath/maximumNodes``.
    public func query(_ query: JSONPath) throws(JSONPathError) -> JSONPathMatches {
        let (nodes, arena) = try query.evaluate(on: DocumentQueryTree(document: storage), root: 0)
        return JSONPathMatches(matched: .document(storage, nodes.map(\.node)), entries: nodes.map(\.path), arena: arena, origin: nil)
    }

    /// Parses `query` and returns the nodes it selects in the document.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: Data(#"{"a": [1, 2]}"#.utf8))
    /// try document.query("$.a[*]").values(as: Int.self)   // [1, 2]
    /// ```
    ///
    /// - Throws: ``JSONPathError`` for malformed or ill-typed text, with its offset.
    public func query(_ query: String) throws(JSONPathError) -> JSONPathMatches {
        try self.query(JSONPath(query))
    }
}
