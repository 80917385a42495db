import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

/// The lookups of a mapping body (`x <-> ds.name`) go through the mapping session's member
/// cursor, which starts where the last lookup in the model's object ended, tries the key found
/// last again, and rules out a missing key from the object's key signatures. Random objects with
/// repeated keys (plain, escaped, non-ASCII, canonically equivalent) read by random names,
/// present or not, repeated or not: every read must find the first member whose key equals
/// the name as Swift compares strings.
@Suite("Mapping key lookups in objects with repeated keys")
struct MappingKeyLookupPropertyTests {
    /// Spellings in JSON and the key each one means.
    private static let spellings: [(json: String, key: String)] = [
        ("a", "a"), ("b", "b"), ("id", "id"), ("id_str", "id_str"),
        ("in_reply_to_status_id_str", "in_reply_to_status_id_str"),
        ("\\u0061", "a"), ("i\\u0064", "id"), ("caf\u{E9}", "caf\u{E9}"), ("cafe\u{301}", "caf\u{E9}"),
        ("caf\\u00e9", "caf\u{E9}"), ("\u{1F600}x", "\u{1F600}x"), ("abcdefgh", "abcdefgh"), ("abcdefghi", "abcdefghi"),
        ("\u{212A}", "K"),
    ]

    @Test func firstMatchingMemberWins() throws {
        for seed in UInt64(1)...300 {
            var random = SeededRandom(state: seed)
            let count = Int.random(in: 0...(seed % 5 == 0 ? 70 : 12), using: &random)
            // Mostly distinct keys (the usual object), sometimes few spellings (many repeats),
            // sometimes plain distinct keys only (whose signatures can rule a name out).
            let pool = seed % 3 == 0 ? Array(Self.spellings.prefix(4)) : Self.spellings
            let plainOnly = seed % 4 == 1
            var members: [(json: String, key: String)] = []
            for position in 0..<count {
                members.append(
                    !plainOnly && Bool.random(using: &random)
                        ? pool.randomElement(using: &random)!
                        : ("k\(position)", "k\(position)"))
            }
            let json = "{" + members.enumerated().map { "\"\($0.element.json)\": \($0.offset)" }.joined(separator: ", ") + "}"
            var names: [String] = []
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !names.isEmpty: names.append(names[names.count - 1]) // the key found last, again
                case 1: names.append(Self.spellings.randomElement(using: &random)!.key)
                default: names.append("k\(Int.random(in: 0...max(0, count), using: &random))")
                }
            }
            let expected = names.map { name in members.firstIndex { $0.key == name } }
            let decoder = DynamicJSONDecoder()
            decoder.mapContext = names
            let probe = try decoder.decode(MappedLookupProbe.self, from: Data(json.utf8))
            #expect(probe.found == expected, "seed \(seed): \(json) asked \(names)")
        }
    }

    /// Reads through a member (`ds.outer.x`, then `ds.outer.y`) ask for the same key of the
    /// model's object twice; a missing optional key after them is still missing.
    @Test func pathsThroughOneMemberAndAMissingKey() throws {
        let json = #"{"id": 1, "outer": {"x": 2, "y": 3}, "tail": 4}"#
        let model = try DynamicJSONDecoder().decode(PathProbe.self, from: Data(json.utf8))
        #expect(model.id == 1 && model.x == 2 && model.y == 3 && model.missing == nil && model.tail == 4)
        let duplicated = #"{"outer": {"x": 5}, "id": 1, "outer": {"x": 6, "y": 7}}"#
        let first = try DynamicJSONDecoder().decode(PathProbe.self, from: Data(duplicated.utf8))
        #expect(first.x == 5 && first.y == nil && first.id == 1)
    }
}

/// Reads the names in the map context, in order, with `<--`.
private struct MappedLookupProbe: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var found: [Int?] = []

    mutating func mapping(_ map: DynamicMap) {
        for name in map.context as? [String] ?? [] {
            var value: Int?
            value <-- map[key: name]
            found.append(value)
        }
    }
}

private struct PathProbe: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var id = 0
    var x = 0
    var y: Int?
    var missing: Int?
    var tail = 0

    mutating func mapping(_ map: DynamicMap) {
        id <-> ds.id
        x <-> ds.outer.x
        y <-> ds.outer.y
        missing <-> ds.missing
        tail <-> ds.tail
    }
}
