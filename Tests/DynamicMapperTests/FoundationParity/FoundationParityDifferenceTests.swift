import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Where Foundation's own coder tests (swift-foundation, JSONEncoderTests.swift) expect what we
// deliberately do otherwise: each case pinned against `JSONDecoder`'s answer on this machine,
// with the README bullet ("Differences from Foundation's coders") that explains it.

@Suite("Foundation parity: documented differences")
struct FoundationParityDocumentedDifferenceTests {
    /// README, "Strict RFC 8259": Foundation reads trailing commas in plain JSON.
    @Test func trailingCommasNeedJSON5() throws {
        let data = Data(#"{"key" : [ true, ],}"#.utf8)
        #expect(try JSONDecoder().decode([String: [Bool]].self, from: data) == ["key": [true]])
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode([String: [Bool]].self, from: data) }
        #expect(try DynamicJSONDecoder.json5.decode([String: [Bool]].self, from: data) == ["key": [true]])
    }

    /// DecodingAndEncoding, "Dictionary keys in coding paths keep their integer value": an
    /// entry whose key reads as an integer is named with that integer under any key strategy;
    /// `JSONDecoder` drops it under a strategy.
    @Test(arguments: ["01", "7", "-3"])
    func dictionaryKeysInPathsKeepTheirInteger(_ key: String) throws {
        let data = Data(#"{"a": [1], "\#(key)": "x"}"#.utf8)
        func failingKey(_ decoder: JSONDecoder) throws -> (String, Int?) {
            do {
                _ = try decoder.decode([String: [Int]].self, from: data)
            } catch DecodingError.typeMismatch(_, let context) {
                let last = try #require(context.codingPath.last)
                return (last.stringValue, last.intValue)
            }
            Issue.record("decoded \(key)'s string as [Int]")
            return ("", nil)
        }
        for strategy in [JSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
            let ours = DynamicJSONDecoder()
            ours.keyDecodingStrategy = strategy
            let found = try failingKey(ours)
            #expect(found.0 == key && found.1 == Int(key))
        }
        let foundation = JSONDecoder()
        #expect(try failingKey(foundation).1 == Int(key))
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try failingKey(foundation).1 == nil)
    }

    /// README, "A dictionary with several values that do not fit": the error names the first
    /// of them in the document; `JSONDecoder`'s names one of them, chosen by its hash order.
    @Test func dictionaryFailsAtItsFirstBadEntry() throws {
        // (A fraction is `dataCorrupted`, whose path Foundation shortens: another difference.)
        let bad = [#""x""#, "null", "[1]", "{}", "true"]
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let count = Int.random(in: 1...8, using: &random)
            var members: [(key: String, value: String)] = []
            for position in 0..<count {
                let value = Bool.random(using: &random) ? String(Int.random(in: -99...99, using: &random)) : bad.randomElement(using: &random)!
                members.append(("k\(position)_\(Int.random(in: 0...9, using: &random))", value))
            }
            let data = Data(("{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}").utf8)
            let badKeys = members.filter { Int($0.value) == nil }.map(\.key)
            let ours = Result { try DynamicJSONDecoder().decode([String: Int].self, from: data) }
            let foundation = Result { try JSONDecoder().decode([String: Int].self, from: data) }
            guard let firstBad = badKeys.first else {
                #expect(try ours.get() == foundation.get(), "seed \(seed)")
                continue
            }
            guard case .failure(let ourError) = ours, case .failure(let foundationError) = foundation else {
                Issue.record("seed \(seed): a dictionary with a bad entry decoded: ours \(ours), Foundation \(foundation)")
                continue
            }
            let mine = DecodingErrorSummary(ourError)
            let theirs = DecodingErrorSummary(foundationError)
            #expect(mine.path.map(\.string) == [firstBad], "seed \(seed): ours \(mine)")
            #expect(theirs.path.count == 1 && badKeys.contains(theirs.path[0].string), "seed \(seed): Foundation \(theirs)")
            // The same error as Foundation's for the entry it names, `null` a missing value.
            let firstValue = members.first { $0.key == firstBad }!.value
            #expect(mine.kind == (firstValue == "null" ? .valueNotFound("Swift.Int") : .typeMismatch("Swift.Int")), "seed \(seed)")
        }
    }

    /// README, "JSON5 follows the JSON5 specification": NUL escapes read as U+0000.
    @Test(arguments: [#"\0"#, #"\x00"#, #"\u0000"#])
    func nulEscapesInJSON5(_ escape: String) throws {
        let data = Data(#"{v: "hi\#(escape)there"}"#.utf8)
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        #expect(throws: DecodingError.self) { try foundation.decode([String: String].self, from: data) }
        #expect(try DynamicJSONDecoder.json5.decode([String: String].self, from: data) == ["v": "hi\u{0}there"])
    }

    /// README, "A U+FEFF in a string or key": kept, as `JSONDecoder` keeps it, in random
    /// strings and keys, in UTF-8 and both UTF-16 byte orders; `JSONSerialization` drops some,
    /// and the fuzz oracle allows exactly that.
    @Test func byteOrderMarkInStringsIsKept() throws {
        var random = SeededRandom(state: 0xFEFF)
        let pieces = ["\u{FEFF}", "a", "é", "😀", " ", "\\n", "\\u0041", "\\uFEFF"]
        func text() -> String {
            (0..<Int(random.next() % 5)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<300 {
            let key = (random.next() % 2 == 0 ? "\u{FEFF}" : "") + text()
            let value = (random.next() % 2 == 0 ? "\u{FEFF}" : "") + text()
            let source = "{\"\(key)\": [\"\(value)\", \"\(text())\"]}"
            for data in [Data(source.utf8), utf16(source, bigEndian: true), utf16(source, bigEndian: false)] {
                let foundation = try JSONDecoder().decode([String: [String]].self, from: data)
                #expect(try DynamicJSONDecoder().decode([String: [String]].self, from: data) == foundation, "\(source)")
                let tree = try JSON(parsing: data)
                #expect(tree == (try JSONDecoder().decode(JSON.self, from: data)), "\(source)")
                // JSONDecoder keeps a leading U+FEFF in the value.
                let decodedValue = try #require(foundation.values.first?.first)
                #expect(decodedValue.unicodeScalars.first == "\u{FEFF}" || !value.hasPrefix("\u{FEFF}"))
                try FuzzChecks.parseRoundTrip(Data([0]) + data)
            }
        }
        // JSONSerialization is the reader that drops it, at a string's start and after an escape.
        let serialized = try JSONSerialization.jsonObject(with: Data("[\"\u{FEFF}a\", \"a\\n\u{FEFF}b\", \"a\u{FEFF}b\"]".utf8)) as? [String]
        #expect(serialized == ["a", "a\nb", "a\u{FEFF}b"])
        #expect(try JSON(parsing: Data("[\"\u{FEFF}a\"]".utf8)) == ["\u{FEFF}a"])
    }

    /// The fuzz oracle compares numbers longer than a Double's digits with the digits
    /// `JSONSerialization` kept, not with `NSDecimalNumber.doubleValue` (several ulps off).
    @Test func longNumbersMatchTheOracle() throws {
        var random = SeededRandom(state: 74)
        for _ in 0..<300 {
            let digits = String((0..<(20 + Int(random.next() % 120))).map { _ in Character(String(random.next() % 10)) })
            let exponent = Int(random.next() % 200) - 100
            for text in ["1\(digits)", "-9\(digits)", "1\(digits)e\(exponent)", "0.\(digits)", "[4\(digits).5]"] {
                try FuzzChecks.parseRoundTrip(Data([0]) + Data(text.utf8))
            }
        }
    }

    private func utf16(_ text: String, bigEndian: Bool) -> Data {
        Data(
            text.utf16.flatMap { unit in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            })
    }
}
