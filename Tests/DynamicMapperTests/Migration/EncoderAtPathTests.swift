import Foundation
import Testing
import DynamicMapper

// `encoder.encode(_:at:)` in a hand-written `encode(to:)` (issue 31, item 2): the counterpart of
// `decoder.decode(at:)`, root-array paths included, and `Path` as an array literal.

private struct EALink: Codable, Equatable {
    var id: Int
    var url: String
    var title: String?

    init(id: Int, url: String, title: String?) {
        self.id = id
        self.url = url
        self.title = title
    }

    init(from decoder: any Decoder) throws {
        id = try decoder.decode(at: "my_id")
        url = try decoder.decode(at: "links[0].url")
        title = try decoder.decodeIfPresent(at: "links[0].title")
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encode(id, at: "my_id")
        try encoder.encode(url, at: "links[0].url")
        try encoder.encodeIfPresent(title, at: "links[0].title")
    }
}

/// A model that is an array: `[{"cat": …}, {"dog": …}]`.
private struct EAPets: Codable, Equatable {
    var cat: String
    var dog: String

    init(cat: String, dog: String) {
        self.cat = cat
        self.dog = dog
    }

    init(from decoder: any Decoder) throws {
        cat = try decoder.decode(at: "[0].cat")
        dog = try decoder.decode(at: "[1].dog")
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encode(cat, at: "[0].cat")
        try encoder.encode(dog, at: "[1].dog")
    }
}

/// Paths mixed with the same encoder's keyed container.
private struct EAMixed: Encodable {
    enum CodingKeys: String, CodingKey { case name }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Ada", forKey: .name)
        try encoder.encode(36, at: ["profile", "age"])
        try encoder.encode("x", at: ["profile", "my.key", 1])
    }
}

/// Writes one value at one path.
private struct EAOne<Value: Encodable>: Encodable {
    var value: Value
    var path: Path

    func encode(to encoder: any Encoder) throws {
        try encoder.encode(value, at: path)
    }
}

private func text(_ value: some Encodable, with encoder: JSONEncoder = DynamicJSONEncoder()) throws -> String {
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("encoder.encode(_:at:) and Path array literals")
struct EncoderAtPathTests {
    @Test("paths through one array element share it, and decoding at the same paths reads it back")
    func sharedElement() throws {
        let link = EALink(id: 78893, url: "https://a.example", title: "A")
        let data = try DynamicJSONEncoder().encode(link)
        #expect(try text(link) == #"{"links":[{"title":"A","url":"https:\/\/a.example"}],"my_id":78893}"#)
        #expect(try DynamicJSONDecoder().decode(EALink.self, from: data) == link)
        #expect(try JSONDecoder().decode(EALink.self, from: data) == link)
    }

    @Test("encodeIfPresent(_:at:) writes nothing for nil")
    func ifPresent() throws {
        #expect(try text(EALink(id: 1, url: "u", title: nil)) == #"{"links":[{"url":"u"}],"my_id":1}"#)
    }

    @Test("a path that starts with an index makes the model an array")
    func rootArray() throws {
        let pets = EAPets(cat: "Tom", dog: "Rex")
        #expect(try text(pets) == #"[{"cat":"Tom"},{"dog":"Rex"}]"#)
        #expect(try DynamicJSONDecoder().decode(EAPets.self, from: DynamicJSONEncoder().encode(pets)) == pets)
        // Nested in another value, and through Keyed with Foundation's encoder.
        #expect(try text(["pets": pets]) == #"{"pets":[{"cat":"Tom"},{"dog":"Rex"}]}"#)
        #expect(try text(Keyed(pets), with: JSONEncoder()) == #"[{"cat":"Tom"},{"dog":"Rex"}]"#)
        #expect(try text([pets, pets]) == #"[[{"cat":"Tom"},{"dog":"Rex"}],[{"cat":"Tom"},{"dog":"Rex"}]]"#)
    }

    @Test("paths and the keyed container of one encoder fill one object; array literals take keys literally")
    func mixedWithContainer() throws {
        #expect(try text(EAMixed()) == #"{"name":"Ada","profile":{"age":36,"my.key":[null,"x"]}}"#)
    }

    @Test("the encoder's key strategy applies to every key of the path")
    func keyStrategy() throws {
        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try text(EAOne(value: 1, path: "userInfo.firstItem"), with: encoder) == #"{"user_info":{"first_item":1}}"#)
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        #expect(try text(EAOne(value: 1, path: "userInfo.firstItem"), with: foundation) == #"{"user_info":{"first_item":1}}"#)
    }

    @Test("JSONEncoder: paths of keys nest; a path with an index throws naming Keyed")
    func foundationEncoder() throws {
        #expect(try text(EAOne(value: 1, path: "a.b.c"), with: JSONEncoder()) == #"{"a":{"b":{"c":1}}}"#)
        let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(EALink(id: 1, url: "u", title: nil)) }
        guard case .invalidValue(_, let context)? = error else { Issue.record("expected invalidValue"); return }
        #expect(
            context.debugDescription
                == #"The path "links[0].url" has an array index, which only DynamicJSONEncoder writes inside encode(to:): JSONEncoder or PropertyListEncoder can only append to an array. Encode with DynamicJSONEncoder, or Keyed(model) with this encoder."#
        )
        #expect(try text(Keyed(EALink(id: 1, url: "u", title: nil)), with: JSONEncoder()) == #"{"links":[{"url":"u"}],"my_id":1}"#)
    }

    @Test("the empty path writes the value itself; malformed text and a clash throw")
    func edges() throws {
        #expect(try text(EAOne(value: [1, 2], path: .root)) == "[1,2]")
        let malformed = #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(EAOne(value: 1, path: "a[x]")) }
        guard case .invalidValue(_, let context)? = malformed else { Issue.record("expected invalidValue"); return }
        #expect(context.debugDescription.hasPrefix(#"The path text "a[x]" is malformed: "#))
        struct Clash: Encodable {
            func encode(to encoder: any Encoder) throws {
                try encoder.encode(1, at: "a.b")
                try encoder.encode(2, at: "a.b.c")
            }
        }
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(Clash()) }
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(EAOne(value: 1, path: "[-1]")) }
    }

    @Test("Path from an array literal: strings are literal keys, integers indexes")
    func arrayLiteral() throws {
        let path: Path = ["key1", 0, "key2"]
        #expect(path == "key1[0].key2")
        #expect(path.components == [.key("key1"), .index(0), .key("key2")])
        let dotted: Path = ["response", "my.user"]
        #expect(dotted.components == [.key("response"), .key("my.user")])
        #expect(dotted.description == #"response.my\.user"#)
        let data = Data(#"{"response": {"my.user": {"name": "Jerry"}}}"#.utf8)
        struct User: Decodable { var name: String }
        #expect(try JSONDecoder().decode(User.self, from: data, at: ["response", "my.user"]).name == "Jerry")
        #expect(try JSONDecoder().decode(User.self, from: data, at: Path(["response", "my.user"])).name == "Jerry")
    }
}
