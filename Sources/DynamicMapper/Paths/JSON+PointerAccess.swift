/// Reading and changing a `JSON` value at a path with JSON Pointer rules: a step reads an
/// object by the token's text and an array by canonical digits, whatever component it is.
/// Iterative, and in place: containers on the path are taken out of their parents while they
/// change, so an edit copies nothing that is shared with another value.
extension JSON {
    /// The value a JSON Pointer (RFC 6901) points at, or `nil` when there is none.
    ///
    /// ```swift
    /// let json: JSON = ["foo": ["bar", "baz"], "a/b": 1]
    /// try json[pointer: "/foo/0"]   // "bar"
    /// try json[pointer: "/a~1b"]    // 1
    /// try json[pointer: "/foo/9"]   // nil
    /// ```
    ///
    /// - Throws: ``JSONPointerError`` when the pointer is malformed.
    public subscript(pointer pointer: String) -> JSON? {
        get throws {
            let path = try Path(pointer: pointer)
            return try? value(atPointer: path)
        }
    }

    /// The value at `path`.
    func value(atPointer path: Path) throws(PatchFailure) -> JSON {
        var current = self
        for (step, component) in path.components.enumerated() {
            current = try current.child(component, step: step, of: path)
        }
        return current
    }

    /// The child one step down, or the failure of that step.
    private func child(_ component: Path.Component, step: Int, of path: Path) throws(PatchFailure) -> JSON {
        switch self {
        case .object(let object):
            guard let value = object[component.pointerToken] else {
                throw PatchFailure(pointer: path.pointer, reason: .noValue(at: Self.pointer(path, steps: step + 1)))
            }
            return value
        case .array(let elements):
            guard let index = component.pointerArrayIndex, index < elements.count else {
                throw PatchFailure(pointer: path.pointer, reason: .invalidIndex(component.pointerToken, count: elements.count))
            }
            return elements[index]
        default:
            throw PatchFailure(pointer: path.pointer, reason: .notAContainer(at: Self.pointer(path, steps: step)))
        }
    }

    /// Runs `body` on the value at `path`, which must exist, changing it in place.
    ///
    /// Each container on the way is moved out of its parent (the child it leads to moved out
    /// of it in turn) and waits on a stack of its own kind, so that it is uniquely referenced
    /// when it takes the child back: no container on the path is copied, and an edit costs
    /// time in proportion to the path, not to the containers' sizes.
    mutating func modify<Result>(atPointer path: Path, _ body: (inout JSON) throws(PatchFailure) -> Result) throws(PatchFailure) -> Result {
        var objects: [(object: Object, position: Int)] = []
        var arrays: [(elements: [JSON], position: Int)] = []
        var steps: [ContainerKind] = []
        steps.reserveCapacity(path.components.count)
        var current = self
        self = .null
        var failure: PatchFailure?
        for (step, component) in path.components.enumerated() {
            if var object = current.takeObject() {
                guard let position = object.index(forKey: component.pointerToken) else {
                    current = .object(object)
                    failure = PatchFailure(pointer: path.pointer, reason: .noValue(at: Self.pointer(path, steps: step + 1)))
                    break
                }
                current = object.exchangeValue(at: position, with: .null)
                objects.append((object, position))
                steps.append(.object)
            } else if var elements = current.takeElements() {
                guard let position = component.pointerArrayIndex, position < elements.count else {
                    let count = elements.count
                    current = .array(elements)
                    failure = PatchFailure(pointer: path.pointer, reason: .invalidIndex(component.pointerToken, count: count))
                    break
                }
                swap(&current, &elements[position])
                arrays.append((elements, position))
                steps.append(.array)
            } else {
                failure = PatchFailure(pointer: path.pointer, reason: .notAContainer(at: Self.pointer(path, steps: step)))
                break
            }
        }
        var outcome: Swift.Result<Result, PatchFailure>
        if let failure {
            outcome = .failure(failure)
        } else {
            do throws(PatchFailure) {
                outcome = .success(try body(&current))
            } catch {
                outcome = .failure(error)
            }
        }
        while let kind = steps.popLast() {
            switch kind {
            case .object:
                var (object, position) = objects.removeLast()
                _ = object.exchangeValue(at: position, with: current)
                current = .object(object)
            case .array:
                var (elements, position) = arrays.removeLast()
                swap(&current, &elements[position])
                current = .array(elements)
            }
        }
        self = current
        return try outcome.get()
    }

    /// The members, leaving `null` behind, when this is an object; `nil` (and nothing
    /// changed) otherwise. Bound in a `guard case` rather than a `switch`, whose subject would
    /// keep a second reference alive while the caller edits the members.
    mutating func takeObject() -> Object? {
        guard case .object(let object) = self else { return nil }
        self = .null
        return object
    }

    /// The elements, leaving `null` behind, when this is an array; see ``takeObject()``.
    mutating func takeElements() -> [JSON]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }

    /// The pointer of the first `steps` components of `path`.
    static func pointer(_ path: Path, steps: Int) -> String {
        Path(Array(path.components.prefix(steps))).pointer
    }
}

/// The kind of container a step of ``JSON/modify(atPointer:_:)`` took its child from.
private enum ContainerKind {
    case object
    case array
}
