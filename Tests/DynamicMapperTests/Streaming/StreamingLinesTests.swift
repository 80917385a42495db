import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// JSON Lines, RFC 7464 JSON text sequences and server-sent events, streamed: the same bytes
// cut in random places through every route give the records the text holds, and the same
// errors. File-scope types carry an `SL` prefix.

private enum SLFormat {
    case lines(JSONLinesFormat)
    case events
}

/// Every route's records, or the error it ended with.
private func routes(
    _ format: SLFormat, _ data: Data, options: JSONStreamOptions = JSONStreamOptions(), random: inout SeededRandom
) async throws -> [String: ([JSON], JSONStreamError?)] {
    let decoder = DynamicJSONDecoder()
    var chunked = options
    chunked.chunkSize = Int.random(in: 1...64, using: &random)
    let url = try temporaryFile(data)
    defer { try? FileManager.default.removeItem(at: url) }
    let chunks = ChunkSequence(randomChunks(of: data, maximum: Int.random(in: 1...20, using: &random), using: &random))
    let bytes = ByteSequence(data)
    switch format {
    case .lines(let lines):
        return [
            "data": collectSync(decoder.jsonLines(of: JSON.self, in: data, format: lines, options: chunked)),
            "file": collectSync(decoder.jsonLines(of: JSON.self, contentsOf: url, format: lines, options: chunked)),
            "chunks": await collect(decoder.jsonLines(of: JSON.self, in: chunks, format: lines, options: options)),
            "bytes": await collect(decoder.jsonLines(of: JSON.self, in: bytes, format: lines, options: options)),
        ]
    case .events:
        func flatten(_ result: ([ServerSentEvent<JSON>], JSONStreamError?)) -> ([JSON], JSONStreamError?) {
            (
                result.0.map { event in ["event": event.event.map(JSON.string) ?? .null, "id": event.id.map(JSON.string) ?? .null, "data": event.data] },
                result.1
            )
        }
        return [
            "data": flatten(collectSync(decoder.serverSentEvents(of: JSON.self, in: data, options: chunked))),
            "file": flatten(collectSync(decoder.serverSentEvents(of: JSON.self, contentsOf: url, options: chunked))),
            "chunks": flatten(await collect(decoder.serverSentEvents(of: JSON.self, in: chunks, options: options))),
            "bytes": flatten(await collect(decoder.serverSentEvents(of: JSON.self, in: bytes, options: options))),
        ]
    }
}

/// A random JSON value's text without raw line breaks (its strings never hold any).
private func oneLine(_ generator: inout SAGenerator) -> String {
    generator.value(depth: 1).replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
}

@Suite("Streaming: JSON Lines, JSON text sequences, server-sent events")
struct StreamingLinesTests {
    @Test("JSON Lines with blank lines and CRLF, cut anywhere: every route gives every record")
    func jsonLines() async throws {
        var random = SeededRandom(state: 64)
        for round in 0..<120 {
            var generator = SAGenerator(random: random)
            let records = (0..<Int.random(in: 0...6, using: &generator.random)).map { _ in oneLine(&generator) }
            var text = Bool.random(using: &generator.random) ? "\n \r\n" : ""
            for record in records {
                text += record + (["\n", "\r\n", "\n\n", "\n  \t\r\n"].randomElement(using: &generator.random) ?? "\n")
            }
            if Bool.random(using: &generator.random), text.hasSuffix("\n") { text.removeLast() }
            random = generator.random
            let expected = try records.map { try JSON(parsing: $0) }
            for (route, (values, error)) in try await routes(.lines(.jsonLines), Data(text.utf8), random: &random) {
                #expect(error == nil, "round \(round) \(route): \(String(describing: error))")
                #expect(values == expected, "round \(round) \(route)\n\(text)")
            }
        }
    }

    @Test("RFC 7464 sequences, texts spanning lines: every route gives every text")
    func jsonSequence() async throws {
        var random = SeededRandom(state: 7464)
        for round in 0..<80 {
            var generator = SAGenerator(random: random)
            let records = (0..<Int.random(in: 0...6, using: &generator.random)).map { _ in generator.value(depth: 1) }
            let text = records.map { "\u{1E}" + $0 + "\n" }.joined()
            random = generator.random
            let expected = try records.map { try JSON(parsing: $0) }
            for (route, (values, error)) in try await routes(.lines(.jsonSequence), Data(text.utf8), random: &random) {
                #expect(error == nil, "round \(round) \(route): \(String(describing: error))")
                #expect(values == expected, "round \(round) \(route)")
            }
        }
    }

    @Test("Server-sent events: multi-line data, fields, comments, LF/CR/CRLF, a [DONE] end, cut anywhere")
    func serverSentEvents() async throws {
        var random = SeededRandom(state: 1_7_0)
        for round in 0..<120 {
            var generator = SAGenerator(random: random)
            let end = ["\n", "\r\n", "\r"].randomElement(using: &generator.random) ?? "\n"
            var text = ": a comment" + end + "retry: 1000" + end
            var expected: [JSON] = []
            var lastID: String?
            for index in 0..<Int.random(in: 0...5, using: &generator.random) {
                let value = generator.value(depth: 1).replacingOccurrences(of: "\r\n", with: "\n")
                var name: String?
                if Bool.random(using: &generator.random) {
                    name = "delta\(index)"
                    text += "event: delta\(index)" + end
                }
                if Bool.random(using: &generator.random) {
                    lastID = "id-\(index)"
                    text += "id:id-\(index)" + end
                }
                for line in value.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += (Bool.random(using: &generator.random) ? "data: " : "data:") + line + end
                    if Bool.random(using: &generator.random) { text += ":keep-alive" + end }
                }
                text += end
                // An event without data is not dispatched.
                if Bool.random(using: &generator.random) { text += "event: empty" + end + end }
                expected.append(["event": name.map(JSON.string) ?? .null, "id": lastID.map(JSON.string) ?? .null, "data": try JSON(parsing: value)])
            }
            var options = JSONStreamOptions()
            if Bool.random(using: &generator.random) {
                options.terminator = "[DONE]"
                text += "data: [DONE]" + end + end + "data: not json" + end + end
            }
            random = generator.random
            for (route, (values, error)) in try await routes(.events, Data(text.utf8), options: options, random: &random) {
                #expect(error == nil, "round \(round) \(route): \(String(describing: error))")
                #expect(values == expected, "round \(round) \(route)\n\(text.debugDescription)")
            }
        }
    }

    @Test("Server-sent events after a UTF-8 byte order mark")
    func eventsAfterByteOrderMark() async throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array("data: 1\n\ndata: 2\n\n".utf8))
        var random = SeededRandom(state: 0xBB)
        for (route, (values, error)) in try await routes(.events, data, random: &random) {
            #expect(values.map { $0["data"] } == [1, 2] && error == nil, "\(route)")
        }
    }

    @Test("A malformed line: the records before it, then its index, byte offset and line; the same on every route")
    func malformedLine() async throws {
        let text = "{\"a\": 1}\n\n{\"a\": 2}\r\n{\"a\": 3,,}\n{\"a\": 4}\n"
        var random = SeededRandom(state: 5)
        for (route, (values, error)) in try await routes(.lines(.jsonLines), Data(text.utf8), random: &random) {
            #expect(values == [["a": 1], ["a": 2]], "\(route)")
            #expect(error?.kind == .elementFailed && error?.elementIndex == 2, "\(route)")
            #expect(error?.line == 4 && error?.offset == 28, "\(route): \(String(describing: error))")
            #expect(error?.localizedDescription.contains("line 4") == true)
        }
        let skipped = SkippedLog()
        var options = JSONStreamOptions()
        options.skipsFailingElements = true
        options.onSkippedElement = { skipped.append($0) }
        for (route, (values, error)) in try await routes(.lines(.jsonLines), Data(text.utf8), options: options, random: &random) {
            #expect(values == [["a": 1], ["a": 2], ["a": 4]], "\(route)")
            #expect(error == nil)
        }
        #expect(skipped.errors.count == 4)
        #expect(skipped.errors.allSatisfy { $0.elementIndex == 2 && $0.line == 4 })
    }

    @Test("A line over the limit stops with limitExceeded whatever the chunks, without reading it all")
    func overLongLine() async throws {
        var options = JSONStreamOptions()
        options.maximumElementSize = 1000
        let text = "{\"a\": 1}\n\"" + String(repeating: "x", count: 100_000) + "\"\n{\"a\": 2}\n"
        var random = SeededRandom(state: 11)
        for (route, (values, error)) in try await routes(.lines(.jsonLines), Data(text.utf8), options: options, random: &random) {
            #expect(values == [["a": 1]], "\(route)")
            #expect(error?.kind == .limitExceeded && error?.line == 2 && error?.offset == 9, "\(route)")
        }
        let events = "data: 1\n\ndata: " + String(repeating: "7", count: 100_000) + "\n\n"
        for (route, (values, error)) in try await routes(.events, Data(events.utf8), options: options, random: &random) {
            #expect(values.count == 1, "\(route)")
            #expect(error?.kind == .limitExceeded && error?.line == 3, "\(route)")
        }
    }

    @Test("A long line costs the same however it is cut: no re-scan of a growing line")
    func longLineLinearTime() async throws {
        let line = "\"" + String(repeating: "y", count: 4 << 20) + "\"\n"
        let data = Data(line.utf8)
        let clock = ContinuousClock()
        var chunks: [[UInt8]] = []
        var start = 0
        let bytes = Array(data)
        while start < bytes.count {
            chunks.append(Array(bytes[start..<min(bytes.count, start + 512)]))
            start += 512
        }
        let elapsed = await clock.measure {
            let (values, error) = await collect(DynamicJSONDecoder().jsonLines(of: String.self, in: ChunkSequence(chunks)))
            #expect(values.first?.count == 4 << 20 && error == nil)
        }
        // 8,192 chunks of a 4 MiB line: a re-scan per chunk would cost 16 G byte visits.
        #expect(elapsed < .seconds(20))
    }

    @Test("Cancelling a task stops an endless JSON Lines source")
    func cancellation() async {
        let stream = DynamicJSONDecoder().jsonLines(of: JSON.self, in: EndlessSequence(prefix: "", repeated: "{\"id\": 1}\n"))
        let task = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}

extension StreamingLinesTests {
    @Test("JSON Lines and JSON text sequence errors give line and column")
    func columns() throws {
        let decoder = DynamicJSONDecoder()
        let lines = Data("{\"a\": 1}\n\n  {\"a\": ?}\n".utf8)
        let error = try #require(collectSync(decoder.jsonLines(of: JSON.self, in: lines)).1)
        #expect(error.elementIndex == 1)
        #expect((error.offset, error.line, error.column) == (18, 3, 9))
        let typed = try #require(collectSync(decoder.jsonLines(of: Int.self, in: Data("1\n   \"x\"\n".utf8))).1)
        #expect((typed.offset, typed.line, typed.column) == (5, 2, 4))
        // A text after a record separator in the middle of a line, then one over two lines.
        let sequence = Data("\u{1E}1\n \u{1E}[2,\n  ?]\n".utf8)
        let inSequence = try #require(collectSync(decoder.jsonLines(of: JSON.self, in: sequence, format: .jsonSequence)).1)
        #expect(inSequence.elementIndex == 1)
        #expect((inSequence.line, inSequence.column) == (3, 3))
        #expect(Array(sequence)[inSequence.offset] == UInt8(ascii: "?"))
        var options = JSONStreamOptions()
        options.maximumElementSize = 4
        let tooLong = try #require(collectSync(decoder.jsonLines(of: JSON.self, in: sequence, format: .jsonSequence, options: options)).1)
        #expect(tooLong.kind == .limitExceeded)
        #expect((tooLong.offset, tooLong.line, tooLong.column) == (5, 2, 3))
    }
}
