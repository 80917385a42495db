import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Encoding at a path (issue 17, item 1): `encoder.encode(value, at:)` wraps a value in the
// containers of a path, and paths with indexes encode in `@Mapped`, `KeyedKey` and `AnyKey`
// containers, making arrays as `ds` writes do and merging what several properties share.

private struct EPUser: Codable, Equatable {
    var name: String
    var age: Int
}

/// Writes each entry at its path through an `AnyKey` container, in order.
private struct EPEntries: Codable {
    var entries: [(path: String, value: JSON)]

    init(_ entries: [(path: String, value: JSON)]) {
        self.entries = entries
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for entry in entries { try container.encode(entry.value, forKey: AnyKey(entry.path)) }
    }

    /// Decoding is not what these tests read back; see ``epDecode(_:at:)``.
    init(from decoder: any Decoder) throws {
        entries = []
    }
}

private struct EPMapped: MappedCodable, Equatable {
    @Mapped("items[0].id") var firstID: Int
    @Mapped("items[0].name") var firstName: String
    @Mapped("items[1]") var second: String
    @Mapped("meta.tags[2]") var thirdTag: String
}

private struct EPKeyed: Codable, Equatable {
    var firstName: String
    var secondName: String
    var count: Int

    enum CodingKeys: String, KeyedKey {
        case firstName = "users[0].name"
        case secondName = "users[1].name"
        case count = "page.count"
    }
}

private func epText(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

private func epEncode<T: Encodable>(_ value: T, sorted: Bool = false) throws -> String {
    let encoder = DynamicJSONEncoder()
    if sorted { encoder.outputFormatting = [.sortedKeys] }
    return epText(try encoder.encode(value))
}

/// The value at `path` in `text`, read with an `AnyKey` key as a hand-written `init(from:)` would.
private func epDecode(_ text: String, at path: String) throws -> JSON {
    struct Reader: Decodable {
        static let key = CodingUserInfoKey(rawValue: "path")!
        var value: JSON
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            value = try container.decode(JSON.self, forKey: AnyKey(decoder.userInfo[Self.key] as! String))
        }
    }
    let decoder = DynamicJSONDecoder()
    decoder.userInfo[Reader.key] = path
    return try decoder.decode(Reader.self, from: Data(text.utf8)).value
}

private func epEncodingError(_ body: () throws -> Any) -> (path: String, message: String)? {
    do {
        _ = try body()
        return nil
    } catch EncodingError.invalidValue(_, let context) {
        return (context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."), context.debugDescription)
    } catch {
        return ("", "\(error)")
    }
}

@Suite("Encoding at a path")
struct EncodeAtPathTests {
    // MARK: encode(_:at:)

    @Test("encode(_:at:) wraps the value in the path's objects and arrays (issue example)")
    func encodeAtPath() throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let user = EPUser(name: "Ada", age: 36)
        #expect(epText(try encoder.encode(user, at: "response.users[0]")) == #"{"response":{"users":[{"age":36,"name":"Ada"}]}}"#)
        #expect(epText(try encoder.encode(user, at: "response.users[2]")) == #"{"response":{"users":[null,null,{"age":36,"name":"Ada"}]}}"#)
        #expect(epText(try encoder.encode(7, at: "[1][0]")) == "[null,[7]]")
        #expect(epText(try encoder.encode("x", at: Path([.key("my.user")]))) == #"{"my.user":"x"}"#)
        #expect(epText(try encoder.encode(user, at: "")) == #"{"age":36,"name":"Ada"}"#)
        // Any JSONEncoder has it, as any JSONDecoder decodes at a path.
        let plain = JSONEncoder()
        plain.outputFormatting = [.sortedKeys]
        #expect(epText(try plain.encode(user, at: "a[1]")) == #"{"a":[null,{"age":36,"name":"Ada"}]}"#)
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(epText(try encoder.encode(Nothing(), at: "a")) == #"{"a":{}}"#)
        #expect(epEncodingError { try encoder.encode(Nothing(), at: "") }?.message == "Top-level Nothing did not encode any values.")
        // What it writes, the decoder reads back at the same path.
        let data = try encoder.encode(user, at: "response.users[3]")
        #expect(try DynamicJSONDecoder().decode(EPUser.self, from: data, at: "response.users[3]") == user)
    }

    @Test("encode(_:at:) keeps the encoder's settings; the path's keys are written as given")
    func encodeAtPathSettings() throws {
        struct Stamp: Encodable { var createdAt: Date }
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .secondsSince1970
        let text = epText(try encoder.encode(Stamp(createdAt: Date(timeIntervalSince1970: 5)), at: "someKey[0]"))
        #expect(text == "{\n  \"someKey\" : [\n    {\n      \"created_at\" : 5\n    }\n  ]\n}")
    }

    @Test("encode(_:at:) refuses an index it cannot write, naming the path")
    func encodeAtPathRefusals() throws {
        let encoder = DynamicJSONEncoder()
        let negative = epEncodingError { try encoder.encode(1, at: "a[-1]") }
        #expect(negative?.path == "a")
        #expect(negative?.message == "The path a[-1] has the index -1, before the start of an array of 0 elements.")
        let far = epEncodingError { try encoder.encode(1, at: "a.b[100001]") }
        #expect(far?.path == "a.b")
        #expect(far?.message == "The path a.b[100001] has the index 100001, more than 100000 past the end of an array of 0 elements.")
        #expect(epText(try encoder.encode(1, at: "a[100000]")).count == #"{"a":[]}"#.count + 100_000 * 5 + 1)
        // An error of the value itself names the whole path.
        let nan = epEncodingError { try encoder.encode(Double.nan, at: "x[1].y") }
        #expect(nan?.path == "x.[1].y")
    }

    // MARK: Containers

    @Test("@Mapped paths with indexes make arrays and share them (exact output and round trip)")
    func mappedIndexes() throws {
        var model = EPMapped()
        model.firstID = 7
        model.firstName = "Ada"
        model.second = "b"
        model.thirdTag = "t"
        let text = try epEncode(model)
        #expect(text == #"{"items":[{"id":7,"name":"Ada"},"b"],"meta":{"tags":[null,null,"t"]}}"#)
        #expect(try EPMapped.decode(from: text) == model)
    }

    @Test("KeyedKey paths with indexes encode and decode back")
    func keyedIndexes() throws {
        let model = EPKeyed(firstName: "a", secondName: "b", count: 2)
        let text = try epEncode(model)
        #expect(text == #"{"users":[{"name":"a"},{"name":"b"}],"page":{"count":2}}"#)
        #expect(try DynamicJSONDecoder().decode(EPKeyed.self, from: Data(text.utf8)) == model)
    }

    @Test("AnyKey entries: an element after another, below one, or before one merge into one array")
    func anyKeyMerging() throws {
        #expect(try epEncode(EPEntries([("a[0].x", 1), ("a[0].y", 2)])) == #"{"a":[{"x":1,"y":2}]}"#)
        #expect(try epEncode(EPEntries([("a[0]", 1), ("a[1]", 2)])) == #"{"a":[1,2]}"#)
        #expect(try epEncode(EPEntries([("a[1]", 2), ("a[0]", 1)])) == #"{"a":[1,2]}"#)
        #expect(try epEncode(EPEntries([("a[1][1]", true), ("a[0]", "z")])) == #"{"a":["z",[null,true]]}"#)
        // A value at the array itself merges with the elements that paths placed, whichever comes first.
        #expect(try epEncode(EPEntries([("a[1].x", 1), ("a", [["k": 0], ["y": 2], 3])])) == #"{"a":[{"k":0},{"x":1,"y":2},3]}"#)
        #expect(try epEncode(EPEntries([("a", [["k": 0], ["y": 2]]), ("a[1].x", 1)])) == #"{"a":[{"k":0},{"y":2,"x":1}]}"#)
        #expect(try epEncode(EPEntries([("a[0].x", 1), ("a", nil)])) == #"{"a":[{"x":1}]}"#)
    }

    @Test("a path through a value of another kind is refused with its key")
    func conflicts() throws {
        let cases: [(entries: [(path: String, value: JSON)], key: String, message: String)] = [
            (
                [("a", 5), ("a[0]", 1)], "a[0]",
                #"The key path a[0] goes through "a", which already holds a value that is not an array."#
            ),
            (
                [("a[0]", 5), ("a[0].x", 1)], "a[0].x",
                #"The key path a[0].x goes through [0], which already holds a value that is not an object."#
            ),
            (
                [("a[0].x", 1), ("a", 5)], "a",
                #"The value for "a" is not an array, but a key path has placed elements inside it."#
            ),
            (
                [("a[0].x", 1), ("a[0]", 5)], "a[0]",
                #"The value for [0] is not an object, but a key path has placed members inside it."#
            ),
            (
                [("[0]", 1)], "[0]",
                "The key path [0] starts with an array index, but it is written inside an object."
            ),
        ]
        for item in cases {
            let error = epEncodingError { try DynamicJSONEncoder().encode(EPEntries(item.entries)) }
            #expect(error?.path == item.key, "\(item.entries.map(\.path))")
            #expect(error?.message == item.message, "\(item.entries.map(\.path))")
        }
    }

    @Test("Foundation's encoder refuses a @Mapped path with an index and says what to use")
    func foundationRefuses() throws {
        var model = EPMapped()
        model.second = "b"
        let error = epEncodingError { try JSONEncoder().encode(model) }
        #expect(error?.message.contains("DynamicJSONEncoder") == true)
        // Through Keyed it can: Foundation's encoder writes what this package's tree made.
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(try epText(foundation.encode(Keyed(model))) == #"{"items":[{"id":0,"name":""},"b"],"meta":{"tags":[null,null,""]}}"#)
    }

    // MARK: Property test

    /// Random leaf paths that never cross: no path is a prefix of another, and paths that
    /// share a step agree on the kind of the next one. Indexes are sparse, so arrays are padded.
    private static func randomPaths(_ random: inout SeededRandom) -> [[Path.Component]] {
        var paths: [[Path.Component]] = []
        func grow(_ prefix: [Path.Component], depth: Int, arrayAllowed: Bool) {
            let leaf = depth > 0 && (depth >= 4 || Int.random(in: 0..<3, using: &random) == 0)
            if leaf {
                paths.append(prefix)
                return
            }
            let isArray = arrayAllowed && Bool.random(using: &random)
            let count = Int.random(in: 1...3, using: &random)
            var used = Set<Int>()
            for _ in 0..<count {
                let step: Path.Component
                if isArray {
                    let index = Int.random(in: 0...4, using: &random)
                    guard used.insert(index).inserted else { continue }
                    step = .index(index)
                } else {
                    let key = ["a", "b", "c.d", "e f", "[g]"][Int.random(in: 0..<5, using: &random)]
                    guard used.insert(key.hashValue).inserted else { continue }
                    step = .key(key)
                }
                grow(prefix + [step], depth: depth + 1, arrayAllowed: true)
            }
        }
        grow([], depth: 0, arrayAllowed: false)
        return paths
    }

    /// Component lists in order, indexes by number (and before keys), keys by text.
    private static func precedes(_ left: [Path.Component], _ right: [Path.Component]) -> Bool {
        for (a, b) in zip(left, right) {
            switch (a, b) {
            case (.index(let x), .index(let y)) where x != y: return x < y
            case (.key(let x), .key(let y)) where x != y: return x < y
            case (.index, .key): return true
            case (.key, .index): return false
            default: continue
            }
        }
        return left.count < right.count
    }

    @Test("random paths: the encoded document is what ds writes make, and each value reads back", arguments: Array(UInt64(1)...40))
    func randomPathsRoundTrip(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let paths = Self.randomPaths(&random).shuffled(using: &random)
        var entries: [(path: String, value: JSON)] = []
        for (number, components) in paths.enumerated() {
            let path = Path(components)
            let value: JSON = number % 3 == 0 ? .string("v\(number)") : .number(JSON.Number(number))
            entries.append((path.description, value))
        }
        // The view refuses a path through a `null` that padding left (`a[1].x`, then
        // `a[0].y`), which the encoder fills, so the reference writes lower indexes first.
        var expected = DynamicClass()
        for entry in entries.sorted(by: { Self.precedes(Path($0.path).components, Path($1.path).components) }) {
            let written = expected[entry.path].set(entry.value)
            #expect(written, "seed \(seed): \(entry.path)")
        }
        let text = try epEncode(EPEntries(entries), sorted: true)
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(text == epText(try encoder.encode(expected)), "seed \(seed): \(entries.map(\.path))")
        for entry in entries {
            #expect(try epDecode(text, at: entry.path) == entry.value, "seed \(seed), path \(entry.path)")
        }
        // One value at a random path reads back through encode(_:at:) too.
        if let entry = entries.first {
            let data = try DynamicJSONEncoder().encode(entry.value, at: Path(entry.path))
            #expect(try DynamicJSONDecoder().decode(JSON.self, from: data, at: Path(entry.path)) == entry.value, "seed \(seed)")
        }
    }
}
