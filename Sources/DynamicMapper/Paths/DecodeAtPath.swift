import Foundation

extension Decoder {
    /// Decodes the value at `path` below this decoder's value, for hand-written `init(from:)`.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     id = try decoder.decode(at: "my_id")
    ///     city = try decoder.decode(at: "profile.address.city")
    /// }
    /// ```
    ///
    /// - Throws: `DecodingError.keyNotFound` for a missing key and `valueNotFound` for an
    ///   index out of range, a `null` on the way or a path read from malformed text, each
    ///   naming `T` and the step where the path broke; `typeMismatch` when a step meets the
    ///   wrong kind of value; and the value's own errors.
    public func decode<T: Decodable>(at path: Path, as type: T.Type = T.self) throws -> T {
        let components = try PathDecoding.components(of: path, as: T.self, codingPath: codingPath)
        return try PathDecoding.required(PathDecoding.value(T.self, at: components, in: self, optional: false), at: path, codingPath: codingPath)
    }

    /// Decodes the value at `path`, or `nil` when a step is missing or the value is `null`.
    ///
    /// ```swift
    /// avatar = try decoder.decodeIfPresent(at: "profile.avatar")
    /// ```
    ///
    /// - Throws: `DecodingError.valueNotFound` for a path read from malformed text, as
    ///   ``decode(at:as:)`` throws it (a `nil` would hide a typo in the path for good),
    ///   `typeMismatch` when a step meets the wrong kind of value, and the value's own errors.
    public func decodeIfPresent<T: Decodable>(at path: Path, as type: T.Type = T.self) throws -> T? {
        let components = try PathDecoding.components(of: path, as: T.self, codingPath: codingPath)
        return try PathDecoding.value(T.self, at: components, in: self, optional: true)
    }
}

extension Decoder {
    /// Decodes the raw value at `path` and converts it with `transformer`.
    ///
    /// ```swift
    /// birthdate = try decoder.decode(at: "profile.birth_day", using: DateFormatTransformer(format: "yyyy/MM/dd"))
    /// ```
    ///
    /// - Throws: The errors of ``decode(at:as:)``, and `DecodingError.dataCorrupted` naming
    ///   the path and the offending value when the transformer refuses it.
    public func decode<T: DecodingTransformer>(at path: Path, using transformer: T) throws -> T.Value {
        let raw: T.Raw = try decode(at: path)
        return try transformDecoded(raw, codingPath: codingPath(appending: path), transformer.decode)
    }

    /// As ``decode(at:using:)->T.Value``, or `nil` when a step is missing or the
    /// value is `null`.
    ///
    /// ```swift
    /// birthdate = try decoder.decodeIfPresent(at: "profile.birth_day", using: DateFormatTransformer(format: "yyyy/MM/dd"))
    /// ```
    public func decodeIfPresent<T: DecodingTransformer>(at path: Path, using transformer: T) throws -> T.Value? {
        guard let raw: T.Raw = try decodeIfPresent(at: path) else { return nil }
        return try transformDecoded(raw, codingPath: codingPath(appending: path), transformer.decode)
    }

    /// Decodes the raw value at `path` and converts it with `transform`.
    ///
    /// ```swift
    /// isMale = try decoder.decode(at: "male", using: { (text: String) in text == "true" })
    /// ```
    public func decode<Raw: Decodable, Value>(at path: Path, using transform: (Raw) throws -> Value) throws -> Value {
        let raw: Raw = try decode(at: path)
        return try transformDecoded(raw, codingPath: codingPath(appending: path), transform)
    }

    /// As ``decode(at:using:)-(_,(Raw)->Value)``, or `nil` when a step is missing or the value
    /// is `null`.
    ///
    /// ```swift
    /// nickname = try decoder.decodeIfPresent(at: "nick", using: { (text: String) in text.lowercased() })
    /// ```
    public func decodeIfPresent<Raw: Decodable, Value>(at path: Path, using transform: (Raw) throws -> Value) throws -> Value? {
        guard let raw: Raw = try decodeIfPresent(at: path) else { return nil }
        return try transformDecoded(raw, codingPath: codingPath(appending: path), transform)
    }

    private func codingPath(appending path: Path) -> [any CodingKey] {
        codingPath + path.components.map(\.codingPathStep.codingKey)
    }
}

extension JSONDecoder {
    /// Decodes `type` from the value at `path` in `data`, with this decoder's settings.
    ///
    /// ```swift
    /// let user = try JSONDecoder().decode(User.self, from: data, at: "response.users[0]")
    /// let other = try DynamicJSONDecoder().decode(User.self, from: data, at: Path("response/my.user", separator: "/"))
    /// ```
    ///
    /// The input is parsed once as ``DynamicJSONDecoder`` parses it, whichever decoder this
    /// is, and only the value at `path` is decoded.
    ///
    /// - Throws: As ``Swift/Decoder/decode(at:as:)``: `keyNotFound` or `valueNotFound` naming
    ///   `T` and the step where the path broke (`No Int at a.b[5]: index 5 is out of range
    ///   (the array at a.b has 3 elements)`), `valueNotFound` for a path read from malformed
    ///   text, `typeMismatch` for a step on a value of another kind; and syntax errors.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: Path) throws -> T {
        let options =
            (self as? DynamicJSONDecoder)?.scanOptions
            ?? ScanOptions(allowsJSON5: allowsJSON5, assumesTopLevelDictionary: assumesTopLevelDictionary)
        let components = try PathDecoding.components(of: path, as: T.self, codingPath: [])
        let document = try Document(data: data, options: options)
        let impl = DecoderImpl(document: document, options: DecodingOptions(self), node: 0)
        return try MappedFilling.withoutPending {
            try PathDecoding.required(impl.value(T.self, at: components, optional: false), at: path, codingPath: [])
        }
    }
}

/// Decoding at a path: straight through the index with this package's decoder, through
/// containers with any other.
enum PathDecoding {
    /// The steps of `path`, or the error for a path read from malformed text: it names no
    /// place, so the value is missing, and the message says what is wrong with the text.
    static func components<T>(of path: Path, as type: T.Type, codingPath: [any CodingKey]) throws -> [Path.Component] {
        if let components = path.validComponents { return components }
        let reason = path.syntaxError.map { "\($0)" } ?? "malformed"
        throw DecodingError.valueNotFound(
            T.self,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "No \(T.self) at \"\(path)\": the path text is malformed: \(reason)"))
    }

    /// A value a non-optional lookup returned (it throws rather than return `nil`).
    static func required<T>(_ value: T?, at path: Path, codingPath: [any CodingKey]) throws -> T {
        guard let value else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(codingPath: codingPath, debugDescription: "No \(T.self) at \(path)"))
        }
        return value
    }

    static func value<T: Decodable>(_ type: T.Type, at components: [Path.Component], in decoder: any Decoder, optional: Bool) throws -> T? {
        if let impl = decoder as? DecoderImpl {
            return try impl.value(T.self, at: components, optional: optional)
        }
        return try ContainerWalk(components: components, optional: optional).value(T.self, in: decoder)
    }
}

/// Follows a path through the containers of a decoder that is not this package's.
struct ContainerWalk {
    let components: [Path.Component]
    let optional: Bool

    /// Where the walk is: a keyed or an unkeyed container.
    private enum Position {
        case keyed(KeyedDecodingContainer<AnyKey>)
        case unkeyed(any UnkeyedDecodingContainer)
    }

    func value<T: Decodable>(_ type: T.Type, in decoder: any Decoder) throws -> T? {
        guard let first = components.first else {
            if optional, try decoder.singleValueContainer().decodeNil() { return nil }
            return try T(from: decoder)
        }
        var position = first.isIndex ? Position.unkeyed(try decoder.unkeyedContainer()) : .keyed(try decoder.container(keyedBy: AnyKey.self))
        for (step, component) in components.enumerated() {
            let isLast = step == components.count - 1
            let nextIsIndex = isLast ? false : components[step + 1].isIndex
            switch (position, component) {
            case (.keyed(let container), .key(let name)):
                let key = AnyKey(literal: name)
                if isLast {
                    return optional ? try container.decodeIfPresent(T.self, forKey: key) : try container.decode(T.self, forKey: key)
                }
                if optional, try !container.contains(key) || container.decodeNil(forKey: key) { return nil }
                position =
                    nextIsIndex
                    ? .unkeyed(try container.nestedUnkeyedContainer(forKey: key))
                    : .keyed(try container.nestedContainer(keyedBy: AnyKey.self, forKey: key))
            case (.unkeyed(var container), .index(let index)):
                let count = container.count ?? 0
                guard let resolved = RelativeIndex.resolve(index, count: count) else {
                    if optional { return nil }
                    throw DecodingError.valueNotFound(
                        T.self,
                        DecodingError.Context(
                            codingPath: container.codingPath,
                            debugDescription:
                                "No \(T.self) at \(Path(components)): index \(index) is out of range (the array at \(step == 0 ? "the top level" : "\(Path(Array(components.prefix(step))))") has \(count) \(count == 1 ? "element" : "elements"))"
                        ))
                }
                for _ in 0..<resolved { _ = try container.decode(SkippedValue.self) }
                if isLast {
                    return optional ? try container.decodeIfPresent(T.self) : try container.decode(T.self)
                }
                if optional, try container.decodeNil() { return nil }
                position =
                    nextIsIndex
                    ? .unkeyed(try container.nestedUnkeyedContainer())
                    : .keyed(try container.nestedContainer(keyedBy: AnyKey.self))
            default:
                // Each container was opened for the kind of its step.
                return nil
            }
        }
        return nil
    }
}
