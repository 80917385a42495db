import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's NestedArrayTests.swift, ported: an array element reached by a path
// (`map["nested.0.value"]`).

private final class NestedObject: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        value <-> ds.value
    }
}

private final class NestedArray: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value_0: Int?
    var value_1: Int?
    var nestedObject: NestedObject?
    var nestedObjectValue: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        value_0           <-> map["nested.0.value"]
        value_1           <-> map["nested.1.value"]
        nestedObject      <-> map["nested.1"]
        nestedObjectValue <-> map["nested.1.value"]
    }
}

@Suite("ObjectMapper NestedArrayTests")
struct OMNestedArrayTests {
    @Test func testNestedArray() throws {
        let json: [String: Any] = ["nested": [["value": 123], ["value": 456]]]
        let value = try #require(try? NestedArray.decode(from: json))
        let fromValue = try value.encodedObject()
        let parsed = try #require(try? NestedArray.decode(from: fromValue))
        #expect(value.value_0 == parsed.value_0)
        #expect(value.value_1 == parsed.value_1)
        #expect(value.value_0 == 123)
        #expect(value.value_1 == 456)
    }

    @Test func testNestedObjectArray() throws {
        let json: [String: Any] = ["nested": [["value": 123], ["value": 456]]]
        let mapped = try #require(try? NestedArray.decode(from: json))
        #expect(mapped.nestedObject?.value == 456)
        #expect(mapped.nestedObjectValue == 456)
    }
}
