import Foundation

// MARK: - Booleans

/// Booleans written as the numbers `1` and `0`, Int <-> Bool.
///
/// ```swift
/// try BoolFromIntTransformer().decode(1)       // true
/// try BoolFromIntTransformer().encode(false)   // 0
/// struct Flags: MappedCodable {
///     @Mapped("is_admin", using: BoolFromIntTransformer()) var isAdmin = false   // {"is_admin": 1}
/// }
/// ```
///
/// Any other number is refused rather than read as `true`: a `2` in the document is more
/// likely a mistake than a flag.
public struct BoolFromIntTransformer: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `BoolFromIntTransformer()`.
    public init() {}

    /// `true` for `1`, `false` for `0`: `try BoolFromIntTransformer().decode(0)`.
    ///
    /// - Throws: ``TransformerError`` for any other number (`2 is not 0 or 1`).
    public func decode(_ raw: Int) throws -> Bool {
        switch raw {
        case 1: return true
        case 0: return false
        default: throw TransformerError(value: raw, reason: "is not 0 or 1")
        }
    }

    /// `1` for `true`, `0` for `false`: `try BoolFromIntTransformer().encode(true)`.
    public func encode(_ value: Bool) throws -> Int {
        value ? 1 : 0
    }
}

/// Booleans written as text, String <-> Bool: `"true"`/`"yes"` and `"false"`/`"no"` in any
/// case are read; ``trueText`` and ``falseText`` are written (and read too).
///
/// ```swift
/// try BoolFromStringTransformer().decode("YES")                  // true
/// try BoolFromStringTransformer().encode(false)                  // "false"
/// let yesNo = BoolFromStringTransformer(trueText: "yes", falseText: "no")
/// try yesNo.encode(true)                                         // "yes"
/// ```
///
/// Case is compared as Swift's `lowercased()` does; text around the word (spaces) is not
/// trimmed, so `" yes"` is refused.
public struct BoolFromStringTransformer: Transformer, DefaultInitializable, Sendable {
    /// What `true` is written as: `"true"` unless given (`BoolFromStringTransformer().trueText`).
    public let trueText: String
    /// What `false` is written as: `"false"` unless given (`BoolFromStringTransformer().falseText`).
    public let falseText: String

    /// Writes `"true"` and `"false"`: `BoolFromStringTransformer()`.
    public init() {
        self.init(trueText: "true", falseText: "false")
    }

    /// Writes `trueText` and `falseText`, and reads them too, in any case:
    /// `BoolFromStringTransformer(trueText: "Y", falseText: "N")`.
    ///
    /// - Parameters:
    ///   - trueText: What `true` is written as (and read from, in any case).
    ///   - falseText: What `false` is written as (and read from, in any case).
    public init(trueText: String, falseText: String) {
        self.trueText = trueText
        self.falseText = falseText
    }

    /// Reads a Boolean: `try BoolFromStringTransformer().decode("No")` gives `false`.
    ///
    /// - Throws: ``TransformerError`` for other text (`"maybe" is not one of true, false, yes, no`).
    public func decode(_ raw: String) throws -> Bool {
        let word = raw.lowercased()
        if word == "true" || word == "yes" || word == trueText.lowercased() { return true }
        if word == "false" || word == "no" || word == falseText.lowercased() { return false }
        var accepted = ["true", "false", "yes", "no"]
        for text in [trueText, falseText] where !accepted.contains(text.lowercased()) { accepted.append(text) }
        throw TransformerError(value: raw, reason: "is not one of \(accepted.joined(separator: ", "))")
    }

    /// Writes ``trueText`` or ``falseText``: `try BoolFromStringTransformer().encode(true)`.
    public func encode(_ value: Bool) throws -> String {
        value ? trueText : falseText
    }
}

// MARK: - Pass-through

/// Passes values through unchanged, Value <-> Value: for an API that takes a transformer when
/// the document already holds the value as it is kept, or as a base for `.optional`/`.array`.
///
/// ```swift
/// try PassThroughTransformer<Int>().decode(42)   // 42
/// let tags = PassThroughTransformer<String>().array.optional   // [String]? <-> [String]?
/// ```
public struct PassThroughTransformer<Value: Codable>: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `PassThroughTransformer<String>()`.
    public init() {}

    /// The value itself: `try PassThroughTransformer<String>().decode("a")` gives `"a"`.
    public func decode(_ raw: Value) throws -> Value { raw }

    /// The value itself: `try PassThroughTransformer<String>().encode("a")` gives `"a"`.
    public func encode(_ value: Value) throws -> Value { value }
}

// MARK: - Enums with a fallback

/// Enum cases (any `RawRepresentable`) written as their raw values, with a case taken for a raw
/// value the enum does not know, RawValue <-> Value: a server that adds a status does not make
/// the whole model fail to decode.
///
/// ```swift
/// enum Status: String, Sendable { case active, banned, unknown }
/// let status = FallbackRawValueTransformer<Status>(fallback: .unknown)
/// try status.decode("active")   // .active
/// try status.decode("paused")   // .unknown
/// try status.encode(.banned)    // "banned"
/// ```
///
/// For a plain `Codable` property, let the enum name its fallback case by adopting
/// ``FallbackRawRepresentable``: the transformer is then ``DefaultInitializable``, so ``CodedBy``
/// can make it, with any decoder and encoder:
///
/// ```swift
/// enum Plan: String, Sendable, FallbackRawRepresentable {
///     case free, pro, unknown
///     static let fallback = Plan.unknown
/// }
/// struct Account: Codable {
///     @CodedBy<FallbackRawValueTransformer<Plan>> var plan: Plan
/// }
/// let account = try JSONDecoder().decode(Account.self, from: Data(#"{"plan": "team"}"#.utf8))
/// account.plan   // .unknown
/// ```
///
/// A raw value of the wrong type (a number where the enum's raw values are strings) is still
/// an error, from the decoder: it is not a value the enum could ever have. Use
/// ``RawValueTransformer`` to refuse unknown values instead.
///
/// The unknown raw value is not kept: encoding writes the fallback's raw value (`"unknown"`
/// where the document said `"paused"`), and no decode report event tells of the swap. Where
/// the value must survive a round trip, keep the raw value (a `String` property, or
/// ``RawValueTransformer`` with `.lossy` and a default, which reports the refusal).
public struct FallbackRawValueTransformer<Value: RawRepresentable & Sendable>: Transformer, Sendable
where Value.RawValue: Codable {
    /// The case for an unknown raw value: `status.fallback   // .unknown`.
    public let fallback: Value

    /// Makes the transformer: `FallbackRawValueTransformer<Status>(fallback: .unknown)`.
    public init(fallback: Value) {
        self.fallback = fallback
    }

    /// The case with this raw value, or ``fallback``: `try status.decode("active")`.
    public func decode(_ raw: Value.RawValue) throws -> Value {
        Value(rawValue: raw) ?? fallback
    }

    /// The case's raw value (the fallback's own for the fallback): `try status.encode(.active)`
    /// gives `"active"`.
    public func encode(_ value: Value) throws -> Value.RawValue {
        value.rawValue
    }
}

/// A `RawRepresentable` type (an enum with raw values) that names the case to take for a raw
/// value it does not know, so that `FallbackRawValueTransformer<Self>()` needs no argument and
/// works with ``CodedBy``.
///
/// ```swift
/// enum Plan: String, Sendable, FallbackRawRepresentable {
///     case free, pro, unknown
///     static let fallback = Plan.unknown
/// }
/// struct Account: Codable {
///     @CodedBy<FallbackRawValueTransformer<Plan>> var plan: Plan               // "team" gives .unknown
///     @CodedBy<OptionalTransformer<FallbackRawValueTransformer<Plan>>> var trial: Plan?   // missing or null: nil
/// }
/// ```
///
/// A case named `fallback` fulfils the requirement by itself.
public protocol FallbackRawRepresentable: RawRepresentable {
    /// The case for a raw value the type does not know: `Plan.fallback   // .unknown`.
    static var fallback: Self { get }
}

extension FallbackRawValueTransformer: DefaultInitializable where Value: FallbackRawRepresentable {
    /// Makes the transformer with the type's own fallback case, as ``CodedBy`` does:
    /// `FallbackRawValueTransformer<Plan>().fallback   // .unknown`.
    public init() {
        self.init(fallback: Value.fallback)
    }
}
