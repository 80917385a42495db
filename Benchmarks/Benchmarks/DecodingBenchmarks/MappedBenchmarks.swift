// Property wrappers: a 20-property `@Mapped` model (custom keys, two nested paths, one
// default) beside the same data decoded by a plain synthesized-`Codable` model with
// `CodingKeys` (a nested struct for the two nested values, an optional for the default).
//
// - Mapped/records/Foundation: the plain model, JSONDecoder (for scale).
// - Mapped/records/Synthesized: the plain model, DynamicJSONDecoder.
// - Mapped/records/Mapped: the `@Mapped` model, DynamicJSONDecoder (target: within 1.1x of
//   Synthesized, issue 37; it was 1.2x).

import Benchmark
import DynamicMapper
import Foundation

func registerMappedBenchmarks(problems: inout [String]) {
    let data = makeProfiles()
    do {
        let reference = try JSONDecoder().decode([SynthesizedProfile].self, from: data).map(\.values)
        let synthesized = try DynamicJSONDecoder().decode([SynthesizedProfile].self, from: data).map(\.values)
        let mapped = try DynamicJSONDecoder().decode([MappedProfile].self, from: data).map(\.values)
        if synthesized != reference || mapped != reference {
            problems.append("Mapped/records decodes different values than JSONDecoder")
        }
    } catch {
        problems.append("Mapped/records skipped: \(error)")
        return
    }
    Benchmark("Mapped/records/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDecoder().decode([SynthesizedProfile].self, from: data))
        }
    }
    Benchmark("Mapped/records/Synthesized") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([SynthesizedProfile].self, from: data))
        }
    }
    Benchmark("Mapped/records/Mapped") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([MappedProfile].self, from: data))
        }
    }
}
