import Testing
import Foundation
@testable import DynamicMapper

@Suite("JSON value")
struct JSONValueTests {
    @Test func literalsAndAccessors() throws {
        let json: JSON = ["name": "Ada", "age": 36, "tags": ["a", "b"], "none": nil]
        #expect(json["name"]?.stringValue == "Ada")
        #expect(json["age"]?.numberValue?.int == 36)
        #expect(json["tags"]?[-1] == "b")
        #expect(json["none"] == .null)
        #expect(json["missing"] == nil)
    }
}
