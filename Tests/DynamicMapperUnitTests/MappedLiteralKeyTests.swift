import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// A `@Mapped` key written as a literal is kept in the wrapper as one word of static data (the
// literal's address and length); a key given as a `String` value is kept in settings of its
// own. Both must read, write and report exactly alike; only the cost differs.

/// The same model twice: keys as literals, and keys as `String` values.
private enum Keys {
    static let name = "user_name"
    static let zip = "address.zip"
    static let city = "address.city"
    static let score = "stats.score"
    static let note = "note\u{0}with nul"
    static let long = String(repeating: "long_key_", count: 30)
    static let flag = "🇵🇱.on"
}

private struct LiteralModel: MappedCodable, Equatable {
    @Mapped("user_name") var name: String
    @Mapped("address.zip") var zip: String
    @Mapped("address.city", default: "nowhere") var city: String
    @Mapped("stats.score") var score: Int = 0
    @Mapped("note\u{0}with nul") var note: String?
    @Mapped(
        "long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_long_key_"
    )
    var long: Int?
    @Mapped("🇵🇱.on") var flag: Bool?

    static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.name, lhs.zip, lhs.city, lhs.score) == (rhs.name, rhs.zip, rhs.city, rhs.score)
            && (lhs.note, lhs.long, lhs.flag) == (rhs.note, rhs.long, rhs.flag)
    }
}

private struct ValueKeyModel: MappedCodable {
    @Mapped(Keys.name) var name: String
    @Mapped(Keys.zip) var zip: String
    @Mapped(Keys.city, default: "nowhere") var city: String
    @Mapped(Keys.score) var score: Int = 0
    @Mapped(Keys.note) var note: String?
    @Mapped(Keys.long) var long: Int?
    @Mapped(Keys.flag) var flag: Bool?

    var values: LiteralModel {
        var model = LiteralModel()
        (model.name, model.zip, model.city, model.score) = (name, zip, city, score)
        (model.note, model.long, model.flag) = (note, long, flag)
        return model
    }
}

/// A model whose `init()` assigns over a literal-keyed default.
private struct AssigningModel: MappedCodable {
    @Mapped("retry_limit", default: 3) var limit: Int
    init() { limit = 10 }
}

@Suite("Mapped literal keys")
struct MappedLiteralKeyTests {
    @Test("a literal key is kept in the wrapper, a String value in settings, and both read back the same text")
    func configurationsKeepTheKey() {
        let literal = Mapped<Int>("address.zipCode")
        guard case .named(let text) = literal.configuration else {
            Issue.record("a literal key should be kept as text, got \(literal.configuration)")
            return
        }
        #expect(text.string == "address.zipCode")
        #expect(literal.configuration.key == "address.zipCode")

        let value = "address." + "zipCode"
        let dynamic = Mapped<Int>(value)
        guard case .settings = dynamic.configuration else {
            Issue.record("a String key should be kept in settings, got \(dynamic.configuration)")
            return
        }
        #expect(dynamic.configuration.key == "address.zipCode")

        #expect(Mapped<Int>().configuration.key == nil)
        #expect(Mapped<Int>(default: 1).configuration.key == nil)
        #expect(Mapped<String>("", default: "x").configuration.key == "")
        #expect(Mapped<String>(wrappedValue: "v", "é").configuration.key == "é")
        #expect(Mapped<String>("a\u{0}b").configuration.key == "a\u{0}b")
        #expect(Mapped<Int>("🇵🇱.on").configuration.key == "🇵🇱.on")
        #expect(Mapped<Int>("k", .lossy).configuration.key == "k")
    }

    @Test("a literal whose address or length does not fit a word is refused, and then kept as a String")
    func literalsThatDoNotFit() {
        #expect(MappedKeyText(address: 0, count: 3) == nil)
        #expect(MappedKeyText(address: 1 << 48, count: 3) == nil)
        #expect(MappedKeyText(address: 0x1000, count: 1 << 16) == nil)
        #expect(MappedKeyText(address: (1 << 48) - 1, count: (1 << 16) - 1)?.bits == UInt64.max)
        // What `init(literal:)` does with one: settings holding the literal's text.
        let literal: StaticString = "address.zip"
        let configuration = MappedConfiguration(key: literal.description)
        guard case .settings = configuration else {
            Issue.record("a key kept as a String should be in settings, got \(configuration)")
            return
        }
        #expect(configuration.key == "address.zip")
        // The configuration a layout entry keeps reads the same key, from either form.
        #expect(configuration.declared.key == "address.zip")
        #expect(MappedConfiguration(literal: "address.zip").declared.key == "address.zip")
        #expect(MappedConfiguration(literal: "").declared.key == "")
        #expect(MappedConfiguration.plain.declared.key == nil)
    }

    @Test("a wrapper is at most its value and two words; the container's answer is one word")
    func sizes() {
        #expect(MemoryLayout<MappedKeyText>.size == 8)
        #expect(MemoryLayout<MappedConfiguration>.size <= 9)
        #if arch(x86_64) || arch(arm64)
        #expect(MemoryLayout<Mapped<String>>.stride == 32)
        #expect(MemoryLayout<Mapped<Int>>.stride == 32)
        #expect(MemoryLayout<Mapped<Bool>>.stride == 24)
        #endif
        #expect(MemoryLayout<MappedModelAccess>.size == MemoryLayout<Int>.size)
    }

    @Test("literal and String keys decode, report and encode alike over random documents")
    func literalAndValueKeysAgree() throws {
        var random = SeededRandom(state: 0x11E7_A1)
        let decoder = DynamicJSONDecoder()
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var (decoded, failed) = (0, 0)
        for round in 0..<300 {
            let text = Self.randomDocument(using: &random)
            let data = Data(text.utf8)
            let literal = Result { try decoder.decode(LiteralModel.self, from: data) }
            let valued = Result { try decoder.decode(ValueKeyModel.self, from: data) }
            switch (literal, valued) {
            case (.success(let literal), .success(let valued)):
                decoded += 1
                #expect(literal == valued.values, "round \(round): \(text)")
                let literalOut = String(decoding: try encoder.encode(literal), as: UTF8.self)
                let valuedOut = String(decoding: try encoder.encode(valued), as: UTF8.self)
                #expect(literalOut == valuedOut, "round \(round): \(text)")
            case (.failure(let literal), .failure(let valued)):
                failed += 1
                #expect(String(describing: literal) == String(describing: valued), "round \(round): \(text)")
            default:
                Issue.record("round \(round): one model decoded and the other did not: \(text)")
            }
        }
        // Both outcomes are exercised, not only one.
        #expect(decoded >= 20, "decoded \(decoded) of 300")
        #expect(failed >= 20, "failed \(failed) of 300")
    }

    @Test("the values and paths written under literal keys")
    func exactOutput() throws {
        let text = #"{"user_name":"ada","address":{"zip":"00-950"},"stats":{"score":7},"note\u0000with nul":"n","🇵🇱":{"on":true}}"#
        let model = try DynamicJSONDecoder().decode(LiteralModel.self, from: Data(text.utf8))
        #expect(model.name == "ada")
        #expect(model.zip == "00-950")
        #expect(model.city == "nowhere")
        #expect(model.score == 7)
        #expect(model.note == "n")
        #expect(model.long == nil)
        #expect(model.flag == true)
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A plain model writes every property's value, the default taken for `city` included.
        let out = String(decoding: try encoder.encode(model), as: UTF8.self)
        #expect(
            out
                == #"{"address":{"city":"nowhere","zip":"00-950"},"note\u0000with nul":"n","stats":{"score":7},"user_name":"ada","🇵🇱":{"on":true}}"#)

        do {
            _ = try DynamicJSONDecoder().decode(LiteralModel.self, from: Data(#"{"address":{"zip":"1"}}"#.utf8))
            Issue.record("a missing literal key should throw")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "user_name")
            #expect(context.codingPath.isEmpty)
        }
    }

    @Test("an init() that assigns over a literal-keyed default keeps the key and the default")
    func assignedDefault() throws {
        #expect(AssigningModel().limit == 10)
        let missing = try DynamicJSONDecoder().decode(AssigningModel.self, from: Data("{}".utf8))
        #expect(missing.limit == 3)
        let present = try DynamicJSONDecoder().decode(AssigningModel.self, from: Data(#"{"retry_limit":5}"#.utf8))
        #expect(present.limit == 5)
        let out = String(decoding: try DynamicJSONEncoder().encode(present), as: UTF8.self)
        #expect(out == #"{"retry_limit":5}"#)
    }

    /// A document with each member present, missing, `null` or of the wrong type at random.
    private static func randomDocument(using random: inout SeededRandom) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func string() -> String {
            let pieces = ["a", "Zürich", "\\\"", "\\u00e9", "🇵🇱", " ", "\\n", "12"]
            return "\"" + (0..<Int(random.next() % 4)).map { _ in pick(pieces) }.joined() + "\""
        }
        func value(_ kind: String) -> String? {
            switch random.next() % 6 {
            case 0: return nil
            case 1: return "null"
            case 2: return pick(["1", "\"x\"", "true", "[]", "{}"])
            default:
                switch kind {
                case "string": return string()
                case "int": return String(Int(truncatingIfNeeded: random.next()) % 100_000)
                default: return pick(["true", "false"])
                }
            }
        }
        func object(_ members: [(String, String?)]) -> String? {
            let present = members.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }
            return present.isEmpty && random.next() % 2 == 0 ? nil : "{" + present.joined(separator: ",") + "}"
        }
        let address = object([("zip", value("string")), ("city", value("string"))])
        let stats = object([("score", value("int"))])
        let flag = object([("on", value("bool"))])
        let members: [(String, String?)] = [
            ("user_name", value("string")), ("address", address), ("stats", stats), ("note\\u0000with nul", value("string")),
            (Keys.long, value("int")), ("🇵🇱", flag),
        ]
        return object(members) ?? "{}"
    }
}
