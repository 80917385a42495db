import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's ImmutableTests.swift, ported: `ImmutableMappable` is `DynamicImmutableMappable`,
// `>>>` is `-->`. ObjectMapper's `stringTransform` (a `TransformOf<String, String>` lifted by
// ObjectMapper over arrays, dictionaries and arrays of arrays) is our `TransformOf`, with
// `.array` for arrays and a transformer over `[String: String]` for the dictionary (there is no
// `.dictionary` combinator). `Int64Enum` has an `Int64` raw value (`NSNumber` is not Codable).
// `map.value` has no `nested: false` or `delimiter:`: those reads use a path with escaped dots.
// ObjectMapper's `var prop23 <- map["prop23"]` lines in `mapping(map:)` are reads in `init(map:)`
// here: our body runs only before encoding (asserted at the end of testImmutableMappable).

private class Base: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var base: String?
    required init() {}

    func mapping(_ map: DynamicMap) {
        base <-> ds.base
    }
}

private enum Int64Enum: Int64, Codable { case a = 0, b = 1000 }
private enum IntEnum: Int, Codable { case a = 0, b = 255 }
private enum DoubleEnum: Double, Codable { case a = 0.0, b = 100.0 }
private enum FloatEnum: Float, Codable { case a = 0.0, b = 100.0 }
private enum StringEnum: String, Codable { case A = "String A", B = "String B" }

/// Appends "_TRANSFORMED" when read, removes it when written.
private let stringTransform = TransformOf<String, String>(
    fromJSON: { $0.map { "\($0)_TRANSFORMED" } },
    toJSON: { $0?.replacingOccurrences(of: "_TRANSFORMED", with: "") }
)

/// `stringTransform` on each value of a dictionary.
private struct StringValuesTransform: Transformer {
    func decode(_ raw: [String: String]) throws -> [String: String] { try raw.mapValues(stringTransform.decode) }
    func encode(_ value: [String: String]) throws -> [String: String] { try value.mapValues(stringTransform.encode) }
}
private let nestedPrefix = #"com\.tristanhimmelman\.ObjectMapper\.nested"#

private struct Struct: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let prop1: String
    let prop2: Int
    let prop3: Bool
    let prop4: Double
    let prop5: String
    let prop6: String?
    let prop7: String!
    let prop8: [String]
    let prop9: [String]?
    let prop10: [String]!
    let prop11: [String: String]
    let prop12: [String: String]?
    let prop13: [String: String]!
    let prop14: Base
    let prop15: Base?
    let prop16: Base!
    let prop17: [Base]
    let prop18: [Base]?
    let prop19: [Base]!
    let prop20: [String: Base]
    let prop21: [String: Base]?
    let prop22: [String: Base]!
    var prop23: String?
    var prop24: Int?
    var prop25: Bool?
    var prop26: Double?
    let prop27a: Int64Enum
    let prop27b: Int64Enum
    let prop27c: [Int64Enum]
    let prop28a: IntEnum
    let prop28b: IntEnum
    let prop28c: [IntEnum]
    let prop29a: DoubleEnum
    let prop29b: DoubleEnum
    let prop29c: [DoubleEnum]
    let prop30a: FloatEnum
    let prop30b: FloatEnum
    let prop30c: [FloatEnum]
    let prop31a: StringEnum
    let prop31b: StringEnum
    let prop31c: [StringEnum]
    let prop32: [[String]]
    let prop33: [[String]]?
    let prop34: [[String]]!
    let prop35: [[Base]]
    let prop36: [[Base]]?
    let prop37: [[Base]]!
    var nonnestedString: String
    var nestedInt: Int
    var nestedString: String
    var nestedArray: [String]
    var nestedDictionary: [String: Int]
    var delimiterNestedInt: Int
    var delimiterNestedString: String
    var delimiterNestedArray: [String]
    var delimiterNestedDictionary: [String: Int]

    init(map: DynamicMap) throws {
        prop1 = try map.value("prop1")
        prop2 = try map.value("prop2")
        prop3 = try map.value("prop3")
        prop4 = try map.value("prop4", default: .greatestFiniteMagnitude)
        prop5 = try map.value("prop5", using: stringTransform)
        prop6 = try map.value("prop6", using: stringTransform)
        prop7 = try map.value("prop7", using: stringTransform)
        prop8 = try map.value("prop8", using: stringTransform.array)
        prop9 = try map.value("prop9", using: stringTransform.array)
        prop10 = try map.value("prop10", using: stringTransform.array)
        prop11 = try map.value("prop11", using: StringValuesTransform())
        prop12 = try map.value("prop12", using: StringValuesTransform())
        prop13 = try map.value("prop13", using: StringValuesTransform())
        prop14 = try map.value("prop14")
        prop15 = try map.value("prop15")
        prop16 = try map.value("prop16")
        prop17 = try map.value("prop17")
        prop18 = try map.value("prop18")
        prop19 = try map.value("prop19")
        prop20 = try map.value("prop20")
        prop21 = try map.value("prop21")
        prop22 = try map.value("prop22")
        prop23 = try map.value("prop23")
        prop24 = try map.value("prop24")
        prop25 = try map.value("prop25")
        prop26 = try map.value("prop26")
        prop27a = try map.value("prop27a")
        prop27b = try map.value("prop27b")
        prop27c = try map.value("prop27c")
        prop28a = try map.value("prop28a")
        prop28b = try map.value("prop28b")
        prop28c = try map.value("prop28c")
        prop29a = try map.value("prop29a")
        prop29b = try map.value("prop29b")
        prop29c = try map.value("prop29c")
        prop30a = try map.value("prop30a")
        prop30b = try map.value("prop30b")
        prop30c = try map.value("prop30c")
        prop31a = try map.value("prop31a")
        prop31b = try map.value("prop31b")
        prop31c = try map.value("prop31c")
        prop32 = try map.value("prop32", using: stringTransform.array.array)
        prop33 = try map.value("prop33", using: stringTransform.array.array)
        prop34 = try map.value("prop34", using: stringTransform.array.array)
        prop35 = try map.value("prop35")
        prop36 = try map.value("prop36")
        prop37 = try map.value("prop37")
        nonnestedString = try map.value(#"non\.nested->key"#)
        nestedInt = try map.value("nested.int")
        nestedString = try map.value("nested.string")
        nestedArray = try map.value("nested.array")
        nestedDictionary = try map.value("nested.dictionary")
        delimiterNestedInt = try map.value(nestedPrefix + "." + #"com\.tristanhimmelman\.ObjectMapper\.int"#)
        delimiterNestedString = try map.value(nestedPrefix + "." + #"com\.tristanhimmelman\.ObjectMapper\.string"#)
        delimiterNestedArray = try map.value(nestedPrefix + ".array")
        delimiterNestedDictionary = try map.value(nestedPrefix + ".dictionary")
    }

    func mapping(_ map: DynamicMap) {
        prop1 --> ds.prop1
        prop2 --> ds.prop2
        prop3 --> ds.prop3
        prop4 --> ds.prop4
        prop5 --> ds.prop5.using(stringTransform)
        prop6 --> ds.prop6.using(stringTransform)
        prop7 --> ds.prop7.using(stringTransform)
        prop8 --> ds.prop8.using(stringTransform.array)
        prop9 --> ds.prop9.using(stringTransform.array)
        prop10 --> ds.prop10.using(stringTransform.array)
        prop11 --> ds.prop11.using(StringValuesTransform())
        prop12 --> ds.prop12.using(StringValuesTransform())
        prop13 --> ds.prop13.using(StringValuesTransform())
        prop14 --> ds.prop14
        prop15 --> ds.prop15
        prop16 --> ds.prop16
        prop17 --> ds.prop17
        prop18 --> ds.prop18
        prop19 --> ds.prop19
        prop20 --> ds.prop20
        prop21 --> ds.prop21
        prop22 --> ds.prop22
        prop23 --> ds.prop23
        prop24 --> ds.prop24
        prop25 --> ds.prop25
        prop26 --> ds.prop26
        prop27a --> ds.prop27a
        prop27b --> ds.prop27b
        prop27c --> ds.prop27c
        prop28a --> ds.prop28a
        prop28b --> ds.prop28b
        prop28c --> ds.prop28c
        prop29a --> ds.prop29a
        prop29b --> ds.prop29b
        prop29c --> ds.prop29c
        prop30a --> ds.prop30a
        prop30b --> ds.prop30b
        prop30c --> ds.prop30c
        prop31a --> ds.prop31a
        prop31b --> ds.prop31b
        prop31c --> ds.prop31c
        prop32 --> ds.prop32.using(stringTransform.array.array)
        prop33 --> ds.prop33.using(stringTransform.array.array)
        prop34 --> ds.prop34.using(stringTransform.array.array)
        prop35 --> ds.prop35
        prop36 --> ds.prop36
        prop37 --> ds.prop37
        nonnestedString --> map[key: "non.nested->key"]
        nestedInt --> map["nested.int"]
        nestedString --> map["nested.string"]
        nestedArray --> map["nested.array"]
        nestedDictionary --> map["nested.dictionary"]
        delimiterNestedInt --> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.int", delimiter: "->"]
        delimiterNestedString --> map["com.tristanhimmelman.ObjectMapper.nested->com.tristanhimmelman.ObjectMapper.string", delimiter: "->"]
        delimiterNestedArray --> map["com.tristanhimmelman.ObjectMapper.nested->array", delimiter: "->"]
        delimiterNestedDictionary --> map["com.tristanhimmelman.ObjectMapper.nested->dictionary", delimiter: "->"]
    }
}

private var json: [String: Any] {
    [
        "prop1": "Immutable!",
        "prop2": 255,
        "prop3": true,
        "prop5": "prop5",
        "prop6": "prop6",
        "prop7": "prop7",
        "prop8": ["prop8"],
        "prop9": ["prop9"],
        "prop10": ["prop10"],
        "prop11": ["key": "prop11"],
        "prop12": ["key": "prop12"],
        "prop13": ["key": "prop13"],
        "prop14": ["base": "prop14"],
        "prop15": ["base": "prop15"],
        "prop16": ["base": "prop16"],
        "prop17": [["base": "prop17"]],
        "prop18": [["base": "prop18"]],
        "prop19": [["base": "prop19"]],
        "prop20": ["key": ["base": "prop20"]],
        "prop21": ["key": ["base": "prop21"]],
        "prop22": ["key": ["base": "prop22"]],
        "prop23": "Optional",
        "prop24": 255,
        "prop25": true,
        "prop26": 255.0,
        "prop27a": NSNumber(value: 0),
        "prop27b": NSNumber(value: 1000),
        "prop27c": [NSNumber(value: 0), NSNumber(value: 1000)],
        "prop28a": Int(0),
        "prop28b": Int(255),
        "prop28c": [Int(0), Int(255)],
        "prop29a": Double(0),
        "prop29b": Double(100),
        "prop29c": [Double(0), Double(100)],
        "prop30a": Float(0),
        "prop30b": Float(100),
        "prop30c": [Float(0), Float(100)],
        "prop31a": "String A",
        "prop31b": "String B",
        "prop31c": ["String A", "String B"],
        "prop32": [["prop32"]],
        "prop33": [["prop33"]],
        "prop34": [["prop34"]],
        "prop35": [[["base": "prop35"]]],
        "prop36": [[["base": "prop36"]]],
        "prop37": [[["base": "prop37"]]],
        "non.nested->key": "string",
        "nested": [
            "int": 123,
            "string": "hello",
            "array": ["a", "b", "c"],
            "dictionary": ["a": 10, "b": 20, "c": 30],
        ],
        "com.tristanhimmelman.ObjectMapper.nested": [
            "com.tristanhimmelman.ObjectMapper.int": 123,
            "com.tristanhimmelman.ObjectMapper.string": "hello",
            "array": ["a", "b", "c"],
            "dictionary": ["a": 10, "b": 20, "c": 30],
        ],
    ]
}

private func assertImmutableObjectsEqual(_ lhs: Struct, _ rhs: Struct) {
    #expect(lhs.prop1 == rhs.prop1)
    #expect(lhs.prop2 == rhs.prop2)
    #expect(lhs.prop3 == rhs.prop3)
    #expect(lhs.prop4 == rhs.prop4)
    #expect(lhs.prop5 == rhs.prop5)
    #expect(lhs.prop6 == rhs.prop6)
    #expect(lhs.prop7 == rhs.prop7)
    #expect(lhs.prop8 == rhs.prop8)
    #expect(lhs.prop23 == rhs.prop23)
    #expect(lhs.prop9 == rhs.prop9)
    #expect(lhs.prop10 == rhs.prop10)
    #expect(lhs.prop11 == rhs.prop11)
    #expect(lhs.prop12 == rhs.prop12)
    #expect(lhs.prop13 == rhs.prop13)
    #expect(lhs.prop14.base == rhs.prop14.base)
    #expect(lhs.prop15?.base == rhs.prop15?.base)
    #expect(lhs.prop16?.base == rhs.prop16?.base)
    #expect(lhs.prop17.map(\.base) == rhs.prop17.map(\.base))
    #expect(lhs.prop18?.map(\.base) == rhs.prop18?.map(\.base))
    #expect(lhs.prop19?.map(\.base) == rhs.prop19?.map(\.base))
    #expect(lhs.prop20.mapValues(\.base) == rhs.prop20.mapValues(\.base))
    #expect(lhs.prop21?.mapValues(\.base) == rhs.prop21?.mapValues(\.base))
    #expect(lhs.prop22?.mapValues(\.base) == rhs.prop22?.mapValues(\.base))
    #expect(lhs.prop32 == rhs.prop32)
    #expect(lhs.prop33 == rhs.prop33)
    #expect(lhs.prop34 == rhs.prop34)
    #expect(lhs.prop35.map { $0.map(\.base) } == rhs.prop35.map { $0.map(\.base) })
    #expect(lhs.prop36?.map { $0.map(\.base) } == rhs.prop36?.map { $0.map(\.base) })
    #expect(lhs.prop37?.map { $0.map(\.base) } == rhs.prop37?.map { $0.map(\.base) })
}

@Suite("ObjectMapper ImmutableTests")
struct OMImmutableObjectTests {
    @Test func testImmutableMappable() throws {
        let immutable = try Struct.decode(from: json)
        #expect(immutable.prop1 == "Immutable!")
        #expect(immutable.prop2 == 255)
        #expect(immutable.prop3 == true)
        #expect(immutable.prop4 == .greatestFiniteMagnitude)
        #expect(immutable.prop5 == "prop5_TRANSFORMED")
        #expect(immutable.prop6 == "prop6_TRANSFORMED")
        #expect(immutable.prop7 == "prop7_TRANSFORMED")
        #expect(immutable.prop8 == ["prop8_TRANSFORMED"])
        #expect(immutable.prop9 == ["prop9_TRANSFORMED"])
        #expect(immutable.prop10 == ["prop10_TRANSFORMED"])
        #expect(immutable.prop11 == ["key": "prop11_TRANSFORMED"])
        #expect(immutable.prop12 == ["key": "prop12_TRANSFORMED"])
        #expect(immutable.prop13 == ["key": "prop13_TRANSFORMED"])
        #expect(immutable.prop14.base == "prop14")
        #expect(immutable.prop15?.base == "prop15")
        #expect(immutable.prop16.base == "prop16")
        #expect(immutable.prop17[0].base == "prop17")
        #expect(immutable.prop18?[0].base == "prop18")
        #expect(immutable.prop19[0].base == "prop19")
        #expect(immutable.prop20["key"]?.base == "prop20")
        #expect(immutable.prop21?["key"]?.base == "prop21")
        #expect(immutable.prop22["key"]?.base == "prop22")
        #expect(immutable.prop23 == "Optional")
        #expect(immutable.prop24 == 255)
        #expect(immutable.prop25 == true)
        #expect(immutable.prop26 == 255.0)
        #expect(immutable.prop27a == .a)
        #expect(immutable.prop27b == .b)
        #expect(immutable.prop27c == [.a, .b])
        #expect(immutable.prop28a == .a)
        #expect(immutable.prop28b == .b)
        #expect(immutable.prop28c == [.a, .b])
        #expect(immutable.prop29a == .a)
        #expect(immutable.prop29b == .b)
        #expect(immutable.prop29c == [.a, .b])
        #expect(immutable.prop30a == .a)
        #expect(immutable.prop30b == .b)
        #expect(immutable.prop30c == [.a, .b])
        #expect(immutable.prop31a == .A)
        #expect(immutable.prop31b == .B)
        #expect(immutable.prop31c == [.A, .B])
        #expect(immutable.prop32[0][0] == "prop32_TRANSFORMED")
        #expect(immutable.prop33?[0][0] == "prop33_TRANSFORMED")
        #expect(immutable.prop34[0][0] == "prop34_TRANSFORMED")
        #expect(immutable.prop35[0][0].base == "prop35")
        #expect(immutable.prop36?[0][0].base == "prop36")
        #expect(immutable.prop37[0][0].base == "prop37")
        #expect(immutable.nonnestedString == "string")
        #expect(immutable.nestedInt == 123)
        #expect(immutable.nestedString == "hello")
        #expect(immutable.nestedArray == ["a", "b", "c"])
        #expect(immutable.nestedDictionary == ["a": 10, "b": 20, "c": 30])
        #expect(immutable.delimiterNestedInt == 123)
        #expect(immutable.delimiterNestedString == "hello")
        #expect(immutable.delimiterNestedArray == ["a", "b", "c"])
        #expect(immutable.delimiterNestedDictionary == ["a": 10, "b": 20, "c": 30])

        let json2: [String: Any] = ["prop1": "prop1", "prop2": NSNull()]
        #expect((try? Struct.decode(from: json2)) == nil)

        let fromObject = try immutable.encodedObject()
        let objectFromJSON = try? Struct.decode(from: fromObject)
        #expect(objectFromJSON != nil)
        if let objectFromJSON { assertImmutableObjectsEqual(objectFromJSON, immutable) }

        // ObjectMapper runs `mapping(map:)` after `init(map:)` when decoding too, so its
        // `prop23 <- map["prop23"]` lines read the `var` properties. Ours runs the body only
        // before encoding: those reads are in `init(map:)` above, and a `<->` line in the body
        // reads nothing.
        struct VarInBody: DynamicImmutableMappable {
            var dynamicSelf: DynamicClass?
            let a: String
            var b: String?
            init(map: DynamicMap) throws { a = try map.value("a") }
            mutating func mapping(_ map: DynamicMap) { b <-> ds.b }
        }
        #expect(try VarInBody.decode(from: ["a": "x", "b": "y"]).b == nil)
    }

    @Test func testMappingFromArray() throws {
        let array = try [Struct].decode(from: JSON(foundationObject: [json]))
        #expect(array.first != nil)
    }

    @Test func testMappingFromDictionary() throws {
        let dictionary = try [String: Struct].decode(from: ["key1": json, "key2": json])
        #expect(dictionary.first != nil)
        #expect(dictionary.count == 2)
        #expect(Set(dictionary.keys) == ["key1", "key2"])
    }

    @Test func testMappingFromDictionary_empty() throws {
        let dictionary = try [String: Struct].decode(from: [String: Any]())
        #expect(dictionary.isEmpty)
    }

    @Test func testMappingFromDictionary_throws() {
        #expect(throws: (any Error).self) {
            try [String: Struct].decode(from: ["key1": json, "key2": ["invalid": "dictionary"]])
        }
    }

    @Test func testMappingFromDictionaryOfArrays() throws {
        let dictionary = try [String: [Struct]].decode(from: ["key1": [json, json], "key2": [json], "key3": [[String: Any]]()])
        #expect(dictionary.first != nil)
        #expect(dictionary.count == 3)
        #expect(Set(dictionary.keys) == ["key1", "key2", "key3"])
        #expect(dictionary["key1"]?.count == 2)
        #expect(dictionary["key2"]?.count == 1)
        #expect(dictionary["key3"]?.count == 0)
    }

    @Test func testMappingFromDictionaryOfArrays_empty() throws {
        let dictionary = try [String: [Struct]].decode(from: [String: Any]())
        #expect(dictionary.isEmpty)
    }

    @Test func testMappingFromDictionaryOfArrays_throws() {
        #expect(throws: (any Error).self) {
            try [String: [Struct]].decode(from: ["key1": [json], "key2": [["invalid": "dictionary"]]])
        }
    }

    @Test func testMappingArrayOfArrays() throws {
        let array = try [[Struct]].decode(from: JSON(foundationObject: [[json, json], [json], [[String: Any]]()]))
        #expect(array.first != nil)
        #expect(array.count == 3)
        #expect(array[0].count == 2)
        #expect(array[1].count == 1)
        #expect(array[2].count == 0)
    }

    @Test func testMappingArrayOfArrays_empty() throws {
        let array = try [[Struct]].decode(from: JSON(foundationObject: [[[String: Any]]]()))
        #expect(array.isEmpty)
    }

    @Test func testMappingArrayOfArrays_throws() {
        #expect(throws: (any Error).self) {
            try [[Struct]].decode(from: JSON(foundationObject: [[json], [["invalid": "dictionary"]]]))
        }
    }

    @Test func testAsPropertyOfMappable() throws {
        struct ImmutableObject: DynamicImmutableMappable {
            var dynamicSelf: DynamicClass?
            let value: String
            init(map: DynamicMap) throws {
                value = try map.value("value")
            }
        }
        struct Object: DynamicMappable {
            var dynamicSelf: DynamicClass?
            var immutable: ImmutableObject!
            mutating func mapping(_ map: DynamicMap) {
                immutable <-> ds.immutable
            }
        }
        let object = try? Object.decode(from: ["immutable": ["value": "Hello"]])
        #expect(object?.immutable?.value == "Hello")
    }

    @Test func testAsPropertyOfOptionalImmutableMappable() throws {
        struct ImmutableObject: DynamicImmutableMappable {
            var dynamicSelf: DynamicClass?
            let value: String?
            init(map: DynamicMap) throws {
                value = try map.value("value")
            }
        }
        enum RawRepresentableEnum: String, Codable {
            case world
        }
        struct Object: DynamicImmutableMappable {
            var dynamicSelf: DynamicClass?
            let immutable: ImmutableObject?
            let enumValue: RawRepresentableEnum?
            init(map: DynamicMap) throws {
                immutable = try map.value("immutable")
                enumValue = try map.value("enum")
            }
        }
        let object = try Object.decode(from: ["immutable": ["value": "Hello"], "enum": "world"])
        #expect(object.immutable?.value == "Hello")
        #expect(object.enumValue == .world)
    }
}
