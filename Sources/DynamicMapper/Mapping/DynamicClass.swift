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
    /// The decoder settings and key usage of the decode that made this view.
    var origin: ViewOrigin?
    /// Set while a coder runs the model's mapping.
    var session: MappingSession?

    /// The document as it stands: while an encoder runs the mapping, the session's copy.
    var tree: OverlayNode { session?.sharedTree ?? root }

    /// Runs `body` on the node at `steps` (see ``OverlayNode/update(_:at:_:)``), editing the
    /// session's copy while an encoder runs the mapping and this view otherwise. The tree is
    /// moved out while it is edited, so that its arrays are edited in place.
    mutating func updateTree(at steps: some Collection<Path.Component>, _ body: (inout OverlayNode?) -> Void) {
        let steps = Array(steps)[...]
        if let session, let shared = session.sharedTree {
            var whole: OverlayNode? = shared
            session.sharedTree = nil
            OverlayNode.update(&whole, at: steps, body)
            session.sharedTree = whole ?? .value(.null)
        } else {
            var whole: OverlayNode? = root
            root = .value(.null)
            OverlayNode.update(&whole, at: steps, body)
            root = whole ?? .value(.null)
        }
    }

    init(root: OverlayNode, origin: ViewOrigin?, session: MappingSession?) {
        self.root = root
        self.origin = origin
        self.session = session
    }

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
        self.init(root: .value(json), origin: nil, session: nil)
    }

    /// The member `key`: `ds.user`.
    public subscript(dynamicMember key: String) -> DynamicValue {
        get { DynamicValue(root: self, step: .key(key)) }
        set { self = newValue.root }
    }

    /// The element at `index` (negative counts from the end): `ds[0]`.
    public subscript(index: Int) -> DynamicValue {
        get { DynamicValue(root: self, step: .index(index)) }
        set { self = newValue.root }
    }

    /// The value at `path` in the ``Path`` grammar: `ds["user.tags[0]"]`, `ds["weird key"]`,
    /// `ds["my\\.dotted\\.key"]`.
    public subscript(path: String) -> DynamicValue {
        get { DynamicValue(root: self, steps: ViewSteps(Path(path).components)) }
        set { self = newValue.root }
    }

    /// The value at `path`: `ds[Path("a/b.c", separator: "/")]`.
    public subscript(path: Path) -> DynamicValue {
        get { DynamicValue(root: self, steps: ViewSteps(path.components)) }
        set { self = newValue.root }
    }

    /// The member named exactly `key`, whatever characters it holds: `ds[key: "a.b"]`.
    public subscript(key key: String) -> DynamicValue {
        get { DynamicValue(root: self, step: .key(key)) }
        set { self = newValue.root }
    }

    /// Replaces the whole document with `value` encoded.
    ///
    /// ```swift
    /// var view = DynamicClass()
    /// view.set(["a": 1])
    /// ```
    public mutating func set<T: Encodable>(_ value: T) {
        var whole = DynamicValue(root: self, steps: ViewSteps())
        whole.set(value)
        self = whole.root
    }

    /// Replaces the whole document with `value`; `nil` makes it `null`.
    ///
    /// ```swift
    /// var view = DynamicClass()
    /// view.set(JSON.array([1, 2]))
    /// ```
    public mutating func set(_ value: JSON) {
        updateTree(at: []) { $0 = .value(value) }
    }

    /// Appends `value` when the document is an array (making it one otherwise).
    ///
    /// ```swift
    /// var list = DynamicClass([1, 2])
    /// list.append(3)   // [1, 2, 3]
    /// ```
    public mutating func append<T: Encodable>(_ value: T) {
        var whole = DynamicValue(root: self, steps: ViewSteps())
        whole.append(value)
        self = whole.root
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

extension DynamicClass: Codable {
    /// An empty view: a `dynamicSelf` key in the input is never read.
    ///
    /// ```swift
    /// let view = try JSONDecoder().decode(DynamicClass.self, from: Data("{}".utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        self.init()
    }

    /// Encodes the document this view holds.
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
    /// this for its `dynamicSelf` property, which the decoder fills in afterwards.
    ///
    /// ```swift
    /// struct Model: DynamicDecodable { var dynamicSelf: DynamicClass? }   // synthesized
    /// ```
    public func decodeIfPresent(_ type: DynamicClass.Type, forKey key: Key) throws -> DynamicClass? {
        nil
    }
}

extension KeyedEncodingContainer {
    /// Never writes a `dynamicSelf` key: synthesized `encode(to:)` of a dynamic model calls
    /// this for its `dynamicSelf` property.
    ///
    /// ```swift
    /// struct Model: DynamicEncodable { var dynamicSelf: DynamicClass? }   // synthesized
    /// ```
    public mutating func encodeIfPresent(_ value: DynamicClass?, forKey key: Key) throws {}
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
