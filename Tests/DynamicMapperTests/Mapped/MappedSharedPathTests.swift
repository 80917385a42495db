import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// `@Mapped` paths that share their first key (`a.x`, `a.y`), beside plain keys and defaults,
// over random documents: members in any order, missing, `null` or repeated (the first wins).
// The decoder finds a shared first member once per object; what each property reads must
// not depend on that. File-scope types carry an `SP` prefix.

private struct SPRecord: MappedCodable {
    @Mapped("a.x") var ax: Int
    @Mapped("a.y", default: -1) var ay: Int
    @Mapped var b: String
    @Mapped("a.z") var az: String?
    @Mapped("c.x", default: 7) var cx: Int
    @Mapped("c.y") var cy: Int?
    @Mapped(default: "none") var phone: String
}

/// What a record must decode to, worked out from the members the generator wrote.
private struct SPExpected: Equatable {
    var ax: Int
    var ay = -1
    var b: String
    var az: String?
    var cx = 7
    var cy: Int?
    var phone = "none"
}

private struct SPGenerator {
    var random: SeededRandom

    /// The members as text in a random order; `duplicate` repeats one after the others with a
    /// different value, which the decode must ignore.
    mutating func object(_ members: [(String, String)]) -> String {
        var members = members.shuffled(using: &random)
        if let first = members.first, Int.random(in: 0..<4, using: &random) == 0 {
            members.append((first.0, #""ignored""#))
        }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    mutating func record() -> (text: String, expected: SPExpected) {
        var expected = SPExpected(ax: Int.random(in: -1000...1000, using: &random), b: "b\(Int.random(in: 0...99, using: &random))")
        var a: [(String, String)] = [("x", "\(expected.ax)")]
        if Bool.random(using: &random) {
            expected.ay = Int.random(in: 0...50, using: &random)
            a.append(("y", "\(expected.ay)"))
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: a.append(("z", "null"))
        case 1:
            expected.az = "z\(Int.random(in: 0...9, using: &random))"
            a.append(("z", "\"\(expected.az ?? "")\""))
        default: break
        }
        var members: [(String, String)] = [("a", object(a)), ("b", "\"\(expected.b)\"")]
        if Bool.random(using: &random) {
            var c: [(String, String)] = []
            if Bool.random(using: &random) {
                expected.cx = Int.random(in: 100...200, using: &random)
                c.append(("x", "\(expected.cx)"))
            }
            if Bool.random(using: &random) {
                expected.cy = Int.random(in: 0...9, using: &random)
                c.append(("y", "\(expected.cy ?? 0)"))
            }
            members.append(("c", object(c)))
        }
        if Bool.random(using: &random) {
            expected.phone = "+\(Int.random(in: 100...999, using: &random))"
            members.append(("phone", "\"\(expected.phone)\""))
        }
        if Bool.random(using: &random) { members.append(("extra", object([("x", "1")]))) }
        return (object(members), expected)
    }
}

@Suite("@Mapped paths sharing a first key")
struct MappedSharedPathTests {
    private func values(_ record: SPRecord) -> SPExpected {
        SPExpected(ax: record.ax, ay: record.ay, b: record.b, az: record.az, cx: record.cx, cy: record.cy, phone: record.phone)
    }

    @Test("every property reads its own member of random documents, in arrays and alone")
    func randomDocuments() throws {
        for seed in UInt64(1)...300 {
            var generator = SPGenerator(random: SeededRandom(state: seed))
            let records = (0..<Int.random(in: 1...4, using: &generator.random)).map { _ in generator.record() }
            let text = "[" + records.map(\.text).joined(separator: ",") + "]"
            let decoded = try DynamicJSONDecoder().decode([SPRecord].self, from: Data(text.utf8))
            #expect(decoded.map(values) == records.map(\.expected), "seed \(seed): \(text)")
            let single = try DynamicJSONDecoder().decode(SPRecord.self, from: Data(records[0].text.utf8))
            #expect(values(single) == records[0].expected, "seed \(seed): \(records[0].text)")
        }
    }

    @Test("a missing member below a shared first key is keyNotFound at its own path")
    func missingBelowSharedKey() throws {
        let text = #"[{"a":{"x":1},"b":"b"},{"a":{"y":2},"b":"b"}]"#
        do {
            _ = try DynamicJSONDecoder().decode([SPRecord].self, from: Data(text.utf8))
            Issue.record("decoded a record without a.x")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "x")
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "a"])
        }
    }

    @Test("a shared first key that is not an object is a typeMismatch for the first path through it")
    func sharedKeyOfWrongKind() throws {
        let text = #"{"a":[1],"b":"b"}"#
        do {
            _ = try DynamicJSONDecoder().decode(SPRecord.self, from: Data(text.utf8))
            Issue.record("decoded a record whose a is an array")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a"])
        }
    }

    @Test("the defaults taken for missing members are reported at their paths")
    func reportedDefaults() throws {
        let text = #"[{"a":{"x":1},"b":"b"},{"a":{"x":1,"y":2},"b":"b","c":{"x":3},"phone":"+1"}]"#
        let (_, report) = try DynamicJSONDecoder().decodeWithReport([SPRecord].self, from: Data(text.utf8))
        let listed = report.events.map { "\($0.kind) \($0.path)" }
        #expect(
            listed == [
                "defaultForMissingKey [0].a.y",
                "defaultForMissingKey [0].c.x",
                "defaultForMissingKey [0].phone",
            ])
    }
}
