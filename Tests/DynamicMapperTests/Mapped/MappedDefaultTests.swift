import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// A `@Mapped(default:)` property keeps its declared default for missing keys even when the
// model's `init()` assigns the property: the default is the declaration's, the assignment
// only the initial value of a model made by hand.

private struct AssignsInInit: MappedCodable {
    @Mapped(default: 1) var count: Int
    @Mapped("name", default: "anonymous") var name: String
    @Mapped(default: [7]) var list: [Int]
    @Mapped(default: 2.5, .lossy) var ratio: Double
    init() {
        count = 3
        name = "set in init"
        list = []
        ratio = 0
    }
}

private final class ClassAssignsInInit: MappedCodable {
    @Mapped(default: 10) var count: Int
    @Mapped(default: "x") var label: String
    required init() {
        count = 30
        label = "y"
    }
}

private struct DeclaresOnly: MappedCodable {
    @Mapped(default: 1) var count: Int
    @Mapped("name", default: "anonymous") var name: String
    @Mapped(default: [7]) var list: [Int]
    @Mapped(default: 2.5, .lossy) var ratio: Double
}

@Suite("@Mapped defaults survive an init() that assigns")
struct MappedDefaultTests {
    @Test func missingKeysTakeTheDeclaredDefault() throws {
        let model = try DynamicJSONDecoder().decode(AssignsInInit.self, from: Data("{}".utf8))
        #expect(model.count == 1)
        #expect(model.name == "anonymous")
        #expect(model.list == [7])
        #expect(model.ratio == 2.5)
        let object = try DynamicJSONDecoder().decode(ClassAssignsInInit.self, from: Data("{}".utf8))
        #expect(object.count == 10 && object.label == "x")
        // A model made by hand keeps what init() assigned.
        #expect(AssignsInInit().count == 3 && AssignsInInit().name == "set in init")
    }

    /// Random objects with each key present, absent, null or of the wrong type: the model
    /// whose init() assigns decodes exactly as the one that only declares.
    @Test(arguments: [1, 2, 3])
    func assigningInInitChangesNoDecode(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let choices: [(String, [String])] = [
            ("count", ["5", "null", "\"7\"", "true"]),
            ("name", ["\"n\"", "null", "4"]),
            ("list", ["[1,2]", "null", "[\"a\"]"]),
            ("ratio", ["0.5", "null", "\"1.5\"", "{}"]),
        ]
        for _ in 0..<300 {
            let members = choices.compactMap { key, values -> String? in
                let pick = Int(random.next() % UInt64(values.count + 1))
                return pick == values.count ? nil : "\"\(key)\":\(values[pick])"
            }
            let data = Data(("{" + members.joined(separator: ",") + "}").utf8)
            let declared = Result { try DynamicJSONDecoder().decode(DeclaresOnly.self, from: data) }
            let assigned = Result { try DynamicJSONDecoder().decode(AssignsInInit.self, from: data) }
            switch (declared, assigned) {
            case (.success(let a), .success(let b)):
                #expect(a.count == b.count && a.name == b.name && a.list == b.list && a.ratio == b.ratio, "\(String(decoding: data, as: UTF8.self))")
            case (.failure(let a), .failure(let b)):
                #expect(DecodingErrorSummary(a) == DecodingErrorSummary(b), "\(String(decoding: data, as: UTF8.self))")
            default:
                Issue.record("one decoded and one failed: \(String(decoding: data, as: UTF8.self))")
            }
        }
    }
}
