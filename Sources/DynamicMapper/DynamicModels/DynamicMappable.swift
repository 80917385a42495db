import Foundation

/// A model mapped the ObjectMapper way: every stored property by one line of a single mapping
/// body, used both to decode and to encode.
///
/// ```swift
/// final class User: DynamicMappable {
///     var dynamicSelf: DynamicClass?
///     var username: String?
///     var age = 0                      // kept when "age" is missing, null or not a number
///     var friends: [User] = []
///     required init() {}
///     func mapping(_ map: DynamicMap) {
///         username <-> ds.username
///         age      <-> ds.profile.age
///         friends  <-> ds.friends
///     }
/// }
/// let user = try DynamicJSONDecoder().decode(User.self, from: data)
/// ```
///
/// No key is synthesized: the body is the whole mapping, so no `CodingKeys` and no
/// ``NotCoded`` are needed, and a property the JSON lacks (or holds as `null` or a value of
/// another type) keeps its initial value; the failure is reported as for any `<->` read
/// (``DynamicJSONDecoder/mappingFailureHandler``, ``DynamicJSONDecoder/strictMapping``).
/// Keys the body does not map survive re-encoding, as for every dynamic model.
///
/// The conformance brings `init(from:)` and `encode(to:)`, so Foundation's `JSONDecoder` and
/// `JSONEncoder` give the same results: they hand the object to this package's decoder as
/// ``JSON`` (with their `userInfo`, so ``DynamicMap/context`` reaches nested models too).
///
/// A subclass extends its parent's mapping by overriding ``mapping(_:)`` and calling `super`:
///
/// ```swift
/// final class Admin: User {
///     var level = 1
///     override func mapping(_ map: DynamicMap) {
///         super.mapping(map)
///         level <-> ds.level
///     }
/// }
/// ```
public protocol DynamicMappable: DynamicCodable {
    /// Makes a value before mapping fills it: every property holds its initial value.
    ///
    /// ```swift
    /// required init() {}       // a class; a struct whose properties have initial values has it
    /// ```
    init()

    /// Maps each property to its place with `<->` (or `<--` to read only, `-->` to write
    /// only). The same body runs after decoding and before encoding; ``DynamicMap/mappingType``
    /// says which.
    ///
    /// ```swift
    /// func mapping(_ map: DynamicMap) {
    ///     username <-> ds.username
    ///     joined   <-> ds.joined.using(UnixTimeTransformer())
    /// }
    /// ```
    mutating func mapping(_ map: DynamicMap)

    /// The concrete type to build for the object `map` shows (ObjectMapper's `StaticMappable`
    /// class clusters), or `nil` for this type itself. It must be this type or a subclass.
    ///
    /// ```swift
    /// class func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? {
    ///     try map.type(discriminator: "type", ["car": Car.self, "bike": Bike.self])
    /// }
    /// ```
    ///
    /// - Throws: An error (such as the one ``DynamicMap/type(discriminator:_:)`` throws for a
    ///   missing or unknown discriminator) fails the decode of this value, with its path.
    static func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)?
}

extension DynamicMappable {
    /// Runs ``mapping(_:)``: a mappable model's `dynamicMapping` is its mapping body.
    ///
    /// ```swift
    /// user.dynamicMapping(mappingType: .decoding)   // runs user.mapping(_:) against user.ds
    /// ```
    public mutating func dynamicMapping(mappingType: DynamicMappingType) {
        let view = ds
        mapping(DynamicMap(mappingType: mappingType, view: view))
    }

    /// This type itself: override it to build subclasses chosen from the JSON.
    ///
    /// ```swift
    /// User.mappableType(for: map)   // nil: a User is built
    /// ```
    public static func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? { nil }

    /// Makes the value ``mappableType(for:)`` chooses with `init()`; the mapping then fills it.
    ///
    /// ```swift
    /// let user = try JSONDecoder().decode(User.self, from: data)   // Foundation's decoder too
    /// ```
    ///
    /// ``DynamicJSONDecoder`` gives the value its view and runs the mapping itself. Another
    /// decoder's value is read as ``JSON`` and decoded by this package's decoder with that
    /// decoder's `userInfo` (its date and key strategies are not carried over).
    public init(from decoder: any Decoder) throws {
        if let impl = DecoderImpl.of(decoder) {
            let map = DynamicMap(mappingType: .decoding, view: impl.viewForChoosingType(), pathNode: impl.state.path)
            self = try Self.makeForMapping(map)
            return
        }
        let json = try JSON(from: decoder)
        self = try DecoderImpl.decodeAsDynamic(Self.self, from: json, userInfo: decoder.userInfo, codingPath: decoder.codingPath)
    }

    /// Writes the document the mapping makes: the model's view with each mapped property
    /// written to its place.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(user)   // Foundation's encoder too
    /// ```
    ///
    /// ``DynamicJSONEncoder`` runs the mapping itself; another encoder is handed the result as
    /// ``JSON``, made with that encoder's `userInfo` (its date and key strategies are not
    /// carried over).
    public func encode(to encoder: any Encoder) throws {
        try DynamicEncoding.encodeMapped(self, to: encoder)
    }

    /// The value `mappableType(for:)` chooses, made with `init()`, following the choice of the
    /// type chosen (a class cluster may choose again, a few levels deep).
    static func makeForMapping(_ map: DynamicMap) throws -> Self {
        // The usual answer, this type itself, needs no existential type and no cast.
        guard let first = try Self.mappableType(for: map), ObjectIdentifier(first) != ObjectIdentifier(Self.self) else {
            return Self()
        }
        return try makeChosen(first, for: map)
    }

    /// The type `first` and the types it chooses in turn, made. Out of line: its cast to `Self`
    /// needs `Optional<Self>`'s metadata, which the caller would otherwise look up for every
    /// model it makes (callgrind: a sixth of what making a model cost).
    @inline(never)
    private static func makeChosen(_ first: any DynamicMappable.Type, for map: DynamicMap) throws -> Self {
        var chosen: any DynamicMappable.Type = first
        for _ in 1..<Self.maximumTypeChoices {
            guard let next = try chosen.mappableType(for: map), ObjectIdentifier(next) != ObjectIdentifier(chosen) else { break }
            chosen = next
        }
        guard let value = chosen.init() as? Self else {
            throw DecodingError.typeMismatch(
                Self.self,
                DecodingError.Context(
                    codingPath: map.codingPath, debugDescription: "mappableType(for:) chose \(chosen), which is not a \(Self.self)"))
        }
        return value
    }

    /// How many times a chosen type may choose another; past it, the last choice is built.
    private static var maximumTypeChoices: Int { 16 }
}

/// What a mapping body is given: which way it runs, the context handed to the coder, and the
/// object being mapped (ObjectMapper's `Map`).
///
/// ```swift
/// func mapping(_ map: DynamicMap) {
///     username <-> map["username"]                 // the same place as ds.username
///     if let tenant = map.context(Tenant.self) { currency = tenant.currency }
///     if map.mappingType == .decoding { loadedAt = Date() }
/// }
/// ```
public struct DynamicMap {
    /// `.decoding` after a decode, `.encoding` before an encode.
    ///
    /// ```swift
    /// if map.mappingType == .encoding { version += 1 }
    /// ```
    public let mappingType: DynamicMappingType
    let view: DynamicClass
    /// Where the object is, when the view has no coder's session to say (a type being chosen).
    private let pathNode: CodingPathNode?

    init(mappingType: DynamicMappingType, view: DynamicClass, pathNode: CodingPathNode? = nil) {
        self.mappingType = mappingType
        self.view = view
        self.pathNode = pathNode
    }

    /// Where the object is, for errors; made only when one is thrown or reported.
    var codingPath: [any CodingKey] {
        pathNode?.codingPath ?? view.decodingPath
    }

    /// The value at `path` of the object being mapped, in the ``Path`` grammar; with `<->` it
    /// is the same as the `ds` spelling. ObjectMapper's options of `map[…]` are here too:
    /// `delimiter` splits nested keys with other text than `.`, `ignoreNil` leaves an optional
    /// as it is when the JSON holds `null`, and `singleObjectAsArray` reads an object into an
    /// array property as an array of that one element (ObjectMapper's `mapArray` does).
    ///
    /// ```swift
    /// age     <-> map["profile.age"]                         // age <-> ds.profile.age
    /// city    <-> map["address->city", delimiter: "->"]
    /// note    <-> map["note", ignoreNil: true]
    /// friends <-> map["friends", singleObjectAsArray: true]
    /// ```
    public subscript(path: String, delimiter delimiter: String = ".", ignoreNil ignoreNil: Bool = false,
        singleObjectAsArray singleObjectAsArray: Bool = false
    ) -> DynamicValue {
        var place = delimiter == "." ? view[path] : view[Path(path, delimiter: delimiter)]
        if ignoreNil { place.readOptions.insert(.ignoresNull) }
        if singleObjectAsArray { place.readOptions.insert(.singleObjectAsArray) }
        return place
    }

    /// The member `key` itself, whatever it contains (ObjectMapper's `nested: false`).
    ///
    /// ```swift
    /// version <-> map[key: "app.version"]
    /// ```
    public subscript(key key: String) -> DynamicValue {
        view[key: key]
    }

    /// The context handed to the coder running the mapping (ObjectMapper's `MapContext`),
    /// the same at every depth; `nil` when there is none. ``context(_:)`` gives it typed.
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.mapContext = Tenant(currency: "EUR")
    /// // inside mapping(_:):  map.context as? Tenant
    /// ```
    public var context: Any? {
        userInfo?[.mapContext]
    }

    /// The context as a `C`, or `nil` when there is none. A context of another type is a
    /// mistake in the calling code: it is reported as a mapping failure (thrown with
    /// ``DynamicJSONDecoder/strictMapping``) and reads as `nil`.
    ///
    /// ```swift
    /// if let tenant = map.context(Tenant.self) { currency <-> ds.prices[tenant.region] }
    /// ```
    public func context<C>(_ type: C.Type) -> C? {
        guard let context else { return nil }
        if let typed = context as? C { return typed }
        view.session?.state.failures.append(
            DecodingError.typeMismatch(
                C.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "The map context is a \(Swift.type(of: context)), not a \(C.self)")))
        return nil
    }

    private var userInfo: [CodingUserInfoKey: Any]? {
        switch view.session?.direction {
        case .decoding(let impl)?: return impl.options.userInfo
        case .encoding(let options, _)?: return options.userInfo
        case nil: return nil
        }
    }

    /// The type named by the string at `key` of the object, from `types` (for
    /// ``DynamicMappable/mappableType(for:)``).
    ///
    /// ```swift
    /// try map.type(discriminator: "type", ["car": Car.self, "bike": Bike.self])
    /// ```
    ///
    /// - Throws: `DecodingError.keyNotFound` when the object has no such key, and
    ///   `DecodingError.dataCorrupted` when it holds something other than one of the names.
    public func type(discriminator key: String, _ types: [String: any DynamicMappable.Type]) throws -> any DynamicMappable.Type {
        let path = codingPath
        guard let node = view[key: key].node else {
            throw DecodingError.keyNotFound(
                StringKey(key),
                DecodingError.Context(
                    codingPath: path, debugDescription: "No discriminator \"\(key)\" to choose the type from"))
        }
        guard case .string(let name) = node.json, let type = types[name] else {
            let known = types.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path + [StringKey(key)],
                    debugDescription: "\(node.json.reportText) names no known type (expected one of \(known))"))
        }
        return type
    }
}

extension CodingUserInfoKey {
    /// Where ``DynamicMap/context`` is kept in a coder's `userInfo`: set it there for
    /// Foundation's coders, or use ``DynamicJSONDecoder/mapContext``.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.userInfo[.mapContext] = Tenant(currency: "EUR")
    /// ```
    public static let mapContext = CodingUserInfoKey(rawValue: "DynamicMapper.mapContext")!
}

extension DynamicClass {
    /// The coding path of the object this view shows, while a coder maps it.
    var decodingPath: [any CodingKey] {
        session?.basePath.map(\.codingKey) ?? []
    }
}
