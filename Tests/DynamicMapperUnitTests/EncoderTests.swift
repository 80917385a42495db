import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Models

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private enum Shape: Codable {
    case circle(radius: Double)
    case rect(Double, Double)
    case point
}

private struct Inner: Codable {
    var label = "inner"
    var flag: Bool? = true
}

private struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private struct Everything: Encodable {
    var int = -42, int8: Int8 = .min, int16: Int16 = .max, int32: Int32 = -7, int64: Int64 = .min
    var uint: UInt = .max, uint8: UInt8 = 255, uint16: UInt16 = 7, uint32: UInt32 = .max, uint64: UInt64 = .max
    var double = 0.1, small = 1e-7, big = 1e16, negativeZero = -0.0, whole = 3.0
    var huge = Double.greatestFiniteMagnitude, tiny = Double.leastNonzeroMagnitude
    var float: Float = 0.1, floatMax = Float.greatestFiniteMagnitude
    var bool = false
    var text = "quote \" backslash \\ slash / tab \t newline \n bell \u{07} nul \u{0} del \u{7f} é 👩‍👩‍👧"
    var some: Int? = 5
    var none: Int? = nil
    var inner = Inner()
    var inners = [Inner(), Inner(label: "b", flag: nil)]
    var empty = Empty()
    var empties = [Empty(), Empty()]
    var emptyArray: [Int] = []
    var emptyDictionary: [String: Int] = [:]
    var shapes: [Shape] = [.circle(radius: 1.5), .rect(2, 3), .point]
    var byName = ["zeta": 1, "alpha": 2, "Beta": 3, "someKey": 4]
    var byNumber = [3: "c", 1: "a", 20: "t"]
    var date = Date(timeIntervalSince1970: 1_234_567_890.25)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a/b?c=d&e=f")!
    var decimal = Decimal(string: "12345.678901234567890123")!
    var nested = [[1, 2], [], [3]]
    var matrix: [[String: [Int?]]] = [["a": [1, nil]], [:]]
}

/// Hand-written coding that touches every container operation, going back to outer containers
/// after nested ones.
private struct Containers: Encodable {
    func encode(to encoder: any Encoder) throws {
        var top = encoder.container(keyedBy: AnyKey.self)
        try top.encode(1, forKey: AnyKey("one"))
        var inner = top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner"))
        try inner.encode("x", forKey: AnyKey("x"))
        var list = inner.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(1)
        var element = list.nestedContainer(keyedBy: AnyKey.self)
        try element.encodeNil(forKey: AnyKey("nothing"))
        try element.encodeIfPresent(Int?.none, forKey: AnyKey("skipped"))
        try element.encodeIfPresent(Int?.some(3), forKey: AnyKey("present"))
        var row = list.nestedUnkeyedContainer()
        try row.encode(true)
        try row.encodeNil()
        try list.encode(2.5)
        try list.encode(Inner())
        try inner.encode(9, forKey: AnyKey("after"))
        try top.encode("back", forKey: AnyKey("b"))
        _ = top.nestedUnkeyedContainer(forKey: AnyKey("emptyList"))
        _ = top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("emptyObject"))
        var single = top.superEncoder(forKey: AnyKey("single")).singleValueContainer()
        try single.encode(Inner(label: "via super"))
        _ = top.superEncoder(forKey: AnyKey("unused"))
        var arraySuper = top.nestedUnkeyedContainer(forKey: AnyKey("arraySuper"))
        try arraySuper.encode(0)
        var superContainer = arraySuper.superEncoder().container(keyedBy: AnyKey.self)
        try superContainer.encode(1, forKey: AnyKey("s"))
        try arraySuper.encode(2)
    }
}

private class Animal: Encodable {
    var name = "Rex"
    private enum CodingKeys: String, CodingKey { case name }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

/// Shares its encoder's keyed container with its superclass.
private final class Dog: Animal {
    var goodBoy = true
    private enum CodingKeys: String, CodingKey { case goodBoy }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goodBoy, forKey: .goodBoy)
    }
}

/// Puts its superclass under `super` and under a key of its own.
private final class Cat: Animal {
    var lives = 9
    private enum CodingKeys: String, CodingKey { case lives, parent }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: container.superEncoder())
        try super.encode(to: container.superEncoder(forKey: .parent))
    }
}

private struct Keys: Encodable {
    let names: [String]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (position, name) in names.enumerated() { try container.encode(position, forKey: AnyKey(name)) }
    }
}

private struct UserInfoReader: Encodable {
    static let key = CodingUserInfoKey(rawValue: "tag")!
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(encoder.userInfo[Self.key] as? String ?? "missing", forKey: AnyKey("tag"))
    }
}

/// Writes into a nested container after a later sibling was opened, which closes it.
private struct OutOfOrder: Encodable {
    func encode(to encoder: any Encoder) throws {
        var top = encoder.container(keyedBy: AnyKey.self)
        var first = top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("first"))
        var second = top.nestedUnkeyedContainer(forKey: AnyKey("second"))
        try second.encode(2)
        try first.encode(1, forKey: AnyKey("late"))
        try second.encode(3)
        try top.encode(0, forKey: AnyKey("zero"))
    }
}

private struct Repeated: Encodable {
    func encode(to encoder: any Encoder) throws {
        var top = encoder.container(keyedBy: AnyKey.self)
        try top.encode(1, forKey: AnyKey("b"))
        try top.encode(2, forKey: AnyKey("a"))
        try top.encode(3, forKey: AnyKey("b"))
        var nested = top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
        try nested.encode(1, forKey: AnyKey("x"))
        var again = top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
        try again.encode(2, forKey: AnyKey("y"))
    }
}

private indirect enum Nest: Encodable {
    case leaf
    case node(Nest)
    static func depth(_ count: Int) -> Nest { (0..<count).reduce(Nest.leaf) { value, _ in .node(value) } }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        if case .node(let child) = self { try container.encode(child) }
    }
}

// MARK: - Helpers

private let sortedFormattings: [JSONEncoder.OutputFormatting] = [
    [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
    [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

/// Both encoders configured alike; the output must be the same bytes.
private func expectSameAsFoundation<T: Encodable>(
    _ value: T, formattings: [JSONEncoder.OutputFormatting] = sortedFormattings,
    configure: (JSONEncoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for formatting in formattings {
        let foundation = JSONEncoder(), ours = DynamicJSONEncoder()
        for encoder in [foundation, ours] {
            encoder.outputFormatting = formatting
            configure(encoder)
        }
        #expect(text(try ours.encode(value)) == text(try foundation.encode(value)), sourceLocation: sourceLocation)
    }
}

private func encodeUnsorted<T: Encodable>(_ value: T, configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
    let encoder = DynamicJSONEncoder()
    configure(encoder)
    return text(try encoder.encode(value))
}

private func errorSummary(_ body: () throws -> Data) -> String {
    do {
        _ = try body()
        return "no error"
    } catch let EncodingError.invalidValue(_, context) {
        let path = context.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }
        return "invalidValue \(path) \(context.debugDescription)"
    } catch {
        return "other \(error)"
    }
}

// MARK: - Tests

@Suite("DynamicJSONEncoder")
struct EncoderTests {
    @Test func everyKindOfValueMatchesFoundation() throws {
        try expectSameAsFoundation(Everything())
        try expectSameAsFoundation(Containers())
        try expectSameAsFoundation([Everything(), Everything()])
    }

    @Test func topLevelScalarsAndOptionals() throws {
        try expectSameAsFoundation(42)
        try expectSameAsFoundation("a/b")
        try expectSameAsFoundation(Int?.none)
        try expectSameAsFoundation([Int?.none, 1])
        try expectSameAsFoundation(Empty?.none)
        try expectSameAsFoundation([Int]())
        try expectSameAsFoundation([String: Int]())
        try expectSameAsFoundation([[String: Int]()])
        try expectSameAsFoundation(Float(0.1))
        try expectSameAsFoundation(-0.0)
    }

    @Test func classInheritance() throws {
        try expectSameAsFoundation(Dog())
        try expectSameAsFoundation(Cat())
        try expectSameAsFoundation([Dog(), Animal()])
        #expect(try encodeUnsorted(Dog()) == #"{"name":"Rex","goodBoy":true}"#)
        #expect(try encodeUnsorted(Cat()) == #"{"lives":9,"super":{"name":"Rex"},"parent":{"name":"Rex"}}"#)
    }

    @Test func declarationOrderWithoutSortedKeys() throws {
        #expect(try encodeUnsorted(Inner(label: "z", flag: false)) == #"{"label":"z","flag":false}"#)
        #expect(try encodeUnsorted([Shape.circle(radius: 1), .point]) == #"[{"circle":{"radius":1}},{"point":{}}]"#)
        #expect(
            try encodeUnsorted(Containers())
                == #"{"one":1,"inner":{"x":"x","list":[1,{"nothing":null,"present":3},[true,null],2.5,{"label":"inner","flag":true}],"after":9},"b":"back","emptyList":[],"emptyObject":{},"single":{"label":"via super","flag":true},"unused":{},"arraySuper":[0,{"s":1},2]}"#
        )
        let pretty = try encodeUnsorted(Inner(), configure: { $0.outputFormatting = .prettyPrinted })
        #expect(pretty == "{\n  \"label\" : \"inner\",\n  \"flag\" : true\n}")
        #expect(try encodeUnsorted([[Int]()], configure: { $0.outputFormatting = .prettyPrinted }) == "[\n  [\n\n  ]\n]")
    }

    @Test func keysThatNeedEscapingSortByTheirText() throws {
        try expectSameAsFoundation(Keys(names: ["a0", "a/b", "a\"", "a!", "a", "\u{1}", "é", "Z", "a\\"]))
    }

    @Test func repeatedKeysKeepTheLastValue() throws {
        try expectSameAsFoundation(Repeated())
        #expect(try encodeUnsorted(Repeated()) == #"{"b":3,"a":2,"n":{"x":1,"y":2}}"#)
    }

    @Test func containersUsedOutOfOrder() throws {
        try expectSameAsFoundation(OutOfOrder())
        #expect(try encodeUnsorted(OutOfOrder()) == #"{"first":{"late":1},"second":[2,3],"zero":0}"#)
    }

    @Test func nonFiniteFloats() throws {
        let values = [Double.nan, .infinity, -.infinity, 1]
        try expectSameAsFoundation(
            values,
            configure: {
                $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            })
        try expectSameAsFoundation(
            [Float.nan],
            configure: {
                $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n")
            })
    }

    @Test func errorsMatchFoundation() throws {
        struct Holder: Encodable { var values: [Double]; var single: Float }
        let cases: [any Encodable] = [
            Holder(values: [1, .nan], single: 0), Holder(values: [], single: .infinity), -Double.infinity,
            ["key": [Double.nan]], Empty(), Nest.depth(511),
        ]
        for value in cases {
            #expect(errorSummary { try DynamicJSONEncoder().encode(value) } == errorSummary { try JSONEncoder().encode(value) })
        }
        #expect(errorSummary { try DynamicJSONEncoder().encode(Empty()) }.contains("Top-level Empty did not encode any values."))
        try expectSameAsFoundation(Nest.depth(510), formattings: [[.sortedKeys]])
    }

    @Test func dateStrategies() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let strategies: [JSONEncoder.DateEncodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("at \(date.timeIntervalSince1970)")
            },
            .custom { _, _ in },
        ]
        let dates = ["when": Date(timeIntervalSince1970: 1_700_000_000.5), "zero": Date(timeIntervalSince1970: 0)]
        for strategy in strategies {
            try expectSameAsFoundation(dates, configure: { $0.dateEncodingStrategy = strategy })
            try expectSameAsFoundation(Date(timeIntervalSince1970: -12.25), configure: { $0.dateEncodingStrategy = strategy })
        }
    }

    @Test func dataStrategies() throws {
        let strategies: [JSONEncoder.DataEncodingStrategy] = [
            .deferredToData, .base64,
            .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
            },
            .custom { _, _ in },
        ]
        for strategy in strategies {
            try expectSameAsFoundation(["bytes": Data("hello/world".utf8), "none": Data()], configure: { $0.dataEncodingStrategy = strategy })
        }
    }

    @Test func keyStrategies() throws {
        let names = [
            "myURLValue", "aB", "ABC", "_oneTwo_", "a1B", "ÉtéÉté", "ǅx", "simple", "", "_", "URLs",
            "isHTTP2Enabled", "already_snake", "camelCaseKey", "x",
        ]
        try expectSameAsFoundation(Keys(names: names), configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
        try expectSameAsFoundation(Everything(), configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
        try expectSameAsFoundation(Containers(), configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
        try expectSameAsFoundation(
            Everything(),
            configure: {
                $0.keyEncodingStrategy = .custom { path in AnyKey("k_" + path.last!.stringValue.uppercased()) }
            })
        #expect(
            try encodeUnsorted(["someKey": ["innerKey": 1]], configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
                == #"{"someKey":{"innerKey":1}}"#)
        #expect(SnakeCase.convert("myURLValue") == "my_url_value")
    }

    @Test func userInfoReachesEncodeTo() throws {
        try expectSameAsFoundation([UserInfoReader()], configure: { $0.userInfo = [UserInfoReader.key: "hello"] })
        #expect(try encodeUnsorted(UserInfoReader(), configure: { $0.userInfo = [UserInfoReader.key: "hi"] }) == #"{"tag":"hi"}"#)
    }

    @Test func jsonValuesKeepTheirNumberLiterals() throws {
        #expect(try encodeUnsorted(JSON.number(JSON.Number(literal: "1.10")!)) == "1.10")
        let parsed = try JSON(parsing: #"{"b":1.10,"a":[1e2,9007199254740993,-0.0],"s":"x/y"}"#)
        #expect(try encodeUnsorted(parsed) == #"{"b":1.10,"a":[1e2,9007199254740993,-0.0],"s":"x\/y"}"#)
        struct Wrapper: Encodable { var payload: JSON; var n = 1 }
        let sorted = try encodeUnsorted(Wrapper(payload: parsed), configure: { $0.outputFormatting = .sortedKeys })
        #expect(sorted == #"{"n":1,"payload":{"a":[1e2,9007199254740993,-0.0],"b":1.10,"s":"x\/y"}}"#)
    }

    @Test func encodeJSONBuildsAValue() throws {
        let json = try DynamicJSONEncoder().encodeJSON(Inner(label: "a", flag: nil))
        #expect(json == ["label": "a"])
        #expect(try DynamicJSONEncoder().encodeJSON([1.5, 2]) == [1.5, 2])
        #expect(try DynamicJSONEncoder().encodeJSON(Empty?.none) == .null)
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encodeJSON(Empty()) }
    }

    @Test func encodingTwiceGivesTheSameBytes() throws {
        let encoder = DynamicJSONEncoder()
        // One value: two equal dictionaries may iterate in different orders (per-instance seeds).
        let value = Everything()
        #expect(try encoder.encode(value) == encoder.encode(value))
        let asFoundation: JSONEncoder = encoder
        #expect(text(try asFoundation.encode(Inner())) == #"{"label":"inner","flag":true}"#)
    }
}

@Suite("DynamicJSONEncoder streaming path")
struct EncoderStreamingPathTests {
    private func fallsBack<T: Encodable>(_ value: T, sorted: Bool = true) throws -> Bool {
        let encoder = JSONEncoder()
        if sorted { encoder.outputFormatting = .sortedKeys }
        let streaming = StreamingEncoder(options: EncodingOptions(encoder))
        do {
            _ = try streaming.encodeTopLevel(value)
        } catch is StreamingFallback {
            return true
        }
        return streaming.state.needsFallback
    }

    @Test func inOrderCodingStreamsWithoutFallback() throws {
        for sorted in [true, false] {
            #expect(try !fallsBack(Everything(), sorted: sorted))
            #expect(try !fallsBack(Containers(), sorted: sorted))
            #expect(try !fallsBack(Dog(), sorted: sorted))
            #expect(try !fallsBack(Cat(), sorted: sorted))
        }
    }

    @Test func outOfOrderAndRepeatedKeysFallBack() throws {
        #expect(try fallsBack(OutOfOrder()))
        #expect(try fallsBack(Repeated()))
        #expect(try fallsBack(Repeated(), sorted: false))
    }
}
