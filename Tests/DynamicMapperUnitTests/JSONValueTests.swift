import Testing
import Foundation
@testable import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Helpers

private func jvNumber(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON.Number {
    guard let number = JSON.Number(literal: literal) else {
        Issue.record("JSON.Number(literal: \(literal)) rejected a valid literal", sourceLocation: sourceLocation)
        return JSON.Number(0)
    }
    return number
}

private func jvText(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

private func jvFoundationBytes<T: Encodable>(_ value: T, _ formatting: JSONEncoder.OutputFormatting) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    return try encoder.encode(value)
}

private struct JVEnvelope: Codable, Equatable {
    var kind: String
    var payload: JSON
}

private struct JVSummary: Decodable, Equatable {
    var id: Int
}

private struct JVProfile: Decodable, Equatable {
    var id: Int
    var displayName: String
    var tags: [String]
}

private struct JVAddress: Encodable {
    var city: String
    var zip: String?
}

private struct JVPerson: Encodable {
    var name: String
    var age: Int
    var ratio: Double
    var admin: Bool
    var address: JVAddress
    var nickname: String?
    var scores: [Int]
}

private struct JVOptionals: Encodable {
    var present: Int?
    var absent: Int?
    var nested: Int??
    var inner: JVAddress?
    var list: [Int?]

    enum CodingKeys: String, CodingKey { case present, absent, nested, inner, list }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(present, forKey: .present) // encodes null when nil
        try container.encodeIfPresent(absent, forKey: .absent)
        try container.encode(nested, forKey: .nested)
        try container.encodeIfPresent(inner, forKey: .inner)
        try container.encode(list, forKey: .list)
    }
}

// MARK: - Tests

@Suite("JSON value")
struct JSONValueTests {
    @Test func literalsAndAccessors() throws {
        let json: JSON = ["name": "Ada", "age": 36, "tags": ["a", "b"], "none": nil]
        #expect(json["name"]?.stringValue == "Ada")
        #expect(json["age"]?.numberValue?.int == 36)
        #expect(json["tags"]?[-1] == "b")
        #expect(json["none"] == .null)
        #expect(json["missing"] == nil)
    }

    // MARK: Literals

    @Test func scalarLiterals() {
        let null: JSON = nil
        let yes: JSON = true
        let no: JSON = false
        let integer: JSON = 42
        let negative: JSON = -7
        let float: JSON = 2.5
        let text: JSON = "text"
        #expect(null == .null)
        #expect(yes == .bool(true))
        #expect(no == .bool(false))
        #expect(integer == .number(JSON.Number(42)))
        #expect(integer.numberValue?.literal == "42")
        #expect(negative.numberValue?.literal == "-7")
        #expect(float == .number(JSON.Number(2.5)))
        #expect(float.numberValue?.literal == "2.5")
        #expect(text == .string("text"))
    }

    @Test func arrayLiteral() {
        let json: JSON = [1, "two", nil, true, [3.5], ["k": "v"]]
        guard case .array(let elements) = json else {
            Issue.record("not an array: \(json)")
            return
        }
        #expect(elements.count == 6)
        #expect(elements[0] == .number(JSON.Number(1)))
        #expect(elements[1] == .string("two"))
        #expect(elements[2] == .null)
        #expect(elements[3] == .bool(true))
        #expect(elements[4] == .array([.number(JSON.Number(3.5))]))
        #expect(elements[5] == .object(["k": "v"]))
        let empty: JSON = []
        #expect(empty == .array([]))
        #expect(empty.arrayValue?.isEmpty == true)
    }

    @Test func dictionaryLiteralKeepsOrderAndFirstOfRepeatedKey() throws {
        let json: JSON = ["z": 1, "a": 2, "m": 3, "a": 4]
        let object = try #require(json.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [1, 2, 3])
        #expect(object["a"] == 2)
        #expect(object.count == 3)
        #expect(json.serializedString() == #"{"z":1,"a":2,"m":3}"#)

        let direct: JSON.Object = ["b": true, "b": false, "c": nil]
        #expect(direct.keys == ["b", "c"])
        #expect(direct["b"] == .bool(true))
        #expect(direct["c"] == .null) // a stored null is a present member
        let empty: JSON = [:]
        #expect(empty == .object(JSON.Object()))
        #expect(empty.objectValue?.isEmpty == true)
    }

    @Test func kindAccessors() {
        let values: [JSON] = [nil, true, 3, "s", [1], ["a": 1]]
        #expect(values.map(\.isNull) == [true, false, false, false, false, false])
        #expect(values.map(\.boolValue) == [nil, true, nil, nil, nil, nil])
        #expect(values.map(\.stringValue) == [nil, nil, nil, "s", nil, nil])
        #expect(values.map(\.numberValue) == [nil, nil, JSON.Number(3), nil, nil, nil])
        #expect(values.map(\.arrayValue) == [nil, nil, nil, nil, [1], nil])
        #expect(values.map(\.objectValue) == [nil, nil, nil, nil, nil, ["a": 1]])
        #expect(JSON.bool(false).boolValue == false)
        #expect(JSON.string("").stringValue == "")
    }

    @Test func subscripts() {
        let array: JSON = [10, 20, 30]
        #expect(array[0] == 10)
        #expect(array[2] == 30)
        #expect(array[-1] == 30)
        #expect(array[-3] == 10)
        // Out of range is "no element" (Optional.none), not an element that is `null`.
        #expect(array[3] == Optional<JSON>.none)
        #expect(array[-4] == Optional<JSON>.none)
        #expect(array[Int.max] == Optional<JSON>.none)
        #expect(array[Int.min + 1] == Optional<JSON>.none)
        #expect(array[3]?.isNull == nil)
        let withNull: JSON = [nil]
        #expect(withNull[0] == Optional<JSON>.some(.null))
        #expect(withNull[0]?.isNull == true)
        #expect(withNull[1] == Optional<JSON>.none)
        #expect(array["key"] == nil) // wrong kind

        let object: JSON = ["a": ["b": [true, ["c": "deep"]]]]
        #expect(object["a"]?["b"]?[1]?["c"] == "deep")
        #expect(object["a"]?["b"]?[-2] == true)
        #expect(object[0] == nil) // wrong kind
        #expect(object["a"]?["x"]?["y"] == nil)

        let scalars: [JSON] = [nil, true, 1, "string"]
        for scalar in scalars {
            #expect(scalar[0] == nil)
            #expect(scalar["a"] == nil)
        }
        let emptyArray: JSON = []
        #expect(emptyArray[0] == Optional<JSON>.none)
        #expect(emptyArray[-1] == Optional<JSON>.none)
    }

    // MARK: JSON.Number

    @Test(arguments: [
        "0", "-0", "1", "-1", "10", "1.5", "-0.0", "0.5e-3", "1E+2", "1e2", "1E2", "1e-2", "123456789012345678901234567890",
        "1.10", "9007199254740993", "1e400", "-1.7976931348623157e308", "0e0", "0.000",
    ])
    func numberLiteralAccepted(_ literal: String) throws {
        let number = try #require(JSON.Number(literal: literal))
        #expect(number.literal == literal)
        #expect(number.description == literal)
    }

    @Test(arguments: [
        "", "01", "-01", "00", "1.", ".5", "+1", "1e", "1e+", "1E-", "-", "NaN", "Infinity", "-Infinity", "0x10",
        " 1", "1 ", "1.0.0", "1e2e3", "--1", "1.e2", "-.5", "1_000", "١", "1,5", "e1", "0.-1",
    ])
    func numberLiteralRejected(_ literal: String) {
        #expect(JSON.Number(literal: literal) == nil)
    }

    @Test func numberIntegerReadings() {
        #expect(jvNumber("0").int == 0)
        #expect(jvNumber("-0").int == 0)
        #expect(jvNumber("42").int == 42)
        #expect(jvNumber("-42").int64 == -42)
        #expect(jvNumber("1e2").int == 100)
        #expect(jvNumber("1E+2").int64 == 100)
        #expect(jvNumber("100e-2").int == 1)
        #expect(jvNumber("1.0").int == 1)
        #expect(jvNumber("2.50e1").int == 25)
        #expect(jvNumber("1.5").int == nil)
        #expect(jvNumber("1.5").int64 == nil)
        #expect(jvNumber("1.5").uint64 == nil)
        #expect(jvNumber("1e-2").int == nil)
        #expect(jvNumber("9223372036854775807").int64 == Int64.max)
        #expect(jvNumber("-9223372036854775808").int64 == Int64.min)
        #expect(jvNumber("9223372036854775808").int64 == nil)
        #expect(jvNumber("9223372036854775808").int == nil)
        #expect(jvNumber("9223372036854775808").uint64 == 9_223_372_036_854_775_808)
        #expect(jvNumber("-9223372036854775809").int64 == nil)
        #expect(jvNumber("18446744073709551615").uint64 == UInt64.max)
        #expect(jvNumber("18446744073709551616").uint64 == nil)
        #expect(jvNumber("18446744073709551616").int64 == nil)
        #expect(jvNumber("-1").uint64 == nil)
        #expect(jvNumber("-0").uint64 == 0)
        #expect(jvNumber("9007199254740993").int64 == 9_007_199_254_740_993)
        #expect(jvNumber("1e400").int64 == nil)
        #expect(jvNumber("1e19").uint64 == 10_000_000_000_000_000_000)
        #expect(jvNumber("1e19").int64 == nil)
    }

    @Test func numberDoubleAndDecimalReadings() throws {
        #expect(jvNumber("0.1").double == 0.1)
        #expect(jvNumber("1.50").double == 1.5)
        #expect(jvNumber("1e2").double == 100)
        #expect(jvNumber("-0").double == 0)
        #expect(jvNumber("-0").double?.sign == .minus)
        #expect(jvNumber("9007199254740993").double == 9_007_199_254_740_992)
        #expect(jvNumber("1.7976931348623157e308").double == Double.greatestFiniteMagnitude)
        #expect(jvNumber("5e-324").double == Double.leastNonzeroMagnitude)
        #expect(jvNumber("1e400").double == nil)
        #expect(jvNumber("-1e400").double == nil)
        #expect(jvNumber("1e-400").double == 0)
        #expect(jvNumber("123456789012345678901234567890").double == 1.2345678901234568e29)

        let decimal = try #require(jvNumber("1.10").decimal)
        #expect(decimal == Decimal(string: "1.1"))
        #expect(decimal.description == "1.1")
        #expect(jvNumber("-12.5e2").decimal == Decimal(-1250))
        #expect(jvNumber("0.000001").decimal == Decimal(string: "0.000001"))
        #expect(jvNumber("123456789012345678901234567890").decimal == Decimal(string: "123456789012345678901234567890"))
    }

    @Test func numberInitializers() {
        #expect(JSON.Number(0).literal == "0")
        #expect(JSON.Number(-17).literal == "-17")
        #expect(JSON.Number(Int64.min).literal == "-9223372036854775808")
        #expect(JSON.Number(UInt64.max).literal == "18446744073709551615")
        #expect(JSON.Number(UInt8(7)).literal == "7")
        #expect(JSON.Number(1.0).literal == "1")
        #expect(JSON.Number(-2.0).literal == "-2")
        #expect(JSON.Number(0.1).literal == "0.1")
        #expect(JSON.Number(2.50).literal == "2.5")
        #expect(JSON.Number(1e16).literal == "1e+16")
        #expect(JSON.Number(1.5e-7).literal == "1.5e-07")
        #expect(JSON.Number(123456.789).literal == "123456.789")
        #expect(JSON.Number(Float(0.1)).literal == "0.1")
        #expect(JSON.Number(Float(3)).literal == "3")
        #expect(JSON.Number(Float(1.5)).literal == "1.5")
        #expect(JSON.Number(Decimal(string: "3.14")!).literal == "3.14")
        #expect(JSON.Number(Decimal(string: "1.10")!).literal == "1.1")
        #expect(JSON.Number(Decimal(-5)).literal == "-5")
        #expect(JSON.Number(Double.nan).literal == "NaN")
        #expect(JSON.Number(Double.infinity).literal == "Infinity")
        #expect(JSON.Number(-Double.infinity).literal == "-Infinity")
        // Every finite literal the initializers produce is valid JSON.
        for value in [1.0, 0.1, 1e16, 1.5e-7, -0.0, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            let literal = JSON.Number(value).literal
            #expect(JSON.Number(literal: literal) != nil, "\(literal)")
            #expect(JSON.Number(value).double == value)
        }
    }

    @Test func numberInitializersMatchJSONEncoder() throws {
        let doubles: [Double] = [1.0, 0.1, 1e16, 1.5e-7, -2.0, 123456.789, 1e-5, 3.0e21]
        for value in doubles {
            #expect(JSON.Number(value).literal == jvText(try JSONEncoder().encode(value)), "\(value)")
        }
        let floats: [Float] = [0.1, 3, 1.5, 1e10, 0.3]
        for value in floats {
            #expect(JSON.Number(value).literal == jvText(try JSONEncoder().encode(value)), "\(value)")
        }
        let decimals = ["3.14", "1.10", "-5", "0.001", "12345678901234567890"].map { Decimal(string: $0)! }
        for value in decimals {
            #expect(JSON.Number(value).literal == jvText(try JSONEncoder().encode(value)), "\(value)")
        }
    }

    @Test func numberEqualityByValue() {
        let one = jvNumber("1")
        #expect(one == jvNumber("1.0"))
        #expect(one == jvNumber("1e0"))
        #expect(one == jvNumber("10e-1"))
        #expect(one == jvNumber("0.1e1"))
        #expect(one == jvNumber("1.000E+0"))
        #expect(one == JSON.Number(1))
        #expect(one == JSON.Number(1.0))
        #expect(jvNumber("-0") == jvNumber("0"))
        #expect(jvNumber("-0.0e5") == jvNumber("0"))
        #expect(jvNumber("100") == jvNumber("1e2"))
        #expect(jvNumber("1.10") == jvNumber("1.1"))
        #expect(jvNumber("0.00123") == jvNumber("1.23e-3"))
        #expect(jvNumber("9007199254740993") != jvNumber("9007199254740992"))
        #expect(jvNumber("1") != jvNumber("-1"))
        #expect(jvNumber("1") != jvNumber("10"))
        #expect(jvNumber("1.5") != jvNumber("15"))
        #expect(jvNumber("0.1") != jvNumber("0.01"))
        #expect(jvNumber("1e400") != jvNumber("1e401"))
        #expect(jvNumber("1e400") == jvNumber("10e399"))
        // JSON compares its numbers by value too.
        let a: JSON = [1, 2.50]
        let b: JSON = .array([.number(jvNumber("1e0")), .number(jvNumber("2.5"))])
        #expect(a == b)
        #expect(JSON.number(jvNumber("1.0")) == 1)
    }

    @Test func numberHashingConsistentWithEquality() {
        let literals = ["1", "1.0", "1e0", "10e-1", "0.1e1", "-0", "0", "0.0", "100", "1e2", "9007199254740993", "9007199254740992", "2.5", "25e-1"]
        let numbers = literals.map { jvNumber($0) }
        for a in numbers {
            for b in numbers where a == b {
                #expect(a.hashValue == b.hashValue, "\(a) == \(b) but hashes differ")
            }
        }
    }

    @Test func numberSetCountsDistinctValues() {
        let numbers = ["1", "1.0", "1e0", "10e-1", "-0", "0", "0.0", "100", "1e2", "9007199254740993", "9007199254740992", "2.5", "25e-1"]
            .map { jvNumber($0) }
        let set = Set(numbers)
        #expect(set.count == 6) // 1, 0, 100, 9007199254740993, 9007199254740992, 2.5
        #expect(set.contains(jvNumber("1.00")))
        #expect(set.contains(jvNumber("0e10")))
        #expect(set.contains(jvNumber("250e-2")))
        #expect(!set.contains(jvNumber("3")))
        let jsonSet: Set<JSON> = [1, 1.0, .number(jvNumber("1e0")), "1", true]
        #expect(jsonSet.count == 3)
    }

    // MARK: JSON.Object

    @Test func objectInsertionReplacementAndRemoval() throws {
        var object = JSON.Object()
        #expect(object.isEmpty)
        #expect(object.count == 0)
        object["b"] = 1
        object["a"] = 2
        object["c"] = 3
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.values == [1, 2, 3])
        #expect(!object.isEmpty)
        #expect(object.count == 3)

        object["a"] = "two" // replaced in place
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == "two")

        object["b"] = nil // removed
        #expect(object.keys == ["a", "c"])
        #expect(object["b"] == nil)
        #expect(object.count == 2)

        object["missing"] = nil // no effect
        #expect(object.keys == ["a", "c"])

        object["b"] = .null // a null member, appended at the end
        #expect(object.keys == ["a", "c", "b"])
        #expect(object["b"] == .null)

        #expect(object.index(forKey: "a") == 0)
        #expect(object.index(forKey: "c") == 1)
        #expect(object.index(forKey: "b") == 2)
        #expect(object.index(forKey: "zzz") == nil)

        #expect(object.removeValue(forKey: "c") == 3)
        #expect(object.removeValue(forKey: "c") == nil)
        #expect(object.keys == ["a", "b"])
        #expect(object.index(forKey: "b") == 1)

        let pairs = object.map { "\($0.key)=\($0.value)" }
        #expect(pairs == ["a=\"two\"", "b=null"])
        #expect(JSON.object(object).serializedString() == #"{"a":"two","b":null}"#)
    }

    @Test func objectIterationOrder() {
        let object: JSON.Object = ["z": 1, "y": 2, "x": 3, "w": 4]
        var keys: [String] = []
        var values: [JSON] = []
        for (key, value) in object {
            keys.append(key)
            values.append(value)
        }
        #expect(keys == ["z", "y", "x", "w"])
        #expect(values == [1, 2, 3, 4])
        #expect(Array(object.map(\.key)) == object.keys)
        // Iterating twice gives the same order; an iterator is a snapshot.
        var copy = object
        var iterator = copy.makeIterator()
        copy["z"] = nil
        #expect(iterator.next()?.key == "z")
        #expect(copy.keys == ["y", "x", "w"])
    }

    @Test func objectEqualityIgnoresOrderAndHashIsConsistent() {
        let a: JSON.Object = ["a": 1, "b": [true, nil], "c": ["x": "y"]]
        let b: JSON.Object = ["c": ["x": "y"], "a": 1.0, "b": [true, nil]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(JSON.object(a) == JSON.object(b))
        #expect(JSON.object(a).hashValue == JSON.object(b).hashValue)
        #expect(a.keys != b.keys)

        let differentValue: JSON.Object = ["a": 2, "b": [true, nil], "c": ["x": "y"]]
        let extraKey: JSON.Object = ["a": 1, "b": [true, nil], "c": ["x": "y"], "d": 0]
        let fewer: JSON.Object = ["a": 1, "b": [true, nil]]
        let renamed: JSON.Object = ["a": 1, "b": [true, nil], "d": ["x": "y"]]
        #expect(a != differentValue)
        #expect(a != extraKey)
        #expect(extraKey != a)
        #expect(a != fewer)
        #expect(a != renamed)
        // Swapped values under the same keys are different objects.
        let ab: JSON.Object = ["a": 1, "b": 2]
        let ba: JSON.Object = ["a": 2, "b": 1]
        #expect(ab != ba)

        let set: Set<JSON.Object> = [a, b, differentValue, ["b": [true, nil], "c": ["x": "y"], "a": 1e0]]
        #expect(set.count == 2)
        #expect(JSON.Object() == JSON.Object())
        #expect(JSON.Object().hashValue == JSON.Object().hashValue)
    }

    @Test func largeObjectPastIndexThreshold() throws {
        var object = JSON.Object()
        for index in 0..<100 {
            object["key\(index)"] = .number(JSON.Number(index))
        }
        #expect(object.count == 100)
        #expect(object.keys == (0..<100).map { "key\($0)" })
        for index in 0..<100 {
            #expect(object["key\(index)"] == .number(JSON.Number(index)))
            #expect(object.index(forKey: "key\(index)") == index)
        }
        #expect(object["key100"] == nil)

        // Replace keeps position.
        object["key50"] = "fifty"
        #expect(object.index(forKey: "key50") == 50)
        #expect(object["key50"] == "fifty")
        #expect(object.count == 100)

        // Remove shifts later members and keeps lookups right.
        #expect(object.removeValue(forKey: "key10") == 10)
        object["key0"] = nil
        #expect(object.count == 98)
        #expect(object["key10"] == nil)
        #expect(object["key0"] == nil)
        #expect(object.index(forKey: "key1") == 0)
        #expect(object.index(forKey: "key11") == 9)
        #expect(object.index(forKey: "key99") == 97)
        #expect(object["key99"] == 99)
        #expect(object["key50"] == "fifty")
        for (position, key) in object.keys.enumerated() {
            #expect(object.index(forKey: key) == position)
        }

        // Re-adding goes to the end.
        object["key10"] = true
        #expect(object.index(forKey: "key10") == 98)
        #expect(object.keys.last == "key10")
        #expect(object["key10"] == true)

        // Equality with the same members in another order, and hashing.
        var reversed = JSON.Object()
        for key in object.keys.reversed() { reversed[key] = object[key] }
        #expect(reversed == object)
        #expect(reversed.hashValue == object.hashValue)
        reversed["key99"] = 0
        #expect(reversed != object)
    }

    @Test func objectCrossingThresholdEachStep() {
        // Lookups stay right at every size around the threshold, including after removals.
        for size in 1...30 {
            var object = JSON.Object()
            for index in 0..<size { object["k\(index)"] = .number(JSON.Number(index)) }
            for index in 0..<size {
                #expect(object.index(forKey: "k\(index)") == index, "size \(size)")
            }
            object["k0"] = nil
            for index in 1..<max(size, 1) {
                #expect(object.index(forKey: "k\(index)") == index - 1, "size \(size) after removal")
            }
            object["new"] = nil
            object["new"] = 1
            #expect(object.index(forKey: "new") == size - 1)
            #expect(object.count == size)
        }
    }

    @Test func largeParsedObjectWithDuplicates() throws {
        var text = "{"
        for index in 0..<100 { text += "\"k\(index)\": \(index), " }
        text += "\"k5\": \"duplicate\", \"k99\": \"duplicate\", \"last\": true}"
        let json = try JSON(parsing: text)
        let object = try #require(json.objectValue)
        #expect(object.count == 101)
        #expect(object["k5"] == 5)
        #expect(object["k99"] == 99)
        #expect(object["last"] == true)
        #expect(object.index(forKey: "last") == 100)
        var copy = object
        copy["k42"] = nil
        #expect(copy["k43"] == 43)
        #expect(copy.index(forKey: "k43") == 42)
        #expect(copy.index(forKey: "last") == 99)
    }

    // MARK: Parsing and serialising

    @Test func parsingFromDataAndString() throws {
        let text = #"{"id": 9007199254740993, "price": 1.10, "tags": ["a", "b"], "ok": true, "none": null}"#
        let fromString = try JSON(parsing: text)
        let fromData = try JSON(parsing: Data(text.utf8))
        #expect(fromString == fromData)
        #expect(fromString["id"]?.numberValue?.literal == "9007199254740993")
        #expect(fromString["id"]?.numberValue?.int64 == 9_007_199_254_740_993)
        #expect(fromString["id"]?.numberValue?.double == 9_007_199_254_740_992)
        #expect(fromString["price"] == 1.1)
        #expect(fromString["price"]?.numberValue?.literal == "1.10")
        #expect(fromString["tags"]?[-1] == "b")
        #expect(fromString["ok"] == true)
        #expect(fromString["none"]?.isNull == true)
        #expect(fromString.objectValue?.keys == ["id", "price", "tags", "ok", "none"])
        #expect(fromString.serializedString() == #"{"id":9007199254740993,"price":1.10,"tags":["a","b"],"ok":true,"none":null}"#)

        #expect(try JSON(parsing: "  42  ") == 42)
        #expect(try JSON(parsing: #""str""#) == "str")
        #expect(try JSON(parsing: "null") == .null)
        #expect(try JSON(parsing: "false") == false)
        #expect(try JSON(parsing: "[]") == [])
        #expect(try JSON(parsing: "{}") == [:])
        #expect(try JSON(parsing: #""\u00e9\ud83d\ude00\n\/""#) == "é😀\n/")
    }

    @Test func numbersKeepTheirLiterals() throws {
        let json = try JSON(parsing: "[1.10, 1e2, 9007199254740993, -0, 1E+2, 0.5e-3, 123456789012345678901234567890, 1e400]")
        #expect(json.serializedString() == "[1.10,1e2,9007199254740993,-0,1E+2,0.5e-3,123456789012345678901234567890,1e400]")
        let literals = json.arrayValue?.compactMap { $0.numberValue?.literal }
        #expect(literals == ["1.10", "1e2", "9007199254740993", "-0", "1E+2", "0.5e-3", "123456789012345678901234567890", "1e400"])
        #expect(try JSON(parsing: "[1.10, 1e2, 9007199254740993, -0]").serializedString() == "[1.10,1e2,9007199254740993,-0]")
    }

    @Test func keyOrderAndDuplicateKeys() throws {
        let json = try JSON(parsing: #"{"zebra": 1, "apple": 2, "mango": {"y": 1, "x": 2}, "apple": 3}"#)
        #expect(json.objectValue?.keys == ["zebra", "apple", "mango"])
        #expect(json["apple"] == 2)
        #expect(json["mango"]?.objectValue?.keys == ["y", "x"])
        #expect(json.serializedString() == #"{"zebra":1,"apple":2,"mango":{"y":1,"x":2}}"#)
        #expect(json.serializedString(formatting: .sortedKeys) == #"{"apple":2,"mango":{"x":2,"y":1},"zebra":1}"#)
        // First wins, as with JSONDecoder.
        let foundation = try JSONDecoder().decode([String: Int].self, from: Data(#"{"a": 1, "a": 2}"#.utf8))
        #expect(try JSON(parsing: #"{"a": 1, "a": 2}"#)["a"] == .number(JSON.Number(foundation["a"]!)))
    }

    @Test func serializedMatchesJSONEncoderForDictionaries() throws {
        let swiftValue: [String: [Int]] = ["b": [3, 4], "a": [1, 2], "empty": [], "c": [-5]]
        let json: JSON = ["b": [3, 4], "a": [1, 2], "empty": [], "c": [-5]]
        let formattings: [JSONEncoder.OutputFormatting] = [
            .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
            [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
        ]
        for formatting in formattings {
            #expect(
                json.serialized(formatting: formatting) == (try jvFoundationBytes(swiftValue, formatting)),
                "formatting \(formatting.rawValue): \(json.serializedString(formatting: formatting))")
        }
        #expect(
            json.serializedString(formatting: [.sortedKeys, .prettyPrinted]) == """
                {
                  "a" : [
                    1,
                    2
                  ],
                  "b" : [
                    3,
                    4
                  ],
                  "c" : [
                    -5
                  ],
                  "empty" : [

                  ]
                }
                """)
        #expect(json.serializedString(formatting: .sortedKeys) == #"{"a":[1,2],"b":[3,4],"c":[-5],"empty":[]}"#)
    }

    @Test func serializedMatchesJSONEncoderForNestedValues() throws {
        let swiftValue: [String: [String: [String]]] = [
            "outer": ["inner": ["x", "y/z"], "none": []],
            "empty": [:],
            "path/with/slashes": ["k": ["v"]],
        ]
        let json: JSON = [
            "outer": ["inner": ["x", "y/z"], "none": []],
            "empty": [:],
            "path/with/slashes": ["k": ["v"]],
        ]
        let formattings: [JSONEncoder.OutputFormatting] = [
            .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
            [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
        ]
        for formatting in formattings {
            #expect(
                json.serialized(formatting: formatting) == (try jvFoundationBytes(swiftValue, formatting)),
                "formatting \(formatting.rawValue): \(json.serializedString(formatting: formatting))")
        }
        // Arrays of mixed scalars.
        let doubles: [Double] = [1, 0.5, -2.25, 1e16, 1e-7]
        let doublesJSON = JSON.array(doubles.map { .number(JSON.Number($0)) })
        for formatting in formattings {
            #expect(doublesJSON.serialized(formatting: formatting) == (try jvFoundationBytes(doubles, formatting)))
        }
        let flags: [Bool?] = [true, nil, false]
        let flagsJSON: JSON = [true, nil, false]
        #expect(flagsJSON.serialized(formatting: .prettyPrinted) == (try jvFoundationBytes(flags, .prettyPrinted)))
        #expect(flagsJSON.serialized() == (try jvFoundationBytes(flags, [])))
    }

    @Test func serializedStringEscapingMatchesJSONEncoder() throws {
        var control = ""
        for scalar in 0..<0x20 { control.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        let strings = [
            "plain", "a/b//c", "</script>", #"say "hi""#, #"back\slash"#, control, "\u{7F}", "tab\tnewline\nreturn\r",
            "é😀中文", "\u{2028}\u{2029}", "\u{FEFF}", "", "e\u{301}", "\u{10FFFF}",
        ]
        let formattings: [JSONEncoder.OutputFormatting] = [[], .withoutEscapingSlashes, .prettyPrinted, .sortedKeys]
        for text in strings {
            for formatting in formattings {
                let json = JSON.string(text)
                #expect(
                    json.serialized(formatting: formatting) == (try jvFoundationBytes(text, formatting)),
                    "\(text.debugDescription) with \(formatting.rawValue): \(json.serializedString(formatting: formatting))")
                let wrapped: JSON = ["key \(text)": .string(text)]
                let swiftWrapped = ["key \(text)": text]
                #expect(
                    wrapped.serialized(formatting: formatting) == (try jvFoundationBytes(swiftWrapped, formatting)),
                    "\(text.debugDescription) as key and value with \(formatting.rawValue)")
            }
        }
        #expect(JSON.string("a/b").serializedString() == #""a\/b""#)
        #expect(JSON.string("a/b").serializedString(formatting: .withoutEscapingSlashes) == #""a/b""#)
        #expect(JSON.string("q\"\\\u{8}\u{C}\n\r\t\u{1}").serializedString() == #""q\"\\\b\f\n\r\t\u0001""#)
        #expect(JSON.string("é😀").serialized() == Data("\"é😀\"".utf8))
    }

    @Test func serializedStringAndDescription() throws {
        let json: JSON = ["name": "Ada", "list": [1, 2.5, nil, true], "nested": ["k": "v/w"]]
        let compact = #"{"name":"Ada","list":[1,2.5,null,true],"nested":{"k":"v\/w"}}"#
        #expect(json.serializedString() == compact)
        #expect(json.description == compact)
        #expect("\(json)" == compact)
        #expect(jvText(json.serialized()) == compact)
        #expect(json.serializedString(formatting: .prettyPrinted) == jvText(json.serialized(formatting: .prettyPrinted)))
        #expect(
            json.serializedString(formatting: [.prettyPrinted, .withoutEscapingSlashes]) == """
                {
                  "name" : "Ada",
                  "list" : [
                    1,
                    2.5,
                    null,
                    true
                  ],
                  "nested" : {
                    "k" : "v/w"
                  }
                }
                """)
        #expect(JSON.null.description == "null")
        #expect(JSON.bool(false).description == "false")
        #expect(JSON.number(jvNumber("1.10")).description == "1.10")
        #expect(JSON.string("x").description == #""x""#)
        #expect(JSON.array([]).description == "[]")
        #expect(JSON.object([:]).description == "{}")
        #expect(jvNumber("1E+2").description == "1E+2")
        // Serialised output parses back to an equal value.
        #expect(try JSON(parsing: json.serialized()) == json)
        #expect(try JSON(parsing: json.serialized(formatting: .prettyPrinted)) == json)
    }

    // MARK: Codable

    @Test func codableWithFoundationCoders() throws {
        let text =
            #"{"int": 42, "negative": -7, "big": 18446744073709551615, "double": 2.5, "decimal": 1.10, "exp": 1e2, "s": "é/😀", "b": false, "n": null, "list": [1, [2, {"x": null}]], "empty": {}, "emptyList": []}"#
        let foundation = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        let parsed = try JSON(parsing: text)
        #expect(foundation == parsed)
        #expect(foundation["int"]?.numberValue?.literal == "42")
        #expect(foundation["negative"]?.numberValue?.literal == "-7")
        #expect(foundation["big"]?.numberValue?.uint64 == UInt64.max)
        #expect(foundation["double"]?.numberValue?.double == 2.5)
        #expect(foundation["decimal"]?.numberValue?.decimal == Decimal(string: "1.1"))
        #expect(foundation["exp"]?.numberValue?.int == 100)
        #expect(foundation["s"] == "é/😀")
        #expect(foundation["b"] == false)
        #expect(foundation["n"] == .null)
        #expect(foundation["list"]?[1]?[1]?["x"] == .null)
        #expect(foundation["empty"] == [:])
        #expect(foundation["emptyList"] == [])

        // Foundation → bytes → Foundation round trip keeps the values.
        let encoded = try JSONEncoder().encode(parsed)
        let again = try JSONDecoder().decode(JSON.self, from: encoded)
        #expect(again == parsed)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(dictionary["int"] as? Int == 42)
        #expect(dictionary["s"] as? String == "é/😀")
        #expect(dictionary["n"] is NSNull)

        // Scalars at the top level.
        for value: JSON in [nil, true, 3, -3, 2.5, "x", [], [:]] {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(JSON.self, from: data) == value, "\(value)")
        }
    }

    @Test func foundationEncoderWritesNumbersAsSwiftValues() throws {
        let json = try JSON(parsing: "[1.10, 1e2, 9007199254740993, -0, 0.5]")
        let encoder = JSONEncoder()
        #expect(jvText(try encoder.encode(json)) == "[1.1,100,9007199254740993,0,0.5]")
        let back = try JSONDecoder().decode(JSON.self, from: try encoder.encode(json))
        #expect(back == json)
        #expect(back[2]?.numberValue?.int64 == 9_007_199_254_740_993)
    }

    @Test func codableWithDynamicCodersKeepsLiterals() throws {
        let text = #"{"b": 1.10, "a": [1e2, -0, 9007199254740993, 123456789012345678901234567890], "c": "x/y"}"#
        let decoded = try DynamicJSONDecoder().decode(JSON.self, from: Data(text.utf8))
        #expect(decoded["b"]?.numberValue?.literal == "1.10")
        #expect(decoded["a"]?[0]?.numberValue?.literal == "1e2")
        #expect(decoded.objectValue?.keys == ["b", "a", "c"])
        let encoded = try DynamicJSONEncoder().encode(decoded)
        #expect(jvText(encoded) == #"{"b":1.10,"a":[1e2,-0,9007199254740993,123456789012345678901234567890],"c":"x\/y"}"#)
        let sortedEncoder = DynamicJSONEncoder()
        sortedEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(jvText(try sortedEncoder.encode(decoded)) == #"{"a":[1e2,-0,9007199254740993,123456789012345678901234567890],"b":1.10,"c":"x/y"}"#)
        #expect(try DynamicJSONDecoder().decode(JSON.self, from: encoded) == decoded)

        // Inside arrays and dictionaries of JSON.
        let list = try DynamicJSONDecoder().decode([JSON].self, from: Data("[1.10, {\"k\": 2.50}]".utf8))
        #expect(list[0].numberValue?.literal == "1.10")
        #expect(jvText(try DynamicJSONEncoder().encode(list)) == #"[1.10,{"k":2.50}]"#)
        let map = try DynamicJSONDecoder().decode([String: JSON].self, from: Data(#"{"x": 1.10}"#.utf8))
        #expect(map["x"]?.numberValue?.literal == "1.10")
        #expect(jvText(try DynamicJSONEncoder().encode(JSON.number(jvNumber("1.10")))) == "1.10")
    }

    @Test func envelopeDecodedByBothDecoders() throws {
        let data = Data(#"{"kind": "order", "payload": {"id": 9007199254740993, "total": 1.10, "items": [{"sku": "a"}, null], "paid": true}}"#.utf8)
        let dynamic = try DynamicJSONDecoder().decode(JVEnvelope.self, from: data)
        let foundation = try JSONDecoder().decode(JVEnvelope.self, from: data)
        #expect(dynamic.kind == "order")
        #expect(foundation.kind == "order")
        #expect(dynamic == foundation)
        #expect(dynamic.payload["total"]?.numberValue?.literal == "1.10")
        #expect(foundation.payload["total"] == 1.1)
        #expect(dynamic.payload["id"]?.numberValue?.int64 == 9_007_199_254_740_993)
        #expect(foundation.payload["id"]?.numberValue?.int64 == 9_007_199_254_740_993)
        #expect(dynamic.payload.objectValue?.keys == ["id", "total", "items", "paid"])
        #expect(dynamic.payload["items"]?[0]?["sku"] == "a")
        #expect(foundation.payload["items"]?[1] == .null)

        let encoder = DynamicJSONEncoder()
        #expect(
            jvText(try encoder.encode(dynamic)) == #"{"kind":"order","payload":{"id":9007199254740993,"total":1.10,"items":[{"sku":"a"},null],"paid":true}}"#)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = .sortedKeys
        #expect(
            jvText(try foundationEncoder.encode(dynamic))
                == #"{"kind":"order","payload":{"id":9007199254740993,"items":[{"sku":"a"},null],"paid":true,"total":1.1}}"#)

        // A payload that is a scalar or null.
        let scalar = try DynamicJSONDecoder().decode(JVEnvelope.self, from: Data(#"{"kind": "k", "payload": null}"#.utf8))
        #expect(scalar.payload == .null)
        let scalarFoundation = try JSONDecoder().decode(JVEnvelope.self, from: Data(#"{"kind": "k", "payload": "s"}"#.utf8))
        #expect(scalarFoundation.payload == "s")
    }

    // MARK: JSONDocument

    @Test func documentParsedOnceDecodedMany() throws {
        let payload = Data(#"{"id": 7, "display_name": "Ada", "tags": ["x", "y"], "extra": [1, 2.50]}"#.utf8)
        let document = try JSONDocument(parsing: payload)
        #expect(document.root["extra"]?[1]?.numberValue?.literal == "2.50")
        #expect(document.root.objectValue?.keys == ["id", "display_name", "tags", "extra"])
        #expect(document.root == (try JSON(parsing: payload)))

        let summary = try document.decode(JVSummary.self)
        #expect(summary == JVSummary(id: 7))

        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let profile = try document.decode(JVProfile.self, using: decoder)
        #expect(profile == JVProfile(id: 7, displayName: "Ada", tags: ["x", "y"]))

        // Without the strategy the snake-case key is not found.
        #expect(throws: DecodingError.self) { try document.decode(JVProfile.self) }
        do {
            _ = try document.decode(JVProfile.self)
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "displayName")
        }

        // Decoding again gives the same answers; the document is unchanged.
        #expect(try document.decode(JVSummary.self) == summary)
        #expect(try document.decode([String: JSON].self)["tags"] == ["x", "y"])
        #expect(try document.decode(JSON.self) == document.root)
    }

    @Test func documentHonoursOtherDecoderStrategies() throws {
        struct Stamp: Decodable, Equatable { var at: Date; var blob: Data; var ratio: Double }
        let document = try JSONDocument(parsing: Data(#"{"at": 1000, "blob": "aGk=", "ratio": "NaN"}"#.utf8))
        let decoder = DynamicJSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
        let stamp = try document.decode(Stamp.self, using: decoder)
        #expect(stamp.at == Date(timeIntervalSince1970: 1))
        #expect(stamp.blob == Data("hi".utf8))
        #expect(stamp.ratio.isNaN)

        let other = DynamicJSONDecoder()
        other.dateDecodingStrategy = .secondsSince1970
        #expect(throws: DecodingError.self) { try document.decode(Stamp.self, using: other) } // "NaN" needs a strategy
    }

    @Test func documentParsingErrors() throws {
        let syntax = underlyingSyntaxError { try JSONDocument(parsing: Data("[1, 2,]".utf8)) }
        #expect(syntax?.line == 1)
        #expect(syntax?.column == 7)
        #expect(try JSONDocument(parsing: Data("[1, 2,]".utf8), allowsJSON5: true).root == [1, 2])
        #expect(throws: DecodingError.self) { try JSONDocument(parsing: Data("[[1]]".utf8), maximumDepth: 1) }
        #expect(try JSONDocument(parsing: Data("[[1]]".utf8), maximumDepth: 2).root == [[1]])
    }

    // MARK: encodeJSON

    @Test func encodeJSONForStruct() throws {
        let person = JVPerson(
            name: "Ada", age: 36, ratio: 0.1, admin: true,
            address: JVAddress(city: "London", zip: nil), nickname: nil, scores: [1, 2])
        let json = try DynamicJSONEncoder().encodeJSON(person)
        let expected: JSON = [
            "name": "Ada", "age": 36, "ratio": 0.1, "admin": true,
            "address": ["city": "London"], "scores": [1, 2],
        ]
        #expect(json == expected)
        #expect(json.objectValue?.keys == ["name", "age", "ratio", "admin", "address", "scores"])
        #expect(json["age"]?.numberValue?.literal == "36")
        #expect(json["ratio"]?.numberValue?.literal == "0.1")
        #expect(json["nickname"] == nil)
        #expect(json["address"]?["zip"] == nil)
        #expect(json.serializedString() == #"{"name":"Ada","age":36,"ratio":0.1,"admin":true,"address":{"city":"London"},"scores":[1,2]}"#)
        // The bytes agree with encode(_:).
        #expect(json.serialized() == (try DynamicJSONEncoder().encode(person)))

        let snake = DynamicJSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        struct Camel: Encodable { var firstName: String }
        #expect(try snake.encodeJSON(Camel(firstName: "A")) == ["first_name": "A"])
    }

    @Test func encodeJSONForArraysAndScalars() throws {
        let encoder = DynamicJSONEncoder()
        #expect(try encoder.encodeJSON([1, 2, 3]) == [1, 2, 3])
        #expect(try encoder.encodeJSON(["a", "b"]) == ["a", "b"])
        #expect(try encoder.encodeJSON([[1.5], []]) == [[1.5], []])
        #expect(try encoder.encodeJSON([String]()) == [])
        #expect(try encoder.encodeJSON(["k": [true]]) == ["k": [true]])
        #expect(try encoder.encodeJSON(42) == 42)
        #expect(try encoder.encodeJSON("s") == "s")
        #expect(try encoder.encodeJSON(UInt64.max).numberValue?.literal == "18446744073709551615")
        #expect(try encoder.encodeJSON(Decimal(string: "1.10")!).numberValue?.literal == "1.1")
        let parsed = try JSON(parsing: "[1.10, 2e3]")
        #expect(try encoder.encodeJSON(parsed).serializedString() == "[1.10,2e3]")
        let addresses = [JVAddress(city: "A", zip: "1"), JVAddress(city: "B", zip: nil)]
        #expect(try encoder.encodeJSON(addresses) == [["city": "A", "zip": "1"], ["city": "B"]])
    }

    @Test func encodeJSONForNestedOptionals() throws {
        let encoder = DynamicJSONEncoder()
        let value = JVOptionals(present: nil, absent: nil, nested: .some(nil), inner: JVAddress(city: "C", zip: nil), list: [1, nil, 3])
        let json = try encoder.encodeJSON(value)
        #expect(json == ["present": nil, "nested": nil, "inner": ["city": "C"], "list": [1, nil, 3]])
        #expect(json.objectValue?.keys == ["present", "nested", "inner", "list"])
        #expect(json.serialized(formatting: .sortedKeys) == (try jvFoundationBytes(value, .sortedKeys)))

        let filled = JVOptionals(present: 1, absent: 2, nested: .some(.some(3)), inner: nil, list: [])
        #expect(try encoder.encodeJSON(filled) == ["present": 1, "absent": 2, "nested": 3, "list": []])

        #expect(try encoder.encodeJSON(Optional<Int>.none) == .null)
        // swift-format-ignore: UseShorthandTypeNames
        #expect(try encoder.encodeJSON(Optional<Optional<Int>>.some(nil)) == .null) // spelled out: the nesting is the point
        // swift-format-ignore: UseShorthandTypeNames
        #expect(try encoder.encodeJSON(Optional<Optional<Int>>.some(5)) == 5)
        #expect(try encoder.encodeJSON([[Int?]]([[nil], [1, nil]])) == [[nil], [1, nil]])
        #expect(try encoder.encodeJSON(["a": Int??.some(nil)]) == ["a": nil])
    }

    // MARK: JSONSyntaxError

    @Test func syntaxErrorPositions() throws {
        let tru = try #require(underlyingSyntaxError { try JSON(parsing: "{\n  \"a\": tru\n}") })
        #expect(tru.line == 2)
        #expect(tru.column == 8)
        #expect(tru.offset == 9)
        #expect(tru.kind == .invalidLiteral)
        #expect(tru.reason == "Invalid literal: expected 'true'")
        #expect(tru.description == "Invalid literal: expected 'true' at line 2, column 8")

        let commas = try #require(underlyingSyntaxError { try JSON(parsing: "[1,\n 2,,]") })
        #expect(commas.line == 2)
        #expect(commas.column == 4)
        #expect(commas.offset == 7)
        #expect(commas.kind == .unexpectedCharacter)
        #expect(commas.reason == "Unexpected character ',': expected a value")
        #expect(commas.description == "Unexpected character ',': expected a value at line 2, column 4")

        // Columns count Unicode scalars, offsets count UTF-8 bytes.
        let unicode = try #require(underlyingSyntaxError { try JSON(parsing: "[\"é😀\", x]") })
        #expect(unicode.line == 1)
        #expect(unicode.column == 8) // [ " é 😀 " , space, then x
        #expect(unicode.offset == 11) // 1 + 1 + 2 + 4 + 1 + 1 + 1
        #expect(unicode.kind == .unexpectedCharacter)

        let empty = try #require(underlyingSyntaxError { try JSON(parsing: "") })
        #expect(empty.line == 1)
        #expect(empty.column == 1)
        #expect(empty.offset == 0)
        #expect(empty.kind == .emptyInput)

        let trailing = try #require(underlyingSyntaxError { try JSON(parsing: "{\"a\": 1} x") })
        #expect(trailing.line == 1)
        #expect(trailing.column == 10)
        #expect(trailing.offset == 9)
        #expect(trailing.kind == .trailingContent)

        let unterminated = try #require(underlyingSyntaxError { try JSON(parsing: "[1,\n2,\n3") })
        #expect(unterminated.line == 3)
        #expect(unterminated.kind == .unexpectedEnd)

        let badEscape = try #require(underlyingSyntaxError { try JSON(parsing: "\r\n[\"\\q\"]") })
        #expect(badEscape.line == 2)
        #expect(badEscape.column == 3)
        #expect(badEscape.offset == 4)
        #expect(badEscape.kind == .invalidEscape)
    }

    @Test func syntaxErrorIsUnderlyingErrorOfDataCorrupted() throws {
        let data = Data("{\n  \"a\": tru\n}".utf8)
        for decode in [
            { _ = try DynamicJSONDecoder().decode(JSON.self, from: data) },
            { _ = try DynamicJSONDecoder().decode([String: Int].self, from: data) },
            { _ = try JSONDocument(parsing: data) },
            { _ = try JSON(parsing: data) },
        ] as [() throws -> Void] {
            do {
                try decode()
                Issue.record("no error")
            } catch DecodingError.dataCorrupted(let context) {
                let syntax = try #require(context.underlyingError as? JSONSyntaxError)
                #expect(syntax == JSONSyntaxError(.invalidLiteral, reason: "Invalid literal: expected 'true'", line: 2, column: 8, offset: 9))
                #expect(context.codingPath.isEmpty)
                #expect(context.debugDescription == "The given data was not valid JSON")
            }
        }
    }
}
