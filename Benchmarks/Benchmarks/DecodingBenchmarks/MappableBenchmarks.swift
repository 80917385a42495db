// ObjectMapper-shaped models: the 20-property record of Mapped/records written as a
// `DynamicMappable` class (one `<->` line per property), beside the synthesized-`Codable`
// model of the same data.
//
// - Mappable/records/Synthesized: the plain model, DynamicJSONDecoder.
// - Mappable/records/Mappable: the mappable model, DynamicJSONDecoder (target: within 1.3x of
//   Synthesized).
// - Mappable/records/SynthesizedObject and Mappable/records/MappableValue: the same pair
//   with both models a final class, and with both a struct (a class's mapping body pays one
//   run-time exclusivity check per line, which a struct's does not).
// - Mappable/records/MappableEncode: re-encoding the unedited mappable models (for scale:
//   the whole document is written from its original bytes).

import Benchmark
import DynamicMapper
import Foundation

func registerMappableBenchmarks(problems: inout [String]) {
    let data = makeProfiles()
    let decoded: [MappableProfile]
    do {
        let reference = try JSONDecoder().decode([SynthesizedProfile].self, from: data).map(\.values)
        decoded = try DynamicJSONDecoder().decode([MappableProfile].self, from: data)
        if decoded.map(\.values) != reference {
            problems.append("Mappable/records decodes different values than JSONDecoder")
        }
        if try DynamicJSONDecoder().decode([MappableProfileValue].self, from: data).map(\.values) != reference
            || DynamicJSONDecoder().decode([SynthesizedProfileObject].self, from: data).map(\.values) != reference
        {
            problems.append("Mappable/records: the struct or class variant decodes different values")
        }
        if try DynamicJSONEncoder().encode(decoded) != data {
            problems.append("Mappable/records does not re-encode the unedited input byte for byte")
        }
    } catch {
        problems.append("Mappable/records skipped: \(error)")
        return
    }
    Benchmark("Mappable/records/Synthesized") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([SynthesizedProfile].self, from: data))
        }
    }
    Benchmark("Mappable/records/Mappable") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([MappableProfile].self, from: data))
        }
    }
    Benchmark("Mappable/records/SynthesizedObject") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([SynthesizedProfileObject].self, from: data))
        }
    }
    Benchmark("Mappable/records/MappableValue") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([MappableProfileValue].self, from: data))
        }
    }
    Benchmark("Mappable/records/MappableEncode") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONEncoder().encode(decoded))
        }
    }
}
