import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// Patch on the way through: the array at a path read element by element, edited, written
// out; every byte outside the edited elements as it was. File-scope types carry an `SP` prefix.

private struct SPStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var text: String
}

private struct SPPlain: Codable, Equatable {
    var id: Int
}

/// Equatable and a class: the copy taken before the edit is the same instance.
private final class SPBox: Codable, Equatable {
    var id: Int
    static func == (left: SPBox, right: SPBox) -> Bool { left.id == right.id }
}

@Suite("Streaming: patch on the way through")
struct StreamingPatchTests {
    @Test("An edit that changes nothing gives back the input byte for byte, on every element type and route")
    func unchanged() async throws {
        var random = SeededRandom(state: 2)
        for round in 0..<60 {
            var generator = SAGenerator(random: random)
            let elements = (0..<Int.random(in: 0...6, using: &generator.random)).map { _ in generator.value(depth: 1) }
            let text = generator.document(array: generator.array(elements), path: ["data", "items"])
            random = generator.random
            let data = Data(text.utf8)
            var options = JSONStreamOptions()
            options.chunkSize = Int.random(in: 1...32, using: &random)
            let decoder = DynamicJSONDecoder()
            #expect(try decoder.patchElements(of: JSON.self, in: data, at: "data.items", options: options) { _ in } == data, "round \(round)")
            #expect(try decoder.patchElements(of: DynamicClass.self, in: data, at: "data.items", options: options) { _ in } == data)
            let output = SEOutputBox()
            let chunks = ChunkSequence(randomChunks(of: data, maximum: 9, using: &random))
            let summary = try await decoder.patchElements(
                of: JSON.self, in: chunks, at: "data.items", options: options,
                to: { output.append($0) }, edit: { _ in })
            #expect(output.data == data)
            #expect(summary.elements == elements.count && summary.edited == 0)
        }
    }

    /// Edits the shortcuts for unchanged elements must not hide: a class edited in place, a
    /// view or model replaced by one made from other bytes.
    @Test("Edits in place on a class and replaced views or models are written, not dropped")
    func replacementsAndClassesAreWritten() throws {
        let data = Data(#"{"items": [{"id": 1, "text": "a"}]}"#.utf8)
        let decoder = DynamicJSONDecoder()
        let boxed = try decoder.patchElements(of: SPBox.self, in: data, at: "items") { $0.id = 9 }
        #expect(try JSON(parsing: boxed) == ["items": [["id": 9]]])
        let other = Data(#"{"id": 2, "text": "b"}"#.utf8)
        let viewed = try decoder.patchElements(of: DynamicClass.self, in: data, at: "items") { $0 = try DynamicClass(parsing: other) }
        #expect(try JSON(parsing: viewed) == ["items": [["id": 2, "text": "b"]]])
        let modeled = try decoder.patchElements(of: SPStatus.self, in: data, at: "items") { $0 = try decoder.decode(SPStatus.self, from: other) }
        #expect(try JSON(parsing: modeled) == ["items": [["id": 2, "text": "b"]]])
    }

    @Test("A file cannot be patched onto itself: refused before anything is written")
    func sameFileIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sp-same-\(UUID().uuidString).json")
        let data = Data(#"{"items": [1, 2]}"#.utf8)
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: CocoaError.self) {
            try DynamicJSONDecoder().patchElements(of: JSON.self, contentsOf: url, at: "items", writingTo: url) { _ in }
        }
        #expect(try Data(contentsOf: url) == data)
    }

    @Test("Edited elements change, the rest of the document keeps its bytes")
    func edits() throws {
        let text =
            "{ \"meta\" : {\"n\": 1.10},\n \"statuses\": [ {\"id\": 1, \"text\": \"a\\u00e9\"} ,{\"id\": 2, \"text\": \"b\", \"extra\": [1e2]}\n] , \"tail\" :true }\n"
        let data = Data(text.utf8)
        let decoder = DynamicJSONDecoder()
        let viewed = try decoder.patchElements(of: DynamicClass.self, in: data, at: "statuses") { status in
            if JSON(status.id) == 2 { status.text.set("redacted") }
        }
        let patched = String(decoding: viewed, as: UTF8.self)
        #expect(patched.hasPrefix("{ \"meta\" : {\"n\": 1.10},\n \"statuses\": [ {\"id\": 1, \"text\": \"a\\u00e9\"} ,"))
        #expect(patched.hasSuffix("\n] , \"tail\" :true }\n"))
        #expect(try JSON(parsing: viewed)["statuses"]?[1] == ["id": 2, "text": "redacted", "extra": [100]])
        #expect(patched.contains("1e2"))
        let modeled = try decoder.patchElements(of: SPStatus.self, in: data, at: "statuses") { status in
            status.text = status.text.uppercased()
        }
        #expect(try JSON(parsing: modeled)["statuses"] == [["id": 1, "text": "AÉ"], ["id": 2, "text": "B", "extra": [100]]])
        #expect(String(decoding: modeled, as: UTF8.self).hasSuffix("\n] , \"tail\" :true }\n"))
        let plain = try decoder.patchElements(of: SPPlain.self, in: data, at: "statuses") { $0.id += 0 }
        #expect(plain == data)
    }

    @Test("A file through a file: the twitter corpus with every screen name redacted", .enabled(if: SharedData.runsSuites))
    func twitterFile() throws {
        let data = try SharedData.data("bench/twitter.json")
        let input = try temporaryFile(data)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("dm-patched-\(UUID().uuidString).json")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        var options = JSONStreamOptions()
        options.chunkSize = 4096
        let summary = try DynamicJSONDecoder().patchElements(
            of: DynamicClass.self, contentsOf: input, at: "statuses",
            writingTo: output, options: options
        ) { status in
            status.user.screen_name.set("redacted")
        }
        let before = try JSON(parsing: data)
        let after = try JSON(parsing: Data(contentsOf: output))
        #expect(summary.elements == before["statuses"]?.arrayValue?.count && summary.edited == summary.elements)
        #expect(after["search_metadata"] == before["search_metadata"])
        #expect(after["statuses"]?.arrayValue?.allSatisfy { $0["user"]?["screen_name"] == "redacted" } == true)
        #expect(after["statuses"]?[3]?["text"] == before["statuses"]?[3]?["text"])
        let written = try Data(contentsOf: output)
        let tail = data[(data.lastIndex(of: UInt8(ascii: "]")) ?? 0)...]
        #expect(written.suffix(tail.count) == tail)
    }

    @Test("Malformed input while patching: the error names the element; skipped elements are kept as they were")
    func errors() throws {
        let data = Data(#"[{"id": 1}, {"id": "x"}, {"id": 3}]"#.utf8)
        let decoder = DynamicJSONDecoder()
        #expect {
            try decoder.patchElements(of: SPPlain.self, in: data) { $0.id += 1 }
        } throws: { ($0 as? JSONStreamError)?.elementIndex == 1 }
        var options = JSONStreamOptions()
        options.skipsFailingElements = true
        let patched = try decoder.patchElements(of: SPPlain.self, in: data, options: options) { $0.id += 1 }
        #expect(String(decoding: patched, as: UTF8.self) == #"[{"id":2}, {"id": "x"}, {"id":4}]"#)
        #expect(throws: JSONStreamError.self) {
            try decoder.patchElements(of: SPPlain.self, in: Data(#"[{"id": 1} x]"#.utf8)) { _ in }
        }
    }
}

/// What a sink was handed, in order.
final class SEOutputBox: @unchecked Sendable {
    // @unchecked: `storage` is only read and written under `lock`.
    private let lock = NSLock()
    private var storage = Data()

    func append(_ chunk: Data) {
        lock.withLock { storage.append(chunk) }
    }

    var data: Data { lock.withLock { storage } }
}

/// Counts its encodes: a model holding one shows how often the patch encoded the model.
private struct SPCounted: Codable, Equatable {
    static let encodes = PullCounter()
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        Self.encodes.increment()
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

private struct SPCountedStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var counted: SPCounted
}

extension StreamingPatchTests {
    @Test("A dynamic model is encoded once per element: to find whether it changed, and for its bytes")
    func encodesOnce() throws {
        let data = Data(#"{"items": [{"id": 1, "counted": 10}, {"id": 2, "counted": 20}, {"id": 3, "counted": 30}]}"#.utf8)
        let before = SPCounted.encodes.value
        let patched = try DynamicJSONDecoder().patchElements(of: SPCountedStatus.self, in: data, at: "items") { status in
            if status.id == 2 { status.id = 22 }
        }
        #expect(SPCounted.encodes.value - before == 3)
        #expect(try JSON(parsing: patched) == ["items": [["id": 1, "counted": 10], ["id": 22, "counted": 20], ["id": 3, "counted": 30]]])
        #expect(patched.starts(with: Data(#"{"items": [{"id": 1, "counted": 10}, "#.utf8)))
    }
}
