import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// A dynamic model decoded with a key strategy writes each declared key back under the
// spelling it was read from, whatever the encoder's own strategy: a decode → encode never
// renames (or moves) a key the program did not touch. Keys the model adds to the document
// follow the encoder's strategy.

private final class SnakeProfile: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var userName = ""
    var followersCount = 0
    var nickName: String?
    var address = Address()

    struct Address: Codable {
        var zipCode = ""
    }
}

private let profile = #"{"id":1,"user_name":"ann","followers_count":3,"address":{"zip_code":"123","line_one":"x"},"extra":true}"#

private func snakeDecoder() -> DynamicJSONDecoder {
    let decoder = DynamicJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite("Key strategies on the round trip")
struct KeyStrategyRoundTripTests {
    @Test("decoded from snake case, re-encoded with default keys: the same bytes, no changes")
    func defaultEncoderKeepsTheReadSpelling() throws {
        let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(profile.utf8))
        #expect(model.userName == "ann" && model.followersCount == 3 && model.address.zipCode == "123")
        #expect(text(try DynamicJSONEncoder().encode(model)) == profile)
        #expect(try model.mergePatch() == [:])
        #expect(try model.jsonPatch().operations.isEmpty)
    }

    @Test("with convertToSnakeCase on the encoder too: the same bytes")
    func snakeEncoderKeepsTheReadSpelling() throws {
        let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(profile.utf8))
        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(text(try encoder.encode(model)) == profile)
    }

    @Test("an edited property is written under the spelling it was read from, in its place")
    func editsStayInPlace() throws {
        let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(profile.utf8))
        model.userName = "bob"
        model.address.zipCode = "999"
        let expected = #"{"id":1,"user_name":"bob","followers_count":3,"address":{"zip_code":"999","line_one":"x"},"extra":true}"#
        #expect(text(try DynamicJSONEncoder().encode(model)) == expected)
        #expect(try model.mergePatch() == ["user_name": "bob", "address": ["zip_code": "999"]])
    }

    @Test("a key the model adds follows the encoder's strategy")
    func addedKeysFollowTheEncoder() throws {
        let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(profile.utf8))
        model.nickName = "annie"
        #expect(text(try DynamicJSONEncoder().encode(model)).hasSuffix(#""extra":true,"nickName":"annie"}"#))
        let snake = DynamicJSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        #expect(text(try snake.encode(model)).hasSuffix(#""extra":true,"nick_name":"annie"}"#))
    }

    @Test("a property set to nil removes the key it was read from")
    func nilRemovesTheReadKey() throws {
        let json = #"{"nick_name":"a","user_name":"ann","followers_count":0,"address":{"zip_code":""}}"#
        let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(json.utf8))
        #expect(model.nickName == "a")
        model.nickName = nil
        #expect(text(try DynamicJSONEncoder().encode(model)) == #"{"user_name":"ann","followers_count":0,"address":{"zip_code":""}}"#)
    }

    @Test("decoded with default keys, encoded with convertToSnakeCase: declared keys keep their spelling")
    func snakeEncoderOverCamelDocument() throws {
        let json = #"{"userName":"ann","followersCount":3,"address":{"zipCode":"1"}}"#
        let model = try DynamicJSONDecoder().decode(SnakeProfile.self, from: Data(json.utf8))
        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(text(try encoder.encode(model)) == json)
    }

    @Test("a custom strategy on both sides")
    func customStrategies() throws {
        let json = #"{"X-userName":"ann","X-followersCount":3,"X-address":{"X-zipCode":"1"}}"#
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            let key = path.last?.stringValue ?? ""
            return AnyKey(stringValue: key.hasPrefix("X-") ? String(key.dropFirst(2)) : key)
        }
        let model = try decoder.decode(SnakeProfile.self, from: Data(json.utf8))
        #expect(model.userName == "ann" && model.followersCount == 3)
        #expect(text(try DynamicJSONEncoder().encode(model)) == json)
        #expect(try model.mergePatch() == [:])
    }

    /// Random snake-case documents: decode with convertFromSnakeCase, encode with default keys,
    /// and the document comes back unchanged.
    @Test("random documents round-trip unchanged through a key strategy")
    func randomDocuments() throws {
        var random = SeededRandom(state: 0x5EED_C0DE)
        for _ in 0..<200 {
            var members = [
                #""user_name":"u\#(Int.random(in: 0..<100, using: &random))""#,
                #""followers_count":\#(Int.random(in: 0..<1000, using: &random))"#,
                #""address":{"zip_code":"z","line_two":null}"#,
            ]
            if Int.random(in: 0..<2, using: &random) == 0 { members.append(#""nick_name":"n""#) }
            for extra in 0..<Int.random(in: 0..<3, using: &random) { members.append(#""other_\#(extra)":[\#(extra)]"#) }
            members.shuffle(using: &random)
            let json = "{" + members.joined(separator: ",") + "}"
            let model = try snakeDecoder().decode(SnakeProfile.self, from: Data(json.utf8))
            #expect(text(try DynamicJSONEncoder().encode(model)) == json)
            #expect(try model.mergePatch() == [:], "\(json)")
            // An edit changes one value, in its place, under the spelling read.
            model.followersCount += 1
            #expect(try model.mergePatch() == ["followers_count": .number(JSON.Number(integerLiteral: model.followersCount))], "\(json)")
        }
    }
}
