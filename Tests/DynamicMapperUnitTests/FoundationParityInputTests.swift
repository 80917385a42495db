import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// Input encodings, number equality and how often user code runs, side by side with
// Foundation's coders where Foundation's answer is ours.

/// What a decoder made of some bytes: the strings of a `[String]` or a lone `String`, or nil
/// when it refused them.
private func strings(_ decoder: JSONDecoder, _ bytes: [UInt8]) -> [String]? {
    if let array = try? decoder.decode([String].self, from: Data(bytes)) { return array }
    return (try? decoder.decode(String.self, from: Data(bytes))).map { [$0] }
}

@Suite("Foundation parity: input encodings")
struct FoundationParityInputTests {
    /// Byte sequences around the detection rules, each read as Foundation reads it.
    static let inputs: [[UInt8]] = [
        // BOM-less UTF-16 needs zero bytes where two ASCII characters leave them.
        [0x22, 0x00, 0x2D, 0x4E, 0x22, 0x00], [0x00, 0x22, 0x4E, 0x2D, 0x00, 0x22],
        [0x22, 0x00, 0x61, 0x00, 0x22, 0x00], [0x00, 0x22, 0x00, 0x61, 0x00, 0x22],
        // Two bytes: UTF-16 when one of them is zero; three bytes never are.
        [0x31, 0x00], [0x00, 0x31], [0x5B, 0x00, 0x5D], [0x5B, 0x5D, 0x00],
        // Odd lengths with and without a byte order mark: the last byte is dropped.
        [0xFF, 0xFE, 0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00, 0x5D, 0x00, 0x41],
        [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00, 0x5D, 0x41],
        [0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00, 0x5D, 0x00, 0x41],
        [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00],
        [0x5B, 0x00, 0x31, 0x00, 0x5D],
        // UTF-32 with a trailing partial unit.
        [0x5B, 0, 0, 0, 0x22, 0, 0, 0, 0x61, 0, 0, 0, 0x22, 0, 0, 0, 0x5D, 0, 0, 0, 0x41],
        // `FE FF 00 00`: UTF-32 little-endian after those four bytes, as Foundation reads it.
        [0xFE, 0xFF, 0x00, 0x00, 0x5B, 0, 0, 0, 0x22, 0, 0, 0, 0x61, 0, 0, 0, 0x22, 0, 0, 0, 0x5D, 0, 0, 0],
        [0xFE, 0xFF, 0x00, 0x00], [0xFE, 0xFF, 0x00, 0x00, 0x00, 0x31],
        // A lone surrogate is refused.
        [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x22, 0xD8, 0x00, 0x00, 0x22, 0x00, 0x5D],
    ]

    @Test(arguments: inputs)
    func inputEncodingsAreDetectedAsFoundationDetectsThem(_ bytes: [UInt8]) throws {
        let foundation = strings(JSONDecoder(), bytes)
        #expect(strings(DynamicJSONDecoder(), bytes) == foundation, "\(bytes.map { String($0, radix: 16) })")
        #expect((try? JSON(parsing: Data(bytes))) != nil || foundation == nil)
    }

    /// Foundation's `bomPrefixes`: every byte order mark, and mismatched ones refused.
    @Test func byteOrderMarksAsInFoundation() throws {
        let text = #""👍🏻""#
        let cases: [([UInt8], String.Encoding, Bool)] = [
            ([0xEF, 0xBB, 0xBF], .utf8, true), ([0xFE, 0xFF], .utf16BigEndian, true), ([0xFF, 0xFE], .utf16LittleEndian, true),
            ([0, 0, 0xFE, 0xFF], .utf32BigEndian, true), ([0xFE, 0xFF, 0, 0], .utf32LittleEndian, true),
            ([0xFE, 0xFF, 0, 0], .utf32BigEndian, false), ([0xFE, 0xFF], .utf32LittleEndian, false), ([0xEF, 0xBB, 0xBF], .utf16BigEndian, false),
        ]
        for (mark, encoding, valid) in cases {
            let data = Data(mark) + (text.data(using: encoding) ?? Data())
            let ours = try? DynamicJSONDecoder().decode(String.self, from: data)
            #expect(ours == (valid ? "👍🏻" : nil), "\(mark) \(encoding)")
            #expect(ours == (try? JSONDecoder().decode(String.self, from: data)), "\(mark) \(encoding)")
        }
        // Two-byte UTF-16 input, Foundation's `twoByteUTF16Inputs`.
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian] {
            #expect(try DynamicJSONDecoder().decode(Int.self, from: "7".data(using: encoding) ?? Data()) == 7)
        }
    }

    @Test func bomLessUTF16NeedsFoundationsZeroBytes() throws {
        // `"中"` as UTF-16LE without a byte order mark: Foundation reads UTF-8 and refuses it.
        let bytes: [UInt8] = [0x22, 0x00, 0x2D, 0x4E, 0x22, 0x00]
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(String.self, from: Data(bytes)) }
        // With a byte order mark it is UTF-16.
        #expect(try DynamicJSONDecoder().decode(String.self, from: Data([0xFF, 0xFE] + bytes)) == "中")
    }

    @Test func utf32LittleEndianByteOrderMarkIsADeliberateDifference() throws {
        let bytes: [UInt8] = [0xFF, 0xFE, 0, 0, 0x22, 0, 0, 0, 0x61, 0, 0, 0, 0x22, 0, 0, 0]
        #expect(try DynamicJSONDecoder().decode(String.self, from: Data(bytes)) == "a")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(String.self, from: Data(bytes)) }
    }
}

@Suite("Foundation parity: number equality")
struct FoundationParityNumberTests {
    private func number(_ literal: String) throws -> JSON.Number {
        try #require(JSON.Number(literal: literal))
    }

    @Test func hugeExponentsCompareExactly() throws {
        #expect(try number("1e100000000000") != number("1e100000000001"))
        #expect(try number("1e100000000000") == number("10e99999999999"))
        #expect(try number("1e100000000000000000000") != number("1e100000000000000000001"))
        #expect(try number("1e100000000000000000000") == number("10e99999999999999999999"))
        #expect(try number("1e-100000000000000000000") == number("0.1e-99999999999999999999"))
        #expect(try number("1e9223372036854775807") != number("1e9223372036854775808"))
        #expect(try number("123.45e999999999999999999") == number("12345e999999999999999997"))
        #expect(try number("0e99999999999999999999999") == number("0"))
        #expect(try number("-0.0e-99999999999999999999") == number("0"))
        // Around the switch from Int to digits (10^18).
        #expect(try number("1e999999999999999999") == number("10e999999999999999998"))
        #expect(try number("1e1000000000000000000") == number("100e999999999999999998"))
        #expect(try number("1.5e1000000000000000000") == number("15e999999999999999999"))
        #expect(Set([try number("1e1000000000000000000"), try number("0.01e1000000000000000002")]).count == 1)
    }

    @Test func randomSpellingsOfOneValueAreEqualAndHashAlike() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(state: seed)
        func decimal(_ digits: [UInt8]) -> String { digits.isEmpty ? "0" : String(decoding: digits.map { $0 + 48 }, as: UTF8.self) }
        for _ in 0..<500 {
            let digits = String(Int.random(in: 1...999_999, using: &generator))
            let exponentDigits = (0..<Int.random(in: 1...25, using: &generator)).map { _ in UInt8.random(in: 0...9, using: &generator) }
            let negative = Bool.random(using: &generator)
            let base = "\(digits)e\(negative ? "-" : "")\(decimal(exponentDigits))"
            // Moving the point `shift` places left and adding `shift` to the exponent keeps the value.
            let shift = Int.random(in: 0...5, using: &generator)
            let (movedNegative, moved) = BigDecimalDigits.add(negative, Array(exponentDigits.drop { $0 == 0 }), false, shift == 0 ? [] : [UInt8(shift)])
            let mantissa =
                digits.count > shift
                ? (shift == 0 ? digits : "\(digits.dropLast(shift)).\(digits.suffix(shift))")
                : "0.\(String(repeating: "0", count: shift - digits.count))\(digits)"
            let spelled = "\(mantissa)e\(movedNegative ? "-" : "")\(decimal(moved))"
            #expect(try number(base) == number(spelled), "seed \(seed): \(base) vs \(spelled)")
            #expect(try number(base).hashValue == number(spelled).hashValue, "seed \(seed): \(base) vs \(spelled)")
            // Another digit on the exponent is another value.
            #expect(try number(base) != number(base + "1"), "seed \(seed): \(base)")
        }
    }
}
