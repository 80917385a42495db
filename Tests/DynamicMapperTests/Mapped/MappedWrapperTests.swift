import Testing
import Foundation
import DynamicMapper

// Behaviour of `@Mapped` beyond the two READMEs: coders, errors, options, value semantics,
// concurrency and classes. File-scope types carry an `MW` prefix.

private struct MWAddress: MappedCodable, Equatable {
    @Mapped("zip_code") var zip: String
    @Mapped var city: String?
}

private struct MWPerson: MappedCodable, Equatable {
    @Mapped var name: String
    @Mapped("address.zipCode") var zipCode: Int
    @Mapped("home") var address: MWAddress?
    @Mapped("tags", .lossy) var tags: [Int]?
}

private struct MWOptions: MappedCodable {
    @Mapped(default: 10, .nullIsMissing) var limit: Int
    @Mapped(default: 1, .lossy) var page: Int
    @Mapped(default: "none") var mode: String
    @Mapped var note: String?
    @Mapped(.lossy) var level: Int?
}

private struct MWLossless: MappedCodable {
    @Mapped var count: Int
    @Mapped var ratio: Double
    @Mapped var big: UInt8?
    @Mapped var label: String
    @Mapped var flag: Bool
    @Mapped var text: String?
}

private struct MWDates: MappedCodable {
    @Mapped(.date(.millisecondsSince1970)) var millis: Date
    @Mapped(.date(.secondsSince1970)) var seconds: Date
    @Mapped(.date(.iso8601WithMilliseconds)) var precise: Date
    @Mapped(.date(.iso8601)) var missing: Date?
}

private struct MWCustomDate: MappedCodable {
    @Mapped(.date(.custom(DateFormatTransformer(format: "dd.MM.yyyy")))) var day: Date
    @Mapped(.date(.rfc3339)) var stamp: Date?
}

private struct MWCustomKey: MappedCodable, Equatable, Hashable {
    @Mapped("first_name") var firstName: String
}

private struct MWSameName: MappedCodable, Equatable {
    @Mapped var firstName: String
    @Mapped(default: "x") var other: String
    @Mapped var nickname: String?
}

private struct MWIndexPath: MappedCodable {
    @Mapped("items[1].id") var secondID: Int
}

private struct MWDynamicMapped: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped("user_name") var userName: String
    @Mapped("profile.age") var age: Int
}

/// A model type used only by the concurrency test, so that its first use happens there.
private struct MWConcurrentFirstUse: MappedCodable {
    @Mapped("a.b") var value: Int
    @Mapped(default: "d") var text: String
}

private class MWPersonClass: MappedCodable {
    @Mapped("full_name") var name: String

    required init() {}
}

private final class MWEmployee: MWPersonClass {
    @Mapped("employee_id") var employeeID: Int
    @Mapped(default: "staff") var role: String

    required init() { super.init() }

    required convenience init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        _ = try encodeMappedProperties(to: encoder)
    }
}

private func mwText<T: Encodable>(_ value: T, _ encoder: JSONEncoder = DynamicJSONEncoder()) throws -> String {
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func mwPath(_ path: [any CodingKey]) -> String {
    Path(codingPath: path).description
}

@Suite("@Mapped behaviour")
struct MappedWrapperTests {
    // MARK: Keys, paths, nesting

    @Test func nestedMappedModelsAndErrorPaths() throws {
        let json = #"[{"name": "Ada", "address": {"zipCode": 1}, "home": {"zip_code": "00-950"}}, {"name": "Bob", "address": {"zipCode": "x"}}]"#
        #expect {
            try [MWPerson].decode(from: json)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return mwPath(context.codingPath) == "[1].address.zipCode"
        }
        let people = try [MWPerson].decode(
            from: #"[{"name": "Ada", "address": {"zipCode": 1}, "home": {"zip_code": "00-950", "city": "Warsaw"}, "tags": [1, "2", "x", 3]}]"#)
        #expect(people[0].address == MWAddress.decodeAddress(zip: "00-950", city: "Warsaw"))
        #expect(people[0].tags == [1, 3])
        #expect(try mwText(people[0]) == #"{"address":{"zipCode":1},"home":{"city":"Warsaw","zip_code":"00-950"},"name":"Ada","tags":[1,3]}"#)
    }

    @Test func missingNestedModelKeyNamesTheWholePath() {
        #expect {
            try MWPerson.decode(from: #"{"name": "Ada", "address": {"zipCode": 1}, "home": {"city": "Warsaw"}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "zip_code" && mwPath(context.codingPath) == "home"
        }
    }

    @Test func pathsWithIndexesDecodeAndEncode() throws {
        let model = try MWIndexPath.decode(from: #"{"items": [{"id": 1}, {"id": 2}]}"#)
        #expect(model.secondID == 2)
        // Encoding makes the array as a `ds` write does, padded with null (EncodeAtPathTests).
        #expect(String(decoding: try model.encodedData(), as: UTF8.self) == #"{"items":[null,{"id":2}]}"#)
    }

    @Test func keyStrategiesNameTheConvertedKeys() throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let model = try MWSameName.decode(from: #"{"first_name": "Ada"}"#, using: decoder)
        #expect(model.firstName == "Ada")
        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try mwText(model, encoder) == #"{"first_name":"Ada","other":"x"}"#)
    }

    // MARK: Options

    @Test func defaultsNullAndLossyFallbacks() throws {
        let empty = try MWOptions.decode(from: "{}")
        #expect(empty.limit == 10 && empty.page == 1 && empty.mode == "none" && empty.note == nil && empty.level == nil)
        let nulls = try MWOptions.decode(from: #"{"limit": null, "page": null, "note": null, "level": null}"#)
        #expect(nulls.limit == 10 && nulls.page == 1 && nulls.note == nil)
        let wrong = try MWOptions.decode(from: #"{"page": "abc", "level": {}}"#)
        #expect(wrong.page == 1 && wrong.level == nil)
        #expect {
            try MWOptions.decode(from: #"{"mode": null}"#)
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return mwPath(context.codingPath) == "mode"
        }
        #expect {
            try MWOptions.decode(from: #"{"limit": "many"}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return mwPath(context.codingPath) == "limit"
        }
    }

    @Test func losslessConversions() throws {
        let model = try MWLossless.decode(from: #"{"count": "42", "ratio": "-1.5e3", "big": "200", "label": 1, "flag": "TRUE", "text": false}"#)
        #expect(model.count == 42)
        #expect(model.ratio == -1500)
        #expect(model.big == 200)
        #expect(model.label == "1")
        #expect(model.flag == true)
        #expect(model.text == "false")
        #expect(try MWLossless.decode(from: #"{"count": 1, "ratio": 1, "label": "a", "flag": 0}"#).flag == false)
        for refused in [
            #"{"count": " 42", "ratio": 1, "label": "a", "flag": true}"#,
            #"{"count": 1, "ratio": 1, "big": "300", "label": "a", "flag": true}"#,
            #"{"count": 1, "ratio": 1, "label": "a", "flag": 2}"#,
            #"{"count": 1, "ratio": "NaN", "label": "a", "flag": true}"#,
        ] {
            #expect(throws: DecodingError.self) { try MWLossless.decode(from: refused) }
        }
    }

    @Test func dateStrategiesReadNumbersAndNumericStrings() throws {
        let dates = try MWDates.decode(from: #"{"millis": "1336000000500", "seconds": 1336000000, "precise": "2012-05-02T23:06:40.500Z"}"#)
        #expect(dates.millis == Date(timeIntervalSince1970: 1_336_000_000.5))
        #expect(dates.seconds == Date(timeIntervalSince1970: 1_336_000_000))
        #expect(dates.precise == Date(timeIntervalSince1970: 1_336_000_000.5))
        #expect(dates.missing == nil)
        #expect(try mwText(dates) == #"{"millis":1336000000500,"precise":"2012-05-02T23:06:40.500Z","seconds":1336000000}"#)
        #expect(throws: DecodingError.self) { try MWDates.decode(from: #"{"millis": "soon", "seconds": 1, "precise": "2012-05-02T23:06:40Z"}"#) }
    }

    // MARK: Coders

    @Test func foundationCodersWorkForPropertyNamesAndAdviseForCustomKeys() throws {
        let plain = try JSONDecoder().decode(MWSameName.self, from: Data(#"{"firstName": "Ada", "other": "y"}"#.utf8))
        #expect(plain.firstName == "Ada" && plain.other == "y" && plain.nickname == nil)
        #expect {
            try JSONDecoder().decode(MWCustomKey.self, from: Data(#"{"first_name": "Ada"}"#.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "firstName" && context.debugDescription.contains("DynamicJSONDecoder")
        }
        var model = MWCustomKey()
        model.firstName = "Ada"
        #expect {
            try JSONEncoder().encode(model)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("DynamicJSONEncoder")
        }
    }

    @Test func keyedGivesFoundationsCodersEverything() throws {
        let json = #"{"name": "Ada", "address": {"zipCode": 1}, "home": {"zip_code": "00-950"}}"#
        let person = try JSONDecoder().decode(Keyed<MWPerson>.self, from: Data(json.utf8)).value
        #expect(person.zipCode == 1 && person.address?.zip == "00-950")
        #expect(try mwText(Keyed(person), JSONEncoder()) == #"{"address":{"zipCode":1},"home":{"zip_code":"00-950"},"name":"Ada"}"#)
    }

    @Test func dynamicModelsKeepKeysTheyDoNotMap() throws {
        let json = #"{"user_name": "ada", "extra": [1.10, 2], "profile": {"age": 36, "bio": "hi"}}"#
        var model = try MWDynamicMapped.decode(from: json)
        #expect(model.userName == "ada" && model.age == 36)
        model.age = 37
        #expect(try mwText(model) == #"{"extra":[1.10,2],"profile":{"age":37,"bio":"hi"},"user_name":"ada"}"#)
    }

    // MARK: Values

    @Test func copiesAreIndependent() throws {
        let original = try MWCustomKey.decode(from: #"{"first_name": "Ada"}"#)
        var copy = original
        copy.firstName = "Bob"
        #expect(original.firstName == "Ada")
        #expect(copy.firstName == "Bob")
        #expect(try mwText(original) == #"{"first_name":"Ada"}"#)
        #expect(try mwText(copy) == #"{"first_name":"Bob"}"#)
    }

    @Test func unsetPropertiesReadAsDefaultNilOrZero() {
        let fresh = MWSameName()
        #expect(fresh.firstName == "" && fresh.other == "x" && fresh.nickname == nil)
        let address = MWAddress()
        #expect(address.zip == "" && address.city == nil)
    }

    @Test func firstUseFromManyThreadsAtOnce() async throws {
        let decoder = DynamicJSONDecoder()
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let model = try decoder.decode(MWConcurrentFirstUse.self, from: Data(#"{"a": {"b": \#(index)}}"#.utf8))
                    return String(decoding: try encoder.encode(model), as: UTF8.self)
                }
            }
            var all: [String] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(Set(results) == Set((0..<64).map { #"{"a":{"b":\#($0)},"text":"d"}"# }))
    }

    @Test func subclassesDecodeTheirOwnAndInheritedProperties() throws {
        let employee = try MWEmployee.decode(from: #"{"full_name": "Ada", "employee_id": 7}"#)
        #expect(employee.name == "Ada")
        #expect(employee.employeeID == 7)
        #expect(employee.role == "staff")
        #expect(try mwText(employee) == #"{"employee_id":7,"full_name":"Ada","role":"staff"}"#)
        let viaFoundation = try JSONDecoder().decode(MWEmployee.self, from: Data(#"{"full_name": "Bob", "employee_id": 8, "role": "boss"}"#.utf8))
        #expect(viaFoundation.name == "Bob" && viaFoundation.employeeID == 8 && viaFoundation.role == "boss")
        let base = try MWPersonClass.decode(from: #"{"full_name": "Cy"}"#)
        #expect(base.name == "Cy")
    }

    @Test func customDateStrategyAndOptionalDates() throws {
        let model = try MWCustomDate.decode(from: #"{"day": "01.05.2012", "stamp": "2012-05-01 10:20:30Z"}"#)
        #expect(model.day == Date(timeIntervalSince1970: 1_335_830_400))
        #expect(model.stamp == Date(timeIntervalSince1970: 1_335_867_630))
        #expect(try mwText(model) == #"{"day":"01.05.2012","stamp":"2012-05-01T10:20:30Z"}"#)
        #expect(try MWCustomDate.decode(from: #"{"day": "01.05.2012", "stamp": null}"#).stamp == nil)
        #expect(throws: DecodingError.self) { try MWCustomDate.decode(from: #"{"day": "2012-05-01"}"#) }
    }

    @Test func aWrapperCodedOnItsOwn() throws {
        #expect(try JSONDecoder().decode(Mapped<String>.self, from: Data(#""Ada""#.utf8)).wrappedValue == "Ada")
        #expect(String(decoding: try JSONEncoder().encode(Mapped(wrappedValue: 7)), as: UTF8.self) == "7")
        #expect(String(decoding: try JSONEncoder().encode(Mapped<Int?>(wrappedValue: nil)), as: UTF8.self) == "null")
    }

    @Test func equalityAndHashingCompareValuesOnly() throws {
        let ada = try MWCustomKey.decode(from: #"{"first_name": "Ada"}"#)
        var other = MWCustomKey()
        other.firstName = "Ada"
        #expect(ada == other)
        #expect(Set([ada, other]).count == 1)
    }

    @Test func mappedKeyErrorsSayWhatWasWrong() {
        var model = MWCustomKey()
        #expect {
            try model.setValue(42, forMappedKey: "first_name")
        } throws: { error in
            (error as? MappedKeyError)?.description == #"Cannot set "first_name": Int is not the type of the property firstName"#
        }
        #expect {
            try model.setValue("x", forMappedKey: "nope")
        } throws: { error in
            (error as? MappedKeyError)?.description == #"Cannot set "nope": no @Mapped property has this key"#
        }
    }

    @Test func foundationObjectsBothWays() throws {
        let object: [String: Any] = ["first_name": "Ada"]
        #expect(try MWCustomKey.decode(from: object).firstName == "Ada")
        #expect(try MWCustomKey.decode(from: object).encodedObject()["first_name"] as? String == "Ada")
        #expect(throws: EncodingError.self) { try MWCustomKey.decode(from: ["first_name": Date()]) }
        #expect(throws: EncodingError.self) { try [1, 2].encodedObject() }
    }
}

extension MWAddress {
    fileprivate static func decodeAddress(zip: String, city: String?) -> MWAddress {
        var address = MWAddress()
        address.zip = zip
        address.city = city
        return address
    }
}
