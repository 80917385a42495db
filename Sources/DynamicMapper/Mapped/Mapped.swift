import Foundation

/// A property of a ``MappedCodable`` model with its key, default and options written on the
/// property itself: no `CodingKeys`, no hand-written `init(from:)`.
///
/// ```swift
/// struct User: MappedCodable {
///     var identifier: String = ""
///     @Mapped("first_name") var firstName: String
///     @Mapped(default: "+1 123456789") var phone: String
///     @Mapped("address.zipCode") var zipCode: Int
///     @Mapped("tags", .lossy) var tags: [String]
///     @Mapped("created", .date(.iso8601)) var created: Date
///     @Mapped("html_url", using: URLTransformer()) var url: URL
/// }
/// let user = try User.decode(from: #"{"identifier":"1","first_name":"John", … }"#)
/// ```
///
/// - The key is the property's name unless given; a key is read in the shared path grammar
///   (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
/// - A missing key throws `DecodingError.keyNotFound` with the full path, unless the property
///   has a default or is optional (then `nil`). `null` counts as missing only for optionals, or
///   with ``MappedOption/nullIsMissing``.
/// - Values are read losslessly unless ``MappedOption/strict`` is given: a `String` from a
///   number or a `Bool`, a `Bool` from `"true"`/`"false"`/`"1"`/`"0"` or `1`/`0`, numbers from
///   numeric strings. A number never becomes `"true"`.
/// - Encoding writes the same keys and paths; `nil` leaves the key out unless
///   ``MappedOption/encodeNil`` is given.
///
/// The wrapper is a plain value: copies of a model never share state. Its configuration is
/// learned once per model type from `Model()` and cached. Use ``DynamicJSONDecoder`` and
/// ``DynamicJSONEncoder``, or wrap the model in ``Keyed`` for Foundation's coders: those see
/// only the property names, so a property with its own key or path cannot be read by them
/// (decoding fails with an error that says to use one of this package's coders), and the
/// options need this package's decoder.
@propertyWrapper
public struct Mapped<Value> {
    /// The decoded or assigned value, or else the declaration's default (``storageIsDefault``);
    /// `nil` until there is one.
    ///
    /// The default shares this field rather than having its own so that a wrapper is its value
    /// and one configuration word: a model's wrappers are copied and destroyed with it, and
    /// a second `Value?` would be reference counted on every copy, in every wrapper, for a
    /// value only an unset wrapper needs. Kept in the wrapper rather than in the configuration
    /// so that a wrapper with a default is made without any allocation or run-time type lookup.
    @usableFromInline var storage: Value?
    /// Everything else written on the property: key, options, transformer (and the default,
    /// once an assignment has taken its place in `storage`).
    @usableFromInline var configuration: MappedConfiguration
    /// `storage` is the declaration's default, not a decoded or assigned value. Last, so that
    /// it fills the configuration's padding rather than adding its own (a smaller wrapper is a
    /// smaller model to copy).
    @usableFromInline var storageIsDefault: Bool

    /// The property's value: `user.firstName`.
    ///
    /// Before a value is decoded or assigned this is the default, `nil` for optionals, or the
    /// type's zero value (`""`, `0`, `false`, `[]`, a model whose properties are all zero).
    @inlinable
    public var wrappedValue: Value {
        get { storage ?? unsetValue }
        set {
            if storageIsDefault { keepDefault() }
            storage = newValue
            storageIsDefault = false
        }
    }

    /// Moves the declared default out of `storage`, which an assignment is about to take (an
    /// `init()` that sets a property declared `@Mapped(default: 1)`): the model's layout,
    /// learned from `Model()`, reads the default from the wrapper, and a missing key must
    /// still get it.
    @usableFromInline
    mutating func keepDefault() {
        if let storage { configuration = configuration.keepingDefault(storage) }
    }

    /// The default written on the property.
    @usableFromInline
    var defaultValue: Value? { storageIsDefault ? storage : configuration.keptDefault(Value.self) }

    @inlinable
    init(storage: Value?, defaultValue: Value? = nil, configuration: MappedConfiguration) {
        if storage == nil, let defaultValue {
            self.storage = defaultValue
            storageIsDefault = true
        } else {
            self.storage = storage
            storageIsDefault = false
        }
        self.configuration = configuration
    }

    /// A wrapper as a declaration makes it; inside ``MappedCodable/init(mappedFrom:)`` it
    /// takes its decoded value instead.
    @inlinable
    init(declaring storage: Value?, defaultValue: Value? = nil, _ configuration: MappedConfiguration) {
        if MappedFilling.isFilling, let filled = MappedFilling.take(Mapped.self, key: configuration.key) {
            self = filled
        } else {
            self.init(storage: storage, defaultValue: defaultValue, configuration: configuration)
        }
    }

    // MARK: Keys and options

    /// A property under its own name, with no options.
    ///
    /// ```swift
    /// @Mapped var name: String
    /// ```
    @inlinable
    public init() {
        self.init(declaring: nil, MappedConfiguration(key: nil))
    }

    /// A property under its own name, with options.
    ///
    /// ```swift
    /// @Mapped(.lossy) var tags: [String]
    /// ```
    ///
    /// - Parameters:
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init(_ options: MappedOption<Value>...) {
        self.init(declaring: nil, .make(key: nil, coder: nil, options: options))
    }

    /// A property under `key`, a key or a path.
    ///
    /// ```swift
    /// @Mapped("address.zipCode") var zipCode: Int
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    @inlinable
    public init(_ key: StaticString) {
        self.init(declaring: nil, MappedConfiguration(literal: key))
    }

    /// A property under `key`, a key or a path given as a `String` value rather than a literal.
    ///
    /// ```swift
    /// enum Keys { static let zip = "address.zipCode" }
    /// @Mapped(Keys.zip) var zipCode: Int
    /// ```
    ///
    /// A literal key is kept in the wrapper as it is; a `String` value is kept in a small
    /// object each time the declaration runs (on every decode of the model), so prefer a
    /// literal, or a `StaticString` constant, in models decoded often.
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    @inlinable @_disfavoredOverload
    public init(_ key: String) {
        self.init(declaring: nil, MappedConfiguration(key: key))
    }

    /// A property under `key`, with options.
    ///
    /// ```swift
    /// @Mapped("tags", .lossy) var tags: [String]
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    @_disfavoredOverload
    public init(_ key: String, _ options: MappedOption<Value>...) {
        self.init(declaring: nil, .make(key: key, coder: nil, options: options))
    }

    /// A property under its own name that takes `defaultValue` when its key is missing.
    ///
    /// ```swift
    /// @Mapped(default: "+1 123456789") var phone: String
    /// ```
    ///
    /// - Parameters:
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    @inlinable
    public init(default defaultValue: Value) {
        self.init(declaring: nil, defaultValue: defaultValue, MappedConfiguration(key: nil))
    }

    /// A property under its own name with a default and options.
    ///
    /// ```swift
    /// @Mapped(default: 10, .nullIsMissing) var limit: Int
    /// ```
    ///
    /// - Parameters:
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init(default defaultValue: Value, _ options: MappedOption<Value>...) {
        self.init(declaring: nil, defaultValue: defaultValue, .make(key: nil, coder: nil, options: options))
    }

    /// A property under `key` that takes `defaultValue` when the key is missing.
    ///
    /// ```swift
    /// @Mapped("phone_number", default: "") var phone: String
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    @inlinable
    public init(_ key: StaticString, default defaultValue: Value) {
        self.init(declaring: nil, defaultValue: defaultValue, MappedConfiguration(literal: key))
    }

    /// A property under `key`, given as a `String` value, that takes `defaultValue` when the
    /// key is missing.
    ///
    /// ```swift
    /// enum Keys { static let phone = "phone_number" }
    /// @Mapped(Keys.phone, default: "") var phone: String
    /// ```
    ///
    /// A literal key is kept in the wrapper as it is; a `String` value is kept in a small
    /// object each time the declaration runs, so prefer a literal in models decoded often.
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    @inlinable @_disfavoredOverload
    public init(_ key: String, default defaultValue: Value) {
        self.init(declaring: nil, defaultValue: defaultValue, MappedConfiguration(key: key))
    }

    /// A property under `key` with a default and options.
    ///
    /// ```swift
    /// @Mapped("limit", default: 10, .nullIsMissing, .clamping(to: 1...100)) var limit: Int
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    @_disfavoredOverload
    public init(_ key: String, default defaultValue: Value, _ options: MappedOption<Value>...) {
        self.init(declaring: nil, defaultValue: defaultValue, .make(key: key, coder: nil, options: options))
    }

    /// A property under its own name with an initial value, which a decoded value replaces.
    ///
    /// Use `default:` for a value that stands in for a missing key.
    ///
    /// ```swift
    /// @Mapped var age: Int = 0
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    @inlinable
    public init(wrappedValue: Value) {
        self.init(declaring: wrappedValue, MappedConfiguration(key: nil))
    }

    /// A property under its own name with an initial value and options.
    ///
    /// ```swift
    /// @Mapped(.trimmed) var title = ""
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init(wrappedValue: Value, _ options: MappedOption<Value>...) {
        self.init(declaring: wrappedValue, .make(key: nil, coder: nil, options: options))
    }

    /// A property under `key` with an initial value.
    ///
    /// ```swift
    /// @Mapped("user_name") var userName = ""
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    @inlinable
    public init(wrappedValue: Value, _ key: StaticString) {
        self.init(declaring: wrappedValue, MappedConfiguration(literal: key))
    }

    /// A property under `key`, given as a `String` value, with an initial value.
    ///
    /// ```swift
    /// enum Keys { static let userName = "user_name" }
    /// @Mapped(Keys.userName) var userName = ""
    /// ```
    ///
    /// A literal key is kept in the wrapper as it is; a `String` value is kept in a small
    /// object each time the declaration runs, so prefer a literal in models decoded often.
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    @inlinable @_disfavoredOverload
    public init(wrappedValue: Value, _ key: String) {
        self.init(declaring: wrappedValue, MappedConfiguration(key: key))
    }

    /// A property under `key` with an initial value and options.
    ///
    /// ```swift
    /// @Mapped("title", .trimmed) var title = ""
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    @_disfavoredOverload
    public init(wrappedValue: Value, _ key: String, _ options: MappedOption<Value>...) {
        self.init(declaring: wrappedValue, .make(key: key, coder: nil, options: options))
    }

    // MARK: Transformers

    /// A property under its own name, read and written through `transformer`.
    ///
    /// Combine transformers with `.optional` and `.array` for optional values and arrays.
    ///
    /// ```swift
    /// @Mapped(using: Base64DataTransformer()) var avatar: Data
    /// ```
    ///
    /// - Parameters:
    ///   - transformer: Converts between the value and what the document holds (its `Raw`),
    ///     both ways; the value need not be `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init<T: Transformer & Sendable>(using transformer: T, _ options: MappedOption<Value>...) where T.Value == Value {
        self.init(declaring: nil, .make(key: nil, coder: TransformerCoding(transformer), options: options))
    }

    /// A property under `key`, read and written through `transformer`.
    ///
    /// ```swift
    /// @Mapped("html_url", using: URLTransformer()) var url: URL
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - transformer: Converts between the value and what the document holds (its `Raw`),
    ///     both ways; the value need not be `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init<T: Transformer & Sendable>(_ key: String, using transformer: T, _ options: MappedOption<Value>...) where T.Value == Value {
        self.init(declaring: nil, .make(key: key, coder: TransformerCoding(transformer), options: options))
    }

    /// A property under `key` through `transformer`, with a default for a missing key.
    ///
    /// ```swift
    /// @Mapped("seen", default: [], using: UnixTimeTransformer().array) var seen: [Date]
    /// ```
    ///
    /// - Parameters:
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - defaultValue: The value when the key is missing (or `null`, with
    ///     ``MappedOption/nullIsMissing``); never written in its place when encoding.
    ///   - transformer: Converts between the value and what the document holds (its `Raw`),
    ///     both ways; the value need not be `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init<T: Transformer & Sendable>(_ key: String, default defaultValue: Value, using transformer: T, _ options: MappedOption<Value>...)
    where T.Value == Value {
        self.init(declaring: nil, defaultValue: defaultValue, .make(key: key, coder: TransformerCoding(transformer), options: options))
    }

    /// A property under its own name with an initial value, read and written through `transformer`.
    ///
    /// ```swift
    /// @Mapped(using: Base64DataTransformer().optional) var avatar: Data? = nil
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - transformer: Converts between the value and what the document holds (its `Raw`),
    ///     both ways; the value need not be `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init<T: Transformer & Sendable>(wrappedValue: Value, using transformer: T, _ options: MappedOption<Value>...) where T.Value == Value {
        self.init(declaring: wrappedValue, .make(key: nil, coder: TransformerCoding(transformer), options: options))
    }

    /// A property under `key` with an initial value, read and written through `transformer`.
    ///
    /// ```swift
    /// @Mapped("birth_date", using: DateFormatTransformer(format: "y-MM-dd")) var birthDate: Date = .distantPast
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The property's initial value, which a decoded value replaces. It is
    ///     not a default: a missing key still throws, as in synthesized `Codable`.
    ///   - key: Where the value is in the document: a key, or a path in the ``Path`` grammar
    ///     (`"address.zipCode"`, `"items[0].id"`, `\.` for a dot inside a key).
    ///   - transformer: Converts between the value and what the document holds (its `Raw`),
    ///     both ways; the value need not be `Codable`.
    ///   - options: How the value is read and written (``MappedOption/lossy``,
    ///     ``MappedOption/nullIsMissing``, a date strategy, modifiers and validations), applied in order.
    public init<T: Transformer & Sendable>(wrappedValue: Value, _ key: String, using transformer: T, _ options: MappedOption<Value>...) where T.Value == Value {
        self.init(declaring: wrappedValue, .make(key: key, coder: TransformerCoding(transformer), options: options))
    }

    // MARK: Values before decoding

    /// The wrapper a ``MappedProbe`` hands this property: it records `signal`'s coding key and
    /// holds a value the model's `init()` gave a property of this type (or else the zero value,
    /// if the type has one), so that a model's own `init(from:)` that reads the property finds
    /// a value. A type with neither stays without a value: reading it there traps, as reading
    /// it on a fresh `Model()` does (see ``unsetValue``).
    @usableFromInline
    static func probed(_ signal: MappedProbe.Signal) -> Mapped {
        Mapped(storage: signal.probe.fill(for: Value.self), configuration: .probed(signal.codingKey))
    }

    /// What an unset property reads as: the default, `nil`, or its type's zero value.
    @usableFromInline
    var unsetValue: Value {
        if let value = currentValue { return value }
        // Not reachable from input: a decoded property always has a value (or decoding threw).
        // Only code reading a fresh `Model()`'s property of a type with no zero value (a URL,
        // a non-Codable value) before assigning it gets here, or a model's own `init(from:)`
        // reading such a property while a ``MappedProbe`` learns its renamed keys (the probe
        // fills every property `init()` gives a value).
        preconditionFailure(
            "The @Mapped property of type \(Value.self) was read before it was decoded or assigned, and \(Value.self) has no zero value; give it a default or an initial value."
        )
    }

    /// The value, the default, `nil` or the zero value, or nil when an unset property's type
    /// has no zero value: what printing, comparing and encoding use, so that they never trap.
    var currentValue: Value? {
        storage ?? Self.placeholder
    }

    private static var placeholder: Value? {
        if let absent = MappedDecoding.absent(Value.self) { return absent }
        if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? Value {
            return none
        }
        if let decodable = Value.self as? any Decodable.Type, let zero = try? zeroValue(of: decodable, codingPath: []) as? Value {
            return zero
        }
        return nil
    }
}

// @unchecked: besides values of `Value`, the configuration holds only `Sendable` closures
// and transformers, and it is never mutated after the wrapper is made.
extension Mapped: @unchecked Sendable where Value: Sendable {}

extension Mapped: Equatable where Value: Equatable {
    /// Compares the values only: `a == b` when `a.wrappedValue == b.wrappedValue`.
    public static func == (lhs: Mapped, rhs: Mapped) -> Bool { lhs.currentValue == rhs.currentValue }
}

extension Mapped: Hashable where Value: Hashable {
    /// Hashes the value only.
    public func hash(into hasher: inout Hasher) { hasher.combine(currentValue) }
}

extension Mapped: Codable {
    /// Decodes the value on its own, with no key or options (a `Mapped` decoded outside a
    /// model; properties are decoded through their model).
    ///
    /// ```swift
    /// let name = try JSONDecoder().decode(Mapped<String>.self, from: Data(#""Ada""#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        self.init(storage: try Self.decodeValue(with: DecoderReader(decoder: decoder)), configuration: .plain)
    }

    /// Encodes the value on its own (through the transformer or date strategy, if any).
    ///
    /// ```swift
    /// try JSONEncoder().encode(Mapped(wrappedValue: "Ada"))   // "Ada"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let raw = try MappedRaw.raw(
            of: try MappedRaw.value(of: self, codingPath: encoder.codingPath), configuration: configuration, codingPath: encoder.codingPath,
            plain: MappedRaw.encodable)
        {
            try container.encode(raw)
        } else {
            try container.encodeNil()
        }
    }
}

extension Mapped: CustomStringConvertible {
    /// The value's description, so that printing a model shows its values:
    /// `print(user)` gives `User(_firstName: John, …)`.
    public var description: String { currentValue.map { String(describing: $0) } ?? "(unset)" }
}
