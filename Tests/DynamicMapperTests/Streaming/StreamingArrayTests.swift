import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// Elements of an array at a path, streamed: every route (Data cut in chunks, a file, async
// chunks, async bytes) against the in-memory decode of the same document. File-scope types
// carry an `SA` prefix.

/// Random JSON text with the hard parts in it: escapes (`\"`, `\\`, `\u` pairs), multi-byte
/// UTF-8, brackets and quotes inside strings, random whitespace and line breaks.
struct SAGenerator {
    var random: SeededRandom

    mutating func whitespace() -> String {
        ["", "", " ", "\n", "\r\n  ", "\t"].randomElement(using: &random) ?? ""
    }

    mutating func string() -> String {
        let pieces = ["a", "é", "名前", "😀", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "]", "}", "[", "{", ",", ":", "\\/", " "]
        var text = "\""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            text += pieces.randomElement(using: &random) ?? ""
        }
        return text + "\""
    }

    mutating func value(depth: Int) -> String {
        let choice = Int.random(in: 0...(depth > 3 ? 4 : 6), using: &random)
        switch choice {
        case 0: return ["true", "false", "null"].randomElement(using: &random) ?? "null"
        case 1: return ["0", "-12", "3.25", "1e3", "9007199254740993", "-0.5E-2"].randomElement(using: &random) ?? "0"
        case 2, 3, 4: return string()
        case 5:
            let count = Int.random(in: 0...3, using: &random)
            return "[" + whitespace() + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: "," + whitespace()) + whitespace() + "]"
        default:
            let count = Int.random(in: 0...3, using: &random)
            let members = (0..<count).map { index in "\"k\(index)\"" + whitespace() + ":" + whitespace() + value(depth: depth + 1) }
            return "{" + whitespace() + members.joined(separator: "," + whitespace()) + whitespace() + "}"
        }
    }

    mutating func array(_ elements: [String]) -> String {
        "[" + whitespace() + elements.joined(separator: whitespace() + "," + whitespace()) + whitespace() + "]"
    }

    /// The document with `array` at `path`, among other members before and after.
    mutating func document(array: String, path: [String]) -> String {
        var text = array
        for key in path.reversed() {
            var members: [String] = []
            for index in 0..<Int.random(in: 0...2, using: &random) {
                members.append("\"before\(index)\":" + whitespace() + value(depth: 1))
            }
            members.append(whitespace() + "\"\(key)\"" + whitespace() + ":" + whitespace() + text)
            for index in 0..<Int.random(in: 0...2, using: &random) {
                // Same key again after it: the first one wins, as in memory.
                members.append(index == 0 && Bool.random(using: &random) ? "\"\(key)\": [\"duplicate\"]" : "\"after\(index)\": " + value(depth: 1))
            }
            text = "{" + whitespace() + members.joined(separator: "," + whitespace()) + whitespace() + "}"
        }
        return whitespace() + text + whitespace()
    }
}

/// Every route's elements, or the error it ended with, as `JSON` values.
private func allRoutes<T: Decodable & Sendable>(
    _ type: T.Type, _ data: Data, path: Path, options: JSONStreamOptions = JSONStreamOptions(),
    random: inout SeededRandom, decoder: DynamicJSONDecoder = DynamicJSONDecoder()
) async throws -> [String: ([T], JSONStreamError?)] {
    var results: [String: ([T], JSONStreamError?)] = [:]
    var chunked = options
    chunked.chunkSize = Int.random(in: 1...64, using: &random)
    results["data"] = collectSync(decoder.elements(of: type, in: data, at: path, options: chunked))
    let url = try temporaryFile(data)
    defer { try? FileManager.default.removeItem(at: url) }
    results["file"] = collectSync(decoder.elements(of: type, contentsOf: url, at: path, options: chunked))
    let chunks = randomChunks(of: data, maximum: Int.random(in: 1...20, using: &random), using: &random)
    results["chunks"] = await collect(decoder.elements(of: type, in: ChunkSequence(chunks), at: path, options: options))
    results["bytes"] = await collect(decoder.elements(of: type, in: ByteSequence(data), at: path, options: options))
    return results
}

func collectSync<T>(_ stream: JSONStream<T>) -> ([T], JSONStreamError?) {
    var elements: [T] = []
    var iterator = stream.makeIterator()
    do {
        while let element = try iterator.next() { elements.append(element) }
        return (elements, nil)
    } catch let error as JSONStreamError {
        return (elements, error)
    } catch {
        Issue.record("unexpected error \(error)")
        return (elements, nil)
    }
}

func collect<S: AsyncSequence>(_ stream: S) async -> ([S.Element], JSONStreamError?) {
    var elements: [S.Element] = []
    do {
        for try await element in stream { elements.append(element) }
        return (elements, nil)
    } catch let error as JSONStreamError {
        return (elements, error)
    } catch {
        Issue.record("unexpected error \(error)")
        return (elements, nil)
    }
}

private struct SAStatus: Codable, Equatable, Sendable {
    var id: Int
    var text: String
}

private struct SAFeed: Codable {
    var statuses: [SAStatus]
}

private struct SADynamicStatus: DynamicCodable, Sendable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var screenName: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        if mappingType == .decoding { screenName <-- ds.user.screen_name }
    }
}

@Suite("Streaming: elements of an array")
struct StreamingArrayTests {
    @Test("Random documents cut into random chunks: every route gives the in-memory elements")
    func randomDocuments() async throws {
        var random = SeededRandom(state: 32)
        let paths: [[String]] = [[], ["statuses"], ["data", "items"]]
        for round in 0..<150 {
            var generator = SAGenerator(random: random)
            let elements = (0..<Int.random(in: 0...6, using: &generator.random)).map { _ in generator.value(depth: 1) }
            let keys = paths[round % paths.count]
            let text = generator.document(array: generator.array(elements), path: keys)
            random = generator.random
            let data = Data(text.utf8)
            var expected = try JSON(parsing: data)
            for key in keys { expected = expected[key] ?? .null }
            let path = Path(keys.map { Path.Component.key($0) })
            for (route, (values, error)) in try await allRoutes(JSON.self, data, path: path, random: &random) {
                #expect(error == nil, "round \(round) \(route): \(String(describing: error))\n\(text)")
                #expect(JSON.array(values) == expected, "round \(round) \(route)\n\(text)")
            }
        }
    }

    @Test("A typed element that fails: the elements before it, then its index; skipping reports every failure")
    func failingElements() async throws {
        var random = SeededRandom(state: 7)
        for round in 0..<60 {
            var statuses: [String] = []
            var failing: [Int] = []
            for index in 0..<Int.random(in: 1...8, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    failing.append(index)
                    statuses.append(#"{"id": "not a number", "text": "x"}"#)
                } else {
                    statuses.append(#"{"id": \#(index), "text": "é\u00e9 \#(index)"}"#)
                }
            }
            let data = Data(#"{"statuses": [\#(statuses.joined(separator: ",\n"))]}"#.utf8)
            let inMemory = Result { try DynamicJSONDecoder().decode(SAFeed.self, from: data) }
            for (route, (values, error)) in try await allRoutes(SAStatus.self, data, path: "statuses", random: &random) {
                if let first = failing.first {
                    #expect(values.map(\.id) == Array(0..<first), "round \(round) \(route)")
                    #expect(error?.kind == .elementFailed && error?.elementIndex == first, "round \(round) \(route)")
                    guard case .failure(DecodingError.typeMismatch(_, let context)) = inMemory else {
                        Issue.record("in-memory decode did not fail as expected")
                        continue
                    }
                    #expect(context.codingPath.count >= 2 && context.codingPath[1].intValue == first)
                    #expect(error?.underlyingError is DecodingError)
                } else {
                    #expect(error == nil)
                    #expect(values == (try? inMemory.get())?.statuses, "round \(round) \(route)")
                }
            }
            let skipped = SkippedLog()
            var options = JSONStreamOptions()
            options.skipsFailingElements = true
            options.onSkippedElement = { skipped.append($0) }
            let (values, error) = collectSync(DynamicJSONDecoder().elements(of: SAStatus.self, in: data, at: "statuses", options: options))
            #expect(error == nil)
            #expect(values.count == statuses.count - failing.count)
            #expect(skipped.errors.map(\.elementIndex) == failing.map(Optional.some))
            let events = skipped.errors.map { $0.reportEvent(arrayPath: "statuses") }
            #expect(events.map(\.kind).allSatisfy { $0 == .droppedElement })
            #expect(events.map(\.path) == failing.map { Path([.key("statuses"), .index($0)]) })
            #expect(events.allSatisfy { $0.failure?.kind == .typeMismatch })
        }
    }

    @Test("Malformed JSON inside an element: its offset and line are those of the in-memory parse")
    func malformedElementPosition() async throws {
        var random = SeededRandom(state: 99)
        for round in 0..<60 {
            var generator = SAGenerator(random: random)
            var elements = (0..<Int.random(in: 1...5, using: &generator.random)).map { _ in "[" + generator.value(depth: 2) + "]" }
            let broken = Int.random(in: 0..<elements.count, using: &generator.random)
            elements[broken] = "[" + generator.string() + ",\n ,1]"
            let text = generator.document(array: generator.array(elements), path: ["statuses"])
            random = generator.random
            let data = Data(text.utf8)
            var syntax: JSONSyntaxError?
            do {
                _ = try JSON(parsing: data)
            } catch DecodingError.dataCorrupted(let context) {
                syntax = context.underlyingError as? JSONSyntaxError
            }
            let expected = try #require(syntax)
            for (route, (values, error)) in try await allRoutes(JSON.self, data, path: "statuses", random: &random) {
                #expect(values.count == broken, "round \(round) \(route)")
                #expect(error?.elementIndex == broken)
                #expect(error?.offset == expected.offset, "round \(round) \(route)\n\(text)")
                #expect(error?.line == expected.line, "round \(round) \(route)\n\(text)")
            }
        }
    }

    @Test(
        "Bad structure around the elements is an error with its position, never a hang",
        arguments: [
            (#"[1, 2 x 3]"#, 6, 0),
            (#"[1, 2,]"#, 6, 0),
            (#"[1 2]"#, 3, 0),
            (#"[1, 2] x"#, 7, 0),
            (#"[1, 2]]"#, 6, 0),
            (#"{"a": 1}"#, 0, 0),
            ("[1,\n2\n  x]", 8, 2),
            (#"[{"a": 1} {"b": 2}]"#, 10, 0),
        ])
    func badStructure(text: String, offset: Int, elementsBefore: Int) async throws {
        let data = Data(text.utf8)
        var random = SeededRandom(state: UInt64(text.utf8.count))
        for (route, (values, error)) in try await allRoutes(JSON.self, data, path: .root, random: &random) {
            let error = try #require(error, "\(route)")
            #expect(error.offset == offset, "\(route): \(error)")
            #expect(error.kind == .malformedStream || error.kind == .arrayNotFound, "\(route): \(error)")
            #expect(values.count >= elementsBefore)
        }
    }

    @Test("A truncated stream is an error at every cut, after the elements it holds")
    func truncated() async throws {
        let text = #"{"statuses": [{"id": 1, "text": "a\"b"}, "é😀", 12345, [true, null]], "count": 4}"#
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            let data = Data(bytes[..<cut])
            let (values, error) = collectSync(DynamicJSONDecoder().elements(of: JSON.self, in: data, at: "statuses"))
            #expect(error != nil, "cut \(cut)")
            #expect(values.count <= 4)
            let (asyncValues, asyncError) = await collect(DynamicJSONDecoder().elements(of: JSON.self, in: ByteSequence(data), at: "statuses"))
            #expect(asyncValues.count == values.count && asyncError?.offset == error?.offset, "cut \(cut)")
        }
    }

    @Test("A missing key, a value that is not an array, an index past the end: arrayNotFound")
    func arrayNotFound() {
        let data = Data(#"{"data": {"items": 3}, "other": []}"#.utf8)
        let decoder = DynamicJSONDecoder()
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "statuses")).1?.kind == .arrayNotFound)
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "data.items")).1?.kind == .arrayNotFound)
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "data.items.x")).1?.kind == .arrayNotFound)
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "other[0]")).1?.kind == .arrayNotFound)
        #expect(collectSync(decoder.elements(of: Int.self, in: data)).1?.kind == .arrayNotFound)
        #expect(collectSync(decoder.elements(of: Int.self, in: Data(#"{"other": [1]}"#.utf8), at: "other")).0 == [1])
        #expect(collectSync(decoder.elements(of: Int.self, in: Data(#"{"a\u0062c": [1]}"#.utf8), at: "abc")).0 == [1])
    }

    @Test("A UTF-8 byte order mark before the document is dropped, however the input is cut")
    func byteOrderMark() async throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array(#"{"items": [1, 2]}"#.utf8))
        var random = SeededRandom(state: 0xFEFF)
        for (route, (values, error)) in try await allRoutes(Int.self, data, path: "items", random: &random) {
            #expect(values == [1, 2] && error == nil, "\(route)")
        }
    }

    @Test("An element over the size limit, and a depth bomb inside one element, stop with limitExceeded")
    func limits() async {
        var options = JSONStreamOptions()
        options.maximumElementSize = 100
        let long = Data(("[1, \"" + String(repeating: "x", count: 10_000) + "\"]").utf8)
        let (values, error) = collectSync(DynamicJSONDecoder().elements(of: JSON.self, in: long, options: options))
        #expect(values == [1])
        #expect(error?.kind == .limitExceeded && error?.elementIndex == 1 && error?.offset == 4)
        let bomb = Data(("[1, " + String(repeating: "[", count: 1_000_000)).utf8)
        let (bombValues, bombError) = await collect(DynamicJSONDecoder().elements(of: JSON.self, in: ChunkSequence([Array(bomb)])))
        #expect(bombValues == [1])
        #expect(bombError?.kind == .limitExceeded && bombError?.elementIndex == 1)
    }

    @Test("Dynamic models: each element's ds holds just its element")
    func dynamicModels() async throws {
        let data = Data(#"{"statuses": [{"id": 1, "user": {"screen_name": "ada"}}, {"id": 2, "user": {"screen_name": "bob"}}]}"#.utf8)
        let (values, error) = await collect(DynamicJSONDecoder().elements(of: SADynamicStatus.self, in: ByteSequence(data), at: "statuses"))
        #expect(error == nil)
        #expect(values.map(\.screenName) == ["ada", "bob"])
        #expect(values.map { JSON($0.ds.id)?.numberValue?.int } == [1, 2])
    }

    @Test("The shared twitter corpus: statuses streamed equal the in-memory decode", .enabled(if: SharedData.runsSuites))
    func twitter() async throws {
        let data = try SharedData.data("bench/twitter.json")
        let expected = try #require(JSON(parsing: data)["statuses"]?.arrayValue)
        var random = SeededRandom(state: 3)
        let chunks = randomChunks(of: data, maximum: 4096, using: &random)
        let (values, error) = await collect(DynamicJSONDecoder().elements(of: JSON.self, in: ChunkSequence(chunks), at: "statuses"))
        #expect(error == nil)
        #expect(values == expected)
    }

    @Test("A 192 MB array made on the fly: resident memory grows by far less than the input")
    func residentMemoryStaysBounded() async throws {
        guard let before = residentMemory() else { return }
        let source = GeneratedArray(count: 192, length: 1 << 20)
        var count = 0
        var peak = before
        for try await element in DynamicJSONDecoder().elements(of: String.self, in: source) {
            #expect(element.utf8.count == 1 << 20)
            count += 1
            if count % 8 == 0, let now = residentMemory() { peak = max(peak, now) }
        }
        #expect(count == 192)
        // Holding the document would add at least 192 MiB; one element and a chunk is about
        // 3 MiB (the window, the element's copy and its string). The bound leaves room for
        // tests running beside this one.
        #expect(peak - before < 96 << 20, "grew by \((peak - before) >> 20) MiB")
    }

    @Test("Pulling drives reading: one element reads only the chunks it needs")
    func backpressure() async throws {
        let counter = PullCounter()
        let chunks = [Array("[".utf8)] + (0..<100).map { index in Array("{\"id\": \(index)},".utf8) } + [Array("{}]".utf8)]
        var iterator = DynamicJSONDecoder().elements(of: JSON.self, in: ChunkSequence(chunks, counter: counter)).makeAsyncIterator()
        _ = try await iterator.next()
        #expect(counter.value == 2)
        _ = try await iterator.next()
        #expect(counter.value == 3)
    }

    @Test("A cancelled task stops reading an endless source")
    func cancellation() async {
        let stream = DynamicJSONDecoder().elements(of: JSON.self, in: EndlessSequence(prefix: "[", repeated: #"{"id": 1},"#))
        let task = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}

/// Skipped elements, collected from the handler.
final class SkippedLog: @unchecked Sendable {
    // @unchecked: `storage` is only read and written under `lock`.
    private let lock = NSLock()
    private var storage: [JSONStreamError] = []

    func append(_ error: JSONStreamError) {
        lock.withLock { storage.append(error) }
    }

    var errors: [JSONStreamError] { lock.withLock { storage } }
}

extension StreamingArrayTests {
    @Test("Index steps in the path: random documents, every route gives the in-memory elements")
    func indexSteps() async throws {
        var random = SeededRandom(state: 2024)
        for round in 0..<100 {
            var generator = SAGenerator(random: random)
            let elements = (0..<Int.random(in: 0...5, using: &generator.random)).map { _ in generator.value(depth: 1) }
            var text = generator.array(elements)
            var components: [Path.Component] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator.random) {
                if Bool.random(using: &generator.random) {
                    let index = Int.random(in: 0...3, using: &generator.random)
                    let before = (0..<index).map { _ in generator.value(depth: 1) }
                    let after = (0..<Int.random(in: 0...2, using: &generator.random)).map { _ in generator.value(depth: 1) }
                    text = generator.array(before + [text] + after)
                    components.insert(.index(index), at: 0)
                } else {
                    text = generator.document(array: text, path: ["k"]).trimmingCharacters(in: .whitespacesAndNewlines)
                    components.insert(.key("k"), at: 0)
                }
            }
            random = generator.random
            let data = Data(text.utf8)
            let path = Path(components)
            var expected: JSON? = try JSON(parsing: data)
            for component in components {
                switch component {
                case .key(let key): expected = expected?[key]
                case .index(let index): expected = expected?[index]
                }
            }
            for (route, (values, error)) in try await allRoutes(JSON.self, data, path: path, random: &random) {
                #expect(error == nil, "round \(round) \(route) \(path): \(String(describing: error))\n\(text)")
                #expect(JSON.array(values) == expected, "round \(round) \(route) \(path)\n\(text)")
            }
        }
    }

    @Test("Index steps that find no array say where: out of range, another kind, from the end, malformed")
    func indexStepErrors() {
        let data = Data(#"{"data": {"items": [{"list": [9]}, 5, {"list": [1, 2], "x": [[]]}], "after": 1}}"#.utf8)
        let decoder = DynamicJSONDecoder()
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "data.items[2].list")).0 == [1, 2])
        #expect(collectSync(decoder.elements(of: Int.self, in: data, at: "data.items[0].list")).0 == [9])
        let cases: [(Path, String)] = [
            ("data.items[3].list", "No element 3 in the array at 'data.items' of 3 elements"),
            ("data.items[1].list", "The value at 'data.items[1]' is not an object"),
            ("data[0]", "The value at 'data' is not an array"),
            ("data.items[-1].list", "A streamed array's path cannot count from the end: 'data.items[-1].list'"),
        ]
        for (path, message) in cases {
            let (values, error) = collectSync(decoder.elements(of: Int.self, in: data, at: path))
            #expect(values.isEmpty)
            #expect(error?.kind == .arrayNotFound, "\(path)")
            #expect(error?.message == message, "\(path): \(String(describing: error))")
        }
        let malformed = collectSync(decoder.elements(of: Int.self, in: data, at: "data.items[x]")).1
        #expect(malformed?.kind == .arrayNotFound)
        #expect(malformed?.message.hasPrefix("A streamed array's path is malformed") == true)
        let topLevel = Data("[[1], [2, 3]]".utf8)
        #expect(collectSync(decoder.elements(of: Int.self, in: topLevel, at: "[1]")).0 == [2, 3])
    }

    @Test("Errors give byte offset, line and column, around and inside elements")
    func columns() throws {
        let decoder = DynamicJSONDecoder()
        // Malformed JSON inside the second element: 'x' at byte 32, line 3, column 9.
        let inside = Data("{\"items\": [\n  {\"a\": 1},\n  {\"b\": x}\n]}".utf8)
        let error = try #require(collectSync(decoder.elements(of: JSON.self, in: inside, at: "items")).1)
        #expect(error.kind == .elementFailed && error.elementIndex == 1)
        #expect((error.offset, error.line, error.column) == (32, 3, 9))
        #expect(Array(inside)[error.offset] == UInt8(ascii: "x"))
        #expect(error.description.contains("at byte 32, line 3, column 9"))
        // The same element over two lines: the column counts from the start of its own line.
        let split = Data("[1,\n  {\"b\":\n     x}]".utf8)
        let second = try #require(collectSync(decoder.elements(of: JSON.self, in: split)).1)
        #expect((second.line, second.column) == (3, 6))
        #expect(Array(split)[second.offset] == UInt8(ascii: "x"))
        // A type mismatch names the element's first byte.
        let typed = try #require(collectSync(decoder.elements(of: Int.self, in: Data("[1,\n   \"two\"]".utf8))).1)
        #expect((typed.offset, typed.line, typed.column) == (7, 2, 4))
        // Garbage between elements.
        let garbage = try #require(collectSync(decoder.elements(of: Int.self, in: Data("[1,\n 2 ; 3]".utf8))).1)
        #expect(garbage.kind == .malformedStream)
        #expect((garbage.offset, garbage.line, garbage.column) == (7, 2, 4))
    }
}
