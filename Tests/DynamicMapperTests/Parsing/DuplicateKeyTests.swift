import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// The opt-in that rejects documents repeating a key: readers that take the first value (this
// package, JSONDecoder) and those that take the last (JSONSerialization) must never be handed
// a document they would read differently.

private func duplicateError(_ body: () throws -> Void) -> JSONSyntaxError? {
    do {
        try body()
        return nil
    } catch DecodingError.dataCorrupted(let context) {
        #expect(context.codingPath.isEmpty)
        return context.underlyingError as? JSONSyntaxError
    } catch {
        Issue.record("unexpected \(error)")
        return nil
    }
}

@Suite("Duplicate keys")
struct DuplicateKeyTests {
    struct User: Codable, Equatable {
        var name: String
    }

    @Test("off by default: the first one wins")
    func firstWinsByDefault() throws {
        let text = #"{"user":{"name":"x","name":"y"}}"#
        #expect(try JSON(parsing: text)["user"]?["name"] == "x")
        #expect(try DynamicJSONDecoder().decode([String: User].self, from: Data(text.utf8)) == ["user": User(name: "x")])
    }

    @Test("JSON(parsing:) rejects a repeated key with both positions (issue example)")
    func json() throws {
        let text = "{\"user\":{\"name\":\"x\",\n \"name\":\"y\"}}"
        let error = try #require(duplicateError { _ = try JSON(parsing: text, rejectsDuplicateKeys: true) })
        #expect(error.kind == .duplicateKey)
        #expect(error.reason == #"Duplicate key "name" in an object (first at line 1, column 10)"#)
        #expect((error.line, error.column, error.offset) == (2, 2, 22))
    }

    @Test("DynamicJSONDecoder and JSONDocument reject it too, and decoding at a path")
    func decoderAndDocument() throws {
        let data = Data(#"[{"a":1},{"b":2,"c":3,"b":4}]"#.utf8)
        let decoder = DynamicJSONDecoder()
        decoder.rejectsDuplicateKeys = true
        let expected = #"Duplicate key "b" in an object (first at line 1, column 11)"#
        #expect(duplicateError { _ = try decoder.decode([[String: Int]].self, from: data) }?.reason == expected)
        #expect(duplicateError { _ = try decoder.decode(Int.self, from: data, at: "[0].a") }?.column == 23)
        #expect(duplicateError { _ = try JSONDocument(parsing: data, rejectsDuplicateKeys: true) }?.column == 23)
        #expect(try JSONDocument(parsing: data).root[1]?["b"] == 2)
    }

    @Test("escaped, unquoted and canonically equivalent spellings are the same key")
    func spellings() {
        #expect(duplicateError { _ = try JSON(parsing: #"{"a":1,"\u0061":2}"#, rejectsDuplicateKeys: true) }?.column == 8)
        #expect(duplicateError { _ = try JSON(parsing: #"{a:1,'a':2}"#, allowsJSON5: true, rejectsDuplicateKeys: true) }?.column == 6)
        #expect(duplicateError { _ = try JSON(parsing: "{\"\u{e9}\":1,\"e\u{301}\":2}", rejectsDuplicateKeys: true) }?.column == 8)
        #expect((try? JSON(parsing: #"{"a":{"a":1},"b":{"a":2}}"#, rejectsDuplicateKeys: true)) == ["a": ["a": 1], "b": ["a": 2]])
    }

    @Test("random objects: rejected exactly when some object repeats a key")
    func randomObjects() {
        let keys = ["a", "b", "c", "\\u0061", "é", "e\u{301}"]
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(state: seed)
            let chosen = (0..<Int.random(in: 0...4, using: &random)).map { _ in keys.randomElement(using: &random)! }
            let text = "[{" + chosen.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}]"
            let distinct = Set(chosen.map { $0 == "\\u0061" ? "a" : $0 }).count == chosen.count
            let accepted = (try? JSON(parsing: text, rejectsDuplicateKeys: true)) != nil
            #expect(accepted == distinct, "seed \(seed): \(text)")
        }
    }

    @Test("200,000 distinct keys are checked in one pass")
    func manyKeys() throws {
        let members = (0..<200_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let json = try JSON(parsing: "{" + members + "}", rejectsDuplicateKeys: true)
        #expect(json.objectValue?.count == 200_000)
        #expect(duplicateError { _ = try JSON(parsing: "{" + members + ",\"k199999\":0}", rejectsDuplicateKeys: true) }?.kind == .duplicateKey)
    }
}
