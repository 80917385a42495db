import Foundation

/// The conversions a ``Mapped`` property makes when the document holds the value as another
/// scalar type: tried only after the value's own decoding failed with a type mismatch.
///
/// - `String` from a number (its literal text: `629.9` gives `"629.9"`) or a Bool
///   (`"true"`/`"false"`);
/// - `Bool` from `"true"`/`"false"` (any case), `"1"`/`"0"`, and the numbers `1` and `0`;
/// - every integer type, `Double`, `Float` and `Decimal` from a string holding a JSON number
///   (`"42"`, `"-1.5e3"`): strict JSON grammar, no spaces, and integers must fit.
///
/// Optionals and ``Presence``s of these convert the same way. Anything else is left to fail.
enum LosslessValue {
    /// `value` (a scalar) as a `Value`, or nil when no conversion applies.
    static func convert<Value>(_ value: JSON, to type: Value.Type) -> Value? {
        // Unwrapped first: a nil `Any?` would cast to an optional `Value` as a successful `nil`.
        guard let result = converted(value, to: Value.self) else { return nil }
        return result as? Value
    }

    private static func converted(_ value: JSON, to target: Any.Type) -> Any? {
        if let presence = target as? any AnyPresence.Type {
            return converted(value, to: presence.wrappedType).flatMap(presence.wrapping)
        }
        if target == String.self || target == String?.self { return text(of: value) }
        if target == Bool.self || target == Bool?.self { return bool(from: value) }
        guard case .string(let text) = value, isStrictNumber(text), let number = JSON.Number(literal: text) else { return nil }
        for conversion in numberConversions where target == conversion.type || target == conversion.optionalType {
            return conversion.convert(number)
        }
        return nil
    }

    /// Whether `text` is a number in strict JSON grammar (no `NaN`, hex, `+` or spaces).
    private static func isStrictNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return !bytes.isEmpty && NumberGrammar.isStrictNumber(&bytes)
    }

    private static func text(of value: JSON) -> String? {
        switch value {
        case .number(let number): return number.literal
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    private static func bool(from value: JSON) -> Bool? {
        switch value {
        case .string(let text):
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        case .number(let number):
            return number.double == 1 ? true : number.double == 0 ? false : nil
        default:
            return nil
        }
    }

    private struct NumberConversion: Sendable {
        let type: Any.Type
        let optionalType: Any.Type
        let convert: @Sendable (JSON.Number) -> Any?

        init<T>(_ type: T.Type, _ convert: @escaping @Sendable (JSON.Number) -> T?) {
            self.type = T.self
            optionalType = T?.self
            self.convert = { number in convert(number).map { $0 as Any } }
        }
    }

    private static let numberConversions: [NumberConversion] = [
        NumberConversion(Int.self) { NumberParsing.integer(Int.self, literal: $0.literal) },
        NumberConversion(Int64.self) { NumberParsing.integer(Int64.self, literal: $0.literal) },
        NumberConversion(Int32.self) { NumberParsing.integer(Int32.self, literal: $0.literal) },
        NumberConversion(Int16.self) { NumberParsing.integer(Int16.self, literal: $0.literal) },
        NumberConversion(Int8.self) { NumberParsing.integer(Int8.self, literal: $0.literal) },
        NumberConversion(UInt.self) { NumberParsing.integer(UInt.self, literal: $0.literal) },
        NumberConversion(UInt64.self) { NumberParsing.integer(UInt64.self, literal: $0.literal) },
        NumberConversion(UInt32.self) { NumberParsing.integer(UInt32.self, literal: $0.literal) },
        NumberConversion(UInt16.self) { NumberParsing.integer(UInt16.self, literal: $0.literal) },
        NumberConversion(UInt8.self) { NumberParsing.integer(UInt8.self, literal: $0.literal) },
        NumberConversion(Double.self) { $0.double },
        NumberConversion(Float.self) { $0.double.map(Float.init).flatMap { $0.isFinite ? $0 : nil } },
        NumberConversion(Decimal.self) { $0.decimal },
    ]
}
