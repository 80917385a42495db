import Testing
import Foundation
import DynamicMapper

// Every example of Kodable's README, with `@Coding`/`@CodableDate` written as `@Mapped`.
// File-scope types carry a `Kodable` prefix: they are private to this file.

private struct KodableUser: MappedCodable {
    var identifier: String = ""
    var social: String?
    @Mapped("first_name") var firstName: String
    @Mapped(default: "+1 123456789") var phone: String
    @Mapped("address.zipCode") var zipCode: Int
}

private struct KodableDates: MappedCodable {
    @Mapped(.date(.iso8601)) var iso8601: Date
    @Mapped("simple_date", .date(.format("y-MM-dd"))) var simpleDate: Date
    @Mapped("rfc2822", .date(.rfc2822)) var rfc2822Date: Date
    @Mapped("rfc3339", .date(.rfc3339)) var rfc3339Date: Date
    @Mapped("timestamp", .date(.secondsSince1970)) var timestamp: Date
}

private struct KodableLossyArray: MappedCodable {
    @Mapped("failable_array", .lossy) var array: [String]
}

private struct KodableFail: MappedCodable {
    @Mapped("string_bool", .strict) var notBool: Bool
}

private struct KodableSuccess: MappedCodable {
    @Mapped("string_bool") var stringBool: Bool
    @Mapped("int_bool") var intBool: Bool
}

private struct KodableAmounts: MappedCodable {
    @Mapped("double") var double: String
    @Mapped("int") var integer: String
    @Mapped var string: String
}

private struct KodableProject: MappedCodable {
    @Mapped(KodableProject.trimmed) var title: String

    static var trimmed: MappedOption<String> { .modify { $0.trimmingCharacters(in: .whitespacesAndNewlines) } }
}

private struct KodableBuiltInTrimmedProject: MappedCodable {
    @Mapped(.trimmed) var title: String
    @Mapped(.trimmed) var subtitle: String?
    @Mapped(.trimmedNilIfEmpty) var note: String?
}

private struct KodableImage: MappedCodable {
    @Mapped(.validate { $0 > 500 }) var width: Int
}

private struct KodableLimits: MappedCodable {
    @Mapped(.clamping(to: 0...100)) var percent: Int
    @Mapped(.min(0)) var count: Int
    @Mapped(.max(10)) var rating: Double
}

private struct KodableTest: MappedCodable {
    @Mapped("html_url", using: URLTransformer()) var url: URL
}

private struct KodableNullUser: MappedCodable {
    @Mapped var firstName: String
    @Mapped var lastName: String?
}

private struct KodableEncodeNullUser: MappedCodable {
    @Mapped var firstName: String
    @Mapped(.encodeNil) var lastName: String?
}

private func kodableText<T: Encodable>(_ value: T) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("Kodable README")
struct MappedKodableReadmeTests {
    // The README's JSON has unquoted keys and values and a trailing comma, which no JSON
    // parser accepts, and a number for the plain `String?` property `social`, which
    // synthesized `Codable` refuses; this is the document it means.
    private let userJSON = #"""
        {
            "identifier": "1",
            "social": "987654321",
            "first_name": "John",
            "address": {
                "zipCode": 94040
            }
        }
        """#

    @Test func userDecodesKeysDefaultsAndPaths() throws {
        let user = try KodableUser.decode(from: userJSON)
        #expect(user.identifier == "1")
        #expect(user.social == "987654321")
        #expect(user.firstName == "John")
        #expect(user.phone == "+1 123456789")
        #expect(user.zipCode == 94040)
        let viaDecoder = try DynamicJSONDecoder().decode(KodableUser.self, from: Data(userJSON.utf8))
        #expect(viaDecoder.firstName == "John")
    }

    @Test func userEncodesBackToTheSameKeysAndPaths() throws {
        let user = try KodableUser.decode(from: userJSON)
        #expect(try kodableText(user) == #"{"address":{"zipCode":94040},"first_name":"John","identifier":"1","phone":"+1 123456789","social":"987654321"}"#)
        let again = try KodableUser.decode(from: try user.encodedData())
        #expect(again.firstName == "John" && again.zipCode == 94040 && again.phone == "+1 123456789")
    }

    @Test func userMissingRequiredKeyNamesThePath() {
        #expect {
            try KodableUser.decode(from: #"{"identifier": "1", "first_name": "John", "address": {}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "zipCode" && context.codingPath.map(\.stringValue) == ["address"]
        }
    }

    @Test func datesUseTheirOwnStrategies() throws {
        let json = #"""
            {
                "iso8601": "1996-12-19T16:39:57-08:00",
                "simple_date": "2001-01-01",
                "rfc2822": "Thu, 19 Dec 1996 16:39:57 GMT",
                "rfc3339": "1996-12-19T16:39:57-08:00",
                "timestamp": 978307200.0
            }
            """#
        let dates = try KodableDates.decode(from: json)
        #expect(dates.iso8601.description == "1996-12-20 00:39:57 +0000")
        #expect(dates.simpleDate.description == "2001-01-01 00:00:00 +0000")
        #expect(dates.rfc2822Date.description == "1996-12-19 16:39:57 +0000")
        #expect(dates.rfc3339Date.description == "1996-12-20 00:39:57 +0000")
        #expect(dates.timestamp.description == "2001-01-01 00:00:00 +0000")
        #expect(
            try kodableText(dates)
                == #"{"iso8601":"1996-12-20T00:39:57Z","rfc2822":"Thu, 19 Dec 1996 16:39:57 GMT","rfc3339":"1996-12-20T00:39:57Z","simple_date":"2001-01-01","timestamp":978307200}"#
        )
    }

    @Test func lossyArrayDropsElementsOfOtherTypes() throws {
        let lossy = try KodableLossyArray.decode(from: #"{"failable_array": [ "1", 1.5, "2", true, "3", null, 4 ]}"#)
        #expect(lossy.array == ["1", "2", "3"])
    }

    @Test func boolIsReadFromStringsAndNumbers() throws {
        let json = #"{"string_bool": "false", "int_bool": 1}"#
        let success = try KodableSuccess.decode(from: json)
        #expect(success.stringBool == false)
        #expect(success.intBool == true)
    }

    @Test func strictBoolRefusesAString() {
        #expect {
            try KodableFail.decode(from: #"{"string_bool": "false", "int_bool": 1}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, let context) = error else { return false }
            return type == Bool.self && context.codingPath.map(\.stringValue) == ["string_bool"]
        }
    }

    @Test func stringIsReadFromNumbers() throws {
        let amounts = try KodableAmounts.decode(from: #"{"double": 629.9, "int": 1563, "string": "999.9"}"#)
        #expect(amounts.double == "629.9")
        #expect(amounts.integer == "1563")
        #expect(amounts.string == "999.9")
    }

    @Test func customModifierTrimsTheTitle() throws {
        let project = try KodableProject.decode(from: #"{ "title": "  A New Project    " }"#)
        #expect(project.title == "A New Project")
    }

    @Test func builtInStringModifiers() throws {
        let project = try KodableBuiltInTrimmedProject.decode(from: #"{"title": " a ", "subtitle": "  b\n", "note": "   "}"#)
        #expect(project.title == "a")
        #expect(project.subtitle == "b")
        #expect(project.note == nil)
    }

    @Test func comparableModifiers() throws {
        let limits = try KodableLimits.decode(from: #"{"percent": 120, "count": -3, "rating": 12.5}"#)
        #expect(limits.percent == 100)
        #expect(limits.count == 0)
        #expect(limits.rating == 10)
    }

    @Test func validationFailureNamesPropertyPathAndValue() throws {
        #expect {
            try KodableImage.decode(from: #"{ "width": 400 }"#)
        } throws: { error in
            guard let failure = error as? MappedValidationError else { return false }
            return failure.property == "width" && failure.path == "width" && failure.value == "400"
                && failure.description == "Validation failed for property width at width: 400"
        }
        #expect(try KodableImage.decode(from: #"{ "width": 600 }"#).width == 600)
    }

    @Test func transformerReadsTheURL() throws {
        let test = try KodableTest.decode(from: #"{"html_url": "https://github.com/JARMourato/Kodable"}"#)
        #expect(test.url == URL(string: "https://github.com/JARMourato/Kodable"))
        #expect(try kodableText(test) == #"{"html_url":"https:\/\/github.com\/JARMourato\/Kodable"}"#)
    }

    @Test func nilIsLeftOutUnlessEncodeNil() throws {
        var user = KodableNullUser()
        user.firstName = "João"
        #expect(try kodableText(user) == #"{"firstName":"João"}"#)
        var explicit = KodableEncodeNullUser()
        explicit.firstName = "João"
        #expect(try kodableText(explicit) == #"{"firstName":"João","lastName":null}"#)
    }
}
