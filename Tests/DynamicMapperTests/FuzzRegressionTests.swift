import Foundation
import Testing

/// Every input the fuzz targets ever crashed on (`Fuzz/Regressions/<Target>/`) and every seed
/// (`Fuzz/Seeds/<Target>/`), run through the target's property in `FuzzChecks`.
@Suite struct FuzzRegressionTests {
    /// `Fuzz/` in this checkout.
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// `Target/name` for every kept input of every target.
    static let inputs: [String] = {
        var found: [String] = []
        for folder in ["Regressions", "Seeds"] {
            for target in ["ParseRoundTrip", "DecodeModel", "DynamicEdits", "PathEdits", "JSON5Input"] {
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

    @Test(arguments: inputs)
    func keptInputHoldsItsProperty(_ name: String) throws {
        let bytes = try Data(contentsOf: Self.fuzzFolder.appendingPathComponent(name))
        switch name.split(separator: "/")[1] {
        case "ParseRoundTrip": try FuzzChecks.parseRoundTrip(bytes)
        case "DecodeModel": try FuzzChecks.decodeModel(bytes)
        case "PathEdits": try FuzzChecks.pathEdits(bytes)
        case "JSON5Input": try FuzzChecks.json5Input(bytes)
        default: try FuzzChecks.dynamicEdits(bytes)
        }
    }
}
