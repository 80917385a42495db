import Foundation

/// Conversions from validated number text to Swift numbers.
///
/// Integers are read digit by digit with overflow checks; a literal with a fraction or an
/// exponent is an integer only when its value is exactly one (`1.0`, `1e2`). Doubles take the
/// exact fast path (at most 15 significant digits and a power of ten of at most 22, where one
/// correctly rounded multiply or divide is exact) and otherwise the standard library's
/// correctly rounded parser.
enum NumberParsing {
    /// Powers of ten that `Double` represents exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    static func integer<T: FixedWidthInteger>(_: T.Type, bytes: UnsafePointer<UInt8>, count: Int, isPlainInteger: Bool) -> T? {
        if isPlainInteger, let value = plainInteger(T.self, bytes: bytes, count: count) {
            return value
        }
        return exactInteger(T.self, text: UnsafeBufferPointer(start: bytes, count: count))
    }

    static func integer<T: FixedWidthInteger>(_: T.Type, literal: String) -> T? {
        var literal = literal
        return literal.withUTF8 {
            integer(
                T.self, bytes: $0.baseAddress ?? ScanBytes.emptyPointer, count: $0.count,
                isPlainInteger: !$0.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        }
    }

    /// `-?[0-9]+` with overflow checking; nil on overflow or any other byte.
    @inline(__always)
    private static func plainInteger<T: FixedWidthInteger>(_: T.Type, bytes: UnsafePointer<UInt8>, count: Int) -> T? {
        var index = 0
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative {
            guard T.isSigned || count == 2 && bytes[1] == UInt8(ascii: "0") else { return nil }
            index = 1
        }
        guard index < count else { return nil }
        var value: T = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(T(digit))
                : shifted.addingReportingOverflow(T(digit))
            guard !overflow1 && !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Literals with a fraction or exponent that still denote an integer, e.g. `1.0` or `25e-1`
    /// is not one, `2.5e1` is.
    private static func exactInteger<T: FixedWidthInteger>(_: T.Type, text: UnsafeBufferPointer<UInt8>) -> T? {
        let canonical = CanonicalNumber(String(decoding: text, as: UTF8.self))
        guard canonical.special == nil, canonical.exponent >= 0 else { return nil }
        if canonical.digits.isEmpty { return 0 }
        guard canonical.digits.count + canonical.exponent <= 40 else { return nil }
        var value: T = 0
        let digits = canonical.digits + Array(repeating: UInt8(ascii: "0"), count: canonical.exponent)
        for byte in digits {
            let digit = T(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = canonical.negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1 && !overflow2 else { return nil }
            value = next
        }
        return value
    }

    /// The correctly rounded `Double` for a strict literal (may be infinite for huge exponents).
    @inline(__always)
    static func double(bytes: UnsafePointer<UInt8>, count: Int) -> Double {
        if let fast = fastDouble(bytes: bytes, count: count) { return fast }
        // The standard library's parser is correctly rounded and ignores the C locale.
        return Double(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)) ?? .nan
    }

    /// The correctly rounded `Double` for any strict, `Infinity` or `NaN` literal.
    static func double(literal: String) -> Double? {
        switch literal {
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case "NaN", "-NaN": return .nan
        default:
            var literal = literal
            return literal.withUTF8 { double(bytes: $0.baseAddress ?? ScanBytes.emptyPointer, count: $0.count) }
        }
    }

    /// Whether the significand has a digit other than zero, i.e. the value is not zero (so a
    /// zero result means it underflowed).
    static func hasNonzeroDigit(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte | 0x20 == UInt8(ascii: "e") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
            index += 1
        }
        return false
    }

    static func hasNonzeroDigit(_ literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { hasNonzeroDigit($0.baseAddress ?? ScanBytes.emptyPointer, count: $0.count) }
    }

    /// The `Double` that is exactly the 64-bit integer `literal`, or nil: JSON5 hexadecimal
    /// literals convert to floating point only without rounding, as in Foundation (`0x1F` is
    /// 31.0; 2^53 + 1 has no `Double`).
    static func exactDouble(integer literal: String) -> Double? {
        if let value = integer(Int64.self, literal: literal) { return Double(exactly: value) }
        if let value = integer(UInt64.self, literal: literal) { return Double(exactly: value) }
        return nil
    }

    static func isNonFiniteLiteral(_ literal: String) -> Bool {
        literal.hasSuffix("Infinity") || literal.hasSuffix("NaN")
    }

    /// Clinger's fast path: exact when the significand fits in 53 bits and the power of ten is
    /// itself exact, because then one IEEE multiply or divide rounds once, correctly.
    @inline(__always)
    private static func fastDouble(bytes: UnsafePointer<UInt8>, count: Int) -> Double? {
        var index = 0
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            if significand != 0 || digit != 0 { digits += 1 }
            significand = significand &* 10 &+ UInt64(digit)
            index += 1
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if significand != 0 || digit != 0 { digits += 1 }
                significand = significand &* 10 &+ UInt64(digit)
                exponent -= 1
                index += 1
            }
        }
        // Any 19 digits fit in 64 bits; beyond that the significand wrapped.
        guard digits <= 19 else { return nil }
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var explicit = 0
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                guard explicit < 10_000 else { return nil }
                explicit = explicit * 10 + Int(digit)
                index += 1
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        guard index == count else { return nil }
        guard digits <= 15, significand <= 1 << 53 else {
            return extendedDouble(significand: significand, exponent: exponent, negative: negative)
        }
        var value = Double(significand)
        if exponent < 0 {
            guard exponent >= -22 else { return nil }
            value /= exactPowersOfTen[-exponent]
        } else if exponent > 0 {
            guard exponent <= 22 else { return nil }
            value *= exactPowersOfTen[exponent]
        }
        return negative ? -value : value
    }
}

extension NumberParsing {
    /// Up to 19 significant digits with a power of ten `Float80` holds exactly (5^27 < 2^64):
    /// the one `Float80` multiply or divide rounds once, within half a `Float80` ulp. Rounding
    /// that to `Double` is then correct unless the `Float80` result sits exactly on a `Double`
    /// midpoint (its 11 extra bits are 1000_0000_000), the only case where the first rounding
    /// could have moved it across; that case, and subnormal results, take the slow path.
    @inline(__always)
    static func extendedDouble(significand: UInt64, exponent: Int, negative: Bool) -> Double? {
        #if arch(x86_64) && !os(Windows) && !os(Android)
        guard exponent >= -27 && exponent <= 27 else { return nil }
        var power: Float80 = 1
        var remaining = exponent < 0 ? -exponent : exponent
        var base: Float80 = 10
        while remaining > 0 {
            if remaining & 1 == 1 { power *= base }
            base *= base
            remaining >>= 1
        }
        let wide = exponent < 0 ? Float80(significand) / power : Float80(significand) * power
        guard wide.significandBitPattern & 0x7FF != 0x400, wide == 0 || wide.exponent > -1000 else { return nil }
        let value = Double(wide)
        return negative ? -value : value
        #else
        return nil
        #endif
    }
}

/// How floating-point values are written, identical to `JSONEncoder`: the shortest digits that
/// round-trip (Swift's `description`), without a trailing `.0`.
enum NumberFormatting {
    static func text<F: BinaryFloatingPoint & LosslessStringConvertible>(for value: F) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
