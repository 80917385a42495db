import Foundation

/// A model with `let` properties (ObjectMapper's `ImmutableMappable`): an initializer reads
/// each one from a path, and the mapping body writes them back.
///
/// ```swift
/// struct Profile: DynamicImmutableMappable {
///     var dynamicSelf: DynamicClass?
///     let name: String
///     let age: Int
///     let nickname: String?
///     let joined: Date
///
///     init(map: DynamicMap) throws {
///         name     = try map.value("user.name")
///         age      = try map.value("user.age", default: 0)
///         nickname = try map.value("user.nickname")          // nil when missing or null
///         joined   = try map.value("joined", using: UnixTimeTransformer())
///     }
///
///     func mapping(_ map: DynamicMap) {
///         name     --> ds.user.name
///         age      --> ds.user.age
///         nickname --> ds.user.nickname
///         joined   --> ds.joined.using(UnixTimeTransformer())
///     }
/// }
/// ```
///
/// Every error thrown by `init(map:)` carries the full path from the top of the document
/// (`users[2].user.name`). The mapping body runs only before encoding; keys it does not
/// write survive re-encoding, as for every dynamic model.
public protocol DynamicImmutableMappable: DynamicCodable {
    /// Reads every property from `map` with ``DynamicMap/value(_:)`` and its variants.
    ///
    /// ```swift
    /// init(map: DynamicMap) throws { name = try map.value("user.name") }
    /// ```
    init(map: DynamicMap) throws

    /// Writes the properties before encoding (`name --> ds.user.name`). The default writes
    /// nothing, which keeps the document as decoded.
    ///
    /// ```swift
    /// func mapping(_ map: DynamicMap) { name --> ds.user.name }
    /// ```
    mutating func mapping(_ map: DynamicMap)
}

extension DynamicImmutableMappable {
    /// Writes nothing: the document is encoded as it was decoded.
    ///
    /// ```swift
    /// struct Tag: DynamicImmutableMappable { ... }   // no mapping(_:) needed to re-encode
    /// ```
    public mutating func mapping(_ map: DynamicMap) {}

    /// Runs ``mapping(_:)`` before encoding; after decoding there is nothing left to do.
    ///
    /// ```swift
    /// profile.dynamicMapping(mappingType: .encoding)
    /// ```
    public mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .encoding else { return }
        let view = ds
        mapping(DynamicMap(mappingType: mappingType, view: view))
    }

    /// Calls ``init(map:)`` with a map of the object at the decoder's position.
    ///
    /// ```swift
    /// let profile = try JSONDecoder().decode(Profile.self, from: data)   // Foundation's too
    /// ```
    ///
    /// Another decoder's value is read as ``JSON`` and decoded by this package's decoder with
    /// that decoder's `userInfo`.
    public init(from decoder: any Decoder) throws {
        guard let impl = DecoderImpl.of(decoder) else {
            let json = try JSON(from: decoder)
            self = try DecoderImpl.decodeAsDynamic(Self.self, from: json, userInfo: decoder.userInfo, codingPath: decoder.codingPath)
            return
        }
        let session = MappingSession(.decoding(impl))
        defer { session.close() }
        let view = DynamicClass(root: .source(impl.document, impl.state.currentNode), origin: impl.viewOrigin, session: session)
        try self.init(map: DynamicMap(mappingType: .decoding, view: view))
        // What the reads left unread (defaults, nils) goes to the decoder, which gives the
        // model its view next: encoding writes nothing there while the value is unchanged.
        var decoded = DecodedState(document: impl.document, index: impl.state.currentNode)
        decoded.unchangedReads = session.state.unchangedReads
        dynamicSelf = DynamicClass(root: view.root, origin: view.origin, session: nil, decoded: decoded)
    }

    /// Writes the document the mapping makes (see ``DynamicMappable``'s `encode(to:)`).
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(profile)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try DynamicEncoding.encodeMapped(self, to: encoder)
    }
}

// MARK: Reading values in an initializer

extension DynamicMap {
    /// The value at `path` as a `T`, decoded as the decoder decodes a property of that type
    /// (its strategies and `userInfo`). An optional `T` is `nil` when the path is missing.
    ///
    /// ```swift
    /// name     = try map.value("user.name")
    /// nickname = try map.value("user.nickname")     // let nickname: String?
    /// ```
    ///
    /// - Throws: `DecodingError.keyNotFound` for a missing path (unless `T` is optional),
    ///   and the decoder's error for a value that is not a `T`, each with the full path.
    public func value<T: Decodable>(_ path: String) throws -> T {
        try value(at: view[path], T.self, text: path)
    }

    /// The value at `path`, or `defaultValue` when the path is missing or holds `null`.
    ///
    /// ```swift
    /// age = try map.value("user.age", default: 0)
    /// ```
    ///
    /// - Throws: The decoder's error for a value that is not a `T`, with the full path.
    public func value<T: Decodable>(_ path: String, default defaultValue: T) throws -> T {
        let place = view[path]
        guard let node = place.node, !node.isNull else {
            place.rememberUnchangedRead(defaultValue, oneWay: false)
            return defaultValue
        }
        return try value(at: place, T.self)
    }

    /// The value at `path` read through a transformer: the raw value decoded, then transformed.
    ///
    /// ```swift
    /// joined = try map.value("joined", using: UnixTimeTransformer())
    /// ```
    ///
    /// - Throws: As ``value(_:)`` for the raw value; a refusal of the transformer is a
    ///   `DecodingError.dataCorrupted` at the path.
    public func value<Transform: DecodingTransformer>(_ path: String, using transformer: Transform) throws -> Transform.Value {
        let place = view[path]
        let raw = try value(at: place, Transform.Raw.self, text: path)
        return try transformDecoded(raw, codingPath: place.fullPath.map(\.codingKey)) { try transformer.decode($0) }
    }

    /// An optional value at `path` read through a transformer: `nil` when missing or `null`.
    ///
    /// ```swift
    /// homepage = try map.value("links.home", using: URLTransformer())   // let homepage: URL?
    /// ```
    public func value<Transform: DecodingTransformer>(_ path: String, using transformer: Transform) throws -> Transform.Value? {
        let place = view[path]
        guard let node = place.node, !node.isNull else { return nil }
        let raw = try value(at: place, Transform.Raw.self)
        return try transformDecoded(raw, codingPath: place.fullPath.map(\.codingKey)) { try transformer.decode($0) }
    }

    /// `text`: the path as written, for the message when it is malformed.
    private func value<T: Decodable>(at place: DynamicValue, _ type: T.Type, text: String? = nil) throws -> T {
        if let found = try place.decodedValue(T.self) { return found }
        if let optional = T.self as? any AnyOptional.Type, let none = optional.noneValue as? T {
            place.rememberUnchangedRead(none, oneWay: false)
            return none
        }
        if let text, let syntaxError = Path(text).syntaxError {
            // The place's one step names nowhere: say why rather than print that step.
            let base = place.root.session?.basePath.map(\.codingKey) ?? []
            throw DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(
                    codingPath: base, debugDescription: "No \(T.self) at \"\(text)\": the path text is malformed: \(syntaxError)"))
        }
        let path = place.fullPath.map(\.codingKey)
        throw DecodingError.keyNotFound(
            path.last ?? StringKey(""),
            DecodingError.Context(
                codingPath: Array(path.dropLast()), debugDescription: "No value at \"\(Path(codingPath: path))\""))
    }
}
