import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Objects whose `encode(to:)` writes keys again, at every size: the streaming encoder finds the
// repeats when the object closes (pairwise for a few members, through a hash table of the
// written keys for more) and keeps the last value of each key, as `JSONEncoder` does.

@Suite("Streaming encoder: repeated keys in objects of any size")
struct EncoderRepeatedKeyPropertyTests {
    /// Writes `entries` in order into one keyed container, and `nested` under the key "child".
    struct Writes: Encodable {
        var entries: [(key: String, value: Int)]
        var nested: [Writes] = []

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for entry in entries { try container.encode(entry.value, forKey: AnyKey(entry.key)) }
            if !nested.isEmpty { try container.encode(nested, forKey: AnyKey("child")) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Keys of mixed lengths (around a word and a block, where the hash reads whole words),
    /// some differing only in their last byte, some that need escaping, some not ASCII.
    static func keyPool(size: Int, using random: inout SeededRandom) -> [String] {
        var keys = Set<String>()
        let stems = ["k", "key_", "a_longer_key_name_", "\"q", "s/l", "é", "tab\t", "0123456"]
        while keys.count < size {
            let stem = stems.randomElement(using: &random)!
            keys.insert(stem + String(Int.random(in: 0..<(size * 3), using: &random)))
        }
        return Array(keys).sorted()
    }

    static func randomWrites(depth: Int, using random: inout SeededRandom) -> Writes {
        let size = [1, 2, 3, 4, 5, 8, 16, 17, 40, 200].randomElement(using: &random)!
        let pool = keyPool(size: size, using: &random)
        // Each key once, in random order, then some written again.
        var entries = pool.shuffled(using: &random).map { (key: $0, value: Int.random(in: 0..<1_000, using: &random)) }
        let repeats = Bool.random(using: &random) ? 0 : Int.random(in: 1...max(1, size / 2), using: &random)
        for _ in 0..<repeats {
            entries.insert(
                (key: pool.randomElement(using: &random)!, value: Int.random(in: 1_000..<2_000, using: &random)),
                at: Int.random(in: 0...entries.count, using: &random))
        }
        var writes = Writes(entries: entries)
        if depth < 2 && Bool.random(using: &random) {
            writes.nested = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomWrites(depth: depth + 1, using: &random) }
        }
        return writes
    }

    /// The object `writes` stands for: the last value of each key.
    static func expected(_ writes: Writes) -> JSON {
        var object = JSON.Object()
        var lastValue: [String: Int] = [:]
        for entry in writes.entries { lastValue[entry.key] = entry.value }
        for key in lastValue.keys.sorted() { object[key] = .number(JSON.Number(lastValue[key]!)) }
        if !writes.nested.isEmpty { object["child"] = .array(writes.nested.map(expected)) }
        return .object(object)
    }

    @Test("sorted: JSONEncoder's bytes; unsorted: each key once, with its last value")
    func repeatedKeys() throws {
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            let writes = Self.randomWrites(depth: 0, using: &random)
            expectSameEncoding(writes)
            let unsorted = try DynamicJSONEncoder().encode(writes)
            let parsed = try JSON(parsing: unsorted, rejectsDuplicateKeys: true)
            #expect(parsed == Self.expected(writes), "seed \(seed)")
        }
    }

    @Test("keys spelled NFC and NFD, with the accent at any byte of a block, are one key as in JSONEncoder")
    func equivalentSpellings() throws {
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(state: seed)
            // The accent after 0 to 40 ASCII bytes, so that the byte the writer must notice
            // falls in a whole block or in the tail at every position.
            let prefix = String(repeating: "k", count: Int.random(in: 0...40, using: &random))
            let nfc = prefix + "\u{E9}", nfd = prefix + "e\u{301}"
            var entries = (0..<Int.random(in: 0...20, using: &random)).map { (key: "plain\($0)", value: $0) }
            entries.insert((key: nfc, value: 100), at: Int.random(in: 0...entries.count, using: &random))
            if Bool.random(using: &random) {
                entries.insert((key: nfd, value: 200), at: Int.random(in: 0...entries.count, using: &random))
            }
            expectSameEncoding(Writes(entries: entries))
        }
    }
}
