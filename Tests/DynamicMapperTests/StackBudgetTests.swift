import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// The stack a decode needs per level of nesting, for each kind of model, and that the default
// depth limit fits a 512 KiB thread (the size of secondary threads on Apple platforms) for
// every one of them. The parser itself never recurses; `JSON` values are built and written
// without recursion at any depth.

/// Collects the stack address of each ``StackProbe`` decoded.
private final class StackRecorder: @unchecked Sendable {
    // @unchecked: one decode writes it, on one thread, before anything reads it.
    var addresses: [UInt] = []

    /// Bytes of stack from one level to the next, the mean over all levels recorded.
    var bytesPerLevel: Int {
        guard let first = addresses.first, let last = addresses.last, addresses.count > 1 else { return 0 }
        return Int(first - last) / (addresses.count - 1)
    }
}

private extension CodingUserInfoKey {
    static let stackRecorder = CodingUserInfoKey(rawValue: "stackRecorder")!
}

/// A value whose decoding notes where the stack is.
private struct StackProbe: Codable {
    init(from decoder: any Decoder) throws {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        (decoder.userInfo[.stackRecorder] as? StackRecorder)?.addresses.append(address)
    }

    func encode(to encoder: any Encoder) throws {}
}

private final class PlainLevel: Codable {
    let probe: StackProbe?
    let child: PlainLevel?
}

private final class DynamicLevel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    let probe: StackProbe?
    let child: DynamicLevel?
}

private final class MappedLevel: MappedCodable {
    @Mapped var probe: StackProbe?
    @Mapped var child: MappedLevel?
    required init() {}
}

/// `levels` nested objects, each with a probe: `{"probe":0,"child":{"probe":0,"child":…{"probe":0}}}`.
private func nested(levels: Int) -> Data {
    Data((String(repeating: #"{"probe":0,"child":"#, count: levels - 1) + #"{"probe":0}"# + String(repeating: "}", count: levels - 1)).utf8)
}

/// How a decode of nested levels ended: the levels decoded, the stack used per level, and
/// the stack error's coding path (nil when the whole input decoded).
private struct NestedOutcome: Sendable {
    var levels: Int
    var bytesPerLevel: Int
    var stoppedAt: [String]?
    var otherError: String?
}

/// Decodes `levels` levels of `T` on a thread with `stackSize` bytes of stack.
private func decodeNested<T: Decodable & SendableMetatype>(_ type: T.Type, levels: Int, stackSize: Int, maximumDepth: Int = 512, foundation: Bool = false) -> NestedOutcome {
    onThread(stackSize: stackSize) {
        let recorder = StackRecorder()
        let decoder: JSONDecoder
        if foundation {
            decoder = JSONDecoder()
        } else {
            let dynamic = DynamicJSONDecoder()
            dynamic.maximumDepth = maximumDepth
            decoder = dynamic
        }
        decoder.userInfo[.stackRecorder] = recorder
        var outcome = NestedOutcome(levels: 0, bytesPerLevel: 0)
        do {
            _ = try decoder.decode(T.self, from: nested(levels: levels))
        } catch DecodingError.dataCorrupted(let context) where context.debugDescription.hasPrefix("Nested too deeply for the stack left on this thread") {
            outcome.stoppedAt = context.codingPath.map(\.stringValue)
        } catch {
            outcome.otherError = "\(error)"
        }
        outcome.levels = recorder.addresses.count
        outcome.bytesPerLevel = recorder.bytesPerLevel
        return outcome
    }
}

/// Each model kind, decoding `levels` levels on a thread of `stackSize` bytes.
private func everyKind(levels: Int, stackSize: Int, maximumDepth: Int = 512) -> [(String, NestedOutcome)] {
    [
        ("Codable", decodeNested(PlainLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
        ("DynamicCodable", decodeNested(DynamicLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
        ("MappedCodable", decodeNested(MappedLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
    ]
}

private let smallStack = 512 * 1024

/// `levels` nested arrays around a `0`.
private func nestedArrayText(_ levels: Int) -> String {
    String(repeating: "[", count: levels) + "0" + String(repeating: "]", count: levels)
}

@Suite("Stack budget")
struct StackBudgetTests {
    @Test("bytes of stack per level, for each model kind")
    func measure() {
        let foundation = decodeNested(PlainLevel.self, levels: 100, stackSize: 8 << 20, foundation: true)
        print("stack per level: JSONDecoder, Codable: \(foundation.bytesPerLevel) bytes")
        for (name, outcome) in everyKind(levels: 100, stackSize: 8 << 20) {
            print("stack per level: \(name): \(outcome.bytesPerLevel) bytes")
            #expect(outcome.levels == 100, "\(name)")
            #expect(outcome.stoppedAt == nil && outcome.otherError == nil, "\(name)")
            // Well inside the reserve the decoder keeps free between two checks.
            #expect(outcome.bytesPerLevel > 0 && outcome.bytesPerLevel < 32 * 1024, "\(name)")
        }
    }

    @Test("the default limit on a 512 KiB thread: every kind decodes or stops with an error")
    func defaultLimitOnSmallStack() {
        for (name, outcome) in everyKind(levels: 512, stackSize: smallStack) {
            #expect(outcome.otherError == nil, "\(name): \(outcome.otherError ?? "")")
            if let path = outcome.stoppedAt {
                // Stopped with the stack's reserve left, at a level of the input.
                #expect(path.count >= 20 && path.dropLast().allSatisfy { $0 == "child" }, "\(name): \(path)")
                #expect(outcome.levels >= path.count - 1, "\(name)")
            } else {
                #expect(outcome.levels == 512, "\(name)")
            }
        }
    }

    @Test("the default limit on an 8 MiB thread: every kind decodes all 512 levels")
    func defaultLimitOnLargeStack() {
        for (name, outcome) in everyKind(levels: 512, stackSize: 8 << 20) {
            #expect(outcome.levels == 512 && outcome.stoppedAt == nil && outcome.otherError == nil, "\(name)")
        }
    }

    @Test("maximumDepth raised to 200,000: 100,000 levels stop with an error, never a crash")
    func raisedLimit() {
        for stackSize in [smallStack, 8 << 20] {
            for (name, outcome) in everyKind(levels: 100_000, stackSize: stackSize, maximumDepth: 200_000) {
                #expect(outcome.otherError == nil, "\(name): \(outcome.otherError ?? "")")
                let path = outcome.stoppedAt ?? []
                #expect(path.count >= 20 && path.count < 100_000, "\(name) on \(stackSize) bytes: \(path.count)")
            }
        }
    }

    @Test("JSON values: at most JSON.maximumNesting deep, built, written, compared and freed on a 512 KiB thread")
    // Hashing recurses through `Hasher`, whose frames are large in a debug build: it is not
    // part of the promise on small stacks.
    func jsonNesting() {
        let deepest = nestedArrayText(JSON.maximumNesting)
        let outcome: [String] = onThread(stackSize: smallStack) {
            var results: [String] = []
            do {
                let value = try JSON(parsing: deepest, maximumDepth: 100_001)
                let again = try JSON(parsing: value.serializedString(), maximumDepth: 100_001)
                results.append(value.serializedString() == deepest ? "written" : "wrong text")
                results.append(value == again ? "equal" : "unequal")
                let root = try JSONDocument(parsing: Data(deepest.utf8), maximumDepth: 100_001).root
                results.append(root == value ? "document" : "wrong document")
                let decoder = DynamicJSONDecoder()
                decoder.maximumDepth = 100_001
                results.append(try decoder.decode(JSON.self, from: Data(deepest.utf8)) == value ? "decoded" : "wrong decode")
            } catch {
                results.append("\(error)")
            }
            do {
                _ = try JSON(parsing: nestedArrayText(50_000), maximumDepth: 100_001)
                results.append("50,000 levels parsed")
            } catch DecodingError.dataCorrupted(let context) {
                results.append((context.underlyingError as? JSONSyntaxError)?.description ?? "\(context)")
            } catch {
                results.append("\(error)")
            }
            return results
        }
        #expect(outcome == [
            "written", "equal", "document", "decoded",
            "Too many nested arrays or objects (the limit is 1024) at line 1, column 1025",
        ])
    }
}
