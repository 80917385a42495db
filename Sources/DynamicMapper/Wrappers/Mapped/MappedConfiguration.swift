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

/// What a ``Mapped`` property's declaration says, gathered from its arguments.
///
/// Deliberately not generic: wrapper initializers run on every decode (the synthesized
/// `init(from:)` evaluates each property's initial value first), and every generic type that
/// code outside this module touches costs a run-time metadata lookup. What depends on the
/// value type (a transformer, modifiers) lives in a ``MappedTypedSettings`` made only for
/// properties that have one; a default is kept in the wrapper itself.
@usableFromInline
struct MappedConfiguration: @unchecked Sendable {
    // @unchecked: `typed` is a `MappedTypedSettings`, immutable and holding only `Sendable`
    // closures and transformers besides values of the property's type.

    /// The key or path text, or nil for the property's name.
    @usableFromInline let key: String?
    let flags: MappedFlags
    /// A `MappedTypedSettings<Value>` for the wrapper's `Value`, or nil.
    let typed: AnyObject?

    /// A property with only a key (or none): the common case, built without looking at options.
    @usableFromInline
    init(key: String?) {
        self.key = key
        flags = []
        typed = nil
    }

    init(key: String?, flags: MappedFlags, typed: AnyObject?) {
        self.key = key
        self.flags = flags
        self.typed = typed
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
        MappedConfiguration(key: key, flags: flags.union(flag), typed: typed)
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
