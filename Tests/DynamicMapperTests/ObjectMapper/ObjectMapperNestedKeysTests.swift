import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's NestedKeysTests.swift, ported: nested paths (`map["a.b"]`), a literal dotted
// key (`map[key: "a.b"]`, ObjectMapper's `nested: false`) and a `"->"` delimiter. `NSNumber`
// properties are `Int64` (`NSNumber` is not Codable), and `Int64Enum` has an `Int64` raw value.

private final class Object: DynamicMappable, Equatable {
    var dynamicSelf: DynamicClass?
    var value = Int.min
    init() {}

    func mapping(_ map: DynamicMap) {
        value <-> ds.value
    }

    static func == (lhs: Object, rhs: Object) -> Bool { lhs.value == rhs.value }
}

private enum Int64Enum: Int64, Codable { case a = 0, b = 1000 }
private enum IntEnum: Int, Codable { case a = 0, b = 255 }
private enum DoubleEnum: Double, Codable { case a = 0.0, b = 100.0 }
private enum FloatEnum: Float, Codable { case a = 0.0, b = 100.0 }
private enum StringEnum: String, Codable { case A = "String A", B = "String B" }

private class NestedKeys: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var nonNestedString: String?
    var int64: Int64?
    var bool: Bool?
    var int: Int?
    var double: Double?
    var float: Float?
    var string: String?
    var int64Array: [Int64] = []
    var boolArray: [Bool] = []
    var intArray: [Int] = []
    var doubleArray: [Double] = []
    var floatArray: [Float] = []
    var stringArray: [String] = []
    var int64Dict: [String: Int64] = [:]
    var boolDict: [String: Bool] = [:]
    var intDict: [String: Int] = [:]
    var doubleDict: [String: Double] = [:]
    var floatDict: [String: Float] = [:]
    var stringDict: [String: String] = [:]
    var int64Enum: Int64Enum?
    var intEnum: IntEnum?
    var doubleEnum: DoubleEnum?
    var floatEnum: FloatEnum?
    var stringEnum: StringEnum?
    var object: Object?
    var objectArray: [Object] = []
    var objectDict: [String: Object] = [:]
    required init() {}

    func mapping(_ map: DynamicMap) {
        nonNestedString <-> map[key: "non.nested.key"]
        int64 <-> map["nested.int64"]
        bool <-> map["nested.bool"]
        int <-> map["nested.int"]
        double <-> map["nested.double"]
        float <-> map["nested.float"]
        string <-> map["nested.string"]
        int64Array <-> map["nested.nested.int64Array"]
        boolArray <-> map["nested.nested.boolArray"]
        intArray <-> map["nested.nested.intArray"]
        doubleArray <-> map["nested.nested.doubleArray"]
        floatArray <-> map["nested.nested.floatArray"]
        stringArray <-> map["nested.nested.stringArray"]
        int64Dict <-> map["nested.nested.int64Dict"]
        boolDict <-> map["nested.nested.boolDict"]
        intDict <-> map["nested.nested.intDict"]
        doubleDict <-> map["nested.nested.doubleDict"]
        floatDict <-> map["nested.nested.floatDict"]
        stringDict <-> map["nested.nested.stringDict"]
        int64Enum <-> map["nested.nested.int64Enum"]
        intEnum <-> map["nested.nested.intEnum"]
        doubleEnum <-> map["nested.nested.doubleEnum"]
        floatEnum <-> map["nested.nested.floatEnum"]
        stringEnum <-> map["nested.nested.stringEnum"]
        object <-> map["nested.nested.nested.object"]
        objectArray <-> map["nested.nested.nested.objectArray"]
        objectDict <-> map["nested.nested.nested.objectDict"]
    }
}

private final class DelimiterNestedKeys: NestedKeys {
    override func mapping(_ map: DynamicMap) {
        nonNestedString <-> map[key: "non.nested->key"]
        int64 <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.int64", delimiter: "->"]
        bool <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.bool", delimiter: "->"]
        int <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.int", delimiter: "->"]
        double <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.double", delimiter: "->"]
        float <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.float", delimiter: "->"]
        string <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.string", delimiter: "->"]
        int64Array <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->int64Array", delimiter: "->"]
        boolArray <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->boolArray", delimiter: "->"]
        intArray <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->intArray", delimiter: "->"]
        doubleArray <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->doubleArray", delimiter: "->"]
        floatArray <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->floatArray", delimiter: "->"]
        stringArray <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->stringArray", delimiter: "->"]
        int64Dict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->int64Dict", delimiter: "->"]
        boolDict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->boolDict", delimiter: "->"]
        intDict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->intDict", delimiter: "->"]
        doubleDict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->doubleDict", delimiter: "->"]
        floatDict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->floatDict", delimiter: "->"]
        stringDict <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->stringDict", delimiter: "->"]
        int64Enum <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->int64Enum", delimiter: "->"]
        intEnum <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->intEnum", delimiter: "->"]
        doubleEnum <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->doubleEnum", delimiter: "->"]
        floatEnum <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->floatEnum", delimiter: "->"]
        stringEnum <-> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->stringEnum", delimiter: "->"]
        object
            <-> map[
                "com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->object",
                delimiter: "->"]
        objectArray
            <-> map[
                "com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->objectArray",
                delimiter: "->"]
        objectDict
            <-> map[
                "com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.nested->objectDict",
                delimiter: "->"]
    }
}

private func assertSameValues(_ lhs: NestedKeys, _ rhs: NestedKeys) {
    #expect(lhs.nonNestedString == rhs.nonNestedString)
    #expect(lhs.int64 == rhs.int64)
    #expect(lhs.bool == rhs.bool)
    #expect(lhs.int == rhs.int)
    #expect(lhs.double == rhs.double)
    #expect(lhs.float == rhs.float)
    #expect(lhs.string == rhs.string)
    #expect(lhs.int64Array == rhs.int64Array)
    #expect(lhs.boolArray == rhs.boolArray)
    #expect(lhs.intArray == rhs.intArray)
    #expect(lhs.doubleArray == rhs.doubleArray)
    #expect(lhs.floatArray == rhs.floatArray)
    #expect(lhs.stringArray == rhs.stringArray)
    #expect(lhs.int64Dict == rhs.int64Dict)
    #expect(lhs.boolDict == rhs.boolDict)
    #expect(lhs.intDict == rhs.intDict)
    #expect(lhs.doubleDict == rhs.doubleDict)
    #expect(lhs.floatDict == rhs.floatDict)
    #expect(lhs.stringDict == rhs.stringDict)
    #expect(lhs.int64Enum == rhs.int64Enum)
    #expect(lhs.intEnum == rhs.intEnum)
    #expect(lhs.doubleEnum == rhs.doubleEnum)
    #expect(lhs.floatEnum == rhs.floatEnum)
    #expect(lhs.stringEnum == rhs.stringEnum)
    #expect(lhs.object == rhs.object)
    #expect(lhs.objectArray == rhs.objectArray)
    #expect(lhs.objectDict == rhs.objectDict)
}

@Suite("ObjectMapper NestedKeysTests")
struct OMNestedKeysTests {
    @Test func testNestedKeys() throws {
        let json: [String: Any] = [
            "non.nested.key": "string",
            "nested": [
                "int64": NSNumber(value: Int64.max),
                "bool": true,
                "int": 255,
                "double": 100.0 as Double,
                "float": 50.0 as Float,
                "string": "String!",
                "nested": [
                    "int64Array": [NSNumber(value: Int64.max), NSNumber(value: Int64.max - 1), NSNumber(value: Int64.max - 10)],
                    "boolArray": [false, true, false],
                    "intArray": [1, 2, 3],
                    "doubleArray": [1.0, 2.0, 3.0],
                    "floatArray": [1.0 as Float, 2.0 as Float, 3.0 as Float],
                    "stringArray": ["123", "ABC"],
                    "int64Dict": ["1": NSNumber(value: Int64.max)],
                    "boolDict": ["2": true],
                    "intDict": ["3": 999],
                    "doubleDict": ["4": 999.999],
                    "floatDict": ["5": 123.456 as Float],
                    "stringDict": ["6": "InDict"],
                    "int64Enum": 1000,
                    "intEnum": 255,
                    "doubleEnum": 100.0,
                    "floatEnum": 100.0,
                    "stringEnum": "String B",
                    "nested": [
                        "object": ["value": 987],
                        "objectArray": [["value": 123], ["value": 456]],
                        "objectDict": ["key": ["value": 999]],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ]
        let value = try #require(try? NestedKeys.decode(from: json))
        let fromValue = try value.encodedObject()
        let parsed = try #require(try? NestedKeys.decode(from: fromValue))
        assertSameValues(value, parsed)
    }

    @Test func testNestedKeysWithDelimiter() throws {
        let json: [String: Any] = [
            "non.nested->key": "string",
            "com.tristanhimmelman.ObjectMapper.nested": [
                "com.tristanhimmelman.ObjectMapper.int64": NSNumber(value: Int64.max),
                "com.tristanhimmelman.ObjectMapper.bool": true,
                "com.tristanhimmelman.ObjectMapper.int": 255,
                "com.tristanhimmelman.ObjectMapper.double": 100.0 as Double,
                "com.tristanhimmelman.ObjectMapper.float": 50.0 as Float,
                "com.tristanhimmelman.ObjectMapper.string": "String!",
                "com.tristanhimmelman.ObjectMapper.nested": [
                    "int64Array": [NSNumber(value: Int64.max), NSNumber(value: Int64.max - 1), NSNumber(value: Int64.max - 10)],
                    "boolArray": [false, true, false],
                    "intArray": [1, 2, 3],
                    "doubleArray": [1.0, 2.0, 3.0],
                    "floatArray": [1.0 as Float, 2.0 as Float, 3.0 as Float],
                    "stringArray": ["123", "ABC"],
                    "int64Dict": ["1": NSNumber(value: Int64.max)],
                    "boolDict": ["2": true],
                    "intDict": ["3": 999],
                    "doubleDict": ["4": 999.999],
                    "floatDict": ["5": 123.456 as Float],
                    "stringDict": ["6": "InDict"],
                    "int64Enum": 1000,
                    "intEnum": 255,
                    "doubleEnum": 100.0,
                    "floatEnum": 100.0,
                    "stringEnum": "String B",
                    "com.tristanhimmelman.ObjectMapper.nested": [
                        "object": ["value": 987],
                        "objectArray": [["value": 123], ["value": 456]],
                        "objectDict": ["key": ["value": 999]],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ]
        let value = try #require(try? DelimiterNestedKeys.decode(from: json))
        #expect(value.nonNestedString == "string")
        #expect(value.int64 == Int64.max)
        #expect(value.bool == true)
        #expect(value.int == 255)
        #expect(value.double == 100.0)
        #expect(value.float == 50.0)
        #expect(value.string == "String!")
        #expect(value.int64Array == [Int64.max, Int64.max - 1, Int64.max - 10])
        #expect(value.boolArray == [false, true, false])
        #expect(value.intArray == [1, 2, 3])
        #expect(value.doubleArray == [1.0, 2.0, 3.0])
        #expect(value.floatArray == [1.0, 2.0, 3.0])
        #expect(value.stringArray == ["123", "ABC"])
        #expect(value.int64Dict == ["1": Int64.max])
        #expect(value.boolDict == ["2": true])
        #expect(value.intDict == ["3": 999])
        #expect(value.doubleDict == ["4": 999.999])
        #expect(value.floatDict == ["5": 123.456 as Float])
        #expect(value.stringDict == ["6": "InDict"])
        #expect(value.int64Enum == .b)
        #expect(value.intEnum == .b)
        #expect(value.stringEnum == .B)
        #expect(value.object?.value == 987)
        #expect(value.objectArray.map(\.value) == [123, 456])
        #expect(value.objectDict["key"]?.value == 999)

        let fromValue = try value.encodedObject()
        let parsed = try #require(try? DelimiterNestedKeys.decode(from: fromValue))
        assertSameValues(value, parsed)
    }
}
