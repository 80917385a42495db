import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The writer's own text for strings, integers and floats: strings are copied and checked
// sixteen bytes at a time and escaped where a block finds a byte to escape; integers are
// printed two digits at a time; a float's text is copied in word moves whose sizes depend on
// its length. All against `JSONEncoder`'s bytes, over random input that puts every kind of
// byte at every position of a block, at lengths around block boundaries, in buffers that grow
// while a string is written.

@Suite("JSONWriter: strings, integers and floats as JSONEncoder writes them")
struct JSONWriterPropertyTests {
    /// Characters that take each path: plain ASCII, each escape (`"`, `\`, `/`, the named
    /// control characters and the `\u00XX` ones), DEL, two-, three- and four-byte UTF-8, and
    /// the line and paragraph separators (which `JSONEncoder` leaves as they are).
    static let alphabet: [Character] = [
        "a", "Z", "0", " ", "~", "\"", "\\", "/", "\u{8}", "\u{C}", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}",
        "\u{7F}", "é", "ß", "€", "日", "\u{2028}", "\u{2029}", "😀", "\u{10FFFF}",
    ]

    /// Mostly plain text (so that blocks pass whole) with a chosen share of special characters.
    static func randomString(length: Int, using random: inout SeededRandom) -> String {
        let specialShare = [0, 2, 10, 50].randomElement(using: &random)!
        var text = ""
        for _ in 0..<length {
            if Int.random(in: 0..<100, using: &random) < specialShare {
                text.append(alphabet.randomElement(using: &random)!)
            } else {
                text.append(Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))))
            }
        }
        return text
    }

    /// Lengths in characters around one, two and three blocks, and a few long ones.
    static func randomLength(using random: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return Int.random(in: 0...3, using: &random)
        case 1...6: return [15, 16, 17, 31, 32, 33, 47, 48, 49].randomElement(using: &random)! + Int.random(in: -2...2, using: &random)
        case 7, 8: return Int.random(in: 0...100, using: &random)
        default: return Int.random(in: 500...3_000, using: &random)
        }
    }

    static let formattings: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    static func expectSameBytes<T: Encodable>(
        _ value: T, _ formatting: JSONEncoder.OutputFormatting, seed: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let foundation = JSONEncoder(), ours = DynamicJSONEncoder()
        foundation.outputFormatting = formatting
        ours.outputFormatting = formatting
        let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
        let written = String(decoding: try ours.encode(value), as: UTF8.self)
        #expect(written == expected, "seed \(seed), formatting \(formatting.rawValue)", sourceLocation: sourceLocation)
    }

    @Test("random strings as values and keys, alone and after other text, give JSONEncoder's bytes")
    func strings() throws {
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let texts = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Self.randomString(length: Self.randomLength(using: &random), using: &random)
            }
            let formatting = Self.formattings.randomElement(using: &random)!
            // Alone (the string starts the buffer), in an array after other strings (at any
            // offset of the buffer), and as keys.
            try Self.expectSameBytes(texts[0], formatting, seed: seed)
            try Self.expectSameBytes(texts, formatting, seed: seed)
            var object: [String: String] = [:]
            for text in texts { object[text] = text }
            try Self.expectSameBytes(object, formatting, seed: seed)
        }
    }

    @Test("each special character at each position of a block, in strings of every length up to three blocks")
    func everyPosition() throws {
        for character in Self.alphabet where character != "a" {
            for formatting in [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .withoutEscapingSlashes]] {
                var texts: [String] = []
                for length in 1...49 {
                    for position in 0..<length {
                        var text = String(repeating: "a", count: length - 1)
                        text.insert(character, at: text.index(text.startIndex, offsetBy: position))
                        texts.append(text)
                    }
                }
                try Self.expectSameBytes(texts, formatting, seed: 0)
            }
        }
    }

    @Test("a string that grows the buffer while escapes are written")
    func growingWhileEscaping() throws {
        // Every character escaped: six bytes out for each byte in, far past the room made for
        // the text itself.
        for count in [1, 100, 1_000, 5_000] {
            let controls = String(repeating: "\u{1}", count: count), quotes = String(repeating: "\"", count: count)
            try Self.expectSameBytes([controls, quotes, controls + quotes], .sortedKeys, seed: UInt64(count))
        }
    }

    @Test("JSON values write their strings alike and parse back to themselves")
    func treeStrings() throws {
        for seed in UInt64(0)..<100 {
            var random = SeededRandom(state: seed)
            let texts = (0..<4).map { _ in Self.randomString(length: Self.randomLength(using: &random), using: &random) }
            let json = JSON.array(texts.map { JSON.string($0) })
            let expected = String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
            #expect(try DynamicJSONEncoder().encode(json) == Data(expected.utf8), "seed \(seed)")
            #expect(try JSON(parsing: Data(expected.utf8)) == json, "seed \(seed)")
        }
    }

    struct Integers: Encodable {
        var int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
        var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
        var list: [Int]

        init(_ random: inout SeededRandom) {
            // A random magnitude first, so that every digit count is as likely as any other.
            func pick<T: FixedWidthInteger>(_: T.Type) -> T {
                switch Int.random(in: 0..<8, using: &random) {
                case 0: return .min
                case 1: return .max
                case 2: return T(truncatingIfNeeded: Int.random(in: -101...101, using: &random))
                default:
                    let bits = Int.random(in: 0...T.bitWidth, using: &random)
                    let value = T(truncatingIfNeeded: UInt64.random(in: 0...UInt64.max, using: &random) >> (64 - bits))
                    return T.isSigned && Bool.random(using: &random) ? 0 &- value : value
                }
            }
            int = pick(Int.self); int8 = pick(Int8.self); int16 = pick(Int16.self); int32 = pick(Int32.self)
            int64 = pick(Int64.self); uint = pick(UInt.self); uint8 = pick(UInt8.self); uint16 = pick(UInt16.self)
            uint32 = pick(UInt32.self); uint64 = pick(UInt64.self)
            list = (0..<Int.random(in: 0...5, using: &random)).map { _ in pick(Int.self) }
        }
    }

    @Test("random integers of every width, with their minimum and maximum, give JSONEncoder's digits")
    func integers() throws {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            try Self.expectSameBytes(Integers(&random), .sortedKeys, seed: seed)
        }
        // Each power of ten and its neighbours, where the digit count changes.
        var powers: [UInt64] = [0, 1, 9]
        var power: UInt64 = 10
        while true {
            powers += [power - 1, power, power + 1]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        powers.append(.max)
        try Self.expectSameBytes(powers, .sortedKeys, seed: 0)
        try Self.expectSameBytes(powers.map { Int64(truncatingIfNeeded: $0) }, .sortedKeys, seed: 0)
        try Self.expectSameBytes(powers.map { 0 &- Int64(truncatingIfNeeded: $0) }, .sortedKeys, seed: 0)
    }

    @Test("random doubles and floats of every magnitude and text length give JSONEncoder's text")
    func floats() throws {
        var random = SeededRandom(state: 7)
        // Texts from one character ("0" after the ".0" is cut) to the longest, with exponents.
        var doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1e-7, 1e16, 1e22, -2.2250738585072014e-308, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 123456789012345680,
        ]
        var floats: [Float] = [0, 1, -1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 3.4028235e38, Float(bitPattern: 1)]
        for _ in 0..<2_000 {
            let exponent = Int.random(in: -320...308, using: &random)
            let digits = Double(Int.random(in: 1...9_999_999, using: &random)) / 10_000_000
            doubles.append((Bool.random(using: &random) ? -1 : 1) * digits * pow(10, Double(exponent)))
            doubles.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)))
            floats.append(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random)))
        }
        doubles.removeAll { !$0.isFinite }
        floats.removeAll { !$0.isFinite }
        try Self.expectSameBytes(doubles, .sortedKeys, seed: 7)
        try Self.expectSameBytes(floats, .sortedKeys, seed: 7)
        for value in doubles.prefix(200) { try Self.expectSameBytes(value, .sortedKeys, seed: 7) }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("128-bit integers keep the standard library's digits")
    func wideIntegers() throws {
        var writer = JSONWriter(formatting: [])
        for value: Int128 in [.min, .max, 0, -1, 10, Int128(Int64.min) - 1] {
            writer.writeInteger(value)
            writer.append(UInt8(ascii: " "))
        }
        writer.writeInteger(UInt128.max)
        let expected = [Int128.min, .max, 0, -1, 10, Int128(Int64.min) - 1].map { "\($0)" }.joined(separator: " ") + " \(UInt128.max)"
        #expect(writer.string() == expected)
    }
}
