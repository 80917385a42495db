extension DynamicEncodable {
    /// What encoding this model now would change in the document it was decoded from, as a
    /// JSON Merge Patch (RFC 7396): a ready `application/merge-patch+json` body.
    ///
    /// ```swift
    /// var user = try DynamicJSONDecoder().decode(User.self, from: data)   // {"name": "Ada", "age": 36, "role": "admin"}
    /// user.age = 37
    /// user.ds.role.remove()
    /// try user.mergePatch()   // {"role": null, "age": 37}
    /// ```
    ///
    /// Own properties, `<->`/`-->` writes and `ds` edits count together, exactly as
    /// ``DynamicJSONEncoder`` would write them; an unedited model gives `{}`. A model that was
    /// not decoded has no document to compare with, so its whole encoding is the change. Pass
    /// the encoder whose settings (key strategy, dates) match the decoder's. A merge patch
    /// cannot set a member to `null` (see ``JSON/mergePatch(from:to:)``); use
    /// ``jsonPatch(using:)`` when that matters.
    ///
    /// - Parameter encoder: The encoder whose settings the comparison encodes with.
    /// - Throws: The encoder's errors.
    public func mergePatch(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> JSON {
        let encoded = try encoder.encodeToJSON(self)
        guard let original = decodedDocument else { return encoded }
        return JSON.mergePatch(from: original, to: encoded)
    }

    /// What encoding this model now would change in the document it was decoded from, as a
    /// JSON Patch (RFC 6902): a ready `application/json-patch+json` body.
    ///
    /// ```swift
    /// var user = try DynamicJSONDecoder().decode(User.self, from: data)   // {"name": "Ada", "tags": ["a", "b"]}
    /// user.tags.append("c")
    /// try JSONEncoder().encode(user.jsonPatch())   // [{"op":"add","path":"/tags/2","value":"c"}]
    /// ```
    ///
    /// Empty for an unedited model; for a model that was not decoded, one `replace` of the
    /// whole document. See ``mergePatch(using:)``.
    ///
    /// - Parameter encoder: The encoder whose settings the comparison encodes with.
    /// - Throws: The encoder's errors.
    public func jsonPatch(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> JSONPatch {
        let encoded = try encoder.encodeToJSON(self)
        return JSON.jsonPatch(from: decodedDocument ?? .null, to: encoded)
    }

    /// The former name of ``mergePatch(using:)``.
    ///
    /// ```swift
    /// try user.mergePatch()   // write this instead
    /// ```
    ///
    /// - Parameter encoder: The encoder whose settings the comparison encodes with.
    /// - Throws: The encoder's errors.
    @available(*, deprecated, renamed: "mergePatch(using:)")
    public func changes(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> JSON {
        try mergePatch(using: encoder)
    }

    /// The former name of ``jsonPatch(using:)``.
    ///
    /// ```swift
    /// try user.jsonPatch()   // write this instead
    /// ```
    ///
    /// - Parameter encoder: The encoder whose settings the comparison encodes with.
    /// - Throws: The encoder's errors.
    @available(*, deprecated, renamed: "jsonPatch(using:)")
    public func patchOperations(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> JSONPatch {
        try jsonPatch(using: encoder)
    }

    /// Whether `encoded`, this model as an encoder wrote it, is the value it was decoded from:
    /// the answer of an empty ``jsonPatch(using:)`` without encoding again.
    func isDecodedValue(_ encoded: JSON) -> Bool {
        JSON.jsonPatch(from: decodedDocument ?? .null, to: encoded).isEmpty
    }

    /// The value this model was decoded from, or `nil` when it was not decoded. A
    /// `"dynamicSelf"` member is left out: the encoder never writes that key, so an unedited
    /// model would otherwise ask to delete it.
    private var decodedDocument: JSON? {
        guard let decoded = dynamicSelf?.decoded else { return nil }
        let document = OverlayNode.source(decoded.document, decoded.index).json
        guard case .object(var object) = document, object[DynamicEncoding.reservedKey] != nil else { return document }
        _ = object.removeValue(forKey: DynamicEncoding.reservedKey)
        return .object(object)
    }
}

extension DynamicClass {
    /// What this view's edits change in the document it was made from, as a JSON Merge Patch
    /// (RFC 7396): the same answer as ``DynamicEncodable/mergePatch(using:)``, for a view on
    /// its own.
    ///
    /// ```swift
    /// var view = try DynamicClass(parsing: #"{"name": "Ada", "tags": ["a"], "draft": true}"#)
    /// view.name.set("Ada Lovelace")
    /// view.draft.remove()
    /// view.mergePatch()   // {"name": "Ada Lovelace", "draft": null}
    /// ```
    ///
    /// The document is the one the view was parsed from, decoded from (as a `DynamicClass`),
    /// built from (`DynamicClass(json)`; `{}` for `DynamicClass()`), or, for a model's `ds`,
    /// the model's decoded object: there a copy of `ds` tells its own edits, without the
    /// model's properties. An unedited view gives `{}`. A merge patch cannot set a member to
    /// `null`; use ``jsonPatch()`` when that matters. The view's key `mergePatch` is then
    /// reached with `ds[key: "mergePatch"]`.
    public func mergePatch() -> JSON {
        let current = JSON(self)
        guard let original = originalDocument else { return current }
        return JSON.mergePatch(from: original, to: current)
    }

    /// What this view's edits change in the document it was made from, as a JSON Patch
    /// (RFC 6902).
    ///
    /// ```swift
    /// var view = DynamicClass(["tags": ["a"]])
    /// view.tags.append("b")
    /// view.jsonPatch()   // [{"op": "add", "path": "/tags/1", "value": "b"}]
    /// ```
    ///
    /// Empty for an unedited view. See ``mergePatch()``. The view's key `jsonPatch` is then
    /// reached with `ds[key: "jsonPatch"]`.
    public func jsonPatch() -> JSONPatch {
        JSON.jsonPatch(from: originalDocument ?? .null, to: JSON(self))
    }

    /// The former name of ``mergePatch()``; a key named `changes` still needs
    /// `ds[key: "changes"]` while it exists.
    ///
    /// ```swift
    /// view.mergePatch()   // write this instead
    /// ```
    @available(*, deprecated, renamed: "mergePatch()")
    public func changes() -> JSON { mergePatch() }

    /// The former name of ``jsonPatch()``.
    ///
    /// ```swift
    /// view.jsonPatch()   // write this instead
    /// ```
    @available(*, deprecated, renamed: "jsonPatch()")
    public func patchOperations() -> JSONPatch { jsonPatch() }

    /// The document this view was made from, or `nil` when it was not made from one.
    private var originalDocument: JSON? {
        if let decoded { return OverlayNode.source(decoded.document, decoded.index).json }
        return base?.json
    }

    /// Applies a JSON Patch to the document this view holds, all or nothing.
    ///
    /// ```swift
    /// var view = DynamicClass(["tags": ["a"]])
    /// try view.apply([.add(Path(pointer: "/tags/-"), "b")])
    /// JSON(view)   // {"tags": ["a", "b"]}
    /// ```
    ///
    /// `maximumAddedNodes` bounds how many values the patch may add, as for
    /// ``JSON/apply(_:maximumAddedNodes:)`` (`nil`: its default, from the sizes of the document
    /// and the patch); no value may nest deeper than ``JSON/maximumNesting``.
    ///
    /// ```swift
    /// try view.apply(patch, maximumAddedNodes: 1_000)
    /// ```
    ///
    /// - Throws: ``JSONPatchError``; the view is then unchanged.
    public mutating func apply(_ patch: JSONPatch, maximumAddedNodes: Int? = nil) throws {
        set(try JSON(self).applying(patch, maximumAddedNodes: maximumAddedNodes))
    }

    /// Applies a JSON Merge Patch to the document this view holds.
    ///
    /// ```swift
    /// var view = DynamicClass(["a": 1, "b": 2])
    /// view.apply(mergePatch: ["b": nil, "c": 3])
    /// JSON(view)   // {"a": 1, "c": 3}
    /// ```
    public mutating func apply(mergePatch patch: JSON) {
        set(JSON(self).applying(mergePatch: patch))
    }
}
