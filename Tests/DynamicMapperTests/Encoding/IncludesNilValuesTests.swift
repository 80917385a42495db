import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `DynamicJSONEncoder.includesNilValues` (ObjectMapper's `shouldIncludeNilValues`): a `nil`
// optional is written as `null` (issue 28, item 6).

private struct NVAddress: Codable, Equatable {
    var street: String?
    var zip: Int?
}

private struct NVUser: Codable, Equatable {
    var name: String
    var nickname: String?
    var age: Int?
    var score: Double?
    var flag: Bool?
    var address: NVAddress?
    var tags: [String?]
}

private class NVBase: Codable {
    var id: Int?
    init(id: Int?) { self.id = id }
}

private final class NVChild: NVBase {
    var note: String?
    init(id: Int?, note: String?) {
        self.note = note
        super.init(id: id)
    }
    private enum CodingKeys: String, CodingKey { case note }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(note, forKey: .note)
        try super.encode(to: container.superEncoder())
    }
}

/// Key paths go through the tree encoder.
private struct NVKeyed: Codable {
    var zip: Int?
    var city: String?
    enum CodingKeys: String, KeyedKey {
        case zip = "address.zip"
        case city = "address.city"
    }
}

private struct NVMappable: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    var age: Int?
    var seen: Date?
    var count = 0
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        name <-> ds.profile.name
        age <-> ds.profile.age
        seen <-> ds.seen.using(UnixTimeTransformer())
        count <-> ds.count
    }
}

private struct NVDynamic: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String?
    var age: Int?
}

private func nvEncode<T: Encodable>(_ value: T, includesNil: Bool = true) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.includesNilValues = includesNil
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func nvDecode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try DynamicJSONDecoder().decode(T.self, from: Data(text.utf8))
}

@Suite("DynamicJSONEncoder.includesNilValues writes nil optionals as null")
struct IncludesNilValuesTests {
    @Test("off by default: nil optionals leave their keys out, as JSONEncoder does")
    func offByDefault() throws {
        #expect(DynamicJSONEncoder().includesNilValues == false)
        let user = NVUser(name: "Ada", nickname: nil, age: nil, score: nil, flag: nil, address: NVAddress(), tags: [nil])
        #expect(try nvEncode(user, includesNil: false) == #"{"address":{},"name":"Ada","tags":[null]}"#)
    }

    @Test("synthesized Codable: every nil optional at every depth is null, in bytes and in encodeJSON")
    func synthesized() throws {
        let user = NVUser(name: "Ada", nickname: nil, age: nil, score: nil, flag: nil, address: NVAddress(street: "Main", zip: nil), tags: [])
        let expected = #"{"address":{"street":"Main","zip":null},"age":null,"flag":null,"name":"Ada","nickname":null,"score":null,"tags":[]}"#
        #expect(try nvEncode(user) == expected)
        let encoder = DynamicJSONEncoder()
        encoder.includesNilValues = true
        #expect(try encoder.encodeJSON(user) == (try JSON(parsing: expected)))
        #expect(try nvDecode(NVUser.self, try nvEncode(user)) == user)
    }

    @Test("super encoders and key paths (the tree encoder) write null too")
    func superAndKeyPaths() throws {
        #expect(try nvEncode(NVChild(id: nil, note: nil)) == #"{"note":null,"super":{"id":null}}"#)
        #expect(try nvEncode(NVKeyed(zip: 12, city: nil)) == #"{"address":{"city":null,"zip":12}}"#)
        #expect(try nvEncode(NVKeyed(zip: 12, city: nil), includesNil: false) == #"{"address":{"zip":12}}"#)
    }

    @Test("x <-> ds.path: a nil optional writes null where it would remove the key, or where nothing is")
    func mappable() throws {
        #expect(try nvEncode(NVMappable()) == #"{"count":0,"profile":{"age":null,"name":null},"seen":null}"#)
        #expect(try nvEncode(NVMappable(), includesNil: false) == #"{"count":0}"#)
        var decoded = try nvDecode(NVMappable.self, #"{"profile":{"name":"Ada","age":36},"seen":1,"extra":true}"#)
        decoded.name = nil
        decoded.seen = nil
        #expect(try nvEncode(decoded) == #"{"extra":true,"profile":{"age":36,"name":null},"seen":null}"#)
        #expect(try nvEncode(decoded, includesNil: false) == #"{"extra":true,"profile":{"age":36}}"#)
        // Unchanged since the read: the document's value stays (here a mistyped one), and a
        // place the document lacks gets its null (`count`, not optional, is not written back).
        let unchanged = try nvDecode(NVMappable.self, #"{"profile":{"age":"old"}}"#)
        #expect(try nvEncode(unchanged) == #"{"profile":{"age":"old","name":null},"seen":null}"#)
    }

    @Test("a decoded dynamic model's nil property writes null instead of removing its key")
    func dynamicModel() throws {
        var model = try nvDecode(NVDynamic.self, #"{"name":"Ada","age":36,"extra":[1]}"#)
        model.age = nil
        #expect(try nvEncode(model) == #"{"age":null,"extra":[1],"name":"Ada"}"#)
        #expect(try nvEncode(model, includesNil: false) == #"{"extra":[1],"name":"Ada"}"#)
    }

    @Test("random models: with the option every key is present, null exactly where nil; without it the bytes are JSONEncoder's", arguments: 1...4)
    func randomModels(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        for _ in 0..<100 {
            let user = NVUser(
                name: "n\(Int.random(in: 0...9, using: &random))", nickname: maybe("nick"), age: maybe(Int.random(in: 0...99, using: &random)),
                score: maybe(Double(Int.random(in: 0...999, using: &random)) / 8), flag: maybe(Bool.random(using: &random)),
                address: maybe(NVAddress(street: maybe("s"), zip: maybe(Int.random(in: 0...99_999, using: &random)))),
                tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in maybe("t") })
            #expect(try nvEncode(user, includesNil: false) == String(decoding: try foundation.encode(user), as: UTF8.self))
            let json = try JSON(parsing: try nvEncode(user))
            #expect(json["nickname"] == (user.nickname.map(JSON.string) ?? .null))
            #expect(json["age"] == (user.age.map { .number(JSON.Number($0)) } ?? .null))
            #expect(json["flag"] == (user.flag.map(JSON.bool) ?? .null))
            if let address = user.address {
                #expect(json["address"]?["zip"] == (address.zip.map { .number(JSON.Number($0)) } ?? .null))
                #expect(json["address"]?["street"] == (address.street.map(JSON.string) ?? .null))
            } else {
                #expect(json["address"] == .null)
            }
            #expect(try nvDecode(NVUser.self, try nvEncode(user)) == user)
        }
    }
}
