import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// `move` may not put a value inside itself, and only a real descendant counts: `/a` into
// `/a/b` is refused, `/a` into `/ab` (whose text merely starts the same) is an ordinary move.
// Random pointers over tokens that share text prefixes, checked against `remove` then `add`.

@Suite("Move: descendants by token, not by text")
struct MovePointerPrefixPropertyTests {
    private static let tokens = ["a", "ab", "a~1b", "b", "0", "00", "1"]

    @Test("the issue's pair: /a into /ab moves, /a into /a/b is refused")
    func prefixTextIsNoDescendant() throws {
        var json: JSON = ["a": ["b": 1], "x": 0]
        try json.apply([.move(from: try Path(pointer: "/a"), to: try Path(pointer: "/ab"))])
        #expect(json == ["x": 0, "ab": ["b": 1]])
        try json.apply([.move(from: try Path(pointer: "/ab"), to: try Path(pointer: "/a"))])
        let error = try #require(throws: JSONPatchError.self) {
            try json.apply([.move(from: try Path(pointer: "/a"), to: try Path(pointer: "/a/b"))])
        }
        #expect(error.reason == .moveIntoDescendant(from: "/a"))
        try json.apply([.move(from: try Path(pointer: "/a/b"), to: try Path(pointer: "/a~1b"))])
        #expect(json == ["x": 0, "a": [:], "a/b": 1])
    }

    @Test("random pointers sharing text prefixes: refused exactly for a real descendant, else remove then add", arguments: 0..<4)
    func randomMoves(seed: UInt64) throws {
        var random = SeededRandom(state: 0x30_7E + seed)
        var moved = 0
        for round in 0..<300 {
            let json = Self.document(depth: 3, using: &random)
            let from = Self.pointer(using: &random)
            let to = Self.pointer(using: &random)
            let fromTokens = from.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let toTokens = to.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let operation = JSONPatch.Operation.move(from: try Path(pointer: from), to: try Path(pointer: to))
            let outcome = Result { try json.applying([operation]) }
            if toTokens.count > fromTokens.count, toTokens.starts(with: fromTokens) {
                // Checked before anything is read: refused whether or not `from` exists.
                #expect(throws: JSONPatchError.self, "round \(round): \(from) → \(to)") { try outcome.get() }
                if case .failure(let error as JSONPatchError) = outcome {
                    #expect(error.reason == .moveIntoDescendant(from: from), "round \(round)")
                }
                continue
            }
            let reference: JSON?
            if let value = try json[pointer: from] {
                reference = from == to ? json : try? json.applying([.remove(try Path(pointer: from)), .add(try Path(pointer: to), value)])
            } else {
                reference = nil
            }
            #expect((try? outcome.get()) == reference, "round \(round): \(from) → \(to) on \(json)")
            if reference != nil, from != to { moved += 1 }
        }
        #expect(moved > 8)
    }

    private static func pointer(using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in "/" + tokens.randomElement(using: &random)! }.joined()
    }

    private static func document(depth: Int, using random: inout SeededRandom) -> JSON {
        guard depth > 0, Int.random(in: 0..<4, using: &random) != 0 else { return .number(JSON.Number(Int.random(in: 0..<9, using: &random))) }
        if Int.random(in: 0..<3, using: &random) == 0 {
            return .array((0..<Int.random(in: 0...2, using: &random)).map { _ in document(depth: depth - 1, using: &random) })
        }
        var object = JSON.Object()
        for key in ["a", "ab", "a/b", "b", "0"] where Int.random(in: 0..<3, using: &random) != 0 {
            object[key] = document(depth: depth - 1, using: &random)
        }
        return .object(object)
    }
}
