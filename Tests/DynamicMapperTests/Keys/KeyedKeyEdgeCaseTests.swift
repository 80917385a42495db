import Foundation
import Testing
import DynamicMapper

/// Decodes `a.b` as a path, then every member by its literal name.
private struct KEPathThenLiteral: Decodable {
    var nested: Int
    var literal: [String: Int]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        nested = try container.decode(Int.self, forKey: AnyKey("a.b"))
        var literal: [String: Int] = [:]
        for key in container.allKeys where key.stringValue.contains(".") {
            literal[key.stringValue] = try container.decode(Int.self, forKey: key)
        }
        self.literal = literal
        #expect(container.allKeys.contains("a.b"))
    }
}

/// Writes through `AnyKey` paths, a nested container at a path, and the key `"."`.
private struct KEWriter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("."))
        var tokens = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("data.tokens"))
        try tokens.encode("t", forKey: "access_token")
    }
}

private struct KEIndexed: Codable {
    var name: String
    enum CodingKeys: String, KeyedKey { case name = "items[0].name" }
}

private struct KEElement: Codable, Equatable { var element: Int }

private struct KEOptionalLossy: Codable {
    @Flat var array: [KEElement]?
}

private struct KELocation: Codable, Equatable { var latitude: Double }

/// A model whose `encode(to:)` wraps every error, hiding the encoder's own signals.
private struct KEWrapping: Encodable {
    @Flat var location: KELocation?
    var greeting: String

    struct Wrapped: Error {}

    enum CodingKeys: String, CodingKey { case location, greeting }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        do {
            try container.encode(_location, forKey: .location)
            try container.encode(greeting, forKey: .greeting)
        } catch {
            throw Wrapped()
        }
    }
}

private struct KESnake: Decodable {
    var id: Int
    var city: String
    init(from decoder: any Decoder) throws {
        id = try decoder.decode(at: "myId")
        city = try decoder.decode(at: "homeAddress.cityName")
    }
}

@Suite("Nested keys: edge cases from review")
struct KeyedKeyEdgeCaseTests {
    @Test("a path key and the literal key of the same text read different members")
    func pathAndLiteralKeysDiffer() throws {
        let value = try DynamicJSONDecoder().decode(KEPathThenLiteral.self, from: Data(#"{"a.b":1,"a":{"b":2}}"#.utf8))
        #expect(value.nested == 2)
        #expect(value.literal == ["a.b": 1])
    }

    @Test("AnyKey paths write nested objects; a key that is only a marker is written as it is")
    func anyKeyWrites() throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(KEWriter()), as: UTF8.self) == #"{".":1,"data":{"tokens":{"access_token":"t"}}}"#)
    }

    @Test("a key path with an index decodes and encodes back (more in EncodeAtPathTests)")
    func indexedPathRoundTrip() throws {
        let decoded = try DynamicJSONDecoder().decode(KEIndexed.self, from: Data(#"{"items":[{"name":"a"}]}"#.utf8))
        #expect(decoded.name == "a")
        #expect(String(decoding: try DynamicJSONEncoder().encode(decoded), as: UTF8.self) == #"{"items":[{"name":"a"}]}"#)
    }

    @Test("an optional @Flat array is lossy, and nil when missing or null", arguments: [true, false])
    func optionalLossyArray(ours: Bool) throws {
        let decoder = ours ? DynamicJSONDecoder() : JSONDecoder()
        let some = try decoder.decode(KEOptionalLossy.self, from: Data(#"{"array":[{"element":1},{},{"element":3}]}"#.utf8))
        #expect(some.array == [KEElement(element: 1), KEElement(element: 3)])
        #expect(try decoder.decode(KEOptionalLossy.self, from: Data(#"{"array":null}"#.utf8)).array == nil)
        #expect(try decoder.decode(KEOptionalLossy.self, from: Data("{}".utf8)).array == nil)
        let encoder = DynamicJSONEncoder()
        #expect(String(decoding: try encoder.encode(some), as: UTF8.self) == #"{"array":[{"element":1},{"element":3}]}"#)
    }

    @Test("@Flat still spreads when model code wraps the encoder's errors")
    func flatThroughWrappedErrors() throws {
        let model = KEWrapping(location: KELocation(latitude: 1.5), greeting: "hi")
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == #"{"greeting":"hi","latitude":1.5}"#)
    }

    @Test("decode(at:) names keys as the key strategy makes them, with any decoder", arguments: [true, false])
    func decodeAtPathWithKeyStrategy(ours: Bool) throws {
        let decoder = ours ? DynamicJSONDecoder() : JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try decoder.decode(KESnake.self, from: Data(#"{"my_id":7,"home_address":{"city_name":"Oslo"}}"#.utf8))
        #expect(value.id == 7)
        #expect(value.city == "Oslo")
    }
}
