import Foundation

/// A number as a server may write it: a JSON number (`946684800.5`) or a string holding one
/// (`"946684800.5"`), kept as its exact literal text. The raw value of ``UnixTimeTransformer``
/// and ``DecimalTransformer``, and of your own transformers that should accept both forms.
///
/// ```swift
/// struct Price: Decodable { var amount: LenientNumber }
/// let price = try DynamicJSONDecoder().decode(Price.self, from: Data(#"{"amount": "19.99"}"#.utf8))
/// price.amount.number.decimal   // 19.99, exactly
/// price.amount == 19.99         // true
/// ```
///
/// A string must be a whole JSON number (RFC 8259 grammar: `"-1.5e3"` yes; `" 12"`, `"+1"`,
/// `"1."` and `"0x1F"` no). With ``DynamicJSONDecoder`` a number keeps every digit of its
/// literal; Foundation's decoders hand over the precision their own number types give.
/// Encoding always writes a JSON number, with the literal's text under ``DynamicJSONEncoder``.
public struct LenientNumber: Codable, Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number, with its literal: `LenientNumber("1.10")?.number.literal` is `"1.10"`.
    public var number: JSON.Number

    /// Wraps a number: `LenientNumber(JSON.Number(42))`.
    public init(_ number: JSON.Number) {
        self.number = number
    }

    /// The number written in `text`, or `nil` when `text` is not one (same grammar as a string
    /// in the document).
    ///
    /// ```swift
    /// LenientNumber("946684800")   // 946684800
    /// LenientNumber("12 apples")   // nil
    /// ```
    public init?(_ text: String) {
        guard let number = JSON.Number(literal: text) else { return nil }
        self.number = number
    }

    /// A `Double`, written as `JSONEncoder` writes it: `LenientNumber(1.5)`.
    public init(_ value: Double) {
        number = JSON.Number(value)
    }

    /// A `Decimal`, every digit kept: `LenientNumber(Decimal(string: "0.1")!)`.
    public init(_ value: Decimal) {
        number = JSON.Number(value)
    }

    /// An integer literal: `let count: LenientNumber = 3`.
    public init(integerLiteral value: Int) {
        number = JSON.Number(value)
    }

    /// A floating-point literal: `let price: LenientNumber = 1.5`.
    public init(floatLiteral value: Double) {
        number = JSON.Number(value)
    }

    /// The literal text: `LenientNumber("0.10")?.description` is `"0.10"`.
    public var description: String { number.literal }

    /// Reads a number, or a string holding one.
    ///
    /// ```swift
    /// let amount = try LenientNumber(from: decoder)
    /// ```
    ///
    /// - Throws: `DecodingError.valueNotFound` for `null`, and `DecodingError.typeMismatch` for
    ///   any other value that is not a number, a string that is not one included.
    public init(from decoder: any Decoder) throws {
        switch try JSON(from: decoder) {
        case .number(let number):
            self.number = number
        case .string(let text):
            // A type mismatch, as `JSONDecoder` calls a string that `convertFromString` does not
            // know: the document holds text where a number was expected.
            guard let number = JSON.Number(literal: text) else {
                throw DecodingError.typeMismatch(
                    LenientNumber.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "Expected a number or a string holding one but found the string \(String(reflecting: text)) instead."))
            }
            self.number = number
        case .null:
            throw DecodingError.valueNotFound(
                LenientNumber.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Expected a number or a string holding one but found null instead."))
        case let other:
            throw DecodingError.typeMismatch(
                LenientNumber.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Expected a number or a string holding one but found \(other.kindName) instead."))
        }
    }

    /// Writes the number (never a string): `try LenientNumber(1.5).encode(to: encoder)`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(JSON.number(number))
    }
}

extension JSON {
    /// How an error message names this kind of value.
    fileprivate var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
