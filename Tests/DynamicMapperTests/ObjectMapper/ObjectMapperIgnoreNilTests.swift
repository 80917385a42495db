import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's IgnoreNilTests.swift, ported: `Mapper<T>().map(JSONString:toObject:)` is
// `DynamicJSONDecoder().decode(into: &object, from:)`; `map["name", ignoreNil: true]` is the
// same spelling: a null in the JSON keeps the current value.

private final class User: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    init() {}

    func mapping(_ map: DynamicMap) {
        name <-> map["name", ignoreNil: true]
    }
}

@Suite("ObjectMapper IgnoreNilTests")
struct OMIgnoreNilTests {
    @Test func testIgnoreNullField() throws {
        var user = User()
        user.name = "Tristan"
        try DynamicJSONDecoder().decode(into: &user, from: Data(#"{"name" : null}"#.utf8))
        #expect(user.name == "Tristan")
    }

    /// `{"name" : nil}` is not JSON: ObjectMapper leaves the object as it was; we throw, and
    /// the object is left as it was.
    @Test func testIgnoreNilField() {
        var user = User()
        user.name = "Tristan"
        #expect(throws: (any Error).self) {
            try DynamicJSONDecoder().decode(into: &user, from: Data(#"{"name" : nil}"#.utf8))
        }
        #expect(user.name == "Tristan")
    }
}
