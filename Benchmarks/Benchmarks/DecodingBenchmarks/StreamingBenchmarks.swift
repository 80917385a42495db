// Streaming (issue 32), each beside its baseline in the same run, on twitter.json's statuses:
//
// - Streaming/jsonLines/DynamicMapper vs Streaming/jsonLines/OpenAPIRuntime: JSON Lines of the
//   statuses (one a line, repeated to about 4 MB) arriving as 64 KiB `ArraySlice<UInt8>`
//   chunks, decoded as the `Status` model: `decoder.jsonLines(of:in:)` against
//   swift-openapi-runtime's `asDecodedJSONLines(of:decoder:)` (Foundation's `JSONDecoder`).
// - Streaming/parallel/Sequential vs Streaming/parallel/Parallel: the same JSON Lines from
//   `Data`, decoded in order on one core, then with `parallel()` on every core.
// - Streaming/array/InMemory vs Streaming/array/Streamed: a top-level array of the statuses
//   (about 4 MB): `decode([Status].self, from:)` against `elements(of:in:)`, element by
//   element. Peak resident memory is package-benchmark's `peakMemoryResident` (each benchmark
//   runs in a process of its own).
// - DYNAMICMAPPER_BENCH_LARGE=1 (opt-in, never in CI's smoke run) registers only
//   Streaming/large/Elements and Streaming/large/PatchThrough, so that package-benchmark's
//   peak resident memory of the process is theirs: a 1 GiB array file of the statuses in the temporary
//   folder (made once, kept for later runs), decoded element by element from the file, and
//   copied through `patchElements` with every 100th status's screen name replaced by one of
//   the same length. The patched file is checked: the same size, and only the replaced names differ.

import Benchmark
import DynamicMapper
import Foundation
import OpenAPIRuntime

// `Status`'s sendability, `ByteChunks`, `statusLines` and `repeated` are in
// Models/StreamingInputs.swift, which CallgrindProbe shares.

func registerStreamingBenchmarks(in directory: URL, problems: inout [String]) {
    guard let twitter = try? Data(contentsOf: directory.appendingPathComponent("twitter.json")) else { return }
    // The suite's settings (one iteration in a smoke run), with CPU time and peak memory added.
    var configuration = Benchmark.defaultConfiguration
    configuration.metrics = [.wallClock, .cpuTotal, .throughput, .peakMemoryResident, .mallocCountTotal]
    do {
        let lines = try statusLines(twitter)
        let (jsonLines, lineCount) = repeated(lines, size: 4 << 20, separator: "\n", close: "\n")
        let (array, arrayCount) = repeated(lines, size: 4 << 20, open: "[", separator: ",", close: "]")
        let chunks = ByteChunks(jsonLines)
        let decoder = DynamicJSONDecoder()

        // Each route once outside the measurement: all must give every status.
        let counts = try countStreamed(decoder: decoder, chunks: chunks, jsonLines: jsonLines, array: array)
        for (route, count) in counts where count != (route.hasPrefix("array") ? arrayCount : lineCount) {
            problems.append("Streaming/\(route): \(count) statuses, expected \(route.hasPrefix("array") ? arrayCount : lineCount)")
        }

        Benchmark("Streaming/jsonLines/DynamicMapper", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for try await status in decoder.jsonLines(of: Status.self, in: chunks) { blackHole(status) }
            }
        }
        Benchmark("Streaming/jsonLines/OpenAPIRuntime", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for try await status in chunks.asDecodedJSONLines(of: Status.self, decoder: JSONDecoder()) { blackHole(status) }
            }
        }
        Benchmark("Streaming/parallel/Sequential", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for try await status in decoder.jsonLines(of: Status.self, in: jsonLines) { blackHole(status) }
            }
        }
        Benchmark("Streaming/parallel/Parallel", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for try await status in decoder.jsonLines(of: Status.self, in: jsonLines).parallel() { blackHole(status) }
            }
        }
        Benchmark("Streaming/array/InMemory", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try decoder.decode([Status].self, from: array)) }
        }
        Benchmark("Streaming/array/Streamed", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                try decoder.elements(of: Status.self, in: array).forEach { blackHole($0) }
            }
        }
    } catch {
        problems.append("Streaming skipped: \(error)")
    }
}

/// How many statuses each route gives, by route name.
private func countStreamed(decoder: DynamicJSONDecoder, chunks: ByteChunks, jsonLines: Data, array: Data) throws -> [String: Int] {
    let semaphore = DispatchSemaphore(value: 0)
    let box = CountBox()
    Task {
        do {
            var counts: [String: Int] = [:]
            for try await _ in decoder.jsonLines(of: Status.self, in: chunks) { counts["jsonLines/DynamicMapper", default: 0] += 1 }
            for try await _ in chunks.asDecodedJSONLines(of: Status.self, decoder: JSONDecoder()) { counts["jsonLines/OpenAPIRuntime", default: 0] += 1 }
            for try await _ in decoder.jsonLines(of: Status.self, in: jsonLines).parallel() { counts["parallel/Parallel", default: 0] += 1 }
            box.result = .success(counts)
        } catch {
            box.result = .failure(error)
        }
        semaphore.signal()
    }
    semaphore.wait()
    var counts = try box.result?.get() ?? [:]
    counts["array/InMemory"] = try decoder.decode([Status].self, from: array).count
    var streamed = 0
    try decoder.elements(of: Status.self, in: array).forEach { _ in streamed += 1 }
    counts["array/Streamed"] = streamed
    return counts
}

/// A result handed from a task to the thread that waits for it.
private final class CountBox: @unchecked Sendable {
    // @unchecked: written by the task before it signals, read by the waiter after.
    var result: Result<[String: Int], any Error>?
}

/// The 1 GiB variant: a file of statuses, streamed from disk, and patched through. Registered
/// alone, so that the process's peak resident memory is what these two need.
func registerLargeStreamingBenchmarks(in directory: URL, problems: inout [String]) {
    do {
        let twitter = try Data(contentsOf: directory.appendingPathComponent("twitter.json"))
        try registerLargeStreamingBenchmarks(lines: statusLines(twitter))
    } catch {
        problems.append("Streaming/large skipped: \(error)")
    }
}

private func registerLargeStreamingBenchmarks(lines: [Data]) throws {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .peakMemoryResident]
    let folder = FileManager.default.temporaryDirectory
    let input = folder.appendingPathComponent("dynamicmapper-bench-statuses-1g.json")
    let output = folder.appendingPathComponent("dynamicmapper-bench-statuses-1g-patched.json")
    let size = 1 << 30
    if (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0 < size {
        try writeLargeArray(lines: lines, size: size, to: input)
    }
    let decoder = DynamicJSONDecoder()
    let once = Benchmark.Configuration(metrics: metrics, warmupIterations: 0, maxDuration: .seconds(600), maxIterations: 1)
    Benchmark("Streaming/large/Elements", configuration: once) { _ in
        var count = 0
        try decoder.elements(of: Status.self, contentsOf: input).forEach { _ in count += 1 }
        blackHole(count)
    }
    Benchmark("Streaming/large/PatchThrough", configuration: once) { benchmark in
        var index = 0
        let summary = try decoder.patchElements(of: DynamicClass.self, contentsOf: input, writingTo: output) { status in
            defer { index += 1 }
            guard index % 100 == 0, case .string(let name)? = JSON(status.user.screen_name) else { return }
            status.user.screen_name.set(String(repeating: "x", count: name.utf8.count))
        }
        blackHole(summary)
        benchmark.stopMeasurement()
        let differing = try differingBytes(input, output)
        if differing.sizes.0 != differing.sizes.1 || differing.count > summary.edited * 20 {
            print("Streaming/large/PatchThrough: sizes \(differing.sizes), \(differing.count) bytes differ for \(summary.edited) edits")
        } else {
            print("Streaming/large/PatchThrough: \(summary.elements) statuses, \(summary.edited) edited, \(differing.count) bytes differ, the rest identical")
        }
    }
}

/// Writes an array of the statuses of at least `size` bytes, a line at a time.
private func writeLargeArray(lines: [Data], size: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var written = 0
    var buffer = Data("[".utf8)
    var first = true
    while written + buffer.count < size {
        for line in lines {
            if !first { buffer.append(UInt8(ascii: ",")) }
            first = false
            buffer.append(line)
        }
        if buffer.count >= 1 << 20 {
            try handle.write(contentsOf: buffer)
            written += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
    }
    buffer.append(UInt8(ascii: "]"))
    try handle.write(contentsOf: buffer)
}

/// How many bytes differ between two files of the same size, read a megabyte at a time.
private func differingBytes(_ first: URL, _ second: URL) throws -> (count: Int, sizes: (Int, Int)) {
    let one = try FileHandle(forReadingFrom: first)
    let two = try FileHandle(forReadingFrom: second)
    defer {
        try? one.close()
        try? two.close()
    }
    var count = 0
    var sizes = (0, 0)
    while true {
        let left = try one.read(upToCount: 1 << 20) ?? Data()
        let right = try two.read(upToCount: 1 << 20) ?? Data()
        sizes.0 += left.count
        sizes.1 += right.count
        if left.isEmpty && right.isEmpty { break }
        count += zip(left, right).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }
    return (count, sizes)
}
