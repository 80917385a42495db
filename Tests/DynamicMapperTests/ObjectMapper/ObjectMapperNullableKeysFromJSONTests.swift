import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's NullableKeysFromJSONTests.swift, ported: `mapper.map(JSONString:toObject:)` is
// `DynamicJSONDecoder().decode(into:from:)`. A null clears an optional; a missing key leaves it.

private final class Address: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var street: String?
    var number: Int?
    var city: String?
    init() {}

    func mapping(_ map: DynamicMap) {
        street <-> ds.street
        number <-> ds.number
        city <-> ds.city
    }
}

private final class Player: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var firstName: String?
    var lastName: String?
    var team: String?
    var age: Int?
    var address: Address?
    init() {}

    func mapping(_ map: DynamicMap) {
        firstName <-> ds.firstName
        lastName <-> ds.lastName
        team <-> ds.team
        age <-> ds.age
        address <-> ds.address
    }
}

private let fullJSONString =
    #"{"firstName": "John", "lastName": "Doe", "team": "Broncos", "age": 25, "address": {"street": "Nothing Ave", "number": 101, "city": "Los Angeles"} }"#
private let nullJSONString =
    #"{"firstName": "John", "lastName": null, "team": "Broncos", "age": null, "address": {"street": "Nothing Ave", "number": 101, "city": null} }"#
private let absentJSONString = #"{"firstName": "John", "team": "Broncos", "address": {"street": "Nothing Ave", "number": 102} }"#

@Suite("ObjectMapper NullableKeysFromJSONTests")
struct OMNullableKeysFromJSONTests {
    @Test func testMapperNullifiesValues() throws {
        var player = try Player.decode(from: fullJSONString)
        #expect(player.lastName != nil)
        #expect(player.age != nil)
        #expect(player.address?.city != nil)
        try DynamicJSONDecoder().decode(into: &player, from: Data(nullJSONString.utf8))
        #expect(player.firstName != nil)
        #expect(player.lastName == nil)
        #expect(player.age == nil)
        #expect(player.address?.city == nil)
    }

    @Test func testMapperAbsentValues() throws {
        var player = try Player.decode(from: fullJSONString)
        #expect(player.lastName != nil)
        #expect(player.age != nil)
        #expect(player.address?.city != nil)
        try DynamicJSONDecoder().decode(into: &player, from: Data(absentJSONString.utf8))
        #expect(player.firstName != nil)
        #expect(player.lastName != nil)
        #expect(player.age != nil)
        #expect(player.address?.city != nil)
        #expect(player.address?.number == 102)
    }
}
