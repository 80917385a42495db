import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// `String`, `Int`, `Double` and `Bool` properties are read through entry points of their own
// in the synthesized `init(from:)`; every other type, and a hand-written `init(from:)` that
// calls `init(mappedFrom:)`, goes through the generic reader. Both must agree on every input:
// the same values, the same lossless conversions, the same errors at the same paths.

private struct ScalarSynthesized: MappedCodable, Equatable {
    @Mapped("s") var text: String
    @Mapped("i") var count: Int
    @Mapped("d") var ratio: Double
    @Mapped("b") var flag: Bool
    @Mapped("n.s", default: "none") var nestedText: String
    @Mapped("oi") var maybeCount: Int?
    @Mapped("i8", default: 7) var small: Int8
}

private struct ScalarHandWritten: MappedCodable, Equatable {
    @Mapped("s") var text: String
    @Mapped("i") var count: Int
    @Mapped("d") var ratio: Double
    @Mapped("b") var flag: Bool
    @Mapped("n.s", default: "none") var nestedText: String
    @Mapped("oi") var maybeCount: Int?
    @Mapped("i8", default: 7) var small: Int8

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
    }
}

/// What a decode gave: the values, or the error's kind and path.
private enum ScalarOutcome: Equatable {
    case values([String])
    case failure(kind: String, path: [String])

    init(_ body: () throws -> [String]) {
        do {
            self = .values(try body())
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context): self = .failure(kind: "typeMismatch", path: context.codingPath.map(\.stringValue))
            case .valueNotFound(_, let context): self = .failure(kind: "valueNotFound", path: context.codingPath.map(\.stringValue))
            case .keyNotFound(let key, let context): self = .failure(kind: "keyNotFound", path: context.codingPath.map(\.stringValue) + [key.stringValue])
            case .dataCorrupted(let context): self = .failure(kind: "dataCorrupted", path: context.codingPath.map(\.stringValue))
            @unknown default: self = .failure(kind: "unknown", path: [])
            }
        } catch {
            self = .failure(kind: "\(type(of: error))", path: [])
        }
    }
}

@Suite("@Mapped scalar properties: specialised and generic readers agree")
struct MappedScalarPathTests {
    /// A random JSON value of a kind a scalar property may meet, lossless conversions included.
    private static func scalar(_ random: inout SeededRandom) -> String {
        switch random.next() % 14 {
        case 0: return "\(Int.random(in: -1_000_000...1_000_000, using: &random))"
        case 1: return "\(Double(Int.random(in: -10_000...10_000, using: &random)) / 8)"
        case 2: return Bool.random(using: &random) ? "true" : "false"
        case 3: return "null"
        case 4: return #""\#(Int.random(in: -500...500, using: &random))""#
        case 5: return #""\#(Double(Int.random(in: -500...500, using: &random)) / 4)""#
        case 6: return ["\"true\"", "\"false\"", "\"1\"", "\"0\"", "\"yes\""][Int(random.next() % 5)]
        case 7: return #""word \#(random.next() % 1000)""#
        case 8: return "[1,2]"
        case 9: return #"{"x":1}"#
        case 10: return ["0", "1", "1.0", "1e3", "-0", "300", "127", "-129"][Int(random.next() % 8)]
        case 11: return "\(UInt64.max)"
        case 12: return #""""#
        default: return #""\u00e9\ud83d\ude00""#
        }
    }

    /// A value that the property under `key` reads, as it is or converted, or now and then
    /// any scalar: most documents then decode, and the rest fail at various properties.
    private static func member(_ key: String, _ random: inout SeededRandom) -> String {
        guard random.next() % 8 != 0 else { return scalar(&random) }
        let number = Int.random(in: -100...100, using: &random)
        switch (key, random.next() % 2) {
        case ("s", 0): return #""text \#(number)""#
        case ("d", 0): return "\(Double(number) / 4)"
        case ("d", _): return #""\#(Double(number) / 2)""#
        case ("b", 0): return number % 2 == 0 ? "true" : "false"
        case ("b", _): return number % 2 == 0 ? #""1""# : "0"
        case (_, 0): return "\(number)"
        default: return #""\#(number)""#
        }
    }

    private static func document(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        for key in ["s", "i", "d", "b", "oi", "i8"] where random.next() % 10 != 0 {
            members.append(#""\#(key)":\#(member(key, &random))"#)
        }
        switch random.next() % 4 {
        case 0: members.append(#""n":{"s":\#(scalar(&random))}"#)
        case 1: members.append(#""n":\#(scalar(&random))"#)
        default: break
        }
        members.shuffle(using: &random)
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test("both readers give the same values or the same error, on 3,000 random documents", arguments: [UInt64(1), 2, 3])
    func readersAgree(seed: UInt64) {
        var random = SeededRandom(state: seed)
        var decoded = 0
        for _ in 0..<1_000 {
            let json = Self.document(&random)
            let data = Data(json.utf8)
            let specialised = ScalarOutcome {
                let model = try DynamicJSONDecoder().decode(ScalarSynthesized.self, from: data)
                return [
                    model.text, "\(model.count)", "\(model.ratio)", "\(model.flag)", model.nestedText, "\(String(describing: model.maybeCount))",
                    "\(model.small)",
                ]
            }
            let generic = ScalarOutcome {
                let model = try DynamicJSONDecoder().decode(ScalarHandWritten.self, from: data)
                return [
                    model.text, "\(model.count)", "\(model.ratio)", "\(model.flag)", model.nestedText, "\(String(describing: model.maybeCount))",
                    "\(model.small)",
                ]
            }
            #expect(specialised == generic, "\(json)")
            if case .values = specialised { decoded += 1 }
        }
        // Both outcomes are exercised: many documents decode, many fail.
        #expect(decoded > 100 && decoded < 900, "\(decoded) of 1,000 decoded")
    }

    @Test("a document with every scalar present decodes to exact values, converted losslessly")
    func exactValues() throws {
        let data = Data(#"{"s":12,"i":"34","d":"2.5","b":"1","n":{"s":"deep"},"oi":null,"i8":-3}"#.utf8)
        let model = try DynamicJSONDecoder().decode(ScalarSynthesized.self, from: data)
        #expect(model.text == "12")
        #expect(model.count == 34)
        #expect(model.ratio == 2.5)
        #expect(model.flag == true)
        #expect(model.nestedText == "deep")
        #expect(model.maybeCount == nil)
        #expect(model.small == -3)
    }

    @Test("a value of the wrong kind fails at its own path")
    func wrongKind() {
        let outcome = ScalarOutcome {
            _ = try DynamicJSONDecoder().decode(ScalarSynthesized.self, from: Data(#"{"s":"a","i":[1],"d":1,"b":true}"#.utf8))
            return []
        }
        #expect(outcome == .failure(kind: "typeMismatch", path: ["i"]))
    }
}
