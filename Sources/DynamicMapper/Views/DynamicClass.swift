import Foundation

/// The root of a dynamic view: the JSON object a model was decoded from (or one built in
/// code), with copy-on-write edits.
///
/// Reach into it with dot syntax, indexes and paths; every step gives a ``DynamicValue``.
/// Reads never change anything; `set`, `append` and `remove` edit this copy only.
///
/// ```swift
/// var body = DynamicClass()
/// body.user.name.set("Ada")
/// body.user.tags[0].set("admin")
/// body["meta.version"].set(2)
/// JSON(body)   // {"user": {"name": "Ada", "tags": ["admin"]}, "meta": {"version": 2}}
/// ```
///
/// It is a value: copying a model copies its view, and the copies never share edits. Parts of
/// the document nobody edited stay references into the parsed bytes.
@dynamicMemberLookup
public struct DynamicClass: Sendable {
    var root: OverlayNode
    /// Set while a coder runs the model's mapping.
    var session: MappingSession?
    /// The rest of what a view knows, which most copies of a view do not use: boxed, so that
    /// a copy retains one reference (none while all of it is unset) instead of copying each
    /// field. A mapping body copies the model's view for every `ds.x` it names, and that copy
    /// was most of what such a line cost when every field was stored here.
    private var extras: Extras?

    /// ``origin``, ``decoded``, ``base`` and ``padding``, copied on write.
    private final class Extras: @unchecked Sendable {
        // @unchecked: changed only through `editExtras`, which first makes it unique to the
        // one view changing it; a box two views share is never changed.
        var origin: ViewOrigin?
        var decoded: DecodedState?
        var base: OverlayNode?
        var padding = 0

        init() {}

        init(copying other: Extras) {
            origin = other.origin
            decoded = other.decoded
            base = other.base
            padding = other.padding
        }
    }

    /// Changes this view's own ``Extras``, made (or copied from one shared with another view)
    /// first.
    private mutating func editExtras(_ edit: (Extras) -> Void) {
        if let shared = extras {
            if !isKnownUniquelyReferenced(&extras) { extras = Extras(copying: shared) }
        } else {
            extras = Extras()
        }
        if let extras { edit(extras) }
    }

    /// Sets ``origin`` and ``decoded`` in one edit of the box.
    mutating func setProvenance(origin: ViewOrigin?, decoded: DecodedState?) {
        editExtras {
            $0.origin = origin
            $0.decoded = decoded
        }
    }

    /// The decoder settings and key usage of the decode that made this view.
    var origin: ViewOrigin? {
        get { extras?.origin }
        set {
            guard newValue != nil || extras?.origin != nil else { return }
            editExtras { $0.origin = newValue }
        }
    }

    /// For a decoded model's view: where it came from and which reads left their property alone.
    var decoded: DecodedState? {
        get { extras?.decoded }
        set {
            guard newValue != nil || extras?.decoded != nil else { return }
            editExtras { $0.decoded = newValue }
        }
    }

    /// For a view made from a document rather than for a model (parsed, decoded as a view, or
    /// built from a `JSON`): that document as it was, which ``mergePatch()`` compares with.
    var base: OverlayNode? {
        get { extras?.base }
        set {
            guard newValue != nil || extras?.base != nil else { return }
            editExtras { $0.base = newValue }
        }
    }

    /// How many `null`s index writes past the end of an array have padded this view with so
    /// far (see ``maximumPadding``).
    var padding: Int {
        get { extras?.padding ?? 0 }
        set {
            guard newValue != padding else { return }
            editExtras { $0.padding = newValue }
        }
    }

    /// How many `null`s index writes past the end of arrays may pad one view with in total:
    /// 1,000,000. One write may reach at most 100,000 past the end of an array; without a total,
    /// a thousand such writes would hold a hundred million `null`s (gigabytes, twice that in
    /// ``mergePatch()``). A write that would pass the total is refused (`set` returns `false`) and
    /// changes nothing. Copies of a view share what was spent before the copy; while a coder
    /// runs a model's mapping, its writes count against the same total.
    ///
    /// ```swift
    /// var view = DynamicClass()
    /// view.list[99_999].set(1)   // true: 99,999 nulls, then 1
    /// ```
    public static let maximumPadding = 1_000_000

    /// The document as it stands: while an encoder runs the mapping, the session's copy.
    var tree: OverlayNode { session?.state.sharedTree ?? root }

    /// Runs `body` on the node at `steps` (see ``OverlayNode/update(_:at:_:)``), editing the
    /// session's copy while an encoder runs the mapping and this view otherwise. The tree is
    /// moved out while it is edited, so that its arrays are edited in place. `false` when the
    /// write was refused.
    @discardableResult
    mutating func updateTree(at steps: some Collection<Path.Component>, _ body: (inout OverlayNode?) -> Void) -> Bool {
        // No binding may hold the tree while it is edited: a second reference would make every
        // edit copy the containers on its path.
        if let session, case .some = session.state.sharedTree {
            var whole = session.state.sharedTree
            session.state.sharedTree = nil
            defer { session.state.sharedTree = whole ?? .value(.null) }
            return OverlayNode.update(&whole, at: steps, padding: &session.state.padding, body)
        }
        var whole: OverlayNode? = root
        root = .value(.null)
        defer { root = whole ?? .value(.null) }
        return OverlayNode.update(&whole, at: steps, padding: &padding, body)
    }

    init(root: OverlayNode, origin: ViewOrigin?, session: MappingSession?, decoded: DecodedState? = nil, base: OverlayNode? = nil) {
        self.root = root
        self.session = session
        if origin != nil || decoded != nil || base != nil {
            let extras = Extras()
            extras.origin = origin
            extras.decoded = decoded
            extras.base = base
            self.extras = extras
        }
    }

    /// A view of `root` with `other`'s session and the rest `other` knows, shared (one
    /// reference) rather than set field by field.
    init(root: OverlayNode, sharingWith other: DynamicClass) {
        self.root = root
        session = other.session
        extras = other.extras
    }

    /// Stands in for a view while it is moved out to be edited in place (see the `_modify`
    /// accessors): holding no reference to the tree, it lets the tree's storage stay unique.
    static let vacated = DynamicClass(root: .value(.null), origin: nil, session: nil)

    /// An empty object: `var body = DynamicClass()`.
    public init() {
        self.init(JSON.object(JSON.Object()))
    }

    /// A view of `json`.
    ///
    /// ```swift
    /// let view = DynamicClass(["user": ["name": "Ada"]])
    /// JSON(view.user.name)   // "Ada"
    /// ```
    public init(_ json: JSON) {
        self.init(root: .value(json), origin: nil, session: nil, base: .value(json))
    }

    /// The place `steps` below the root, for the subscripts' `_modify` (see
    /// ``DocumentHolding/subscript(moving:)``: the edit copies nothing).
    subscript(place steps: ViewSteps) -> DynamicValue {
        get { DynamicValue(root: self, steps: steps) }
        _modify { yield &self[moving: { DynamicValue(root: $0, steps: steps) }] }
    }

    /// The member `key`: `ds.user`.
    // The getters here consume the view: `ds.user` is read from the temporary `ds` returns,
    // which is then moved into the new place instead of being copied and destroyed (a copy of
    // a view retains what it holds; a mapping body makes one place per line).
    public subscript(dynamicMember key: String) -> DynamicValue {
        __consuming get { DynamicValue(root: self, step: .key(key)) }
        _modify { yield &self[place: ViewSteps(.key(key))] }
    }

    /// The element at `index` (negative counts from the end): `ds[0]`.
    public subscript(index: Int) -> DynamicValue {
        __consuming get { DynamicValue(root: self, step: .index(index)) }
        _modify { yield &self[place: ViewSteps(.index(index))] }
    }

    /// The value at `path` in the ``Path`` grammar: `ds["user.tags[0]"]`, `ds["weird key"]`,
    /// `ds["my\\.dotted\\.key"]`, `ds["a['b.c']"]`. Malformed path text (`"a.b["`, `"a[x]"`)
    /// names no place: it reads as missing and writes through it return `false`.
    public subscript(path: String) -> DynamicValue {
        __consuming get { DynamicValue(root: self, steps: ViewSteps(Path(path).components)) }
        _modify { yield &self[place: ViewSteps(Path(path).components)] }
    }

    /// The value at `path`: `ds[Path("a/b.c", separator: "/")]`.
    public subscript(path: Path) -> DynamicValue {
        __consuming get { DynamicValue(root: self, steps: ViewSteps(path.components)) }
        _modify { yield &self[place: ViewSteps(path.components)] }
    }

    /// The member named exactly `key`, whatever characters it holds: `ds[key: "a.b"]`.
    public subscript(key key: String) -> DynamicValue {
        __consuming get { DynamicValue(root: self, step: .key(key)) }
        _modify { yield &self[place: ViewSteps(.key(key))] }
    }

    /// Replaces the whole document with `value` encoded.
    ///
    /// ```swift
    /// var view = DynamicClass()
    /// view.set(["a": 1])
    /// ```
    @discardableResult
    public mutating func set<T: Encodable>(_ value: T) -> Bool {
        self[place: ViewSteps()].set(value)
    }

    /// Replaces the whole document with `value`; `nil` makes it `null`.
    ///
    /// ```swift
    /// var view = DynamicClass()
    /// view.set(JSON.array([1, 2]))
    /// ```
    @discardableResult
    public mutating func set(_ value: JSON) -> Bool {
        updateTree(at: EmptyCollection()) { $0 = .value(value) }
    }

    /// Appends `value` when the document is an array (making it one otherwise).
    ///
    /// ```swift
    /// var list = DynamicClass([1, 2])
    /// list.append(3)   // [1, 2, 3]
    /// ```
    @discardableResult
    public mutating func append<T: Encodable>(_ value: T) -> Bool {
        self[place: ViewSteps()].append(value)
    }

    /// Empties the document to `{}`.
    ///
    /// ```swift
    /// var view = DynamicClass(["a": 1])
    /// view.remove()   // {}
    /// ```
    public mutating func remove() {
        set(.object(JSON.Object()))
    }
}

extension DynamicClass: CustomDebugStringConvertible {
    /// The document as compact JSON text.
    ///
    /// ```swift
    /// DynamicClass(["a": 1]).debugDescription   // {"a":1}
    /// ```
    public var debugDescription: String {
        var writer = JSONWriter(formatting: [])
        writer.nonFiniteLiterals = .json5
        writer.write(tree)
        return writer.string()
    }
}

extension DynamicClass {
    /// Parses JSON bytes into a view, for patching a payload without a model: the view holds
    /// the parsed document itself, so only the containers you edit are materialised, and
    /// re-encoding writes every untouched string and number exactly as it was read.
    ///
    /// ```swift
    /// var status = try DynamicClass(parsing: data)
    /// status.user.name.set("Ada")
    /// let patched = try DynamicJSONEncoder().encode(status)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The JSON text (UTF-8, or UTF-16/32 with a byte order mark).
    ///   - allowsJSON5: Whether JSON5 syntax (comments, single quotes, trailing commas) is accepted.
    ///   - maximumDepth: How deep arrays and objects may nest (capped at ``JSON/maximumNesting``).
    ///   - rejectsDuplicateKeys: Whether an object that repeats a key is an error rather than keeping the first.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for malformed input, with the line and column,
    ///   and (with `rejectsDuplicateKeys`) for an object that repeats a key. The same limits as
    ///   `JSON(parsing:)` apply.
    public init(parsing data: Data, allowsJSON5: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) throws {
        // Capped as `JSON(parsing:)` caps it: a view materialises as `JSON` on demand.
        let options = ScanOptions(
            allowsJSON5: allowsJSON5, maximumDepth: min(maximumDepth, JSON.maximumNesting),
            rejectsDuplicateKeys: rejectsDuplicateKeys)
        // The view keeps the document: its node index is fitted to its nodes.
        let document = try Document(data: data, options: options, fittedNodes: true)
        self.init(root: .source(document, 0), origin: nil, session: nil, base: .source(document, 0))
    }

    /// Parses JSON text held in a string into a view (see the `Data` form).
    ///
    /// ```swift
    /// let view = try DynamicClass(parsing: #"{"user": {"name": "Ada"}}"#)
    /// JSON(view.user.name)   // "Ada"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - allowsJSON5: Whether JSON5 syntax (comments, single quotes, trailing commas) is accepted.
    ///   - maximumDepth: How deep arrays and objects may nest (capped at ``JSON/maximumNesting``).
    ///   - rejectsDuplicateKeys: Whether an object that repeats a key is an error rather than keeping the first.
    public init(parsing text: String, allowsJSON5: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) throws {
        try self.init(parsing: Data(text.utf8), allowsJSON5: allowsJSON5, maximumDepth: maximumDepth, rejectsDuplicateKeys: rejectsDuplicateKeys)
    }
}

extension DynamicClass: Codable {
    /// The whole value at the decoder's position. ``DynamicJSONDecoder`` hands over its parsed
    /// document (nothing is copied, and re-encoding keeps the original text of untouched
    /// values); any other decoder goes through ``JSON``.
    ///
    /// ```swift
    /// let view = try DynamicJSONDecoder().decode(DynamicClass.self, from: data)
    /// let same = try JSONDecoder().decode(DynamicClass.self, from: data)
    /// ```
    ///
    /// A model's own `dynamicSelf` property is never read from a key: the decoder fills it in.
    public init(from decoder: any Decoder) throws {
        if let impl = decoder as? DecoderImpl {
            impl.markConsumed(impl.state.currentNode)
            let node = OverlayNode.source(impl.document, impl.state.currentNode)
            self.init(root: node, origin: impl.viewOrigin, session: nil, base: node)
        } else {
            self.init(try JSON(from: decoder))
        }
    }

    /// Encodes the document this view holds. With ``DynamicJSONEncoder`` untouched parts are
    /// written from their original bytes.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(DynamicClass(["a": 1]))   // {"a":1}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try JSON(self).encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// Never reads a `dynamicSelf` key: synthesized `init(from:)` of a dynamic model calls
    /// this for its `dynamicSelf` property, which the decoder fills in afterwards. Any other
    /// optional `DynamicClass` property decodes as usual (`nil` when missing or `null`).
    ///
    /// ```swift
    /// struct Model: DynamicDecodable { var dynamicSelf: DynamicClass? }   // synthesized
    /// ```
    public func decodeIfPresent(_ type: DynamicClass.Type, forKey key: Key) throws -> DynamicClass? {
        guard key.stringValue != DynamicEncoding.reservedKey, contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(DynamicClass.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Never writes a `dynamicSelf` key: synthesized `encode(to:)` of a dynamic model calls
    /// this for its `dynamicSelf` property. Any other optional `DynamicClass` property is
    /// written when it holds a view.
    ///
    /// ```swift
    /// struct Model: DynamicEncodable { var dynamicSelf: DynamicClass? }   // synthesized
    /// ```
    public mutating func encodeIfPresent(_ value: DynamicClass?, forKey key: Key) throws {
        guard key.stringValue != DynamicEncoding.reservedKey, let value else { return }
        try encode(value, forKey: key)
    }
}

extension JSON {
    /// The JSON a view holds.
    ///
    /// ```swift
    /// let view = DynamicClass(["a": [1, 2]])
    /// JSON(view)   // {"a": [1, 2]}
    /// ```
    public init(_ view: DynamicClass) {
        self = view.tree.json
    }

    /// The JSON at a view, or `nil` when nothing is there.
    ///
    /// ```swift
    /// let view = DynamicClass(["a": [1, 2]])
    /// JSON(view.a[1])     // 2
    /// JSON(view.a[5])     // nil
    /// ```
    public init?(_ view: DynamicValue) {
        guard let node = view.node else { return nil }
        self = node.json
    }
}
