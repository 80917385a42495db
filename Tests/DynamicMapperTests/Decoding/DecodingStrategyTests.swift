import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Helpers and models

/// Collects what a strategy closure saw, from any thread.
final class StrategyLog: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ path: [any CodingKey]) {
        let rendered = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
        lock.withLock { entries.append(rendered) }
    }

    var all: [String] { lock.withLock { entries } }
}

/// Every key of an object (as `allKeys` reports it, after key conversion) with its value, plus
/// which of some candidate keys `contains` finds.
struct KeyDump: Decodable, Equatable {
    var entries: [String: Int]
    var found: [String]

    static let candidates = [
        "a_b", "aB", "ab", "AB", "_leading", "leading", "Leading", "trailing_", "trailing",
        "__both__", "both", "urlValue", "URLValue", "uRLValue", "myUrlValue", "myURLValue",
        "alreadyCamel", "alreadyCamelcase", "alreadyCamelCase", "", "_", "__",
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        var entries: [String: Int] = [:]
        for key in container.allKeys {
            entries[key.stringValue] = try container.decode(Int.self, forKey: key)
        }
        self.entries = entries
        found = Self.candidates.filter { container.contains(DecAnyKey($0)) }
    }
}

/// Properties named after what `convertFromSnakeCase` should produce.
struct SnakeModel: Decodable, Equatable {
    var _leading: Int
    var trailing_: Int
    var __both__: Int
    var aB: Int
    var alreadyCamel: Int
    var urlValue: Int
    var myUrlValue: Int
    var oneTwoThree: Int
}

struct SnakeInner: Codable, Equatable {
    var firstName: String
    var lastName: String?
}

struct SnakeOuter: Codable, Equatable {
    var userList: [SnakeInner]
    var extraInfo: [String: Int]
    var byName: [String: SnakeInner]
    var optionalValue: Int?
}

/// Explicit snake-case raw values: with `convertFromSnakeCase` they no longer match.
struct ExplicitSnakeKeys: Codable, Equatable {
    var myValue: Int
    enum CodingKeys: String, CodingKey { case myValue = "my_value" }
}

enum SnakeColor: String, Codable, CodingKeyRepresentable {
    case darkRed
    case dark_blue
}

struct UpperItem: Decodable, Equatable {
    var FIRST_NAME: String
    var AGE: Int?
}

struct UpperModel: Decodable, Equatable {
    var NAME: String
    var ITEMS: [UpperItem]
    var MAP: [String: Int]
    var NUMBERS: [Int: String]?
}

let infoKey = CodingUserInfoKey(rawValue: "DynamicMapperTests.info")!

/// Reads `userInfo` at its own level.
struct InfoLeaf: Decodable, Equatable {
    var info: String?
    var value: Int

    init(from decoder: any Decoder) throws {
        info = decoder.userInfo[infoKey] as? String
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

/// Reads `userInfo` at the top, in keyed, unkeyed and super decoders.
struct InfoReader: Decodable, Equatable {
    var top: String?
    var keyed: InfoLeaf
    var list: [InfoLeaf]
    var fromSuper: String?
    var count: Int

    init(from decoder: any Decoder) throws {
        top = decoder.userInfo[infoKey] as? String
        count = decoder.userInfo.count
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        keyed = try container.decode(InfoLeaf.self, forKey: DecAnyKey("keyed"))
        list = try container.decode([InfoLeaf].self, forKey: DecAnyKey("list"))
        fromSuper = try container.superDecoder(forKey: DecAnyKey("parent")).userInfo[infoKey] as? String
    }
}

func utcPosixFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter
}

struct CustomStrategyFailure: Error, Equatable {
    var reason: String
}

/// `@1234.5` strings, plain numbers or `{"s": seconds}` objects; the path length is added so a
/// wrong coding path shows up in the value.
@Sendable func customDateStrategy(_ decoder: any Decoder) throws -> Date {
    let depth = Double(decoder.codingPath.count) / 1000
    if let object = try? decoder.container(keyedBy: DecAnyKey.self) {
        return Date(timeIntervalSince1970: try object.decode(Double.self, forKey: DecAnyKey("s")) + depth)
    }
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds + depth) }
    let string = try container.decode(String.self)
    if string == "fail" { throw CustomStrategyFailure(reason: "asked to fail") }
    guard string.hasPrefix("@"), let seconds = Double(string.dropFirst()) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an @-date: \(string)")
    }
    return Date(timeIntervalSince1970: seconds + depth)
}

/// Hexadecimal strings; the path length is appended as a byte.
@Sendable func hexDataStrategy(_ decoder: any Decoder) throws -> Data {
    let container = try decoder.singleValueContainer()
    let string = try container.decode(String.self)
    if string == "fail" { throw CustomStrategyFailure(reason: "asked to fail") }
    var bytes: [UInt8] = []
    var characters = Substring(string)
    while characters.count >= 2 {
        guard let byte = UInt8(characters.prefix(2), radix: 16) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not hexadecimal: \(string)")
        }
        bytes.append(byte)
        characters = characters.dropFirst(2)
    }
    guard characters.isEmpty else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Odd length: \(string)")
    }
    bytes.append(UInt8(decoder.codingPath.count))
    return Data(bytes)
}

// MARK: - Tests

@Suite("Decoding strategies: DynamicJSONDecoder vs JSONDecoder")
struct DecodingStrategyTests {
    // MARK: Dates

    /// Decodes `value` as a top-level date, in a keyed and an unkeyed container, optional, and in a dictionary.
    /// With `ownErrors`, the strategy throws errors with paths of its own, which must match.
    func expectSameDates(
        _ value: String, _ strategy: JSONDecoder.DateDecodingStrategy, ownErrors: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let configure: (JSONDecoder) -> Void = { $0.dateDecodingStrategy = strategy }
        let full = { (path: String) in ownErrors ? nil : path }
        expectSameDecoding(Date.self, value, configure: configure, sourceLocation: sourceLocation)
        expectSameDecoding(DecBox<Date>.self, "{\"v\": \(value)}", configure: configure, fullPath: full("v"), sourceLocation: sourceLocation)
        expectSameDecoding(DecBox<Date?>.self, "{\"v\": \(value)}", configure: configure, fullPath: full("v"), sourceLocation: sourceLocation)
        expectSameDecoding([Date].self, "[\(value), \(value)]", configure: configure, fullPath: full("[0]"), sourceLocation: sourceLocation)
        expectSameDecoding([String: [Date]].self, "{\"k\": [\(value)]}", configure: configure, fullPath: full("k[0]"), sourceLocation: sourceLocation)
        expectSameDecoding(Date?.self, value, configure: configure, sourceLocation: sourceLocation)
    }

    @Test func deferredToDate() {
        for value in ["0", "1.5", "-1e9", "725000000", "1e400", "\"x\"", "null", "true", "[]", "{}"] {
            expectSameDates(value, .deferredToDate)
        }
    }

    @Test func secondsSince1970() {
        for value in ["0", "1700000000", "1.5", "-86400.25", "1e10", "\"1700000000\"", "null", "false", "[1]"] {
            expectSameDates(value, .secondsSince1970)
        }
    }

    @Test func millisecondsSince1970() {
        for value in ["0", "1700000000123", "1.5", "-1", "1e15", "\"1\"", "null", "{}"] {
            expectSameDates(value, .millisecondsSince1970)
        }
    }

    @Test func iso8601() {
        for value in [
            #""2024-01-02T03:04:05Z""#, #""2024-01-02T03:04:05+02:00""#, #""2024-01-02T03:04:05-0130""#,
            #""2024-01-02T03:04:05.123Z""#, #""2024-01-02""#, #""2024-13-02T03:04:05Z""#,
            #""1970-01-01T00:00:00Z""#, #""nope""#, #""""#, "5", "null", "[]",
        ] {
            expectSameDates(value, .iso8601)
        }
    }

    @Test func formattedDates() {
        for value in [#""2024-01-02 03:04""#, #""1999-12-31 23:59""#, #""2024-01-02""#, #""bad""#, #""""#, "0", "null"] {
            expectSameDates(value, .formatted(utcPosixFormatter("yyyy-MM-dd HH:mm")))
        }
    }

    @Test func customDates() {
        for value in [#""@1700000000""#, "12.5", #"{"s": 3}"#, #"{"t": 3}"#, #""nope""#, #""fail""#, "null", "[1]", "true"] {
            expectSameDates(value, .custom(customDateStrategy), ownErrors: true)
        }
        let configure: (JSONDecoder) -> Void = { $0.dateDecodingStrategy = .custom(customDateStrategy) }
        expectSameDecoding([String: DecBox<[Date]>].self, #"{"a": {"v": ["@1", 2, {"s": 3}]}}"#, configure: configure)
        expectSameDecoding(DecBox<Date>.self, "{}", configure: configure)
    }

    @Test func datesInsideDictionariesAndModels() {
        struct Event: Codable, Equatable { var at: Date; var until: Date?; var log: [Date] }
        let configure: (JSONDecoder) -> Void = { $0.dateDecodingStrategy = .iso8601 }
        expectSameDecoding([String: Event].self, #"{"e": {"at": "2024-01-02T03:04:05Z", "log": []}}"#, configure: configure)
        expectSameDecoding(
            [String: Event].self, #"{"e": {"at": "2024-01-02T03:04:05Z", "until": "x", "log": []}}"#, configure: configure,
            fullPath: "e.until")
        expectSameDecoding([Event].self, #"[{"at": "2024-01-02T03:04:05Z", "log": ["2024-01-02T03:04:05Z", 5]}]"#, configure: configure)
    }

    // MARK: Data

    /// With `ownErrors`, the strategy throws errors with paths of its own, which must match;
    /// `inner` is the path of a byte that does not fit inside the value (`deferredToData`).
    func expectSameData(
        _ value: String, _ strategy: JSONDecoder.DataDecodingStrategy, ownErrors: Bool = false,
        inner: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let configure: (JSONDecoder) -> Void = { $0.dataDecodingStrategy = strategy }
        let full = { (path: String) in ownErrors ? nil : path + inner }
        expectSameDecoding(Data.self, value, configure: configure, fullPath: full(""), sourceLocation: sourceLocation)
        expectSameDecoding(DecBox<Data>.self, "{\"v\": \(value)}", configure: configure, fullPath: full("v"), sourceLocation: sourceLocation)
        expectSameDecoding(DecBox<Data?>.self, "{\"v\": \(value)}", configure: configure, fullPath: full("v"), sourceLocation: sourceLocation)
        expectSameDecoding([Data].self, "[\(value)]", configure: configure, fullPath: full("[0]"), sourceLocation: sourceLocation)
        expectSameDecoding([String: Data].self, "{\"k\": \(value)}", configure: configure, fullPath: full("k"), sourceLocation: sourceLocation)
    }

    @Test func deferredToData() {
        for value in ["[1, 2, 255]", "[]", "[256]", "[-1]", "[1.5]", "[null]", #""AQID""#, "null", "{}"] {
            expectSameData(value, .deferredToData, inner: "[0]")
        }
    }

    @Test func base64() {
        for value in [
            #""AQID""#, #""""#, #""AQI=""#, #""AQ==""#, #""AQI""#, #""!!!""#, #""AQ ID""#, #""AQ\nID""#,
            #""SGVsbG8sIFdvcmxkIQ==""#, #""AQID\u003d""#, "5", "null", "[1]",
        ] {
            expectSameData(value, .base64)
        }
    }

    @Test func customData() {
        for value in [#""0aff""#, #""""#, #""abc""#, #""zz""#, #""fail""#, "7", "null"] {
            expectSameData(value, .custom(hexDataStrategy), ownErrors: true)
        }
    }

    // MARK: Non-conforming floats

    static let convertFromString = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    @Test func nonConformingFloats() {
        let inputs = [
            #""+Infinity""#, #""-Infinity""#, #""NaN""#, #""inf""#, #""Infinity""#,
            #""nan""#, "1.5", #""1.5""#, "null", "1e400", "-0.0", "[]",
        ]
        for strategy in [JSONDecoder.NonConformingFloatDecodingStrategy.throw, Self.convertFromString] {
            let configure: (JSONDecoder) -> Void = { $0.nonConformingFloatDecodingStrategy = strategy }
            for value in inputs {
                expectSameDecoding(Double.self, data: Data(value.utf8), configure: configure, isEqual: sameFloatingPoint)
                expectSameDecoding(Float.self, data: Data(value.utf8), configure: configure, isEqual: sameFloatingPoint)
                expectSameDecoding(
                    [Double].self, data: Data("[\(value), 2]".utf8), configure: configure, fullPath: "[0]",
                    isEqual: sameFloatingPoints)
                expectSameDecoding([Float].self, data: Data("[\(value)]".utf8), configure: configure, fullPath: "[0]", isEqual: sameFloatingPoints)
                expectSameDecoding(
                    DecBox<Double>.self, data: Data("{\"v\": \(value)}".utf8), configure: configure, fullPath: "v",
                    isEqual: { sameFloatingPoint($0.v, $1.v) })
                expectSameDecoding(
                    DecBox<Float?>.self, data: Data("{\"v\": \(value)}".utf8), configure: configure, fullPath: "v",
                    isEqual: { ($0.v == nil && $1.v == nil) || ($0.v != nil && $1.v != nil && sameFloatingPoint($0.v!, $1.v!)) })
                expectSameDecoding(String.self, value, configure: configure)
                expectSameDecoding(Int.self, value, configure: configure)
                expectSameDecoding(Decimal.self, value, configure: configure)
            }
        }
    }

    @Test func convertFromStringGivesTheSpecialValues() throws {
        let decoder = DynamicJSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = Self.convertFromString
        let values = try decoder.decode([Double].self, from: Data(#"["+Infinity", "-Infinity", "NaN", 1]"#.utf8))
        #expect(values[0] == .infinity)
        #expect(values[1] == -.infinity)
        #expect(values[2].isNaN)
        #expect(values[3] == 1)
        let floats = try decoder.decode([Float].self, from: Data(#"["+Infinity", "NaN"]"#.utf8))
        #expect(floats[0] == .infinity && floats[1].isNaN)
    }

    // MARK: Keys

    static let snakeKeys = [
        "_leading", "trailing_", "__both__", "a__b", "alreadyCamel", "URL_value", "my_url_value",
        "one_two_three", "a_b_c", "A_B", "_", "__", "", "a1_b2", "already_camelCase", "ünï_côdé",
        "a-b", "a_1", "a_b_", "_a_b", "snake_Case_KEY", "x__", "ß_straße", "i_ijssel", "a b_c d",
        "MIXED_case_Key", "_1_2_",
    ]

    @Test func snakeCaseKeyConversion() {
        let configure: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        for (index, key) in Self.snakeKeys.enumerated() {
            let quoted = String(data: try! JSONEncoder().encode(key), encoding: .utf8)!
            expectSameDecoding(KeyDump.self, "{\(quoted): \(index)}", configure: configure)
        }
        let all = Self.snakeKeys.enumerated().map { index, key in
            "\(String(data: try! JSONEncoder().encode(key), encoding: .utf8)!): \(index)"
        }
        expectSameDecoding(KeyDump.self, "{\(all.joined(separator: ", "))}", configure: configure)
        // Two JSON keys converting to the same key.
        expectSameDecoding(KeyDump.self, #"{"a_b": 1, "aB": 2}"#, configure: configure)
        expectSameDecoding(KeyDump.self, #"{"aB": 1, "a_b": 2}"#, configure: configure)
        expectSameDecoding(KeyDump.self, #"{"a_b": 1, "a__b": 2}"#, configure: configure)
        expectSameDecoding(DecBox<Int>.self, #"{"v_": 1, "v": 2}"#, configure: configure)
    }

    @Test func snakeCaseModels() {
        let configure: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        expectSameDecoding(
            SnakeModel.self,
            #"{"_leading": 1, "trailing_": 2, "__both__": 3, "a__b": 4, "alreadyCamel": 5, "URL_value": 6, "my_url_value": 7, "one_two_three": 8}"#,
            configure: configure)
        expectSameDecoding(
            SnakeModel.self,
            #"{"_leading": 1, "trailing_": 2, "__both__": 3, "a_b": 4, "already_camel": 5, "url_value": 6, "my_url_value": 7, "one_two_three": 8}"#,
            configure: configure)
        expectSameDecoding(SnakeModel.self, #"{"leading": 1}"#, configure: configure)
        expectSameDecoding(
            SnakeOuter.self,
            #"{"user_list": [{"first_name": "a", "last_name": "b"}, {"first_name": "c"}], "extra_info": {"a_b": 1, "c_d": 2}, "by_name": {"some_key": {"first_name": "x"}}, "optional_value": 4}"#,
            configure: configure)
        expectSameDecoding(SnakeOuter.self, #"{"user_list": [{"first_name": "a"}, {"firstName": "c"}], "extra_info": {}, "by_name": {}}"#, configure: configure)
        expectSameDecoding(SnakeOuter.self, #"{"user_list": [{"first_name": "a"}, {"last_name": "c"}], "extra_info": {}, "by_name": {}}"#, configure: configure)
        expectSameDecoding(SnakeOuter.self, #"{"user_list": [], "extra_info": {"a_b": "x"}, "by_name": {}}"#, configure: configure)
        expectSameDecoding(SnakeOuter.self, #"{"user_list": [], "extra_info": {}, "by_name": {"k_k": {"last_name": "x"}}}"#, configure: configure)
        expectSameDecoding(ExplicitSnakeKeys.self, #"{"my_value": 1}"#, configure: configure)
        expectSameDecoding(ExplicitSnakeKeys.self, #"{"myValue": 1}"#, configure: configure)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": [], "address": {"street": "s", "zip": "z"}}"#, configure: configure)
    }

    @Test func dictionaryKeysAreNotConverted() {
        let configure: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        expectSameDecoding([String: Int].self, #"{"a_b": 1, "c_d_e": 2, "_x": 3, "alreadyCamel": 4}"#, configure: configure)
        expectSameDecoding(DecBox<[String: Int]>.self, #"{"v": {"a_b": 1}}"#, configure: configure)
        expectSameDecoding([String: SnakeInner].self, #"{"key_one": {"first_name": "x", "last_name": "y"}}"#, configure: configure)
        expectSameDecoding([String: [String: Int]].self, #"{"a_b": {"c_d": 1}}"#, configure: configure)
        expectSameDecoding([[String: Int]].self, #"[{"a_b": 1}]"#, configure: configure)
        expectSameDecoding([Int: String].self, #"{"1": "a_b"}"#, configure: configure)
        expectSameDecoding([SnakeColor: Int].self, #"{"dark_red": 1}"#, configure: configure)
        expectSameDecoding([SnakeColor: Int].self, #"{"darkRed": 1}"#, configure: configure)
        expectSameDecoding([SnakeColor: Int].self, #"{"dark_blue": 1}"#, configure: configure)
        expectSameDecoding([String: Int]?.self, #"{"a_b": 1}"#, configure: configure)
        expectSameDecoding([String: Int?].self, #"{"a_b": null}"#, configure: configure)
    }

    @Test func customKeyStrategyReceivesTheFullPath() throws {
        let json = #"{"name": "n", "items": [{"first_name": "a", "age": 1}, {"first_name": "b"}], "map": {"x_y": 1}, "numbers": {"1": "one"}}"#
        let foundationLog = StrategyLog()
        let ourLog = StrategyLog()
        func strategy(_ log: StrategyLog) -> JSONDecoder.KeyDecodingStrategy {
            .custom { path in
                log.record(path)
                return DecAnyKey(path.last!.stringValue.uppercased())
            }
        }
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = strategy(foundationLog)
        let ours = DynamicJSONDecoder()
        ours.keyDecodingStrategy = strategy(ourLog)
        let expected = Result { try foundation.decode(UpperModel.self, from: Data(json.utf8)) }
        let actual = Result { try ours.decode(UpperModel.self, from: Data(json.utf8)) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            #expect(expected == actual)
        case (.failure(let expected), .failure(let actual)):
            #expect(DecodingErrorSummary(expected) == DecodingErrorSummary(actual))
        default:
            Issue.record("Foundation: \(expected), ours: \(actual)")
        }
        #expect(Set(foundationLog.all) == Set(ourLog.all), "Foundation saw \(foundationLog.all), ours \(ourLog.all)")
        #expect(ourLog.all.contains("ITEMS/[1]/first_name"), "\(ourLog.all)")
        #expect(ourLog.all.contains("name"), "\(ourLog.all)")
    }

    @Test func customKeyStrategies() {
        let upper: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .custom { DecAnyKey($0.last!.stringValue.uppercased()) } }
        expectSameDecoding(UpperModel.self, #"{"name": "n", "items": [], "map": {}}"#, configure: upper)
        expectSameDecoding(UpperModel.self, #"{"name": "n", "items": [{"age": 3}], "map": {}}"#, configure: upper)
        expectSameDecoding(UpperModel.self, #"{"name": "n", "items": [], "map": {"a": "b"}}"#, configure: upper)
        expectSameDecoding(KeyDump.self, #"{"a": 1, "A": 2, "b": 3}"#, configure: upper)
        expectSameDecoding([Int: String].self, #"{"1": "x"}"#, configure: upper)
        let appendZero: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .custom { DecAnyKey($0.last!.stringValue + "0") } }
        expectSameDecoding([Int: String].self, #"{"1": "x", "2": "y"}"#, configure: appendZero)
        expectSameDecoding([String: Int].self, #"{"1": 1}"#, configure: appendZero)
        expectSameDecoding(DecBox<Int>.self, #"{"v": 1}"#, configure: appendZero)
        expectSameDecoding([DecColor: Int].self, #"{"red": 1}"#, configure: appendZero)
        let intKeys: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .custom { DecAnyKey(intValue: $0.count)! } }
        expectSameDecoding(KeyDump.self, #"{"a": 1}"#, configure: intKeys)
        expectSameDecoding([Int: String].self, #"{"a": "x"}"#, configure: intKeys)
        let constant: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .custom { _ in DecAnyKey("v") } }
        expectSameDecoding(DecBox<Int>.self, #"{"a": 1, "b": 2}"#, configure: constant)
        expectSameDecoding(DecBox<Int>.self, #"{"a": "x", "b": 2}"#, configure: constant)
    }

    // MARK: userInfo

    @Test func userInfoReachesEveryDecoder() throws {
        let json = #"{"keyed": 1, "list": [2, 3], "parent": 4}"#
        let configure: (JSONDecoder) -> Void = { $0.userInfo = [infoKey: "hello"] }
        expectSameDecoding(InfoReader.self, json, configure: configure)
        expectSameDecoding(InfoReader.self, json)
        let decoder = DynamicJSONDecoder()
        decoder.userInfo[infoKey] = "hello"
        let value = try decoder.decode(InfoReader.self, from: Data(json.utf8))
        #expect(value.top == "hello" && value.keyed.info == "hello" && value.fromSuper == "hello")
        #expect(value.list.map(\.info) == ["hello", "hello"])
    }

    // MARK: JSON5

    static let json5Documents = [
        "// comment\n{\"a\": 1}",
        "/* block */ [1, /* inner */ 2] // end",
        "{a: 1, $b: 2, _c: 3, d1: 4, \u{E9}t\u{E9}: 5}",
        "{'a': 'single \"q\" \\'x\\''}",
        "[0x1F, 0XFF, -0x10, +1, .5, 5., 1e3, +.5e1, -.5]",
        "[Infinity, -Infinity, +Infinity]",
        "[NaN, -NaN]",
        "{\"a\": [1, 2,], }",
        "[1,]",
        "{a: 1,}",
        "\"\\'\"",
        "'\\\"'",
        "{\"a\": 1}",
        "\u{FEFF}[1]",
        "\u{B}\u{C}[1]",
        "{null: 1, true: 2, Infinity: 3}",
        "[1,,2]",
        "[,]",
        "{,}",
        "[1] /*",
        "[1] // no newline",
        "[1.e2, -.0, 0x0]",
        "[+0x1]",
        "{a b: 1}",
        "{1: 2}",
        "{'a\\u0062': 1}",
        "[1 2]",
    ]

    /// Where a document has a number that `Int64` and `UInt64` cannot hold: the first one.
    static let json5IntegerMisfits: [String: (signed: String, unsigned: String)] = [
        "[0x1F, 0XFF, -0x10, +1, .5, 5., 1e3, +.5e1, -.5]": ("[4]", "[2]"),
        "[NaN, -NaN]": ("[0]", "[0]"),
        "[Infinity, -Infinity, +Infinity]": ("[0]", "[0]"),
    ]

    @Test(arguments: json5Documents)
    func json5Document(_ document: String) {
        let configure: (JSONDecoder) -> Void = { $0.allowsJSON5 = true }
        expectSameDecoding(PlainJSONValue.self, document, configure: configure)
        expectSameDecoding([Double].self, data: Data(document.utf8), configure: configure, isEqual: sameFloatingPoints)
        expectSameDecoding([Int64].self, document, configure: configure, fullPath: Self.json5IntegerMisfits[document]?.signed)
        expectSameDecoding([UInt64].self, document, configure: configure, fullPath: Self.json5IntegerMisfits[document]?.unsigned)
        expectSameDecoding([Decimal].self, document, configure: configure)
        expectSameDecoding([String].self, document, configure: configure)
        expectSameDecoding(String.self, document, configure: configure)
        expectSameDecoding([String: Int].self, document, configure: configure)
    }

    /// A JSON5 NaN keeps the sign it is written with, bit for bit as `JSONDecoder` reads it,
    /// whatever surrounds it (the fuzzer's `[-NaN]` came back with the sign bit clear).
    @Test(arguments: ["[-NaN]", "[NaN]", "[+NaN]", "[1, -NaN, NaN, +NaN, -Infinity]", "{a: -NaN}"])
    func json5NaNSign(_ document: String) throws {
        let data = Data(document.utf8)
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        if document.hasPrefix("{") {
            let theirs = try foundation.decode([String: Double].self, from: data)["a"]?.bitPattern
            #expect(try DynamicJSONDecoder.json5.decode([String: Double].self, from: data)["a"]?.bitPattern == theirs)
            return
        }
        let theirs = try foundation.decode([Double].self, from: data).map(\.bitPattern)
        #expect(try DynamicJSONDecoder.json5.decode([Double].self, from: data).map(\.bitPattern) == theirs)
        let theirFloats = try foundation.decode([Float].self, from: data).map(\.bitPattern)
        #expect(try DynamicJSONDecoder.json5.decode([Float].self, from: data).map(\.bitPattern) == theirFloats)
        #expect(theirs.contains { Double(bitPattern: $0).isNaN && Double(bitPattern: $0).sign == .minus } == document.contains("-NaN"))
    }

    /// Where Foundation's JSON5 reader departs from the JSON5 specification, or validates only
    /// what a model reads, we follow the specification and validate the whole document.
    static let json5IntendedDifferences: [(String, JSON?)] = [
        ("\"line1\\\nline2\"", "line1line2"),
        ("['a\\\r\nb']", ["ab"]),
        ("'\\x41\\u0042\\0'", "AB\u{0}"),
        ("[\"\\v\"]", ["\u{B}"]),
        ("\u{A0}[1]\u{2028}", [1]),
        (
            "[0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF]",
            .array([.number(JSON.Number(literal: "9223372036854775807")!), .number(JSON.Number(literal: "18446744073709551615")!)])
        ),
        ("{\\u0076: 1}", nil),
        ("[010]", nil),
        ("[00]", nil),
        ("[0x]", nil),
        ("[\"\\q\"]", nil),
    ]

    @Test func json5FollowsTheSpecification() throws {
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        for (document, expected) in Self.json5IntendedDifferences {
            let result = Result { try decoder.decode(JSON.self, from: Data(document.utf8)) }
            if let expected {
                #expect(try result.get() == expected, "\(document)")
            } else {
                #expect(throws: DecodingError.self, "\(document)") { try result.get() }
            }
        }
    }

    /// `convertFromString` compares the decoded string, so an escaped spelling matches too
    /// (Foundation compares the raw escaped text).
    @Test func convertFromStringComparesDecodedText() throws {
        let decoder = DynamicJSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = Self.convertFromString
        #expect(try decoder.decode(Double.self, from: Data(#""\u004eaN""#.utf8)).isNaN)
        #expect(try decoder.decode([Float].self, from: Data(#"["+Infinity"]"#.utf8)) == [.infinity])
    }

    @Test func json5WithModels() {
        let configure: (JSONDecoder) -> Void = { $0.allowsJSON5 = true }
        expectSameDecoding(DecUser.self, "{id: 1, name: 'Ada', tags: ['a',], /* no address */}", configure: configure)
        expectSameDecoding(DecBox<Int>.self, "{v: 0x10,}", configure: configure)
        expectSameDecoding(DecBox<Double>.self, "{v: .5}", configure: configure)
        expectSameDecoding(DecBox<Int>.self, "{v: Infinity}", configure: configure, fullPath: "v")
        expectSameDecoding(DecBox<UInt8>.self, "{v: 0x100}", configure: configure, fullPath: "v")
        expectSameDecoding(DecBox<Int8>.self, "{v: -0x80}", configure: configure, fullPath: "v")
        expectSameDecoding(DecBox<Float>.self, data: Data("{v: NaN}".utf8), configure: configure, isEqual: { sameFloatingPoint($0.v, $1.v) })
        let both: (JSONDecoder) -> Void = {
            $0.allowsJSON5 = true
            $0.nonConformingFloatDecodingStrategy = Self.convertFromString
        }
        expectSameDecoding([Double].self, data: Data("['+Infinity', Infinity, 'NaN', -Infinity]".utf8), configure: both, isEqual: sameFloatingPoints)
        let snake: (JSONDecoder) -> Void = {
            $0.allowsJSON5 = true
            $0.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectSameDecoding(SnakeInner.self, "{first_name: 'a', 'last_name': \"b\",}", configure: snake)
    }

    // MARK: assumesTopLevelDictionary

    static let topLevelDictionaryDocuments = [
        "a: 1, b: 'x'",
        "\"a\": 1",
        "",
        "   ",
        "// only a comment",
        "{\"a\": 1}",
        " { a: 1 } ",
        "a: 1,",
        "// comment\na: 1",
        "a: 1 }",
        "a: 1, }",
        "[1]",
        "a: [1, {b: 2}], c: null",
        "a: 1 b: 2",
        "a",
        "a:",
        "1: 2",
    ]

    @Test(arguments: topLevelDictionaryDocuments)
    func assumesTopLevelDictionaryDocument(_ document: String) {
        let json5: (JSONDecoder) -> Void = {
            $0.allowsJSON5 = true
            $0.assumesTopLevelDictionary = true
        }
        expectSameDecoding(PlainJSONValue.self, document, configure: json5)
        expectSameDecoding([String: PlainJSONValue].self, document, configure: json5)
        expectSameDecoding(DecBox<Int>.self, document, configure: json5)
        let strict: (JSONDecoder) -> Void = { $0.assumesTopLevelDictionary = true }
        if !document.contains(",") || document.contains("[") {
            // Without allowsJSON5 (trailing commas aside, which are an intended difference).
            expectSameDecoding(PlainJSONValue.self, document, configure: strict)
        }
    }

    @Test func assumesTopLevelDictionaryModels() {
        let json5: (JSONDecoder) -> Void = {
            $0.allowsJSON5 = true
            $0.assumesTopLevelDictionary = true
        }
        expectSameDecoding(DecUser.self, "id: 1, name: 'Ada', tags: []", configure: json5)
        expectSameDecoding(DecUser.self, "id: 1, tags: []", configure: json5)
        expectSameDecoding(DecBox<Int>.self, "v: 'x'", configure: json5)
        expectSameDecoding([Int].self, "v: 1", configure: json5)
        expectSameDecoding(Int.self, "v: 1", configure: json5)
        expectSameDecoding(DecEmpty.self, "", configure: json5)
        expectSameDecoding(ZipUsers.self, "users: [{zip: '1'}, {}]", configure: json5)
    }

    // MARK: Everything at once

    @Test func combinedOptions() {
        struct Record: Codable, Equatable {
            var createdAt: Date
            var rawBytes: Data
            var ratio: Double
            var homePage: URL?
            var childItems: [SnakeInner]
        }
        let configure: (JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .secondsSince1970
            $0.dataDecodingStrategy = .base64
            $0.nonConformingFloatDecodingStrategy = Self.convertFromString
            $0.userInfo = [infoKey: "x"]
        }
        expectSameDecoding(
            Record.self, #"{"created_at": 5, "raw_bytes": "AQID", "ratio": "+Infinity", "home_page": "https://x.y", "child_items": [{"first_name": "a"}]}"#,
            configure: configure)
        expectSameDecoding(Record.self, #"{"created_at": 5, "raw_bytes": "AQID", "ratio": 1.5, "child_items": []}"#, configure: configure)
        expectSameDecoding(Record.self, #"{"created_at": "5", "raw_bytes": "AQID", "ratio": 1.5, "child_items": []}"#, configure: configure)
        expectSameDecoding(Record.self, #"{"created_at": 5, "raw_bytes": "A", "ratio": 1.5, "child_items": []}"#, configure: configure)
        expectSameDecoding(Record.self, #"{"created_at": 5, "raw_bytes": "AQID", "ratio": 1.5, "child_items": [{"firstName": "a"}]}"#, configure: configure)
    }
}
