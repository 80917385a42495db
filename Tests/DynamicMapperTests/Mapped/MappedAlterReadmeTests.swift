import Testing
import Foundation
import DynamicMapper

// Every example of Alter's README, with `Alterable` written as `MappedCodable`,
// `@Mapped(key:)` as `@Mapped("…")` and `@AlterMapped(alterer:)` as `@Mapped(using:)`.
// File-scope types carry an `Alter` prefix: they are private to this file.

private struct AlterPlainUser: MappedCodable, Equatable {
    @Mapped var name: String = ""
    @Mapped var userName: String = ""
    @Mapped var age: Int = 0
}

private struct AlterUser: MappedCodable, Equatable {
    @Mapped("full_name") var fullName: String = ""
    @Mapped("user_name") var userName: String = ""
    @Mapped var age: Int = 0
}

/// Alter's manual mode: the mapped properties first, then a key of the model's own.
private struct AlterManualUser: MappedCodable {
    @Mapped("full_name") var fullName: String = ""
    @Mapped("user_name") var userName: String = ""
    @Mapped var age: Int = 0
    /// Stands in for the README's `UIImage`: read from base64 by hand.
    var image: Data? = nil

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let base64Image = try container.decodeIfPresent(String.self, forKey: "image") {
            image = Data(base64Encoded: base64Image)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = try encodeMappedProperties(to: encoder)
        if let base64Image = image?.base64EncodedString() {
            try container.encode(base64Image, forKey: "image")
        }
    }
}

/// Alter's `@AlterMapped` examples: transformers, optional, array and both. Alter's
/// `UnixLongDateAlterer()` counts seconds unless given `unit: .milisecond`, as `UnixTimeTransformer()` does.
private struct AlterTransformedUser: MappedCodable {
    @Mapped("full_name") var fullName: String = ""
    @Mapped("birth_date", .date(.format("dd-MM-yyyy"))) var birthDate: Date = .distantPast
    @Mapped(using: Base64DataTransformer().optional) var image: Data? = nil
    @Mapped("login_times", using: UnixTimeTransformer().array) var loginTimes: [Date] = []
    @Mapped("crashes_times", using: UnixTimeTransformer().array.optional) var crashesTimes: [Date]? = nil
    @Mapped("some_times", using: UnixTimeTransformer().optional.array) var someTimes: [Date?] = []
}

/// `StringDateAlterer(pattern:)` as a transformer rather than a date strategy.
private struct AlterPatternUser: MappedCodable {
    @Mapped("birth_date", using: DateFormatTransformer(format: "dd-MM-yyyy")) var birthDate: Date = .distantPast
    @Mapped(using: Base64DataTransformer()) var avatar: Data = Data()
}

private func alterText<T: Encodable>(_ value: T) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func alterDay(_ text: String) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
}

@Suite("Alter README")
struct MappedAlterReadmeTests {
    private var ada: AlterUser {
        var user = AlterUser()
        user.fullName = "Ada Lovelace"
        user.userName = "ada"
        user.age = 36
        return user
    }

    @Test func basicUserBothWaysThroughDataStringAndDictionary() throws {
        var user = AlterPlainUser()
        user.name = "Ada"
        user.userName = "ada"
        user.age = 36
        let jsonObject = try user.encodedObject()
        #expect(jsonObject["name"] as? String == "Ada")
        #expect(jsonObject["userName"] as? String == "ada")
        #expect(jsonObject["age"] as? Int == 36)
        let jsonString = try user.encodedString()
        #expect(jsonString == #"{"name":"Ada","userName":"ada","age":36}"#)
        let jsonData = try user.encodedData()
        #expect(try AlterPlainUser.decode(from: jsonObject) == user)
        #expect(try AlterPlainUser.decode(from: jsonString) == user)
        #expect(try AlterPlainUser.decode(from: jsonData) == user)
        #expect(try AlterPlainUser.decode(from: try user.encodedJSON()) == user)
    }

    @Test func prettyStringIsSortedAndIndented() throws {
        #expect(
            try ada.encodedString(prettyPrinted: true) == """
                {
                  "age" : 36,
                  "full_name" : "Ada Lovelace",
                  "user_name" : "ada"
                }
                """)
    }

    @Test func plainUserWorksWithFoundationAndPropertyListCoders() throws {
        var user = AlterPlainUser()
        user.name = "Ada"
        user.age = 36
        let propertyList = try PropertyListEncoder().encode(user)
        #expect(try PropertyListDecoder().decode(AlterPlainUser.self, from: propertyList) == user)
        let json = try JSONEncoder().encode(user)
        #expect(try JSONDecoder().decode(AlterPlainUser.self, from: json) == user)
    }

    @Test func keyedUserBothWays() throws {
        let text = try alterText(ada)
        #expect(text == #"{"age":36,"full_name":"Ada Lovelace","user_name":"ada"}"#)
        #expect(try AlterUser.decode(from: text) == ada)
        #expect(try AlterUser.decode(from: try ada.encodedObject()) == ada)
    }

    @Test func manualModeDecodesMappedPropertiesThenTheExtraKey() throws {
        let json = #"{"full_name": "Ada Lovelace", "user_name": "ada", "age": 36, "image": "aGVsbG8="}"#
        let user = try AlterManualUser.decode(from: json)
        #expect(user.fullName == "Ada Lovelace")
        #expect(user.userName == "ada")
        #expect(user.age == 36)
        #expect(user.image == Data("hello".utf8))
        #expect(try alterText(user) == #"{"age":36,"full_name":"Ada Lovelace","image":"aGVsbG8=","user_name":"ada"}"#)
    }

    @Test func manualModeWorksWithFoundationsCoders() throws {
        let json = #"{"full_name": "Ada Lovelace", "user_name": "ada", "age": 36, "image": "aGVsbG8="}"#
        let user = try JSONDecoder().decode(AlterManualUser.self, from: Data(json.utf8))
        #expect(user.fullName == "Ada Lovelace" && user.userName == "ada" && user.age == 36)
        #expect(user.image == Data("hello".utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(user), as: UTF8.self) == #"{"age":36,"full_name":"Ada Lovelace","image":"aGVsbG8=","user_name":"ada"}"#)
    }

    @Test func manualModeReportsAMissingKeyWithItsPath() {
        #expect {
            try AlterManualUser.decode(from: #"{"full_name": "Ada", "age": 36}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "user_name"
        }
    }

    @Test func transformersForDatesArraysAndOptionals() throws {
        let json = #"""
            {
                "full_name": "Ada Lovelace",
                "birth_date": "10-12-1815",
                "image": "aGVsbG8=",
                "login_times": [1336000000, 1336000060],
                "some_times": [1336000000, null]
            }
            """#
        let user = try AlterTransformedUser.decode(from: json)
        #expect(user.birthDate == alterDay("1815-12-10"))
        #expect(user.image == Data("hello".utf8))
        #expect(user.loginTimes == [Date(timeIntervalSince1970: 1_336_000_000), Date(timeIntervalSince1970: 1_336_000_060)])
        #expect(user.crashesTimes == nil)
        #expect(user.someTimes == [Date(timeIntervalSince1970: 1_336_000_000), nil])
        #expect(
            try alterText(user)
                == #"{"birth_date":"10-12-1815","full_name":"Ada Lovelace","image":"aGVsbG8=","login_times":[1336000000,1336000060],"some_times":[1336000000,null]}"#
        )

        let crashed = try AlterTransformedUser.decode(
            from: #"{"full_name": "Ada", "birth_date": "01-01-2000", "login_times": [], "crashes_times": [1336000000], "some_times": []}"#)
        #expect(crashed.crashesTimes == [Date(timeIntervalSince1970: 1_336_000_000)])
        #expect(crashed.image == nil)
    }

    @Test func patternTransformerAndBase64Data() throws {
        let user = try AlterPatternUser.decode(from: #"{"birth_date": "10-12-1815", "avatar": "aGVsbG8="}"#)
        #expect(user.birthDate == alterDay("1815-12-10"))
        #expect(user.avatar == Data("hello".utf8))
        #expect(try alterText(user) == #"{"avatar":"aGVsbG8=","birth_date":"10-12-1815"}"#)
    }

    @Test func transformerRefusalNamesThePathAndTheValue() {
        #expect {
            try AlterPatternUser.decode(from: #"{"birth_date": "1815-12-10", "avatar": "aGVsbG8="}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["birth_date"] && context.debugDescription.contains("1815-12-10")
        }
    }

    @Test func mappedKeySubscriptReadsAndSetsByKey() throws {
        var user = AlterUser()
        try user.setValue("this is username", forMappedKey: "user_name")
        #expect(user.userName == "this is username")
        let userName: String = user[mappedKey: "user_name"] as? String ?? ""
        #expect(userName == "this is username")
        #expect(user.value(forMappedKey: "age", as: Int.self) == 0)
        #expect(user[mappedKey: "nope"] == nil)
        #expect(throws: MappedKeyError.self) { try user.setValue(42, forMappedKey: "user_name") }
        #expect(throws: MappedKeyError.self) { try user.setValue("x", forMappedKey: "nope") }
    }
}
