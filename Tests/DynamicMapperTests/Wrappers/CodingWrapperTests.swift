import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Helpers (CW prefix: private to this file)

private func cwPath(_ path: [any CodingKey]) -> [String] {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
}

// KeyedCodable's README model.
private struct CWPoint: Codable, Equatable {
    let x: Float
    let y: Float
}

private struct CWZeroTestCodable: Codable, Equatable {
    var name: String
    @Zero var secondName: String
    @Zero var numberOfChildren: Int
    @Zero var point: CWPoint
}

private struct CWZeroNested: Codable, Equatable {
    var title: String
    var subtitle: String?
    var items: [Int]
    var inner: CWPoint
    var kind: Int8
    var enabled: Bool
}

private enum CWKind: String, Codable, Equatable {
    case unset = ""
    case basic
}

private struct CWZeroEverything: Codable, Equatable {
    @Zero var tags: [String]
    @Zero var scores: [String: Int]
    @Zero var byID: [Int: String]
    @Zero var flags: Set<Int>
    @Zero var matrix: [[Int]]
    @Zero var isActive: Bool
    @Zero var ratio: Double
    @Zero var count: UInt64
    @Zero var amount: Decimal
    @Zero var bytes: Data
    @Zero var maybe: Int?
    @Zero var kind: CWKind
    @Zero var nested: CWZeroNested
}

private enum CWStatus: String, Codable {
    case active, inactive
}

private struct CWZeroURL: Codable {
    @Zero var homepage: URL
}

private struct CWZeroStatus: Codable {
    @Zero var status: CWStatus
}

/// Contains itself through a class, so it has no finite zero.
private final class CWLoop: Codable {
    let next: CWLoop
}

private struct CWZeroLoop: Codable {
    @Zero var loop: CWLoop
}

private struct CWZeroDate: Codable, Equatable {
    @Zero var when: Date
}

/// Optional `@Zero` properties and their synthesized twin, which must encode alike.
private struct CWZeroOptionals: Codable, Equatable {
    @Zero var count: Int?
    @Zero var name: String?
    @Zero var point: CWPoint?
}

private struct CWPlainOptionals: Codable, Equatable {
    var count: Int?
    var name: String?
    var point: CWPoint?
}

/// A dynamic model: a `nil` it decoded from `null` stays `null`; one it set drops the key.
private struct CWZeroDynamic: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Zero var count: Int?
}

// Transformers for the one-way wrappers and the error tests.
private struct CWDateTransformer: Transformer, DefaultInitializable {
    private static let day = DateFormatTransformer(format: "yyyy-MM-dd")
    func decode(_ raw: String) throws -> Date { try Self.day.decode(raw) }
    func encode(_ value: Date) throws -> String { try Self.day.encode(value) }
}

private struct CWEvent: Codable {
    @CodedBy<CWDateTransformer> var date: Date
}

private struct CWSchedule: Codable {
    var events: [CWEvent]
}

/// Codix's `{ $0 == "true" }` closure, as a type.
private struct CWFlagTransformer: DecodingTransformer, DefaultInitializable {
    func decode(_ raw: String) throws -> Bool { raw == "true" }
}

private struct CWSettings: Codable, Equatable {
    @DecodedBy<CWFlagTransformer> var isMale: Bool
}

private struct CWOptionalSettings: Codable, Equatable {
    @DecodedBy<OptionalTransformer<CWFlagTransformer>> var isMale: Bool?
}

private struct CWCentsTransformer: EncodingTransformer, DefaultInitializable {
    func encode(_ value: Double) throws -> Int {
        guard value >= 0 else { throw TransformerError(value: value, reason: "is a negative amount") }
        return Int((value * 100).rounded())
    }
}

private struct CWPayment: Codable, Equatable {
    @EncodedBy<CWCentsTransformer> var amount: Double
}

private struct CWOptionalPayment: Codable, Equatable {
    @EncodedBy<OptionalTransformer<CWCentsTransformer>> var tip: Double?
}

/// Neither `Encodable` nor `Decodable`.
private struct CWMember: Equatable {
    let id: Int
}

private struct CWMemberFromInt: DecodingTransformer, DefaultInitializable {
    func decode(_ raw: Int) throws -> CWMember { CWMember(id: raw) }
}

private struct CWMemberToInt: EncodingTransformer, DefaultInitializable {
    func encode(_ value: CWMember) throws -> Int { value.id }
}

private struct CWIncoming: Decodable {
    @DecodedBy<CWMemberFromInt> var member: CWMember
}

private struct CWOutgoing: Encodable {
    @EncodedBy<CWMemberToInt> var member: CWMember
}

private struct CWBoom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

private struct CWExplodingTransformer: Transformer, DefaultInitializable {
    func decode(_ raw: String) throws -> Int { throw CWBoom() }
    func encode(_ value: Int) throws -> String { throw CWBoom() }
}

private struct CWExploding: Codable {
    @CodedBy<CWExplodingTransformer> var value: Int
}

// MARK: - @Zero

@Suite("Coding wrappers: @Zero, @DecodedBy, @EncodedBy")
struct CodingWrapperTests {
    @Test("KeyedCodable's ZeroTestCodable: missing keys give zero values", arguments: CoderKind.allCases)
    func zeroMissing(coders: CoderKind) throws {
        let model = try coders.decode(CWZeroTestCodable.self, #"{"name":"Jan"}"#)
        #expect(model.name == "Jan")
        #expect(model.secondName == "")
        #expect(model.numberOfChildren == 0)
        #expect(model.point == CWPoint(x: 0, y: 0))
    }

    @Test("null gives the zero value too", arguments: CoderKind.allCases)
    func zeroNull(coders: CoderKind) throws {
        let json = #"{"name":"Jan","secondName":null,"numberOfChildren":null,"point":null}"#
        let model = try coders.decode(CWZeroTestCodable.self, json)
        #expect(model == CWZeroTestCodable(name: "Jan", secondName: "", numberOfChildren: 0, point: CWPoint(x: 0, y: 0)))
    }

    @Test("present values decode as usual", arguments: CoderKind.allCases)
    func zeroPresent(coders: CoderKind) throws {
        let json = #"{"name":"Jan","secondName":"Maria","numberOfChildren":2,"point":{"x":1.5,"y":-2}}"#
        let model = try coders.decode(CWZeroTestCodable.self, json)
        #expect(model == CWZeroTestCodable(name: "Jan", secondName: "Maria", numberOfChildren: 2, point: CWPoint(x: 1.5, y: -2)))
    }

    @Test("@Zero properties encode their values", arguments: CoderKind.allCases)
    func zeroEncoding(coders: CoderKind) throws {
        let zero = try coders.decode(CWZeroTestCodable.self, #"{"name":"Jan"}"#)
        #expect(try coders.encode(zero) == #"{"name":"Jan","numberOfChildren":0,"point":{"x":0,"y":0},"secondName":""}"#)
        let full = CWZeroTestCodable(name: "Jan", secondName: "Maria", numberOfChildren: 2, point: CWPoint(x: 1.5, y: -2))
        let text = try coders.encode(full)
        #expect(text == #"{"name":"Jan","numberOfChildren":2,"point":{"x":1.5,"y":-2},"secondName":"Maria"}"#)
        #expect(try coders.decode(CWZeroTestCodable.self, text) == full)
    }

    @Test(
        "zero values of collections, Bool, numbers, Decimal, Data, optionals, enums and nested models",
        arguments: CoderKind.allCases)
    func zeroEverything(coders: CoderKind) throws {
        let expected = CWZeroEverything(
            tags: [], scores: [:], byID: [:], flags: [], matrix: [], isActive: false, ratio: 0, count: 0,
            amount: 0, bytes: Data(), maybe: nil, kind: .unset,
            nested: CWZeroNested(title: "", subtitle: nil, items: [], inner: CWPoint(x: 0, y: 0), kind: 0, enabled: false))
        #expect(try coders.decode(CWZeroEverything.self, "{}") == expected)
        let nulls =
            #"{"tags":null,"scores":null,"byID":null,"flags":null,"matrix":null,"isActive":null,"ratio":null,"#
            + #""count":null,"amount":null,"bytes":null,"maybe":null,"kind":null,"nested":null}"#
        #expect(try coders.decode(CWZeroEverything.self, nulls) == expected)

        let present =
            #"{"tags":["a"],"scores":{"a":1},"byID":{"2":"b"},"flags":[3],"matrix":[[1],[]],"isActive":true,"#
            + #""ratio":0.5,"count":7,"amount":1.25,"bytes":"AAE=","maybe":4,"kind":"basic","#
            + #""nested":{"title":"t","items":[1],"inner":{"x":1,"y":2},"kind":-1,"enabled":true}}"#
        let model = try coders.decode(CWZeroEverything.self, present)
        #expect(model.tags == ["a"] && model.scores == ["a": 1] && model.byID == [2: "b"] && model.flags == [3])
        #expect(model.matrix == [[1], []] && model.isActive && model.ratio == 0.5 && model.count == 7)
        #expect(model.amount == Decimal(string: "1.25") && model.bytes == Data([0, 1]) && model.maybe == 4)
        #expect(model.kind == .basic)
        #expect(model.nested == CWZeroNested(title: "t", subtitle: nil, items: [1], inner: CWPoint(x: 1, y: 2), kind: -1, enabled: true))
    }

    @Test(
        "@Zero reads present values through the decoder's strategies; Date's zero is its reference date",
        arguments: CoderKind.allCases)
    func zeroDate(coders: CoderKind) throws {
        let decoder = coders.decoder
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try coders.decode(CWZeroDate.self, #"{"when":1335830400}"#, using: decoder).when == Date(timeIntervalSince1970: 1_335_830_400))
        #expect(try coders.decode(CWZeroDate.self, "{}", using: decoder).when == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test("@Zero in an array: null elements become zero", arguments: CoderKind.allCases)
    func zeroElements(coders: CoderKind) throws {
        let values = try coders.decode([Zero<Int>].self, "[1, null, 3]").map(\.wrappedValue)
        #expect(values == [1, 0, 3])
        #expect(try coders.encode([Zero(wrappedValue: 1), Zero(wrappedValue: 0)]) == "[1,0]")
    }

    @Test("an optional @Zero holding nil writes no key, as a synthesized optional does", arguments: CoderKind.allCases)
    func zeroOptionalNilWritesNothing(coders: CoderKind) throws {
        let decoded = try coders.decode(CWZeroOptionals.self, #"{"count":null}"#)
        #expect(decoded == CWZeroOptionals(count: nil, name: nil, point: nil))
        #expect(try coders.encode(decoded) == "{}")
        #expect(try coders.encode(CWZeroOptionals(count: 0, name: "", point: nil)) == #"{"count":0,"name":""}"#)
        // In an array a position must stay: nil is null there.
        #expect(try coders.encode([Zero<Int?>(wrappedValue: nil), Zero(wrappedValue: 2)]) == "[null,2]")

        var random = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0 ... .max, using: &random)
        var generator = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let count = Bool.random(using: &generator) ? Int.random(in: -9...9, using: &generator) : nil
            let name = Bool.random(using: &generator) ? ["", "a", "b c"].randomElement(using: &generator) : nil
            let point = Bool.random(using: &generator) ? CWPoint(x: 1, y: -1) : nil
            let zero = CWZeroOptionals(count: count, name: name, point: point)
            let text = try coders.encode(zero)
            #expect(text == (try coders.encode(CWPlainOptionals(count: count, name: name, point: point))), "seed \(seed)")
            #expect(try coders.decode(CWZeroOptionals.self, text) == zero, "seed \(seed)")
        }
    }

    @Test("a decoded dynamic model: a null it kept stays, a value it set to nil is removed")
    func zeroOptionalInDynamicModel() throws {
        let encoder = DynamicJSONEncoder()
        let kept = try DynamicJSONDecoder().decode(CWZeroDynamic.self, from: Data(#"{"count":null,"other":1}"#.utf8))
        #expect(String(decoding: try encoder.encode(kept), as: UTF8.self) == #"{"count":null,"other":1}"#)
        var cleared = try DynamicJSONDecoder().decode(CWZeroDynamic.self, from: Data(#"{"count":5,"other":1}"#.utf8))
        #expect(cleared.count == 5)
        cleared.count = nil
        #expect(String(decoding: try encoder.encode(cleared), as: UTF8.self) == #"{"other":1}"#)
    }

    @Test("a value that is there but wrong still throws", arguments: CoderKind.allCases)
    func zeroWrongValue(coders: CoderKind) throws {
        let error = coders.decodingError(CWZeroTestCodable.self, #"{"name":"Jan","numberOfChildren":"two"}"#)
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(cwPath(context.codingPath) == ["numberOfChildren"])
    }

    @Test("a type with no zero value makes a missing key throw valueNotFound at the key", arguments: CoderKind.allCases)
    func zeroMissingForTypeWithoutZero(coders: CoderKind) throws {
        for (error, type) in [
            (coders.decodingError(CWZeroURL.self, "{}"), "URL"),
            (coders.decodingError(CWZeroStatus.self, #"{"status":null}"#), "CWStatus"),
            (coders.decodingError(CWZeroLoop.self, "{}"), "CWLoop"),
        ] {
            guard case .valueNotFound(_, let context)? = error else {
                Issue.record("expected valueNotFound, got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.count == 1)
            #expect(context.debugDescription.hasPrefix("No value, and \(type) has no zero value: "))
            #expect(context.underlyingError is DecodingError)
        }
        if case .valueNotFound(_, let context)? = coders.decodingError(CWZeroLoop.self, "{}") {
            #expect(
                context.debugDescription
                    == "No value, and CWLoop has no zero value: The zero value nests deeper than 64 levels; the type contains itself")
        }
        #expect(try coders.decode(CWZeroStatus.self, #"{"status":"active"}"#).status == .active)
    }

    // MARK: @DecodedBy and @EncodedBy

    @Test("@DecodedBy transforms when decoding and encodes the value itself", arguments: CoderKind.allCases)
    func decodedBy(coders: CoderKind) throws {
        #expect(try coders.decode(CWSettings.self, #"{"isMale":"true"}"#).isMale == true)
        #expect(try coders.decode(CWSettings.self, #"{"isMale":"no"}"#).isMale == false)
        #expect(try coders.encode(CWSettings(isMale: true)) == #"{"isMale":true}"#)
        #expect(try coders.decode(CWIncoming.self, #"{"member":5}"#).member == CWMember(id: 5))

        #expect(try coders.decode(CWOptionalSettings.self, "{}").isMale == nil)
        #expect(try coders.decode(CWOptionalSettings.self, #"{"isMale":null}"#).isMale == nil)
        #expect(try coders.decode(CWOptionalSettings.self, #"{"isMale":"true"}"#).isMale == true)
        #expect(try coders.encode(CWOptionalSettings(isMale: nil)) == "{}")
        #expect(try coders.encode(CWOptionalSettings(isMale: false)) == #"{"isMale":false}"#)
    }

    @Test("@EncodedBy transforms when encoding and decodes the value itself", arguments: CoderKind.allCases)
    func encodedBy(coders: CoderKind) throws {
        #expect(try coders.encode(CWPayment(amount: 19.99)) == #"{"amount":1999}"#)
        #expect(try coders.decode(CWPayment.self, #"{"amount":19.99}"#).amount == 19.99)
        #expect(try coders.encode(CWOutgoing(member: CWMember(id: 8))) == #"{"member":8}"#)

        #expect(try coders.decode(CWOptionalPayment.self, "{}").tip == nil)
        #expect(try coders.decode(CWOptionalPayment.self, #"{"tip":null}"#).tip == nil)
        #expect(try coders.decode(CWOptionalPayment.self, #"{"tip":1.5}"#).tip == 1.5)
        #expect(try coders.encode(CWOptionalPayment(tip: nil)) == "{}")
        #expect(try coders.encode(CWOptionalPayment(tip: 1.5)) == #"{"tip":150}"#)
    }

    // MARK: Errors

    @Test(
        "a transformer failure is dataCorrupted at the property with the raw value in the message",
        arguments: CoderKind.allCases)
    func transformerFailure(coders: CoderKind) throws {
        let error = coders.decodingError(CWEvent.self, #"{"date":"2012-13-45"}"#)
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(cwPath(context.codingPath) == ["date"])
        #expect(context.debugDescription == #""2012-13-45" is not a date in the format yyyy-MM-dd"#)
        #expect(
            context.underlyingError as? TransformerError
                == TransformerError(value: "2012-13-45", reason: "is not a date in the format yyyy-MM-dd"))
    }

    @Test("the path of a failure inside an array names the element", arguments: CoderKind.allCases)
    func transformerFailureNested(coders: CoderKind) throws {
        let error = coders.decodingError(CWSchedule.self, #"{"events":[{"date":"2012-05-01"},{"date":"May 1st"}]}"#)
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(cwPath(context.codingPath) == ["events", "[1]", "date"])
        #expect(context.debugDescription.contains(#""May 1st""#))
    }

    @Test("a raw value of the wrong type is the decoder's own typeMismatch", arguments: CoderKind.allCases)
    func rawTypeMismatch(coders: CoderKind) throws {
        let error = coders.decodingError(CWEvent.self, #"{"date":20120501}"#)
        guard case .typeMismatch(let type, let context)? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(cwPath(context.codingPath) == ["date"])
        guard case .keyNotFound(let key, _)? = coders.decodingError(CWEvent.self, "{}") else {
            Issue.record("expected keyNotFound")
            return
        }
        #expect(key.stringValue == "date")
    }

    @Test("an error that is not a TransformerError is wrapped with the raw value", arguments: CoderKind.allCases)
    func otherTransformerError(coders: CoderKind) throws {
        let error = coders.decodingError(CWExploding.self, #"{"value":"tick"}"#)
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(cwPath(context.codingPath) == ["value"])
        #expect(context.debugDescription == #""tick" could not be transformed to Int: boom"#)
        #expect(context.underlyingError is CWBoom)
    }

    @Test("an encoding failure is invalidValue at the property", arguments: CoderKind.allCases)
    func encodingFailure(coders: CoderKind) throws {
        for (value, message) in [
            (try coders.encodingError(CWPayment(amount: -1)), "-1.0 is a negative amount"),
            (try coders.encodingError(CWExploding(value: 3)), "3 could not be transformed to String: boom"),
        ] {
            guard case .invalidValue(_, let context)? = value else {
                Issue.record("expected invalidValue, got \(String(describing: value))")
                continue
            }
            #expect(context.codingPath.count == 1)
            #expect(context.debugDescription == message)
        }
    }
}

extension CoderKind {
    fileprivate func encodingError<T: Encodable>(_ value: T) throws -> EncodingError? {
        do {
            _ = try encoder.encode(value)
            return nil
        } catch let error as EncodingError {
            return error
        }
    }
}
