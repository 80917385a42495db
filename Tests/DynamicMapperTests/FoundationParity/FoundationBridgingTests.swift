import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `[String: Any]` bridging (issue 28, item 7): every integer type stays a number in
// `JSON(foundationObject:)`, and `encodedObject()` hands back the model's own Swift types.

private struct FBScalars: Codable {
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var int: Int
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
    var uint: UInt
    var float: Float
    var double: Double
    var flag: Bool
    var text: String
    var decimal: Decimal
    var floats: [Float]
    var nested: FBNested?
}

private struct FBNested: Codable {
    var ratio: Float
    var total: Double
}

private struct FBMappable: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var level: Float = 0
    var total: Double = 0
    var code: Int8 = 0
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        level <-> ds.stats.level
        total <-> ds.stats.total
        code <-> ds.code
    }
}

private func fbRandomScalars(_ random: inout SeededRandom) -> FBScalars {
    let doubles: [Double] = [3, -0.5, 1e21, 123.456, Double(Int.random(in: -1_000_000...1_000_000, using: &random))]
    let decimals = ["0.1", "123456789012345678901234567890", "-7", "19.99"]
    return FBScalars(
        i8: .random(in: .min ... .max, using: &random), i16: .random(in: .min ... .max, using: &random),
        i32: .random(in: .min ... .max, using: &random), i64: .random(in: .min ... .max, using: &random),
        int: .random(in: .min ... .max, using: &random), u8: .random(in: .min ... .max, using: &random),
        u16: .random(in: .min ... .max, using: &random), u32: .random(in: .min ... .max, using: &random),
        u64: .random(in: .min ... .max, using: &random), uint: .random(in: .min ... .max, using: &random),
        float: Bool.random(using: &random) ? Float(Int.random(in: -100...100, using: &random)) : .random(in: -1e6...1e6, using: &random),
        double: Bool.random(using: &random) ? (doubles.randomElement(using: &random) ?? 0) : .random(in: -1e9...1e9, using: &random),
        flag: .random(using: &random), text: "t\(Int.random(in: 0...9, using: &random))",
        decimal: Decimal(string: decimals.randomElement(using: &random) ?? "0", locale: Locale(identifier: "en_US_POSIX")) ?? 0,
        floats: (0..<Int.random(in: 0...3, using: &random)).map { _ in Float(Int.random(in: 0...8, using: &random)) / 4 },
        nested: Bool.random(using: &random) ? FBNested(ratio: 0.1, total: Double(Int.random(in: 0...9, using: &random))) : nil)
}

@Suite("[String: Any] bridging keeps numbers numbers and Swift types Swift types")
struct FoundationBridgingTests {
    @Test("JSON(foundationObject:): every integer type, and NSNumber(value: Int8), is a number; Bool is a Boolean")
    func integersAreNumbers() throws {
        let object: [String: Any] = [
            "i8": Int8(123), "i16": Int16(-5), "i32": Int32(7), "i64": Int64.min, "int": 1,
            "u8": UInt8(1), "u16": UInt16(65535), "u32": UInt32.max, "u64": UInt64.max, "uint": UInt(0),
            "ns8": NSNumber(value: Int8(123)), "ns8one": NSNumber(value: Int8(1)), "nsu8": NSNumber(value: UInt8(200)),
            "nsShort": NSNumber(value: Int16(-2)), "nsDouble": NSNumber(value: 2.5),
            "decimalNumber": NSDecimalNumber(string: "0.1"),
            "true": true, "nsTrue": NSNumber(value: true), "nsFalse": NSNumber(value: false),
        ]
        let json = try JSON(foundationObject: object)
        let expected = try JSON(
            parsing: #"""
                {"decimalNumber":0.1,"i16":-5,"i32":7,"i64":-9223372036854775808,"i8":123,"int":1,
                 "ns8":123,"ns8one":1,"nsDouble":2.5,"nsFalse":false,"nsShort":-2,"nsTrue":true,"nsu8":200,
                 "true":true,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"u8":1,"uint":0}
                """#)
        for key in object.keys {
            #expect(json[key] == expected[key], "\(key)")
        }
        #expect(try JSON(foundationObject: ["v": Int8(123)]) == ["v": 123])
    }

    @Test("JSONSerialization's Booleans stay Booleans and its numbers numbers")
    func serializationObjects() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(#"{"a":true,"b":1,"c":0,"d":false,"e":1.5}"#.utf8))
        #expect(try JSON(foundationObject: parsed) == ["a": true, "b": 1, "c": 0, "d": false, "e": 1.5])
    }

    @Test("decode(from: [String: Any]) reads an Int8 as a number")
    func decodeFromObject() throws {
        struct Holder: Decodable { var v: Int }
        #expect(try Holder.decode(from: ["v": Int8(123)]).v == 123)
        #expect(try Holder.decode(from: ["v": NSNumber(value: Int8(1))]).v == 1)
    }

    @Test("encodedObject(): a Float reads back as? Float, a whole Double as? Double, each integer as its own type")
    func ownTypes() throws {
        let model = FBScalars(
            i8: 123, i16: 2, i32: 3, i64: 4, int: 5, u8: 6, u16: 7, u32: 8, u64: UInt64.max, uint: 9,
            float: 0.1, double: 3, flag: true, text: "x",
            decimal: Decimal(string: "0.1", locale: Locale(identifier: "en_US_POSIX")) ?? 0,
            floats: [0.5, 2], nested: FBNested(ratio: 0.25, total: 10))
        let object = try model.encodedObject()
        #expect(object["float"] as? Float == 0.1)
        #expect(object["double"] as? Double == 3)
        #expect(object["i8"] as? Int8 == 123)
        #expect(object["u64"] as? UInt64 == .max)
        #expect(object["flag"] as? Bool == true)
        #expect(object["decimal"] as? Decimal == model.decimal)
        #expect((object["floats"] as? [Any])?.compactMap { $0 as? Float } == [0.5, 2])
        let nested = object["nested"] as? [String: Any]
        #expect(nested?["ratio"] as? Float == 0.25 && nested?["total"] as? Double == 10)
    }

    @Test("encodedObject() of a mappable model: <-> writes come back as their types; kept document numbers by their literal")
    func mappable() throws {
        var model = try DynamicJSONDecoder().decode(FBMappable.self, from: Data(#"{"stats":{"level":0.5,"total":3,"hits":12},"code":1}"#.utf8))
        model.total = 4
        let object = try model.encodedObject()
        let stats = object["stats"] as? [String: Any]
        #expect(stats?["level"] as? Float == 0.5)
        #expect(stats?["total"] as? Double == 4)
        #expect(stats?["hits"] as? Int == 12)
        #expect(object["code"] as? Int8 == 1)
    }

    @Test("random models: every property reads back as its own Swift type and value", arguments: 1...5)
    func randomModels(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        for _ in 0..<100 {
            let model = fbRandomScalars(&random)
            let object = try model.encodedObject()
            #expect(object["i8"] as? Int8 == model.i8)
            #expect(object["i16"] as? Int16 == model.i16)
            #expect(object["i32"] as? Int32 == model.i32)
            #expect(object["i64"] as? Int64 == model.i64)
            #expect(object["int"] as? Int == model.int)
            #expect(object["u8"] as? UInt8 == model.u8)
            #expect(object["u16"] as? UInt16 == model.u16)
            #expect(object["u32"] as? UInt32 == model.u32)
            #expect(object["u64"] as? UInt64 == model.u64)
            #expect(object["uint"] as? UInt == model.uint)
            #expect(object["float"] as? Float == model.float, "\(model.float)")
            #expect(object["double"] as? Double == model.double, "\(model.double)")
            #expect(object["flag"] as? Bool == model.flag)
            #expect(object["text"] as? String == model.text)
            #expect(object["decimal"] as? Decimal == model.decimal)
            #expect((object["floats"] as? [Any])?.compactMap { $0 as? Float } == model.floats)
            if let nested = model.nested {
                let written = object["nested"] as? [String: Any]
                #expect(written?["ratio"] as? Float == nested.ratio && written?["total"] as? Double == nested.total)
            } else {
                #expect(object["nested"] == nil)
            }
            // The object bridges back to the same model.
            let back = try FBScalars.decode(from: object)
            #expect(back.i8 == model.i8 && back.u64 == model.u64 && back.float == model.float && back.double == model.double && back.decimal == model.decimal)
        }
    }
}
