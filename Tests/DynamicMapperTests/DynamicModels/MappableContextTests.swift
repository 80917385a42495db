import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// ObjectMapper's `MapContext`: one value handed to the coder, read by every mapping body.

private struct Tenant: Sendable {
    var currency: String
}

private final class Price: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var amount = 0.0
    var currency = "USD"
    init() {}
    func mapping(_ map: DynamicMap) {
        if let tenant = map.context(Tenant.self) {
            amount <-> ds.amounts[key: tenant.currency]
            currency = tenant.currency
        } else {
            amount <-> ds.amounts.USD
        }
    }
}

private final class Order: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var total = Price()
    var lines: [Price] = []
    init() {}
    func mapping(_ map: DynamicMap) {
        total <-> ds.total
        lines <-> ds.lines
    }
}

private let order = Data(#"{"total": {"amounts": {"USD": 10, "EUR": 9}}, "lines": [{"amounts": {"USD": 4, "EUR": 3.5}}]}"#.utf8)

@Suite("Mappable models: a context handed to the coder")
struct MappableContextTests {
    @Test("The context reaches nested models and array elements, with our decoder and Foundation's")
    func contextAtEveryDepth() throws {
        let ours = DynamicJSONDecoder()
        ours.mapContext = Tenant(currency: "EUR")
        let foundation = JSONDecoder()
        foundation.userInfo[.mapContext] = Tenant(currency: "EUR")
        for decoder in [ours, foundation] {
            let decoded = try decoder.decode(Order.self, from: order)
            #expect(decoded.total.amount == 9 && decoded.total.currency == "EUR")
            #expect(decoded.lines.map(\.amount) == [3.5])
        }
        let plain = try DynamicJSONDecoder().decode(Order.self, from: order)
        #expect(plain.total.amount == 10 && plain.total.currency == "USD")
    }

    @Test("One model maps differently per call")
    func perCall() throws {
        let decoder = DynamicJSONDecoder()
        decoder.mapContext = Tenant(currency: "EUR")
        let first = try decoder.decode(Price.self, from: Data(#"{"amounts": {"USD": 1, "EUR": 2}}"#.utf8))
        decoder.mapContext = Tenant(currency: "USD")
        let second = try decoder.decode(Price.self, from: Data(#"{"amounts": {"USD": 1, "EUR": 2}}"#.utf8))
        #expect(first.amount == 2 && second.amount == 1)
    }

    @Test("The encoder's context reaches the encoding run of the body")
    func encodingContext() throws {
        let decoder = DynamicJSONDecoder()
        decoder.mapContext = Tenant(currency: "EUR")
        let price = try decoder.decode(Price.self, from: Data(#"{"amounts":{"USD":1,"EUR":2}}"#.utf8))
        price.amount = 3
        let encoder = DynamicJSONEncoder()
        encoder.mapContext = Tenant(currency: "EUR")
        #expect(String(decoding: try encoder.encode(price), as: UTF8.self) == #"{"amounts":{"USD":1,"EUR":3}}"#)
    }

    @Test("A context of the wrong type is reported (thrown when strict) and reads as nil")
    func wrongType() throws {
        let log = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mapContext = "not a tenant"
        decoder.mappingFailureHandler = { log.append($0) }
        let price = try decoder.decode(Price.self, from: Data(#"{"amounts": {"USD": 1, "EUR": 2}}"#.utf8))
        #expect(price.amount == 1)
        #expect(log.paths == [""])
        decoder.strictMapping = true
        #expect(throws: DecodingError.self) { try decoder.decode(Price.self, from: Data("{}".utf8)) }
    }
}
