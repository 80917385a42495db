import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Streaming encode: an array or JSON Lines written element by element is byte for byte what
// the whole-array encode gives, with every encoder setting. File-scope types carry an `SE`
// prefix.

private struct SEStatus: Codable, Equatable, Sendable {
    var id: Int
    var text: String
    var url: String?
    var tags: [String]
    var user: SEUser
}

private struct SEUser: Codable, Equatable, Sendable {
    var screenName: String
    var followers: Double
}

private func statuses(_ count: Int) -> [SEStatus] {
    (0..<count).map { index in
        SEStatus(
            id: index, text: "é 😀 \"\(index)\"\n", url: index % 2 == 0 ? "https://x/\(index)" : nil,
            tags: (0..<(index % 3)).map { "t\($0)" }, user: SEUser(screenName: "user_\(index)", followers: 1.5 * Double(index)))
    }
}

/// The elements handed out one by one, asynchronously.
private struct SEElements: AsyncSequence, Sendable {
    typealias Element = SEStatus
    let elements: [SEStatus]

    func makeAsyncIterator() -> IndexingIterator<[SEStatus]>.AsyncAdapter {
        IndexingIterator<[SEStatus]>.AsyncAdapter(base: elements.makeIterator())
    }
}

extension IndexingIterator {
    fileprivate struct AsyncAdapter: AsyncIteratorProtocol {
        var base: IndexingIterator<Elements>
        mutating func next() async -> Elements.Element? { base.next() }
    }
}

/// What a sink was handed, in order.
private final class SEOutput: @unchecked Sendable {
    // @unchecked: `data` is only read and written under `lock`.
    private let lock = NSLock()
    private var storage = Data()
    private(set) var chunks = 0

    func append(_ chunk: Data) {
        lock.withLock {
            storage.append(chunk)
            chunks += 1
        }
    }

    var data: Data { lock.withLock { storage } }
}

@Suite("Streaming: encode element by element")
struct StreamingEncodeTests {
    static let formattings: [JSONEncoder.OutputFormatting] = [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys], .withoutEscapingSlashes]

    @Test("writeArray to a file and to a sink: the bytes of the whole-array encode", arguments: 0..<5, [0, 1, 7])
    func array(formatting: Int, count: Int) async throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = Self.formattings[formatting]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let elements = statuses(count)
        let expected = try encoder.encode(elements)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dm-write-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try encoder.writeArray(of: elements, to: url)
        #expect(try Data(contentsOf: url) == expected)
        let output = SEOutput()
        try await encoder.writeArray(of: SEElements(elements: elements)) { output.append($0) }
        #expect(output.data == expected)
        let writer = JSONStreamWriter(encoder: encoder, bufferSize: 10) { output.append($0) }
        let before = output.data.count
        for element in elements { try await writer.write(element) }
        try await writer.finish()
        #expect(output.data.dropFirst(before) == expected)
    }

    @Test("JSON Lines: one compact encode per line, read back by the streaming decoder; pretty printing is refused")
    func jsonLines() async throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let elements = statuses(9)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dm-write-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try encoder.writeJSONLines(of: elements, to: url)
        let expected = try elements.map { try encoder.encode($0) + Data("\n".utf8) }.reduce(Data(), +)
        #expect(try Data(contentsOf: url) == expected)
        var read: [SEStatus] = []
        try DynamicJSONDecoder().jsonLines(of: SEStatus.self, contentsOf: url).forEach { read.append($0) }
        #expect(read == elements)
        let output = SEOutput()
        try await encoder.writeJSONLines(of: SEElements(elements: elements)) { output.append($0) }
        #expect(output.data == expected)
        encoder.outputFormatting = .prettyPrinted
        await #expect(throws: EncodingError.self) {
            try await encoder.writeJSONLines(of: SEElements(elements: elements)) { output.append($0) }
        }
    }

    @Test("A large array goes out in buffer-sized chunks and reads back element by element")
    func largeArray() async throws {
        let elements = statuses(5_000)
        let output = SEOutput()
        try await DynamicJSONEncoder().writeArray(of: SEElements(elements: elements)) { output.append($0) }
        #expect(output.chunks > 5)
        let (read, error) = await collect(DynamicJSONDecoder().elements(of: SEStatus.self, in: ByteSequence(output.data)))
        #expect(error == nil && read == elements)
    }
}

extension StreamingEncodeTests {
    @Test("finish() twice leaves one valid document; a write after it throws", arguments: [JSONStreamWriter.Format.array, .jsonLines])
    func finishTwice(format: JSONStreamWriter.Format) async throws {
        let output = SEOutput()
        let writer = JSONStreamWriter(format: format) { output.append($0) }
        try await writer.write(1)
        try await writer.write(2)
        try await writer.finish()
        try await writer.finish()
        #expect(String(decoding: output.data, as: UTF8.self) == (format == .array ? "[1,2]" : "1\n2\n"))
        await #expect(throws: EncodingError.self) { try await writer.write(3) }
        try await writer.finish()
        #expect(String(decoding: output.data, as: UTF8.self) == (format == .array ? "[1,2]" : "1\n2\n"))
        let empty = SEOutput()
        let emptyWriter = JSONStreamWriter { empty.append($0) }
        try await emptyWriter.finish()
        try await emptyWriter.finish()
        #expect(String(decoding: empty.data, as: UTF8.self) == "[]")
    }

    @Test("Pretty arrays of nested values, empty containers included: the bytes of the whole-array encode")
    func prettyNested() async throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var random = SeededRandom(state: 99)
        for round in 0..<40 {
            var generator = SAGenerator(random: random)
            let elements = try (0..<Int.random(in: 0...5, using: &generator.random)).map { _ in try JSON(parsing: generator.value(depth: 0)) }
            random = generator.random
            let output = SEOutput()
            let writer = JSONStreamWriter(encoder: encoder, bufferSize: Int.random(in: 1...64, using: &random)) { output.append($0) }
            for element in elements { try await writer.write(element) }
            try await writer.finish()
            #expect(output.data == (try encoder.encode(elements)), "round \(round)")
        }
    }

    /// A sink that fails while `finish()` hands it the tail keeps that tail: a second
    /// `finish()` sends it, so the output is still the whole document.
    @Test func finishAfterAFailedSinkSendsTheRest() async throws {
        let output = SEOutput()
        let failures = SEOutput()
        let writer = JSONStreamWriter(bufferSize: 1_000) { chunk in
            if failures.chunks == 0 {
                failures.append(chunk)
                throw CocoaError(.fileWriteUnknown)
            }
            output.append(chunk)
        }
        try await writer.write(1)
        try await writer.write(2)
        await #expect(throws: CocoaError.self) { try await writer.finish() }
        try await writer.finish()
        #expect(String(decoding: output.data, as: UTF8.self) == "[1,2]")
    }
}
