import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

private struct Timeline: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var statuses: [Status]
}

private struct Status: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
}

private struct Whole: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

/// Queries and bulk edits through views and decoded models' `ds`: reads give exact values and
/// paths; edits merge on encode, keep unknown keys, order and number literals, and equal the
/// JSON Patch they return and the same edits made one path at a time.
@Suite("JSONPath views and bulk edits")
struct JSONPathEditTests {
    static let text = #"""
        {"statuses":[{"id":1,"text":"a","user":{"id":10,"screen_name":"ada","email":"a@x","score":1.10}},{"id":2,"user":{"id":20,"screen_name":"bob","email":"b@x","score":1e2}}],"meta":{"count":2}}
        """#

    @Test func viewsAndModelsAnswerQueries() throws {
        let view = try DynamicClass(parsing: Self.text)
        #expect(try view.query("$.statuses[*].user.id").values(as: Int.self) == [10, 20])
        let model = try DynamicJSONDecoder().decode(Whole.self, from: Data(Self.text.utf8))
        #expect(try model.ds.query("$.statuses[*].user.id").values(as: Int.self) == [10, 20])
        let matches = try model.ds.statuses.query("$[?@.id > 1].user.screen_name")
        #expect(matches.values == ["bob"])
        #expect(matches.paths.map(\.description) == ["$['statuses'][1]['user']['screen_name']"])
        #expect(matches.paths.map(\.pointer) == ["/statuses/1/user/screen_name"])
        #expect(view[try #require(matches.paths.first).path].debugDescription == #""bob""#)
        #expect(try model.ds.statuses[.all].user.email.values(as: String.self) == ["a@x", "b@x"])
        #expect(
            try model.ds.statuses[.all].user.email.matches().paths.map(\.description)
                == ["$['statuses'][0]['user']['email']", "$['statuses'][1]['user']['email']"])
        #expect(try model.ds.missing[.all].matches().isEmpty)
    }

    @Test func typedRemoveMergesOnEncodeAndKeepsEverythingElse() throws {
        var model = try DynamicJSONDecoder().decode(Whole.self, from: Data(Self.text.utf8))
        let patch = try model.ds.statuses[.all].user.email.remove()
        #expect(patch == [.remove("statuses[1].user.email"), .remove("statuses[0].user.email")])
        let encoded = String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self)
        #expect(
            encoded
                == #"{"statuses":[{"id":1,"text":"a","user":{"id":10,"screen_name":"ada","score":1.10}},{"id":2,"user":{"id":20,"screen_name":"bob","score":1e2}}],"meta":{"count":2}}"#
        )
    }

    @Test func setAndTransformEveryMatch() throws {
        var view = try DynamicClass(parsing: Self.text)
        let patch = try view.statuses[.all].user.screen_name.set("redacted")
        #expect(patch.operations.count == 2)
        #expect(try view.query("$..screen_name").values == ["redacted", "redacted"])
        let renamed = try view[JSONPath("$..user.id")].transform { id in .number(JSON.Number((id.numberValue?.int ?? 0) + 1)) }
        #expect(renamed == [.replace("statuses[1].user.id", 21), .replace("statuses[0].user.id", 11)])
        let encoded = String(decoding: try DynamicJSONEncoder().encode(view), as: UTF8.self)
        #expect(
            encoded
                == #"{"statuses":[{"id":1,"text":"a","user":{"id":11,"screen_name":"redacted","email":"a@x","score":1.10}},{"id":2,"user":{"id":21,"screen_name":"redacted","email":"b@x","score":1e2}}],"meta":{"count":2}}"#
        )
    }

    @Test func removingSeveralElementsOfOneArrayRemovesTheRightOnes() throws {
        var view = DynamicClass(["a": [1, 5, 2, 7, 0], "b": ["x", "y", "z"]])
        let patch = try view[JSONPath("$.a[?@ > 1]")].remove()
        #expect(JSON(view) == ["a": [1, 0], "b": ["x", "y", "z"]])
        #expect(patch == [.remove("a[3]"), .remove("a[2]"), .remove("a[1]")])
        let twice = try view[JSONPath("$.b[0,2,0,-1]")].remove()
        #expect(JSON(view) == ["a": [1, 0], "b": ["y"]])
        #expect(twice == [.remove("b[2]"), .remove("b[0]")])
        var list = DynamicClass([["id": 1], ["id": 2]])
        let added = try list[.all].seen.set(true)
        #expect(added == [.add(Path([.index(1), .key("seen")]), true), .add(Path([.index(0), .key("seen")]), true)])
        #expect(try DynamicClass([["id": 1], ["id": 2]]).query("$").values.first.map { try $0.applying(added) } == JSON(list))
        #expect(JSON(list) == [["id": 1, "seen": true], ["id": 2, "seen": true]])
    }

    @Test func editsThroughModelsAtSeveralDepths() throws {
        var timeline = try DynamicJSONDecoder().decode(Timeline.self, from: Data(Self.text.utf8))
        #expect(timeline.statuses.map(\.id) == [1, 2])
        // One level down: a status's own view.
        try timeline.statuses[1].ds.user[.all].remove()
        #expect(try timeline.statuses[1].ds.query("$.user").values == [[:]])
        // At the top: every status's user through the timeline's view.
        try timeline.ds.statuses[.all].user.score.set(0)
        let encoded = String(decoding: try DynamicJSONEncoder().encode(timeline), as: UTF8.self)
        // Status 0: the timeline's edit. Status 1: its own view emptied `user`, and a nested
        // model's own view writes its part of the document.
        #expect(
            encoded == #"{"statuses":[{"id":1,"text":"a","user":{"id":10,"screen_name":"ada","email":"a@x","score":0}},{"id":2,"user":{}}],"meta":{"count":2}}"#
        )
        // Two levels down, untouched by the timeline: a status's view edits its own user.
        var other = try DynamicJSONDecoder().decode(Timeline.self, from: Data(Self.text.utf8))
        try other.statuses[0].ds[.all].set("x")
        try other.statuses[1].ds.user[try .filter("@ == 'b@x'")].remove()
        let second = String(decoding: try DynamicJSONEncoder().encode(other), as: UTF8.self)
        // `id` is declared but unchanged: the view's edit wins, as for any `ds` edit.
        #expect(second == #"{"statuses":[{"id":"x","text":"x","user":"x"},{"id":2,"user":{"id":20,"screen_name":"bob","score":1e2}}],"meta":{"count":2}}"#)
    }

    /// The examples of the DocC article "Queries and bulk edits", with what it says they give.
    @Test func articleExamplesGiveWhatTheArticleSays() throws {
        let data = Data(#"{"statuses": [{"id": 1, "user": {"email": "a@x", "name": "ada"}}, {"id": 2, "user": {"email": "b@x", "name": "bob"}}]}"#.utf8)
        var timeline = try DynamicJSONDecoder().decode(Whole.self, from: data)
        try timeline.ds.statuses[.all].user.email.remove()
        try timeline.ds.statuses[.all].user.name.set("redacted")
        try timeline.ds[JSONPath("$.statuses[?@.id > 1]")].remove()
        let patched = String(decoding: try DynamicJSONEncoder().encode(timeline), as: UTF8.self)
        #expect(patched == #"{"statuses":[{"id":1,"user":{"name":"redacted"}}]}"#)
        #expect { try JSONPath("$.statuses[?length(@.text)]") } throws: { ($0 as? JSONPathError)?.offset == 12 }
        var view = DynamicClass(["a": [1, 5, 2, 7]])
        let patch = try view[JSONPath("$.a[?@ > 1]")].remove()
        #expect(JSON(view) == ["a": [1]])
        #expect(patch == [.remove("a[3]"), .remove("a[2]"), .remove("a[1]")])
        var list = DynamicClass(["a": [1]])
        let padded = try list[JSONPath("$.a")][3].set(9)
        #expect(JSON(list) == ["a": [1, nil, nil, 9]])
        #expect(padded == [.add("a[1]", nil), .add("a[2]", nil), .add("a[3]", 9)])
    }

    static func documentOrder(_ lhs: [Path.Component], _ rhs: [Path.Component]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (left, right) {
            case (.index(let a), .index(let b)): return a < b
            case (.key(let a), .key(let b)): return a < b
            case (.key, .index): return true
            case (.index, .key): return false
            }
        }
        return lhs.count < rhs.count
    }

    static func randomValue(depth: Int, random: inout SeededRandom) -> JSON {
        let choice = depth >= 3 ? Int.random(in: 0..<3, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0: return .number(JSON.Number(Int.random(in: 0..<8, using: &random)))
        case 1: return .string(["a", "b", "c"][Int.random(in: 0..<3, using: &random)])
        case 2: return .null
        case 3, 4:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(depth: depth + 1, random: &random) })
        default:
            var object = JSON.Object()
            for key in ["a", "b", "c"].shuffled(using: &random).prefix(Int.random(in: 0..<4, using: &random)) {
                object[key] = randomValue(depth: depth + 1, random: &random)
            }
            return .object(object)
        }
    }
}
