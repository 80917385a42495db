/// The JSON behind a view: untouched parts are references into the parsed document, and only
/// the containers on an edited path are materialised (as `.object`/`.array` whose other
/// children still point into the document).
///
/// A value type throughout: the arrays are copy-on-write, so copying a model copies its
/// overlay cheaply and edits never reach another copy.
enum OverlayNode: Sendable {
    /// A node of a parsed document, with everything below it, as read.
    case source(Document, Int)
    /// A value that came from code (`set`, or a model's own properties).
    case value(JSON)
    /// An object materialised for editing; members keep their document order.
    case object(OverlayObject)
    /// An array materialised for editing.
    case array([OverlayNode])
}

struct OverlayMember: Sendable {
    var key: String
    var value: OverlayNode
    /// Where the key was read from; `nil` for a member added by code. Kept through edits of
    /// the value, so a model's own key stays its own.
    var source: SourceKey?

    struct SourceKey: Sendable {
        let document: Document
        let index: Int

        /// The member's value as the document holds it.
        var originalValue: OverlayNode { .source(document, index + 1) }
    }
}

// MARK: Reading

extension OverlayNode {
    /// The child one step down, or `nil` when it is missing (no such key, an index out of
    /// range, or a node of another kind). Never changes anything.
    func child(_ step: Path.Component) -> OverlayNode? {
        switch (self, step) {
        case (.source(let document, let index), .key(let key)):
            return document.member(of: index, named: key).map { .source(document, $0) }
        case (.source(let document, let index), .index(let position)):
            return document.element(of: index, at: position).map { .source(document, $0) }
        case (.value(let json), .key(let key)):
            return json[key].map(OverlayNode.value)
        case (.value(let json), .index(let position)):
            guard case .array(let elements) = json, let resolved = RelativeIndex.resolve(position, count: elements.count) else { return nil }
            return .value(elements[resolved])
        case (.object(let object), .key(let key)):
            return object.firstIndex(of: key).map { object[$0].value }
        case (.array(let elements), .index(let position)):
            return RelativeIndex.resolve(position, count: elements.count).map { elements[$0] }
        default:
            return nil
        }
    }

    func descendant(at steps: some Collection<Path.Component>) -> OverlayNode? {
        var node = self
        for step in steps {
            guard let next = node.child(step) else { return nil }
            node = next
        }
        return node
    }

    /// How many elements an array holds without materialising it; 0 for anything else.
    var elementCount: Int {
        switch self {
        case .source(let document, let index):
            return document.nodes[index].kind == .array ? Int(document.nodes[index].length) : 0
        case .value(.array(let elements)): return elements.count
        case .array(let elements): return elements.count
        default: return 0
        }
    }

    var isNull: Bool {
        switch self {
        case .source(let document, let index): return document.nodes[index].kind == .null
        case .value(let json): return json == .null
        case .object, .array: return false
        }
    }

    /// The index of this node in `document`, when it is a node of that document as parsed.
    /// Asks without copying the node (binding `.source`'s payload from a stored node copies
    /// the whole enum first), for reads made once per mapped property.
    func sourceIndex(in document: Document) -> Int? {
        guard case .source(let source, let index) = self, source === document else { return nil }
        return index
    }

    /// The document object this is, when it is one as parsed.
    var sourceObject: (document: Document, index: Int)? {
        guard case .source(let document, let index) = self, document.nodes[index].kind == .object else { return nil }
        return (document, index)
    }

    var isObject: Bool {
        switch self {
        case .source(let document, let index): return document.nodes[index].kind == .object
        case .value(let json): if case .object = json { return true } else { return false }
        case .object: return true
        case .array: return false
        }
    }

    /// The whole value as ``JSON`` (a key the object repeats: the first member wins).
    ///
    /// Without recursion: a view nests as deep as its document, and a document's
    /// `maximumDepth` may be raised far past what any thread's stack holds.
    var json: JSON {
        var open: [JSONBuilding] = []
        var node = self
        while true {
            var finished: JSON?
            switch node {
            case .source(let document, let index): finished = document.json(at: index)
            case .value(let json): finished = json
            case .array(let elements): open.append(JSONBuilding(elements: elements))
            case .object(let object): open.append(JSONBuilding(members: object.members))
            }
            // Hand each finished value to the container waiting for it, closing containers
            // until one has another child to open.
            while var top = open.popLast() {
                if let value = finished { top.accept(value) }
                if let child = top.nextChild() {
                    open.append(top)
                    node = child
                    break
                }
                finished = top.finish()
                if open.isEmpty { return finished ?? .null }
            }
            if open.isEmpty, let finished { return finished }
        }
    }

    /// The members when this is an object, materialised for editing.
    func objectMembers() -> OverlayObject? {
        switch self {
        case .object(let object):
            return object
        case .value(.object(let object)):
            return OverlayObject(zip(object.keys, object.values).map { OverlayMember(key: $0, value: .value($1)) })
        case .source(let document, let index) where document.nodes[index].kind == .object:
            var members: [OverlayMember] = []
            members.reserveCapacity(Int(document.nodes[index].length))
            for child in document.children(of: index) {
                members.append(
                    OverlayMember(
                        key: document.string(document.nodes[child]), value: .source(document, child + 1),
                        source: OverlayMember.SourceKey(document: document, index: child)))
            }
            return OverlayObject(members)
        default:
            return nil
        }
    }

    /// The elements when this is an array, materialised for editing.
    func arrayElements() -> [OverlayNode]? {
        switch self {
        case .array(let elements):
            return elements
        case .value(.array(let elements)):
            return elements.map(OverlayNode.value)
        case .source(let document, let index) where document.nodes[index].kind == .array:
            return document.children(of: index).map { .source(document, $0) }
        default:
            return nil
        }
    }
}

// MARK: Writing

extension OverlayNode {
    /// How far past the end of an array a write may reach: the gap is padded with `null`, so
    /// a larger one would allocate without limit for one call (`ds.items[Int.max].set(1)`).
    static let maximumIndexGap = 100_000

    /// How many steps a write may take below a view. Reads take any number; a write deeper
    /// than this would build a document that no default parser reads back, and whose
    /// materialising and freeing recurse once per level.
    static let maximumWriteDepth = 512

    /// One step on the way down to an edited node. The containers themselves wait in
    /// separate stacks, so that taking one back is a move and its storage stays unique.
    private enum Frame {
        /// `position` is the member's place, or `nil` when the key is new.
        case object(key: String, position: Int?)
        /// `position` may be at or past the end: the gap is padded with `null`.
        case array(position: Int)
    }

    /// Runs `body` on the node at `steps` below `node` (`nil` when missing; setting `nil`
    /// removes it), materialising the containers on the way. Missing parents are created: an
    /// array when the next step is an index, an object otherwise. An index past the end pads
    /// with `null` up to it. An edit of a key that the object holds more than once leaves one
    /// member.
    ///
    /// Returns `false`, changing nothing, when the write is refused: a step that meets a value
    /// of another kind (a key on an array, an index on an object, any step on a scalar, `null`
    /// included), a negative index before the start, a gap larger than ``maximumIndexGap``,
    /// padding that would take `padding` (the `null`s padded so far, which it adds to) past
    /// ``DynamicClass/maximumPadding``, or more than ``maximumWriteDepth`` steps.
    ///
    /// Iterative, so the stack does not grow with the path; each container on the path is
    /// moved out of its parent while it is edited, so its storage is unique and edits are in
    /// place: appending to an array or adding a key costs amortised constant time.
    @discardableResult
    static func update(
        _ node: inout OverlayNode?, at steps: some Collection<Path.Component>, padding: inout Int, _ body: (inout OverlayNode?) -> Void
    ) -> Bool {
        guard steps.count <= maximumWriteDepth, let gaps = paddingNeeded(node, at: steps),
            gaps <= DynamicClass.maximumPadding - padding
        else { return false }
        padding += gaps
        var frames: [Frame] = []
        var objects: [OverlayObject] = []
        var arrays: [[OverlayNode]] = []
        frames.reserveCapacity(steps.count)
        var current = node
        node = nil
        for step in steps {
            switch step {
            case .key(let key):
                var object = current?.objectMembers() ?? OverlayObject()
                current = nil
                let position = object.searchForEdit(key)
                if let position { current = object.takeValue(at: position) }
                frames.append(.object(key: key, position: position))
                objects.append(object)
            case .index(let index):
                var elements = current?.arrayElements() ?? []
                current = nil
                let position = RelativeIndex.resolve(index, count: elements.count)
                if let position {
                    current = elements[position]
                    elements[position] = .value(.null)
                }
                frames.append(.array(position: position ?? index))
                arrays.append(elements)
            }
        }
        body(&current)
        while let frame = frames.popLast() {
            switch frame {
            case .object(let key, let position):
                var object = objects.removeLast()
                if let position {
                    if let current {
                        object.replaceValue(at: position, with: current)
                        object.removeDuplicates(of: key, keeping: position)
                    } else {
                        object.removeAll(key)
                    }
                } else if let current {
                    object.append(OverlayMember(key: key, value: current))
                }
                current = .object(object)
            case .array(let position):
                var elements = arrays.removeLast()
                if position < elements.count {
                    if let current { elements[position] = current } else { elements.remove(at: position) }
                } else if let current {
                    elements.append(contentsOf: repeatElement(OverlayNode.value(.null), count: position - elements.count))
                    elements.append(current)
                }
                current = .array(elements)
            }
        }
        node = current
        return true
    }

    /// Whether a write may take `steps`, and what it pads: each step meets nothing (the write
    /// creates the container) or a container of its kind, and every index lands within reach,
    /// resolved against what is there or (for parts the write creates) against an empty
    /// array. A write that met a value of another kind would have to replace it, destroying
    /// data the caller never named (`/list/01` turning an array into an object), so it is
    /// refused as JSON Patch refuses it. `null` is such a value too: it is the document's (or
    /// a padded slot's) own value, and only a write that names it replaces it, so a slot that
    /// padding left is filled by writing the element itself (`items[0].set(["id": 1])`), not a
    /// path through it.
    ///
    /// Returns how many `null`s the write pads with, or `nil` when it may not be made.
    private static func paddingNeeded(_ node: OverlayNode?, at steps: some Collection<Path.Component>) -> Int? {
        var current = node
        var gaps = 0
        for step in steps {
            if let existing = current, !existing.accepts(step) { return nil }
            if case .index(let index) = step {
                let count = current?.elementCount ?? 0
                if RelativeIndex.resolve(index, count: count) == nil {
                    if index < 0 || index - count > maximumIndexGap { return nil }
                    gaps += index - count
                }
            }
            current = current?.child(step)
        }
        return gaps
    }

    /// Whether `step` goes into this node: a key into an object, an index into an array.
    private func accepts(_ step: Path.Component) -> Bool {
        switch (self, step) {
        case (.object, .key), (.value(.object), .key), (.array, .index), (.value(.array), .index):
            return true
        case (.source(let document, let index), .key):
            return document.nodes[index].kind == .object
        case (.source(let document, let index), .index):
            return document.nodes[index].kind == .array
        default:
            return false
        }
    }
}

/// An array or object of ``OverlayNode/json`` being built: its children, the next one to
/// convert and the converted ones so far.
private struct JSONBuilding {
    private let elements: [OverlayNode]?
    private let members: [OverlayMember]
    private var next = 0
    private var array: [JSON] = []
    private var object = JSON.Object()

    init(elements: [OverlayNode]) {
        self.elements = elements
        members = []
    }

    init(members: [OverlayMember]) {
        elements = nil
        self.members = members
    }

    /// The next child to convert, skipping members whose key an earlier member took.
    mutating func nextChild() -> OverlayNode? {
        if let elements { return next < elements.count ? elements[next] : nil }
        while next < members.count, object.index(forKey: members[next].key) != nil { next += 1 }
        return next < members.count ? members[next].value : nil
    }

    /// The converted value of the child ``nextChild()`` gave.
    mutating func accept(_ value: JSON) {
        if elements != nil { array.append(value) } else { object.append(key: members[next].key, value: value) }
        next += 1
    }

    func finish() -> JSON {
        elements != nil ? .array(array) : .object(object)
    }
}
