import Foundation

/// A place in a dynamic view, one or more steps below ``DynamicClass``: it may hold a value
/// or be missing.
///
/// ```swift
/// var ds = DynamicClass(["user": ["name": "Ada", "tags": ["a", "b"]]])
/// JSON(ds.user.tags[-1])          // "b"
/// JSON(ds.user.tags[9])           // nil: out of range is missing
/// ds.user.address.city.set("London")   // creates address
/// ds.user.tags[3].set("c")        // past the end: ["a", "b", null, "c"]
/// ds.user.name.remove()
/// ```
///
/// Members are resolved by dynamic member lookup, so any key, `description`, `count`, `type`,
/// `name`, `id` and `value` included, is reached with dot syntax. The only declared members
/// are the subscripts, `set`, `append`, `remove`, `query` (a JSONPath query from here, see
/// <doc:QueriesAndBulkEdits>) and `using` (a transformer for the mapping operators); a key
/// with one of those names is reached with `ds[key: "set"]`.
@dynamicMemberLookup
public struct DynamicValue: Sendable {
    var root: DynamicClass
    var steps: ViewSteps
    /// How `<--` and `<->` read here (ObjectMapper's `ignoreNil` and single objects as arrays);
    /// set through ``DynamicMap``'s subscript, kept by steps below.
    var readOptions = ReadOptions()

    init(root: DynamicClass, steps: ViewSteps) {
        self.root = root
        self.steps = steps
    }

    init(root: DynamicClass, step: Path.Component) {
        self.root = root
        steps = ViewSteps(step)
    }

    /// The node here, or `nil` when missing.
    var node: OverlayNode? { root.tree.descendant(at: steps) }

    // Consuming, as the subscripts' getters are (see ``DynamicClass/subscript(dynamicMember:)``):
    // `ds.a.b` moves each step's view into the next rather than copying it.
    private __consuming func appending(_ more: some Sequence<Path.Component>) -> DynamicValue {
        var next = self
        for step in more { next.steps.append(step) }
        return next
    }

    /// The place `more` steps below this one, for the subscripts' `_modify` (see
    /// ``DocumentHolding/subscript(moving:)``: the edit copies nothing).
    private subscript(appending more: some Sequence<Path.Component>) -> DynamicValue {
        get { appending(more) }
        _modify { yield &self[moving: { $0.appending(more) }] }
    }

    /// The member `key`: `ds.user.name`.
    public subscript(dynamicMember key: String) -> DynamicValue {
        __consuming get { appending(CollectionOfOne(.key(key))) }
        _modify { yield &self[appending: CollectionOfOne(.key(key))] }
    }

    /// The element at `index` (negative counts from the end): `ds.items[0]`, `ds.items[-1]`.
    public subscript(index: Int) -> DynamicValue {
        __consuming get { appending(CollectionOfOne(.index(index))) }
        _modify { yield &self[appending: CollectionOfOne(.index(index))] }
    }

    /// The value at `path` below this one, in the ``Path`` grammar: `ds.user["tags[0]"]`.
    /// Malformed path text names no place: it reads as missing and writes return `false`.
    public subscript(path: String) -> DynamicValue {
        __consuming get { appending(Path(path).components) }
        _modify { yield &self[appending: Path(path).components] }
    }

    /// The value at `path` below this one: `ds.user[Path([.key("a.b")])]`.
    public subscript(path: Path) -> DynamicValue {
        __consuming get { appending(path.components) }
        _modify { yield &self[appending: path.components] }
    }

    /// The member named exactly `key`, whatever characters it holds: `ds.user[key: "a.b"]`.
    public subscript(key key: String) -> DynamicValue {
        __consuming get { appending(CollectionOfOne(.key(key))) }
        _modify { yield &self[appending: CollectionOfOne(.key(key))] }
    }

    // MARK: Writing

    /// Writes `value` here, encoded with the encoder's settings while an encoder runs the
    /// mapping (a default `DynamicJSONEncoder`'s otherwise). Missing parents are created: an
    /// array where the next step is an index, an object otherwise.
    ///
    /// ```swift
    /// ds.level1.level2.insertedArray.set(["inserted item 1", "inserted item 2"])
    /// ds.items[4].set(Item(name: "new"))   // past the end: pads with null up to [4]
    /// ```
    ///
    /// An index past the end pads the array with `null` up to it, so reading the path you
    /// wrote gives what you wrote, in whatever order indexes are written. Returns `false`, and
    /// writes nothing, when the write is refused: a negative index before the start, an index
    /// more than 100,000 past the end, a path more than 512 steps deep, or a value that fails
    /// to encode (reported to the running encoder).
    @discardableResult
    public mutating func set<T: Encodable>(_ value: T) -> Bool {
        guard let node = encoded(value) else { return false }
        if isUnchangedOneWayRead(node) { return true }
        return write(node)
    }

    /// Writes `value` here; `set(nil)` writes `null`.
    ///
    /// ```swift
    /// ds.user.nickname.set(nil)
    /// ds.user.flags.set(["admin": true])
    /// ```
    ///
    /// Returns `false` when the write is refused, as the `Encodable` `set(_:)` does.
    @discardableResult
    public mutating func set(_ value: JSON) -> Bool {
        write(.value(value))
    }

    /// Writes a ``Presence`` here: `.value` and `.null` as `set(_:)` writes them, and `.absent`
    /// as no member (at an index, where nothing can be absent, as `null`).
    ///
    /// ```swift
    /// nickname --> { ds.profile.nickname.set($0) }   // var nickname: Presence<String>
    /// ds.profile.nickname.set(Presence<String>.absent)   // removes the key
    /// ```
    ///
    /// Returns `false` when the write is refused, as the `Encodable` `set(_:)` does; removing a
    /// member that is not there is no refusal.
    @discardableResult
    public mutating func set<Value: Encodable>(_ value: Presence<Value>) -> Bool {
        if root.session?.state.mappingType == .encoding, let snapshot = ReadSnapshot.encoding(value.snapshotForm),
            isUnchangedOneWayRead(.value(snapshot))
        {
            return true
        }
        switch value {
        case .absent where steps.last?.isIndex == false:
            remove()
            return true
        case .absent, .null:
            return write(.value(.null))
        case .value(let wrapped):
            guard let node = encoded(wrapped) else { return false }
            return write(node)
        }
    }

    /// Appends `value` to the array here; a missing value (or one that is not an array)
    /// becomes a one-element array.
    ///
    /// ```swift
    /// ds.user.tags.append("new")
    /// ```
    ///
    /// Amortised constant time: the array is edited in place. Returns `false` when the write is
    /// refused, as the `Encodable` `set(_:)` does.
    @discardableResult
    public mutating func append<T: Encodable>(_ value: T) -> Bool {
        guard let element = encoded(value) else { return false }
        return root.updateTree(at: steps) { node in
            var elements = node?.arrayElements() ?? []
            node = nil // lets the elements be edited in place
            elements.append(element)
            node = .array(elements)
        }
    }

    /// Deletes the member or element here; nothing happens when it is missing.
    ///
    /// ```swift
    /// ds.user.password.remove()
    /// ds.items[-1].remove()
    /// ```
    ///
    /// Returns whether something was removed.
    @discardableResult
    public mutating func remove() -> Bool {
        guard !steps.isEmpty else {
            root.remove()
            return true
        }
        guard node != nil else { return false }
        return root.updateTree(at: steps) { $0 = nil }
    }

    @discardableResult
    mutating func write(_ value: OverlayNode) -> Bool {
        root.updateTree(at: steps) { $0 = value }
    }

    /// Whether `node`, written by a `-->` closure while encoding, is what a `<--` read of this
    /// place left in its property: the program has not changed the property, so the document
    /// keeps its value (a failed read never costs data).
    private func isUnchangedOneWayRead(_ node: OverlayNode) -> Bool {
        guard root.session?.state.mappingType == .encoding, let reads = root.decoded?.unchangedReads, !reads.isEmpty,
            let snapshot = reads[steps], snapshot.oneWay,
            case .value(let json) = node
        else { return false }
        return snapshot.value == json
    }

    /// `value` as an overlay node, or `nil` (recorded for the running coder) when it cannot
    /// be encoded.
    func encoded<T: Encodable>(_ value: T) -> OverlayNode? {
        // The common scalars encode the same under every setting: skip the encoder.
        if let same = SameType(T.self, String.self) { return .value(.string(same.cast(value))) }
        if let same = SameType(T.self, Int.self) { return .value(.number(JSON.Number(same.cast(value)))) }
        if let same = SameType(T.self, Bool.self) { return .value(.bool(same.cast(value))) }
        if let json = value as? JSON { return .value(json) }
        let options = root.session?.encodingOptions ?? .defaultEncoding
        do {
            return try DynamicEncoding.overlay(of: value, options: options, path: fullPath.map(\.codingKey))
        } catch {
            root.session?.state.failures.append(error)
            return nil
        }
    }

    /// The coding path of this place: from the top of the document while a coder runs the
    /// mapping, from the model otherwise.
    var fullPath: [CodingPathStep] {
        (root.session?.basePath ?? []) + steps.map(\.codingPathStep)
    }
}

extension DynamicValue: CustomDebugStringConvertible {
    /// The value here as compact JSON text, or `<missing>`.
    ///
    /// ```swift
    /// DynamicClass(["a": 1]).a.debugDescription   // 1
    /// ```
    public var debugDescription: String {
        guard let node else { return "<missing>" }
        var writer = JSONWriter(formatting: [])
        writer.nonFiniteLiterals = .json5
        writer.write(node)
        return writer.string()
    }
}
