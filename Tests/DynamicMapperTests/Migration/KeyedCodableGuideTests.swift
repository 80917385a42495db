import Foundation
import Testing
import DynamicMapper

// One test per row of "From KeyedCodable" and of its "Differences to expect" in
// <doc:MigratingFromKeyedCodableAndCodix> (issue 31, item 6). The rows on Foundation's coders
// are pinned in ForeignCoderPathTests.swift.

private struct KCDay: Transformer, DefaultInitializable {
    private static let day = DateFormatTransformer(format: "yyyy-MM-dd")
    func decode(_ raw: String) throws -> Date { try Self.day.decode(raw) }
    func encode(_ value: Date) throws -> String { try Self.day.encode(value) }
}

private struct KCCoordinate: Codable, Equatable {
    var latitude: Double
    var elevation: Double
    enum CodingKeys: String, KeyedKey {
        case latitude
        case elevation = "additionalInfo.elevation"
    }
}

private struct KCEvent: Codable, Equatable {
    @CodedBy<KCDay> var date: Date
    @CodedBy<OptionalTransformer<KCDay>> var end: Date?
    @CodedBy<OptionalTransformer<KCDay>> var start: Date!
}

private struct KCProfile: Codable, Equatable {
    var name: String
    var age: Int
    var tags: [String]
    var nickname: String?
    var address: KCAddress
}

private struct KCAddress: Codable, Equatable {
    var city: String
    var zip: Int
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite("Migrating from KeyedCodable: the guide's rows")
struct KeyedCodableGuideTests {
    @Test("KeyedJSONDecoder/Encoder → DynamicJSONDecoder/Encoder, with KeyedKey paths")
    func coders() throws {
        let data = Data(#"{"latitude":52.5,"additionalInfo":{"elevation":34}}"#.utf8)
        let coordinate = try DynamicJSONDecoder().decode(KCCoordinate.self, from: data)
        #expect(coordinate == KCCoordinate(latitude: 52.5, elevation: 34))
        #expect(text(try DynamicJSONEncoder().encode(coordinate)) == #"{"latitude":52.5,"additionalInfo":{"elevation":34}}"#)
    }

    @Test("Keyed<> gives Foundation's coders the same features")
    func keyed() throws {
        let data = Data(#"{"latitude":52.5,"additionalInfo":{"elevation":34}}"#.utf8)
        let coordinate = try JSONDecoder().decode(Keyed<KCCoordinate>.self, from: data).value
        #expect(coordinate == KCCoordinate(latitude: 52.5, elevation: 34))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(text(try encoder.encode(Keyed(coordinate))) == #"{"additionalInfo":{"elevation":34},"latitude":52.5}"#)
    }

    @Test("@CodedBy with a Transformer; Date? and Date! spell OptionalTransformer")
    func codedBy() throws {
        let event = try KCEvent.decode(from: #"{"date": "2012-05-01", "start": "2012-04-30"}"#)
        #expect(try KCDay().encode(event.date) == "2012-05-01")
        #expect(event.end == nil)
        #expect(try KCDay().encode(event.start) == "2012-04-30")
        #expect(try event.encodedString() == #"{"date":"2012-05-01","start":"2012-04-30"}"#)
        #expect(try JSONDecoder().decode(KCEvent.self, from: Data(#"{"date": "2012-05-01"}"#.utf8)).start == nil)
    }

    @Test("Model.keyed.fromJSON(data|text) → Model.decode(from:)")
    func fromJSON() throws {
        let text = #"{"latitude":1,"additionalInfo":{"elevation":2}}"#
        #expect(try KCCoordinate.decode(from: text) == KCCoordinate(latitude: 1, elevation: 2))
        #expect(try KCCoordinate.decode(from: Data(text.utf8)) == KCCoordinate(latitude: 1, elevation: 2))
    }

    @Test("model.keyed.jsonData()/jsonString() → encodedData()/encodedString()")
    func jsonData() throws {
        let model = KCCoordinate(latitude: 1, elevation: 2)
        #expect(try model.encodedString() == #"{"latitude":1,"additionalInfo":{"elevation":2}}"#)
        #expect(text(try model.encodedData()) == #"{"latitude":1,"additionalInfo":{"elevation":2}}"#)
    }

    @Test("Type.keyed.zero() → Zero<Type>.value()")
    func zero() throws {
        #expect(try Zero<KCProfile>.value() == KCProfile(name: "", age: 0, tags: [], nickname: nil, address: KCAddress(city: "", zip: 0)))
        #expect(try Zero<Int>.value() == 0)
        #expect(try Zero<[String: Int]>.value() == [:])
        let error = #expect(throws: DecodingError.self) { try Zero<URL>.value() }
        guard case .valueNotFound? = error else { Issue.record("expected valueNotFound"); return }
    }

    @Test("difference: unquoted top-level text is not JSON; read it yourself")
    func unquotedText() throws {
        let data = Data("hello".utf8)
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(String.self, from: data) }
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect(text(try DynamicJSONEncoder().encode("hello")) == #""hello""#)
    }
}
