import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// A lossy array that left elements out, in a property the program did not change, writes
// nothing: the document's array stays as it was, elements the model could not read included,
// and `mergePatch()` is `{}`. Edits of the kept elements are merged in place; a changed length
// replaces the array.

private struct FlatTags: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @Flat var tags: [String]
}

private struct KeyedTags: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var tags: [String]
    enum CodingKeys: String, KeyedKey {
        case id
        case tags = ".tags"
    }
}

private struct MappedTags: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped var id: Int
    @Mapped(.lossy) var tags: [String]
    @Mapped("meta.scores", default: [], .lossy) var scores: [Int]
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try DynamicJSONDecoder().decode(T.self, from: Data(text.utf8))
}

private func encoded<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try DynamicJSONEncoder().encode(value), as: UTF8.self)
}

@Suite("Unedited lossy arrays: nothing written, nothing lost")
struct UneditedLossyModelTests {
    static let input = #"{"id":1,"tags":["a",1,"b"],"meta":{"scores":[1,"x",3.0]}}"#

    @Test("@Flat, a lossy KeyedKey (\".tags\") and @Mapped(.lossy): unedited models re-encode as they came and change nothing")
    func unedited() throws {
        let flat = try decode(FlatTags.self, Self.input)
        let keyed = try decode(KeyedTags.self, Self.input)
        let mapped = try decode(MappedTags.self, Self.input)
        #expect(flat.tags == ["a", "b"] && keyed.tags == ["a", "b"] && mapped.tags == ["a", "b"] && mapped.scores == [1, 3])
        for output in [try encoded(flat), try encoded(keyed), try encoded(mapped)] {
            #expect(output == Self.input)
        }
        #expect(try flat.mergePatch() == [:])
        #expect(try keyed.mergePatch() == [:])
        #expect(try mapped.mergePatch() == [:])
        #expect(try mapped.jsonPatch().operations.isEmpty)
    }

    @Test("An edited kept element is merged in its place; the left-out elements stay")
    func editedElement() throws {
        var flat = try decode(FlatTags.self, Self.input)
        flat.tags[1] = "c"
        #expect(try encoded(flat) == #"{"id":1,"tags":["a",1,"c"],"meta":{"scores":[1,"x",3.0]}}"#)
        #expect(try flat.mergePatch() == ["tags": ["a", 1, "c"]])
    }

    @Test("A changed length replaces the array with the model's")
    func changedLength() throws {
        var flat = try decode(FlatTags.self, Self.input)
        flat.tags.append("d")
        #expect(try encoded(flat) == #"{"id":1,"tags":["a","b","d"],"meta":{"scores":[1,"x",3.0]}}"#)
    }

    @Test("Random arrays of mixed elements: an unedited model changes nothing, and re-encodes its input")
    func randomArrays() throws {
        var random = SeededRandom(state: 29)
        let pieces: [String] = [#""s""#, "1", "null", "true", #"{"k":1}"#, "[2]", #""t\u0041""#, "2.50"]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<8, using: &random)
            let elements = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            let scores = (0..<Int.random(in: 0..<5, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            let text = #"{"id":7,"tags":[\#(elements.joined(separator: ","))],"meta":{"scores":[\#(scores.joined(separator: ","))]},"z":0}"#
            let flat = try decode(FlatTags.self, text)
            let mapped = try decode(MappedTags.self, text)
            #expect(try encoded(flat) == text)
            #expect(try encoded(mapped) == text)
            #expect(try flat.mergePatch() == [:], "\(text)")
            #expect(try mapped.mergePatch() == [:], "\(text)")
        }
    }
}

// MARK: - Defaults and conversions

private struct Defaulted: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped var id: Int
    @Mapped("meta.scores", default: [], .lossy) var scores: [Int]
    @Mapped(default: "unknown", .nullIsMissing) var phone: String
    @Mapped var count: Int
    @Mapped("deep.er.flag", default: false) var flag: Bool
}

private struct Zeroed: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @Zero var total: Int
    @Zero var names: [String]
}

@Suite("Unedited defaults and conversions: nothing written")
struct UneditedDefaultsTests {
    @Test("A default for a missing key or null, and a lossless conversion, write nothing while unchanged")
    func defaultsAndConversions() throws {
        for text in [#"{"id":1,"count":"5"}"#, #"{"id":1,"count":5,"phone":null,"deep":{"other":1}}"#, #"{"id":1,"count":"7","meta":{"scores":"x"}}"#] {
            let model = try decode(Defaulted.self, text)
            let output = try encoded(model)
            #expect(output == text)
            #expect(try model.mergePatch() == [:], "\(text)")
        }
        let zeroed = try decode(Zeroed.self, #"{"id":1,"total":null}"#)
        #expect(zeroed.total == 0 && zeroed.names.isEmpty)
        #expect(try encoded(zeroed) == #"{"id":1,"total":null}"#)
        #expect(try zeroed.mergePatch() == [:])
    }

    @Test("A changed default or conversion is written")
    func changedValuesAreWritten() throws {
        var model = try decode(Defaulted.self, #"{"id":1,"count":"5"}"#)
        model.count = 6
        model.phone = "+1"
        model.flag = true
        #expect(try encoded(model) == #"{"id":1,"count":6,"phone":"+1","deep":{"er":{"flag":true}}}"#)
    }

    @Test("Random payloads with missing, null, converted and plain members: an unedited model changes nothing")
    func randomPayloads() throws {
        var random = SeededRandom(state: 2906)
        let counts = ["5", #""5""#, "12", #""12""#]
        let phones = [nil, "null", #""+1""#]
        let scores = [nil, "[1,2]", #"[1,"x"]"#, #""x""#, "null"]
        let deeps = [nil, #"{"other":1}"#, #"{"er":{"flag":true}}"#, #"{"er":{}}"#]
        for _ in 0..<200 {
            var members = [#""id":1"#, #""count":\#(counts[Int.random(in: 0..<counts.count, using: &random)])"#]
            if let phone = phones[Int.random(in: 0..<phones.count, using: &random)] { members.append(#""phone":\#(phone)"#) }
            if let score = scores[Int.random(in: 0..<scores.count, using: &random)] { members.append(#""meta":{"scores":\#(score)}"#) }
            if let deep = deeps[Int.random(in: 0..<deeps.count, using: &random)] { members.append(#""deep":\#(deep)"#) }
            members.shuffle(using: &random)
            let text = "{" + members.joined(separator: ",") + "}"
            let model = try decode(Defaulted.self, text)
            let output = try encoded(model)
            #expect(output == text)
            #expect(try model.mergePatch() == [:], "\(text)")
        }
    }
}
