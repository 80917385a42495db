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

    /// Bytes of stack from one level to the next, the mean over the levels recorded on the
    /// first thread (a deep decode continues on another, whose addresses are unrelated).
    var bytesPerLevel: Int {
        guard let first = addresses.first else { return 0 }
        var last = first
        var levels = 0
        for address in addresses.dropFirst() {
            guard address < last, last - address < 64 * 1024 else { break }
            last = address
            levels += 1
        }
        return levels == 0 ? 0 : Int(first - last) / levels
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

private final class ChainedModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var x = 0
    var child: ChainedModel?
}

/// A struct cannot hold itself: the child sits in a class that decodes it in place.
private struct StructLevel: Codable {
    final class Child: Codable {
        let level: StructLevel
        init(from decoder: any Decoder) throws { level = try StructLevel(from: decoder) }
        func encode(to encoder: any Encoder) throws { try level.encode(to: encoder) }
    }
    let probe: StackProbe?
    let child: Child?
}

private final class KeyedLevel: Codable {
    let probe: StackProbe?
    let child: KeyedLevel?
    enum CodingKeys: String, KeyedKey { case probe = "probe", child = "child" }
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
private func decodeNested<T: Decodable & SendableMetatype>(_ type: T.Type, levels: Int, stackSize: Int, maximumDepth: Int = 512, foundation: Bool = false)
    -> NestedOutcome
{
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
        ("Codable class", decodeNested(PlainLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
        ("Codable struct", decodeNested(StructLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
        ("KeyedKey", decodeNested(KeyedLevel.self, levels: levels, stackSize: stackSize, maximumDepth: maximumDepth)),
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

    /// DESIGN.md's promise: the default depth decodes every model kind on a 512 KiB thread, in
    /// debug and release builds alike (the decode continues on a larger stack when this one
    /// runs low).
    @Test("the default limit on a 512 KiB thread: every kind decodes all 512 levels")
    func defaultLimitOnSmallStack() {
        for (name, outcome) in everyKind(levels: 512, stackSize: smallStack) {
            #expect(outcome.otherError == nil, "\(name): \(outcome.otherError ?? "")")
            #expect(outcome.stoppedAt == nil, "\(name): stopped at \(outcome.stoppedAt?.count ?? 0) levels")
            #expect(outcome.levels == 512, "\(name)")
        }
    }

    /// Plain `Codable` goes at least as deep as `JSONDecoder` on a small stack, and further:
    /// each kind decodes twice as many levels as the small stack alone holds (its own bytes per
    /// level, measured first, say how many; 2,000 at most), which only the move to the 8 MiB
    /// stack allows. Measured rather than fixed, since frames differ by build: about 1 KiB a
    /// level in release, 5 to 11 KiB in debug, and more again under ThreadSanitizer.
    @Test("a raised maximumDepth on a 512 KiB thread: every kind decodes past the small stack")
    func raisedLimitOnSmallStack() {
        let perLevel = everyKind(levels: 100, stackSize: 8 << 20)
        for (name, measured) in perLevel {
            let bytes = max(measured.bytesPerLevel, 1)
            let smallStackHolds = smallStack / bytes
            let levels = min(2_000, 2 * smallStackHolds)
            #expect(levels > smallStackHolds && levels * bytes < 7 << 20, "\(name): \(bytes) bytes a level")
            let outcome = everyKind(levels: levels, stackSize: smallStack, maximumDepth: levels + 1).first { $0.0 == name }?.1
            #expect(outcome?.otherError == nil && outcome?.stoppedAt == nil, "\(name): \(outcome?.otherError ?? "") \(outcome?.stoppedAt?.count ?? 0)")
            #expect(outcome?.levels == levels, "\(name)")
        }
    }

    /// A dynamic model decoded across the move to a larger stack keeps its document: the
    /// unedited model re-encodes byte for byte (the encoder continues on a larger stack too)
    /// and has no changes.
    @Test("a dynamic model decoded past the small stack re-encodes unchanged")
    func continuedDecodeKeepsTheDocument() throws {
        // 500: as JSONEncoder, the encoders refuse output nested 512 deep.
        let levels = 500
        let text = String(repeating: #"{"x":1,"child":"#, count: levels - 1) + #"{"x":1}"# + String(repeating: "}", count: levels - 1)
        let outcome: String = onThread(stackSize: smallStack) {
            do {
                let model = try DynamicJSONDecoder().decode(ChainedModel.self, from: Data(text.utf8))
                let again = try String(decoding: DynamicJSONEncoder().encode(model), as: UTF8.self)
                let unchanged = try model.mergePatch() == [:]
                return again == text ? "same bytes, changes \(unchanged ? "none" : "some")" : "different bytes"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "same bytes, changes none")
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
        #expect(
            outcome == [
                "written", "equal", "document", "decoded",
                "Too many nested arrays or objects (the limit is 1024) at line 1, column 1025",
            ])
    }
}
