import Foundation

/// How the encoders write a `Float` or `Double` under `JSONEncoder`'s non-conforming float
/// strategy, in one place for both.
enum FloatText {
    /// The JSON text of a float: a number, or a string when the strategy converts non-finite
    /// values. Throws the error `JSONEncoder` throws otherwise.
    static func text<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy, path: @autoclosure () -> [any CodingKey]
    ) throws -> (text: String, isString: Bool) {
        if value.isFinite { return (NumberFormatting.text(for: value), false) }
        if case .convertToString(let positive, let negative, let nan) = strategy {
            if value.isNaN { return (nan, true) }
            return (value < 0 ? negative : positive, true)
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: path(),
                debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }
}
