import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `DecimalTransformer` (ObjectMapper's `NSDecimalNumberTransform`): exact `Decimal` from the
// number's literal, also from a string (issue 28, item 6).

private struct DTPrice: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var amount: Decimal = 0
    var tax: Decimal?
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        amount <-> ds.amount.using(DecimalTransformer())
        tax <-> ds.tax.using(DecimalTransformer())
    }
}

private struct DTPlainPrice: Codable {
    var amount: Decimal
}

private func dtDecimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

@Suite("DecimalTransformer: exact decimals from number literals and strings")
struct DecimalTransformerTests {
    @Test("0.1 stays exactly 0.1; 30 significant digits are kept; strings read too")
    func exactValues() throws {
        let price = try DynamicJSONDecoder().decode(DTPrice.self, from: Data(#"{"amount":0.1,"tax":"123456789012345678.901234567891"}"#.utf8))
        #expect(price.amount == dtDecimal("0.1"))
        #expect(price.amount * 3 == dtDecimal("0.3")) // false for any Double near 0.1
        #expect(price.tax == dtDecimal("123456789012345678.901234567891"))
        #expect(price.tax?.description == "123456789012345678.901234567891")
        var edited = price
        edited.amount = dtDecimal("19.99")
        edited.tax = dtDecimal("0.000000000000000000000000000001")
        #expect(
            String(decoding: try DynamicJSONEncoder().encode(edited), as: UTF8.self)
                == #"{"amount":19.99,"tax":0.000000000000000000000000000001}"#)
    }

    @Test("decoding Decimal without the transformer is exact already; the transformer adds strings")
    func plainDecimalIsExact() throws {
        let plain = try DynamicJSONDecoder().decode(DTPlainPrice.self, from: Data(#"{"amount":0.30000000000000000000000000001}"#.utf8))
        #expect(plain.amount == dtDecimal("0.30000000000000000000000000001"))
        #expect(try DecimalTransformer().decode(LenientNumber("0.30000000000000000000000000001")!) == plain.amount)
    }

    @Test("numbers Decimal cannot hold, and NaN, are refused")
    func refusals() throws {
        #expect(throws: TransformerError(valueDescription: "1e400", reason: "is not a number Decimal can hold")) {
            try DecimalTransformer().decode(LenientNumber("1e400")!)
        }
        #expect(throws: TransformerError(valueDescription: "NaN", reason: "is not a finite number")) {
            try DecimalTransformer().encode(.nan)
        }
        let (price, report) = try DynamicJSONDecoder().decodeWithReport(DTPrice.self, from: Data(#"{"amount":"ten","tax":true}"#.utf8))
        #expect(price.amount == 0 && price.tax == nil)
        #expect(
            report.events.map(\.description) == [
                #"amount: mapping read failed, value "ten": typeMismatch at amount: Expected a number or a string holding one but found the string "ten" instead."#,
                #"tax: mapping read failed, value true: typeMismatch at tax: Expected a number or a string holding one but found a boolean instead."#,
            ])
    }

    @Test("random decimal literals read exactly from numbers and strings and write back the same value", arguments: 1...4)
    func randomLiterals(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let transformer = DecimalTransformer()
        for _ in 0..<200 {
            let integerDigits = Int.random(in: 1...15, using: &random)
            let fractionDigits = Int.random(in: 0...15, using: &random)
            var literal = Bool.random(using: &random) ? "-" : ""
            literal += String(Int.random(in: 1...9, using: &random))
            for _ in 1..<integerDigits { literal += String(Int.random(in: 0...9, using: &random)) }
            if fractionDigits > 0 {
                literal += "."
                for _ in 0..<fractionDigits { literal += String(Int.random(in: 0...9, using: &random)) }
            }
            let expected = dtDecimal(literal)
            let fromNumber = try DynamicJSONDecoder().decode(DTPrice.self, from: Data(#"{"amount":\#(literal)}"#.utf8))
            let fromString = try DynamicJSONDecoder().decode(DTPrice.self, from: Data(#"{"amount":"\#(literal)"}"#.utf8))
            #expect(fromNumber.amount == expected && fromString.amount == expected, "\(literal)")
            let written = try transformer.encode(expected)
            #expect(written.number == JSON.Number(literal: literal), "\(literal)")
        }
    }
}
