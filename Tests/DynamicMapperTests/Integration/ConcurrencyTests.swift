import Dispatch
import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// Shared coders and first use of per-type caches from real threads, started together, so
// that `swift test --sanitize=thread` (see `.ci/run`) has something to find if a data race
// exists. The task-group tests elsewhere run on the cooperative pool, which may be as small
// as the machine's core count.

private struct ConcurrencyPlain: Codable, Equatable, Sendable {
    var id: Int
    var tags: [String]
    var created: Date
}

private struct ConcurrencyDynamic: DynamicCodable, Sendable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var count: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        count <-> ds.meta.count
    }
}

/// Used nowhere else, so the first decode of this suite's test is its first use anywhere.
private struct ConcurrencyFirstUseMapped: MappedCodable, Sendable {
    @Mapped("user.name") var name: String
    @Mapped("user.age", default: 0) var age: Int
    @Mapped(.lossy) var scores: [Int]
    init() {}
}

/// Runs `body(index)` on `count` threads that start at the same moment.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread.detachNewThread {
            start.wait()
            body(index)
            done.leave()
        }
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}

/// Results written by many threads, read after they finish.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var values: [Int: String] = [:]

    func set(_ value: String, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var all: [Int: String] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

@Suite("Concurrency on real threads")
/// Renames its `@Mapped` properties in `CodingKeys`, so that its layout learns the renames
/// lazily (the probe keeps the metatype) on whichever thread first asks.
private struct ConcurrencyRenamedMapped: MappedCodable, Sendable {
    @Mapped(default: 0) var count: Int
    @Mapped var title: String

    enum CodingKeys: String, CodingKey {
        case count = "n"
        case title = "t"
    }
}

struct ConcurrencyTests {
    @Test func sharedDecoderAndEncoderOnManyThreads() throws {
        let decoder = DynamicJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let encoder = DynamicJSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let results = ResultBox()
        onThreads(16) { index in
            do {
                var output = ""
                for round in 0..<20 {
                    let plain = try decoder.decode(ConcurrencyPlain.self, from: Data(#"{"id":\#(index),"tags":["t\#(round)"],"created":\#(round)}"#.utf8))
                    var dynamic = try decoder.decode(ConcurrencyDynamic.self, from: Data(#"{"id":\#(index),"meta":{"count":\#(round)},"extra":[1]}"#.utf8))
                    dynamic.count = (dynamic.count ?? 0) + 1
                    output =
                        String(decoding: try encoder.encode(plain), as: UTF8.self)
                        + String(decoding: try encoder.encode(dynamic), as: UTF8.self)
                }
                results.set(output, at: index)
            } catch {
                results.set("\(error)", at: index)
            }
        }
        let all = results.all
        #expect(all.count == 16)
        for index in 0..<16 {
            #expect(all[index] == #"{"created":19,"id":\#(index),"tags":["t19"]}{"extra":[1],"id":\#(index),"meta":{"count":20}}"#)
        }
    }

    @Test func firstUseOfMappedLayoutOnManyThreads() throws {
        let decoder = DynamicJSONDecoder()
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let results = ResultBox()
        onThreads(16) { index in
            do {
                let model = try decoder.decode(ConcurrencyFirstUseMapped.self, from: Data(#"{"user":{"name":"n\#(index)"},"scores":[1,"x",\#(index)]}"#.utf8))
                results.set(String(decoding: try encoder.encode(model), as: UTF8.self), at: index)
            } catch {
                results.set("\(error)", at: index)
            }
        }
        let all = results.all
        for index in 0..<16 {
            #expect(all[index] == #"{"scores":[1,\#(index)],"user":{"age":0,"name":"n\#(index)"}}"#)
        }
    }

    @Test("a model's metatype is Sendable, and renamed keys learned on first use by many threads at once decode alike")
    func renamedKeysLearnedOnManyThreads() throws {
        // A type check as much as a test: it compiles without a warning only because
        // `MappedCodable` refines `SendableMetatype` (no actor-isolated conformance).
        let type: any MappedCodable.Type = ConcurrencyRenamedMapped.self
        let crossing: any Sendable = type
        #expect(crossing is ConcurrencyRenamedMapped.Type)
        let decoder = DynamicJSONDecoder()
        let results = ResultBox()
        onThreads(16) { index in
            do {
                let model = try decoder.decode(ConcurrencyRenamedMapped.self, from: Data(#"{"n":\#(index),"t":"x\#(index)"}"#.utf8))
                results.set("\(model.count) \(model.title)", at: index)
            } catch {
                results.set("\(error)", at: index)
            }
        }
        let all = results.all
        for index in 0..<16 {
            #expect(all[index] == "\(index) x\(index)")
        }
    }

    @Test func oneDocumentReadFromManyThreads() throws {
        let document = try JSONDocument(parsing: Data(#"{"list":[1,2,3],"nested":{"text":"caf\u00e9"}}"#.utf8))
        let view = DynamicClass(document.root)
        let results = ResultBox()
        onThreads(16) { index in
            var copy = view
            copy.list.append(index)
            let text = "\(document.root["nested"]?["text"]?.stringValue ?? "-") \(copy.list.debugDescription)"
            results.set(text, at: index)
        }
        let all = results.all
        for index in 0..<16 {
            #expect(all[index] == "café [1,2,3,\(index)]")
        }
    }
}
