import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Parallel decode: the same inputs through the sequential stream and through `parallel(…)`,
// cut into random chunks with random look-ahead limits, give the same elements, the same
// skipped-element reports in the same order, and the same final error. File-scope types carry
// a `PD` prefix.

private struct PDRecord: Codable, Equatable, Sendable {
    var id: Int
    var text: String
}

/// What a consumer saw: the elements, the skipped elements and the error, as comparable text.
private struct PDOutcome: Equatable, CustomStringConvertible {
    var elements: [PDRecord]
    var skipped: [String]
    var error: String?

    var description: String { "\(elements.count) elements, skipped \(skipped), error \(error ?? "none")" }
}

private func describe(_ error: JSONStreamError) -> String {
    "\(error.kind) \(error.elementIndex.map(String.init) ?? "-") byte \(error.offset) \(error.line):\(error.column) \(error.message) "
        + "\(error.underlyingError.map { String(describing: type(of: $0)) } ?? "-")"
}

private func outcome(_ result: ([PDRecord], JSONStreamError?), _ skipped: SkippedLog) -> PDOutcome {
    PDOutcome(elements: result.0, skipped: skipped.errors.map(describe), error: result.1.map(describe))
}

/// A record line: most decode, some have a wrong type, some are not JSON.
private func record(_ index: Int, _ generator: inout SAGenerator) -> String {
    switch Int.random(in: 0..<10, using: &generator.random) {
    case 0: return #"{"id": "\#(index)", "text": "wrong type"}"#
    case 1: return #"{"id": \#(index),\#(generator.whitespace()) "text": }"#
    default: return #"{"id": \#(index), "text":\#(generator.whitespace()) \#(generator.string())}"#.replacingOccurrences(of: "\n", with: " ")
    }
}

/// Sequential and parallel over the same bytes; `makeStream` builds either from the options.
private func compare(
    _ data: Data, round: Int, random: inout SeededRandom,
    sequential: (JSONStreamOptions) -> JSONStream<PDRecord>,
    chunked: (ChunkSequence, JSONStreamOptions) -> AsyncJSONStream<ChunkSequence, PDRecord>
) async {
    var options = JSONStreamOptions()
    options.skipsFailingElements = Bool.random(using: &random)
    options.chunkSize = Int.random(in: 1...256, using: &random)
    let expectedLog = SkippedLog()
    var expectedOptions = options
    expectedOptions.onSkippedElement = { expectedLog.append($0) }
    let expected = outcome(collectSync(sequential(expectedOptions)), expectedLog)

    let concurrency = Int.random(in: 1...4, using: &random)
    let lookAhead = Int.random(in: 1...12, using: &random)
    let lookAheadBytes = Bool.random(using: &random) ? Int.random(in: 1...300, using: &random) : 1 << 20
    let dataLog = SkippedLog()
    var dataOptions = options
    dataOptions.onSkippedElement = { dataLog.append($0) }
    let fromData = await collect(
        sequential(dataOptions).parallel(
            maximumConcurrency: concurrency, lookAhead: lookAhead, lookAheadBytes: lookAheadBytes))
    #expect(outcome(fromData, dataLog) == expected, "round \(round), data, \(concurrency)/\(lookAhead)/\(lookAheadBytes)")

    let chunks = ChunkSequence(randomChunks(of: data, maximum: Int.random(in: 1...40, using: &random), using: &random))
    let chunkLog = SkippedLog()
    var chunkOptions = options
    chunkOptions.onSkippedElement = { chunkLog.append($0) }
    let fromChunks = await collect(
        chunked(chunks, chunkOptions).parallel(
            maximumConcurrency: concurrency, lookAhead: lookAhead, lookAheadBytes: lookAheadBytes))
    #expect(outcome(fromChunks, chunkLog) == expected, "round \(round), chunks, \(concurrency)/\(lookAhead)/\(lookAheadBytes)")
}

/// A record whose decode notes how many of its decodes run at once. Only parallel streams
/// decode it, so they all run on the pool's worker threads: never more at once than those.
private struct PDTracedRecord: Decodable, Sendable {
    var id: Int

    init(from decoder: any Decoder) throws {
        PDTrace.shared.enter()
        defer { PDTrace.shared.leave() }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        // Long enough for the decodes of several streams to overlap.
        Thread.sleep(forTimeInterval: 0.0002)
    }

    private enum CodingKeys: String, CodingKey {
        case id
    }
}

/// The most ``PDTracedRecord`` decodes seen at once.
private final class PDTrace: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written under `lock`.
    static let shared = PDTrace()
    private let lock = NSLock()
    private var running = 0
    private var most = 0

    func enter() {
        lock.withLock {
            running += 1
            most = max(most, running)
        }
    }

    func leave() {
        lock.withLock { running -= 1 }
    }

    var mostAtOnce: Int { lock.withLock { most } }
}

/// A record that, when `held`, waits in its decode until ``PDGate/open()`` (or 10 seconds, so
/// that nothing hangs), and is counted: a batch of them is still running when the consumer
/// leaves.
private struct PDHeldRecord: Decodable, Sendable {
    var id: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        if try container.decodeIfPresent(Bool.self, forKey: .held) == true { PDGate.shared.pass() }
    }

    private enum CodingKeys: String, CodingKey {
        case id, held
    }
}

private final class PDGate: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written with `condition` locked.
    static let shared = PDGate()
    private let condition = NSCondition()
    private var isOpen = false
    private var passed = 0
    private var late = 0

    func pass() {
        condition.lock()
        defer { condition.unlock() }
        passed += 1
        if isOpen { late += 1 }
        let deadline = Date(timeIntervalSinceNow: 10)
        while !isOpen, condition.wait(until: deadline) {}
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Held decodes started, and those started once the gate was open.
    var counts: (passed: Int, late: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (passed, late)
    }
}

@Suite("Streaming: parallel decode")
struct StreamingParallelTests {
    @Test("JSON Lines: parallel gives what the sequential stream gives, errors and skips included")
    func jsonLines() async throws {
        var random = SeededRandom(state: 3232)
        for round in 0..<150 {
            var generator = SAGenerator(random: random)
            var text = ""
            for index in 0..<Int.random(in: 0...30, using: &generator.random) {
                text += record(index, &generator) + (["\n", "\r\n", "\n\n", "\n  \n"].randomElement(using: &generator.random) ?? "\n")
            }
            random = generator.random
            let data = Data(text.utf8)
            let decoder = DynamicJSONDecoder()
            await compare(
                data, round: round, random: &random,
                sequential: { decoder.jsonLines(of: PDRecord.self, in: data, options: $0) },
                chunked: { decoder.jsonLines(of: PDRecord.self, in: $0, options: $1) })
        }
    }

    @Test("Arrays at a path, some cut short or followed by garbage: parallel gives what the sequential stream gives")
    func arrays() async throws {
        var random = SeededRandom(state: 1616)
        let paths: [Path] = [.root, "statuses", "data[1].items"]
        for round in 0..<150 {
            var generator = SAGenerator(random: random)
            let elements = (0..<Int.random(in: 0...30, using: &generator.random)).map { record($0, &generator) }
            let array = generator.array(elements)
            let path = paths[round % paths.count]
            var text: String
            switch round % paths.count {
            case 0: text = array
            case 1: text = generator.document(array: array, path: ["statuses"])
            default: text = #"{"data": [{"items": []}, {"skip": [1, {"items": 2}], "items": \#(array)}], "after": "x"}"#
            }
            switch Int.random(in: 0..<6, using: &generator.random) {
            case 0: text = String(text.prefix(Int.random(in: 0...text.count, using: &generator.random)))
            case 1: text += " x"
            default: break
            }
            random = generator.random
            let data = Data(text.utf8)
            let decoder = DynamicJSONDecoder()
            await compare(
                data, round: round, random: &random,
                sequential: { decoder.elements(of: PDRecord.self, in: data, at: path, options: $0) },
                chunked: { decoder.elements(of: PDRecord.self, in: $0, at: path, options: $1) })
        }
    }

    @Test("Server-sent events and files decode in parallel, in order")
    func eventsAndFiles() async throws {
        let events = (0..<50).map { "id: \($0)\ndata: {\"id\": \($0),\ndata: \"text\": \"e\($0)\"}\n\n" }.joined()
        let decoder = DynamicJSONDecoder()
        let (received, eventError) = await collect(
            decoder.serverSentEvents(of: PDRecord.self, in: Data(events.utf8))
                .parallel(maximumConcurrency: 3, lookAhead: 7))
        #expect(eventError == nil)
        #expect(received.map(\.data.id) == Array(0..<50))
        #expect(received.map(\.id) == (0..<50).map { Optional("\($0)") })

        let lines = (0..<200).map { #"{"id": \#($0), "text": "line \#($0)"}"# }.joined(separator: "\n")
        let url = try temporaryFile(Data(lines.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        var options = JSONStreamOptions()
        options.chunkSize = 100
        let (records, error) = await collect(decoder.jsonLines(of: PDRecord.self, contentsOf: url, options: options).parallel())
        #expect(error == nil)
        #expect(records == (0..<200).map { PDRecord(id: $0, text: "line \($0)") })
    }

    @Test("Reading stops at the look-ahead: a consumer that takes one element has pulled a bounded number of chunks")
    func lookAheadBoundsReading() async throws {
        let counter = PullCounter()
        let chunks = (0..<1_000).map { Array(#"{"id": \#($0), "text": "x"}"#.utf8) + [0x0A] }
        let stream = DynamicJSONDecoder().jsonLines(of: PDRecord.self, in: ChunkSequence(chunks, counter: counter))
        for lookAhead in [1, 4, 16] {
            var iterator = stream.parallel(maximumConcurrency: 2, lookAhead: lookAhead).makeAsyncIterator()
            let before = counter.value
            let first = try await iterator.next()
            #expect(first?.id == 0)
            // One chunk a record: at most the look-ahead, and the chunk that showed the last one ended.
            #expect(counter.value - before <= lookAhead + 1, "look-ahead \(lookAhead): \(counter.value - before) chunks")
            var count = 1
            while try await iterator.next() != nil { count += 1 }
            #expect(count == 1_000)
        }
    }

    @Test("A cancelled task stops reading an endless source")
    func cancellation() async {
        let stream = DynamicJSONDecoder().jsonLines(of: PDRecord.self, in: EndlessSequence(prefix: "", repeated: #"{"id": 1, "text": "x"}"# + "\n"))
        let task = Task {
            var count = 0
            for try await _ in stream.parallel(lookAhead: 8) {
                count += 1
                if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("Cancellation is checked before each read, not only between elements")
    func cancellationPerRead() async throws {
        // The first element fails and is skipped; the handler cancels the task. The second
        // element takes many reads (one byte a chunk): the next read must stop.
        let big = #"{"id": 2, "text": ""# + String(repeating: "y", count: 20_000) + #""}"#
        let data = Data((#"{"id": "one", "text": "x"}"# + "\n" + big + "\n").utf8)
        var options = JSONStreamOptions()
        options.skipsFailingElements = true
        options.chunkSize = 1
        options.onSkippedElement = { _ in withUnsafeCurrentTask { $0?.cancel() } }
        let decoder = DynamicJSONDecoder()
        let sequential = await Task {
            var iterator = decoder.jsonLines(of: PDRecord.self, in: data, options: options).makeAsyncIterator()
            return try await iterator.next()
        }.result
        #expect(throws: CancellationError.self) { try sequential.get() }
        let parallel = await Task {
            var iterator = decoder.jsonLines(of: PDRecord.self, in: data, options: options).parallel().makeAsyncIterator()
            return try await iterator.next()
        }.result
        #expect(throws: CancellationError.self) { try parallel.get() }
    }

    @Test("Several parallel streams at once give what the sequential route gives, on one shared pool of worker threads")
    func severalStreamsShareThePool() async throws {
        let decoder = DynamicJSONDecoder()
        let texts = (0..<6).map { stream in
            (0..<400).map { #"{"id": \#(stream * 1_000 + $0), "text": "s\#(stream) \#($0)"}"# }.joined(separator: "\n")
        }
        let expected = texts.map { text in collectSync(decoder.jsonLines(of: PDRecord.self, in: Data(text.utf8))).0 }
        let outcomes = await withTaskGroup(of: (Int, [PDRecord], JSONStreamError?).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask {
                    // Half from `Data`, half from chunks; each asks for more threads than the machine has.
                    let data = Data(text.utf8)
                    if index % 2 == 0 {
                        let (records, error) = await collect(
                            decoder.jsonLines(of: PDRecord.self, in: data)
                                .parallel(maximumConcurrency: 16, lookAhead: 64))
                        return (index, records, error)
                    }
                    let chunks = ChunkSequence(stride(from: 0, to: data.count, by: 97).map { Array(data[$0..<min(data.count, $0 + 97)]) })
                    let (records, error) = await collect(
                        decoder.jsonLines(of: PDRecord.self, in: chunks)
                            .parallel(maximumConcurrency: 16, lookAhead: 64))
                    return (index, records, error)
                }
            }
            var outcomes: [(Int, [PDRecord], JSONStreamError?)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == texts.count)
        for (index, records, error) in outcomes {
            #expect(error == nil, "stream \(index)")
            #expect(records == expected[index], "stream \(index)")
        }

        // Decodes of several streams at a time: never more at once than the pool's threads.
        let lines = (0..<300).map { #"{"id": \#($0)}"# }.joined(separator: "\n")
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var count = 0
                    for try await _ in decoder.jsonLines(of: PDTracedRecord.self, in: Data(lines.utf8))
                        .parallel(maximumConcurrency: 16, lookAhead: 32)
                    { count += 1 }
                    return count
                }
            }
            for try await count in group { #expect(count == 300) }
        }
        let most = PDTrace.shared.mostAtOnce
        #expect(most >= 1)
        #expect(most <= ProcessInfo.processInfo.activeProcessorCount, "\(most) decodes at once")
    }

    @Test("Leaving the loop early stops the batches in flight")
    func leavingEarlyStopsWork() async throws {
        // One batch at a time of half the look-ahead: the first 100 records decode at once, the
        // next 100 are held in their decode. Leaving after the first record must stop that
        // second batch at its next record, whenever the consumer gets to run.
        let lines = (0..<200).map { #"{"id": \#($0)\#($0 >= 100 ? #", "held": true"# : "")}"# }.joined(separator: "\n")
        // In a function of its own, so that the iteration is over (its iterator gone, which is
        // what stops the batches) when the gate opens: a loop's iterator may otherwise live on
        // to the end of the enclosing scope.
        func first() async throws -> Int? {
            for try await record in DynamicJSONDecoder().jsonLines(of: PDHeldRecord.self, in: Data(lines.utf8))
                .parallel(maximumConcurrency: 1, lookAhead: 200)
            {
                return record.id
            }
            return nil
        }
        #expect(try await first() == 0)
        PDGate.shared.open()
        // Waits until no more held decodes happen (the pool has let go of the batch).
        var last = -1
        var steady = 0
        for _ in 0..<200 where steady < 4 {
            try await Task.sleep(nanoseconds: 25_000_000)
            let now = PDGate.shared.counts.passed
            steady = now == last ? steady + 1 : 0
            last = now
        }
        // Decodes started once the loop was left: at most one that had passed its check for a
        // stop just before; the rest of the batch (99) without the stop. (Those started
        // before, while a starved consumer had yet to run, are not the stop's to prevent.)
        let late = PDGate.shared.counts.late
        #expect(late <= 1, "\(late) held records started decoding after the loop was left")
    }
}
