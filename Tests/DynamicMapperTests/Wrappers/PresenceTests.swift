import Foundation
import Testing
import DynamicMapper

private struct PresenceUserPatch: Codable, Equatable {
    var nickname: Presence<String> = .absent
    var age: Presence<Int> = .absent
    var tags: Presence<[String]> = .absent
}

@Suite("Presence: absent, null or value")
struct PresenceTests {
    fileprivate static let inputs: [(String, PresenceUserPatch)] = [
        (#"{}"#, PresenceUserPatch()),
        (#"{"nickname":null}"#, PresenceUserPatch(nickname: .null)),
        (#"{"nickname":"ada","age":36,"tags":[]}"#, PresenceUserPatch(nickname: .value("ada"), age: .value(36), tags: .value([]))),
        (#"{"age":null,"tags":["a"]}"#, PresenceUserPatch(age: .null, tags: .value(["a"]))),
    ]

    @Test func decodesTheThreeCasesApartWithAnyDecoder() throws {
        for (text, expected) in Self.inputs {
            #expect(try JSONDecoder().decode(PresenceUserPatch.self, from: Data(text.utf8)) == expected, "\(text)")
            #expect(try DynamicJSONDecoder().decode(PresenceUserPatch.self, from: Data(text.utf8)) == expected, "\(text)")
        }
    }

    @Test func encodesAbsentAsNoKeyWithAnyEncoder() throws {
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let dynamic = DynamicJSONEncoder()
        dynamic.outputFormatting = .sortedKeys
        for (text, value) in Self.inputs {
            let expected = try JSON(parsing: text).serializedString(formatting: .sortedKeys)
            #expect(String(decoding: try sorted.encode(value), as: UTF8.self) == expected)
            #expect(String(decoding: try dynamic.encode(value), as: UTF8.self) == expected)
        }
    }

    @Test func typeMismatchStillThrowsWithThePath() throws {
        do {
            _ = try DynamicJSONDecoder().decode(PresenceUserPatch.self, from: Data(#"{"age":"x"}"#.utf8))
            Issue.record("decoded a string as an Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(Path(codingPath: context.codingPath).description == "age")
        }
    }

    @Test func aStructOfPresencesIsAMergePatch() throws {
        var stored: JSON = ["nickname": "ada", "age": 36, "city": "London"]
        let patch = try PresenceUserPatch(nickname: .null, age: .value(37)).encodedJSON()
        stored.apply(mergePatch: patch)
        #expect(stored == ["age": 37, "city": "London"])
        // And back: a merge patch decodes into the presences it holds.
        #expect(
            try PresenceUserPatch.decode(from: ["nickname": nil, "tags": ["x"]] as JSON)
                == PresenceUserPatch(nickname: .null, tags: .value(["x"])))
    }

    @Test func outsideAnObjectAbsentIsNull() throws {
        let values: [Presence<Int>] = [.value(1), .null, .absent]
        #expect(String(decoding: try JSONEncoder().encode(values), as: UTF8.self) == "[1,null,null]")
        #expect(try JSONDecoder().decode([Presence<Int>].self, from: Data("[1,null]".utf8)) == [.value(1), .null])
        #expect(Presence<String>(nil) == .null)
        #expect(Presence("a").optional == "a")
        #expect(Presence<Int>.absent.optional == nil)
    }
}
