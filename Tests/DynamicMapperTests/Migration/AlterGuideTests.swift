import Foundation
import Testing
import DynamicMapper

// One test per row of "From Alter" and of its "Differences to expect" in
// <doc:MigratingFromKodableAndAlter> (issue 31, items 3 and 6). MappedAlterReadmeTests.swift
// runs the README's examples.

private struct ALUser: MappedCodable, Equatable {
    @Mapped("full_name") var fullName: String = ""
    @Mapped var age: Int = 0
}

private final class ALAccount: MappedCodable {
    @Mapped("account_id") var id: Int = 0
    required init() {}
}

private struct ALTimes: MappedCodable {
    @Mapped("seconds", using: UnixTimeTransformer(unit: .seconds, rounding: .towardZero)) var seconds: Date = .distantPast
    @Mapped("milliseconds", using: UnixTimeTransformer(unit: .milliseconds, rounding: .towardZero)) var milliseconds: Date = .distantPast
    @Mapped("exact", using: UnixTimeTransformer(unit: .milliseconds)) var exact: Date = .distantPast
    @Mapped("list", using: UnixTimeTransformer().array.optional) var list: [Date]? = nil
    @Mapped("holes", using: UnixTimeTransformer().optional.array) var holes: [Date?] = []
}

private struct ALPattern: MappedCodable {
    @Mapped("day", .date(.format("dd-MM-yyyy"))) var day: Date = .distantPast
    @Mapped("data", using: Base64DataTransformer()) var data: Data = Data()
}

private struct ALNumbers: MappedCodable {
    @Mapped var int: Int = 0
    @Mapped var int64: Int64 = 0
    @Mapped var double: Double = 0
    @Mapped var float: Float = 0
    @Mapped("nested.count") var nested: Int = 0
    @Mapped("at", .date(.secondsSince1970)) var at: Date = .distantPast
}

/// Alter's manual mode, with the extra key at a path: `decoder.decode(at:)` and
/// `encoder.encode(_:at:)` work with every coder.
private struct ALManual: MappedCodable, Equatable {
    @Mapped("full_name") var fullName: String = ""
    var avatar: String? = nil

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
        avatar = try decoder.decodeIfPresent(at: "images.avatar")
    }

    func encode(to encoder: any Encoder) throws {
        _ = try encodeMappedProperties(to: encoder)
        try encoder.encodeIfPresent(avatar, at: "images.avatar")
    }
}

private func object(_ text: String) throws -> JSON { try JSON(parsing: Data(text.utf8)) }

@Suite("Migrating from Alter: the guide's rows")
struct AlterGuideTests {
    @Test("Alterable → MappedCodable (classes keep required init()); @Mapped(key:) → @Mapped(\"k\")")
    func models() throws {
        #expect(try ALUser.decode(from: #"{"full_name": "Ada", "age": 36}"#) == ALUser(fullName: "Ada", age: 36))
        #expect(try ALAccount.decode(from: #"{"account_id": 9}"#).id == 9)
    }

    @Test("UnixLongDateAlterer() and (unit: .milisecond) → UnixTimeTransformer with rounding: .towardZero: Alter's truncated numbers")
    func unixLongDate() throws {
        var times = ALTimes()
        let date = Date(timeIntervalSince1970: 1_608_854_400.1236)
        times.seconds = date
        times.milliseconds = date
        times.exact = date
        let written = try object(try times.encodedString())
        #expect(written["seconds"] == 1608854400)
        #expect(written["milliseconds"] == 1608854400123)
        #expect(try UnixTimeTransformer(unit: .milliseconds, rounding: .toNearestOrAwayFromZero).encode(date) == 1608854400124)
        // Without a rounding rule the fraction is written, as nothing is lost.
        guard case .number(let exact)? = written["exact"] else { Issue.record("expected a number"); return }
        #expect(exact.literal.hasPrefix("1608854400123.6"))
    }

    @Test(".forArray.forOptional → .array.optional; .forOptional.forArray → .optional.array")
    func combinators() throws {
        let times = try ALTimes.decode(from: #"{"seconds": 0, "milliseconds": 0, "exact": 0, "list": [1, 2], "holes": [1, null]}"#)
        #expect(times.list == [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)])
        #expect(times.holes == [Date(timeIntervalSince1970: 1), nil])
    }

    @Test("StringDateAlterer(pattern:) → .date(.format(p)) in UTC; Base64DataAlterer → Base64DataTransformer")
    func patternAndBase64() throws {
        let model = try ALPattern.decode(from: #"{"day": "25-12-2020", "data": "aGk="}"#)
        #expect(model.day == Date(timeIntervalSince1970: 1_608_854_400))
        #expect(model.data == Data("hi".utf8))
    }

    @Test("$property → try transformer.encode(property)")
    func projected() throws {
        #expect(try Base64DataTransformer().encode(Data("hi".utf8)) == "aGk=")
    }

    @Test("toJSON() → encodedObject(): the casts that work")
    func toJSON() throws {
        var numbers = ALNumbers()
        numbers.int = 1
        numbers.int64 = 2
        numbers.double = 2.5
        numbers.float = 0.5
        numbers.nested = 3
        numbers.at = Date(timeIntervalSince1970: 7)
        let object = try numbers.encodedObject()
        #expect(object["int"] as? Int == 1)
        #expect(object["int64"] as? Int64 == 2)
        #expect(object["double"] as? Double == 2.5)
        #expect(object["float"] as? Float == 0.5)
        #expect((object["nested"] as? [String: Any])?["count"] as? Int == 3)
        // A number the model did not write itself (a date written as one) is some integer type.
        #expect((object["at"] as? any BinaryInteger).map { Int($0) } == 7)
    }

    @Test("toJSONString(), toJSONData(), .from(json:|jsonString:|jsonData:)")
    func conversions() throws {
        let user = ALUser(fullName: "Ada", age: 36)
        #expect(try user.encodedString() == #"{"full_name":"Ada","age":36}"#)
        #expect(try user.encodedString(prettyPrinted: true).contains("\n"))
        #expect(try ALUser.decode(from: user.encodedData()) == user)
        #expect(try ALUser.decode(from: user.encodedObject()) == user)
        #expect(try ALUser.decode(from: #"{"full_name":"Ada","age":36}"#) == user)
    }

    @Test("manual mode: init(mappedFrom:), encodeMappedProperties(to:), and paths at(…) with any coder")
    func manualMode() throws {
        var model = ALManual()
        model.fullName = "Ada"
        model.avatar = "a.png"
        for encoder in [JSONEncoder(), DynamicJSONEncoder()] {
            encoder.outputFormatting = .sortedKeys
            let data = try encoder.encode(model)
            #expect(String(decoding: data, as: UTF8.self) == #"{"full_name":"Ada","images":{"avatar":"a.png"}}"#)
            #expect(try JSONDecoder().decode(ALManual.self, from: data) == model)
            #expect(try DynamicJSONDecoder().decode(ALManual.self, from: data) == model)
        }
    }

    @Test("model[mappedKey:] reads; setValue(_:forMappedKey:) writes the property's own type")
    func mappedKey() throws {
        var user = ALUser(fullName: "Ada", age: 36)
        #expect(user[mappedKey: "full_name"] as? String == "Ada")
        try user.setValue("Grace", forMappedKey: "full_name")
        #expect(user.fullName == "Grace")
        #expect(throws: MappedKeyError.self) { try user.setValue(1, forMappedKey: "full_name") }
    }

    @Test("difference: an initial value is not a default")
    func initialValue() throws {
        let error = #expect(throws: DecodingError.self) { try ALUser.decode(from: #"{"full_name": "Ada"}"#) }
        guard case .keyNotFound(let key, _)? = error else { Issue.record("expected keyNotFound"); return }
        #expect(key.stringValue == "age")
    }

    @Test("difference: StringDateAlterer used the device's zone; pass one to get that")
    func deviceZone() throws {
        let warsaw = try #require(TimeZone(identifier: "Europe/Warsaw"))
        #expect(try DateFormatTransformer(format: "dd-MM-yyyy", timeZone: warsaw).decode("25-12-2020") == Date(timeIntervalSince1970: 1_608_850_800))
    }
}
