import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

/// Every input the fuzz targets ever crashed on (`Fuzz/Regressions/<Target>/`) and every seed
/// (`Fuzz/Seeds/<Target>/`), run through the target's property in `FuzzChecks`.
@Suite struct FuzzRegressionTests {
    /// `Fuzz/` in this checkout: beside the `Package.swift` found walking up from this file, so
    /// that moving the test between folders cannot point it at nothing.
    static let fuzzFolder: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("Fuzz")
    }()

    /// The fuzz targets, as named in `Fuzz/Targets/` and `Fuzz/fuzz.sh`.
    static let targets = [
        "ParseRoundTrip", "DecodeModel", "DynamicEdits", "PathEdits", "JSON5Input",
        "JSONPatchApply", "MergePatch", "PointerEdits", "ModelChanges",
    ]

    /// `Target/name` for every kept input of every target.
    static let inputs: [String] = {
        var found: [String] = []
        for folder in ["Regressions", "Seeds"] {
            for target in Self.targets {
                let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                found += names.sorted().map { "\(folder)/\(target)/\($0)" }
            }
        }
        return found
    }()

    @Test func keptInputsAreFound() {
        #expect(Self.inputs.contains { $0.hasPrefix("Regressions/") })
        #expect(Self.inputs.contains { $0.hasPrefix("Seeds/DecodeModel/") })
    }

    /// Every input the edit target keeps is a model's document, so its edits are checked.
    @Test func editSeedsCheckTheirEdits() throws {
        for name in Self.inputs where name.hasPrefix("Seeds/DynamicEdits/") {
            let bytes = try Data(contentsOf: Self.fuzzFolder.appendingPathComponent(name))
            #expect(try FuzzChecks.dynamicEdits(bytes), "\(name) checked nothing")
        }
    }

    /// `0e2` is valid JSON for zero (RFC 8259); `JSONDecoder` refuses it as a floating-point
    /// value, so the `DecodeModel` property compares with Foundation on `0.0e2` instead.
    @Test func aZeroWithAnExponentIsZero() throws {
        let values = try DynamicJSONDecoder().decode([Double].self, from: Data("[0e2, 0E5, -0e1]".utf8))
        #expect(values == [0, 0, 0])
        #expect(values.map(\.sign) == [.plus, .plus, .minus])
        #expect(try DynamicJSONDecoder().decode([Float].self, from: Data("[0e2]".utf8)) == [0])
        let shape = try #require(TextShape(Data("{\"a\": [0e2, 10e2, -0E5, 0.5e1]}".utf8)))
        #expect(String(decoding: shape.withZeroFractions, as: UTF8.self) == "{\"a\": [0.0e2, 10e2, -0E5, 0.5e1]}")
        // What `JSONDecoder` reads, and so what the oracle hands it: `0.0e2` and `-0e2`.
        #expect(try JSONDecoder().decode([Double].self, from: Data("[0.0e2, -0e2, -0E5]".utf8)) == [0, 0, 0])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Double.self, from: Data("-0.0e2".utf8)) }
    }

    /// The differences the fuzz oracles accept are the ones the *Decoding and encoding*
    /// article states, by title.
    @Test func documentedDifferencesAreInTheDocs() throws {
        let article = Self.fuzzFolder.deletingLastPathComponent()
            .appendingPathComponent("Sources/DynamicMapper/DynamicMapper.docc/DecodingAndEncoding.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Differences from Foundation's coders").dropFirst().first)
        let bullets = section.components(separatedBy: "\n## ")[0]
        for difference in DocumentedDifference.allCases {
            #expect(bullets.contains("- **\(difference.rawValue)"), "the article has no bullet \(difference.rawValue)")
        }
    }

    /// The oracle's own scanner finds duplicate keys the way `JSONDecoder` compares keys.
    @Test func theOracleFindsDuplicateKeys() throws {
        #expect(TextShape(Data(#"{"a": 1, "b": {"a": 2}}"#.utf8))?.hasDuplicateKeys == false)
        #expect(TextShape(Data(#"[{"a": 1}, {"a": 1}]"#.utf8))?.hasDuplicateKeys == false)
        #expect(TextShape(Data(#"{"a": 1, "\u0061": 2}"#.utf8))?.hasDuplicateKeys == true)
        #expect(TextShape(Data(#"{"x": {"é": 1, "e\u0301": 2}}"#.utf8))?.hasDuplicateKeys == true)
        #expect(TextShape(Data(#"{"a": "a", "b": ["a", "a"]}"#.utf8))?.hasDuplicateKeys == false)
        #expect(TextShape(Data([0xFF, 0xFE] + Array(#"{"k":1,"k":2}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))?.hasDuplicateKeys == true)
    }

    @Test(arguments: inputs)
    func keptInputHoldsItsProperty(_ name: String) throws {
        let bytes = try Data(contentsOf: Self.fuzzFolder.appendingPathComponent(name))
        switch name.split(separator: "/")[1] {
        case "ParseRoundTrip": try FuzzChecks.parseRoundTrip(bytes)
        case "DecodeModel": try FuzzChecks.decodeModel(bytes)
        case "PathEdits": try FuzzChecks.pathEdits(bytes)
        case "JSON5Input": try FuzzChecks.json5Input(bytes)
        case "JSONPatchApply": try FuzzChecks.jsonPatchApply(bytes)
        case "MergePatch": try FuzzChecks.mergePatch(bytes)
        case "PointerEdits": try FuzzChecks.pointerEdits(bytes)
        case "ModelChanges": try FuzzChecks.modelChanges(bytes)
        default: try FuzzChecks.dynamicEdits(bytes)
        }
    }
}
