// Runs one operation of the benchmark suite a given number of times, for callgrind.sh to
// count its instructions. A plain synchronous program: valgrind cannot run the benchmark
// binary itself (it stops inside libdispatch's main-queue thread), and a count needs no
// clock, no interposer and nothing set up that the operation does not use.
//
//   CallgrindProbe Decode/twitter/DynamicMapper 3 ../../shared/data/bench
//
// Names are those of the benchmark package (`Decode`, `Encode`, `Parse` or `Tree`, a corpus
// file's stem, the implementation; or `Mapped/records/...`, `Mappable/records/...`,
// `Mapping/twitter/...` for the decodes, `Query/twitter/...` for the query benchmarks and
// their hand-written loops, or `Streaming/jsonLines/...` and `Streaming/parallel/...` for the
// JSON Lines of twitter.json's statuses).
//
// `Memory/<file>/<implementation>` (implementation `DynamicMapperTree`, `DynamicMapperDocument`,
// `DynamicMapperModel` or `JSONSerialization`) instead prints the heap a parsed tree or document keeps alive, per
// input byte (glibc's `mallinfo2`, large mapped blocks included):
//
//   CallgrindProbe Memory/twitter/DynamicMapperTree 1 ../../shared/data/bench
//
// `Peak/<file>/<implementation>` (`FoundationDecode`, `DynamicMapperDecode`, `JSONSerialization`,
// `DynamicMapperTree`, `DynamicMapperDocument`) prints the resident memory one run of the
// operation needed at its peak (Linux's VmHWM), per input byte.

import DynamicMapper
import Foundation
import MallocStats
import OpenAPIRuntime

@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CallgrindProbe: \(message)\n".utf8))
    exit(1)
}

/// The operation `operation`/`implementation` on `data` decoded as `Model`.
func corpusOperation<Model: Codable>(_ type: Model.Type, _ operation: String, _ implementation: String, data: Data) throws -> () throws -> Void {
    switch (operation, implementation) {
    case ("Parse", "JSONSerialization"): return { consume(try JSONSerialization.jsonObject(with: data)) }
    case ("Parse", "DynamicMapper"): return { consume(try JSONDocument(parsing: data)) }
    case ("Parse", "DynamicMapperTree"): return { consume(try JSON(parsing: data)) }
    case ("Tree", "JSONSerialization"):
        return { consume(try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data))) }
    case ("Tree", "DynamicMapper"): return { consume(try JSON(parsing: data).serialized()) }
    case ("Decode", "Foundation"): return { consume(try JSONDecoder().decode(Model.self, from: data)) }
    case ("Decode", "DynamicMapper"): return { consume(try DynamicJSONDecoder().decode(Model.self, from: data)) }
    case ("Encode", "Foundation"), ("Encode", "DynamicMapper"):
        let model = try JSONDecoder().decode(Model.self, from: data)
        if implementation == "Foundation" { return { consume(try JSONEncoder().encode(model)) } }
        return { consume(try DynamicJSONEncoder().encode(model)) }
    default: fail("no operation \(operation)/\(implementation)")
    }
}

/// `Query/<file>/<implementation>`: `$.statuses[*].user.screen_name` as the benchmarks run it
/// (`Document`, `JSON`, `JSONLoop`, `JSONSerializationLoop`, and the bytes-to-answer pair
/// `DocumentFromBytes`, `JSONSerializationFromBytes`).
func queryOperation(_ implementation: String, data: Data) throws -> () throws -> Void {
    let query = try JSONPath("$.statuses[*].user.screen_name")
    switch implementation {
    case "Document":
        let document = try JSONDocument(parsing: data)
        return { consume(try document.query(query).values(as: String.self)) }
    case "JSON":
        let json = try JSON(parsing: data)
        return { consume(try json.query(query).values(as: String.self)) }
    case "JSONLoop":
        let json = try JSON(parsing: data)
        return { consume(screenNamesByHand(json)) }
    case "JSONSerializationLoop":
        let object = try JSONSerialization.jsonObject(with: data)
        return { consume(screenNamesByHand(object)) }
    case "DocumentFromBytes":
        return { consume(try JSONDocument(parsing: data).query(query).values(as: String.self)) }
    case "JSONSerializationFromBytes":
        return { consume(screenNamesByHand(try JSONSerialization.jsonObject(with: data))) }
    default: fail("no query benchmark \(implementation)")
    }
}

/// `Streaming/jsonLines/<implementation>` (`DynamicMapper`, `OpenAPIRuntime`) and
/// `Streaming/parallel/<implementation>` (`Sequential`, `Parallel`): the streaming benchmarks'
/// JSON Lines of twitter.json's statuses (about 4 MB), decoded as `Status`. The count is of
/// the whole file; divide by the line count printed to standard error for one element.
func streamingOperation(_ route: String, corpus: URL) throws -> () throws -> Void {
    let twitter = try Data(contentsOf: corpus.appendingPathComponent("twitter.json"))
    let (jsonLines, lineCount) = repeated(try statusLines(twitter), size: 4 << 20, separator: "\n", close: "\n")
    FileHandle.standardError.write(Data("\(lineCount) lines\n".utf8))
    let chunks = ByteChunks(jsonLines)
    let decoder = DynamicJSONDecoder()
    switch route {
    case "jsonLines/DynamicMapper":
        return { try awaitResult { for try await status in decoder.jsonLines(of: Status.self, in: chunks) { consume(status) } } }
    case "jsonLines/OpenAPIRuntime":
        return {
            try awaitResult {
                for try await status in chunks.asDecodedJSONLines(of: Status.self, decoder: JSONDecoder()) { consume(status) }
            }
        }
    case "parallel/Sequential":
        return { try decoder.jsonLines(of: Status.self, in: jsonLines).forEach { consume($0) } }
    case "parallel/Parallel":
        return { try awaitResult { for try await status in decoder.jsonLines(of: Status.self, in: jsonLines).parallel() { consume(status) } } }
    default: fail("no streaming benchmark \(route)")
    }
}

/// Runs `body` in a task and waits for it: the probe is a plain synchronous program.
func awaitResult(_ body: @escaping @Sendable () async throws -> Void) throws {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox()
    Task {
        do {
            try await body()
            box.result = .success(())
        } catch {
            box.result = .failure(error)
        }
        semaphore.signal()
    }
    semaphore.wait()
    try box.result?.get()
}

/// A result handed from a task to the thread that waits for it.
final class ResultBox: @unchecked Sendable {
    // @unchecked: written by the task before it signals, read by the waiter after.
    var result: Result<Void, any Error>?
}

func operation(named name: String, corpus: URL) throws -> () throws -> Void {
    let parts = name.split(separator: "/").map(String.init)
    if parts.first == "Streaming", parts.count == 3 { return try streamingOperation(parts[1] + "/" + parts[2], corpus: corpus) }
    guard parts.count == 3 else { fail("expected Operation/file/implementation, got \(name)") }
    if parts[0] == "Mapped" {
        let data = makeProfiles()
        switch parts[2] {
        case "Foundation": return { consume(try JSONDecoder().decode([SynthesizedProfile].self, from: data)) }
        case "Synthesized": return { consume(try DynamicJSONDecoder().decode([SynthesizedProfile].self, from: data)) }
        case "Mapped": return { consume(try DynamicJSONDecoder().decode([MappedProfile].self, from: data)) }
        default: fail("no benchmark \(name)")
        }
    }
    if parts[0] == "Mapping", parts[1] == "twitter" {
        let data = try Data(contentsOf: corpus.appendingPathComponent("twitter.json"))
        switch parts[2] {
        case "PlainDecode": return { consume(try DynamicJSONDecoder().decode(TwitterSearch.self, from: data)) }
        case "NestedKeysDecode": return { consume(try DynamicJSONDecoder().decode(NestedKeysTwitterSearch.self, from: data)) }
        case "DynamicDecode": return { consume(try DynamicJSONDecoder().decode(MappedTwitterSearch.self, from: data)) }
        default: fail("no benchmark \(name)")
        }
    }
    if parts[0] == "Mappable" {
        let data = makeProfiles()
        switch parts[2] {
        case "Synthesized": return { consume(try DynamicJSONDecoder().decode([SynthesizedProfile].self, from: data)) }
        case "Mappable": return { consume(try DynamicJSONDecoder().decode([MappableProfile].self, from: data)) }
        case "SynthesizedObject": return { consume(try DynamicJSONDecoder().decode([SynthesizedProfileObject].self, from: data)) }
        case "MappableValue": return { consume(try DynamicJSONDecoder().decode([MappableProfileValue].self, from: data)) }
        case "MappableEncode":
            let models = try DynamicJSONDecoder().decode([MappableProfile].self, from: data)
            return { consume(try DynamicJSONEncoder().encode(models)) }
        default: fail("no benchmark \(name)")
        }
    }
    let data = try Data(contentsOf: corpus.appendingPathComponent(parts[1] + ".json"))
    if parts[0] == "Query" { return try queryOperation(parts[2], data: data) }
    switch parts[1] {
    case "twitter": return try corpusOperation(TwitterSearch.self, parts[0], parts[2], data: data)
    case "citm_catalog": return try corpusOperation(CitmCatalog.self, parts[0], parts[2], data: data)
    case "canada": return try corpusOperation(FeatureCollection.self, parts[0], parts[2], data: data)
    default: fail("no corpus file \(parts[1])")
    }
}

/// Heap bytes in use, as glibc counts them.
func heapInUse() -> Int { Int(mallocstats_bytes_in_use()) }

/// A model that keeps its document and declares nothing.
struct WholeDocumentModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

/// The heap that a tree or document parsed from the file named in `name` keeps alive, per
/// input byte.
func printTreeMemory(named name: String, corpus: URL) throws {
    let parts = name.split(separator: "/").map(String.init)
    guard parts.count == 3 else { fail("expected Memory/file/implementation, got \(name)") }
    let data = try Data(contentsOf: corpus.appendingPathComponent(parts[1] + ".json"))
    let before = heapInUse()
    let kept: Any
    switch parts[2] {
    case "DynamicMapperTree": kept = try JSON(parsing: data)
    // What a model or view keeps alive: the copy of the input and its node index.
    case "DynamicMapperDocument": kept = try JSONDocument(parsing: data)
    // A decoded dynamic model that keeps its whole document in `ds`.
    case "DynamicMapperModel": kept = try DynamicJSONDecoder().decode(WholeDocumentModel.self, from: data)
    case "JSONSerialization": kept = try JSONSerialization.jsonObject(with: data)
    default: fail("no memory measurement for \(parts[2])")
    }
    let retained = heapInUse() - before
    withExtendedLifetime(kept) {
        print(String(format: "%@ retains %d bytes, %.2f bytes per input byte", name, retained, Double(retained) / Double(data.count)))
    }
}

/// A field of /proc/self/status in bytes (`VmRSS`, `VmHWM`), or 0 where there is none.
func processMemory(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
        return kilobytes * 1024
    }
    return 0
}

/// The resident memory a whole operation needed at its peak (the process's high-water mark
/// after one run, less what it held before), per input byte: what the machine must have free
/// to decode, parse or build the file once. Linux only (/proc).
func printPeakMemory(named name: String, corpus: URL) throws {
    let parts = name.split(separator: "/").map(String.init)
    guard parts.count == 3 else { fail("expected Peak/file/implementation, got \(name)") }
    let data = try Data(contentsOf: corpus.appendingPathComponent(parts[1] + ".json"))
    let before = processMemory("VmRSS")
    switch parts[2] {
    case "FoundationDecode", "DynamicMapperDecode":
        let decoder = parts[2] == "FoundationDecode" ? JSONDecoder() : DynamicJSONDecoder()
        switch parts[1] {
        case "twitter": consume(try decoder.decode(TwitterSearch.self, from: data))
        case "citm_catalog": consume(try decoder.decode(CitmCatalog.self, from: data))
        case "canada": consume(try decoder.decode(FeatureCollection.self, from: data))
        default: fail("no corpus file \(parts[1])")
        }
    case "JSONSerialization": consume(try JSONSerialization.jsonObject(with: data))
    case "DynamicMapperTree": consume(try JSON(parsing: data))
    case "DynamicMapperDocument": consume(try JSONDocument(parsing: data))
    default: fail("no peak measurement for \(parts[2])")
    }
    let peak = processMemory("VmHWM") - before
    print(String(format: "%@ peaks at %d bytes, %.2f bytes per input byte", name, peak, Double(peak) / Double(data.count)))
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[2]) else {
    fail("usage: CallgrindProbe <benchmark name> <iterations> <corpus folder>")
}
if arguments[1].hasPrefix("Peak/") {
    do {
        try printPeakMemory(named: arguments[1], corpus: URL(fileURLWithPath: arguments[3], isDirectory: true))
    } catch {
        fail("\(arguments[1]) threw \(error)")
    }
    exit(0)
}
if arguments[1].hasPrefix("Memory/") {
    do {
        try printTreeMemory(named: arguments[1], corpus: URL(fileURLWithPath: arguments[3], isDirectory: true))
    } catch {
        fail("\(arguments[1]) threw \(error)")
    }
    exit(0)
}
do {
    let body = try operation(named: arguments[1], corpus: URL(fileURLWithPath: arguments[3], isDirectory: true))
    for _ in 0..<iterations {
        try body()
    }
} catch {
    fail("\(arguments[1]) threw \(error)")
}
