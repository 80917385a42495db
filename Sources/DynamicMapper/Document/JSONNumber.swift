import Foundation

extension JSON {
    /// A JSON number kept as its literal text, so nothing is rounded until you ask for a reading.
    ///
    /// ```swift
    /// let n = JSON.Number(literal: "9007199254740993")!
    /// n.int64     // 9007199254740993 (exact)
    /// n.double    // 9007199254740992.0 (nearest)
    /// n.literal   // "9007199254740993"
    /// ```
    ///
    /// Two numbers are equal when they denote the same value exactly (`1`, `1.0`, `1e0` and
    /// `10e-1` are equal; `-0` equals `0`), however many digits they have.
    public struct Number: Sendable, Hashable, CustomStringConvertible {
        /// The exact text, as read or as formatted when built from a Swift number.
        public let literal: String

        /// A number from JSON text; `nil` unless `literal` follows the RFC 8259 number grammar.
        ///
        /// ```swift
        /// JSON.Number(literal: "1.50")?.double   // 1.5
        /// JSON.Number(literal: "01")             // nil
        /// ```
        public init?(literal: String) {
            var bytes = Array(literal.utf8)
            let valid = bytes.withUnsafeMutableBufferPointer { NumberGrammar.isStrictNumber($0) }
            guard valid else { return nil }
            self.literal = literal
        }

        /// Trusted construction from text the scanner has validated (or normalised from JSON5).
        init(validated literal: String) {
            self.literal = literal
        }

        /// An integer: `JSON.Number(42)`.
        public init<Integer: BinaryInteger>(_ value: Integer) {
            literal = String(value)
        }

        /// A floating-point value, written as `JSONEncoder` writes it (`1.0` becomes `1`).
        /// Non-finite values are written `Infinity`, `-Infinity` and `NaN` (valid only in JSON5).
        ///
        /// ```swift
        /// JSON.Number(2.50).literal   // "2.5"
        /// ```
        public init(_ value: Double) {
            literal = NumberFormatting.text(for: value)
        }

        /// A `Float`, written with `Float`'s shortest round-trip digits: `JSON.Number(Float(0.1))`
        /// gives `0.1`.
        public init(_ value: Float) {
            literal = NumberFormatting.text(for: value)
        }

        /// A `Decimal`, written as `JSONEncoder` writes it.
        ///
        /// ```swift
        /// JSON.Number(Decimal(string: "3.14")!).literal   // "3.14"
        /// ```
        public init(_ value: Decimal) {
            literal = value.description
        }

        /// The literal text.
        public var description: String { literal }

        /// The value as `Int`, when it is an integer that fits exactly (`1e2` is `100`).
        ///
        /// ```swift
        /// JSON.Number(literal: "1e2")?.int   // 100
        /// JSON.Number(literal: "1.5")?.int   // nil
        /// ```
        public var int: Int? { NumberParsing.integer(Int.self, literal: literal) }

        /// The value as `Int64`, when it is an integer that fits exactly.
        ///
        /// ```swift
        /// JSON.Number(literal: "-9223372036854775808")?.int64   // Int64.min
        /// JSON.Number(literal: "9223372036854775808")?.int64    // nil
        /// ```
        public var int64: Int64? { NumberParsing.integer(Int64.self, literal: literal) }

        /// The value as `UInt64`, when it is a non-negative integer that fits exactly.
        ///
        /// ```swift
        /// JSON.Number(literal: "18446744073709551615")?.uint64   // UInt64.max
        /// ```
        public var uint64: UInt64? { NumberParsing.integer(UInt64.self, literal: literal) }

        /// The nearest `Double` (correctly rounded); `nil` when the value overflows `Double`.
        ///
        /// ```swift
        /// JSON.Number(literal: "0.1")?.double   // 0.1
        /// JSON.Number(literal: "1e400")?.double // nil
        /// ```
        public var double: Double? {
            let value = NumberParsing.double(literal: literal)
            guard let value, value.isFinite || NumberParsing.isNonFiniteLiteral(literal) else { return nil }
            return value
        }

        /// The value as `Decimal`, when `Decimal` can hold it.
        ///
        /// ```swift
        /// JSON.Number(literal: "1.10")?.decimal   // 1.1
        /// ```
        public var decimal: Decimal? { Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) }

        /// Equal when the literals denote the same value exactly:
        /// `JSON.Number(literal: "1.0") == JSON.Number(literal: "1e0")` is `true`.
        public static func == (lhs: Number, rhs: Number) -> Bool {
            lhs.literal == rhs.literal || CanonicalNumber(lhs.literal) == CanonicalNumber(rhs.literal)
        }

        /// Hashes the exact value, consistent with `==`:
        /// `Set([JSON.Number(1), JSON.Number(1.0)]).count` is `1`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(CanonicalNumber(literal))
        }
    }
}

/// A number literal reduced to sign, significant digits and exponent, so that equal values
/// have equal forms whatever their notation. Exponents saturate far beyond any real use.
struct CanonicalNumber: Hashable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0
    var special: String?

    init(_ literal: String) {
        var bytes = Substring(literal).utf8[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard let first = bytes.first, first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            special = literal
            return
        }
        var fractionDigits = 0
        var seenPoint = false
        var exponentPart = 0
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if digits.isEmpty && byte == UInt8(ascii: "0") {
                    if seenPoint { fractionDigits += 1 }
                    continue
                }
                digits.append(byte)
                if seenPoint { fractionDigits += 1 }
            case UInt8(ascii: "."):
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                var sign = 1
                var value = 0
                while let next = iterator.next() {
                    switch next {
                    case UInt8(ascii: "-"): sign = -1
                    case UInt8(ascii: "+"): break
                    default:
                        value = value > 1_000_000_000 ? value : value * 10 + Int(next &- UInt8(ascii: "0"))
                    }
                }
                exponentPart = sign * value
            default:
                break
            }
        }
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            fractionDigits -= 1
        }
        if digits.isEmpty {
            negative = false
            exponent = 0
        } else {
            exponent = exponentPart - fractionDigits
        }
    }

}
