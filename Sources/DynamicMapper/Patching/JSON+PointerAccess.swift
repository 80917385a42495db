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
    mutating func modify<Result>(atPointer path: Path, _ body: (inout JSON) throws(PatchFailure) -> Result) throws(PatchFailure) -> Result {
        var parents: [PointerSlot] = []
        parents.reserveCapacity(path.components.count)
        var current = self
        self = .null
        var failure: PatchFailure?
        for (step, component) in path.components.enumerated() {
            do throws(PatchFailure) {
                _ = try current.child(component, step: step, of: path)
            } catch {
                failure = error
                break
            }
            switch current {
            case .object(var object):
                current = .null
                let key = component.pointerToken
                current = object[key] ?? .null
                object[key] = .null
                parents.append(.member(object, key))
            case .array(var elements):
                current = .null
                let index = component.pointerArrayIndex ?? 0
                swap(&current, &elements[index])
                parents.append(.element(elements, index))
            default:
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
        while let slot = parents.popLast() {
            switch slot {
            case .member(var object, let key):
                object[key] = current
                current = .object(object)
            case .element(var elements, let index):
                elements[index] = current
                current = .array(elements)
            }
        }
        self = current
        return try outcome.get()
    }

    /// Changes the elements in place when this is an array.
    mutating func editElements(_ body: (inout [JSON]) -> Void) {
        guard case .array(var elements) = self else { return }
        self = .null
        body(&elements)
        self = .array(elements)
    }

    /// Changes the members in place when this is an object.
    mutating func editMembers(_ body: (inout Object) -> Void) {
        guard case .object(var object) = self else { return }
        self = .null
        body(&object)
        self = .object(object)
    }

    /// The pointer of the first `steps` components of `path`.
    static func pointer(_ path: Path, steps: Int) -> String {
        Path(Array(path.components.prefix(steps))).pointer
    }
}

/// A container taken out while its child at `key` or `index` changes, to be put back after.
private enum PointerSlot {
    case member(JSON.Object, String)
    case element([JSON], Int)
}
