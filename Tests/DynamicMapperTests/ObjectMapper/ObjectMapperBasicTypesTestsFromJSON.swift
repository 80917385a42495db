import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's BasicTypesTestsFromJSON.swift, ported: its inputs and expectations, our model
// shape (DynamicMappable, one `<->` line per property). `Any` properties are `JSON` here (a
// property must be Codable); `Mapper<T>().map(JSONString:)` is `try? T.decode(from:)`,
// `map(JSON: [String: Any])` is `try? T.decode(from: dictionary)`.

private final class BasicTypes: DynamicMappable {
    enum EnumInt: Int, Codable { case Default, Another }
    enum EnumDouble: Double, Codable { case Default, Another }
    enum EnumFloat: Float, Codable { case Default, Another }
    enum EnumString: String, Codable { case Default, Another }

    var dynamicSelf: DynamicClass?
    var bool: Bool = true
    var boolOptional: Bool?
    var boolImplicityUnwrapped: Bool!
    var int: Int = 0
    var intOptional: Int?
    var intImplicityUnwrapped: Int!
    var int8: Int8 = 0
    var int8Optional: Int8?
    var int8ImplicityUnwrapped: Int8!
    var int16: Int16 = 0
    var int16Optional: Int16?
    var int16ImplicityUnwrapped: Int16!
    var int32: Int32 = 0
    var int32Optional: Int32?
    var int32ImplicityUnwrapped: Int32!
    var int64: Int64 = 0
    var int64Optional: Int64?
    var int64ImplicityUnwrapped: Int64!
    var uint: UInt = 0
    var uintOptional: UInt?
    var uintImplicityUnwrapped: UInt!
    var uint8: UInt8 = 0
    var uint8Optional: UInt8?
    var uint8ImplicityUnwrapped: UInt8!
    var uint16: UInt16 = 0
    var uint16Optional: UInt16?
    var uint16ImplicityUnwrapped: UInt16!
    var uint32: UInt32 = 0
    var uint32Optional: UInt32?
    var uint32ImplicityUnwrapped: UInt32!
    var uint64: UInt64 = 0
    var uint64Optional: UInt64?
    var uint64ImplicityUnwrapped: UInt64!
    var double: Double = 1.1
    var doubleOptional: Double?
    var doubleImplicityUnwrapped: Double!
    var float: Float = 1.11
    var floatOptional: Float?
    var floatImplicityUnwrapped: Float!
    var string: String = ""
    var stringOptional: String?
    var stringImplicityUnwrapped: String!
    var anyObject: JSON = true
    var anyObjectOptional: JSON?
    var anyObjectImplicitlyUnwrapped: JSON!
    var arrayBool: [Bool] = []
    var arrayBoolOptional: [Bool]?
    var arrayBoolImplicityUnwrapped: [Bool]!
    var arrayInt: [Int] = []
    var arrayIntOptional: [Int]?
    var arrayIntImplicityUnwrapped: [Int]!
    var arrayDouble: [Double] = []
    var arrayDoubleOptional: [Double]?
    var arrayDoubleImplicityUnwrapped: [Double]!
    var arrayFloat: [Float] = []
    var arrayFloatOptional: [Float]?
    var arrayFloatImplicityUnwrapped: [Float]!
    var arrayString: [String] = []
    var arrayStringOptional: [String]?
    var arrayStringImplicityUnwrapped: [String]!
    var arrayAnyObject: [JSON] = []
    var arrayAnyObjectOptional: [JSON]?
    var arrayAnyObjectImplicitlyUnwrapped: [JSON]!
    var dictBool: [String: Bool] = [:]
    var dictBoolOptional: [String: Bool]?
    var dictBoolImplicityUnwrapped: [String: Bool]!
    var dictInt: [String: Int] = [:]
    var dictIntOptional: [String: Int]?
    var dictIntImplicityUnwrapped: [String: Int]!
    var dictDouble: [String: Double] = [:]
    var dictDoubleOptional: [String: Double]?
    var dictDoubleImplicityUnwrapped: [String: Double]!
    var dictFloat: [String: Float] = [:]
    var dictFloatOptional: [String: Float]?
    var dictFloatImplicityUnwrapped: [String: Float]!
    var dictString: [String: String] = [:]
    var dictStringOptional: [String: String]?
    var dictStringImplicityUnwrapped: [String: String]!
    var dictAnyObject: [String: JSON] = [:]
    var dictAnyObjectOptional: [String: JSON]?
    var dictAnyObjectImplicitlyUnwrapped: [String: JSON]!
    var enumInt: EnumInt = .Default
    var enumIntOptional: EnumInt?
    var enumIntImplicitlyUnwrapped: EnumInt!
    var enumDouble: EnumDouble = .Default
    var enumDoubleOptional: EnumDouble?
    var enumDoubleImplicitlyUnwrapped: EnumDouble!
    var enumFloat: EnumFloat = .Default
    var enumFloatOptional: EnumFloat?
    var enumFloatImplicitlyUnwrapped: EnumFloat!
    var enumString: EnumString = .Default
    var enumStringOptional: EnumString?
    var enumStringImplicitlyUnwrapped: EnumString!
    var arrayEnumInt: [EnumInt] = []
    var arrayEnumIntOptional: [EnumInt]?
    var arrayEnumIntImplicitlyUnwrapped: [EnumInt]!
    var dictEnumInt: [String: EnumInt] = [:]
    var dictEnumIntOptional: [String: EnumInt]?
    var dictEnumIntImplicitlyUnwrapped: [String: EnumInt]!

    required init() {}

    func mapping(_ map: DynamicMap) {
        bool <-> ds.bool
        boolOptional <-> ds.boolOpt
        boolImplicityUnwrapped <-> ds.boolImp
        int <-> ds.int
        intOptional <-> ds.intOpt
        intImplicityUnwrapped <-> ds.intImp
        int8 <-> ds.int8
        int8Optional <-> ds.int8Opt
        int8ImplicityUnwrapped <-> ds.int8Imp
        int16 <-> ds.int16
        int16Optional <-> ds.int16Opt
        int16ImplicityUnwrapped <-> ds.int16Imp
        int32 <-> ds.int32
        int32Optional <-> ds.int32Opt
        int32ImplicityUnwrapped <-> ds.int32Imp
        int64 <-> ds.int64
        int64Optional <-> ds.int64Opt
        int64ImplicityUnwrapped <-> ds.int64Imp
        uint <-> ds.uint
        uintOptional <-> ds.uintOpt
        uintImplicityUnwrapped <-> ds.uintImp
        uint8 <-> ds.uint8
        uint8Optional <-> ds.uint8Opt
        uint8ImplicityUnwrapped <-> ds.uint8Imp
        uint16 <-> ds.uint16
        uint16Optional <-> ds.uint16Opt
        uint16ImplicityUnwrapped <-> ds.uint16Imp
        uint32 <-> ds.uint32
        uint32Optional <-> ds.uint32Opt
        uint32ImplicityUnwrapped <-> ds.uint32Imp
        uint64 <-> ds.uint64
        uint64Optional <-> ds.uint64Opt
        uint64ImplicityUnwrapped <-> ds.uint64Imp
        double <-> ds.double
        doubleOptional <-> ds.doubleOpt
        doubleImplicityUnwrapped <-> ds.doubleImp
        float <-> ds.float
        floatOptional <-> ds.floatOpt
        floatImplicityUnwrapped <-> ds.floatImp
        string <-> ds.string
        stringOptional <-> ds.stringOpt
        stringImplicityUnwrapped <-> ds.stringImp
        anyObject <-> ds.anyObject
        anyObjectOptional <-> ds.anyObjectOpt
        anyObjectImplicitlyUnwrapped <-> ds.anyObjectImp
        arrayBool <-> ds.arrayBool
        arrayBoolOptional <-> ds.arrayBoolOpt
        arrayBoolImplicityUnwrapped <-> ds.arrayBoolImp
        arrayInt <-> ds.arrayInt
        arrayIntOptional <-> ds.arrayIntOpt
        arrayIntImplicityUnwrapped <-> ds.arrayIntImp
        arrayDouble <-> ds.arrayDouble
        arrayDoubleOptional <-> ds.arrayDoubleOpt
        arrayDoubleImplicityUnwrapped <-> ds.arrayDoubleImp
        arrayFloat <-> ds.arrayFloat
        arrayFloatOptional <-> ds.arrayFloatOpt
        arrayFloatImplicityUnwrapped <-> ds.arrayFloatImp
        arrayString <-> ds.arrayString
        arrayStringOptional <-> ds.arrayStringOpt
        arrayStringImplicityUnwrapped <-> ds.arrayStringImp
        arrayAnyObject <-> ds.arrayAnyObject
        arrayAnyObjectOptional <-> ds.arrayAnyObjectOpt
        arrayAnyObjectImplicitlyUnwrapped <-> ds.arrayAnyObjectImp
        dictBool <-> ds.dictBool
        dictBoolOptional <-> ds.dictBoolOpt
        dictBoolImplicityUnwrapped <-> ds.dictBoolImp
        dictInt <-> ds.dictInt
        dictIntOptional <-> ds.dictIntOpt
        dictIntImplicityUnwrapped <-> ds.dictIntImp
        dictDouble <-> ds.dictDouble
        dictDoubleOptional <-> ds.dictDoubleOpt
        dictDoubleImplicityUnwrapped <-> ds.dictDoubleImp
        dictFloat <-> ds.dictFloat
        dictFloatOptional <-> ds.dictFloatOpt
        dictFloatImplicityUnwrapped <-> ds.dictFloatImp
        dictString <-> ds.dictString
        dictStringOptional <-> ds.dictStringOpt
        dictStringImplicityUnwrapped <-> ds.dictStringImp
        dictAnyObject <-> ds.dictAnyObject
        dictAnyObjectOptional <-> ds.dictAnyObjectOpt
        dictAnyObjectImplicitlyUnwrapped <-> ds.dictAnyObjectImp
        enumInt <-> ds.enumInt
        enumIntOptional <-> ds.enumIntOpt
        enumIntImplicitlyUnwrapped <-> ds.enumIntImp
        enumDouble <-> ds.enumDouble
        enumDoubleOptional <-> ds.enumDoubleOpt
        enumDoubleImplicitlyUnwrapped <-> ds.enumDoubleImp
        enumFloat <-> ds.enumFloat
        enumFloatOptional <-> ds.enumFloatOpt
        enumFloatImplicitlyUnwrapped <-> ds.enumFloatImp
        enumString <-> ds.enumString
        enumStringOptional <-> ds.enumStringOpt
        enumStringImplicitlyUnwrapped <-> ds.enumStringImp
        arrayEnumInt <-> ds.arrayEnumInt
        arrayEnumIntOptional <-> ds.arrayEnumIntOpt
        arrayEnumIntImplicitlyUnwrapped <-> ds.arrayEnumIntImp
        dictEnumInt <-> ds.dictEnumInt
        dictEnumIntOptional <-> ds.dictEnumIntOpt
        dictEnumIntImplicitlyUnwrapped <-> ds.dictEnumIntImp
    }
}

private final class TestCollectionOfPrimitives: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var dictStringString: [String: String] = [:]
    var dictStringInt: [String: Int] = [:]
    var dictStringBool: [String: Bool] = [:]
    var dictStringDouble: [String: Double] = [:]
    var dictStringFloat: [String: Float] = [:]
    var arrayString: [String] = []
    var arrayInt: [Int] = []
    var arrayBool: [Bool] = []
    var arrayDouble: [Double] = []
    var arrayFloat: [Float] = []
    required init() {}

    func mapping(_ map: DynamicMap) {
        dictStringString <-> ds.dictStringString
        dictStringInt <-> ds.dictStringInt
        dictStringBool <-> ds.dictStringBool
        dictStringDouble <-> ds.dictStringDouble
        dictStringFloat <-> ds.dictStringFloat
        arrayString <-> ds.arrayString
        arrayInt <-> ds.arrayInt
        arrayBool <-> ds.arrayBool
        arrayDouble <-> ds.arrayDouble
        arrayFloat <-> ds.arrayFloat
    }
}

private func mapped(_ text: String) -> BasicTypes? {
    try? BasicTypes.decode(from: text)
}

private func mapped(_ object: [String: Any]) -> BasicTypes? {
    try? BasicTypes.decode(from: object)
}

private let integerKeys = ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"]

@Suite("ObjectMapper BasicTypesTestsFromJSON")
struct OMBasicTypesFromJSONTests {
    @Test func testMappingBoolFromJSON() {
        let object = mapped(#"{"bool" : true, "boolOpt" : true, "boolImp" : true}"#)
        #expect(object != nil)
        #expect(object?.bool == true)
        #expect(object?.boolOptional == true)
        #expect(object?.boolImplicityUnwrapped == true)
    }

    /// Each integer property given 123 as each of Swift's integer types in a `[String: Any]`.
    @Test(arguments: [
        Int(123) as any Sendable, Int8(123), Int16(123), Int32(123), Int64(123),
        UInt(123), UInt8(123), UInt16(123), UInt32(123), UInt64(123),
    ])
    func testMappingIntegerFromJSON(value: any Sendable) {
        var json: [String: Any] = [:]
        for key in integerKeys {
            json[key] = value
            json[key + "Opt"] = value
            json[key + "Imp"] = value
        }
        let object = mapped(json)
        #expect(object != nil)
        let values: [Int?] = [
            object.map { Int($0.int) }, object?.intOptional.map { Int($0) }, object?.intImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.int8) }, object?.int8Optional.map { Int($0) }, object?.int8ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.int16) }, object?.int16Optional.map { Int($0) }, object?.int16ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.int32) }, object?.int32Optional.map { Int($0) }, object?.int32ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.int64) }, object?.int64Optional.map { Int($0) }, object?.int64ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.uint) }, object?.uintOptional.map { Int($0) }, object?.uintImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.uint8) }, object?.uint8Optional.map { Int($0) }, object?.uint8ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.uint16) }, object?.uint16Optional.map { Int($0) }, object?.uint16ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.uint32) }, object?.uint32Optional.map { Int($0) }, object?.uint32ImplicityUnwrapped.map { Int($0) },
            object.map { Int($0.uint64) }, object?.uint64Optional.map { Int($0) }, object?.uint64ImplicityUnwrapped.map { Int($0) },
        ]
        #expect(values == Array(repeating: 123, count: 30), "\(type(of: value))")
    }

    @Test func testMappingIntegerWithOverflowFromJSON() {
        var json: [String: Any] = [:]
        for key in integerKeys {
            let value: Any = key.hasPrefix("u") ? UInt.max : Int.max
            json[key] = value
            json[key + "Opt"] = value
            json[key + "Imp"] = value
        }
        let object = mapped(json)
        #expect(object != nil)
        #expect(object?.int == Int.max)
        #expect(object?.intOptional == Int.max)
        #expect(object?.intImplicityUnwrapped == Int.max)
        #expect(object?.int8 == 0)
        #expect(object?.int8Optional == nil)
        #expect(object?.int8ImplicityUnwrapped == nil)
        #expect(object?.int16 == 0)
        #expect(object?.int16Optional == nil)
        #expect(object?.int16ImplicityUnwrapped == nil)
        #expect(object?.int32 == 0)
        #expect(object?.int32Optional == nil)
        #expect(object?.int32ImplicityUnwrapped == nil)
        #expect(object?.int64 == Int64.max)
        #expect(object?.int64Optional == Int64.max)
        #expect(object?.int64ImplicityUnwrapped == Int64.max)
        #expect(object?.uint == UInt.max)
        #expect(object?.uintOptional == UInt.max)
        #expect(object?.uintImplicityUnwrapped == UInt.max)
        #expect(object?.uint8 == 0)
        #expect(object?.uint8Optional == nil)
        #expect(object?.uint8ImplicityUnwrapped == nil)
        #expect(object?.uint16 == 0)
        #expect(object?.uint16Optional == nil)
        #expect(object?.uint16ImplicityUnwrapped == nil)
        #expect(object?.uint32 == 0)
        #expect(object?.uint32Optional == nil)
        #expect(object?.uint32ImplicityUnwrapped == nil)
        #expect(object?.uint64 == UInt64.max)
        #expect(object?.uint64Optional == UInt64.max)
        #expect(object?.uint64ImplicityUnwrapped == UInt64.max)
    }

    @Test func testMappingDoubleFromJSON() {
        let object = mapped(#"{"double" : 11.0, "doubleOpt" : 11.0, "doubleImp" : 11.0}"#)
        #expect(object != nil)
        #expect(object?.double == 11)
        #expect(object?.doubleOptional == 11)
        #expect(object?.doubleImplicityUnwrapped == 11)
    }

    @Test func testMappingFloatFromJSON() {
        let object = mapped(#"{"float" : 11.0, "floatOpt" : 11.0, "floatImp" : 11.0}"#)
        #expect(object != nil)
        #expect(object?.float == 11)
        #expect(object?.floatOptional == 11)
        #expect(object?.floatImplicityUnwrapped == 11)
    }

    @Test func testMappingStringFromJSON() {
        let object = mapped(#"{"string" : "STRINGNGNGG", "stringOpt" : "STRINGNGNGG", "stringImp" : "STRINGNGNGG"}"#)
        #expect(object != nil)
        #expect(object?.string == "STRINGNGNGG")
        #expect(object?.stringOptional == "STRINGNGNGG")
        #expect(object?.stringImplicityUnwrapped == "STRINGNGNGG")
    }

    @Test func testMappingAnyObjectFromJSON() {
        let object = mapped(#"{"anyObject" : "STRING", "anyObjectOpt" : 1234, "anyObjectImp" : 11.11}"#)
        #expect(object != nil)
        #expect(object?.anyObject == "STRING")
        #expect(object?.anyObjectOptional == 1234)
        #expect(object?.anyObjectImplicitlyUnwrapped == 11.11)
    }

    @Test func testMappingStringFromNSStringJSON() {
        let text: NSString = #"{"string" : "STRINGNGNGG", "stringOpt" : "STRINGNGNGG", "stringImp" : "STRINGNGNGG"}"#
        let object = mapped(text as String)
        #expect(object != nil)
        #expect(object?.string == "STRINGNGNGG")
        #expect(object?.stringOptional == "STRINGNGNGG")
        #expect(object?.stringImplicityUnwrapped == "STRINGNGNGG")
    }

    @Test func testMappingBoolArrayFromJSON() {
        let object = mapped(#"{"arrayBool" : [true], "arrayBoolOpt" : [true], "arrayBoolImp" : [true] }"#)
        #expect(object != nil)
        #expect(object?.arrayBool.first == true)
        #expect(object?.arrayBoolOptional?.first == true)
        #expect(object?.arrayBoolImplicityUnwrapped.first == true)
    }

    @Test func testMappingIntArrayFromJSON() {
        let object = mapped(#"{"arrayInt" : [1], "arrayIntOpt" : [1], "arrayIntImp" : [1] }"#)
        #expect(object != nil)
        #expect(object?.arrayInt.first == 1)
        #expect(object?.arrayIntOptional?.first == 1)
        #expect(object?.arrayIntImplicityUnwrapped.first == 1)
    }

    @Test func testMappingDoubleArrayFromJSON() {
        let object = mapped(#"{"arrayDouble" : [1.0], "arrayDoubleOpt" : [1.0], "arrayDoubleImp" : [1.0] }"#)
        #expect(object != nil)
        #expect(object?.arrayDouble.first == 1.0)
        #expect(object?.arrayDoubleOptional?.first == 1.0)
        #expect(object?.arrayDoubleImplicityUnwrapped.first == 1.0)
    }

    @Test func testMappingFloatArrayFromJSON() {
        let value: Float = 1.001
        let object = mapped(#"{"arrayFloat" : [\#(value)], "arrayFloatOpt" : [\#(value)], "arrayFloatImp" : [\#(value)] }"#)
        #expect(object != nil)
        #expect(object?.arrayFloat.first == value)
        #expect(object?.arrayFloatOptional?.first == value)
        #expect(object?.arrayFloatImplicityUnwrapped?.first == value)
    }

    @Test func testMappingStringArrayFromJSON() {
        let object = mapped(#"{"arrayString" : ["Stringgggg"], "arrayStringOpt" : ["Stringgggg"], "arrayStringImp" : ["Stringgggg"] }"#)
        #expect(object != nil)
        #expect(object?.arrayString.first == "Stringgggg")
        #expect(object?.arrayStringOptional?.first == "Stringgggg")
        #expect(object?.arrayStringImplicityUnwrapped.first == "Stringgggg")
    }

    @Test func testMappingAnyObjectArrayFromJSON() {
        let object = mapped(#"{"arrayAnyObject" : ["STRING"], "arrayAnyObjectOpt" : [1234], "arrayAnyObjectImp" : [11.11] }"#)
        #expect(object != nil)
        #expect(object?.arrayAnyObject.first == "STRING")
        #expect(object?.arrayAnyObjectOptional?.first == 1234)
        #expect(object?.arrayAnyObjectImplicitlyUnwrapped.first == 11.11)
    }

    @Test func testMappingBoolDictionaryFromJSON() {
        let object = mapped(#"{"dictBool" : { "key" : true}, "dictBoolOpt" : { "key" : true}, "dictBoolImp" : { "key" : true} }"#)
        #expect(object != nil)
        #expect(object?.dictBool["key"] == true)
        #expect(object?.dictBoolOptional?["key"] == true)
        #expect(object?.dictBoolImplicityUnwrapped["key"] == true)
    }

    @Test func testMappingIntDictionaryFromJSON() {
        let object = mapped(#"{"dictInt" : { "key" : 11}, "dictIntOpt" : { "key" : 11}, "dictIntImp" : { "key" : 11} }"#)
        #expect(object != nil)
        #expect(object?.dictInt["key"] == 11)
        #expect(object?.dictIntOptional?["key"] == 11)
        #expect(object?.dictIntImplicityUnwrapped["key"] == 11)
    }

    @Test func testMappingDoubleDictionaryFromJSON() {
        let object = mapped(#"{"dictDouble" : { "key" : 11.0}, "dictDoubleOpt" : { "key" : 11.0}, "dictDoubleImp" : { "key" : 11.0} }"#)
        #expect(object != nil)
        #expect(object?.dictDouble["key"] == 11)
        #expect(object?.dictDoubleOptional?["key"] == 11)
        #expect(object?.dictDoubleImplicityUnwrapped["key"] == 11)
    }

    @Test func testMappingFloatDictionaryFromJSON() {
        let value: Float = 111.1
        let object = mapped(#"{"dictFloat" : { "key" : \#(value)}, "dictFloatOpt" : { "key" : \#(value)}, "dictFloatImp" : { "key" : \#(value)} }"#)
        #expect(object != nil)
        #expect(object?.dictFloat["key"] == value)
        #expect(object?.dictFloatOptional?["key"] == value)
        #expect(object?.dictFloatImplicityUnwrapped?["key"] == value)
    }

    @Test func testMappingStringDictionaryFromJSON() {
        let object = mapped(#"{"dictString" : { "key" : "value"}, "dictStringOpt" : { "key" : "value"}, "dictStringImp" : { "key" : "value"} }"#)
        #expect(object != nil)
        #expect(object?.dictString["key"] == "value")
        #expect(object?.dictStringOptional?["key"] == "value")
        #expect(object?.dictStringImplicityUnwrapped?["key"] == "value")
    }

    @Test func testMappingAnyObjectDictionaryFromJSON() {
        let object = mapped(#"{"dictAnyObject" : { "key" : "STRING"}, "dictAnyObjectOpt" : { "key" : 1234}, "dictAnyObjectImp" : { "key" : 11.11} }"#)
        #expect(object != nil)
        #expect(object?.dictAnyObject["key"] == "STRING")
        #expect(object?.dictAnyObjectOptional?["key"] == 1234)
        #expect(object?.dictAnyObjectImplicitlyUnwrapped["key"] == 11.11)
    }

    @Test func testMappingIntEnumFromJSON() {
        let object = mapped(#"{"enumInt" : 1, "enumIntOpt" : 1, "enumIntImp" : 1 }"#)
        #expect(object != nil)
        #expect(object?.enumInt == .Another)
        #expect(object?.enumIntOptional == .Another)
        #expect(object?.enumIntImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingIntEnumFromJSONShouldNotCrashWithNonDefinedvalue() {
        let value = Int.min
        let object = mapped(#"{"enumInt" : \#(value), "enumIntOpt" : \#(value), "enumIntImp" : \#(value) }"#)
        #expect(object != nil)
        #expect(object?.enumInt == .Default)
        #expect(object?.enumIntOptional == nil)
        #expect(object?.enumIntImplicitlyUnwrapped == nil)
    }

    @Test func testMappingDoubleEnumFromJSON() {
        let object = mapped(#"{"enumDouble" : 1.0, "enumDoubleOpt" : 1.0, "enumDoubleImp" : 1.0 }"#)
        #expect(object != nil)
        #expect(object?.enumDouble == .Another)
        #expect(object?.enumDoubleOptional == .Another)
        #expect(object?.enumDoubleImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingFloatEnumFromJSON() {
        let object = mapped(#"{"enumFloat" : 1.0, "enumFloatOpt" : 1.0, "enumFloatImp" : 1.0 }"#)
        #expect(object != nil)
        #expect(object?.enumFloat == .Another)
        #expect(object?.enumFloatOptional == .Another)
        #expect(object?.enumFloatImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingStringEnumFromJSON() {
        let object = mapped(#"{"enumString" : "Another", "enumStringOpt" : "Another", "enumStringImp" : "Another" }"#)
        #expect(object != nil)
        #expect(object?.enumString == .Another)
        #expect(object?.enumStringOptional == .Another)
        #expect(object?.enumStringImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingEnumIntArrayFromJSON() {
        let object = mapped(#"{ "arrayEnumInt" : [1], "arrayEnumIntOpt" : [1], "arrayEnumIntImp" : [1] }"#)
        #expect(object != nil)
        #expect(object?.arrayEnumInt.first == .Another)
        #expect(object?.arrayEnumIntOptional?.first == .Another)
        #expect(object?.arrayEnumIntImplicitlyUnwrapped.first == .Another)
    }

    @Test func testMappingEnumIntArrayFromJSONShouldNotCrashWithNonDefinedvalue() {
        let value = Int.min
        let object = mapped(#"{ "arrayEnumInt" : [\#(value)], "arrayEnumIntOpt" : [\#(value)], "arrayEnumIntImp" : [\#(value)] }"#)
        #expect(object != nil)
        #expect(object?.arrayEnumInt.first == nil)
        #expect(object?.arrayEnumIntOptional?.first == nil)
        #expect(object?.arrayEnumIntImplicitlyUnwrapped?.first == nil)
    }

    @Test func testMappingEnumIntDictionaryFromJSON() {
        let object = mapped(#"{ "dictEnumInt" : { "key" : 1 }, "dictEnumIntOpt" : { "key" : 1 }, "dictEnumIntImp" : { "key" : 1 } }"#)
        #expect(object != nil)
        #expect(object?.dictEnumInt["key"] == .Another)
        #expect(object?.dictEnumIntOptional?["key"] == .Another)
        #expect(object?.dictEnumIntImplicitlyUnwrapped["key"] == .Another)
    }

    @Test func testMappingEnumIntDictionaryFromJSONShouldNotCrashWithNonDefinedvalue() {
        let value = Int.min
        let object = mapped(#"{ "dictEnumInt" : { "key" : \#(value) }, "dictEnumIntOpt" : { "key" : \#(value) }, "dictEnumIntImp" : { "key" : \#(value) } }"#)
        #expect(object != nil)
        #expect(object?.dictEnumInt["key"] == nil)
        #expect(object?.dictEnumIntOptional?["key"] == nil)
        #expect(object?.dictEnumIntImplicitlyUnwrapped?["key"] == nil)
    }

    @Test func testObjectModelOptionalDictionnaryOfPrimitives() {
        let json: [String: Any] = [
            "dictStringString": ["string": "string"], "dictStringBool": ["string": false], "dictStringInt": ["string": 1],
            "dictStringDouble": ["string": 1.1], "dictStringFloat": ["string": Float(1.2)],
        ]
        let object = try? TestCollectionOfPrimitives.decode(from: json)
        #expect(object != nil)
        #expect(object?.dictStringString.isEmpty == false)
        #expect(object?.dictStringInt.isEmpty == false)
        #expect(object?.dictStringBool.isEmpty == false)
        #expect(object?.dictStringDouble.isEmpty == false)
        #expect(object?.dictStringFloat.isEmpty == false)
    }
}
