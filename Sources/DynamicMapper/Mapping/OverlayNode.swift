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
    case object([OverlayMember])
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
            guard case .array(let elements) = json, let resolved = Self.resolve(position, count: elements.count) else { return nil }
            return .value(elements[resolved])
        case (.object(let members), .key(let key)):
            return members.first { $0.key == key }?.value
        case (.array(let elements), .index(let position)):
            return Self.resolve(position, count: elements.count).map { elements[$0] }
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

    /// A position for `index` in a collection of `count` (negative counts from the end), or
    /// `nil` when out of range.
    static func resolve(_ index: Int, count: Int) -> Int? {
        let position = index < 0 ? count + index : index
        return position >= 0 && position < count ? position : nil
    }

    var isNull: Bool {
        switch self {
        case .source(let document, let index): return document.nodes[index].kind == .null
        case .value(let json): return json == .null
        case .object, .array: return false
        }
    }

    /// The whole value as ``JSON``.
    var json: JSON {
        switch self {
        case .source(let document, let index): return document.json(at: index)
        case .value(let json): return json
        case .array(let elements): return .array(elements.map(\.json))
        case .object(let members):
            var object = JSON.Object()
            for member in members where object.index(forKey: member.key) == nil {
                object.append(key: member.key, value: member.value.json)
            }
            return .object(object)
        }
    }

    /// The members when this is an object, materialised for editing.
    func objectMembers() -> [OverlayMember]? {
        switch self {
        case .object(let members):
            return members
        case .value(.object(let object)):
            return zip(object.keys, object.values).map { OverlayMember(key: $0, value: .value($1)) }
        case .source(let document, let index) where document.nodes[index].kind == .object:
            var members: [OverlayMember] = []
            members.reserveCapacity(Int(document.nodes[index].length))
            var child = index + 1
            while child < Int(document.nodes[index].end) {
                members.append(OverlayMember(
                    key: document.string(document.nodes[child]), value: .source(document, child + 1),
                    source: OverlayMember.SourceKey(document: document, index: child)))
                child = document.next(after: child + 1)
            }
            return members
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
            var elements: [OverlayNode] = []
            elements.reserveCapacity(Int(document.nodes[index].length))
            var child = index + 1
            while child < Int(document.nodes[index].end) {
                elements.append(.source(document, child))
                child = document.next(after: child)
            }
            return elements
        default:
            return nil
        }
    }
}

// MARK: Writing

extension OverlayNode {
    /// Runs `body` on the node at `steps` below `node` (`nil` when missing; setting `nil`
    /// removes it), materialising the containers on the way. Missing parents are created: an
    /// array when the next step is an index, an object otherwise. A parent of another kind is
    /// replaced, since the write says what must be there. An index at or past the end appends;
    /// a negative index before the start changes nothing.
    static func update(_ node: inout OverlayNode?, at steps: ArraySlice<Path.Component>, _ body: (inout OverlayNode?) -> Void) {
        guard let step = steps.first else {
            body(&node)
            return
        }
        let rest = steps.dropFirst()
        let original = node
        switch step {
        case .key(let key):
            var members = node?.objectMembers() ?? []
            node = nil // lets the members be edited in place
            if let position = members.firstIndex(where: { $0.key == key }) {
                var child: OverlayNode? = members[position].value
                members[position].value = .value(.null)
                update(&child, at: rest, body)
                if let child {
                    members[position].value = child
                } else {
                    members.removeAll { $0.key == key }
                }
            } else {
                var child: OverlayNode?
                update(&child, at: rest, body)
                guard let child else {
                    node = original // nothing was written below: create nothing
                    return
                }
                members.append(OverlayMember(key: key, value: child))
            }
            node = .object(members)
        case .index(let index):
            let existing = node?.arrayElements()
            if index < 0 && resolve(index, count: existing?.count ?? 0) == nil { return }
            var elements = existing ?? []
            node = nil
            if let position = resolve(index, count: elements.count) {
                var child: OverlayNode? = elements[position]
                elements[position] = .value(.null)
                update(&child, at: rest, body)
                if let child { elements[position] = child } else { elements.remove(at: position) }
            } else {
                var child: OverlayNode?
                update(&child, at: rest, body)
                guard let child else {
                    node = original
                    return
                }
                elements.append(child)
            }
            node = .array(elements)
        }
    }
}
