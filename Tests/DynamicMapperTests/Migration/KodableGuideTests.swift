import Foundation
import Testing
import DynamicMapper

// One test per row of "From Kodable" and of its "Differences to expect" in
// <doc:MigratingFromKodableAndAlter> (issue 31, items 5 and 6), against today's Kodable
// (`.lossless`, `.enforceType`, `.overrideValue`, `.range`, the sort presets, `.debugJSON`,
// `dataNotFound`, `failedDecodingProperty`, `wrappedError`). MappedKodableReadmeTests.swift
// runs the README's examples.

private struct KDOrder: MappedCodable, Equatable {
    @Mapped("order_id") var id: Int
    @Mapped("customer.email") var email: String
    @Mapped(default: 1) var quantity: Int
    @Mapped("items", .lossy) var items: [String]
}

private struct KDConverted: MappedCodable, Equatable {
    @Mapped var name: String
    @Mapped var isActive: Bool
    @Mapped var count: Int
}

private struct KDStrict: MappedCodable, Equatable {
    @Mapped(.strict) var name: String
}

private struct KDTags: MappedCodable, Equatable {
    @Mapped var tags: [String]?
}

private struct KDModifiers: MappedCodable, Equatable {
    @Mapped(.modify { $0.uppercased() }) var code: String
    @Mapped(.validate { $0 > 0 }) var age: Int
    @Mapped(.trimmed) var title: String
    @Mapped(.trimmedNilIfEmpty) var subtitle: String?
    @Mapped(.clamping(to: 0...10)) var rating: Int
    @Mapped(.max(5)) var stars: Int
    @Mapped(.min(1)) var level: Int
}

private struct KDSorted: MappedCodable, Equatable {
    @Mapped(.modify { $0.sorted() }) var ascending: [Int]
    @Mapped(.modify { $0.sorted(by: >) }) var descending: [Int]
    @Mapped(.modify { $0.sorted { $0.count < $1.count } }) var byLength: [String]
}

private struct KDNil: MappedCodable, Equatable {
    @Mapped(.encodeNil) var nickname: String?
    @Mapped var bio: String?
}

private struct KDDates: MappedCodable, Equatable {
    @Mapped(.date(.iso8601)) var iso: Date
    @Mapped(.date(.iso8601WithMilliseconds)) var isoMilliseconds: Date
    @Mapped(.date(.rfc2822)) var rfc2822: Date
    @Mapped("placed_at", .date(.rfc3339)) var placedAt: Date
    @Mapped(.date(.secondsSince1970)) var timestamp: Date
    @Mapped(.date(.format("dd.MM.yyyy"))) var formatted: Date
    @Mapped(.date(.custom(UnixTimeTransformer(unit: .milliseconds)))) var custom: Date
}

private struct KDURL: MappedCodable, Equatable {
    @Mapped("link", using: URLTransformer()) var link: URL
}

private struct KDURLCodable: Codable, Equatable {
    @CodedBy<URLTransformer> var link: URL
}

private struct KDRequired: MappedCodable, Equatable {
    @Mapped var name: String
}

private struct KDParsedDate: MappedCodable, Equatable {
    @Mapped(.date(.rfc3339)) var when: Date
}

private struct KDNested: MappedCodable, Equatable {
    @Mapped("user.profile.age") var age: Int
}

private struct KDDefaultAfterFailure: MappedCodable, Equatable {
    @Mapped(default: 1, .lossy) var quantity: Int
}

private func object(_ text: String) throws -> JSON { try JSON(parsing: Data(text.utf8)) }

private func sortedText(_ value: some Encodable) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func codingPath(_ error: any Error) -> String? {
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?, .dataCorrupted(let context)?:
        return Path(codingPath: context.codingPath).description
    default:
        return nil
    }
}

@Suite("Migrating from Kodable: the guide's rows")
struct KodableGuideTests {
    @Test("Kodable, @Coding, keys, paths and default: → MappedCodable, @Mapped")
    func basics() throws {
        let order = try KDOrder.decode(from: #"{"order_id": 7, "customer": {"email": "a@b.c"}, "items": ["book", 3, "pen"]}"#)
        #expect(order.id == 7)
        #expect(order.email == "a@b.c")
        #expect(order.quantity == 1)
        #expect(order.items == ["book", "pen"])
        #expect(try sortedText(order) == #"{"customer":{"email":"a@b.c"},"items":["book","pen"],"order_id":7,"quantity":1}"#)
    }

    @Test(".lossless → no option: @Mapped converts by default")
    func lossless() throws {
        let converted = try KDConverted.decode(from: #"{"name": 5, "isActive": "true", "count": "12"}"#)
        #expect(converted == (try KDConverted.decode(from: #"{"name": "5", "isActive": true, "count": 12}"#)))
        #expect(converted.name == "5")
    }

    @Test(".enforceType (Kodable's default) → .strict")
    func strict() throws {
        let error = #expect(throws: DecodingError.self) { try KDStrict.decode(from: #"{"name": 5}"#) }
        guard case .typeMismatch? = error else { Issue.record("expected typeMismatch"); return }
        #expect(try KDStrict.decode(from: #"{"name": "5"}"#).name == "5")
    }

    @Test("difference: .lossless on [String]? does not convert the elements: it throws at the first one")
    func losslessArrayElements() throws {
        let error = #expect(throws: DecodingError.self) { try KDTags.decode(from: #"{"tags": ["1", 1.5, true]}"#) }
        #expect(error.flatMap(codingPath) == "tags[1]")
        #expect(try KDTags.decode(from: #"{"tags": ["1", "1.5", "true"]}"#).tags == ["1", "1.5", "true"])
    }

    @Test(".overrideValue, .validation, .trimmed, .trimmedNifIfEmpty, .clamping, .range, .max, .min")
    func modifiers() throws {
        let model = try KDModifiers.decode(from: #"{"code": "ab", "age": 3, "title": "  x ", "subtitle": "   ", "rating": 12, "stars": 9, "level": -2}"#)
        #expect(model.code == "AB")
        #expect(model.age == 3)
        #expect(model.title == "x")
        #expect(model.subtitle == nil)
        #expect(model.rating == 10)
        #expect(model.stars == 5)
        #expect(model.level == 1)
    }

    @Test(".ascending, .descending, .sorted(using:), .ascending(by:) → .modify { $0.sorted(…) }")
    func sortPresets() throws {
        let model = try KDSorted.decode(from: #"{"ascending": [3, 1, 2], "descending": [1, 3, 2], "byLength": ["ccc", "a", "bb"]}"#)
        #expect(model.ascending == [1, 2, 3])
        #expect(model.descending == [3, 2, 1])
        #expect(model.byLength == ["a", "bb", "ccc"])
    }

    @Test(".encodeAsNullIfNil → .encodeNil")
    func encodeNil() throws {
        #expect(try KDNil.decode(from: "{}").encodedString() == #"{"nickname":null}"#)
    }

    @Test(".debugJSON → decodeWithReport")
    func debugJSON() throws {
        let (model, report) = try DynamicJSONDecoder().decodeWithReport(KDConverted.self, from: Data(#"{"name": 5, "isActive": true, "count": 1}"#.utf8))
        #expect(model.name == "5")
        #expect(report.events.map(\.kind) == [.losslessConversion])
        #expect(report.events.map(\.path.description) == ["name"])
    }

    @Test("@CodableDate strategies → .date(…), the key first")
    func dates() throws {
        let text = #"""
            {"iso": "2001-01-01T00:00:00Z", "isoMilliseconds": "2001-01-01T00:00:00.000Z", "rfc2822": "Mon, 01 Jan 2001 00:00:00 GMT",
             "placed_at": "2001-01-01T00:00:00+00:00", "timestamp": 978307200, "formatted": "01.01.2001", "custom": 978307200000}
            """#
        let model = try KDDates.decode(from: text)
        let day = Date(timeIntervalSince1970: 978_307_200)
        #expect(
            [model.iso, model.isoMilliseconds, model.rfc2822, model.placedAt, model.timestamp, model.formatted, model.custom] == Array(repeating: day, count: 7)
        )
        let written = try object(try model.encodedString())
        #expect(written["placed_at"] == "2001-01-01T00:00:00Z")
        #expect(written["timestamp"] == 978307200)
    }

    @Test("difference: .timestamp wrote a string and read one; ours writes a number and reads both")
    func timestampText() throws {
        struct Stamp: MappedCodable { @Mapped(.date(.secondsSince1970)) var at: Date }
        #expect(try Stamp.decode(from: #"{"at": "978307200.0"}"#).at == Date(timeIntervalSince1970: 978_307_200))
        #expect(try Stamp.decode(from: #"{"at": "978307200.0"}"#).encodedString() == #"{"at":978307200}"#)
    }

    @Test("KodableTransform, KodableTransformable → Transformer in @Mapped(using:) or @CodedBy")
    func transformers() throws {
        #expect(try KDURL.decode(from: #"{"link": "https://a.example"}"#).link == URL(string: "https://a.example"))
        #expect(try KDURLCodable.decode(from: #"{"link": "https://a.example"}"#).link == URL(string: "https://a.example"))
    }

    @Test("KodableError.dataNotFound → keyNotFound (missing) or valueNotFound (null), with the path")
    func dataNotFound() throws {
        let missing = #expect(throws: DecodingError.self) { try KDNested.decode(from: #"{"user": {"profile": {}}}"#) }
        guard case .keyNotFound(let key, _)? = missing else { Issue.record("expected keyNotFound"); return }
        #expect(key.stringValue == "age")
        #expect(missing.flatMap(codingPath) == "user.profile")
        let null = #expect(throws: DecodingError.self) { try KDRequired.decode(from: #"{"name": null}"#) }
        guard case .valueNotFound? = null else { Issue.record("expected valueNotFound"); return }
    }

    @Test("failedDecodingProperty, failedDecodingType, wrappedError → the DecodingError itself, with its full path")
    func noWrapping() throws {
        let error = #expect(throws: DecodingError.self) { try KDNested.decode(from: #"{"user": {"profile": {"age": "old"}}}"#) }
        guard case .typeMismatch? = error else { Issue.record("expected typeMismatch"); return }
        #expect(error.flatMap(codingPath) == "user.profile.age")
    }

    @Test("failedToParseDate → dataCorrupted at the property, naming the text")
    func failedToParseDate() throws {
        let error = #expect(throws: DecodingError.self) { try KDParsedDate.decode(from: #"{"when": "nope"}"#) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("expected dataCorrupted"); return }
        #expect(Path(codingPath: context.codingPath).description == "when")
        #expect(context.debugDescription.contains(#""nope""#))
    }

    @Test("validationFailed → MappedValidationError with property, path and value")
    func validationFailed() throws {
        let error = #expect(throws: MappedValidationError.self) {
            try KDModifiers.decode(from: #"{"code": "a", "age": 0, "title": "t", "rating": 1, "stars": 1, "level": 1}"#)
        }
        #expect(error?.property == "age")
        #expect(error?.path == "age")
        #expect(error?.value == "0")
    }

    @Test("difference: Kodable fell back to the default on any failure; here .lossy asks for it")
    func defaultAfterFailure() throws {
        #expect(throws: DecodingError.self) { try KDOrder.decode(from: #"{"order_id": 7, "customer": {"email": "a"}, "quantity": "many", "items": []}"#) }
        #expect(try KDDefaultAfterFailure.decode(from: #"{"quantity": "many"}"#).quantity == 1)
    }

    @Test("difference: copies of a model are independent")
    func copies() throws {
        var first = try KDRequired.decode(from: #"{"name": "a"}"#)
        var second = first
        second.name = "b"
        #expect(first.name == "a")
        first.name = "c"
        #expect(second.name == "b")
    }

    @Test("difference: an assigned value is stored as given (options run when decoding)")
    func assignment() throws {
        var model = try KDModifiers.decode(from: #"{"code": "a", "age": 1, "title": "t", "rating": 1, "stars": 1, "level": 1}"#)
        model.title = "  x "
        model.age = 0
        #expect(model.title == "  x ")
        #expect(model.age == 0)
    }
}
