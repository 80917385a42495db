import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// The decode report (`decodeWithReport`): each event kind at the top, in a nested object and
// inside arrays, with exact paths and lines. File-scope types carry a `DR` prefix.

private struct DRTags: Codable, Equatable {
    @Flat var tags: [String]
    @Zero var count: Int
}

private struct DRPage: Codable, Equatable {
    var owner: DRTags
    var items: [DRTags]
}

private struct DRSettings: MappedCodable {
    @Mapped(default: 10) var limit: Int
    @Mapped(default: "x", .nullIsMissing) var mode: String
    @Mapped(default: 1, .lossy) var page: Int
    @Mapped var count: Int
    @Mapped(.date(.iso8601), .lossy) var day: Date?
    @Mapped("info.tags", default: [], .lossy) var tags: [Int]
}

private struct DRSettingsList: MappedCodable {
    @Mapped("data.settings") var settings: [DRSettings]
}

private enum DRStatus: String, Codable {
    case active, banned
}

private struct DRProfile: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var age: Int?
    @NotCoded var status: DRStatus?
    @NotCoded var rank: DRStatus?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .decoding else { return }
        age <-- ds.info.age
        status <-- ds.info.status
        rank <-- ds.info.rank.using(RawValueTransformer<DRStatus>())
    }
}

private struct DRLocation: Codable, Equatable {
    var latitude: Double
    var longitude: Double
}

private struct DRPlace: Codable, Equatable {
    @Flat var location: DRLocation?
    var name: String
}

private struct DRKeyedPlace: Codable, Equatable {
    var location: DRLocation?
    var values: [Int]
    var name: String

    enum CodingKeys: String, KeyedKey {
        case location = ""
        case values = ".values"
        case name
    }
}

private struct DRCoordinate: Codable, Equatable {
    var latitude: Double
    var elevation: Double
    var extra: JSON?

    enum CodingKeys: String, KeyedKey {
        case latitude
        case elevation = "additionalInfo.elevation"
        case extra
    }
}

private struct DRNested: Decodable {
    var settings: DRSettings
    var profile: DRProfile
    var place: DRPlace
}

private struct DRToken: Decodable {
    var token: String

    init(from decoder: any Decoder) throws {
        token = try decoder.decode(at: "data.tokens.access")
    }
}

private struct DROrder: Codable {
    @Flat var tags: [String]
    @Zero var quantity: Int
}

private struct DRSnake: Codable, Equatable {
    @Flat var tagList: [Int]
}

private final class DRFailureLog: @unchecked Sendable {
    // @unchecked: the decode calls the handler on the test's own thread.
    var errors: [DecodingError] = []
}

private func drDecode<T: Decodable>(
    _ type: T.Type, _ json: String, options: DecodeReport.Options = [], decoder: DynamicJSONDecoder = DynamicJSONDecoder()
) throws -> (value: T, report: DecodeReport) {
    try decoder.decodeWithReport(T.self, from: Data(json.utf8), options: options)
}

private func drLines(_ report: DecodeReport) -> [String] {
    report.events.map(\.description)
}

@Suite("Decode report")
struct DecodeReportTests {
    // MARK: Lossy arrays and @Zero

    @Test("a dropped element and a zero for null at the top level")
    func topLevel() throws {
        let (value, report) = try drDecode(DRTags.self, #"{"tags":["a",1.5,"b"],"count":null}"#)
        #expect(value.tags == ["a", "b"])
        #expect(value.count == 0)
        #expect(
            drLines(report) == [
                "tags[1]: dropped from lossy array, value 1.5: typeMismatch at tags[1]: Expected to decode String but found number instead.",
                "count: null, default used, value null",
            ])
        let dropped = report.events[0]
        #expect(dropped.kind == .droppedElement)
        #expect(dropped.path == "tags[1]")
        #expect(dropped.codingPath == "tags[1]")
        #expect(dropped.failure?.kind == .typeMismatch)
        #expect(report.events[1].kind == .defaultForNull)
    }

    @Test("drops and zeros in a nested object and inside arrays name their full paths")
    func nested() throws {
        let json = #"{"owner":{"tags":[],"count":3},"items":[{"tags":["x"]},{"tags":[null,"y"],"count":1},{"count":null,"tags":[{}]}]}"#
        let (value, report) = try drDecode(DRPage.self, json)
        #expect(value.items.map(\.tags) == [["x"], ["y"], []])
        #expect(
            drLines(report) == [
                "items[0].count: missing key, default used",
                "items[1].tags[0]: dropped from lossy array, value null: valueNotFound at items[1].tags[0]: Cannot get value of type String -- found null value instead",
                "items[2].tags[0]: dropped from lossy array, value {}: typeMismatch at items[2].tags[0]: Expected to decode String but found a dictionary instead.",
                "items[2].count: null, default used, value null",
            ])
        #expect(report.events.map(\.kind) == [.defaultForMissingKey, .droppedElement, .droppedElement, .defaultForNull])
        #expect(report.events[0].value == nil)
    }

    @Test("a decode that recovers nothing reports nothing, and gives the value decode gives")
    func emptyReport() throws {
        let json = #"{"owner":{"tags":["a"],"count":3},"items":[]}"#
        let (value, report) = try drDecode(DRPage.self, json)
        #expect(report.isEmpty)
        #expect(report.description == "no events")
        #expect(value == (try DynamicJSONDecoder().decode(DRPage.self, from: Data(json.utf8))))
    }

    @Test("the document path uses the document's keys, the coding path the model's")
    func keyStrategy() throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let (value, report) = try drDecode(DRSnake.self, #"{"tag_list":[1,"x",2]}"#, decoder: decoder)
        #expect(value.tagList == [1, 2])
        #expect(report.events.count == 1)
        #expect(report.events.first?.path == "tag_list[1]")
        #expect(report.events.first?.codingPath == "tagList[1]")
        #expect(report.events.first?.value == #""x""#)
    }

    // MARK: @Mapped

    @Test("@Mapped defaults for a missing key, null and a failure, a conversion, a refusal and a drop")
    func mapped() throws {
        let json = #"{"mode":null,"page":"abc","count":"10","day":"yesterday","info":{"tags":[1,"a",2]}}"#
        let (value, report) = try drDecode(DRSettings.self, json)
        #expect(value.limit == 10)
        #expect(value.mode == "x")
        #expect(value.page == 1)
        #expect(value.count == 10)
        #expect(value.day == nil)
        #expect(value.tags == [1, 2])
        #expect(
            report.events.map(\.kind) == [
                .defaultForMissingKey, .defaultForNull, .defaultAfterFailure, .losslessConversion, .transformerRefusal, .droppedElement,
            ])
        #expect(report.events.map(\.path) == ["limit", "mode", "page", "count", "day", "info.tags[1]"])
        #expect(report.events.map(\.value) == [nil, "null", #""abc""#, #""10""#, #""yesterday""#, #""a""#])
        #expect(report.events[2].failure?.kind == .typeMismatch)
        #expect(report.events[4].failure?.kind == .dataCorrupted)
        #expect(report.events[3].description == #"count: converted, value "10""#)
        #expect(report.events[0].description == "limit: missing key, default used")
    }

    @Test("@Mapped events inside arrays under a nested path")
    func mappedInArrays() throws {
        let json = #"{"data":{"settings":[{"count":1,"tags":[]},{"count":"2","info":{"tags":["z"]}}]}}"#
        let (value, report) = try drDecode(DRSettingsList.self, json)
        #expect(value.settings.map(\.count) == [1, 2])
        #expect(
            report.events.map { "\($0.kind) \($0.path)" } == [
                "defaultForMissingKey data.settings[0].limit",
                "defaultForMissingKey data.settings[0].mode",
                "defaultForMissingKey data.settings[0].page",
                "defaultForMissingKey data.settings[0].info.tags",
                "defaultForMissingKey data.settings[1].limit",
                "defaultForMissingKey data.settings[1].mode",
                "defaultForMissingKey data.settings[1].page",
                "losslessConversion data.settings[1].count",
                "droppedElement data.settings[1].info.tags[0]",
            ])
    }

    // MARK: Dynamic mapping

    @Test("failed <-- reads and unknown enum values, and the failure handler still sees them")
    func mappingFailures() throws {
        let log = DRFailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.errors.append($0) }
        let json = #"[{"id":1,"info":{"age":"old","status":"paused","rank":"none"}},{"id":2,"info":{"age":3,"status":"active"}}]"#
        let (value, report) = try drDecode([DRProfile].self, json, decoder: decoder)
        #expect(value.map(\.age) == [nil, 3])
        #expect(report.events.map(\.kind) == [.mappingFailure, .unknownEnumValue, .unknownEnumValue])
        #expect(report.events.map(\.path) == ["[0].info.age", "[0].info.status", "[0].info.rank"])
        #expect(report.events.map(\.value) == [#""old""#, #""paused""#, #""none""#])
        #expect(
            report.events[0].description
                == #"[0].info.age: mapping read failed, value "old": typeMismatch at [0].info.age: Expected to decode Int but found a string instead."#)
        #expect(report.events[2].failure?.message == #""none" is not a raw value of DRStatus"#)
        #expect(log.errors.count == 3)
        #expect(log.errors.map { Path(codingPath: $0.reportContext.codingPath) } == report.events.map(\.codingPath))
    }

    // MARK: Flat objects

    @Test("an optional @Flat object or \"\" key that became nil")
    func flatNil() throws {
        let (place, report) = try drDecode([DRPlace].self, #"[{"latitude":1,"longitude":2,"name":"a"},{"latitude":1,"name":"b"}]"#)
        #expect(place.map(\.location) == [DRLocation(latitude: 1, longitude: 2), nil])
        #expect(report.events.count == 1)
        #expect(report.events.first?.kind == .flatObjectNil)
        #expect(report.events.first?.path == "[1].location")
        #expect(report.events.first?.failure?.kind == .keyNotFound)
        #expect(report.events.first?.failure?.codingPath == "[1].longitude")

        let (keyed, keyedReport) = try drDecode(DRKeyedPlace.self, #"{"longitude":2,"values":[1,true],"name":"c"}"#)
        #expect(keyed.location == nil)
        #expect(keyed.values == [1])
        #expect(keyedReport.events.map { "\($0.kind) \($0.path)" } == ["flatObjectNil ", "droppedElement values[1]"])
    }

    // MARK: Every kind below the top

    @Test("each kind inside a nested object, with the nested paths")
    func everyKindNested() throws {
        let json =
            #"{"settings":{"mode":null,"page":"abc","count":"10","day":"x","info":{"tags":[1,"a"]}},"#
            + #""profile":{"id":1,"info":{"age":"old","status":"paused"}},"place":{"latitude":1,"name":"p"}}"#
        let (value, report) = try drDecode(DRNested.self, json)
        #expect(value.settings.count == 10)
        #expect(value.place.location == nil)
        #expect(
            report.events.map { "\($0.kind) \($0.path)" } == [
                "defaultForMissingKey settings.limit",
                "defaultForNull settings.mode",
                "defaultAfterFailure settings.page",
                "losslessConversion settings.count",
                "transformerRefusal settings.day",
                "droppedElement settings.info.tags[1]",
                "mappingFailure profile.info.age",
                "unknownEnumValue profile.info.status",
                "flatObjectNil place.location",
            ])
        #expect(report.events.map(\.codingPath) == report.events.map(\.path))
    }

    @Test("the example of the docs prints what they show")
    func documentedExample() throws {
        let data = Data(#"[{"tags": ["gift", 7], "quantity": null}]"#.utf8)
        let (orders, report) = try DynamicJSONDecoder().decodeWithReport([DROrder].self, from: data)
        #expect(orders[0].tags == ["gift"])
        #expect(
            report.description == """
                [0].tags[1]: dropped from lossy array, value 7: typeMismatch at [0].tags[1]: Expected to decode String but found number instead.
                [0].quantity: null, default used, value null
                """)
    }

    @Test("every element of a long lossy array, nested in arrays, is reported at its own index")
    func longLossyArraysInsideArrays() throws {
        // Alternating good and bad elements, in several pages: each event's path names its
        // page and element (the walk to each resumes where the previous one entered).
        let elements = (0..<3_000).map { $0 % 2 == 0 ? "\"s\($0)\"" : "\($0)" }.joined(separator: ",")
        let page = #"{"owner":{"tags":[\#(elements)],"count":1},"items":[]}"#
        let (pages, report) = try drDecode([DRPage].self, "[\(page),\(page)]")
        #expect(pages.count == 2 && pages.allSatisfy { $0.owner.tags.count == 1_500 })
        let expected = [0, 1].flatMap { page in stride(from: 1, to: 3_000, by: 2).map { "[\(page)].owner.tags[\($0)]" } }
        #expect(report.events.map(\.path.description) == expected)
    }

    // MARK: Unread keys

    @Test("unread keys are listed only when asked, topmost first, in document order")
    func unreadKeys() throws {
        let json = #"{"extra":{"a":1},"tags":["a"],"count":1,"more":[1,{"b":2}]}"#
        #expect(try drDecode(DRTags.self, json).report.isEmpty)
        let (_, report) = try drDecode(DRTags.self, json, options: .unreadKeys)
        #expect(
            drLines(report) == [
                #"extra: not read by any model, value {"a":1}"#,
                #"more: not read by any model, value [1,{"b":2}]"#,
            ])
    }

    @Test("keys read through nested keys, JSON values and <-- reads count as read")
    func unreadKeysThroughPaths() throws {
        let json = #"{"latitude":1,"additionalInfo":{"elevation":2,"note":"x"},"extra":{"deep":[1]},"other":true}"#
        let (_, report) = try drDecode(DRCoordinate.self, json, options: .unreadKeys)
        #expect(report.events.map(\.path) == ["additionalInfo.note", "other"])

        let profiles = #"[{"id":1,"info":{"age":3,"status":null,"rank":"active","misc":0}}]"#
        let (_, dynamicReport) = try drDecode([DRProfile].self, profiles, options: .unreadKeys)
        #expect(dynamicReport.events.map(\.path) == ["[0].info.misc"])

        let tokens = #"{"data":{"tokens":{"access":"t","refresh":"r"}}}"#
        let (token, tokenReport) = try drDecode(DRToken.self, tokens, options: .unreadKeys)
        #expect(token.token == "t")
        #expect(drLines(tokenReport) == [#"data.tokens.refresh: not read by any model, value "r""#])
    }

    @Test("keys a @Flat object read from its parent count as read")
    func unreadKeysAfterAFlatObject() throws {
        let json = #"{"latitude":1,"longitude":2,"name":"x","extra":true}"#
        let (place, report) = try drDecode(DRPlace.self, json, options: .unreadKeys)
        #expect(place.location == DRLocation(latitude: 1, longitude: 2))
        #expect(report.events.map(\.path) == ["extra"])
    }

    // MARK: Other entry points

    @Test("JSONDocument.decodeWithReport reports as the decoder does")
    func jsonDocument() throws {
        let document = try JSONDocument(parsing: Data(#"{"tags":[1],"count":null}"#.utf8))
        let (value, report) = try document.decodeWithReport(DRTags.self)
        #expect(value.tags.isEmpty)
        #expect(report.events.map { "\($0.kind) \($0.path)" } == ["droppedElement tags[0]", "defaultForNull count"])
    }

    @Test("Keyed<T> under Foundation's decoder reports to the recorder in userInfo, below its own path")
    func keyedWithFoundation() throws {
        let recorder = DecodeReport.Recorder()
        let decoder = JSONDecoder()
        decoder.userInfo[.decodeReport] = recorder
        let values = try decoder.decode([Keyed<DRTags>].self, from: Data(#"[{"tags":["a"],"count":1},{"tags":[2]}]"#.utf8))
        #expect(values.map(\.value.tags) == [["a"], []])
        #expect(
            recorder.report.events.map { "\($0.kind) \($0.path) \($0.codingPath)" } == [
                "droppedElement [1].tags[0] [1].tags[0]",
                "defaultForMissingKey [1].count [1].count",
            ])
        // Without a recorder, nothing is recorded anywhere and the value is the same.
        let plain = try JSONDecoder().decode([Keyed<DRTags>].self, from: Data(#"[{"tags":[2]}]"#.utf8))
        #expect(plain.map(\.value.tags) == [[]])
    }

    @Test("views kept after the decode do not add to its recorder")
    func viewsAfterDecode() throws {
        let recorder = DecodeReport.Recorder()
        let decoder = JSONDecoder()
        decoder.userInfo[.decodeReport] = recorder
        var profile = try decoder.decode(Keyed<DRProfile>.self, from: Data(#"{"id":1,"info":{"age":"x"}}"#.utf8)).value
        #expect(recorder.report.events.map(\.kind) == [.mappingFailure])
        profile.dynamicMapping(mappingType: .decoding)
        #expect(profile.age == nil)
        #expect(recorder.report.events.count == 1)
    }

    // MARK: The report as a value

    @Test("the report encodes and decodes back equal, and compares by its events")
    func codableAndEquatable() throws {
        let (_, report) = try drDecode(DRSettings.self, #"{"mode":null,"page":"abc","count":"10","day":"x","info":{"tags":["a"]}}"#)
        #expect(report.events.count == 6)
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(DecodeReport.self, from: data)
        #expect(decoded == report)
        #expect(decoded.description == report.description)
        var changed = report
        changed.events[0].path = "other"
        #expect(changed != report)

        let event = DecodeReport.Event(
            kind: .droppedElement, path: Path([.key("a.b"), .index(2)]), codingPath: "ab[2]", value: "1",
            failure: DecodeReport.Failure(kind: .typeMismatch, codingPath: "ab[2]", message: "no"))
        let json = String(decoding: try JSONEncoder.sorted.encode(event), as: UTF8.self)
        #expect(
            json
                == #"{"codingPath":"ab[2]","failure":{"codingPath":"ab[2]","kind":"typeMismatch","message":"no"},"kind":"droppedElement","path":"a\\.b[2]","value":"1"}"#
        )
        #expect(try JSONDecoder().decode(DecodeReport.Event.self, from: Data(json.utf8)) == event)
        #expect(event.description == #"a\.b[2]: dropped from lossy array, value 1: typeMismatch at ab[2]: no"#)
    }

    @Test("a long value is shortened to 100 characters, and the root reads <root>")
    func longValueAndRoot() throws {
        let long = String(repeating: "y", count: 150)
        let (_, report) = try drDecode(DRTags.self, #"{"tags":[1,""# + long + #""],"count":1,"z":""# + long + #""}"#, options: .unreadKeys)
        #expect(report.events.count == 2)
        #expect(report.events[0].value == "1")
        #expect(report.events[1].value == "\"" + String(repeating: "y", count: 99) + "…")
        let root = DecodeReport.Event(kind: .defaultForNull, path: .root, codingPath: .root, value: "null")
        #expect(root.description == "<root>: null, default used, value null")
    }
}

private extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

private extension DecodingError {
    var reportContext: Context {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context
        @unknown default:
            return Context(codingPath: [], debugDescription: "")
        }
    }
}
