import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's NSDecimalNumberTransformTests.swift, ported: `NSDecimalNumber` is `Decimal`,
// `NSDecimalNumberTransform` is `DecimalTransformer` (a number or a string holding one, read
// from its literal). `stringValue` is `description`.

private final class NSDecimalNumberType: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var int: Decimal?
    var double: Decimal?
    var decimal: Decimal?
    var intString: Decimal?
    var doubleString: Decimal?
    var decimalString: Decimal?
    required init() {}

    func mapping(_ map: DynamicMap) {
        int <-> ds.int.using(DecimalTransformer())
        double <-> ds.double.using(DecimalTransformer())
        decimal <-> ds.decimal.using(DecimalTransformer())
        intString <-> ds.intString.using(DecimalTransformer())
        doubleString <-> ds.doubleString.using(DecimalTransformer())
        decimalString <-> ds.decimalString.using(DecimalTransformer())
    }
}

@Suite("ObjectMapper NSDecimalNumberTransformTests")
struct OMNSDecimalNumberTransformTests {
    @Test func testNSDecimalNumberTransform() {
        let text = #"{"double" : 11.11, "int" : 11, "decimal" : 1.66, "intString" : "11", "doubleString" : "11.11", "decimalString" : "1.66"}"#
        let object = try? NSDecimalNumberType.decode(from: text)
        #expect(object != nil)
        #expect(object?.int == Decimal(11))
        #expect(object?.double == Decimal(string: "11.11"))
        #expect(object?.decimal == Decimal(string: "1.66"))
        #expect(object?.int?.description == "11")
        #expect(object?.double?.description == "11.11")
        #expect(object?.decimal?.description == "1.66")
        #expect(object?.intString == Decimal(string: "11"))
        #expect(object?.doubleString == Decimal(string: "11.11"))
        #expect(object?.decimalString == Decimal(string: "1.66"))
    }
}
