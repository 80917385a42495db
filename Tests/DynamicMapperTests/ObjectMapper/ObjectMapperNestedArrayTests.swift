import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// ObjectMapper's NestedArrayTests.swift, ported: an array element reached by a path.
// DIFFERS: ObjectMapper's `map["nested.0.value"]` reads "0" as an index when it meets an array;
// our path grammar writes the index `nested[0].value` (the guide's row `x <- map["a.0.b"]` →
// `x <-> ds.a[0].b`) and reads "nested.0.value" as the key "0", which an array does not have:
// the property stays nil, and nothing is reported (a missing key is not a failure).

private final class NestedObject: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        value <-> ds.value
    }
}

/// The model as the guide writes it: indexes in brackets.
private final class NestedArray: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value_0: Int?
    var value_1: Int?
    var nestedObject: NestedObject?
    var nestedObjectValue: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        value_0 <-> map["nested[0].value"]
        value_1 <-> map["nested[1].value"]
        nestedObject <-> map["nested[1]"]
        nestedObjectValue <-> map["nested[1].value"]
    }
}

/// The same model with ObjectMapper's paths, unchanged.
private final class DottedIndexNestedArray: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value_0: Int?
    var value_1: Int?
    var nestedObject: NestedObject?
    var nestedObjectValue: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        value_0 <-> map["nested.0.value"]
        value_1 <-> map["nested.1.value"]
        nestedObject <-> map["nested.1"]
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

        // ObjectMapper's own paths read nothing here, and no failure is reported.
        let failures = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { failures.append($0) }
        let dotted = try DottedIndexNestedArray.decode(from: json, using: decoder)
        #expect(dotted.value_0 == nil && dotted.value_1 == nil)
        #expect(failures.paths.isEmpty)
    }

    @Test func testNestedObjectArray() throws {
        let json: [String: Any] = ["nested": [["value": 123], ["value": 456]]]
        let mapped = try #require(try? NestedArray.decode(from: json))
        #expect(mapped.nestedObject?.value == 456)
        #expect(mapped.nestedObjectValue == 456)

        let dotted = try DottedIndexNestedArray.decode(from: json)
        #expect(dotted.nestedObject == nil && dotted.nestedObjectValue == nil)
    }
}
