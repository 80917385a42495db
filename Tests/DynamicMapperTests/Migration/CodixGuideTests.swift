import Foundation
import Testing
import DynamicMapper

// One test per row of "From Codix" and of its "Differences to expect" in
// <doc:MigratingFromKeyedCodableAndCodix> (issue 31, item 6). Encoding at a path inside
// `encode(to:)` is pinned in EncoderAtPathTests.swift.

private let user = Data(
    #"""
    {"response": {"users": [{"my_id": 78893, "nick_name": "Jerry", "profile": {"birth_day": "2000/08/12", "avatar": "https://a.example/1.jpg"}, "male": "true"}]}}
    """#.utf8)

private struct CXUser: Decodable {
    var id: Int
    var name: String
    var birthdate: Date?
    var avatar: URL?
    var isMale: Bool

    init(from decoder: any Decoder) throws {
        id = try decoder.decode(at: "my_id")
        name = try decoder.decode(at: "nick_name")
        birthdate = try decoder.decodeIfPresent(at: "profile.birth_day", using: DateFormatTransformer(format: "yyyy/MM/dd"))
        avatar = try decoder.decodeIfPresent(at: "profile.avatar")
        isMale = try decoder.decode(at: "male", using: { (text: String) in text == "true" })
    }
}

private struct CXProfile: MappedCodable, Equatable {
    @Mapped("profile.nick_name", default: "anonymous") var name: String
    @Mapped("my_id") var id: Int
    @Mapped("profile.avatar", using: URLTransformer().optional) var avatar: URL?
    @Mapped(default: 3) var level: Int
}

private struct CXCents: Transformer {
    func decode(_ raw: Int) throws -> Double { Double(raw) / 100 }
    func encode(_ value: Double) throws -> Int { Int((value * 100).rounded()) }
}

private struct CXPrice: MappedCodable, Equatable {
    @Mapped("price.cents", using: CXCents()) var price: Double
}

private struct CXFlag: DecodingTransformer, DefaultInitializable {
    func decode(_ raw: String) throws -> Bool { raw == "on" }
}

private struct CXSettings: Codable, Equatable {
    @DecodedBy<CXFlag> var enabled: Bool
    enum CodingKeys: String, KeyedKey { case enabled = "flags.enabled" }
}

private struct CXCache: MappedCodable, Equatable {
    @Mapped("id") var id: Int
    var cache: [String] = []
    @NotCoded var note: String?
}

private struct CXCacheKeys: MappedCodable, Equatable {
    @Mapped("id") var id: Int
    var cache: [String] = []
    enum CodingKeys: String, CodingKey { case id }
}

private func text(_ value: some Encodable) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("Migrating from Codix: the guide's rows")
struct CodixGuideTests {
    @Test("decode(_:from:at:), decoder.decode(at:), decodeIfPresent(at:), using: a transformer or a closure")
    func decodeAtPath() throws {
        let decoded = try JSONDecoder().decode(CXUser.self, from: user, at: "response.users[0]")
        #expect(decoded.id == 78893)
        #expect(decoded.name == "Jerry")
        #expect(decoded.birthdate == Date(timeIntervalSince1970: 966_038_400))
        #expect(decoded.avatar == URL(string: "https://a.example/1.jpg"))
        #expect(decoded.isMale)
    }

    @Test("Path(separator:), Path([...]) and array literals")
    func paths() throws {
        let data = Data(#"{"response": {"my.user": {"name": "Jerry"}}}"#.utf8)
        struct Named: Decodable { var name: String }
        #expect(try JSONDecoder().decode(Named.self, from: data, at: Path("response/my.user", separator: "/")).name == "Jerry")
        #expect(try JSONDecoder().decode(Named.self, from: data, at: Path(["response", "my.user"])).name == "Jerry")
        #expect(try JSONDecoder().decode(Named.self, from: data, at: ["response", "my.user"]).name == "Jerry")
        #expect(Path([.key("a"), .index(0)]) == ["a", 0])
    }

    @Test("BoolFromInt → BoolFromIntTransformer: only 1 and 0")
    func boolFromInt() throws {
        #expect(try BoolFromIntTransformer().decode(1) == true)
        #expect(try BoolFromIntTransformer().decode(0) == false)
        #expect(throws: TransformerError.self) { try BoolFromIntTransformer().decode(2) }
        #expect(try BoolFromIntTransformer().encode(true) == 1)
    }

    @Test("BoolFromString → BoolFromStringTransformer: true/false/yes/no in any case")
    func boolFromString() throws {
        #expect(try BoolFromStringTransformer().decode("TRue") == true)
        #expect(try BoolFromStringTransformer().decode("no") == false)
        #expect(throws: TransformerError.self) { try BoolFromStringTransformer().decode("1") }
        let onOff = BoolFromStringTransformer(trueText: "on", falseText: "off")
        #expect(try onOff.decode("on") == true)
        #expect(try onOff.encode(false) == "off")
    }

    @Test("IntFromString, DoubleFromString → NumberFromStringTransformer<Int>, <Double>")
    func numbersFromStrings() throws {
        #expect(try NumberFromStringTransformer<Int>().decode("42") == 42)
        #expect(try NumberFromStringTransformer<Double>().decode("19.99") == 19.99)
        #expect(throws: TransformerError.self) { try NumberFromStringTransformer<Int>().decode(" 42") }
        #expect(try NumberFromStringTransformer<Int>().encode(42) == "42")
    }

    @Test("TransparentTransformer → PassThroughTransformer")
    func passThrough() throws {
        #expect(try PassThroughTransformer<Int>().decode(42) == 42)
        #expect(try PassThroughTransformer<Int>().encode(42) == 42)
    }

    @Test("DateFromString → DateFormatTransformer, in UTC")
    func dateFromString() throws {
        #expect(try DateFormatTransformer(format: "yyyy/MM/dd").decode("2000/08/12") == Date(timeIntervalSince1970: 966_038_400))
    }

    @Test("DateFromTimeIntervalSince1970(unit:) → UnixTimeTransformer(unit:)")
    func unixTime() throws {
        #expect(try UnixTimeTransformer().decode(1_336_000_000) == Date(timeIntervalSince1970: 1_336_000_000))
        #expect(try UnixTimeTransformer(unit: .milliseconds).decode(1_336_000_000_000) == Date(timeIntervalSince1970: 1_336_000_000))
    }

    @Test("@Decoded(path:) with an initial value → @Mapped(path, default:); isRequired → no default; no path → @Mapped(default:)")
    func decodedWrappers() throws {
        let profile = try CXProfile.decode(from: #"{"my_id": 1, "profile": {"avatar": "https://example.com/a.png"}}"#)
        #expect(profile.name == "anonymous")
        #expect(profile.level == 3)
        #expect(profile.avatar == URL(string: "https://example.com/a.png"))
        let error = #expect(throws: DecodingError.self) { try CXProfile.decode(from: "{}") }
        guard case .keyNotFound(let key, _)? = error else { Issue.record("expected keyNotFound"); return }
        #expect(key.stringValue == "my_id")
    }

    @Test("@Encoded/@Coded(path:forward:backward:) → @Mapped(path, using: one Transformer)")
    func codedWrapper() throws {
        let price = try CXPrice.decode(from: #"{"price": {"cents": 1999}}"#)
        #expect(price.price == 19.99)
        #expect(try price.encodedString() == #"{"price":{"cents":1999}}"#)
    }

    @Test("a decode-only transformer → @DecodedBy with the path in a KeyedKey")
    func decodedBy() throws {
        #expect(try CXSettings.decode(from: #"{"flags": {"enabled": "on"}}"#).enabled)
    }

    @Test("encode(_:at:using:) → encode(try transformer.encode(value), at:)")
    func encodeUsing() throws {
        struct Out: Encodable {
            func encode(to encoder: any Encoder) throws {
                try encoder.encode(try UnixTimeTransformer().encode(Date(timeIntervalSince1970: 1_336_000_000)), at: "meta.created")
            }
        }
        #expect(try text(Out()) == #"{"meta":{"created":1336000000}}"#)
    }

    @Test("difference: a plain property of a MappedCodable is coded; @NotCoded or CodingKeys keep it out")
    func plainPropertiesAreCoded() throws {
        var model = try CXCache.decode(from: #"{"id": 1, "cache": ["a"], "note": "n"}"#)
        #expect(model.cache == ["a"])
        #expect(model.note == nil)
        model.note = "kept out"
        #expect(try text(model) == #"{"cache":["a"],"id":1}"#)
        let keys = try CXCacheKeys.decode(from: #"{"id": 1, "cache": ["a"]}"#)
        #expect(keys.cache == [])
        #expect(try text(keys) == #"{"id":1}"#)
    }

    @Test("difference: JSONDecoder and JSONEncoder do not see @Mapped paths or defaults")
    func foundationCodersAndMapped() throws {
        let data = Data(#"{"my_id": 1}"#.utf8)
        let decoding = #expect(throws: DecodingError.self) { try JSONDecoder().decode(CXProfile.self, from: data) }
        guard case .keyNotFound(_, let context)? = decoding else { Issue.record("expected keyNotFound"); return }
        #expect(
            context.debugDescription.hasSuffix(
                "A @Mapped property with its own key, path, default or options needs DynamicJSONDecoder, or decode Keyed<Model> with this decoder."))
        let profile = try CXProfile.decode(from: data)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(profile) }
        #expect(try JSONDecoder().decode(Keyed<CXProfile>.self, from: data).value == profile)
    }

    @Test("difference: an empty segment is the empty key")
    func emptySegments() throws {
        #expect(Path("a..b").components == [.key("a"), .key(""), .key("b")])
        #expect(Path(".a").components == [.key(""), .key("a")])
    }

    @Test("difference: the device's zone is opt-in for DateFormatTransformer")
    func timeZones() throws {
        let warsaw = try #require(TimeZone(identifier: "Europe/Warsaw"))
        let local = DateFormatTransformer(format: "yyyy/MM/dd HH:mm", timeZone: warsaw)
        #expect(try local.decode("2000/08/12 02:00") == Date(timeIntervalSince1970: 966_038_400))
    }
}
