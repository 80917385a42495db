import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's BasicTypesTestsToJSON.swift, ported: its inputs and expectations, our model
// shape. `Mapper().toJSONString(object, prettyPrint: true)` is `object.encodedString(prettyPrinted: true)`,
// `Mapper().toJSON(object)` is `object.encodedObject()`. `Any` properties are `JSON`.

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
    required init() {}

    func mapping(_ map: DynamicMap) {
        dictStringString <-> ds.dictStringString
        dictStringInt <-> ds.dictStringInt
        dictStringBool <-> ds.dictStringBool
        dictStringDouble <-> ds.dictStringDouble
        dictStringFloat <-> ds.dictStringFloat
    }
}

/// ObjectMapper's `mapper.map(JSONString: Mapper().toJSONString(object, prettyPrint: true)!)`.
private func roundTrip(_ object: BasicTypes) throws -> BasicTypes? {
    let text = try object.encodedString(prettyPrinted: true)
    return try? BasicTypes.decode(from: text)
}

@Suite("ObjectMapper BasicTypesTestsToJSON")
struct OMBasicTypesToJSONTests {
    /// `Mapper<T>(shouldIncludeNilValues: true).toJSONString(object, prettyPrint: true)`:
    /// `encodedString(prettyPrinted: true, using: encoder)` with `encoder.includesNilValues`.
    @Test func testShouldIncludeNilValues() throws {
        let object = BasicTypes()
        let withNilEncoder = DynamicJSONEncoder()
        withNilEncoder.includesNilValues = true
        let withNil = try object.encodedString(prettyPrinted: true, using: withNilEncoder)
        let withoutNil = try object.encodedString(prettyPrinted: true, using: DynamicJSONEncoder())
        #expect(withNil.count > 5)
        #expect(withNil.count != withoutNil.count)

        // The encoder itself, pretty-printing, writes the nil optionals as null.
        withNilEncoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let direct = String(decoding: try withNilEncoder.encode(object), as: UTF8.self)
        #expect(direct.count > 5)
        #expect(direct.count != withoutNil.count)
        #expect(direct.contains(#""boolOpt" : null"#))
    }

    @Test func testMappingBoolToJSON() throws {
        let object = BasicTypes()
        object.bool = true
        object.boolOptional = true
        object.boolImplicityUnwrapped = true
        let parsed = try roundTrip(object)
        #expect(parsed != nil)
        #expect(parsed?.bool == true)
        #expect(parsed?.boolOptional == true)
        #expect(parsed?.boolImplicityUnwrapped == true)
    }

    @Test func testMappingIntegerToJSON() throws {
        let object = BasicTypes()
        object.int = 123; object.intOptional = 123; object.intImplicityUnwrapped = 123
        object.int8 = 123; object.int8Optional = 123; object.int8ImplicityUnwrapped = 123
        object.int16 = 123; object.int16Optional = 123; object.int16ImplicityUnwrapped = 123
        object.int32 = 123; object.int32Optional = 123; object.int32ImplicityUnwrapped = 123
        object.int64 = 123; object.int64Optional = 123; object.int64ImplicityUnwrapped = 123
        object.uint = 123; object.uintOptional = 123; object.uintImplicityUnwrapped = 123
        object.uint8 = 123; object.uint8Optional = 123; object.uint8ImplicityUnwrapped = 123
        object.uint16 = 123; object.uint16Optional = 123; object.uint16ImplicityUnwrapped = 123
        object.uint32 = 123; object.uint32Optional = 123; object.uint32ImplicityUnwrapped = 123
        object.uint64 = 123; object.uint64Optional = 123; object.uint64ImplicityUnwrapped = 123
        let parsed = try roundTrip(object)
        #expect(parsed != nil)
        #expect(parsed?.int == 123); #expect(parsed?.intOptional == 123); #expect(parsed?.intImplicityUnwrapped == 123)
        #expect(parsed?.int8 == 123); #expect(parsed?.int8Optional == 123); #expect(parsed?.int8ImplicityUnwrapped == 123)
        #expect(parsed?.int16 == 123); #expect(parsed?.int16Optional == 123); #expect(parsed?.int16ImplicityUnwrapped == 123)
        #expect(parsed?.int32 == 123); #expect(parsed?.int32Optional == 123); #expect(parsed?.int32ImplicityUnwrapped == 123)
        #expect(parsed?.int64 == 123); #expect(parsed?.int64Optional == 123); #expect(parsed?.int64ImplicityUnwrapped == 123)
        #expect(parsed?.uint == 123); #expect(parsed?.uintOptional == 123); #expect(parsed?.uintImplicityUnwrapped == 123)
        #expect(parsed?.uint8 == 123); #expect(parsed?.uint8Optional == 123); #expect(parsed?.uint8ImplicityUnwrapped == 123)
        #expect(parsed?.uint16 == 123); #expect(parsed?.uint16Optional == 123); #expect(parsed?.uint16ImplicityUnwrapped == 123)
        #expect(parsed?.uint32 == 123); #expect(parsed?.uint32Optional == 123); #expect(parsed?.uint32ImplicityUnwrapped == 123)
        #expect(parsed?.uint64 == 123); #expect(parsed?.uint64Optional == 123); #expect(parsed?.uint64ImplicityUnwrapped == 123)
    }

    @Test func testMappingDoubleToJSON() throws {
        let object = BasicTypes()
        object.double = 11; object.doubleOptional = 11; object.doubleImplicityUnwrapped = 11
        let parsed = try roundTrip(object)
        #expect(parsed?.double == 11)
        #expect(parsed?.doubleOptional == 11)
        #expect(parsed?.doubleImplicityUnwrapped == 11)
    }

    @Test func testMappingFloatToJSON() throws {
        let object = BasicTypes()
        object.float = 11; object.floatOptional = 11; object.floatImplicityUnwrapped = 11
        let parsed = try roundTrip(object)
        #expect(parsed?.float == 11)
        #expect(parsed?.floatOptional == 11)
        #expect(parsed?.floatImplicityUnwrapped == 11)
    }

    @Test func testMappingStringToJSON() throws {
        let object = BasicTypes()
        object.string = "STRINGNGNGG"; object.stringOptional = "STRINGNGNGG"; object.stringImplicityUnwrapped = "STRINGNGNGG"
        let parsed = try roundTrip(object)
        #expect(parsed?.string == "STRINGNGNGG")
        #expect(parsed?.stringOptional == "STRINGNGNGG")
        #expect(parsed?.stringImplicityUnwrapped == "STRINGNGNGG")
    }

    @Test func testMappingAnyObjectToJSON() throws {
        let object = BasicTypes()
        object.anyObject = "STRINGNGNGG"; object.anyObjectOptional = "STRINGNGNGG"; object.anyObjectImplicitlyUnwrapped = "STRINGNGNGG"
        let parsed = try roundTrip(object)
        #expect(parsed?.anyObject == "STRINGNGNGG")
        #expect(parsed?.anyObjectOptional == "STRINGNGNGG")
        #expect(parsed?.anyObjectImplicitlyUnwrapped == "STRINGNGNGG")
    }

    @Test func testMappingEmptyArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayBool = []; object.arrayBoolOptional = []; object.arrayBoolImplicityUnwrapped = []
        let parsed = try #require(try roundTrip(object))
        #expect(parsed.arrayBool == [])
        #expect(parsed.arrayBoolOptional == [])
        #expect(parsed.arrayBoolImplicityUnwrapped == [])
    }

    @Test func testMappingBoolArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayBool = [true]; object.arrayBoolOptional = [true]; object.arrayBoolImplicityUnwrapped = [true]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayBool.first == true)
        #expect(parsed?.arrayBoolOptional?.first == true)
        #expect(parsed?.arrayBoolImplicityUnwrapped.first == true)
    }

    @Test func testMappingIntArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayInt = [1]; object.arrayIntOptional = [1]; object.arrayIntImplicityUnwrapped = [1]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayInt.first == 1)
        #expect(parsed?.arrayIntOptional?.first == 1)
        #expect(parsed?.arrayIntImplicityUnwrapped.first == 1)
    }

    @Test func testMappingDoubleArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayDouble = [1.0]; object.arrayDoubleOptional = [1.0]; object.arrayDoubleImplicityUnwrapped = [1.0]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayDouble.first == 1.0)
        #expect(parsed?.arrayDoubleOptional?.first == 1.0)
        #expect(parsed?.arrayDoubleImplicityUnwrapped.first == 1.0)
    }

    @Test func testMappingFloatArrayToJSON() throws {
        let value: Float = 1.001
        let object = BasicTypes()
        object.arrayFloat = [value]; object.arrayFloatOptional = [value]; object.arrayFloatImplicityUnwrapped = [value]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayFloat.first == value)
        #expect(parsed?.arrayFloatOptional?.first == value)
        #expect(parsed?.arrayFloatImplicityUnwrapped.first == value)
    }

    @Test func testMappingStringArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayString = ["Stringgggg"]; object.arrayStringOptional = ["Stringgggg"]; object.arrayStringImplicityUnwrapped = ["Stringgggg"]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayString.first == "Stringgggg")
        #expect(parsed?.arrayStringOptional?.first == "Stringgggg")
        #expect(parsed?.arrayStringImplicityUnwrapped.first == "Stringgggg")
    }

    @Test func testMappingAnyObjectArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayAnyObject = ["Stringgggg"]; object.arrayAnyObjectOptional = ["Stringgggg"]; object.arrayAnyObjectImplicitlyUnwrapped = ["Stringgggg"]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayAnyObject.first == "Stringgggg")
        #expect(parsed?.arrayAnyObjectOptional?.first == "Stringgggg")
        #expect(parsed?.arrayAnyObjectImplicitlyUnwrapped.first == "Stringgggg")
    }

    @Test func testMappingEmptyDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictBool = [:]; object.dictBoolOptional = [:]; object.dictBoolImplicityUnwrapped = [:]
        let parsed = try #require(try roundTrip(object))
        #expect(parsed.dictBool == [:])
        #expect(parsed.dictBoolOptional == [:])
        #expect(parsed.dictBoolImplicityUnwrapped == [:])
    }

    @Test func testMappingBoolDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictBool = ["key": true]; object.dictBoolOptional = ["key": true]; object.dictBoolImplicityUnwrapped = ["key": true]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictBool["key"] == true)
        #expect(parsed?.dictBoolOptional?["key"] == true)
        #expect(parsed?.dictBoolImplicityUnwrapped["key"] == true)
    }

    @Test func testMappingIntDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictInt = ["key": 11]; object.dictIntOptional = ["key": 11]; object.dictIntImplicityUnwrapped = ["key": 11]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictInt["key"] == 11)
        #expect(parsed?.dictIntOptional?["key"] == 11)
        #expect(parsed?.dictIntImplicityUnwrapped["key"] == 11)
    }

    @Test func testMappingDoubleDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictDouble = ["key": 11]; object.dictDoubleOptional = ["key": 11]; object.dictDoubleImplicityUnwrapped = ["key": 11]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictDouble["key"] == 11)
        #expect(parsed?.dictDoubleOptional?["key"] == 11)
        #expect(parsed?.dictDoubleImplicityUnwrapped["key"] == 11)
    }

    @Test func testMappingFloatDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictFloat = ["key": 11]; object.dictFloatOptional = ["key": 11]; object.dictFloatImplicityUnwrapped = ["key": 11]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictFloat["key"] == 11)
        #expect(parsed?.dictFloatOptional?["key"] == 11)
        #expect(parsed?.dictFloatImplicityUnwrapped["key"] == 11)
    }

    @Test func testMappingStringDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictString = ["key": "value"]; object.dictStringOptional = ["key": "value"]; object.dictStringImplicityUnwrapped = ["key": "value"]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictString["key"] == "value")
        #expect(parsed?.dictStringOptional?["key"] == "value")
        #expect(parsed?.dictStringImplicityUnwrapped["key"] == "value")
    }

    @Test func testMappingAnyObjectDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictAnyObject = ["key": "value"]; object.dictAnyObjectOptional = ["key": "value"]; object.dictAnyObjectImplicitlyUnwrapped = ["key": "value"]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictAnyObject["key"] == "value")
        #expect(parsed?.dictAnyObjectOptional?["key"] == "value")
        #expect(parsed?.dictAnyObjectImplicitlyUnwrapped["key"] == "value")
    }

    @Test func testMappingIntEnumToJSON() throws {
        let object = BasicTypes()
        object.enumInt = .Another; object.enumIntOptional = .Another; object.enumIntImplicitlyUnwrapped = .Another
        let parsed = try roundTrip(object)
        #expect(parsed?.enumInt == .Another)
        #expect(parsed?.enumIntOptional == .Another)
        #expect(parsed?.enumIntImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingDoubleEnumToJSON() throws {
        let object = BasicTypes()
        object.enumDouble = .Another; object.enumDoubleOptional = .Another; object.enumDoubleImplicitlyUnwrapped = .Another
        let parsed = try roundTrip(object)
        #expect(parsed?.enumDouble == .Another)
        #expect(parsed?.enumDoubleOptional == .Another)
        #expect(parsed?.enumDoubleImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingFloatEnumToJSON() throws {
        let object = BasicTypes()
        object.enumFloat = .Another; object.enumFloatOptional = .Another; object.enumFloatImplicitlyUnwrapped = .Another
        let parsed = try roundTrip(object)
        #expect(parsed?.enumFloat == .Another)
        #expect(parsed?.enumFloatOptional == .Another)
        #expect(parsed?.enumFloatImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingStringEnumToJSON() throws {
        let object = BasicTypes()
        object.enumString = .Another; object.enumStringOptional = .Another; object.enumStringImplicitlyUnwrapped = .Another
        let parsed = try roundTrip(object)
        #expect(parsed?.enumString == .Another)
        #expect(parsed?.enumStringOptional == .Another)
        #expect(parsed?.enumStringImplicitlyUnwrapped == .Another)
    }

    @Test func testMappingEnumIntArrayToJSON() throws {
        let object = BasicTypes()
        object.arrayEnumInt = [.Another]; object.arrayEnumIntOptional = [.Another]; object.arrayEnumIntImplicitlyUnwrapped = [.Another]
        let parsed = try roundTrip(object)
        #expect(parsed?.arrayEnumInt.first == .Another)
        #expect(parsed?.arrayEnumIntOptional?.first == .Another)
        #expect(parsed?.arrayEnumIntImplicitlyUnwrapped.first == .Another)
    }

    @Test func testMappingEnumIntDictionaryToJSON() throws {
        let object = BasicTypes()
        object.dictEnumInt = ["key": .Another]; object.dictEnumIntOptional = ["key": .Another]; object.dictEnumIntImplicitlyUnwrapped = ["key": .Another]
        let parsed = try roundTrip(object)
        #expect(parsed?.dictEnumInt["key"] == .Another)
        #expect(parsed?.dictEnumIntOptional?["key"] == .Another)
        #expect(parsed?.dictEnumIntImplicitlyUnwrapped["key"] == .Another)
    }

    @Test func testObjectToModelDictionnaryOfPrimitives() throws {
        let object = TestCollectionOfPrimitives()
        object.dictStringString = ["string": "string"]
        object.dictStringBool = ["string": false]
        object.dictStringInt = ["string": 1]
        object.dictStringDouble = ["string": 1.2]
        object.dictStringFloat = ["string": 1.3]
        let json = try object.encodedObject()
        #expect(((json["dictStringString"] as? [String: String])?.count ?? 0) > 0)
        #expect(((json["dictStringBool"] as? [String: Bool])?.count ?? 0) > 0)
        #expect(((json["dictStringInt"] as? [String: Int])?.count ?? 0) > 0)
        #expect(((json["dictStringDouble"] as? [String: Double])?.count ?? 0) > 0)
        #expect((json["dictStringString"] as? [String: String])?["string"] == "string")
        #expect(((json["dictStringFloat"] as? [String: Float])?.count ?? 0) > 0)
    }
}
