import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// Building a `JSON` tree from a parsed document: exact capacities, keys shared between objects,
// an object's key index filed from hashes computed once, long number literals packed. Random
// documents (with repeated, escaped and canonically equivalent keys, and numbers of every
// length) must build exactly the tree that plain `JSON.Object` insertion gives, first key
// winning, with key order, key spelling and number text intact.

/// Random JSON text, and the tree it must build, made by the public API alone.
private struct TreeTextGenerator {
    var random: SeededRandom

    /// Plain, non-ASCII, canonically equivalent (`é` twice, Kelvin sign and `K`) and long keys.
    static let keys = [
        "id", "name", "a", "b", "", "\u{E9}", "e\u{301}", "K", "\u{212A}", "profile_background_image_url_https",
        "in_reply_to_status_id_str", "x y", "\u{1F600}", "tab\there", "quote\"",
    ]
    static let strings = ["", "plain", "caf\u{E9}", "line\nbreak", "a/b\\c", "\u{1}", "a string long enough to be allocated"]

    /// A number literal of 1 to about 40 characters, so short, packed and too-long-to-pack
    /// literals all occur.
    mutating func numberLiteral() -> String {
        var text = Bool.random(using: &random) ? "-" : ""
        let integerDigits = Int.random(in: 1...22, using: &random)
        text += String(Int.random(in: 1...9, using: &random))
        for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
        if integerDigits == 1, Bool.random(using: &random) { text = text.dropLast() + "0" }
        if Bool.random(using: &random) {
            text += "."
            for _ in 0..<Int.random(in: 1...16, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            text += ["e", "E", "e+", "E-", "e-"].randomElement(using: &random)!
            text += String(Int.random(in: 0...400, using: &random))
        }
        return text
    }

    /// A key written raw or with every character a `\u` escape.
    mutating func keyText(_ key: String) -> String {
        guard Bool.random(using: &random) else { return quoted(key) }
        return "\"" + key.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
    }

    func quoted(_ text: String) -> String {
        String(decoding: JSON.string(text).serialized(), as: UTF8.self)
    }

    mutating func space() -> String {
        ["", " ", "\n  ", "\t"].randomElement(using: &random)!
    }

    /// JSON text and the value it must build.
    mutating func document(depth: Int = 0) -> (text: String, value: JSON) {
        switch Int.random(in: 0..<(depth >= 4 ? 4 : 7), using: &random) {
        case 0: return ("null", .null)
        case 1:
            let flag = Bool.random(using: &random)
            return (flag ? "true" : "false", .bool(flag))
        case 2:
            let literal = numberLiteral()
            return (literal, .number(JSON.Number(literal: literal)!))
        case 3:
            let text = Self.strings.randomElement(using: &random)!
            return (quoted(text), .string(text))
        case 4:
            var parts: [String] = []
            var elements: [JSON] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let (text, value) = document(depth: depth + 1)
                parts.append(space() + text + space())
                elements.append(value)
            }
            return ("[" + parts.joined(separator: ",") + "]", .array(elements))
        default:
            // Up to 30 members, past the size at which an object gets its key index, with
            // keys repeated (the first one wins).
            var parts: [String] = []
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                let key = Int.random(in: 0..<3, using: &random) == 0
                    ? Self.keys.randomElement(using: &random)!
                    : "k\(Int.random(in: 0..<40, using: &random))"
                let (text, value) = document(depth: depth + 1)
                parts.append(space() + keyText(key) + space() + ":" + space() + text)
                if object[key] == nil { object[key] = value }
            }
            return ("{" + parts.joined(separator: ",") + "}", .object(object))
        }
    }
}

/// Whether `lhs` and `rhs` are the same tree exactly: key order and spelling (by Unicode
/// scalars, not canonical equivalence), number text and string scalars, where `==` forgives all
/// of those.
private func identical(_ lhs: JSON, _ rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.literal == b.literal
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(identical)
    case (.object(let a), .object(let b)):
        return a.keys.count == b.keys.count
            && zip(a.keys, b.keys).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
            && zip(a.values, b.values).allSatisfy(identical)
    default: return false
    }
}

@Suite("JSON tree building")
struct JSONTreeBuildTests {
    static let seeds: [UInt64] = Array(1...12)

    @Test(arguments: seeds)
    func randomDocumentsBuildTheTreeInsertionGives(seed: UInt64) throws {
        var generator = TreeTextGenerator(random: SeededRandom(state: seed))
        for round in 0..<40 {
            let (text, expected) = generator.document()
            let parsed = try JSON(parsing: text)
            #expect(identical(parsed, expected), "seed \(seed), round \(round): \(text)")
            #expect(parsed == expected, "seed \(seed), round \(round)")
            #expect(parsed.serialized() == expected.serialized(), "seed \(seed), round \(round)")
            #expect(parsed.serialized(formatting: .sortedKeys) == expected.serialized(formatting: .sortedKeys), "seed \(seed), round \(round)")
            #expect(parsed.hashValue == expected.hashValue, "seed \(seed), round \(round)")
            let again = try JSON(parsing: parsed.serialized())
            #expect(identical(again, parsed), "seed \(seed), round \(round)")
        }
    }

    @Test(arguments: seeds)
    func builtObjectsLookUpEditAndRemoveLikeInsertedOnes(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let keys = (0..<40).map { "key\($0)" } + TreeTextGenerator.keys
        for round in 0..<20 {
            var reference = JSON.Object()
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                let key = keys.randomElement(using: &random)!
                if reference[key] == nil { reference[key] = .number(JSON.Number(Int.random(in: 0...99, using: &random))) }
            }
            var built = try #require(try JSON(parsing: JSON.object(reference).serialized()).objectValue)
            for step in 0..<30 {
                let key = keys.randomElement(using: &random)!
                #expect(built.index(forKey: key) == reference.index(forKey: key), "seed \(seed), round \(round), step \(step), \(key)")
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    built[key] = nil
                    reference[key] = nil
                case 1:
                    let value = JSON.string("v\(step)")
                    built[key] = value
                    reference[key] = value
                default:
                    #expect(built.removeValue(forKey: key) == reference.removeValue(forKey: key), "seed \(seed), round \(round), step \(step)")
                }
                #expect(built.keys == reference.keys, "seed \(seed), round \(round), step \(step)")
                #expect(identical(.object(built), .object(reference)), "seed \(seed), round \(round), step \(step)")
            }
        }
    }

    @Test
    func canonicallyEquivalentKeysAreOneKeyInAnIndexedObject() throws {
        let filler = (0..<20).map { "\"f\($0)\": \($0)" }.joined(separator: ", ")
        let json = try JSON(parsing: #"{\#(filler), "\u00e9": 1, "e\u0301": 2, "\u212a": 3, "K": 4}"#)
        let object = try #require(json.objectValue)
        #expect(object.count == 22)
        #expect(object.keys.suffix(2).map { Array($0.unicodeScalars) } == [["\u{E9}"], ["\u{212A}"]])
        #expect(object["e\u{301}"] == .number(1))
        #expect(object["K"] == .number(3))
    }

    @Test
    func longNumberLiteralsKeepTheirTextAndValue() throws {
        let literals = [
            "-65.613616999999977", "12345678901234567890123456789012", "123456789012345678901234567890123",
            "1.0000000000000000", "-1.5e+308000000000", "0.000000000000000000001E-5",
        ]
        let json = try JSON(parsing: "[" + literals.joined(separator: ",") + "]")
        let numbers = try #require(json.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.literal) == literals)
        #expect(numbers[0].double == -65.613616999999977)
        #expect(numbers[3] == JSON.Number(1))
        #expect(numbers[3].int == 1)
        #expect(numbers[1] == JSON.Number(literal: "12345678901234567890123456789012"))
        #expect(numbers[1] != JSON.Number(literal: "12345678901234567890123456789013"))
        #expect(Set(numbers + [JSON.Number(literal: "1")!]).count == literals.count)
        #expect(String(decoding: json.serialized(), as: UTF8.self) == "[" + literals.joined(separator: ",") + "]")
    }
}
