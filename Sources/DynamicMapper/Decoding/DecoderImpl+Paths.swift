import Foundation

/// Values by path below the current node (`Paths/DecodeAtPath.swift`, `@Mapped` paths), with keys
/// matched as the containers match them, and the errors of paths that lead nowhere.
extension DecoderImpl {
    /// Follows `components` from the node `start`, matching keys as containers would: through
    /// the key decoding strategy, with `base` as the coding path of `start`.
    ///
    /// While a dynamic model's keys are recorded, the keys found are marked: passed through
    /// for every step but the last, asked for at the last (see ``KeyUsage``).
    func lookUp(_ components: some Collection<Path.Component>, from start: Int, base: [any CodingKey]) -> Document.PathLookup {
        let records = recordsKeyUsage
        if options.usesDefaultKeys && !records { return document.lookUp(components, from: start) }
        let steps = Array(components)
        return document.lookUp(steps, from: start) { object, name, step in
            let found =
                self.options.usesDefaultKeys
                ? self.document.member(of: object, named: name)
                : self.member(of: object, convertedName: name, path: { base + steps.prefix(step).map(\.codingPathStep.codingKey) })
            if records, let found {
                if step == steps.count - 1 { self.markKeyRead(found - 1) } else { self.markKeyTraversed(found - 1) }
            }
            return found
        }
    }

    /// The first member of the object at `object` whose key, converted by the key strategy,
    /// is `name`.
    private func member(of object: Int, convertedName name: String, path: () -> [any CodingKey]) -> Int? {
        for child in document.children(of: object) {
            let key = document.string(nodes[child])
            if KeyConversion.convert(key, strategy: options.keyStrategy, path: path) == name { return child + 1 }
        }
        return nil
    }

    /// The value at `components` below the current node; `nil` only when `optional` and a
    /// step is missing or the value is `null`.
    func value<T: Decodable>(_ type: T.Type, at components: [Path.Component], optional: Bool) throws -> T? {
        let base = state.path
        switch lookUp(components, from: state.currentNode, base: base.codingPath) {
        case .found(let node):
            markRouteForReport(to: node)
            if optional && nodes[node].kind == .null { return nil }
            return try decodeDetached(T.self, at: node, marksKeys: nil, path: { base.appending(contentsOf: components.lazy.map(\.codingPathStep)) })
        case .missing where optional:
            return nil
        case let failure:
            throw pathError(failure, components: components, base: base.codingPath, type: T.self)
        }
    }

    /// The error for a path that leads nowhere: the requested type (when known), the whole
    /// path, and the step where it broke: a key missing, an index out of range, a `null` on
    /// the way, or a value of another kind.
    func pathError(_ failure: Document.PathLookup, components: [Path.Component], base: [any CodingKey], type: Any.Type? = nil) -> DecodingError {
        func codingPath(_ count: Int) -> [any CodingKey] { base + components.prefix(count).map(\.codingPathStep.codingKey) }
        func place(_ count: Int) -> String { count == 0 ? "the top level" : "\(Path(Array(components.prefix(count))))" }
        let wanted = type.map { "No \($0) at \(Path(components))" } ?? "No value at \(Path(components))"
        switch failure {
        case .found:
            return .dataCorrupted(DecodingError.Context(codingPath: codingPath(components.count), debugDescription: "Found a value at \(Path(components))."))
        case .wrongKind(let step, let parent):
            let expected: Any.Type = components[step].isIndex ? [Any].self : [String: Any].self
            let needs = components[step].isIndex ? "an array" : "an object"
            return .typeMismatch(
                expected,
                DecodingError.Context(
                    codingPath: codingPath(step),
                    debugDescription: "\(wanted): \(place(step)) is \(Self.describeForPath(nodes[parent].kind)), not \(needs)"))
        case .missing(let step, let parent):
            let parentNode = nodes[parent]
            if parentNode.kind == .null {
                return .valueNotFound(
                    type ?? Any.self,
                    DecodingError.Context(
                        codingPath: codingPath(step), debugDescription: "\(wanted): \(place(step)) is null"))
            }
            switch components[step] {
            case .key(let name):
                return .keyNotFound(
                    AnyKey(literal: name),
                    DecodingError.Context(
                        codingPath: codingPath(step),
                        debugDescription: "\(wanted): key \(name.debugDescription) not found in the object at \(place(step))"))
            case .index(let index):
                let count = Int(parentNode.length)
                // At the array, as a decoder's unkeyed container reports an element past its end.
                return .valueNotFound(
                    type ?? Any.self,
                    DecodingError.Context(
                        codingPath: codingPath(step),
                        debugDescription:
                            "\(wanted): index \(index) is out of range (the array at \(place(step)) has \(count) \(count == 1 ? "element" : "elements"))"))
            }
        }
    }

    /// A node's kind as a path error names it.
    private static func describeForPath(_ kind: Node.Kind) -> String {
        switch kind {
        case .null: return "null"
        case .true, .false: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
