import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `TransformOf`: ObjectMapper's closure-built transform, in `<->`, `@Mapped(using:)` and (named)
// `@CodedBy` (issue 28, item 6).

private let toIntFromString = TransformOf<Int, String>(fromJSON: { $0.flatMap(Int.init) }, toJSON: { $0.map(String.init) })

private struct TOStats: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var count = -1
    var limit: Int?
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        count <-> ds.stats.count.using(toIntFromString)
        limit <-> ds.stats.limit.using(toIntFromString)
    }
}

private struct TOMapped: MappedCodable {
    @Mapped("n", default: 0, using: toIntFromString) var count: Int
}

/// `@CodedBy` makes its transformer from a type: the closure-built value given a name.
private struct TOIntFromString: Transformer, DefaultInitializable {
    func decode(_ raw: String) throws -> Int { try toIntFromString.decode(raw) }
    func encode(_ value: Int) throws -> String { try toIntFromString.encode(value) }
}

private struct TOCoded: Codable {
    @CodedBy<TOIntFromString> var count: Int
}

@Suite("TransformOf: a transformer from two closures")
struct TransformOfTests {
    @Test("decode and encode call the closures; nil from either is a TransformerError naming the value")
    func closures() throws {
        #expect(try toIntFromString.decode("42") == 42)
        #expect(try toIntFromString.encode(7) == "7")
        #expect(throws: TransformerError(valueDescription: #""4x""#, reason: "could not be transformed to Int")) {
            try toIntFromString.decode("4x")
        }
        let refusing = TransformOf<Int, String>(fromJSON: { $0.flatMap(Int.init) }, toJSON: { _ in nil })
        #expect(throws: TransformerError(valueDescription: "7", reason: "could not be transformed to String")) {
            try refusing.encode(7)
        }
    }

    @Test("<-> reads and writes through the closures; a refusal keeps the property's value and is reported")
    func inAMappableModel() throws {
        let decoder = DynamicJSONDecoder()
        let stats = try decoder.decode(TOStats.self, from: Data(#"{"stats":{"count":"42","limit":"9"}}"#.utf8))
        #expect(stats.count == 42 && stats.limit == 9)
        var edited = stats
        edited.count = 43
        edited.limit = nil
        #expect(String(decoding: try DynamicJSONEncoder().encode(edited), as: UTF8.self) == #"{"stats":{"count":"43"}}"#)

        let (refused, report) = try decoder.decodeWithReport(TOStats.self, from: Data(#"{"stats":{"count":"many","limit":null}}"#.utf8))
        #expect(refused.count == -1 && refused.limit == nil)
        #expect(
            report.events.map(\.description) == [
                #"stats.count: mapping read failed, value "many": dataCorrupted at stats.count: "many" could not be transformed to Int"#
            ])
        // The refused value is left in the document as it was.
        #expect(String(decoding: try DynamicJSONEncoder().encode(refused), as: UTF8.self) == #"{"stats":{"count":"many","limit":null}}"#)
    }

    @Test("@Mapped(using:) takes the instance; a refusal throws dataCorrupted at the key")
    func inMapped() throws {
        let model = try DynamicJSONDecoder().decode(TOMapped.self, from: Data(#"{"n":"12"}"#.utf8))
        #expect(model.count == 12)
        #expect(String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self) == #"{"n":"12"}"#)
        #expect(try DynamicJSONDecoder().decode(TOMapped.self, from: Data("{}".utf8)).count == 0)
        do {
            _ = try DynamicJSONDecoder().decode(TOMapped.self, from: Data(#"{"n":"x"}"#.utf8))
            Issue.record("expected a refusal")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["n"])
            #expect(context.debugDescription == #""x" could not be transformed to Int"#)
        }
    }

    @Test("@CodedBy through a named DefaultInitializable wrapper, with Foundation's coders too")
    func inCodedBy() throws {
        let data = Data(#"{"count":"5"}"#.utf8)
        #expect(try JSONDecoder().decode(TOCoded.self, from: data).count == 5)
        #expect(try DynamicJSONDecoder().decode(TOCoded.self, from: data).count == 5)
        #expect(String(decoding: try JSONEncoder().encode(TOCoded(count: 6)), as: UTF8.self) == #"{"count":"6"}"#)
    }

    @Test("random integers round-trip through <-> as strings", arguments: 1...4)
    func randomRoundTrip(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        for _ in 0..<50 {
            var stats = TOStats()
            stats.count = Int.random(in: Int.min...Int.max, using: &random)
            stats.limit = Bool.random(using: &random) ? Int.random(in: -1000...1000, using: &random) : nil
            let data = try DynamicJSONEncoder().encode(stats)
            let json = try JSON(parsing: data)
            #expect(json["stats"]?["count"] == .string(String(stats.count)))
            let back = try DynamicJSONDecoder().decode(TOStats.self, from: data)
            #expect(back.count == stats.count && back.limit == stats.limit)
        }
    }
}
