import Foundation

/// The options of a ``Mapped`` property that are only on or off.
@usableFromInline
struct MappedFlags: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8
    @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
    static let lossy = MappedFlags(rawValue: 1)
    static let strict = MappedFlags(rawValue: 2)
    static let encodeNil = MappedFlags(rawValue: 4)
    static let nullIsMissing = MappedFlags(rawValue: 8)
    /// A transformer or date strategy decides what the document holds.
    static let hasCoder = MappedFlags(rawValue: 16)
    /// Took its value in ``MappedCodable/init(mappedFrom:)``.
    static let filled = MappedFlags(rawValue: 32)
    /// Made by a ``MappedProbe``: the key is the coding key the model asked for it under.
    static let probed = MappedFlags(rawValue: 64)
}

/// What a ``Mapped`` property's declaration says, gathered from its arguments: a value that
/// copies without any atomic reference counting in the cases that run on every decode.
///
/// Deliberately not generic: wrapper initializers run on every decode (the synthesized
/// `init(from:)` evaluates each property's initial value first), and every generic type that
/// code outside this module touches costs a run-time metadata lookup. What depends on the
/// value type (a transformer, modifiers) lives in a ``MappedTypedSettings`` made only for
/// properties that have one; a default is kept in the wrapper itself.
///
/// A decoded wrapper refers to its layout's entry instead of carrying the declaration again:
/// a model's wrappers are copied and destroyed as often as the model (the synthesized
/// `init(from:)` copies it once, an array of models destroys each), and one word that is not
/// reference counted is the cheapest thing to copy.
@usableFromInline
enum MappedConfiguration: @unchecked Sendable {
    // @unchecked: `MappedSettings` is immutable, and the entry is immutable and immortal.

    /// A key or path written as a literal, or none (the property's name): made without
    /// allocating, and copied and destroyed without reference counting.
    case named(MappedKeyText)
    /// Options, a transformer or a mark.
    case settings(MappedSettings)
    /// The declaration that the layout's entry keeps (never itself an `.entry`).
    ///
    /// Unretained, which is sound because an entry is never freed: layouts are cached for
    /// the life of the process (``MappedLayout/of(_:)``; the renamed entries too, once
    /// stored), and only entries handed out by a cached layout are put here.
    case entry(Unretained<MappedEntry>)

    /// A property with only a key (or none), built without looking at options. A key that is
    /// not a literal is kept in a ``MappedSettings``.
    @inlinable
    init(key: String?) {
        if let key {
            self = .keyed(key)
        } else {
            self = .named(.propertyName)
        }
    }

    /// A key that is not a literal, kept in settings of its own.
    @usableFromInline
    static func keyed(_ key: String) -> MappedConfiguration {
        .settings(MappedSettings(key: key, flags: [], typed: nil, keptDefault: nil))
    }

    /// A property with only a literal key: the common case, built without allocating.
    @inlinable
    init(literal key: StaticString) {
        if let text = MappedKeyText(key) {
            self = .named(text)
        } else {
            self.init(key: key.description)
        }
    }

    /// A decoded wrapper's: its entry's, or none (a decoder that cannot see the declaration).
    @inlinable
    init(entry: Unretained<MappedEntry>?) {
        if let entry { self = .entry(entry) } else { self = .named(.propertyName) }
    }

    init(key: String?, flags: MappedFlags, typed: AnyObject?, keptDefault: AnyObject? = nil) {
        self =
            key == nil && flags.isEmpty && typed == nil && keptDefault == nil
            ? .named(.propertyName)
            : .settings(MappedSettings(key: key, flags: flags, typed: typed, keptDefault: keptDefault))
    }

    /// The key or path text, or nil for the property's name.
    @usableFromInline
    var key: String? {
        switch self {
        case .named(let text): text.string
        case .settings(let settings): settings.key
        case .entry(let entry): entry.with { $0.configuration.key }
        }
    }

    var flags: MappedFlags {
        switch self {
        case .named: []
        case .settings(let settings): settings.flags
        case .entry(let entry): entry.with { $0.configuration.flags }
        }
    }

    /// A `MappedTypedSettings<Value>` for the wrapper's `Value`, or nil.
    var typed: AnyObject? {
        switch self {
        case .named: nil
        case .settings(let settings): settings.typed
        case .entry(let entry): entry.with { $0.configuration.typed }
        }
    }

    /// The declared default of a wrapper whose value was assigned over it (see
    /// ``Mapped/keepDefault()``), or a decoded wrapper's entry's default.
    func keptDefault<Value>(_ type: Value.Type) -> Value? {
        switch self {
        case .named: nil
        // Only a `Mapped<Value>` keeps a default, a `MappedDefault<Value>` of its own `Value`.
        case .settings(let settings): settings.keptDefault.map { unsafeDowncast($0, to: MappedDefault<Value>.self).value }
        case .entry(let entry): entry.with { $0.defaultValue(Value.self) }
        }
    }

    /// This configuration keeping `value`, the declaration's default, which an assignment is
    /// about to replace in the wrapper's storage.
    @usableFromInline
    func keepingDefault<Value>(_ value: Value) -> MappedConfiguration {
        if case .entry = self { return self } // the entry has the default already
        return MappedConfiguration(key: key, flags: flags, typed: typed, keptDefault: MappedDefault(value))
    }

    /// The declaration itself, for an entry to keep: never an `.entry`, and a literal key
    /// made a `String` once (encoding reads an entry's key for every property).
    var declared: MappedConfiguration {
        switch self {
        case .entry(let entry): entry.with { $0.configuration }
        case .named(let text): MappedConfiguration(key: text.string)
        case .settings: self
        }
    }

    /// Gathers the options; the typed part is made only when there is something to put in it.
    static func make<Value>(key: String?, coder: MappedCoding<Value>?, options: [MappedOption<Value>]) -> MappedConfiguration {
        var flags: MappedFlags = []
        var coder = coder
        var adjustments: [MappedAdjustment<Value>] = []
        for option in options {
            switch option.kind {
            case .lossy: flags.insert(.lossy)
            case .strict: flags.insert(.strict)
            case .encodeNil: flags.insert(.encodeNil)
            case .nullIsMissing: flags.insert(.nullIsMissing)
            case .date(let strategy): coder = DateStrategyCoding(strategy)
            case .adjust(let adjustment): adjustments.append(adjustment)
            }
        }
        if coder != nil { flags.insert(.hasCoder) }
        let typed = coder != nil || !adjustments.isEmpty ? MappedTypedSettings(coder: coder, adjustments: adjustments) : nil
        return MappedConfiguration(key: key, flags: flags, typed: typed)
    }

    /// This configuration with `flag` added.
    func marked(_ flag: MappedFlags) -> MappedConfiguration {
        let keptDefault: AnyObject? = if case .settings(let settings) = self { settings.keptDefault } else { nil }
        return MappedConfiguration(key: key, flags: flags.union(flag), typed: typed, keptDefault: keptDefault)
    }

    /// The typed part, for the wrapper's own `Value`.
    @inline(__always)
    func typed<Value>(_ type: Value.Type) -> MappedTypedSettings<Value>? {
        // Only a `Mapped<Value>` makes or carries a configuration whose typed part is for `Value`.
        // Not `typed.map`: that would look up the metadata of the result type even for nil.
        guard let typed else { return nil }
        return unsafeDowncast(typed, to: MappedTypedSettings<Value>.self)
    }

    func coder<Value>(_ type: Value.Type) -> MappedCoding<Value>? { typed(Value.self)?.coder }

    /// What a ``MappedProbe`` hands a property asked for under `codingKey`.
    @usableFromInline
    static func probed(_ codingKey: String) -> MappedConfiguration {
        MappedConfiguration(key: codingKey, flags: .probed, typed: nil)
    }

    /// No key, default or options: a property seen only by its name.
    @usableFromInline static let plain = MappedConfiguration(key: nil)
}

/// A key or path written as a string literal on a ``Mapped`` declaration, or none: the
/// literal's address and length in one word.
///
/// Every decode evaluates each wrapper's declaration (the synthesized `init(from:)` starts
/// from the initial values) and then overwrites it, and every copy of a model copies its
/// wrappers: a `String` here made the configuration two words and a tagged union that
/// retained and released the key's storage on each of those, where a word of static data
/// is copied as it is. A literal whose address or length does not fit (neither happens for a
/// literal in a program's own data on the platforms Swift runs on) is kept as a `String` in
/// a ``MappedSettings`` instead.
@usableFromInline
struct MappedKeyText: Sendable {
    /// The length in the top 16 bits, the address below; 0 for none.
    @usableFromInline let bits: UInt64

    @inlinable
    init(bits: UInt64) { self.bits = bits }

    /// No key: the property's name.
    @inlinable
    static var propertyName: MappedKeyText { MappedKeyText(bits: 0) }

    /// `literal`, or nil when it does not fit in a word.
    @inlinable
    init?(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else { return nil }
        self.init(address: UInt64(UInt(bitPattern: literal.utf8Start)), count: UInt64(literal.utf8CodeUnitCount))
    }

    /// The text of `count` bytes at `address`, or nil when the address is 0 or needs more than
    /// 48 bits, or the count more than 16.
    @inlinable
    init?(address: UInt64, count: UInt64) {
        guard address != 0, address >> 48 == 0, count >> 16 == 0 else { return nil }
        bits = count << 48 | address
    }

    /// The key, or nil for the property's name.
    var string: String? {
        guard let start = UnsafePointer<UInt8>(bitPattern: UInt(truncatingIfNeeded: bits & 0xFFFF_FFFF_FFFF)) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(bits >> 48)), as: UTF8.self)
    }
}

/// A declaration with options, a transformer or a mark, shared by the copies of its wrapper.
@usableFromInline
final class MappedSettings: @unchecked Sendable {
    // @unchecked: immutable; `typed` is a `MappedTypedSettings`, which is too.
    let key: String?
    let flags: MappedFlags
    let typed: AnyObject?
    /// A `MappedDefault<Value>`: the declared default of a wrapper whose `init()` assigned the
    /// property (the default no longer being in the wrapper's storage), or nil.
    let keptDefault: AnyObject?

    init(key: String?, flags: MappedFlags, typed: AnyObject?, keptDefault: AnyObject?) {
        self.key = key
        self.flags = flags
        self.typed = typed
        self.keptDefault = keptDefault
    }
}

/// The part of a ``Mapped`` property's declaration that depends on its value type.
final class MappedTypedSettings<Value>: @unchecked Sendable {
    // @unchecked: immutable; the closures and transformers are `Sendable`.
    /// How the value is turned into what the document holds and back, when not by its own
    /// `Codable` conformance.
    let coder: MappedCoding<Value>?
    let adjustments: [MappedAdjustment<Value>]

    init(coder: MappedCoding<Value>?, adjustments: [MappedAdjustment<Value>]) {
        self.coder = coder
        self.adjustments = adjustments
    }

    /// Runs the modifiers and validations in order on a decoded value.
    func adjust(_ value: Value, property: String, codingPath: () -> [any CodingKey]) throws -> Value {
        var value = value
        for adjustment in adjustments {
            switch adjustment {
            case .modify(let transform):
                value = try transformDecoded(value, codingPath: codingPath(), transform)
            case .validate(let isValid):
                guard isValid(value) else {
                    throw MappedValidationError(property: property, codingPath: codingPath(), value: value)
                }
            }
        }
        return value
    }
}

/// A change or check run on a decoded value.
enum MappedAdjustment<Value>: Sendable {
    case modify(@Sendable (Value) throws -> Value)
    case validate(@Sendable (Value) -> Bool)
}
