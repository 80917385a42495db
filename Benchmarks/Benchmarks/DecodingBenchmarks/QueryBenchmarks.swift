// JSONPath queries and bulk edits on twitter.json, each beside its hand-written baselines:
//
// - Query/twitter/Document: `$.statuses[*].user.screen_name` on a parsed `JSONDocument`
//   (read in place), values read as `String`s.
// - Query/twitter/JSONLoop: the same names by a hand-written loop over the parsed `JSON` value.
// - Query/twitter/JSONSerializationLoop: the same loop over `JSONSerialization`'s output.
// - Query/twitter/DocumentFromBytes: bytes to answer, `JSONDocument(parsing:)` then the query;
//   against Query/twitter/JSONSerializationFromBytes, `JSONSerialization.jsonObject` then the
//   hand-written loop.
// - Query/twitter/BulkRename: decode a model, `ds.statuses[.all].user.screen_name.set(_:)`,
//   encode; against Query/twitter/BulkRenameJSONSerialization, the same edit by parsing with
//   `JSONSerialization`, editing the dictionaries and serialising.

import Benchmark
import DynamicMapper
import Foundation

/// A model that keeps its whole document in `ds`.
struct QueriedTimeline: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

func renameWithJSONSerialization(_ data: Data) throws -> Data {
    guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        var statuses = root["statuses"] as? [Any]
    else { throw CocoaError(.coderReadCorrupt) }
    for index in statuses.indices {
        guard var status = statuses[index] as? [String: Any], var user = status["user"] as? [String: Any] else { continue }
        user["screen_name"] = "renamed"
        status["user"] = user
        statuses[index] = status
    }
    root["statuses"] = statuses
    return try JSONSerialization.data(withJSONObject: root)
}

func renameThroughDs(_ data: Data) throws -> Data {
    var timeline = try DynamicJSONDecoder().decode(QueriedTimeline.self, from: data)
    try timeline.ds.statuses[.all].user.screen_name.set("renamed")
    return try DynamicJSONEncoder().encode(timeline)
}

func registerQueryBenchmarks(in directory: URL, problems: inout [String]) {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("twitter.json")) else { return }
    do {
        let screenNameQuery = try JSONPath("$.statuses[*].user.screen_name")
        let document = try JSONDocument(parsing: data)
        let json = try JSON(parsing: data)
        let object = try JSONSerialization.jsonObject(with: data)
        let expected = screenNamesByHand(json)
        if try document.query(screenNameQuery).values(as: String.self) != expected || screenNamesByHand(object) != expected {
            problems.append("Query/twitter: the query and the loops disagree")
        }
        let renamed = try JSON(parsing: renameThroughDs(data))
        if screenNamesByHand(renamed) != Array(repeating: "renamed", count: expected.count) {
            problems.append("Query/twitter/BulkRename: not every screen_name was renamed")
        }
        Benchmark("Query/twitter/Document") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try document.query(screenNameQuery).values(as: String.self)) }
        }
        Benchmark("Query/twitter/JSONLoop") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(screenNamesByHand(json)) }
        }
        Benchmark("Query/twitter/JSONSerializationLoop") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(screenNamesByHand(object)) }
        }
        Benchmark("Query/twitter/DocumentFromBytes") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDocument(parsing: data).query(screenNameQuery).values(as: String.self))
            }
        }
        Benchmark("Query/twitter/JSONSerializationFromBytes") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(screenNamesByHand(try JSONSerialization.jsonObject(with: data))) }
        }
        Benchmark("Query/twitter/BulkRename") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renameThroughDs(data)) }
        }
        Benchmark("Query/twitter/BulkRenameJSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renameWithJSONSerialization(data)) }
        }
    } catch {
        problems.append("Query/twitter skipped: \(error)")
    }
}
