import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The order sorted keys are written in, on its own: `KeyOrder.compare` (the streaming encoder)
// and `KeyOrder.positions` (the tree writer's order) against the order `JSONEncoder` writes with
// `.sortedKeys`, for random keys with non-ASCII text, decomposed accents, escapes and emoji.

@Suite("Key order")
struct KeyOrderTests {
    private static let pieces = ["a", "B", "z", "_", "0", "é", "e\u{301}", "É", "ß", "Ω", "日", "\u{1F600}", "\u{FFFD}", "\"", "\\", "\u{1}", " "]

    /// Random distinct keys (as a dictionary holds them: canonically equivalent ones collapse).
    private static func randomKeys(_ random: inout SeededRandom) -> [String] {
        var keys: [String] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let key = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The keys in the order `JSONEncoder` writes them with `.sortedKeys`.
    private static func foundationOrder(_ keys: [String]) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let values = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        // The parsed object keeps the written order; each value says which key it was.
        let written = try JSON(parsing: encoder.encode(values))
        return try #require(written.objectValue).values.map { keys[try #require(Int($0.numberValue?.literal ?? ""))] }
    }

    /// `KeyOrder.compare` of two keys' UTF-8, as the streaming encoder calls it.
    static func compare(_ left: String, _ right: String) -> Int {
        Array(left.utf8).withUnsafeBufferPointer { left in Array(right.utf8).withUnsafeBufferPointer { KeyOrder.compare(left, $0) } }
    }

    @Test("the examples: bytes, not characters, and a prefix first")
    func examples() {
        let keys = ["b", "a", "ab", "é", "e\u{301}x", "Z", "", "\u{1F600}", "日"]
        let order = KeyOrder.positions(count: keys.count, sorted: true) { keys[$0] }.map { keys[$0] }
        #expect(order == ["", "Z", "a", "ab", "b", "e\u{301}x", "é", "日", "\u{1F600}"])
        #expect(KeyOrder.positions(count: 3, sorted: false) { keys[$0] } == [0, 1, 2])
        #expect(Self.compare("ab", "a") == 1)
        #expect(Self.compare("a", "ab") == -1)
        #expect(Self.compare("é", "é") == 0)
    }

    @Test("random keys: both orders are JSONEncoder's")
    func randomKeysInFoundationsOrder() throws {
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let keys = Self.randomKeys(&random)
            let expected = try Self.foundationOrder(keys)
            let writer = KeyOrder.positions(count: keys.count, sorted: true) { keys[$0] }.map { keys[$0] }
            #expect(writer == expected, "seed \(seed): \(keys.map(\.debugDescription))")
            let streaming = keys.sorted { Self.compare($0, $1) < 0 }
            #expect(streaming == expected, "seed \(seed): \(keys.map(\.debugDescription))")
        }
    }
}
