import Testing
import Foundation
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

/// Arrays of non-scalar elements: two or more elements are decoded into storage reserved for
/// their count, shorter ones by `Array`'s own `init(from:)`. Both ways must give what
/// `JSONDecoder` gives, values and errors alike, at every length and nesting.
@Suite("Arrays of models, short and long, against JSONDecoder")
struct ArrayDecodingTests {
    struct Item: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]?
    }

    class Animal: Codable, Equatable {
        var name: String
        init(name: String) { self.name = name }
        static func == (lhs: Animal, rhs: Animal) -> Bool { type(of: lhs) == type(of: rhs) && lhs.name == rhs.name }
    }

    struct Shelter: Codable, Equatable {
        var pens: [[Item]]
        var maybe: [Item?]
        var byName: [String: [Item]]
        var animals: [Animal]
    }

    /// Random lengths (0 to 40, across the reserving threshold), nesting, `null` elements and,
    /// now and then, one element of the wrong shape: the same value or the same error (kind and
    /// path) as Foundation.
    @Test func randomArraysMatchFoundation() {
        for seed in UInt64(1)...150 {
            var random = SeededRandom(state: seed)
            let breaks = Int.random(in: 0..<4, using: &random) == 0
            let json = Self.shelter(random: &random, breaking: breaks)
            expectSameDecoding(Shelter.self, data: Data(json.utf8), note: "seed \(seed)", isEqual: ==)
            expectSameDecoding([Item].self, data: Data(Self.items(random: &random, breaking: breaks).utf8), note: "seed \(seed) top level", isEqual: ==)
        }
    }

    /// The error of a failing element names its index, in a long array as in a short one.
    @Test func failingElementNamesItsIndex() throws {
        for count in [1, 2, 3, 17, 64] {
            var elements = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
            elements[count - 1] = #"{"id": "wrong", "name": "x"}"#
            let data = Data(("[" + elements.joined(separator: ",") + "]").utf8)
            do {
                _ = try DynamicJSONDecoder().decode([Item].self, from: data)
                Issue.record("\(count) elements: decoded")
            } catch DecodingError.typeMismatch(_, let context) {
                #expect(renderedPath(context.codingPath) == "[\(count - 1)].id")
            }
        }
    }

    /// A long array of models decodes every element in order, and the result can grow as
    /// any array does (its storage is an ordinary array's).
    @Test func longArrayKeepsOrderAndGrows() throws {
        let json = "[" + (0..<1000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]"
        var items = try DynamicJSONDecoder().decode([Item].self, from: Data(json.utf8))
        #expect(items.count == 1000)
        #expect(items.map(\.id) == Array(0..<1000))
        items.append(Item(id: 1000, name: "new"))
        #expect(items.last?.name == "new")
    }

    final class Child: DynamicMappable {
        var dynamicSelf: DynamicClass?
        var name = ""
        var runs = 0
        required init() {}
        func mapping(_ map: DynamicMap) {
            name <-> ds.name
            if map.mappingType == .decoding { runs += 1 }
        }
    }

    final class Parent: DynamicMappable {
        var dynamicSelf: DynamicClass?
        var children: [Child] = []
        required init() {}
        func mapping(_ map: DynamicMap) {
            children <-> ds.children
            // The original DynamicMapper's line: inside a coder's run it must change nothing.
            children.dynamicMapping(mappingType: map.mappingType)
        }
    }

    /// An array of mappable models is decoded in one decoding run: every model's mapping runs
    /// once, and an `Array.dynamicMapping` line inside a mapping still does nothing, for the
    /// first element as for the rest, at the top level and nested.
    @Test func arraysOfMappableModelsMapEachModelOnce() throws {
        for count in [1, 2, 5] {
            let parent = #"{"children": [\#((0..<count).map { #"{"name": "c\#($0)"}"# }.joined(separator: ","))]}"#
            let json = "[" + Array(repeating: parent, count: count).joined(separator: ",") + "]"
            let parents = try DynamicJSONDecoder().decode([Parent].self, from: Data(json.utf8))
            #expect(parents.count == count)
            for parent in parents {
                #expect(parent.children.map(\.name) == (0..<count).map { "c\($0)" })
                #expect(parent.children.allSatisfy { $0.runs == 1 }, "\(count): \(parent.children.map(\.runs))")
            }
        }
    }

    private static func shelter(random: inout SeededRandom, breaking: Bool) -> String {
        let pens = (0..<Int.random(in: 1...4, using: &random)).map { pen in items(random: &random, breaking: breaking && pen == 0) }
        let maybe = (0..<Int.random(in: 0...20, using: &random)).map { index in
            Bool.random(using: &random) ? "null" : item(index, random: &random, breaking: false)
        }
        let byName = (0..<Int.random(in: 0...3, using: &random)).map { "\"k\($0)\": \(items(random: &random, breaking: false))" }
        let animals = (0..<Int.random(in: 0...20, using: &random)).map { #"{"name": "a\#($0)"}"# }
        return """
            {"pens": [\(pens.joined(separator: ","))], "maybe": [\(maybe.joined(separator: ","))],
             "byName": {\(byName.joined(separator: ","))}, "animals": [\(animals.joined(separator: ","))]}
            """
    }

    private static func items(random: inout SeededRandom, breaking: Bool) -> String {
        let count = Int.random(in: 0...40, using: &random)
        let broken = breaking && count > 0 ? Int.random(in: 0..<count, using: &random) : -1
        return "[" + (0..<count).map { item($0, random: &random, breaking: $0 == broken) }.joined(separator: ",") + "]"
    }

    private static func item(_ index: Int, random: inout SeededRandom, breaking: Bool) -> String {
        let tags = Bool.random(using: &random) ? #", "tags": ["a", "b"]"# : ""
        return breaking ? #"{"id": \#(index)}"# : #"{"id": \#(index), "name": "n\#(index)"\#(tags)}"#
    }
}
