import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's CodableTests.swift, ported. ObjectMapper needs `CodableTransform` to read a
// plain `Codable` value, and `try? map.value("value")` without it gives nil. Here every property
// is Codable, so `map.value` reads the plain Codable model directly: no transform is needed.

private struct CodableModel: Codable {
    let one: String
    let two: Int
    let three: Bool
}

private final class ImmutableMappableObject: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let value: CodableModel?
    let arrayValue: [CodableModel]?
    let nilValue: CodableModel?

    init(map: DynamicMap) throws {
        nilValue = try? map.value("value")
        value = try? map.value("value")
        arrayValue = try? map.value("array_value")
    }

    func mapping(_ map: DynamicMap) {
        nilValue --> ds.value
        value --> ds.value
        arrayValue --> ds.array_value
    }
}

@Suite("ObjectMapper CodableTests")
struct OMCodableTests {
    /// DIFFERS: ObjectMapper's `nilValue` (read without `CodableTransform`) is nil; ours reads
    /// the Codable value like any other.
    @Test func testCodableTransform() throws {
        let value: [String: Any] = ["one": "1", "two": 2, "three": true]
        let object = try ImmutableMappableObject.decode(from: ["value": value, "array_value": [value, value]])
        #expect(object.nilValue != nil) // ObjectMapper: nil
        #expect(object.value != nil)
        #expect(object.value?.one == "1")
        #expect(object.value?.two == 2)
        #expect(object.value?.three == true)
        #expect(object.arrayValue?.count == 2)
    }
}
