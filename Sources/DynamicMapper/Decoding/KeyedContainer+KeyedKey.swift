import Foundation

/// ``KeyedKey`` coding keys: raw values that are paths, flat markers or lossy arrays.
extension KeyedContainer {
    /// What `key` asks for, when it is a ``KeyedKey``.
    private func meaning(of key: Key) -> KeyMeaning? {
        guard let keyed = key as? any KeyedKey else { return nil }
        return impl.meaning(of: keyed)
    }

    /// The node a keyed key names: a member, a nested value, or this object for a flat key.
    func keyedValueNode(for key: Key) -> Int? {
        switch meaning(of: key) {
        case .member(let name)?: return valueNode(named: name)
        case .flat?: return object
        case .path(let components)?, .lossyArray(let components)?: return node(at: components)
        case .malformed?: return nil
        case nil: return valueNode(named: key.stringValue)
        }
    }

    private func node(at components: [Path.Component]) -> Int? {
        guard case .key(let first)? = components.first, let start = valueNode(named: first, traversing: components.count > 1) else { return nil }
        guard case .found(let node) = impl.lookUp(components.dropFirst(), from: start, base: codingPath + [AnyKey(literal: first)]) else { return nil }
        // The keys after the first are not looked up one by one: a report of unread keys
        // learns of them here.
        impl.markRouteForReport(to: node)
        return node
    }

    /// The error for a nested key that leads nowhere, naming the whole path and where it broke.
    func keyedKeyMissing(_ key: Key) -> DecodingError? {
        switch meaning(of: key) {
        case .path(let components)?, .lossyArray(let components)?:
            let lookup = impl.lookUp(components, from: object, base: codingPath)
            if case .found = lookup { return nil }
            return impl.pathError(lookup, components: components, base: codingPath)
        case .malformed(let error)?:
            return Self.malformedKeyError(error, key: key, codingPath: codingPath)
        case .member?, .flat?, nil:
            return nil
        }
    }

    /// The error for a key whose raw value is malformed path text, or `nil` for any other key.
    func keyedKeyMalformed(_ key: Key) -> DecodingError? {
        guard case .malformed(let error)? = meaning(of: key) else { return nil }
        return Self.malformedKeyError(error, key: key, codingPath: codingPath)
    }

    private static func malformedKeyError(_ error: PathSyntaxError, key: Key, codingPath: [any CodingKey]) -> DecodingError {
        // Not `keyNotFound`: optional properties and defaults take that as "absent" and would
        // hide the typo; the key itself is wrong, whatever the document holds.
        .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: KeyMeaning.malformedMessage(error, key: key)))
    }

    /// The coding path of the value `key` names: one step per path component.
    func keyedCodingPath(_ key: Key) -> [any CodingKey] {
        switch meaning(of: key) {
        case .path(let components)?, .lossyArray(let components)?:
            return fullPath(components).codingPath
        case .member?, .flat?, .malformed?, nil:
            return path.codingPath(appending: .key(key))
        }
    }

    private func fullPath(_ components: [Path.Component]) -> CodingPathNode {
        path.appending(contentsOf: components.lazy.map(\.codingPathStep))
    }

    /// Decodes a value under a keyed key, or `nil` for a plain member (decoded as usual).
    func decodeKeyedKey<T: Decodable>(_ type: T.Type, forKey key: Key, node: Int) throws -> T? {
        switch meaning(of: key) {
        case .path(let components)?:
            return try impl.decodeDetached(type, at: node, marksKeys: nil, path: { fullPath(components) })
        case .lossyArray(let components)?:
            guard let lossy = T.self as? any LossyArray.Type else {
                return try impl.decodeDetached(type, at: node, marksKeys: nil, path: { fullPath(components) })
            }
            return try lossy.decodeDroppingFailures(from: KeyedDecodingContainer(self), forKey: key) as? T
        case .flat?, .member?, .malformed?, nil:
            return nil
        }
    }

    /// As ``decodeKeyedKey(_:forKey:node:)`` for an optional property; a flat one is `nil` when
    /// a field it needs is missing.
    func decodeKeyedKeyIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key, node: Int) throws -> T? {
        if case .flat? = meaning(of: key) {
            do {
                return try impl.decodeChild(type, at: node, parent: path, step: .key(key))
            } catch let error as DecodingError {
                switch error {
                case .keyNotFound, .valueNotFound:
                    // The key's text is the flat marker, not the property's name: the place is the object.
                    impl.report(.flatObjectNil, missingAt: [], below: object, codingPath: keyedCodingPath(key), failure: error)
                    return nil
                default:
                    throw error
                }
            }
        }
        if let decoded = try decodeKeyedKey(type, forKey: key, node: node) { return decoded }
        return try impl.decodeChild(type, at: node, parent: path, step: .key(key))
    }
}

extension Path.Component {
    var isIndex: Bool {
        if case .index = self { return true }
        return false
    }
}
