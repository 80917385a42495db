import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// A lossy array that left elements out, in a property the program did not change, writes
// nothing: the document's array stays as it was, elements the model could not read included,
// and `changes()` is `{}`. Edits of the kept elements are merged in place; a changed length
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
        #expect(try flat.changes() == [:])
        #expect(try keyed.changes() == [:])
        #expect(try mapped.changes() == [:])
        #expect(try mapped.patchOperations().operations.isEmpty)
    }

    @Test("An edited kept element is merged in its place; the left-out elements stay")
    func editedElement() throws {
        var flat = try decode(FlatTags.self, Self.input)
        flat.tags[1] = "c"
        #expect(try encoded(flat) == #"{"id":1,"tags":["a",1,"c"],"meta":{"scores":[1,"x",3.0]}}"#)
        #expect(try flat.changes() == ["tags": ["a", 1, "c"]])
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
            #expect(try flat.changes() == [:], "\(text)")
            #expect(try mapped.changes() == [:], "\(text)")
        }
    }
}
