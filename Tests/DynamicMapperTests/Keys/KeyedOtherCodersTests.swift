import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// `Keyed<T>` through coders other than JSON ones: every number reaches them as the Swift
// type that holds it exactly, and comes back as the same number (issue 12, item 6).

private struct KOReading: Codable, Equatable {
    var id: Int64
    var count: UInt64
    var ratio: Double
    var amount: Decimal

    enum CodingKeys: String, KeyedKey {
        case id
        case count = "stats.count"
        case ratio = "stats.ratio"
        case amount = "price.amount"
    }
}

/// A dynamic model: its document's numbers it does not declare go through the coder too.
private struct KODynamic: DynamicCodable, Equatable {
    var dynamicSelf: DynamicClass?
    var price: Decimal

    static func == (lhs: KODynamic, rhs: KODynamic) -> Bool { lhs.price == rhs.price }
}

/// The two property list formats (internal: test arguments cannot be private types).
enum KOFormat: String, CaseIterable, Sendable {
    case binary, xml

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = self == .binary ? .binary : .xml
        return try PropertyListDecoder().decode(Keyed<T>.self, from: encoder.encode(Keyed(value))).value
    }
}

/// A random number literal: integers of every size (the extremes included), doubles of any
/// magnitude, and decimals with up to 38 significant digits.
private func koLiteral(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return String(Int64.random(in: .min ... .max, using: &random))
    case 1: return String(UInt64.random(in: 0 ... .max, using: &random))
    case 2: return [String(Int64.min), String(Int64.max), String(UInt64.max), "0", "-1"].randomElement(using: &random)!
    case 3:
        var double = Double(bitPattern: random.next())
        while !double.isFinite { double = Double(bitPattern: random.next()) }
        return JSON.Number(double).literal
    case 4: return JSON.Number(Double.random(in: -1e6...1e6, using: &random)).literal
    default:
        let digits = (0..<Int.random(in: 2...36, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        let point = Int.random(in: 1..<digits.count, using: &random)
        let sign = Bool.random(using: &random) ? "-" : ""
        return sign + "1" + digits.prefix(point) + "." + digits.dropFirst(point) + "7"
    }
}

@Suite("Keyed<T> with PropertyListEncoder and PropertyListDecoder")
struct KeyedOtherCodersTests {
    @Test("the issue's example: 123.456 goes as a Double and comes back", arguments: KOFormat.allCases)
    func issueExample(format: KOFormat) throws {
        let input = #"{"id":7,"stats":{"count":3,"ratio":123.456},"price":{"amount":123.456}}"#
        let reading = try DynamicJSONDecoder().decode(KOReading.self, from: Data(input.utf8))
        let back = try format.roundTrip(reading)
        #expect(back == reading)
        #expect(back.ratio == 123.456)
        #expect(back.amount == Decimal(string: "123.456"))
        #expect(String(decoding: try DynamicJSONEncoder().encode(back), as: UTF8.self) == input)
    }

    @Test("what the property list holds: integers, a Double, and a Decimal only when no Double holds the value")
    func whatThePropertyListHolds() throws {
        let json: JSON = try JSON(parsing: #"{"i":-9223372036854775808,"u":18446744073709551615,"d":123.456,"m":0.1000000000000000000001}"#)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let plist = try PropertyListSerialization.propertyList(from: encoder.encode(Keyed(json)), format: nil) as? [String: Any]
        #expect((plist?["i"] as? NSNumber)?.int64Value == .min)
        #expect((plist?["u"] as? NSNumber)?.uint64Value == .max)
        #expect((plist?["d"] as? NSNumber)?.doubleValue == 123.456)
        // Decimal's own keyed form, which the decoder reads back as the number.
        #expect(Set((plist?["m"] as? [String: Any])?.keys.map { $0 } ?? []) == ["exponent", "length", "isNegative", "isCompact", "mantissa"])
        let back = try PropertyListDecoder().decode(Keyed<JSON>.self, from: encoder.encode(Keyed(json))).value
        #expect(back == json)
        #expect(back["m"]?.numberValue?.literal == "0.1000000000000000000001")
    }

    @Test("random numbers in every property survive the round trip exactly", arguments: Array(UInt64(1)...6))
    func randomNumbers(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for round in 0..<100 {
            let literals = (0..<6).map { _ in koLiteral(&random) }
            var object = JSON.Object()
            for (position, literal) in literals.enumerated() { object["n\(position)"] = .number(JSON.Number(literal: literal)!) }
            object["list"] = .array(literals.map { .number(JSON.Number(literal: $0)!) })
            let json = JSON.object(object)
            for format in KOFormat.allCases {
                let back = try format.roundTrip(json)
                #expect(back == json, "seed \(seed), round \(round), \(format): \(literals)")
            }
        }
    }

    @Test("random typed models decoded from JSON come back equal", arguments: Array(UInt64(1)...4))
    func randomModels(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for round in 0..<100 {
            var ratio = Double(bitPattern: random.next())
            while !ratio.isFinite { ratio = Double(bitPattern: random.next()) }
            let amount = koLiteral(&random)
            let input =
                #"{"id":\#(Int64.random(in: .min ... .max, using: &random)),"stats":{"count":\#(UInt64.random(in: 0 ... .max, using: &random)),"#
                + #""ratio":\#(JSON.Number(ratio).literal)},"price":{"amount":\#(amount)}}"#
            let reading: KOReading
            do {
                reading = try DynamicJSONDecoder().decode(KOReading.self, from: Data(input.utf8))
            } catch {
                continue // an amount beyond Decimal's range
            }
            for format in KOFormat.allCases {
                #expect(try format.roundTrip(reading) == reading, "seed \(seed), round \(round), \(format): \(input)")
            }
        }
    }

    @Test("a dynamic model's undeclared numbers come back too")
    func dynamicModel() throws {
        let input = #"{"price":19.99,"big":123456789012345678901234567890,"small":-0.000000000000000000000123,"max":18446744073709551615}"#
        let model = try DynamicJSONDecoder().decode(KODynamic.self, from: Data(input.utf8))
        let back = try KOFormat.binary.roundTrip(model)
        #expect(back.price == Decimal(string: "19.99"))
        #expect(try DynamicJSONEncoder().encodeJSON(back) == (try JSON(parsing: input)))
    }
}
