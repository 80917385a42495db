import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's `Mapper().map(JSON:toObject:)`: a payload mapped into a model already held.

private struct Address: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var number = 0
    var city = ""
    mutating func mapping(_ map: DynamicMap) {
        number <-> ds.number
        city <-> ds.city
    }
}

private final class Player: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name = ""
    var score = 0
    var address = Address()
    var home: Address?
    var tags: [String] = []
    init() {}
    func mapping(_ map: DynamicMap) {
        name <-> ds.name
        score <-> ds.score
        address <-> ds.address
        home <-> ds.home
        tags <-> ds.tags
    }
}

private let full = Data(#"{"name":"ada","score":3,"address":{"number":1,"city":"London","zip":"NW1"},"home":{"city":"Paris"},"tags":["a"],"extra":true}"#.utf8)

@Suite("Mappable models: decoding into a model already held")
struct MappableUpdateTests {
    @Test("Keys the payload lacks leave properties alone; nested models are updated in place")
    func nestedUpdate() throws {
        let decoder = DynamicJSONDecoder()
        var player = try decoder.decode(Player.self, from: full)
        let instance = player
        player.name = "changed in code"
        try decoder.decode(into: &player, from: Data(#"{"address": {"number": 102}, "home": {"number": 7}, "tags": ["b", "c"]}"#.utf8))
        #expect(player === instance)
        #expect(player.name == "changed in code")
        #expect(player.score == 3)
        #expect(player.address.number == 102 && player.address.city == "London")
        #expect(player.home?.number == 7 && player.home?.city == "Paris")
        #expect(player.tags == ["b", "c"])
    }

    @Test("Re-encoding after an update keeps what neither the model nor the payload names")
    func documentMerged() throws {
        let decoder = DynamicJSONDecoder()
        var player = try decoder.decode(Player.self, from: full)
        try decoder.decode(into: &player, from: Data(#"{"score": 4, "address": {"number": 2}, "new": 1}"#.utf8))
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let output = String(decoding: try encoder.encode(player), as: UTF8.self)
        #expect(
            output == #"{"address":{"city":"London","number":2,"zip":"NW1"},"extra":true,"home":{"city":"Paris"},"name":"ada","new":1,"score":4,"tags":["a"]}"#)
    }

    @Test("A nil optional model is made; null clears it; a payload that is not an object throws")
    func optionalsAndErrors() throws {
        let decoder = DynamicJSONDecoder()
        var player = Player()
        try decoder.decode(into: &player, from: Data(#"{"home": {"city": "Rome"}}"#.utf8))
        #expect(player.home?.city == "Rome")
        try decoder.decode(into: &player, from: Data(#"{"home": null}"#.utf8))
        #expect(player.home == nil)
        #expect(throws: DecodingError.self) { try decoder.decode(into: &player, from: Data("[1]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(into: &player, from: Data("{".utf8)) }
    }

    @Test("A struct model is updated the same way")
    func structUpdate() throws {
        var address = Address(number: 5, city: "Oslo")
        try DynamicJSONDecoder().decode(into: &address, from: Data(#"{"number": 6}"#.utf8))
        #expect(address.number == 6 && address.city == "Oslo")
    }
}
