import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's ToObjectTests.swift, ported: `Mapper().map(JSONString:toObject:)`,
// `map(JSON:toObject:)` and `map(JSONObject:toObject:)` are `DynamicJSONDecoder().decode(into:from:)`
// (a `[String: Any]` through `JSONSerialization`). Nested models are updated in place.

private final class Person: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    var spouse: Person?
    var children: [String: Person]?
    init() {}

    func mapping(_ map: DynamicMap) {
        name <-> ds.name
        spouse <-> ds.spouse
        children <-> ds.children
    }
}

private final class User: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var username = ""
    init() {}

    func mapping(_ map: DynamicMap) {
        username <-> ds.username
    }
}

private struct HumanInfo: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    init() {}
    init(name: String) { self.name = name }

    mutating func mapping(_ map: DynamicMap) {
        name <-> ds.name
    }
}

private struct Human: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var info: HumanInfo?
    init() {}
    init(name: String) { info = HumanInfo(name: name) }

    mutating func mapping(_ map: DynamicMap) {
        info <-> ds.info
    }
}

private func data(_ object: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: object)
}

@Suite("ObjectMapper ToObjectTests")
struct OMToObjectTests {
    @Test func testMappingPersonFromJSON() {
        let mapped = try? Person.decode(from: #"{"name" : "ASDF", "spouse" : {"name" : "HJKL"}}"#)
        #expect(mapped != nil)
        #expect(mapped?.name == "ASDF")
        #expect(mapped?.spouse?.name == "HJKL")
    }

    @Test func testUpdatingChildObject() throws {
        var mapped = try Person.decode(from: #"{"name" : "ASDF", "spouse" : {"name" : "HJKL"}}"#)
        let initialSpouse = mapped.spouse
        try DynamicJSONDecoder().decode(into: &mapped, from: Data(#"{"name" : "ASDF", "spouse" : {"name" : "QWERTY"}}"#.utf8))
        #expect(initialSpouse === mapped.spouse, "Expected mapping to update the existing object not create a new one")
        #expect(mapped.spouse?.name == "QWERTY")
        #expect(initialSpouse?.name == "QWERTY")
    }

    @Test func testUpdatingChildDictionary() throws {
        var mapped = try Person.decode(from: #"{"children" : {"child_1" : {"name" : "HJKL"}}}"#)
        let initialChild = mapped.children?["child_1"]
        #expect(initialChild != nil)
        #expect(initialChild?.name == "HJKL")
        try DynamicJSONDecoder().decode(into: &mapped, from: Data(#"{"children" : {"child_1" : {"name" : "QWERTY"}}}"#.utf8))
        let updatedChild = mapped.children?["child_1"]
        #expect(updatedChild?.name == "QWERTY")
        #expect(initialChild === updatedChild, "Expected mapping to update the existing object not create a new one")
        #expect(initialChild?.name == "QWERTY")
    }

    @Test func testToObjectFromString() throws {
        var user = User()
        user.username = "Tristan"
        try DynamicJSONDecoder().decode(into: &user, from: Data(#"{"username":"bob"}"#.utf8))
        #expect(user.username == "bob")
    }

    @Test func testToObjectFromJSON() throws {
        var user = User()
        user.username = "Tristan"
        try DynamicJSONDecoder().decode(into: &user, from: data(["username": "bob"]))
        #expect(user.username == "bob")
    }

    @Test func testToObjectFromAny() throws {
        var user = User()
        user.username = "Tristan"
        let userJSON: Any = ["username": "bob"]
        try DynamicJSONDecoder().decode(into: &user, from: data(userJSON))
        #expect(user.username == "bob")
    }

    @Test func testConsume() throws {
        var human1 = Human(name: "QW")
        let human2 = Human(name: "ER")
        try DynamicJSONDecoder().decode(into: &human1, from: data(try human2.encodedObject()))
        #expect(human1.info?.name == human2.info?.name)
    }
}
