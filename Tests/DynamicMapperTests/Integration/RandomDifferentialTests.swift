import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Seeded random differential tests: random documents and models decoded by both decoders,
// random invalid UTF-8 against a reference validator written here, and random syntax errors
// whose line and column are worked out here. The inputs are text built by these generators,
// not by the library, so the library's own writer cannot hide a bug in its reader.

/// A reference UTF-8 validator (the well-formed byte sequences of the Unicode Standard,
/// table 3-7): the offset of the first ill-formed sequence, or nil when all is well-formed.
func firstIllFormedUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return index
        }
        for position in 1..<max(length, 1) {
            guard index + position < bytes.count else { return index }
            let range = position == 1 ? second : 0x80...0xBF
            guard range.contains(bytes[index + position]) else { return index }
        }
        index += length
    }
    return nil
}

/// A model whose document the random model test builds, with one value broken on purpose.
private struct RDAccount: Codable, Equatable {
    var id: Int
    var owner: RDOwner
    var scores: [Int16]?
    var ratio: Float?
}

private struct RDOwner: Codable, Equatable {
    var name: String
    var age: UInt8
    var tags: [String]
}

@Suite("Random differential tests")
struct RandomDifferentialTests {
    static let rounds = 300

    @Test func randomDocumentsDecodeAsWithFoundation() throws {
        var text = RandomJSONText(random: TestSeed.generator(1))
        for round in 0..<Self.rounds {
            let document = text.space() + text.value() + text.space()
            let data = Data(document.utf8)
            let expected = Result { try JSONDecoder().decode(PlainJSONValue.self, from: data) }
            let actual = Result { try DynamicJSONDecoder().decode(PlainJSONValue.self, from: data) }
            switch (expected, actual) {
            case (.success(let theirs), .success(let ours)):
                let difference = PlainJSONValue.firstDifference(theirs, ours)
                #expect(difference == nil, "\(TestSeed.note), round \(round): \(difference ?? "") in \(document)")
            case (.failure(let error), _), (_, .failure(let error)):
                // Everything generated here is valid JSON that fits `PlainJSONValue`.
                Issue.record("\(TestSeed.note), round \(round): \(error) for \(document)")
            }
        }
    }

    @Test func randomModelsDecodeAsWithFoundation() throws {
        var random = TestSeed.generator(2)
        var text = RandomJSONText(random: TestSeed.generator(3))
        for round in 0..<Self.rounds {
            var owner = [
                "name": text.stringLiteral(), "age": String(Int.random(in: 0...255, using: &random)),
                "tags": "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in text.stringLiteral() }.joined(separator: ",") + "]",
            ]
            var account = [
                "id": String(Int.random(in: -1000...1000, using: &random)), "owner": "",
                "scores": "["
                    + (0..<Int.random(in: 0...3, using: &random)).map { _ in String(Int16.random(in: Int16.min...Int16.max, using: &random)) }.joined(
                        separator: ",") + "]",
                "ratio": ["1.5", "null", "0.1", "-3e5"].randomElement(using: &random)!,
            ]
            // One value broken on purpose, or none: a wrong type, a missing key, a null, or a
            // number out of range, for which our error must name its full path.
            var fullPath: String?
            switch Int.random(in: 0..<7, using: &random) {
            case 0: owner["age"] = ["256", "-1", "1e3", "300.0"].randomElement(using: &random)!; fullPath = "owner.age"
            case 1: account["scores"] = "[1, 32768]"; fullPath = "scores[1]"
            case 2: account["ratio"] = "1e39"; fullPath = "ratio"
            case 3: owner["tags"] = ["\"x\"", "{}", "[1]", "null"].randomElement(using: &random)!
            case 4: owner.removeValue(forKey: ["name", "age", "tags"].randomElement(using: &random)!)
            case 5: account["id"] = ["null", "\"1\"", "1.5", "true"].randomElement(using: &random)!; fullPath = "id"
            default: break
            }
            let object = { (members: [String: String]) in
                "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":" + text.space() + $0.value }.joined(separator: ",") + "}"
            }
            account["owner"] = object(owner)
            let document = object(account)
            let note = "\(TestSeed.note), round \(round)"
            expectSameDecoding(RDAccount.self, data: Data(document.utf8), fullPath: fullPath, note: note, isEqual: ==)
            expectSameDecoding([RDAccount].self, data: Data("[\(document)]".utf8), fullPath: fullPath.map { "[0]." + $0 }, note: note, isEqual: ==)
        }
    }

    @Test func randomInvalidUTF8IsFoundByTheReferenceValidator() throws {
        var random = TestSeed.generator(4)
        let valid: [[UInt8]] = [[0x61], [0x7A], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]]
        var rejected = 0
        for round in 0..<Self.rounds {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                if Int.random(in: 0..<6, using: &random) == 0 {
                    // Any byte that is not ASCII: continuation bytes, overlong leads, surrogates,
                    // code points past U+10FFFF, or the start of a sequence cut short.
                    body.append(UInt8.random(in: 0x80...0xFF, using: &random))
                } else {
                    body += valid.randomElement(using: &random)!
                }
            }
            let prefix = Array("{\"k\":\n [\"".utf8)
            let bytes = prefix + body + Array("\"]}".utf8)
            let result = Result { try JSON(parsing: Data(bytes)) }
            let description = "\(TestSeed.note), round \(round): \(body.map { String($0, radix: 16) })"
            guard let bad = firstIllFormedUTF8(bytes) else {
                #expect(try result.get() == ["k": [.string(String(decoding: body, as: UTF8.self))]], "\(description)")
                continue
            }
            rejected += 1
            guard case .failure(let error) = result, let syntax = FuzzChecks.syntaxError(error) else {
                Issue.record("\(description): accepted")
                continue
            }
            // The bad sequence is on line 2, after ` ["` and the well-formed scalars before it.
            let scalarsBefore = String(decoding: bytes[prefix.count..<bad], as: UTF8.self).unicodeScalars.count
            #expect(syntax.line == 2, "\(description): \(syntax)")
            #expect(syntax.offset == bad, "\(description): \(syntax)")
            #expect(syntax.column == 4 + scalarsBefore, "\(description): \(syntax)")
        }
        #expect(rejected > Self.rounds / 4, "\(TestSeed.note): only \(rejected) inputs were ill-formed")
    }

    @Test func randomSyntaxErrorsAreReportedWhereTheyAre() throws {
        var random = TestSeed.generator(5)
        var text = RandomJSONText(random: TestSeed.generator(6))
        for round in 0..<Self.rounds {
            let document = text.value(depth: Int.random(in: 0...2, using: &random))
            // A stray character where white space may stand: between two tokens, or at the end.
            let boundaries = Self.tokenBoundaries(document)
            let cut = boundaries.randomElement(using: &random)!
            let stray = ["@", "#", "'", "\u{1F600}"].randomElement(using: &random)!
            let broken = String(document[..<cut]) + stray + String(document[cut...])
            let before = String(document[..<cut])
            // Lines end at each line feed (`\r\n` is one Character, so count scalars); columns
            // count scalars from there.
            let scalars = Array(before.unicodeScalars)
            let expectedLine = scalars.filter { $0 == "\n" }.count + 1
            let expectedColumn = scalars.count - (scalars.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
            let description = "\(TestSeed.note), round \(round): \(broken.debugDescription)"
            do {
                _ = try DynamicJSONDecoder().decode(JSON.self, from: Data(broken.utf8))
                Issue.record("\(description): accepted")
            } catch {
                let syntax = try #require(FuzzChecks.syntaxError(error), "\(description): \(error)")
                #expect(
                    syntax.line == expectedLine && syntax.column == expectedColumn && syntax.offset == before.utf8.count,
                    "\(description): \(syntax), expected line \(expectedLine), column \(expectedColumn)")
            }
        }
    }

    /// Where a token ends and the next may begin: after a structural character or the end of
    /// a literal, outside strings, worked out by walking the text.
    static func tokenBoundaries(_ text: String) -> [String.Index] {
        var boundaries: [String.Index] = []
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false; boundaries.append(next)
                }
            } else if character == "\"" {
                inString = true
            } else if "[]{},:".contains(character) {
                boundaries.append(next)
            } else if !" \t\r\n".contains(character), next == text.endIndex || " \t\r\n[]{},:".contains(text[next]) {
                boundaries.append(next)
            }
            index = next
        }
        return boundaries
    }
}
