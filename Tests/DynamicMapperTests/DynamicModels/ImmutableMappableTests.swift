import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's `ImmutableMappable`: `let` properties read in an initializer, written by `-->`.

private struct Profile: DynamicImmutableMappable, Equatable {
    var dynamicSelf: DynamicClass?
    let name: String
    let age: Int
    let nickname: String?
    let joined: Date
    let homepage: URL?
    let friends: [Profile]

    init(map: DynamicMap) throws {
        name = try map.value("user.name")
        age = try map.value("user.age", default: 18)
        nickname = try map.value("user.nickname")
        joined = try map.value("joined", using: UnixTimeTransformer())
        homepage = try map.value("links.home", using: URLTransformer())
        friends = try map.value("friends", default: [])
    }

    func mapping(_ map: DynamicMap) {
        name --> ds.user.name
        age --> ds.user.age
        nickname --> ds.user.nickname
        joined --> ds.joined.using(UnixTimeTransformer())
        homepage --> ds.links.home.using(URLTransformer())
        friends --> ds.friends
    }

    static func == (lhs: Profile, rhs: Profile) -> Bool {
        lhs.name == rhs.name && lhs.age == rhs.age && lhs.nickname == rhs.nickname && lhs.joined == rhs.joined
            && lhs.homepage == rhs.homepage && lhs.friends == rhs.friends
    }
}

private struct Wrapper: Decodable {
    var profiles: [Profile]
}

private let text =
    #"{"user":{"name":"ada","age":36,"extra":1},"joined":946684800,"links":{"home":"https://example.com"},"friends":[{"user":{"name":"c"},"joined":0}],"kept":[1.50]}"#

@Suite("Immutable models: an initializer that reads paths, a body that writes them")
struct ImmutableMappableTests {
    @Test("Reads values, defaults, optionals, transformers and nested models, with our decoder and Foundation's")
    func decodes() throws {
        let ours = try DynamicJSONDecoder().decode(Profile.self, from: Data(text.utf8))
        #expect(ours.name == "ada" && ours.age == 36 && ours.nickname == nil)
        #expect(ours.joined == Date(timeIntervalSince1970: 946_684_800))
        #expect(ours.homepage == URL(string: "https://example.com"))
        #expect(ours.friends.map(\.name) == ["c"] && ours.friends[0].age == 18)
        let theirs = try JSONDecoder().decode(Profile.self, from: Data(text.utf8))
        #expect(theirs == ours)
    }

    @Test("An unedited model re-encodes byte for byte; encoding works through Foundation's encoder too")
    func encodes() throws {
        let profile = try DynamicJSONDecoder().decode(Profile.self, from: Data(text.utf8))
        let output = String(decoding: try DynamicJSONEncoder().encode(profile), as: UTF8.self)
        #expect(output == text)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let sorted = String(decoding: try foundation.encode(profile), as: UTF8.self)
        #expect(
            sorted
                == #"{"friends":[{"joined":0,"user":{"name":"c"}}],"joined":946684800,"kept":[1.5],"links":{"home":"https:\/\/example.com"},"user":{"age":36,"extra":1,"name":"ada"}}"#
        )
    }

    @Test("Errors carry the full path")
    func errorsNamePaths() throws {
        do {
            _ = try DynamicJSONDecoder().decode(
                Wrapper.self, from: Data(#"{"profiles": [{"user": {"name": "a"}, "joined": 1}, {"user": {}, "joined": 1}]}"#.utf8))
            Issue.record("expected a throw")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "name")
            #expect(Path(codingPath: context.codingPath).description == "profiles[1].user")
        }
        do {
            _ = try DynamicJSONDecoder().decode(Wrapper.self, from: Data(#"{"profiles": [{"user": {"name": "a", "age": "x"}, "joined": 1}]}"#.utf8))
            Issue.record("expected a throw")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(Path(codingPath: context.codingPath).description == "profiles[0].user.age")
        }
        do {
            _ = try DynamicJSONDecoder().decode(Profile.self, from: Data(#"{"user": {"name": "a"}, "joined": "yesterday"}"#.utf8))
            Issue.record("expected a throw")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(Path(codingPath: context.codingPath).description == "joined")
        }
    }
}
