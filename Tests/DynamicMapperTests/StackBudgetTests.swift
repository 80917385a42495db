import Foundation
import Testing
import DynamicMapper

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

/// Decodes `levels` levels of `T` with the default depth limit on a thread with `stackSize`
/// bytes of stack, and gives the levels decoded and the stack used per level.
private func decodeNested<T: Decodable>(_ type: T.Type, levels: Int, stackSize: Int, foundation: Bool = false) -> (levels: Int, bytesPerLevel: Int) {
    onThread(stackSize: stackSize) {
        let recorder = StackRecorder()
        let decoder = foundation ? JSONDecoder() : DynamicJSONDecoder()
        decoder.userInfo[.stackRecorder] = recorder
        do {
            _ = try decoder.decode(T.self, from: nested(levels: levels))
        } catch {
            Issue.record("\(T.self): \(error)")
        }
        return (recorder.addresses.count, recorder.bytesPerLevel)
    }
}

@Suite("Stack budget")
struct StackBudgetTests {
    @Test("bytes of stack per level, for each model kind")
    func measure() {
        for (name, result) in [
            ("JSONDecoder, Codable", decodeNested(PlainLevel.self, levels: 100, stackSize: 8 << 20, foundation: true)),
            ("Codable", decodeNested(PlainLevel.self, levels: 100, stackSize: 8 << 20)),
            ("DynamicCodable", decodeNested(DynamicLevel.self, levels: 100, stackSize: 8 << 20)),
            ("MappedCodable", decodeNested(MappedLevel.self, levels: 100, stackSize: 8 << 20)),
        ] {
            print("stack per level: \(name): \(result.bytesPerLevel) bytes")
            #expect(result.levels == 100)
        }
    }
}
