import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// A view write at an index at or past the end pads with `null` up to it, so the written path
// reads back; a gap of more than 100,000, or a negative index before the start, is refused and
// changes nothing. Random lengths and indexes around every boundary.

@Suite("Index writes: null padding over random indexes")
struct IndexPaddingPropertyTests {
    /// What a write of `"x"` at `index` must leave in `elements`, or `nil` when refused.
    private static func expected(_ elements: [JSON], writing index: Int) -> [JSON]? {
        let position = index < 0 ? elements.count + index : index
        guard position >= 0 else { return nil }
        if position < elements.count {
            var result = elements
            result[position] = "x"
            return result
        }
        guard position - elements.count <= 100_000 else { return nil }
        return elements + Array(repeating: JSON.null, count: position - elements.count) + ["x"]
    }

    @Test("random arrays and indexes: padded exactly up to the index, or refused", arguments: 0..<4)
    func randomIndexes(seed: UInt64) throws {
        var random = SeededRandom(state: 0x9AD + seed)
        for round in 0..<250 {
            let count = Int.random(in: 0...8, using: &random)
            let elements = (0..<count).map { JSON.number(JSON.Number($0)) }
            let index: Int
            switch Int.random(in: 0..<4, using: &random) {
            case 0: index = Int.random(in: -12...12, using: &random)
            case 1: index = count + 100_000 + Int.random(in: -2...2, using: &random)
            case 2: index = Int.random(in: count...(count + 40), using: &random)
            default: index = [Int.min, Int.max, -count - 1, -count, count].randomElement(using: &random)!
            }
            let before: JSON = ["list": .array(elements), "other": true]
            var view = DynamicClass(before)
            let written = view.list[index].set("x")
            let result = Self.expected(elements, writing: index)
            #expect(written == (result != nil), "round \(round): [\(index)] on \(count) elements")
            if let result {
                #expect(JSON(view) == ["list": .array(result), "other": true], "round \(round): [\(index)] on \(count) elements")
                #expect(JSON(view.list[index]) == "x", "round \(round): the written path reads back")
            } else {
                #expect(JSON(view) == before, "round \(round): a refused write changed the document")
            }
        }
    }

    @Test("missing arrays on the way are created and padded the same way", arguments: 0..<2)
    func createdArraysPad(seed: UInt64) throws {
        var random = SeededRandom(state: 0x9AE + seed)
        for round in 0..<100 {
            let first = Int.random(in: 0...20, using: &random)
            let second = Int.random(in: 0...20, using: &random)
            var view = DynamicClass()
            let written = view.made[first][second].set("x")
            #expect(written, "round \(round)")
            let inner = JSON.array(Array(repeating: JSON.null, count: second) + ["x"])
            #expect(JSON(view) == ["made": .array(Array(repeating: JSON.null, count: first) + [inner])], "round \(round)")
        }
    }
}
