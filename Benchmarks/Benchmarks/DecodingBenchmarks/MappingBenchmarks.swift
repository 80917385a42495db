// The DSL's costs on twitter.json, each beside its baseline in the same run:
//
// - Mapping/twitter/PlainDecode vs Mapping/twitter/DynamicDecode: the full model, and the
//   same model whose statuses are `DynamicDecodable` with three `<--` mappings each.
// - Mapping/twitter/NestedKeysDecode vs Mapping/twitter/DynamicDecode: the same three values
//   read by `KeyedKey` nested keys in a plain model instead of by `<--` through `ds` (the
//   `ds` read path should cost no more than the nested-key route).
// - Patch/twitter/JSONSerialization vs Patch/twitter/DynamicMapper: decode, change the
//   user name of every status, encode again, keeping every key.
// - Patch/twitter/ModelFree: the same patch with no model at all: parse into a view, set
//   every status's user name through it, encode the view.

import Benchmark
import DynamicMapper
import DynamicMapperOperators
import Foundation

/// Only what the patch needs: every other key rides along in the document.
struct PatchResponse: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var statuses: [PatchStatus]
}

struct PatchStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var userName: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        userName <-> ds.user.name
    }
}

let patchedName = "Patched Name"

func patchWithDynamicMapper(_ data: Data) throws -> Data {
    var response = try DynamicJSONDecoder().decode(PatchResponse.self, from: data)
    for index in response.statuses.indices { response.statuses[index].userName = patchedName }
    return try DynamicJSONEncoder().encode(response)
}

func patchModelFree(_ data: Data) throws -> Data {
    var view = try DynamicClass(parsing: data)
    var index = 0
    while JSON(view.statuses[index].user.name) != nil {
        view.statuses[index].user.name.set(patchedName)
        index += 1
    }
    return try DynamicJSONEncoder().encode(view)
}

func patchWithJSONSerialization(_ data: Data) throws -> Data {
    guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        var statuses = root["statuses"] as? [[String: Any]]
    else {
        throw CocoaError(.coderReadCorrupt)
    }
    for index in statuses.indices {
        guard var user = statuses[index]["user"] as? [String: Any] else { continue }
        user["name"] = patchedName
        statuses[index]["user"] = user
    }
    root["statuses"] = statuses
    return try JSONSerialization.data(withJSONObject: root)
}

func registerMappingBenchmarks(in directory: URL, problems: inout [String]) {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("twitter.json")) else { return }

    do {
        let plain = try DynamicJSONDecoder().decode(TwitterSearch.self, from: data)
        let mapped = try DynamicJSONDecoder().decode(MappedTwitterSearch.self, from: data)
        let nested = try DynamicJSONDecoder().decode(NestedKeysTwitterSearch.self, from: data)
        let first = plain.statuses[0]
        if zip(nested.statuses, mapped.statuses).contains(where: {
            $0.userName != $1.userName || $0.followers != $1.followers || $0.firstHashtag != $1.firstHashtag
        }) {
            problems.append("Mapping/twitter/NestedKeysDecode reads different values than Mapping/twitter/DynamicDecode")
        }
        if mapped.statuses.count != plain.statuses.count
            || mapped.statuses[0].userName != first.user.name
            || mapped.statuses[0].followers != first.user.followersCount
        {
            problems.append("Mapping/twitter/DynamicDecode reads different values than the plain model")
        }
        Benchmark("Mapping/twitter/PlainDecode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DynamicJSONDecoder().decode(TwitterSearch.self, from: data))
            }
        }
        Benchmark("Mapping/twitter/NestedKeysDecode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DynamicJSONDecoder().decode(NestedKeysTwitterSearch.self, from: data))
            }
        }
        Benchmark("Mapping/twitter/DynamicDecode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DynamicJSONDecoder().decode(MappedTwitterSearch.self, from: data))
            }
        }
    } catch {
        problems.append("Mapping/twitter skipped: \(error)")
    }

    do {
        // Both patches must give the same document: the input with every user name changed.
        let ours = try JSON(parsing: patchWithDynamicMapper(data))
        let theirs = try JSON(parsing: patchWithJSONSerialization(data))
        if ours != theirs {
            problems.append("Patch/twitter/DynamicMapper gives a different document than JSONSerialization")
        }
        if try patchModelFree(data) != patchWithDynamicMapper(data) {
            problems.append("Patch/twitter/ModelFree gives different bytes than the decoded-model patch")
        }
        Benchmark("Patch/twitter/JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try patchWithJSONSerialization(data))
            }
        }
        Benchmark("Patch/twitter/DynamicMapper") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try patchWithDynamicMapper(data))
            }
        }
        Benchmark("Patch/twitter/ModelFree") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try patchModelFree(data))
            }
        }
    } catch {
        problems.append("Patch/twitter skipped: \(error)")
    }
}
