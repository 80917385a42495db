import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// One test per finding of the code review of `@Mapped`. File-scope types carry an `ME` prefix.

/// Not a `MappedCodable`: its `@Mapped` property is seen by its name only.
/// A nested model with a property of the same name as the parent's: each uses its own layout.
/// (A `@Mapped` property in a type that is not `MappedCodable` is refused: MappedDiagnosticsTests.)
private struct MEInner: MappedCodable {
    @Mapped var name: String
}

private struct MEOuter: MappedCodable {
    @Mapped("full_name") var name: String
    @Mapped var inner: MEInner?
}

private struct MEURL: MappedCodable, Equatable {
    @Mapped var url: URL
}

private struct MEZip: MappedCodable {
    @Mapped("address.zip", default: 0) var zip: Int
}

private struct MEStreet: MappedCodable {
    @Mapped var street: String
}

/// Two model types with the same property names under different keys, met alternately in
/// one document: each element is read with its own type's layout.
private struct MEFirstKind: MappedCodable {
    @Mapped("a") var name: String
    @Mapped("n", default: -1) var number: Int
}

private struct MESecondKind: MappedCodable {
    @Mapped("b") var name: String
    @Mapped("m", default: -2) var number: Int
}

private struct MEKindPair: Codable {
    var first: MEFirstKind
    var second: MESecondKind
}

private struct MEKindDocument: Codable {
    var pairs: [MEKindPair]
    var firsts: [MEFirstKind]
    var seconds: [String: MESecondKind]
}

/// An initial value that makes a model whose wrapper has the same type and key as the next
/// property's: manual mode must notice rather than hand the value to the wrong one.
private struct MEStealing: MappedCodable {
    var inner = MEStreet()
    @Mapped var name: String

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        _ = try encodeMappedProperties(to: encoder)
    }
}

private struct MEDated: MappedCodable {
    @Mapped(.date(.secondsSince1970)) var created: Date
}

private struct MELossyValidated: MappedCodable {
    @Mapped(default: 1, .lossy, .validate { $0 > 10 }) var size: Int
    @Mapped(.validate { ($0 ?? 0) > 10 }) var limit: Int?
}

@Suite("@Mapped review findings")
struct MappedEdgeCaseTests {
    @Test func nestedPlainTypesDoNotBorrowTheParentsKeys() throws {
        let outer = try MEOuter.decode(from: #"{"full_name": "Ada", "inner": {"name": "Bob"}}"#)
        #expect(outer.name == "Ada")
        #expect(outer.inner?.name == "Bob")
    }

    @Test func modelTypesMetAlternatelyEachUseTheirOwnLayout() throws {
        var random = SeededRandom(state: UInt64.random(in: 0...UInt64.max))
        let seed = random.state
        for _ in 0..<100 {
            // Both kinds carry both spellings, so that a layout used for the wrong type would
            // read the other kind's values rather than fail.
            func object(_ index: Int) -> (text: String, first: String, second: String, number: Int, other: Int) {
                let number = Int(random.next() % 1000)
                let other = Int(random.next() % 1000)
                let hasNumbers = random.next() % 3 != 0
                let numbers = hasNumbers ? #","n":\#(number),"m":\#(other)"# : ""
                return (#"{"a":"a\#(index)","b":"b\#(index)"\#(numbers)}"#, "a\(index)", "b\(index)", hasNumbers ? number : -1, hasNumbers ? other : -2)
            }
            let count = Int(random.next() % 5)
            let pairs = (0..<count).map { _ in (object(Int(random.next() % 100)), object(Int(random.next() % 100))) }
            let firsts = (0..<count).map { _ in object(Int(random.next() % 100)) }
            let seconds = (0..<count).map { _ in object(Int(random.next() % 100)) }
            let text =
                #"{"pairs":["# + pairs.map { #"{"first":\#($0.0.text),"second":\#($0.1.text)}"# }.joined(separator: ",")
                + #"],"firsts":["# + firsts.map(\.text).joined(separator: ",")
                + #"],"seconds":{"# + seconds.enumerated().map { #""k\#($0.offset)":\#($0.element.text)"# }.joined(separator: ",") + "}}"
            let decoded = try DynamicJSONDecoder().decode(MEKindDocument.self, from: Data(text.utf8))
            #expect(
                decoded.pairs.map { "\($0.first.name) \($0.first.number) \($0.second.name) \($0.second.number)" }
                    == pairs.map { "\($0.0.first) \($0.0.number) \($0.1.second) \($0.1.other)" }, "seed \(seed)")
            #expect(decoded.firsts.map { "\($0.name) \($0.number)" } == firsts.map { "\($0.first) \($0.number)" }, "seed \(seed)")
            #expect(
                (0..<count).map { decoded.seconds["k\($0)"].map { "\($0.name) \($0.number)" } }
                    == seconds.map { "\($0.second) \($0.other)" }, "seed \(seed)")
        }
    }

    @Test func unsetPropertiesWithoutAZeroValueNeverTrap() {
        let fresh = MEURL()
        #expect(String(describing: fresh).contains("(unset)"))
        // Equality compares values, an unset one included: two unset properties are equal, and
        // unlike any set one.
        #expect(fresh == MEURL())
        var set = MEURL()
        set.url = URL(string: "https://example.com/a")!
        #expect(fresh != set)
        var same = MEURL()
        same.url = URL(string: "https://example.com/a")!
        #expect(set == same)
        #expect(String(describing: set).contains("https://example.com/a"))
        #expect {
            try fresh.encodedData()
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["url"]
        }
    }

    @Test func aPathThroughAValueThatIsNotAnObjectIsATypeMismatch() throws {
        #expect {
            try MEZip.decode(from: #"{"address": "n/a"}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return Path(codingPath: context.codingPath) == "address"
        }
        #expect(try MEZip.decode(from: #"{"address": null}"#).zip == 0)
        #expect(try MEZip.decode(from: #"{}"#).zip == 0)
    }

    @Test func manualModeRefusesValuesTakenByANestedModel() {
        #expect {
            try MEStealing.decode(from: #"{"name": "Ada"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("did not give every @Mapped property")
        }
    }

    @Test func foundationsEncoderRefusesAPropertyWithADateStrategy() throws {
        var model = MEDated()
        model.created = Date(timeIntervalSince1970: 978_307_200)
        #expect {
            try JSONEncoder().encode(model)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("DynamicJSONEncoder")
        }
        #expect(String(decoding: try model.encodedData(), as: UTF8.self) == #"{"created":978307200}"#)
        #expect(String(decoding: try JSONEncoder().encode(Keyed(model)), as: UTF8.self) == #"{"created":978307200}"#)
    }

    @Test func aLossyDefaultIsNotValidated() throws {
        #expect(try MELossyValidated.decode(from: #"{"size": "big"}"#).size == 1)
        #expect(throws: MappedValidationError.self) { try MELossyValidated.decode(from: #"{"size": 5}"#) }
    }

    @Test func validationErrorsShowOptionalValuesPlainly() {
        #expect {
            try MELossyValidated.decode(from: #"{"size": 20, "limit": 3}"#)
        } throws: { error in
            (error as? MappedValidationError)?.value == "3"
        }
    }

    @Test func numbersBeyondDecimalsRangeBecomeTheNearestDouble() throws {
        let json = try JSON(parsing: #"{"huge": 1e400, "small": 1.5}"#)
        let object = try #require(json.foundationObject as? [String: Any])
        #expect(object["huge"] as? Double == .infinity)
        #expect(object["small"] as? Double == 1.5)
    }
}
