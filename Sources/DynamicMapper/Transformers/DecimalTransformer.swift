import Foundation

/// Exact decimal numbers, LenientNumber <-> Decimal: the counterpart of ObjectMapper's
/// `NSDecimalNumberTransform`, reading a number or a string holding one.
///
/// ```swift
/// let decimal = DecimalTransformer()
/// try decimal.decode(0.1)                          // exactly 0.1, not 0.1000000000000000055…
/// try decimal.decode(LenientNumber("19.99")!)      // 19.99, from the string "19.99"
/// try decimal.encode(Decimal(string: "0.1")!)      // 0.1, written as a number
/// price <-> ds.price.using(DecimalTransformer())
/// ```
///
/// The `Decimal` is made from the number's literal text, never through a `Double`, so `0.1`
/// stays 0.1 and up to 38 significant digits are kept exactly (beyond that, `Decimal` rounds).
/// A `Decimal` property decoded without a transformer is just as exact under
/// ``DynamicJSONDecoder``: use this transformer where the document may hold the number as a
/// string, or to keep an ObjectMapper mapping line for line. Encoding writes a number literal
/// with every digit of the `Decimal` (`0.1`, `123456789012345678901234567890`).
///
/// ObjectMapper's transform made an `NSDecimalNumber`; convert where one is still needed:
/// `NSDecimalNumber(decimal: value)` and `number.decimalValue`.
public struct DecimalTransformer: Transformer, DefaultInitializable, Sendable {
    /// Makes the transformer: `DecimalTransformer()`.
    public init() {}

    /// The number's exact value: `try DecimalTransformer().decode(LenientNumber("0.1")!)`.
    ///
    /// - Throws: ``TransformerError`` for a number `Decimal` cannot hold (`1e400 is not a
    ///   number Decimal can hold`), and for JSON5's `Infinity` and `NaN`.
    public func decode(_ raw: LenientNumber) throws -> Decimal {
        guard let decimal = raw.number.decimal, decimal.isFinite else {
            throw TransformerError(valueDescription: raw.description, reason: "is not a number Decimal can hold")
        }
        return decimal
    }

    /// The decimal as a number literal: `try DecimalTransformer().encode(Decimal(string: "2.50")!)`
    /// gives `2.5`.
    ///
    /// - Throws: ``TransformerError`` for `Decimal.nan`, which JSON cannot write.
    public func encode(_ value: Decimal) throws -> LenientNumber {
        guard value.isFinite else {
            throw TransformerError(valueDescription: value.description, reason: "is not a finite number")
        }
        return LenientNumber(value)
    }
}
