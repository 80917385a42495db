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
        public var literal: String {
            switch storage {
            case .text(let text): return text
            case .packed: return withUTF8 { String(decoding: $0, as: UTF8.self) }
            }
        }

        private let storage: PackedLiteral

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
            storage = .text(literal)
        }

        /// Trusted construction from text the scanner has validated (or normalised from JSON5).
        init(validated literal: String) {
            storage = .text(literal)
        }

        /// Trusted construction from the bytes of a strict literal the scanner has validated:
        /// a literal too long for a `String` without an allocation is packed instead.
        @inline(__always)
        init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
            storage = PackedLiteral(bytes)
        }

        /// Whether the literal is packed (so ``withUTF8(_:)`` is cheaper than ``literal``); a
        /// packed literal is always a finite strict number.
        var isPacked: Bool {
            if case .packed = storage { return true }
            return false
        }

        /// The literal's UTF-8 bytes, without making a `String` of a packed literal.
        func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            storage.withUTF8(body)
        }

        /// An integer: `JSON.Number(42)`.
        public init<Integer: BinaryInteger>(_ value: Integer) {
            storage = .text(String(value))
        }

        /// A floating-point value, written as `JSONEncoder` writes it (`1.0` becomes `1`).
        /// Non-finite values are written `Infinity`, `-Infinity` and `NaN` (valid only in JSON5).
        ///
        /// ```swift
        /// JSON.Number(2.50).literal   // "2.5"
        /// ```
        public init(_ value: Double) {
            storage = .text(NumberFormatting.text(for: value))
        }

        /// A `Float`, written with `Float`'s shortest round-trip digits: `JSON.Number(Float(0.1))`
        /// gives `0.1`.
        public init(_ value: Float) {
            storage = .text(NumberFormatting.text(for: value))
        }

        /// A `Decimal`, written as `JSONEncoder` writes it.
        ///
        /// ```swift
        /// JSON.Number(Decimal(string: "3.14")!).literal   // "3.14"
        /// ```
        public init(_ value: Decimal) {
            storage = .text(value.description)
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
            if case .packed(let first, let second) = lhs.storage, case .packed(first, second) = rhs.storage { return true }
            return lhs.literal == rhs.literal || CanonicalNumber(lhs.literal) == CanonicalNumber(rhs.literal)
        }

        /// Hashes the exact value, consistent with `==`:
        /// `Set([JSON.Number(1), JSON.Number(1.0)]).count` is `1`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(CanonicalNumber(literal))
        }
    }
}

/// A number literal reduced to sign, significant digits and exponent, so that equal values
/// have equal forms whatever their notation. The exponent is exact at any size: one whose
/// magnitude reaches 10^18 is kept as decimal digits instead of an `Int`.
struct CanonicalNumber: Hashable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0
    /// The exponent's decimal digits (sign first) when its magnitude is 10^18 or more.
    var hugeExponent: [UInt8]?
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
        var exponentNegative = false
        var exponentDigits: [UInt8] = []
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
                while let next = iterator.next() {
                    switch next {
                    case UInt8(ascii: "-"): exponentNegative = true
                    case UInt8(ascii: "+"): break
                    default:
                        if exponentDigits.isEmpty && next == UInt8(ascii: "0") { continue }
                        exponentDigits.append(next &- UInt8(ascii: "0"))
                    }
                }
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
            return
        }
        setExponent(negative: exponentNegative, digits: exponentDigits, minus: fractionDigits)
    }

    private static let hugeDigits = 19

    /// The exponent `±digits - adjustment`, as an `Int` below 10^18 in magnitude, else as digits.
    private mutating func setExponent(negative: Bool, digits: [UInt8], minus adjustment: Int) {
        if digits.count < Self.hugeDigits {
            let written = digits.reduce(0) { $0 * 10 + Int($1) }
            let value = (negative ? -written : written) - adjustment
            if value.magnitude < 1_000_000_000_000_000_000 {
                exponent = value
                return
            }
        }
        let adjustmentDigits = String(adjustment.magnitude).utf8.map { $0 - UInt8(ascii: "0") }.drop { $0 == 0 }
        let (sumNegative, sum) = BigDecimalDigits.add(negative, digits, adjustment > 0, Array(adjustmentDigits))
        if sum.count < Self.hugeDigits {
            let magnitude = sum.reduce(0) { $0 * 10 + Int($1) }
            exponent = sumNegative ? -magnitude : magnitude
        } else {
            hugeExponent = [sumNegative ? UInt8(ascii: "-") : UInt8(ascii: "+")] + sum
        }
    }
}

/// Signed addition of non-negative integers written as decimal digit values (most significant
/// first, no leading zeros), for exponents too long for `Int`.
enum BigDecimalDigits {
    static func add(_ leftNegative: Bool, _ left: [UInt8], _ rightNegative: Bool, _ right: [UInt8]) -> (Bool, [UInt8]) {
        if leftNegative == rightNegative { return (leftNegative, sum(left, right)) }
        switch compare(left, right) {
        case 0: return (false, [])
        case 1: return (leftNegative, difference(left, right))
        default: return (rightNegative, difference(right, left))
        }
    }

    private static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
        return 0
    }

    private static func sum(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var carry: UInt8 = 0
        var i = left.count - 1, j = right.count - 1
        while i >= 0 || j >= 0 || carry > 0 {
            let total = (i >= 0 ? left[i] : 0) + (j >= 0 ? right[j] : 0) + carry
            result.append(total % 10)
            carry = total / 10
            i -= 1
            j -= 1
        }
        return trimmed(result.reversed())
    }

    /// `left - right`, where `left` is the larger.
    private static func difference(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var borrow: UInt8 = 0
        var j = right.count - 1
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            let subtrahend = (j >= 0 ? right[j] : 0) + borrow
            if left[i] >= subtrahend {
                result.append(left[i] - subtrahend)
                borrow = 0
            } else {
                result.append(left[i] + 10 - subtrahend)
                borrow = 1
            }
            j -= 1
        }
        return trimmed(result.reversed())
    }

    private static func trimmed(_ digits: [UInt8]) -> [UInt8] {
        Array(digits.drop { $0 == 0 })
    }
}

// Literals let a number stand where a JSON.Number is expected, so a comparison reads as the
// value it checks: `json["count"] == .number(3)`, `JSON.Object(["price": .number(1.5)])`.
extension JSON.Number: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// An integer literal: `let count: JSON.Number = 3` (the literal `"3"`).
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// A floating-point literal, written as `JSONEncoder` writes the `Double`:
    /// `let price: JSON.Number = 1.50` (the literal `"1.5"`).
    public init(floatLiteral value: Double) {
        self.init(value)
    }
}
