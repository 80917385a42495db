import DynamicMapper
import Foundation
import Testing
import DynamicMapperTestSupport

/// `JSON.Number` from integer and floating-point literals: the docs write `.number(3)` as code.
@Suite struct JSONNumberLiteralTests {
    @Test("literals give the text the initialisers give")
    func literalsGiveTheInitialisersText() throws {
        let three: JSON.Number = 3
        let price: JSON.Number = 1.50
        let negative: JSON.Number = -42
        let exponent: JSON.Number = 1e300
        #expect(three.literal == "3")
        #expect(price.literal == "1.5")
        #expect(negative.literal == "-42")
        #expect(exponent.literal == JSON.Number(1e300).literal)
        #expect(JSON.number(3) == JSON.number(JSON.Number(3)))
    }

    @Test("a literal compares with a parsed number by value")
    func literalComparesWithParsedNumber() throws {
        let json = try JSON(parsing: #"{"count": 3.0, "price": 1.10, "big": 9007199254740993}"#)
        #expect(json["count"] == .number(3))
        #expect(json["price"] == .number(1.1))
        #expect(json["price"]?.numberValue?.literal == "1.10")
        #expect(json["big"] == .number(9007199254740993))
        #expect(json["big"] != .number(9007199254740992))
        let encoded = try DynamicJSONEncoder().encodeJSON(["count": 3])
        #expect(encoded["count"] == .number(3))
    }

    @Test("random integers and doubles: the literal matches the initialiser")
    func randomLiteralsMatchInitialisers() throws {
        for seed in UInt64(0)..<500 {
            var random = SeededRandom(state: seed)
            let integer = Int.random(in: Int.min...Int.max, using: &random)
            #expect(JSON.Number(integerLiteral: integer) == JSON.Number(integer), "seed \(seed)")
            #expect(JSON.Number(integerLiteral: integer).literal == String(integer), "seed \(seed)")
            let double = Double(bitPattern: random.next())
            guard double.isFinite else { continue }
            let number = JSON.Number(floatLiteral: double)
            #expect(number.literal == JSON.Number(double).literal, "seed \(seed)")
            #expect(number.double == double, "seed \(seed): \(double)")
        }
    }
}
