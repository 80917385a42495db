import Foundation
import Testing
import DynamicMapper

@Suite("JSON Merge Patch (RFC 7396)")
struct MergePatchTests {
    /// RFC 7396 Appendix A, every row: original, patch, result.
    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, #"null"#, #"null"#),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    @Test func rfc7396AppendixA() throws {
        for (original, patch, result) in Self.appendixA {
            var json = try JSON(parsing: original)
            json.apply(mergePatch: try JSON(parsing: patch))
            // Serialised, so member order counts too: new members go at the end.
            #expect(json.serializedString() == result, "\(original) + \(patch)")
        }
        #expect(Self.appendixA.count == 15)
    }

    @Test func mergePatchDiffExamples() {
        let old: JSON = ["name": "Ada", "age": 36, "tags": ["a"], "address": ["city": "London", "zip": "N1"]]
        let new: JSON = ["name": "Ada", "age": 37, "address": ["city": "London", "zip": "N2"], "city": "London"]
        #expect(
            JSON.mergePatch(from: old, to: new).serializedString()
                == #"{"tags":null,"age":37,"address":{"zip":"N2"},"city":"London"}"#)
        #expect(JSON.mergePatch(from: old, to: old) == [:])
        #expect(JSON.mergePatch(from: [1], to: [1, 2]) == [1, 2])
        #expect(JSON.mergePatch(from: "x", to: ["a": 1]) == ["a": 1])
        // Numbers compare by value: a different spelling of the same number is no change.
        #expect(JSON.mergePatch(from: ["n": 1.0], to: ["n": 1]) == [:])
    }

    @Test func appliesInPlaceWithoutTouchingOtherCopies() {
        let shared: JSON = ["a": ["b": ["c": 1]], "keep": [1, 2]]
        var edited = shared
        edited.apply(mergePatch: ["a": ["b": ["d": 2]]])
        #expect(edited == ["a": ["b": ["c": 1, "d": 2]], "keep": [1, 2]])
        #expect(shared == ["a": ["b": ["c": 1]], "keep": [1, 2]])
        #expect(shared.applying(mergePatch: ["keep": nil]) == ["a": ["b": ["c": 1]]])
    }
}
