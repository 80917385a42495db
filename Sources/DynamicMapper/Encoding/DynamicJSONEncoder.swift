import Foundation

/// A `JSONEncoder` that writes JSON bytes while your types encode, with no intermediate
/// dictionary tree.
///
/// ```swift
/// struct Point: Codable { var x: Double; var y: Double }
///
/// let encoder = DynamicJSONEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// let data = try encoder.encode(Point(x: 1, y: 2.5))
/// String(decoding: data, as: UTF8.self)   // {"x":1,"y":2.5}
/// ```
///
/// Every `JSONEncoder` setting is honoured: `outputFormatting`, the date, data, non-conforming
/// float and key strategies, and `userInfo`. With `.sortedKeys` the output is byte for byte what
/// `JSONEncoder` writes; without it, keys come out in the order they were encoded (declaration
/// order for synthesized `Codable`) rather than in a random order. A ``JSON`` value is written
/// as it is, so numbers keep their literal text (`1.10` stays `1.10`).
///
/// Because it is a subclass, a `JSONEncoder`-typed reference or a generic caller gets this
/// behaviour too. Differences from Foundation: the `codingPath` of an error raised inside a
/// nested container includes that container's key (Foundation leaves it out); a container asked
/// for where a value of another kind is already encoded throws an `EncodingError` (Foundation
/// stops the process); and a value that uses its containers out of order (the same key twice,
/// a container written after a later one was opened, ``KeyedKey`` keys in a nested container)
/// is encoded again through a tree, so `encode(to:)` runs twice (`@Flat` members, `@Mapped`
/// key paths and a value's own ``KeyedKey`` container run once).
open class DynamicJSONEncoder: JSONEncoder, @unchecked Sendable {
    // @unchecked: the only stored state added here is guarded by `lock`.
    private let lock = NSLock()
    private var _keyOptions = KeyOptions()

    /// How ``KeyedKey`` raw values are read when a key gives no ``KeyedKey/options``: `.` as
    /// the delimiter and `""` as the flat marker unless set here.
    ///
    /// ```swift
    /// let encoder = DynamicJSONEncoder()
    /// encoder.keyOptions = KeyOptions(delimiter: .character("/"))
    /// ```
    open var keyOptions: KeyOptions {
        get { lock.withLock { _keyOptions } }
        set { lock.withLock { _keyOptions = newValue } }
    }

    private var _mappingConflictHandler: (@Sendable (DynamicMappingConflict) -> Void)?

    /// Called for each place where a decoded dynamic model's property and its `ds` view were
    /// both changed since the decode: the property's value is written and the view's edit is
    /// reported here instead of being lost silently. (An edit of the view alone always wins
    /// over a property that still holds its decoded value.)
    ///
    /// ```swift
    /// let encoder = DynamicJSONEncoder()
    /// encoder.mappingConflictHandler = { conflict in log.warning("\(conflict)") }
    /// ```
    open var mappingConflictHandler: (@Sendable (DynamicMappingConflict) -> Void)? {
        get { lock.withLock { _mappingConflictHandler } }
        set { lock.withLock { _mappingConflictHandler = newValue } }
    }

    private var _includesNilValues = false

    /// Whether a `nil` optional is written as `null` instead of leaving its key out (default
    /// `false`): ObjectMapper's `shouldIncludeNilValues`.
    ///
    /// ```swift
    /// struct User: Codable { var name: String; var nickname: String? }
    /// let encoder = DynamicJSONEncoder()
    /// encoder.includesNilValues = true
    /// try encoder.encode(User(name: "Ada", nickname: nil))   // {"name":"Ada","nickname":null}
    /// ```
    ///
    /// It applies to synthesized `Codable` properties (everything written with
    /// `encodeIfPresent`) and to `nickname <-> ds.profile.nickname` with a `nil` optional, at
    /// every depth. A decoded dynamic model's `nil` property writes `null` over its key instead
    /// of removing it; one that was already `nil` after the read keeps the document's value,
    /// unless the document has no value there, which gets a `null`. Values that decide for
    /// themselves are unchanged: `@Mapped` properties (see its `encodeNil` option) and
    /// hand-written `encode(to:)` that skips a key.
    open var includesNilValues: Bool {
        get { lock.withLock { _includesNilValues } }
        set { lock.withLock { _includesNilValues = newValue } }
    }

    /// Encodes `value` as JSON.
    ///
    /// ```swift
    /// let data = try DynamicJSONEncoder().encode(["id": 7])
    /// // {"id":7}
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` for a value that encodes nothing at the top level,
    ///   for NaN or infinity under `.throw`, and for nesting deeper than 512 containers, exactly
    ///   as `JSONEncoder` does; for a container asked for where a value of another kind is
    ///   already encoded (where `JSONEncoder` stops the process); and any error your types throw.
    open override func encode<T: Encodable>(_ value: T) throws -> Data {
        try encodeTopLevel(value, reportedAs: value)
    }

    /// Encodes an `EncodableWithConfiguration` value with `configuration`, through this
    /// encoder's own streaming path.
    ///
    /// ```swift
    /// let data = try DynamicJSONEncoder().encode(model, configuration: settings)
    /// ```
    ///
    /// - Throws: The errors ``encode(_:)`` throws.
    open override func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        try encodeTopLevel(ConfiguredEncodable(value: value, configuration: configuration), reportedAs: value)
    }

    /// Encodes an `EncodableWithConfiguration` value with the configuration a provider type gives.
    ///
    /// ```swift
    /// let data = try DynamicJSONEncoder().encode(model, configuration: Settings.self)
    /// ```
    ///
    /// - Throws: The errors ``encode(_:)`` throws.
    open override func encode<T, C>(
        _ value: T, configuration: C.Type
    ) throws -> Data where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// `reported` is what errors name: the caller's value, not a configuration wrapper.
    private func encodeTopLevel<T: Encodable, Reported>(_ value: T, reportedAs reported: Reported) throws -> Data {
        let options = EncodingOptions(self)
        let encoder = StreamingEncoder(options: options)
        do {
            let wroteValue = try encoder.encodeTopLevel(value)
            if !encoder.state.needsFallback && !encoder.state.halfWritten {
                if let misuse = encoder.state.misuse?.error { throw misuse }
                guard wroteValue else { throw Self.emptyTopLevelError(reported) }
                try Self.checkWritten(encoder.state.writer, of: reported)
                return encoder.state.writer.takeData()
            }
        } catch {
            // Containers were used out of order, or a value needs the tree (`@Flat`, keyed
            // keys): encode again through it. Model code may have caught and wrapped the
            // signal, so the flag decides. Any other error is the value's own, thrown as it
            // stands: a second run would only throw it again.
            guard encoder.state.needsFallback else { throw error }
        }
        return try Self.encodeThroughTree(value, reportedAs: reported, options: options)
    }

    /// Encodes `value` into a ``JSON`` value instead of bytes, with the same settings and rules
    /// as ``encode(_:)`` (`outputFormatting` aside, which only affects bytes).
    ///
    /// ```swift
    /// struct User: Encodable { var name: String; var age: Int }
    /// let json = try DynamicJSONEncoder().encodeJSON(User(name: "Ada", age: 36))
    /// json["age"]   // .number(36)
    /// ```
    ///
    /// - Throws: The errors ``encode(_:)`` throws, except the nesting limit.
    open func encodeJSON<T: Encodable>(_ value: T) throws -> JSON {
        try encodeToJSON(value)
    }

    /// The ``JSON`` value of any `Encodable`, for the parts of the package that need one;
    /// the Swift numbers written are noted in `record` when one is given.
    func encodeToJSON<T: Encodable>(_ value: T, recording record: ScalarRecord? = nil) throws -> JSON {
        var options = EncodingOptions(self)
        options.scalarRecord = record
        let json = try ContainerMisuse.reporting(options) { try TreeEncoder.encode(value, options: $0) }
        guard let json else { throw Self.emptyTopLevelError(value) }
        return json
    }

    private static func encodeThroughTree<T: Encodable, Reported>(_ value: T, reportedAs reported: Reported, options: EncodingOptions) throws -> Data {
        let tree = try ContainerMisuse.reporting(options) { try TreeEncoder.wrap(value, options: $0, path: []) }
        guard let tree else { throw emptyTopLevelError(reported) }
        return try bytes(of: tree, reportedAs: reported, options: options)
    }

    /// The bytes of a finished tree, with the checks ``encode(_:)`` makes.
    static func bytes<Reported>(of tree: TreeNode, reportedAs reported: Reported, options: EncodingOptions) throws -> Data {
        var writer = JSONWriter(formatting: options.formatting)
        writer.nonFiniteLiterals = .init(options.floatStrategy)
        writer.write(tree)
        try checkWritten(writer, of: reported)
        return writer.takeData()
    }

    static func emptyTopLevelError<T>(_ value: T) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }

    /// `JSONEncoder` refuses output nested 512 containers deep or more. A JSON5 `NaN` or
    /// `Infinity` kept from a document cannot be written unless the non-conforming float
    /// strategy gives it a string.
    private static func checkWritten<T>(_ writer: borrowing JSONWriter, of value: T) throws {
        if writer.deepestDepth >= 512 {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        if let literal = writer.unwritableLiteral {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The JSON5 number \(literal) kept from a decoded document cannot be written as JSON; use nonConformingFloatEncodingStrategy = .convertToString."
                ))
        }
    }
}

/// An `EncodableWithConfiguration` value with its configuration, encoded as an ordinary value
/// so that it takes the streaming path.
private struct ConfiguredEncodable<Value: EncodableWithConfiguration>: Encodable {
    let value: Value
    let configuration: Value.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, configuration: configuration)
    }
}
