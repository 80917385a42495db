import Foundation
import Testing
import DynamicMapper

// The built-in transformers Codix and Alter users reach for (issue 17, item 2): Booleans from
// numbers and words, a pass-through, enums with a fallback case, and Unix time in whole units.

private enum VTStatus: String, Sendable, Equatable {
    case active, banned, unknown
}

private struct VTAccount: MappedCodable, Equatable {
    @Mapped("admin", using: BoolFromIntTransformer()) var isAdmin = false
    @Mapped("verified", using: BoolFromStringTransformer(trueText: "yes", falseText: "no")) var isVerified = false
    @Mapped("status", using: FallbackRawValueTransformer(fallback: VTStatus.unknown)) var status = VTStatus.active
    @Mapped("seen", using: UnixTimeTransformer(unit: .milliseconds, rounding: .toNearestOrAwayFromZero)) var seen = Date(timeIntervalSince1970: 0)
    @Mapped("tags", using: PassThroughTransformer<String>().array.optional) var tags: [String]? = nil
}

private func vtRefusal(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as TransformerError {
        return error.description
    } catch {
        return "\(error)"
    }
}

@Suite("Value transformers")
struct ValueTransformerTests {
    @Test("BoolFromIntTransformer reads 1 and 0 only")
    func boolFromInt() throws {
        let transformer = BoolFromIntTransformer()
        #expect(try transformer.decode(1) == true)
        #expect(try transformer.decode(0) == false)
        #expect(try transformer.encode(true) == 1)
        #expect(try transformer.encode(false) == 0)
        #expect(vtRefusal { try transformer.decode(2) } == "2 is not 0 or 1")
        #expect(vtRefusal { try transformer.decode(-1) } == "-1 is not 0 or 1")
    }

    @Test("BoolFromStringTransformer reads true/false/yes/no in any case and writes its texts")
    func boolFromString() throws {
        let transformer = BoolFromStringTransformer()
        for text in ["true", "TRUE", "True", "yes", "YES", "yEs"] { #expect(try transformer.decode(text) == true, "\(text)") }
        for text in ["false", "FALSE", "no", "No", "nO"] { #expect(try transformer.decode(text) == false, "\(text)") }
        #expect(try transformer.encode(true) == "true")
        #expect(try transformer.encode(false) == "false")
        #expect(vtRefusal { try transformer.decode("maybe") } == #""maybe" is not one of true, false, yes, no"#)
        #expect(vtRefusal { try transformer.decode(" yes") } == #"" yes" is not one of true, false, yes, no"#)
        #expect(vtRefusal { try transformer.decode("1") } == #""1" is not one of true, false, yes, no"#)

        let custom = BoolFromStringTransformer(trueText: "Y", falseText: "N")
        #expect(try custom.encode(true) == "Y")
        #expect(try custom.decode("y") == true)
        #expect(try custom.decode("n") == false)
        #expect(try custom.decode("no") == false)
        #expect(vtRefusal { try custom.decode("x") } == #""x" is not one of true, false, yes, no, Y, N"#)
    }

    @Test("PassThroughTransformer changes nothing, alone or combined")
    func passThrough() throws {
        #expect(try PassThroughTransformer<Int>().decode(42) == 42)
        #expect(try PassThroughTransformer<String>().encode("a") == "a")
        #expect(try PassThroughTransformer<String>().array.optional.decode(nil) == nil)
        #expect(try PassThroughTransformer<String>().array.decode(["a", "b"]) == ["a", "b"])
    }

    @Test("FallbackRawValueTransformer takes the fallback for an unknown raw value")
    func fallbackRawValue() throws {
        let transformer = FallbackRawValueTransformer<VTStatus>(fallback: .unknown)
        #expect(try transformer.decode("active") == .active)
        #expect(try transformer.decode("banned") == .banned)
        #expect(try transformer.decode("paused") == .unknown)
        #expect(try transformer.decode("") == .unknown)
        #expect(try transformer.encode(.banned) == "banned")
        #expect(transformer.fallback == .unknown)
    }

    @Test("UnixTimeTransformer with rounding writes whole seconds and milliseconds")
    func unixTimeRounding() throws {
        let date = Date(timeIntervalSince1970: 1_608_854_400.1234)
        #expect(try UnixTimeTransformer(unit: .milliseconds).encode(date) != 1_608_854_400_123)
        let millis = UnixTimeTransformer(unit: .milliseconds, rounding: .toNearestOrAwayFromZero)
        #expect(try millis.encode(date) == 1_608_854_400_123)
        #expect(try millis.encode(Date(timeIntervalSince1970: 1.0006)) == 1001)
        #expect(try UnixTimeTransformer(unit: .milliseconds, rounding: .down).encode(Date(timeIntervalSince1970: 1.0009)) == 1000)
        #expect(try UnixTimeTransformer(unit: .seconds, rounding: .toNearestOrEven).encode(date) == 1_608_854_400)
        #expect(try UnixTimeTransformer(unit: .seconds, rounding: .up).encode(date) == 1_608_854_401)
        #expect(millis.rounding == .toNearestOrAwayFromZero)
        #expect(UnixTimeTransformer().rounding == nil)
        // Reading is unchanged: fractions in the document still decode.
        #expect(try millis.decode(1500.5) == Date(timeIntervalSince1970: 1.5005))
        #expect(vtRefusal { try millis.decode(LenientNumber(Double.infinity)) } == "inf is not a finite number of milliseconds since 1970")
    }

    @Test("in a @Mapped model: exact output, round trip and refusals at the property's path")
    func inAModel() throws {
        let input = #"{"admin":1,"verified":"YES","status":"paused","seen":1608854400123,"tags":["a"]}"#
        let account = try VTAccount.decode(from: input)
        #expect(account.isAdmin && account.isVerified && account.status == .unknown && account.tags == ["a"])
        #expect(account.seen == Date(timeIntervalSince1970: 1_608_854_400.123))

        var edited = account
        edited.seen = Date(timeIntervalSince1970: 1_608_854_400.1234)
        edited.status = .banned
        edited.isVerified = false
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(edited), as: UTF8.self)
        #expect(text == #"{"admin":1,"seen":1608854400123,"status":"banned","tags":["a"],"verified":"no"}"#)

        do {
            _ = try VTAccount.decode(from: #"{"admin":2,"verified":"no","status":"active","seen":0}"#)
            Issue.record("expected a refusal")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["admin"])
            #expect(context.debugDescription.contains("2 is not 0 or 1"))
        }
        do {
            _ = try VTAccount.decode(from: #"{"admin":0,"verified":"si","status":"active","seen":0}"#)
            Issue.record("expected a refusal")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["verified"])
            #expect(context.debugDescription.contains(#""si" is not one of true, false, yes, no"#))
        }
    }
}

// An unknown-enum fallback for a plain Codable property (issue 35, item 6): the enum names its
// fallback case, so `@CodedBy` can make the transformer.

private enum VTPlan: String, Sendable, Equatable, FallbackRawRepresentable {
    case free, pro, unknown
    static let fallback = VTPlan.unknown
}

private struct VTSubscription: Codable, Equatable {
    @CodedBy<FallbackRawValueTransformer<VTPlan>> var plan: VTPlan
    @CodedBy<OptionalTransformer<FallbackRawValueTransformer<VTPlan>>> var trial: VTPlan?
}

@Suite("FallbackRawValueTransformer with @CodedBy")
struct FallbackCodedByTests {
    @Test("A known raw value decodes as its case, an unknown one as the fallback, with both decoders")
    func decodesKnownAndUnknown() throws {
        let data = Data(#"{"plan": "team", "trial": "pro"}"#.utf8)
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            let subscription = try decoder.decode(VTSubscription.self, from: data)
            #expect(subscription.plan == .unknown)
            #expect(subscription.trial == .pro)
        }
        let known = try DynamicJSONDecoder().decode(VTSubscription.self, from: Data(#"{"plan": "free"}"#.utf8))
        #expect(known.plan == .free)
        #expect(known.trial == nil)
    }

    @Test("The transformer made by init() takes the type's fallback")
    func defaultInitializer() throws {
        let transformer = FallbackRawValueTransformer<VTPlan>()
        #expect(transformer.fallback == .unknown)
        #expect(try transformer.decode("enterprise") == .unknown)
        #expect(try transformer.decode("pro") == .pro)
    }

    @Test("Encoding writes the case's raw value; a nil optional leaves its key out")
    func encodes() throws {
        var subscription = try DynamicJSONDecoder().decode(VTSubscription.self, from: Data(#"{"plan": "team", "trial": null}"#.utf8))
        #expect(subscription.trial == nil)
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(subscription), as: UTF8.self) == #"{"plan":"unknown"}"#)
        subscription.trial = .free
        #expect(String(decoding: try encoder.encode(subscription), as: UTF8.self) == #"{"plan":"unknown","trial":"free"}"#)
    }

    @Test("A raw value of the wrong type is still an error, naming the property")
    func wrongRawType() {
        #expect(throws: DecodingError.self) {
            try DynamicJSONDecoder().decode(VTSubscription.self, from: Data(#"{"plan": 3}"#.utf8))
        }
        do {
            _ = try JSONDecoder().decode(VTSubscription.self, from: Data(#"{"plan": 3}"#.utf8))
            Issue.record("a number decoded as a String raw value")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["plan"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
