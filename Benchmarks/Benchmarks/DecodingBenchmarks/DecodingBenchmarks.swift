// Side-by-side benchmarks of DynamicMapper against Foundation on the three
// classic JSON corpora (twitter, citm_catalog, canada).
//
// Full run (from the Benchmarks directory):
//   swift package --allow-writing-to-package-directory benchmark
// Smoke run (each benchmark once, for CI):
//   BENCHMARK_SMOKE=1 swift package --allow-writing-to-package-directory benchmark
// Ratios and MB/s: ./compare.sh
//
// Corpus location: $DYNAMICMAPPER_SHARED (the `shared` folder, or the folder
// holding the .json files), else the first `shared/data/bench` found walking
// up from this source file or from the current directory.

import Benchmark
import DynamicMapper
import Foundation

let benchmarks: @Sendable () -> Void = {
    let environment = ProcessInfo.processInfo.environment
    let smoke = isTruthy(environment["BENCHMARK_SMOKE"])

    // Smoke mode only proves that every benchmark runs; one iteration with no
    // warm-up keeps a CI run to a few seconds after the build.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
        warmupIterations: smoke ? 0 : 3,
        maxDuration: smoke ? .seconds(1) : .seconds(2),
        maxIterations: smoke ? 1 : 2_000
    )

    guard let directory = CorpusLocator.benchDirectory(environment: environment) else {
        print(
            """
            DecodingBenchmarks: corpus folder not found, no benchmarks registered.
            Looked for $DYNAMICMAPPER_SHARED and for shared/data/bench above \
            \(#filePath) and \(FileManager.default.currentDirectoryPath).
            """)
        return
    }

    var problems: [String] = []
    if isTruthy(environment["DYNAMICMAPPER_BENCH_LARGE"]) {
        // The 1 GiB streaming variant runs alone (see StreamingBenchmarks.swift).
        registerLargeStreamingBenchmarks(in: directory, problems: &problems)
    } else {
        registerCorpus(TwitterSearch.self, file: "twitter.json", in: directory, problems: &problems)
        registerCorpus(CitmCatalog.self, file: "citm_catalog.json", in: directory, problems: &problems)
        registerCorpus(FeatureCollection.self, file: "canada.json", in: directory, problems: &problems)
        registerMappingBenchmarks(in: directory, problems: &problems)
        registerKeyedKeyBenchmarks(problems: &problems)
        registerMappedBenchmarks(problems: &problems)
        registerMappableBenchmarks(problems: &problems)
        registerEditBenchmarks(problems: &problems)
        registerPatchingBenchmarks(in: directory, problems: &problems)
        registerQueryBenchmarks(in: directory, problems: &problems)
        registerStreamingBenchmarks(in: directory, problems: &problems)
    }

    for problem in problems {
        print("DecodingBenchmarks: \(problem)")
    }
    // A smoke run exists to catch breakage, so it must not pass while a
    // DynamicMapper benchmark was dropped or produced the wrong result.
    if smoke && !problems.isEmpty {
        exit(1)
    }
}

/// Registers the Parse, Tree, Decode and Encode benchmarks for one corpus file.
///
/// Each DynamicMapper operation is first run once outside the measurement and
/// checked against Foundation: a benchmark of a coder that throws or returns
/// something different measures nothing useful, so it is reported in
/// `problems` (and skipped if it throws) instead of aborting the whole run.
func registerCorpus<Model: Codable>(
    _ type: Model.Type,
    file: String,
    in directory: URL,
    problems: inout [String]
) {
    let url = directory.appendingPathComponent(file)
    guard let data = try? Data(contentsOf: url) else {
        print("DecodingBenchmarks: \(url.path) is missing or unreadable; skipping \(file).")
        return
    }
    let name = file.replacingOccurrences(of: ".json", with: "")

    // Foundation is the reference; if it cannot decode the file the model
    // itself is wrong and no benchmark for this file is meaningful.
    let model: Model
    let reference: Data
    do {
        model = try JSONDecoder().decode(Model.self, from: data)
        reference = try canonical(model)
    } catch {
        problems.append("Foundation cannot decode \(file) with \(Model.self): \(error); skipping \(file).")
        return
    }

    // MARK: Parse

    Benchmark("Parse/\(name)/JSONSerialization") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }

    // Parse-only: the validating scan into the document index (what every decode starts with).
    do {
        _ = try JSONDocument(parsing: data)
        Benchmark("Parse/\(name)/DynamicMapper") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDocument(parsing: data))
            }
        }
    } catch {
        problems.append("Parse/\(name)/DynamicMapper skipped: JSONDocument(parsing:) threw \(error)")
    }

    // Parse into a whole `JSON` tree: the like-for-like comparison with JSONSerialization.
    do {
        _ = try JSON(parsing: data)
        Benchmark("Parse/\(name)/DynamicMapperTree") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSON(parsing: data))
            }
        }
    } catch {
        problems.append("Parse/\(name)/DynamicMapperTree skipped: JSON(parsing:) threw \(error)")
    }

    // MARK: Tree
    // Parse into a tree and write it back: what a program that edits untyped JSON does.

    Benchmark("Tree/\(name)/JSONSerialization") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data)))
        }
    }

    do {
        let tree = try JSON(parsing: data)
        if try JSON(parsing: tree.serialized()) != tree {
            problems.append("Tree/\(name)/DynamicMapper writes a tree that parses to a different value")
        }
        Benchmark("Tree/\(name)/DynamicMapper") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSON(parsing: data).serialized())
            }
        }
    } catch {
        problems.append("Tree/\(name)/DynamicMapper skipped: JSON(parsing:) threw \(error)")
    }

    // MARK: Decode

    Benchmark("Decode/\(name)/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDecoder().decode(Model.self, from: data))
        }
    }

    do {
        let decoded = try DynamicJSONDecoder().decode(Model.self, from: data)
        if try canonical(decoded) != reference {
            problems.append("Decode/\(name)/DynamicMapper decodes a different value than Foundation")
        }
        Benchmark("Decode/\(name)/DynamicMapper") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DynamicJSONDecoder().decode(Model.self, from: data))
            }
        }
    } catch {
        problems.append("Decode/\(name)/DynamicMapper skipped: decode threw \(error)")
    }

    // MARK: Encode
    // Both encoders get the same Foundation-decoded value, so an encoder is
    // measured even while the matching decoder is broken.

    Benchmark("Encode/\(name)/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONEncoder().encode(model))
        }
    }

    do {
        let encoded = try DynamicJSONEncoder().encode(model)
        let roundTripped = try JSONDecoder().decode(Model.self, from: encoded)
        if try canonical(roundTripped) != reference {
            problems.append("Encode/\(name)/DynamicMapper output decodes to a different value than the input")
        }
        Benchmark("Encode/\(name)/DynamicMapper") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DynamicJSONEncoder().encode(model))
            }
        }
    } catch {
        problems.append("Encode/\(name)/DynamicMapper skipped: encode threw \(error)")
    }
}

/// Foundation's sorted-key encoding of `value`, used as a value identity:
/// two models are equal when their canonical encodings are byte-equal, which
/// avoids requiring `Equatable` on every model type.
func canonical<Model: Encodable>(_ value: Model) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
}

func isTruthy(_ value: String?) -> Bool {
    guard let value = value?.lowercased(), !value.isEmpty else { return false }
    return !["0", "false", "no", "off"].contains(value)
}

enum CorpusLocator {
    static let probeFile = "twitter.json"

    static func benchDirectory(environment: [String: String]) -> URL? {
        let fileManager = FileManager.default
        func holdsCorpus(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent(probeFile).path)
        }

        // The variable may name either `shared` itself or the folder of files,
        // so both a checkout layout and a hand-made folder work.
        if let override = environment["DYNAMICMAPPER_SHARED"], !override.isEmpty {
            let root = URL(fileURLWithPath: override, isDirectory: true)
            for candidate in [root.appendingPathComponent("data/bench"), root] where holdsCorpus(candidate) {
                return candidate
            }
            print("DecodingBenchmarks: DYNAMICMAPPER_SHARED=\(override) holds no \(probeFile); searching elsewhere.")
        }

        // The benchmark binary runs from inside .build, so the source path is
        // the reliable anchor; the working directory is a fallback for builds
        // that were moved after compiling.
        let anchors = [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent(),
            URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true),
        ]
        for anchor in anchors {
            var directory = anchor.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("shared/data/bench")
                if holdsCorpus(candidate) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }
}
