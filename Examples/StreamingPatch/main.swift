// Generates a large twitter-like file (twitter.json's statuses repeated), then redacts every
// status author's screen name on the way from one file to another, element by element, and
// prints time and peak memory for each step. Everything around the edited values is copied
// byte for byte; memory stays at one status and a chunk, whatever the file's size. For
// comparison it then decodes typed statuses from the file element by element, and a 100 MB
// document of them in memory (last, since that raises the peak).
//
//   swift run -c release StreamingPatch [megabytes, default 200] [path/to/twitter.json]

import DynamicMapper
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Peak resident memory of this process so far, in MiB.
func peakMemoryMiB() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576 // bytes on Darwin
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024 // KiB on Linux
    #endif
}

/// The part of a status the comparison decodes.
struct Status: Decodable {
    struct User: Decodable {
        var id: UInt64
        var screen_name: String
        var followers_count: Int
    }

    var id: UInt64
    var text: String
    var user: User
    var retweet_count: Int
}

struct Feed: Decodable {
    var statuses: [Status]
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

func measure(_ label: String, bytes: Int, _ body: () throws -> String) rethrows {
    let start = Date()
    let detail = try body()
    let seconds = Date().timeIntervalSince(start)
    let megabytes = Double(bytes) / 1_000_000
    print(
        String(
            format: "%@: %.2f s, %.0f MB/s, peak resident %.1f MiB  %@",
            label, seconds, megabytes / seconds, peakMemoryMiB(), detail))
}

let arguments = CommandLine.arguments
let megabytes = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
let corpusPath =
    arguments.count > 2
    ? URL(fileURLWithPath: arguments[2])
    : findCorpus(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
guard let corpus = corpusPath else {
    print("twitter.json not found: pass its path as the second argument")
    exit(1)
}

let folder = FileManager.default.temporaryDirectory
let input = folder.appendingPathComponent("streaming-patch-input.json")
let output = folder.appendingPathComponent("streaming-patch-output.json")
defer {
    try? FileManager.default.removeItem(at: input)
    try? FileManager.default.removeItem(at: output)
}

do {
    // 1. A large input, written element by element: the corpus's statuses, repeated.
    let statuses = try Array(DynamicJSONDecoder().elements(of: JSON.self, contentsOf: corpus, at: "statuses").collectedForExample())
    let encoded = statuses.map { $0.serialized() }
    let perRound = encoded.reduce(0) { $0 + $1.count + 1 }
    let rounds = max(1, megabytes * 1_000_000 / perRound)
    let header = Data(#"{"search_metadata": {"count": \#(rounds * statuses.count), "note": "generated"}, "statuses": ["#.utf8)
    guard FileManager.default.createFile(atPath: input.path, contents: nil) else {
        print("cannot create \(input.path)")
        exit(1)
    }
    let handle = try FileHandle(forWritingTo: input)
    try handle.write(contentsOf: header)
    var buffer = Data()
    for round in 0..<rounds {
        for (index, status) in encoded.enumerated() {
            if round > 0 || index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(status)
            if buffer.count > 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }
    buffer.append(contentsOf: Array("], \"tail\": 1.10}\n".utf8))
    try handle.write(contentsOf: buffer)
    try handle.close()
    let size = (try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0
    print("input: \(size / 1_000_000) MB, \(rounds * statuses.count) statuses (peak so far \(String(format: "%.1f", peakMemoryMiB())) MiB)")

    // 2. Redact every author's screen name, file to file, one status at a time.
    try measure("patch (DynamicClass per status)", bytes: size) {
        let summary = try DynamicJSONDecoder().patchElements(
            of: DynamicClass.self, contentsOf: input, at: "statuses", writingTo: output
        ) { status in
            status.user.screen_name.set("redacted")
        }
        return "\(summary.edited) of \(summary.elements) edited"
    }

    // 3. Check the result, streaming it again: every screen name redacted, the bytes before
    //    the array and after it unchanged.
    try measure("check (stream the output)", bytes: size) {
        var redacted = 0
        var total = 0
        try DynamicJSONDecoder().elements(of: DynamicClass.self, contentsOf: output, at: "statuses").forEach { status in
            total += 1
            if JSON(status.user.screen_name) == "redacted" { redacted += 1 }
        }
        let reader = try FileHandle(forReadingFrom: output)
        let head = try reader.read(upToCount: header.count) ?? Data()
        let end = try reader.seekToEnd()
        try reader.seek(toOffset: end - 17)
        let tail = try reader.read(upToCount: 17) ?? Data()
        try reader.close()
        let intact = head == header && tail == Data("], \"tail\": 1.10}\n".utf8)
        return "\(redacted) of \(total) redacted, bytes around the array \(intact ? "unchanged" : "CHANGED")"
    }

    // 4. For comparison: typed statuses streamed from the file, then the in-memory decode of
    //    a 100 MB document of the same statuses (last, since it raises the peak).
    try measure("stream decode (typed Status per element)", bytes: size) {
        var count = 0
        try DynamicJSONDecoder().elements(of: Status.self, contentsOf: input, at: "statuses").forEach { _ in count += 1 }
        return "\(count) statuses"
    }
    let lines = folder.appendingPathComponent("streaming-patch-statuses.jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try measure("write JSON Lines (encoder.writeJSONLines; MB/s of the array's size)", bytes: size) {
        try DynamicJSONEncoder().writeJSONLines(of: (0..<rounds).lazy.flatMap { _ in statuses }, to: lines)
        return "\(rounds * statuses.count) lines"
    }
    let linesSize = (try FileManager.default.attributesOfItem(atPath: lines.path)[.size] as? Int) ?? 0
    try measure("stream decode \(linesSize / 1_000_000) MB of JSON Lines (typed Status per line)", bytes: linesSize) {
        var count = 0
        try DynamicJSONDecoder().jsonLines(of: Status.self, contentsOf: lines).forEach { _ in count += 1 }
        return "\(count) statuses"
    }
    let sliceRounds = max(1, 100_000_000 / perRound)
    var slice = Data(#"{"statuses": ["#.utf8)
    for round in 0..<sliceRounds {
        for (index, status) in encoded.enumerated() {
            if round > 0 || index > 0 { slice.append(UInt8(ascii: ",")) }
            slice.append(status)
        }
    }
    slice.append(contentsOf: Array("]}".utf8))
    try measure("in-memory decode of a \(slice.count / 1_000_000) MB slice", bytes: slice.count) {
        let feed = try DynamicJSONDecoder().decode(Feed.self, from: slice)
        return "\(feed.statuses.count) statuses"
    }
} catch {
    print("error:", error)
    exit(1)
}

extension JSONStream {
    /// Every element, for the small corpus only.
    func collectedForExample() throws -> [Element] {
        var elements: [Element] = []
        try forEach { elements.append($0) }
        return elements
    }
}
