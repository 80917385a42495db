import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Property-based round trips: random JSON documents and random edits from a seeded generator,
// so a failure names the seed that reproduces it. The properties are those of the fuzz
// targets (`FuzzChecks`), here over inputs built to be valid and to hit the edited paths.

/// Random ``JSON`` values, with the keys the edits use and the literals that are easy to lose.
struct DocumentGenerator {
    var random: SeededGenerator

    static let keys = ["a", "b", "id", "list", "", "k.k", "é", "x y", "name", "nested", "dynamicSelf_", "\u{1F600}", "tab\there"]
    static let numberLiterals = [
        "0", "-0", "1", "-17", "1.10", "1e2", "1E+2", "-2.5e-3", "9007199254740993", "18446744073709551616",
        "123456789012345678901234567890", "0.1", "3.141592653589793238", "-0.0", "5e-324", "1.7976931348623157e308",
    ]
    static let strings = [
        "", "plain", "caf\u{e9}", "line\nbreak", "quote\"back\\slash", "\u{0}\u{1f}", "\u{1F600}", "a/b", "\u{2028}", "  spaced  ",
    ]

    mutating func value(depth: Int = 0) -> JSON {
        let roll = Int.random(in: 0..<(depth >= 4 ? 5 : 8), using: &random)
        switch roll {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSON.Number(literal: Self.numberLiterals.randomElement(using: &random)!)!)
        case 3: return .number(JSON.Number(Int.random(in: -1_000_000...1_000_000, using: &random)))
        case 4: return .string(Self.strings.randomElement(using: &random)!)
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                object[Self.keys.randomElement(using: &random)!] = value(depth: depth + 1)
            }
            return .object(object)
        }
    }

    /// An object at the top, as a model's document is; `name` is the model's own property, so
    /// it is a string or `null` when present.
    mutating func modelDocument() -> JSON {
        var object = value(depth: 1).objectValue ?? JSON.Object()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            object[Self.keys.randomElement(using: &random)!] = value(depth: 1)
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: object["name"] = .string(Self.strings.randomElement(using: &random)!)
        case 1: object["name"] = .null
        default: _ = object.removeValue(forKey: "name")
        }
        return .object(object)
    }

    /// A path that exists in `document` when it can (walking down from the top), then maybe a
    /// step or two that does not; `name` at the top is left alone, as the model owns it.
    mutating func path(in document: JSON) -> [Path.Component] {
        var steps: [Path.Component] = []
        var current: JSON? = document
        let length = Int.random(in: 1...4, using: &random)
        while steps.count < length {
            if let node = current, Int.random(in: 0..<4, using: &random) != 0 {
                if let object = node.objectValue, !object.isEmpty {
                    let key = object.keys.randomElement(using: &random)!
                    steps.append(.key(key))
                    current = object[key]
                    continue
                }
                if let elements = node.arrayValue, !elements.isEmpty {
                    let index = Int.random(in: 0..<elements.count, using: &random)
                    steps.append(.index(Bool.random(using: &random) ? index : index - elements.count))
                    current = elements[index]
                    continue
                }
                // A step below a scalar is refused: mostly end the path there instead, so
                // that most edits still write something.
                if node.objectValue == nil, node.arrayValue == nil, !steps.isEmpty { break }
            }
            steps.append(FuzzEdit.stepVocabulary.randomElement(using: &random)!)
            current = current.flatMap { $0.value(at: [steps.last!]) }
        }
        if steps.first == .key("name") { steps[0] = .key("nameless") }
        return steps
    }

    mutating func edit(in document: JSON) -> FuzzEdit {
        let steps = path(in: document)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return FuzzEdit(steps: steps, action: .read)
        case 1: return FuzzEdit(steps: steps, action: .set(value(depth: 2)))
        case 2: return FuzzEdit(steps: steps, action: .append(value(depth: 3)))
        default: return FuzzEdit(steps: steps, action: .remove)
        }
    }
}

private struct RoundTripModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String?
}

@Suite("Round-trip properties")
struct RoundTripPropertyTests {
    static let seeds: [UInt64] = Array(1...8)
    static let documentsPerSeed = 150

    @Test(arguments: seeds)
    func parseSerializeParseIsIdentity(seed: UInt64) throws {
        var generator = DocumentGenerator(random: SeededGenerator(state: seed))
        let formattings: [JSONEncoder.OutputFormatting] = [[], [.prettyPrinted], [.sortedKeys], [.withoutEscapingSlashes], [.prettyPrinted, .sortedKeys]]
        for round in 0..<Self.documentsPerSeed {
            let value = generator.value()
            let formatting = formattings[round % formattings.count]
            let text = value.serialized(formatting: formatting)
            let parsed = try JSON(parsing: text)
            #expect(parsed == value, "seed \(seed), round \(round)")
            // Serialising again gives the same bytes, literals and order included.
            #expect(parsed.serialized(formatting: formatting) == text, "seed \(seed), round \(round)")
            // And the fuzz target's property holds for the same text.
            try FuzzChecks.parseRoundTrip(Data([formatting.contains(.prettyPrinted) ? 2 : 0]) + text)
        }
    }

    @Test(arguments: seeds)
    func unmodifiedModelEncodesItsDocument(seed: UInt64) throws {
        var generator = DocumentGenerator(random: SeededGenerator(state: seed))
        let encoder = DynamicJSONEncoder()
        for round in 0..<Self.documentsPerSeed {
            let input = generator.modelDocument().serialized()
            let model = try DynamicJSONDecoder().decode(RoundTripModel.self, from: input)
            let output = try encoder.encode(model)
            #expect(String(decoding: output, as: UTF8.self) == String(decoding: input, as: UTF8.self), "seed \(seed), round \(round)")
            #expect(try encoder.encode(model) == output, "encoding twice, seed \(seed), round \(round)")
        }
    }

    @Test(arguments: seeds)
    func editsChangeExactlyTheirPaths(seed: UInt64) throws {
        var generator = DocumentGenerator(random: SeededGenerator(state: seed))
        var changed = 0
        for round in 0..<Self.documentsPerSeed {
            let document = generator.modelDocument()
            var edits: [FuzzEdit] = []
            var expected = document
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
                let edit = generator.edit(in: expected)
                edit.apply(to: &expected)
                edits.append(edit)
            }
            do {
                // Decodes, edits through `ds`, checks every read, encodes twice, and compares
                // the result with the same edits made to the plain value.
                let checked = try FuzzChecks.dynamicEdits(document: document.serialized(), edits: edits)
                #expect(checked, "seed \(seed), round \(round): the document did not decode")
                changed += edits.contains { if case .read = $0.action { false } else { true } } && expected != document ? 1 : 0
            } catch {
                Issue.record("seed \(seed), round \(round), document \(document): \(error)")
            }
        }
        // Most rounds really change the document.
        #expect(changed > Self.documentsPerSeed / 2, "only \(changed) rounds changed their document")
    }

    @Test func oneEditLeavesEverythingElseAlone() throws {
        let input = #"{"keep":{"n":1.10,"s":"caf\u00e9"},"edit":{"deep":[1,2,3]},"tail":[true,null]}"#
        var model = try DynamicJSONDecoder().decode(RoundTripModel.self, from: Data(input.utf8))
        model.ds.edit.deep[1].set("two")
        let output = String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self)
        // Untouched parts come back byte for byte, escapes and literals included.
        #expect(output == #"{"keep":{"n":1.10,"s":"caf\u00e9"},"edit":{"deep":[1,"two",3]},"tail":[true,null]}"#)
    }
}
