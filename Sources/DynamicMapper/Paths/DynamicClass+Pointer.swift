/// Views reached by JSON Pointer (RFC 6901), with the safe reads and writes of paths.
extension DynamicClass {
    /// The value a JSON Pointer names: `ds[pointer: "/statuses/0/user/name"]`.
    ///
    /// ```swift
    /// var view = DynamicClass(["a": ["b/c": [1, 2]], "list": [1]])
    /// JSON(view[pointer: "/a/b~1c/0"])       // 1
    /// view[pointer: "/a/b~1c/1"].set(3)      // {"a": {"b/c": [1, 3]}, ...}
    /// view[pointer: "/list/-"].set(2)        // appends: [1, 2]
    /// view[pointer: "bad"].set(0)            // false: a malformed pointer names no place
    /// view[pointer: "/list/01"].set(0)       // false: "01" is not an index, the array stays
    /// ```
    ///
    /// Each token is read against the value it meets, as RFC 6901 says: against an object
    /// it is a key (`"/0"` is the key `"0"`), against an array an index (`-` is the place past
    /// the end). Beyond what exists, digits are an index and anything else a key, so that
    /// `set` creates what is missing as a path does. Reads and writes then behave as with a
    /// path: a missing place reads as missing, and a write the path rules refuse returns
    /// `false`, among them any token on a string, number or Boolean and a token that is not an
    /// index for the array it meets (`01`, `-1`, `foo`, an index too large for `Int`), as JSON Patch refuses
    /// them. A malformed pointer reads as missing and refuses writes; `Path(pointer:)`
    /// tells what is wrong with it.
    public subscript(pointer pointer: String) -> DynamicValue {
        get { DynamicValue(root: self, steps: ViewSteps(Self.pointerSteps(pointer, from: tree))) }
        _modify { yield &self[place: ViewSteps(Self.pointerSteps(pointer, from: tree))] }
    }

    /// The steps `pointer` takes down from `start`, each token read against the node it meets.
    static func pointerSteps(_ pointer: String, from start: OverlayNode?) -> [Path.Component] {
        guard let path = try? Path(pointer: pointer) else { return [Path.Component.nowhere] }
        var steps: [Path.Component] = []
        steps.reserveCapacity(path.components.count)
        var current = start
        for component in path.components {
            let token = component.pointerToken
            let step: Path.Component
            switch current?.pointerKind {
            case .array(let count)?:
                step = token == "-" ? .index(count) : component.pointerArrayIndex.map(Path.Component.index) ?? .key(token)
            case .object?:
                step = .key(token)
            case .other?, nil:
                // Nothing to read the token against: `-` starts a new array, as an index does.
                step = token == "-" ? .index(0) : component
            }
            steps.append(step)
            current = current?.child(step)
        }
        return steps
    }
}

extension DynamicValue {
    /// The value a JSON Pointer names below this one: `ds.statuses[pointer: "/0/user/name"]`.
    /// See ``DynamicClass/subscript(pointer:)``.
    ///
    /// ```swift
    /// var view = DynamicClass(["a": ["0": "key", "list": ["x"]]])
    /// JSON(view.a[pointer: "/0"])        // "key"
    /// JSON(view.a[pointer: "/list/0"])   // "x"
    /// ```
    public subscript(pointer pointer: String) -> DynamicValue {
        get { pointed(pointer) }
        _modify { yield &self[moving: { $0.pointed(pointer) }] }
    }

    private func pointed(_ pointer: String) -> DynamicValue {
        var next = self
        for step in DynamicClass.pointerSteps(pointer, from: node) { next.steps.append(step) }
        return next
    }
}

extension Path.Component {
    /// A step that no read finds and no write takes (an index before the start of any array),
    /// for a view whose pointer is malformed.
    static let nowhere = Path.Component.index(.min)
}

/// What a pointer token meets.
private enum PointerKind {
    case array(count: Int)
    case object
    case other
}

extension OverlayNode {
    fileprivate var pointerKind: PointerKind {
        switch self {
        case .source(let document, let index):
            switch document.nodes[index].kind {
            case .array: return .array(count: Int(document.nodes[index].length))
            case .object: return .object
            default: return .other
            }
        case .value(.array(let elements)): return .array(count: elements.count)
        case .value(.object): return .object
        case .value: return .other
        case .array(let elements): return .array(count: elements.count)
        case .object: return .object
        }
    }
}
