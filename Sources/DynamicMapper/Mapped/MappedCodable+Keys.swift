import Foundation

extension MappedCodable {
    /// The value of the `@Mapped` property whose key (or, without one, whose name) is `key`,
    /// or nil when there is none.
    ///
    /// ```swift
    /// struct User: MappedCodable { @Mapped("user_name") var userName: String = "" }
    /// let user = try User.decode(from: #"{"user_name": "ada"}"#)
    /// user[mappedKey: "user_name"] as? String   // "ada"
    /// ```
    public subscript(mappedKey key: String) -> Any? {
        guard let property = mappedProperty(forKey: key)?.property else { return nil }
        let value = property.anyValue
        if let optional = value as? any AnyOptional, optional.isNone { return nil }
        return value
    }

    /// The value of the `@Mapped` property for `key` as a `T`, or nil when there is none or
    /// it is not a `T`: `let name: String? = user.value(forMappedKey: "user_name")`.
    public func value<T>(forMappedKey key: String, as type: T.Type = T.self) -> T? {
        self[mappedKey: key] as? T
    }

    /// Sets the `@Mapped` property whose key (or name) is `key`.
    ///
    /// ```swift
    /// try user.setValue("this is username", forMappedKey: "user_name")
    /// user.userName   // "this is username"
    /// ```
    ///
    /// Swift gives no way to write a stored property found by reflection, so the model is
    /// encoded, changed at that key and decoded again with this package's coders: every
    /// coded property keeps its value, properties the model does not code get their initial
    /// values, and a dynamic model gets a fresh view.
    ///
    /// - Throws: ``MappedKeyError`` when no property has that key or `value` is not of its
    ///   type; the coders' errors otherwise.
    public mutating func setValue(_ value: Any?, forMappedKey key: String) throws {
        guard let (name, property) = mappedProperty(forKey: key) else { throw MappedKeyError(key: key, reason: "no @Mapped property has this key") }
        guard let replacement = property.replacingValue(with: value) else {
            throw MappedKeyError(key: key, reason: "\(value.map { "\(type(of: $0))" } ?? "nil") is not the type of the property \(name)")
        }
        var json = try encodedJSON()
        let path = Path(property.mappedKey ?? name).components
        json.removeValue(at: path[...])
        let fragment = try DynamicJSONEncoder().encodeJSON(SingleMappedProperty(name: name, property: replacement))
        json.merge(fragment)
        self = try Self.decode(from: json)
    }

    private func mappedProperty(forKey key: String) -> (name: String, property: any MappedProperty)? {
        let properties = MappedLayout.properties(of: self)
        return properties.first { $0.property.mappedKey == key } ?? properties.first { $0.property.mappedKey == nil && $0.name == key }
    }
}

/// No `@Mapped` property for a key, or a value of the wrong type for it.
///
/// ```swift
/// do { try user.setValue(42, forMappedKey: "user_name") } catch let error as MappedKeyError { print(error) }
/// ```
public struct MappedKeyError: Error, CustomStringConvertible, Sendable {
    /// The key asked for: `"user_name"`.
    public let key: String
    /// What was wrong: `Int is not the type of the property userName`.
    public let reason: String

    /// `Cannot set "user_name": Int is not the type of the property userName`.
    public var description: String { "Cannot set \"\(key)\": \(reason)" }
}

/// One `@Mapped` property encoded on its own, at its key or path.
private struct SingleMappedProperty: Encodable {
    let name: String
    let property: any MappedProperty

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try property.encode(into: &container, property: name, nested: false)
    }
}

extension JSON {
    /// Removes the member at `path` (object keys only), if it is there.
    mutating func removeValue(at path: ArraySlice<Path.Component>) {
        guard case .key(let name)? = path.first, case .object(var members) = self else { return }
        if path.count == 1 {
            members[name] = nil
        } else if var child = members[name] {
            child.removeValue(at: path.dropFirst())
            members[name] = child
        }
        self = .object(members)
    }

    /// Merges `other`'s members into this object, recursively; other values replace.
    mutating func merge(_ other: JSON) {
        guard case .object(var members) = self, case .object(let additions) = other else {
            self = other
            return
        }
        for (key, value) in additions {
            if var existing = members[key] {
                existing.merge(value)
                members[key] = existing
            } else {
                members[key] = value
            }
        }
        self = .object(members)
    }
}

extension MappedKeyError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// error.localizedDescription   // Cannot set "user_name": Int is not the type of ...
    /// ```
    public var errorDescription: String? { description }
}
