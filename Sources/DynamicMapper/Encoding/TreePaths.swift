import Foundation

/// Where a value written at a path goes in a tree being encoded: a member of an object or an
/// element of an array. Paths make (or share) the containers on their way as `ds` writes do:
/// an object before a key, an array before an index, padded with `null` up to it.
enum TreePlace {
    case member(TreeObject, String)
    case element(TreeArray, Int)

    /// Why a path cannot be written, worded to follow "The path … ".
    struct Refusal: Error {
        let reason: String
    }

    /// The place at `steps` below `root`, the keys already in the document's spelling. The
    /// first step must be a key: `root` is an object.
    static func walk(from root: TreeObject, _ steps: some Collection<Path.Component>) throws(Refusal) -> TreePlace {
        guard case .key(let first)? = steps.first else {
            throw Refusal(reason: "starts with an array index, but it is written inside an object")
        }
        var place = TreePlace.member(root, first)
        for step in steps.dropFirst() {
            place = try place.child(step)
        }
        return place
    }

    /// The place at `index` of `root`, then `steps` below it, for a path that starts with an
    /// index (its keys already in the document's spelling).
    static func walk(from root: TreeArray, index: Int, _ steps: some Collection<Path.Component>) throws(Refusal) -> TreePlace {
        var place = TreePlace.element(root, try root.writablePosition(index))
        for step in steps {
            place = try place.child(step)
        }
        return place
    }

    /// What is at this place now.
    var node: TreeNode? {
        switch self {
        case .member(let object, let key): return object[key]
        case .element(let array, let index): return array[index]
        }
    }

    /// The place `step` below this one, with the container it needs made here.
    private func child(_ step: Path.Component) throws(Refusal) -> TreePlace {
        switch step {
        case .key(let key):
            guard let object = pathContainer(TreeObject.editable, TreeNode.object) else {
                throw Refusal(reason: "goes through \(self), which already holds a value that is not an object")
            }
            return .member(object, key)
        case .index(let position):
            guard let array = pathContainer(TreeArray.editable, TreeNode.array) else {
                throw Refusal(reason: "goes through \(self), which already holds a value that is not an array")
            }
            return .element(array, try array.writablePosition(position))
        }
    }

    /// The object or array a path goes through here: made when the place is empty or `null`,
    /// the one there (made editable) when it holds that kind; `nil` when it holds another
    /// value, which the path would silently replace. `editable` is the kind's
    /// ``TreeObject/editable(_:)`` or ``TreeArray/editable(_:)``, `node` its case. The place is
    /// marked as a path's, so that later values merge into it.
    private func pathContainer<Container>(
        _ editable: (TreeNode?) -> Container?,
        _ node: (Container) -> TreeNode
    ) -> Container? {
        guard let container = editable(self.node) else { return nil }
        switch self {
        case .member(let object, let key):
            object.markPathParent(key)
            object.set(node(container), for: key)
        case .element(let array, let index):
            array.pathElements.insert(index)
            array.set(node(container), at: index)
        }
        return container
    }

    /// Stores `node` here, merged into what other paths placed below (see
    /// ``TreeObject/place(_:for:)``); `false` when a value meets those members.
    func place(_ node: TreeNode) -> Bool {
        switch self {
        case .member(let object, let key): return object.place(node, for: key)
        case .element(let array, let index): return array.place(node, at: index)
        }
    }

    /// The object at this place for a keyed container, made when missing; nil when another
    /// kind of value is there.
    func nestedObject() -> TreeObject? {
        switch self {
        case .member(let object, let key):
            if let existing = object[key], !existing.isObject { return nil }
            return object.nestedObject(for: key)
        case .element:
            return pathContainer(TreeObject.editable, TreeNode.object)
        }
    }
}

extension TreePlace: CustomStringConvertible {
    var description: String {
        switch self {
        case .member(_, let key): return "\"\(key)\""
        case .element(_, let index): return "[\(index)]"
        }
    }
}

extension TreeArray {
    /// An array element as the path reads it: `nil` past the end.
    subscript(index: Int) -> TreeNode? {
        index < nodes.count ? nodes[index] : nil
    }

    /// `position` as an index at or past the end of this array, within the padding bound
    /// that `ds` writes keep; a negative one counts from the end of what is there.
    func writablePosition(_ position: Int) throws(TreePlace.Refusal) -> Int {
        if position < 0 {
            guard let resolved = RelativeIndex.resolve(position, count: nodes.count) else {
                throw TreePlace.Refusal(reason: "has the index \(position), before the start of an array of \(nodes.count) elements")
            }
            return resolved
        }
        guard position - nodes.count <= OverlayNode.maximumIndexGap else {
            throw TreePlace.Refusal(
                reason: "has the index \(position), more than \(OverlayNode.maximumIndexGap) past the end of an array of \(nodes.count) elements")
        }
        return position
    }

    /// Stores `node` at `index`, padding with `null` up to it.
    func set(_ node: TreeNode, at index: Int) {
        if index < nodes.count {
            nodes[index] = node
            return
        }
        nodes.reserveCapacity(index + 1)
        while nodes.count < index { nodes.append(.value(.null)) }
        nodes.append(node)
    }

    /// ``TreeObject/place(_:for:)`` for an element.
    func place(_ node: TreeNode, at index: Int) -> Bool {
        placedElements.insert(index)
        guard pathElements.contains(index), let existing = self[index], existing.isPathContainer else {
            set(node, at: index)
            return true
        }
        return TreeNode.merge(node, into: existing)
    }

    /// The array a path continues in place of `node`: a new one for a missing value or
    /// `null`, the one there (made editable) for an array, nil for anything else.
    static func editable(_ node: TreeNode?) -> TreeArray? {
        switch node {
        case nil, .value(.null)?: return TreeArray()
        case .array(let existing)?: return existing
        case let other?:
            guard case .array(let elements) = other.json else { return nil }
            return TreeArray(elements)
        }
    }
}

extension TreeObject {
    /// The object a path continues in place of `node`: a new one for a missing value or
    /// `null`, the one there (made editable) for an object, nil for anything else.
    static func editable(_ node: TreeNode?) -> TreeObject? {
        switch node {
        case nil, .value(.null)?: return TreeObject()
        case .object(let existing)?: return existing
        case let other?: return other.members.map(TreeObject.init)
        }
    }
}

extension TreeNode {
    /// A container that a path made and that later values merge into.
    var isPathContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// The elements when this is an array.
    var elements: [TreeNode]? {
        switch self {
        case .array(let array): return array.nodes
        case .value(.array(let elements)): return elements.map(TreeNode.value)
        case .overlay(let overlay):
            guard case .array(let elements) = overlay.json else { return nil }
            return elements.map(TreeNode.value)
        case .value, .object: return nil
        }
    }

    /// Merges `node` into `existing`, a container that paths placed values in: an object's
    /// members after theirs (a member it shares replaced in place and merged again below), an
    /// array's elements at their positions, while `null` and a value that a nested dynamic
    /// model only carries from its document leave them as they are (what the paths wrote is
    /// newer). `false` when another value meets them.
    static func merge(_ node: TreeNode, into existing: TreeNode) -> Bool {
        if case .value(.null) = node { return true }
        switch existing {
        case .object(let target):
            guard let members = node.members else { return node.isDocumentValue }
            for member in members {
                if member.node.isDocumentValue, target[member.key] != nil, !target.isPathParent(member.key) { continue }
                guard target.place(member.node, for: member.key) else { return false }
            }
            return true
        case .array(let target):
            guard let elements = node.elements else { return node.isDocumentValue }
            for (index, element) in elements.enumerated() {
                guard target.place(element, at: index) else { return false }
            }
            return true
        case .value, .overlay:
            return false
        }
    }
}
