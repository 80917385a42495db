import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's MappableExtensionsTests.swift, ported: `T(JSONString:)` is `T.decode(from:)`,
// `x.toJSON()` is `x.encodedObject()` (`encodedJSON()` for arrays and sets),
// `[T](JSONArray:)` and `Set<T>(JSONArray:)` are `[T].decode(from:)` and `Set<T>.decode(from:)`.

private struct TestMappable: DynamicMappable, Hashable {
    static let valueForString = "This string should work"
    static let workingJSONString = #"{ "value" : "\#(valueForString)" }"#
    static let workingJSONArrayString = "[\(workingJSONString)]"

    var dynamicSelf: DynamicClass?
    var value: String?

    mutating func mapping(_ map: DynamicMap) {
        value <-> ds.value
    }

    static func == (lhs: TestMappable, rhs: TestMappable) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

private var testMappable: TestMappable {
    var mappable = TestMappable()
    mappable.value = TestMappable.valueForString
    return mappable
}

@Suite("ObjectMapper MappableExtensionsTests")
struct OMMappableExtensionsTests {
    @Test func testInitFromString() {
        let mapped = try? TestMappable.decode(from: TestMappable.workingJSONString)
        #expect(mapped != nil)
        #expect(mapped?.value == TestMappable.valueForString)
    }

    @Test func testToJSONAndBack() throws {
        let mapped = try? TestMappable.decode(from: try testMappable.encodedObject())
        #expect(mapped == testMappable)
    }

    @Test func testArrayFromString() throws {
        let mapped = try [TestMappable].decode(from: TestMappable.workingJSONArrayString)
        #expect(mapped == [testMappable])
    }

    @Test func testArrayToJSONAndBack() throws {
        let mapped = try? [TestMappable].decode(from: try [testMappable].encodedJSON())
        #expect(mapped == [testMappable])
    }

    @Test func testSetInitFailsWithEmptyString() {
        #expect((try? Set<TestMappable>.decode(from: "")) == nil)
    }

    @Test func testSetFromString() throws {
        let mapped = try Set<TestMappable>.decode(from: TestMappable.workingJSONArrayString)
        #expect(mapped == Set([testMappable]))
    }

    @Test func testSetToJSONAndBack() throws {
        let mapped = try? Set<TestMappable>.decode(from: try Set([testMappable]).encodedJSON())
        #expect(mapped == [testMappable])
    }
}
