import Foundation

/// A drop-in `JSONDecoder` that parses the input once into a compact index and decodes straight
/// from it.
///
/// ```swift
/// struct User: Codable { var id: Int; var name: String }
/// let decoder = DynamicJSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: Data(#"{"id": 1, "name": "Ada"}"#.utf8))
/// ```
///
/// Every `JSONDecoder` option is honoured, and for plain `Codable` types the result, and the
/// `DecodingError` case and coding path on bad input, are those of `JSONDecoder`. Differences:
/// parsing is strict RFC 8259 (trailing commas only with `allowsJSON5`), malformed input errors
/// name the line and column, and nesting deeper than ``maximumDepth`` is an error.
/// Because it overrides `decode(_:from:)`, a `JSONDecoder`-typed reference gets the same
/// behaviour. One decoder may be shared by many tasks.
open class DynamicJSONDecoder: JSONDecoder, @unchecked Sendable {
    // @unchecked: the only stored state added here is guarded by `lock`.
    private let lock = NSLock()
    private var _maximumDepth = 512

    /// The deepest container nesting accepted (default 512); deeper input throws
    /// `DecodingError.dataCorrupted` instead of exhausting the stack. A decode that runs low on
    /// its thread's stack continues once on a thread with an 8 MiB stack (so the default depth
    /// decodes on a 512 KiB thread); if that runs low too, it throws `dataCorrupted`
    /// ("Nested too deeply for the stack left on this thread").
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.maximumDepth = 64
    /// ```
    open var maximumDepth: Int {
        get { lock.withLock { _maximumDepth } }
        set { lock.withLock { _maximumDepth = max(1, newValue) } }
    }

    private var _rejectsDuplicateKeys = false

    /// Whether an object that repeats a key makes the decode throw
    /// `DecodingError.dataCorrupted`, whose ``JSONSyntaxError`` names the repeat's line and
    /// column and the first one's. Off by default: the first one wins, as in `JSONDecoder`.
    /// Turn it on for anything that validates a document and passes it on, since other
    /// parsers (`JSONSerialization`, most JavaScript) read the last one.
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.rejectsDuplicateKeys = true
    /// ```
    open var rejectsDuplicateKeys: Bool {
        get { lock.withLock { _rejectsDuplicateKeys } }
        set { lock.withLock { _rejectsDuplicateKeys = newValue } }
    }

    private var _strictMapping = false
    private var _mappingFailureHandler: (@Sendable (DecodingError) -> Void)?

    /// Whether a `<--` (or `<->`) read that finds a value it cannot decode makes the whole
    /// decode throw that `DecodingError`, whose coding path runs from the top of the document
    /// to the value (`statuses[3].user.followers_count`). Off by default: the property keeps
    /// its value and the failure goes to ``mappingFailureHandler``.
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.strictMapping = true
    /// ```
    open var strictMapping: Bool {
        get { lock.withLock { _strictMapping } }
        set { lock.withLock { _strictMapping = newValue } }
    }

    /// Called with each `<--` read that failed, when ``strictMapping`` is off.
    ///
    /// ```swift
    /// decoder.mappingFailureHandler = { error in print("mapping:", error) }
    /// ```
    open var mappingFailureHandler: (@Sendable (DecodingError) -> Void)? {
        get { lock.withLock { _mappingFailureHandler } }
        set { lock.withLock { _mappingFailureHandler = newValue } }
    }

    private var _keyOptions = KeyOptions()

    /// How ``KeyedKey`` raw values are read when a key gives no ``KeyedKey/options``: `.` as
    /// the delimiter and `""` as the flat marker unless set here.
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.keyOptions = KeyOptions(delimiter: .character("/"))
    /// ```
    open var keyOptions: KeyOptions {
        get { lock.withLock { _keyOptions } }
        set { lock.withLock { _keyOptions = newValue } }
    }

    /// Creates a decoder with `JSONDecoder`'s defaults: `let decoder = DynamicJSONDecoder()`.
    public override init() {
        super.init()
    }

    /// Decodes a value of `type` from JSON `data`.
    ///
    /// ```swift
    /// let numbers = try DynamicJSONDecoder().decode([Int].self, from: Data("[1, 2, 3]".utf8))
    /// ```
    ///
    /// - Throws: `DecodingError`, with the coding path of the failing value, or for malformed
    ///   input `dataCorrupted` whose underlying ``JSONSyntaxError`` gives line and column.
    open override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let fitted = KeptDocuments.expected(for: T.self)
        var document = try Document(data: data, options: scanOptions, fittedNodes: fitted)
        let value = try JSONDocument(storage: document).decode(type, using: self)
        // A value that holds on to the document (dynamic models deeper down) teaches that
        // this type keeps it; the next decode fits the index before it is shared.
        if !fitted, !isKnownUniquelyReferenced(&document) { KeptDocuments.learn(T.self) }
        return value
    }

    /// Decodes a `DecodableWithConfiguration` value with `configuration`.
    ///
    /// ```swift
    /// let value = try DynamicJSONDecoder().decode(Model.self, from: data, configuration: settings)
    /// ```
    open override func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        let document = try Document(data: data, options: scanOptions)
        let impl = DecoderImpl(document: document, options: DecodingOptions(self), node: 0)
        return try MappedFilling.withoutPending {
            guard T.self is any DynamicDecodable.Type else { return try T(from: impl, configuration: configuration) }
            var value = try impl.withKeyUsageRecorded { try T(from: impl, configuration: configuration) }
            try impl.finishDynamic(&value, at: 0)
            return value
        }
    }

    /// Decodes a `DecodableWithConfiguration` value with the configuration a provider type gives.
    ///
    /// ```swift
    /// let value = try DynamicJSONDecoder().decode(Model.self, from: data, configuration: Settings.self)
    /// ```
    open override func decode<T, C>(
        _ type: T.Type, from data: Data, configuration: C.Type
    ) throws -> T where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(T.self, from: data, configuration: C.decodingConfiguration)
    }

    var scanOptions: ScanOptions {
        ScanOptions(
            allowsJSON5: allowsJSON5, assumesTopLevelDictionary: assumesTopLevelDictionary,
            maximumDepth: maximumDepth, rejectsDuplicateKeys: rejectsDuplicateKeys)
    }
}
