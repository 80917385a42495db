// JSON Patch and merge patch on twitter.json, each beside its baseline in the same run:
//
// - Patching/twitter/Parse: one `JSON(parsing:)` of the file, the yardstick for the next two.
// - Patching/twitter/Diff: `JSON.jsonPatch(from:to:)` between the file and a copy with 100 values
//   changed (every status's retweet count).
// - Patching/twitter/Apply: applying that patch to the parsed file.
// - Patching/twitter/MergePatch vs Patching/twitter/MergePatchJSONSerialization: applying a
//   merge patch that renames every status's user to a parsed file, against the same merge
//   written by hand over `[String: Any]`.

import Benchmark
import DynamicMapper
import Foundation

/// The file with every status's `retweet_count` changed, and a merge patch renaming every
/// status's user (statuses are an array, so the merge patch replaces it whole).
func patchingInputs(_ data: Data) throws -> (original: JSON, edited: JSON, merge: JSON) {
    let original = try JSON(parsing: data)
    guard case .object(var root) = original, case .array(var statuses)? = root["statuses"] else {
        throw CocoaError(.coderReadCorrupt)
    }
    var renamed = statuses
    for index in statuses.indices {
        guard case .object(var status) = statuses[index] else { continue }
        status["retweet_count"] = .number(JSON.Number(index + 1_000_000))
        statuses[index] = .object(status)
        guard case .object(var named) = renamed[index], case .object(var user)? = named["user"] else { continue }
        user["name"] = .string(patchedName)
        named["user"] = .object(user)
        renamed[index] = .object(named)
    }
    root["statuses"] = .array(statuses)
    return (original, .object(root), ["statuses": .array(renamed)])
}

func mergeWithJSONSerialization(_ data: Data, patch: [String: Any]) throws -> Any {
    func merge(_ target: Any?, _ patch: Any) -> Any {
        guard let patch = patch as? [String: Any] else { return patch }
        var result = target as? [String: Any] ?? [:]
        for (key, value) in patch {
            if value is NSNull { result[key] = nil } else { result[key] = merge(result[key], value) }
        }
        return result
    }
    return merge(try JSONSerialization.jsonObject(with: data), patch)
}

func registerPatchingBenchmarks(in directory: URL, problems: inout [String]) {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("twitter.json")) else { return }
    do {
        let (original, edited, merge) = try patchingInputs(data)
        let patch = JSON.jsonPatch(from: original, to: edited)
        if try original.applying(patch) != edited {
            problems.append("Patching/twitter: the diff does not give the edited document")
        }
        let mergeObject = try JSONSerialization.jsonObject(with: merge.serialized()) as? [String: Any] ?? [:]
        Benchmark("Patching/twitter/Parse") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSON(parsing: data)) }
        }
        Benchmark("Patching/twitter/Diff") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(JSON.jsonPatch(from: original, to: edited)) }
        }
        Benchmark("Patching/twitter/Apply") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try original.applying(patch)) }
        }
        Benchmark("Patching/twitter/MergePatch") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(original.applying(mergePatch: merge)) }
        }
        Benchmark("Patching/twitter/MergePatchJSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try mergeWithJSONSerialization(data, patch: mergeObject)) }
        }
    } catch {
        problems.append("Patching/twitter skipped: \(error)")
    }
}
