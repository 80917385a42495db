// Decodes twitter.json into small dynamic models, changes one nested value of a status
// (the author's name) and encodes the response back. Every key the models do not declare
// comes back unchanged, in its original order, with its original number literals.
//
//   swift run PatchTwitterStatus [path/to/twitter.json]

import DynamicMapper
import DynamicMapperOperators
import Foundation

/// The whole response, of which the client models only the statuses.
struct SearchResponse: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var statuses: [Status]
}

/// A status as this client sees it: two fields of its own and the author's name, which
/// lives one level down in the JSON.
struct Status: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: UInt64
    var text: String
    @NotCoded var authorName: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        authorName <-> ds.user.name
    }
}

/// Walks up from `start` to find the corpus next to the repository.
func findCorpus(from start: URL) -> URL? {
    var directory = start.standardizedFileURL
    while true {
        let candidate = directory.appendingPathComponent("shared/data/bench/twitter.json")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { return nil }
        directory = parent
    }
}

/// Paths (in the `ds[...]` grammar) where two JSON values differ.
func differences(_ left: JSON, _ right: JSON, at path: String = "") -> [String] {
    switch (left, right) {
    case (.object(let a), .object(let b)):
        let keys = a.keys + b.keys.filter { a.index(forKey: $0) == nil }
        return keys.flatMap { key in
            differences(a[key] ?? .null, b[key] ?? .null, at: path.isEmpty ? key : "\(path).\(key)")
        }
    case (.array(let a), .array(let b)) where a.count == b.count:
        return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
    default:
        return left == right ? [] : [path]
    }
}

let corpus: URL? =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? findCorpus(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    ?? findCorpus(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent())

guard let corpus, let data = try? Data(contentsOf: corpus) else {
    print("PatchTwitterStatus: no twitter.json found (pass a path as the first argument); nothing to do.")
    exit(0)
}

do {
    var response = try DynamicJSONDecoder().decode(SearchResponse.self, from: data)
    print("Decoded \(response.statuses.count) statuses from \(data.count) bytes")
    let before = response.statuses[0].authorName ?? "(none)"
    response.statuses[0].authorName = "Renamed Author"
    print("statuses[0].user.name: \(before) -> \(response.statuses[0].authorName ?? "(none)")")

    let encoded = try DynamicJSONEncoder().encode(response)
    print("Re-encoded: \(encoded.count) bytes (input \(data.count) bytes, which has white space the output drops)")

    let original = try JSON(parsing: data)
    let patched = try JSON(parsing: encoded)
    let changed = differences(original, patched)
    print("Paths that differ from the input: \(changed)")
    let keysBefore = original["statuses"]?[0]?.objectValue?.keys.count ?? 0
    let keysAfter = patched["statuses"]?[0]?.objectValue?.keys.count ?? 0
    print("Keys of statuses[0]: \(keysBefore) before, \(keysAfter) after; models declare 3")
    guard changed == ["statuses[0].user.name"] else {
        print("PatchTwitterStatus: expected exactly one changed path")
        exit(1)
    }
} catch {
    print("PatchTwitterStatus failed: \(error)")
    exit(1)
}
