import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random objects whose keys repeat (plain, longer than a word, escaped, non-ASCII and
/// canonically equivalent spellings), read back by a random sequence of names, present or not.
/// Every lookup must find the first member whose key equals the name as Swift compares strings,
/// wherever the previous lookup in that object ended (lookups start there, so an earlier
/// duplicate must still win).
@Suite("Key lookups in objects with repeated keys")
struct DecoderKeyLookupPropertyTests {
    /// Spellings in JSON and the key each one means.
    private static let spellings: [(json: String, key: String)] = [
        ("a", "a"), ("b", "b"), ("id", "id"), ("id_str", "id_str"),
        ("in_reply_to_status_id_str", "in_reply_to_status_id_str"),
        ("\\u0061", "a"), ("i\\u0064", "id"), ("caf\u{E9}", "caf\u{E9}"), ("cafe\u{301}", "caf\u{E9}"),
        ("caf\\u00e9", "caf\u{E9}"), ("\u{1F600}x", "\u{1F600}x"), ("abcdefgh", "abcdefgh"), ("abcdefghi", "abcdefghi"),
    ]

    @Test func firstMatchingMemberWins() throws {
        for seed in UInt64(1)...300 {
            var random = SeededRandom(state: seed)
            let count = Int.random(in: 0...(seed % 5 == 0 ? 70 : 12), using: &random)
            // Mostly distinct keys (the usual object), sometimes few spellings (many repeats).
            let pool = seed % 3 == 0 ? Array(Self.spellings.prefix(4)) : Self.spellings
            var members: [(json: String, key: String)] = []
            for position in 0..<count {
                members.append(
                    Bool.random(using: &random)
                        ? pool.randomElement(using: &random)!
                        : ("k\(position)", "k\(position)"))
            }
            let json = "{" + members.enumerated().map { "\"\($0.element.json)\": \($0.offset)" }.joined(separator: ", ") + "}"
            let names = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? Self.spellings.randomElement(using: &random)!.key
                    : "k\(Int.random(in: 0...max(0, count), using: &random))"
            }
            let expected = names.map { name in members.firstIndex { $0.key == name } }
            let decoder = DynamicJSONDecoder()
            decoder.userInfo[LookupProbe.namesKey] = names
            let probe = try decoder.decode(LookupProbe.self, from: Data(json.utf8))
            #expect(probe.found == expected, "seed \(seed): \(json) asked \(names)")
        }
    }
}

private struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads the names in `userInfo[namesKey]`, in order, from one keyed container.
private struct LookupProbe: Decodable {
    static let namesKey = CodingUserInfoKey(rawValue: "names")!
    var found: [Int?] = []

    init(from decoder: any Decoder) throws {
        let names = decoder.userInfo[Self.namesKey] as? [String] ?? []
        let object = try decoder.container(keyedBy: NameKey.self)
        for name in names {
            found.append(try object.decodeIfPresent(Int.self, forKey: NameKey(stringValue: name)))
        }
    }
}
