import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// A value written at a key and values written at paths below that key meet in one object,
// whatever order the keys are declared or encoded in (issue 12, item 5).

private struct KMInner: Codable, Equatable {
    var c: Int
}

/// The child path declared (and so encoded) before its parent key.
private struct KMChildFirst: Codable, Equatable {
    var a: Int
    var b: KMInner

    enum CodingKeys: String, KeyedKey {
        case a = "x.a"
        case b = "x"
    }
}

/// The parent key declared before the child path.
private struct KMParentFirst: Codable, Equatable {
    var b: KMInner
    var a: Int

    enum CodingKeys: String, KeyedKey {
        case b = "x"
        case a = "x.a"
    }
}

/// Three levels: a grandchild path, the parent, and a child whose value is an object too.
private struct KMThreeLevels: Codable, Equatable {
    var deep: Int
    var top: KMInner
    var middle: KMInner

    enum CodingKeys: String, KeyedKey {
        case deep = "x.y.d"
        case top = "x"
        case middle = "x.y"
    }
}

/// A dynamic model as the parent's value: its document's other keys come along.
private struct KMDynamicInner: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var c: Int
}

private struct KMDynamicParent: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var a: Int
    var b: KMDynamicInner

    enum CodingKeys: String, KeyedKey {
        case a = "x.a"
        case b = "x"
    }
}

private struct KMMapped: MappedCodable {
    @Mapped("x.a") var a: Int = 0
    @Mapped("x") var b = KMInner(c: 0)
}

private struct KMMappedParentFirst: MappedCodable {
    @Mapped("x") var b = KMInner(c: 0)
    @Mapped("x.a") var a: Int = 0
}

/// Members written in the given order through an `AnyKey` container: each key is a path.
private struct KMEntries: Encodable {
    var entries: [(path: String, value: JSON)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for entry in entries { try container.encode(entry.value, forKey: AnyKey(entry.path)) }
    }
}

private func kmText(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

private func kmEncode<T: Encodable>(_ value: T, sorted: Bool = false) throws -> String {
    let encoder = DynamicJSONEncoder()
    if sorted { encoder.outputFormatting = [.sortedKeys] }
    return kmText(try encoder.encode(value))
}

/// Every ordering of `elements`.
private func kmPermutations<Element>(_ elements: [Element]) -> [[Element]] {
    guard let first = elements.first else { return [[]] }
    return kmPermutations(Array(elements.dropFirst())).flatMap { rest in
        (0...rest.count).map { position in
            var ordering = rest
            ordering.insert(first, at: position)
            return ordering
        }
    }
}

/// The reference result: `value` merged in at `path` (objects member by member, `null` giving
/// way to members already there), the way every order must end up.
private func kmMerge(_ value: JSON, at path: ArraySlice<String>, into object: inout JSON.Object) {
    guard let key = path.first else { return }
    if path.count == 1 {
        switch (object[key], value) {
        case (.object(var existing)?, .object(let members)):
            for (name, member) in members { kmMerge(member, at: [name], into: &existing) }
            object[key] = .object(existing)
        case (.object?, .null):
            break
        default:
            object[key] = value
        }
        return
    }
    var nested = object[key]?.objectValue ?? JSON.Object()
    kmMerge(value, at: path.dropFirst(), into: &nested)
    object[key] = .object(nested)
}

@Suite("KeyedKey paths and their parent keys merge in any order")
struct KeyedKeyMergeTests {
    @Test("the issue's example, both declaration orders, through a decoded model")
    func issueExample() throws {
        let decoder = DynamicJSONDecoder()
        let input = Data(#"{"x":{"a":1,"c":2}}"#.utf8)
        let childFirst = try decoder.decode(KMChildFirst.self, from: input)
        #expect(childFirst == KMChildFirst(a: 1, b: KMInner(c: 2)))
        #expect(try kmEncode(childFirst) == #"{"x":{"a":1,"c":2}}"#)
        let parentFirst = try decoder.decode(KMParentFirst.self, from: input)
        #expect(try kmEncode(parentFirst) == #"{"x":{"c":2,"a":1}}"#)
        // The tree route and Foundation's encoder through `Keyed` give the same members.
        #expect(try DynamicJSONEncoder().encodeJSON(childFirst) == ["x": ["a": 1, "c": 2]])
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(kmText(try foundation.encode(Keyed(childFirst))) == #"{"x":{"a":1,"c":2}}"#)
        #expect(kmText(try foundation.encode(Keyed(parentFirst))) == #"{"x":{"a":1,"c":2}}"#)
    }

    @Test("three levels: every declaration order of grandchild, parent and child gives the same object")
    func threeLevelsEveryOrder() throws {
        let model = try DynamicJSONDecoder().decode(KMThreeLevels.self, from: Data(#"{"x":{"c":1,"y":{"c":2,"d":3}}}"#.utf8))
        #expect(model == KMThreeLevels(deep: 3, top: KMInner(c: 1), middle: KMInner(c: 2)))
        #expect(try kmEncode(model, sorted: true) == #"{"x":{"c":1,"y":{"c":2,"d":3}}}"#)
        let entries: [(path: String, value: JSON)] = [("x.y.d", 3), ("x", ["c": 1]), ("x.y", ["c": 2])]
        for ordering in kmPermutations(entries) {
            let text = try kmEncode(KMEntries(entries: ordering), sorted: true)
            #expect(text == #"{"x":{"c":1,"y":{"c":2,"d":3}}}"#, "order \(ordering.map(\.path))")
        }
    }

    @Test("a dynamic model as the parent's value keeps its document's other keys")
    func dynamicParentValue() throws {
        let input = #"{"x":{"a":1,"c":2,"extra":true},"other":[1]}"#
        let model = try DynamicJSONDecoder().decode(KMDynamicParent.self, from: Data(input.utf8))
        #expect(model.a == 1 && model.b.c == 2)
        #expect(try kmEncode(model) == input)
        var edited = model
        edited.a = 5
        edited.b.c = 6
        let output = try kmEncode(edited)
        #expect(output == #"{"x":{"a":5,"c":6,"extra":true},"other":[1]}"#)
        // Parent first: a path continues the nested model's output instead of dropping it.
        let entries = KMEntries(entries: [("x", ["c": 2, "extra": true]), ("x.a", 1)])
        #expect(try kmEncode(entries) == #"{"x":{"c":2,"extra":true,"a":1}}"#)
    }

    @Test("@Mapped paths merge with a @Mapped parent in both orders")
    func mappedPaths() throws {
        let input = Data(#"{"x":{"a":1,"c":2}}"#.utf8)
        let childFirst = try DynamicJSONDecoder().decode(KMMapped.self, from: input)
        #expect(childFirst.a == 1 && childFirst.b == KMInner(c: 2))
        #expect(try kmEncode(childFirst) == #"{"x":{"a":1,"c":2}}"#)
        let parentFirst = try DynamicJSONDecoder().decode(KMMappedParentFirst.self, from: input)
        #expect(try kmEncode(parentFirst) == #"{"x":{"c":2,"a":1}}"#)
    }

    @Test("null at the parent gives way to the members below it, in both orders")
    func nullParent() throws {
        let expected = #"{"x":{"a":1}}"#
        #expect(try kmEncode(KMEntries(entries: [("x.a", 1), ("x", nil)])) == expected)
        #expect(try kmEncode(KMEntries(entries: [("x", nil), ("x.a", 1)])) == expected)
    }

    @Test("a value that is not an object at the parent of a path is refused with its path, in both orders")
    func scalarParentIsRefused() throws {
        let cases: [(entries: [(path: String, value: JSON)], key: String, message: String)] = [
            (
                [("x.a", 1), ("x", 5)], "x",
                #"The value for "x" is not an object, but a key path has placed members inside it."#
            ),
            (
                [("x", 5), ("x.a", 1)], "x.a",
                #"The key path x.a goes through "x", which already holds a value that is not an object."#
            ),
            (
                [("x", [1, 2]), ("x.y.z", true)], "x.y.z",
                #"The key path x.y.z goes through "x", which already holds a value that is not an object."#
            ),
        ]
        for item in cases {
            do {
                _ = try kmEncode(KMEntries(entries: item.entries))
                Issue.record("\(item.entries.map(\.path)) encoded")
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.codingPath.map(\.stringValue) == [item.key])
                #expect(context.debugDescription == item.message)
            }
        }
    }

    @Test("a repeated key of a plain CodingKey container still replaces its value, as JSONEncoder does")
    func plainKeysStillReplace() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case x }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(["a": 1], forKey: .x)
                try container.encode(["c": 2], forKey: .x)
            }
        }
        #expect(try kmEncode(Twice()) == #"{"x":{"c":2}}"#)
        #expect(kmText(try JSONEncoder().encode(Twice())) == #"{"x":{"c":2}}"#)
    }

    @Test("random paths and parent values in random orders give the merged object", arguments: Array(UInt64(1)...8))
    func randomOrders(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let names = ["p", "q", "r"]
        for round in 0..<60 {
            // Paths up to three keys deep; a path that is a prefix of another holds an object
            // (or null), and object values use member names no path uses.
            var paths = Set<[String]>()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                paths.insert((0..<Int.random(in: 1...3, using: &random)).map { _ in names.randomElement(using: &random)! })
            }
            var entries: [(path: [String], value: JSON)] = []
            for path in paths.sorted(by: { $0.joined(separator: ".") < $1.joined(separator: ".") }) {
                let isParent = paths.contains { $0.count > path.count && Array($0.prefix(path.count)) == path }
                var members = JSON.Object()
                for name in ["m", "n"] where Bool.random(using: &random) { members[name] = .number(JSON.Number(Int.random(in: 0...99, using: &random))) }
                switch Int.random(in: 0..<4, using: &random) {
                case 0: entries.append((path, isParent ? nil : .string("leaf")))
                case 1 where !isParent: entries.append((path, .number(JSON.Number(Int.random(in: 0...9, using: &random)))))
                default: entries.append((path, .object(members)))
                }
            }
            var expected = JSON.Object()
            // Parents' own values first, then deeper paths: a merge that no order may change.
            for entry in entries.sorted(by: { $0.path.count < $1.path.count }) {
                kmMerge(entry.value, at: entry.path[...], into: &expected)
            }
            let expectedText = JSON.object(expected).serializedString(formatting: [.sortedKeys])
            for _ in 0..<4 {
                let ordering = entries.shuffled(using: &random).map { (path: $0.path.joined(separator: "."), value: $0.value) }
                let text = try kmEncode(KMEntries(entries: ordering), sorted: true)
                #expect(text == expectedText, "seed \(seed), round \(round), order \(ordering.map(\.path))")
            }
        }
    }
}
