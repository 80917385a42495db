import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Duplicate-key detection over random documents of many objects, nested and side by side,
// whose keys recur from one object to the next: only a key repeated within one object is an
// error, and the error points at that object's second occurrence.

@Suite("Duplicate keys: random documents of many objects")
struct DuplicateKeyPropertyTests {
    /// A few keys, so that most objects share keys with the ones before them.
    private static let keys = ["a", "b", "c", "d", "\\u0061"]

    /// Writes a random value into `text`, each object's keys distinct (as Swift compares
    /// them) unless `repeatAt` says which object (by count, in document order) gets one
    /// key twice; returns the offset of that repeat's opening quote, if written.
    private static func write(depth: Int, into text: inout String, objects: inout Int, repeatAt: Int?, using random: inout SeededRandom) -> Int? {
        guard depth > 0, Int.random(in: 0..<4, using: &random) != 0 else {
            text += "1"
            return nil
        }
        var found: Int?
        if Bool.random(using: &random) {
            text += "["
            for element in 0..<Int.random(in: 0...4, using: &random) {
                if element > 0 { text += "," }
                found = write(depth: depth - 1, into: &text, objects: &objects, repeatAt: repeatAt, using: &random) ?? found
            }
            text += "]"
            return found
        }
        let number = objects
        objects += 1
        // "\u0061" is "a": keep one spelling of it.
        var chosen: [String] = []
        var seen: Set<String> = []
        for key in keys.shuffled(using: &random) where Bool.random(using: &random) {
            let meaning = key == "\\u0061" ? "a" : key
            if seen.insert(meaning).inserted { chosen.append(key) }
        }
        text += "{"
        for (position, key) in chosen.enumerated() {
            if position > 0 { text += "," }
            text += "\"\(key)\":"
            found = write(depth: depth - 1, into: &text, objects: &objects, repeatAt: repeatAt, using: &random) ?? found
        }
        if number == repeatAt, let repeated = chosen.randomElement(using: &random) {
            if !chosen.isEmpty { text += "," }
            found = text.utf8.count
            text += "\"\(repeated)\":0"
        }
        text += "}"
        return found
    }

    @Test("a key carried from one object into the next, or into a nested one, is no repeat", arguments: 0..<4)
    func keysRecurAcrossObjects(seed: UInt64) throws {
        var random = SeededRandom(state: 0xD0_0B1E + seed)
        for round in 0..<150 {
            var text = "["
            var objects = 0
            for element in 0..<Int.random(in: 1...30, using: &random) {
                if element > 0 { text += "," }
                _ = Self.write(depth: 4, into: &text, objects: &objects, repeatAt: nil, using: &random)
            }
            text += "]"
            let plain = try JSON(parsing: text)
            #expect(try JSON(parsing: text, rejectsDuplicateKeys: true) == plain, "seed \(seed), round \(round): \(text)")
        }
    }

    @Test("a key repeated inside one object among many is found, at its second occurrence", arguments: 0..<4)
    func repeatsInsideOneObjectAreFound(seed: UInt64) throws {
        var random = SeededRandom(state: 0xD0_0B1F + seed)
        var checked = 0
        for round in 0..<150 {
            var text = "["
            var objects = 0
            let target = Int.random(in: 0..<40, using: &random)
            var offset: Int?
            for element in 0..<Int.random(in: 1...30, using: &random) {
                if element > 0 { text += "," }
                offset = Self.write(depth: 4, into: &text, objects: &objects, repeatAt: target, using: &random) ?? offset
            }
            text += "]"
            guard let offset else {
                #expect((try? JSON(parsing: text, rejectsDuplicateKeys: true)) != nil, "seed \(seed), round \(round)")
                continue
            }
            checked += 1
            do {
                _ = try JSON(parsing: text, rejectsDuplicateKeys: true)
                Issue.record("seed \(seed), round \(round): no error for \(text)")
            } catch DecodingError.dataCorrupted(let context) {
                let error = try #require(context.underlyingError as? JSONSyntaxError)
                #expect(error.kind == .duplicateKey)
                // One line of ASCII up to the repeat: the column is the offset plus one.
                #expect(error.line == 1 && error.column == offset + 1, "seed \(seed), round \(round): \(error)")
            }
        }
        #expect(checked > 20)
    }

    @Test("one large object followed by many small ones sharing its keys is checked in one linear pass")
    func largeObjectThenManySmallOnes() throws {
        var text = "[{" + (0..<20_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        for index in 0..<20_000 { text += #",{"k\#(index)":1,"k\#(index + 1)":2}"# }
        text += "]"
        let json = try JSON(parsing: text, rejectsDuplicateKeys: true)
        #expect(json.arrayValue?.count == 20_001)
        #expect(json[0]?.objectValue?.count == 20_000)
        #expect(json[20_000] == ["k19999": 1, "k20000": 2])
    }
}
