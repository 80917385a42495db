// Decodes a Twitter search response with DynamicJSONDecoder, encodes it back
// with DynamicJSONEncoder and reads a value through the JSON enum.
//
//   swift run CorpusRoundTrip [path/to/twitter.json]
//
// Without an argument it looks for shared/data/bench/twitter.json next to the
// repository, which is where the benchmark corpus lives.

import DynamicMapper
import Foundation

// Only the fields this example prints: the decoder skips every other key, so a
// client model can stay as small as its needs.
struct SearchResponse: Codable {
    var statuses: [Tweet]
}

struct Tweet: Codable {
    var id: UInt64
    var text: String
    var user: TwitterUser
    var retweetCount: Int

    enum CodingKeys: String, CodingKey {
        case id
        case text
        case user
        case retweetCount = "retweet_count"
    }
}

struct TwitterUser: Codable {
    var screenName: String
    var followersCount: Int

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case followersCount = "followers_count"
    }
}

/// Walks up from `start` looking for the corpus, so the example works from the
/// repository root, from a subfolder, and from a fresh CI clone that has
/// `shared/` beside it.
func findCorpus(from start: URL) -> URL? {
    var directory = start.standardizedFileURL
    while true {
        let candidate = directory.appendingPathComponent("shared/data/bench/twitter.json")
        if FileManager.default.fileExists(atPath: candidate.path) {
            return candidate
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { return nil }
        directory = parent
    }
}

let arguments = CommandLine.arguments.dropFirst()
let corpus: URL? =
    if let path = arguments.first {
        URL(fileURLWithPath: path)
    } else {
        findCorpus(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            ?? findCorpus(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    }

// A missing corpus is an environment matter, not a failure of the library, so
// the example says so and exits successfully (CI may run it without data).
guard let corpus, let data = try? Data(contentsOf: corpus) else {
    print("CorpusRoundTrip: no twitter.json found (pass a path as the first argument); nothing to do.")
    exit(0)
}

do {
    let response = try DynamicJSONDecoder().decode(SearchResponse.self, from: data)
    print("Decoded \(corpus.lastPathComponent): \(data.count) bytes, \(response.statuses.count) statuses")
    if let first = response.statuses.first {
        print("First user: @\(first.user.screenName) (\(first.user.followersCount) followers)")
        // Tweets contain newlines and multi-byte text; a single-line prefix
        // keeps the output readable.
        let prefix = first.text.prefix(60).replacingOccurrences(of: "\n", with: " ")
        print("First tweet: \(prefix)\(first.text.count > 60 ? "…" : "")")
    }

    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let encoded = try encoder.encode(response)
    print("Re-encoded (pretty, sorted keys): \(encoded.count) bytes; first lines:")
    let text = String(decoding: encoded, as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
        print("  \(line)")
    }

    // The JSON enum keeps fields the model dropped, such as search_metadata.
    let json = try JSON(parsing: data)
    if let count = json["search_metadata"]?["count"] {
        print("search_metadata.count: \(count)")
    } else {
        print("search_metadata.count: (absent)")
    }
} catch {
    print("CorpusRoundTrip failed: \(error)")
    exit(1)
}
