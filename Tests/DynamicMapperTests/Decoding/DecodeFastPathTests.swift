import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// The shortcuts taken for speed (issue 18) give what `JSONDecoder` gives: arrays of scalars read
// without `Array.init(from:)`, key uniqueness checked on word-wise hashes, and key lookups that
// learn once per walk whether the name asked for is ASCII.

private struct ScalarArrays: Codable, Equatable {
    var doubles: [Double]
    var ints: [Int]
    var strings: [String]
    var bools: [Bool]
    var floats: [Float]
    var nested: [[Double]]
}

/// Coding keys that are long, share prefixes, and have lengths on both sides of 8 and 16,
/// where the word-wise key hash loads whole and overlapping words.
private struct LongKeys: Codable, Equatable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
    var e: Int?

    enum CodingKeys: String, CodingKey {
        case a = "k"
        case b = "property_"
        case c = "property_names"
        case d = "property_names_are_long"
        case e = "property_names_are_longer"
    }

    static let names = ["k", "property_", "property_names", "property_names_are_long", "property_names_are_longer"]
}

private struct Accented: Codable, Equatable {
    var first: Int
    var second: Int
    // swift-format-ignore: IdentifiersMustBeASCII
    var café: Int // a non-ASCII key is what is tested
}

@Suite("Decode fast paths")
struct DecodeFastPathTests {
    @Test("an array of scalars decodes like Foundation's, errors and paths included")
    func scalarArrayExamples() throws {
        let good = #"{"doubles":[1.5,-0,2e3],"ints":[1,-2],"strings":["a","é\n"],"bools":[true,false],"floats":[0.25],"nested":[[1,2],[]]}"#
        let decoded = try DynamicJSONDecoder().decode(ScalarArrays.self, from: Data(good.utf8))
        #expect(
            decoded
                == ScalarArrays(
                    doubles: [1.5, -0.0, 2000], ints: [1, -2], strings: ["a", "é\n"], bools: [true, false], floats: [0.25], nested: [[1, 2], []]))
        #expect(decoded.doubles[1].sign == .minus)

        let wrongElement = #"{"doubles":[],"ints":[1,2,"x"],"strings":[],"bools":[],"floats":[],"nested":[]}"#
        do {
            _ = try DynamicJSONDecoder().decode(ScalarArrays.self, from: Data(wrongElement.utf8))
            Issue.record("decoded a string as an Int")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(renderedPath(context.codingPath) == "ints[2]")
        }

        for text in [
            wrongElement,
            #"{"doubles":[1,null],"ints":[],"strings":[],"bools":[],"floats":[],"nested":[]}"#,
            #"{"doubles":[],"ints":[],"strings":[],"bools":[],"floats":[],"nested":[[1],[2,true]]}"#,
            #"{"doubles":{},"ints":[],"strings":[],"bools":[],"floats":[],"nested":[]}"#,
            #"{"doubles":null,"ints":[],"strings":[],"bools":[],"floats":[],"nested":[]}"#,
            #"{"doubles":[],"ints":[],"strings":[],"bools":[1],"floats":[],"nested":[]}"#,
        ] {
            expectSameDecoding(ScalarArrays.self, text)
        }
        // A number that does not fit: the documented difference, our path names the element.
        expectSameDecoding(ScalarArrays.self, #"{"doubles":[],"ints":[2,1.5],"strings":[],"bools":[],"floats":[],"nested":[]}"#, fullPath: "ints[1]")
        expectSameDecoding(ScalarArrays.self, #"{"doubles":[],"ints":[],"strings":[],"bools":[],"floats":[1e300],"nested":[]}"#, fullPath: "floats[0]")
        expectSameDecoding([Int].self, "[1,2,3]")
        expectSameDecoding([String].self, #"["x", 1]"#)
        expectSameDecoding([[Bool]].self, "[[true],[false,null]]")
    }

    @Test("random arrays of scalars, some with a bad element, decode like Foundation's")
    func scalarArrayProperty() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        let elements: [(String, [String])] = [
            ("doubles", ["0", "-1.25", "3e-5", "12345678901234567890", "-0.0"]),
            ("ints", ["0", "-7", "9223372036854775807", "42"]),
            ("strings", [#""""#, #""a\"b""#, #""\u00e9t\u00e9""#, #""plain""#]),
            ("bools", ["true", "false"]),
            ("floats", ["0.5", "-3", "1e10"]),
        ]
        // Numbers that do not fit their type are left out: Foundation reports them with a
        // shorter path (a documented difference, checked above).
        let wrong = ["null", #""s""#, "true", "{}", "[]"]
        for _ in 0..<200 {
            var members: [String] = []
            for (name, values) in elements {
                var items = (0..<Int.random(in: 0...6, using: &random)).map { _ in values.randomElement(using: &random)! }
                if !items.isEmpty && Int.random(in: 0..<8, using: &random) == 0 {
                    items[Int.random(in: 0..<items.count, using: &random)] = wrong.randomElement(using: &random)!
                }
                members.append(#""\#(name)":[\#(items.joined(separator: ","))]"#)
            }
            let pairs = (0..<Int.random(in: 0...3, using: &random)).map { _ in "[\(Int.random(in: -5...5, using: &random)),0.5]" }
            members.append(#""nested":[\#(pairs.joined(separator: ","))]"#)
            let text = "{" + members.joined(separator: ",") + "}"
            expectSameDecoding(ScalarArrays.self, data: Data(text.utf8), note: "seed \(seed)", isEqual: ==)
        }
    }

    @Test("a repeated long key: the first one wins, wherever the lookup starts")
    func repeatedLongKey() throws {
        let text = #"{"k":1,"property_":2,"property_names":3,"property_names_are_long":4,"property_names_are_long":5,"property_names":6}"#
        let decoded = try DynamicJSONDecoder().decode(LongKeys.self, from: Data(text.utf8))
        #expect(decoded == LongKeys(a: 1, b: 2, c: 3, d: 4, e: nil))
        expectSameDecoding(LongKeys.self, text)
    }

    @Test("random objects with long and repeated keys decode like Foundation's")
    func repeatedKeysProperty() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        // Near misses of the real keys (same length, one byte changed; one byte longer) test
        // that the hash tells apart what the loads overlap.
        let decoys = ["property-", "property_nameS", "Property_names_are_long", "property_names_are_long_", "x"]
        for _ in 0..<300 {
            var keys = LongKeys.names + decoys.filter { _ in Bool.random(using: &random) }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                keys.append(LongKeys.names.randomElement(using: &random)!)
            }
            keys.shuffle(using: &random)
            let members = keys.map { #""\#($0)":\#(Int.random(in: 0...99, using: &random))"# }
            let text = "{" + members.joined(separator: ",") + "}"
            expectSameDecoding(LongKeys.self, data: Data(text.utf8), note: "seed \(seed)", isEqual: ==)
        }
    }

    @Test("a decomposed key matches its precomposed name after lookups that did not match")
    func nonASCIINameAfterMisses() throws {
        // The walk for `café` passes `first` and `second` first; those misses must not settle
        // whether the name is ASCII wrongly.
        let text = "{\"first\":1,\"second\":2,\"cafe\u{301}\":3}"
        #expect(try DynamicJSONDecoder().decode(Accented.self, from: Data(text.utf8)) == Accented(first: 1, second: 2, café: 3))
        expectSameDecoding(Accented.self, text)
        expectSameDecoding(Accented.self, "{\"cafe\u{301}\":3,\"second\":2,\"first\":1}")
    }
}
