import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport
import DynamicMapperOperators

// A decode started while a `@Mapped` model decodes (in a transformer, in a nested type's
// `init(from:)`), with JSONDecoder or with this package, reads its own input: the state that
// lets a model's properties find their object belongs to that one model's decode.

/// Reads the `name` of a model encoded as text, with `JSONDecoder` (which sees property names).
private struct ReNestedName: Transformer, Sendable {
    func decode(_ raw: String) throws -> String {
        try JSONDecoder().decode(ReOuter.self, from: Data(raw.utf8)).name
    }

    func encode(_ value: String) throws -> String { value }
}

private struct ReOuter: MappedCodable {
    @Mapped("n") var name: String
    @Mapped("inner", using: ReNestedName()) var nested: String
}

/// A plain type whose `init(from:)` decodes the model that holds it, from its own text.
private struct ReWrapper: Codable, Equatable {
    var name: String

    init(name: String) {
        self.name = name
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        name = try JSONDecoder().decode(ReHolder.self, from: Data(text.utf8)).name
    }
}

private struct ReHolder: MappedCodable {
    @Mapped("n") var name: String
    var wrapper: ReWrapper? = nil
}

/// The same, with this package's decoder inside: each nested decode has its own document.
private struct ReDynamicName: Transformer, Sendable {
    func decode(_ raw: String) throws -> String {
        guard raw.hasPrefix("{") else { return raw }
        let link = try DynamicJSONDecoder().decode(ReChain.self, from: Data(raw.utf8))
        return link.name + "/" + link.next
    }

    func encode(_ value: String) throws -> String { value }
}

private struct ReChain: MappedCodable {
    @Mapped("n") var name: String
    @Mapped("next", using: ReDynamicName()) var next: String
}

/// Counts `ReFirstUseOuter()` calls: the first learns its layout, the second receives the
/// decoded values and is the first to decode `ReFirstUseInner`, whose layout is learned there.
private final class ReFirstUseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var result: String?
    static let shared = ReFirstUseCounter()

    /// What the nested decode in the second call gave.
    var innerResult: String? { lock.withLock { result } }

    func touch() -> Int? {
        let call = lock.withLock {
            calls += 1; return calls
        }
        guard call == 2 else { return nil }
        let name: String
        do {
            name = try DynamicJSONDecoder().decode(ReFirstUseInner.self, from: Data(#"{"a":"inner"}"#.utf8)).a
        } catch {
            name = "failed: \(error)"
        }
        lock.withLock { result = name }
        return nil
    }
}

private struct ReFirstUseInner: MappedCodable {
    @Mapped("a") var a: String
}

private struct ReFirstUseOuter: MappedCodable {
    // Declared first, so that its initial value runs while `a`'s decoded value is still pending;
    // optional, so a document without it decodes.
    var probe: Int? = ReFirstUseCounter.shared.touch()
    @Mapped("a") var a: String

    init() {}

    /// The hand-written route: decoded wrappers are handed to the properties `init()` makes.
    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
    }
}

/// A transformer that decodes a model of the same type as the one it belongs to, with this
/// package's decoder and then with `JSONDecoder`, before the outer model reads its last
/// properties: the outer decode must still find its own object, layout and place in it.
private struct ReSameTypeName: Transformer, Sendable {
    func decode(_ raw: String) throws -> String {
        guard raw.hasPrefix("{") else { return raw }
        let data = Data(raw.utf8)
        let inner = try DynamicJSONDecoder().decode(ReSame.self, from: data)
        let plain = try JSONDecoder().decode(RePlain.self, from: data)
        return "\(inner.name)|\(inner.city)|\(inner.count)|\(plain.name)"
    }

    func encode(_ value: String) throws -> String { value }
}

private struct ReSame: MappedCodable {
    @Mapped("n") var name: String
    @Mapped("inner", using: ReSameTypeName()) var inner: String
    @Mapped("address.city", default: "nowhere") var city: String
    @Mapped("c", default: -1) var count: Int
}

/// Reads only property names, as `JSONDecoder` does.
private struct RePlain: MappedCodable {
    @Mapped var name: String = ""
}

/// The same declarations twice: filled by `init()` through `init(mappedFrom:)`, and built by
/// the synthesized `init(from:)`, whose declared wrappers must take no filling's values.
private struct ReFilledProfile: MappedCodable {
    @Mapped("n") var name: String
    @Mapped("c", default: 7) var count: Int
    @Mapped("t") var tag: String = "initial"

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
    }
}

private struct ReSynthesizedProfile: MappedCodable {
    @Mapped("n") var name: String
    @Mapped("c", default: 7) var count: Int
    @Mapped("t") var tag: String = "initial"
}

/// A hand-written `init(from:)` that decodes with other decoders between its properties.
private struct ReMidway: MappedCodable {
    @Mapped("first.name") var first: String
    @Mapped("inner", default: "") var inner: String
    @Mapped("last_name", default: "none") var last: String
    var innerDynamic = ""
    var innerFoundation = ""

    enum CodingKeys: String, CodingKey {
        case first, inner, last
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _first = try container.decode(Mapped<String>.self, forKey: .first)
        _inner = try container.decode(Mapped<String>.self, forKey: .inner)
        if inner.hasPrefix("{") {
            let data = Data(inner.utf8)
            let nested = try DynamicJSONDecoder().decode(ReMidway.self, from: data)
            innerDynamic = nested.first + "/" + nested.last
            innerFoundation = try JSONDecoder().decode(RePlain.self, from: data).name
        }
        _last = try container.decode(Mapped<String>.self, forKey: .last)
    }

    func encode(to encoder: any Encoder) throws {
        _ = try encodeMappedProperties(to: encoder)
    }
}

/// Upper-cases a name by decoding it, as a dynamic model with its own transformed reads.
private struct ReDynamicUpper: DecodingTransformer, Sendable {
    func decode(_ raw: String) throws -> String {
        guard raw.hasPrefix("{") else { return raw.uppercased() }
        let nested = try DynamicJSONDecoder().decode(ReDynamicModel.self, from: Data(raw.utf8))
        return "(" + (nested.label ?? "-") + ")"
    }
}

private struct ReDynamicModel: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var id: Int?
    @NotCoded var label: String?
    @NotCoded var other: String?

    enum CodingKeys: CodingKey {
        case id
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        label <-- ds.label.using(ReDynamicUpper())
        other <-- ds.other.using(ReDynamicUpper())
    }
}

@Suite("@Mapped decoding re-entrancy")
struct MappedReentrancyTests {
    @Test("JSONDecoder inside a transformer decodes its own text (issue case, self-recursive)")
    func foundationInsideTransformer() throws {
        let text = #"{"n": "outer", "inner": "{\"name\": \"inner\", \"nested\": \"x\"}"}"#
        let model = try DynamicJSONDecoder().decode(ReOuter.self, from: Data(text.utf8))
        #expect(model.name == "outer")
        #expect(model.nested == "inner")
    }

    @Test("JSONDecoder inside a nested plain type's init(from:) decodes its own text")
    func foundationInsideNestedType() throws {
        let text = #"{"n": "outer", "wrapper": "{\"name\": \"inner\"}"}"#
        let model = try DynamicJSONDecoder().decode(ReHolder.self, from: Data(text.utf8))
        #expect(model.name == "outer")
        #expect(model.wrapper == ReWrapper(name: "inner"))
    }

    @Test("A type's layout learned inside another model's init() takes none of its values")
    func layoutLearnedInsideFillingTakesNothing() throws {
        // ReFirstUseOuter's layout is learned first (call 1); its decode's own `Self()` is call 2,
        // where ReFirstUseInner is decoded for the first time and its `Self()` for the layout
        // has a wrapper of the same type and key as ReFirstUseOuter's pending one.
        let outer = try DynamicJSONDecoder().decode(ReFirstUseOuter.self, from: Data(#"{"a":"outer"}"#.utf8))
        #expect(outer.a == "outer")
        #expect(ReFirstUseCounter.shared.innerResult == "inner")
    }

    @Test("DynamicJSONDecoder nested three deep through transformers")
    func dynamicInsideTransformer() throws {
        let innermost = #"{"n": "c", "next": "end"}"#
        let middle = try String(decoding: JSONEncoder().encode(["n": "b", "next": innermost]), as: UTF8.self)
        let outer = try String(decoding: JSONEncoder().encode(["n": "a", "next": middle]), as: UTF8.self)
        let chain = try DynamicJSONDecoder().decode(ReChain.self, from: Data(outer.utf8))
        #expect(chain.name == "a")
        #expect(chain.next == "b/c/end")
    }

    @Test("A transformer decodes the same model type with both decoders; the outer keeps its keys, paths and defaults")
    func sameTypeInsideTransformer() throws {
        let inner = #"{"n": "in", "inner": "x", "address": {"city": "Oslo"}, "name": "plain"}"#
        let text = try String(decoding: JSONSerialization.data(withJSONObject: ["n": "out", "inner": inner, "c": 7]), as: UTF8.self)
        let model = try DynamicJSONDecoder().decode(ReSame.self, from: Data(text.utf8))
        #expect(model.name == "out")
        #expect(model.inner == "in|Oslo|-1|plain")
        #expect(model.city == "nowhere")
        #expect(model.count == 7)
    }

    @Test("A hand-written init(from:) decodes with DynamicJSONDecoder and JSONDecoder between its properties")
    func otherDecodersMidway() throws {
        let inner = #"{"first": {"name": "Ann"}, "last_name": "Lee", "name": "plain"}"#
        let text = try String(decoding: JSONSerialization.data(withJSONObject: ["first": ["name": "Bo"], "inner": inner]), as: UTF8.self)
        let model = try DynamicJSONDecoder().decode(ReMidway.self, from: Data(text.utf8))
        #expect(model.first == "Bo")
        #expect(model.last == "none")
        #expect(model.innerDynamic == "Ann/Lee")
        #expect(model.innerFoundation == "plain")
    }

    @Test("A property the hand-written init(from:) asks for after a nested decode still gets its error path")
    func errorAfterNestedDecode() throws {
        let inner = #"{"first": {"name": "Ann"}}"#
        let text = try String(decoding: JSONSerialization.data(withJSONObject: ["first": ["nope": 1], "inner": inner]), as: UTF8.self)
        do {
            _ = try DynamicJSONDecoder().decode(ReMidway.self, from: Data(text.utf8))
            Issue.record("decoded without first.name")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "name")
            #expect(context.codingPath.map(\.stringValue) == ["first"])
        }
    }

    @Test("A dynamic transformed read whose transformer runs a dynamic model with transformed reads")
    func dynamicTransformedReadInsideTransformer() throws {
        let nested = #"{"label": "deep", "other": "x"}"#
        let text = try String(decoding: JSONSerialization.data(withJSONObject: ["label": nested, "other": "flat"]), as: UTF8.self)
        let model = try DynamicJSONDecoder().decode(ReDynamicModel.self, from: Data(text.utf8))
        #expect(model.label == "(DEEP)")
        #expect(model.other == "FLAT")
    }

    @Test("Tasks filling models through init(mappedFrom:) run beside tasks decoding synthesized models; each gets its own values (seeded)")
    func concurrentFillingBesideSynthesized() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        // Arrays of a few models each: the synthesized ones make declared wrappers on one
        // thread while another thread's `init()` is being filled.
        let cases: [(text: String, expected: [String])] = (0..<300).map { index in
            var objects: [String] = []
            var expected: [String] = []
            for element in 0..<Int(1 + random.next() % 4) {
                let name = "m\(index)-\(element)-\(random.next() % 1000)"
                let count: Int? = random.next() % 2 == 0 ? Int(random.next() % 100) : nil
                let tag = "t\(random.next() % 50)"
                objects.append(#"{"n":"\#(name)","t":"\#(tag)""# + (count.map { #","c":\#($0)"# } ?? "") + "}")
                expected.append("\(name)|\(count ?? 7)|\(tag)")
            }
            return ("[" + objects.joined(separator: ",") + "]", expected)
        }
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for (index, item) in cases.enumerated() {
                let data = Data(item.text.utf8)
                group.addTask {
                    if index % 2 == 0 {
                        return (index, try DynamicJSONDecoder().decode([ReFilledProfile].self, from: data).map { "\($0.name)|\($0.count)|\($0.tag)" })
                    }
                    return (index, try DynamicJSONDecoder().decode([ReSynthesizedProfile].self, from: data).map { "\($0.name)|\($0.count)|\($0.tag)" })
                }
            }
            var results: [Int: [String]] = [:]
            for try await (index, values) in group { results[index] = values }
            return results
        }
        for (index, item) in cases.enumerated() {
            #expect(results[index] == item.expected, "seed \(seed), case \(index)")
        }
        // Outside any decode, a fresh model's wrappers are the declarations' own.
        let fresh = ReSynthesizedProfile()
        #expect(fresh.count == 7)
        #expect(fresh.tag == "initial")
    }

    @Test("Many tasks decode models with nested decoders at once, each getting its own values (seeded)")
    func concurrentNestedDecodes() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        let cases: [(text: String, name: String, inner: String, count: Int)] = try (0..<200).map { index in
            let innerName = "i\(random.next() % 1000)"
            let city = random.next() % 2 == 0 ? "c\(index)" : nil
            var innerObject: [String: Any] = ["n": innerName, "inner": "x", "name": "p\(index)"]
            if let city { innerObject["address"] = ["city": city] }
            let inner = try String(decoding: JSONSerialization.data(withJSONObject: innerObject), as: UTF8.self)
            let count = Int(random.next() % 100)
            let outer: [String: Any] = ["n": "o\(index)", "inner": inner, "c": count]
            let text = try String(decoding: JSONSerialization.data(withJSONObject: outer), as: UTF8.self)
            return (text, "o\(index)", "\(innerName)|\(city ?? "nowhere")|-1|p\(index)", count)
        }
        let results = try await withThrowingTaskGroup(of: (Int, String, String, Int).self) { group in
            for (index, item) in cases.enumerated() {
                let text = item.text
                group.addTask {
                    let model = try DynamicJSONDecoder().decode(ReSame.self, from: Data(text.utf8))
                    return (index, model.name, model.inner, model.count)
                }
            }
            var results: [Int: (String, String, Int)] = [:]
            for try await (index, name, inner, count) in group { results[index] = (name, inner, count) }
            return results
        }
        for (index, item) in cases.enumerated() {
            let result = results[index]
            #expect(result?.0 == item.name, "seed \(seed)")
            #expect(result?.1 == item.inner, "seed \(seed)")
            #expect(result?.2 == item.count, "seed \(seed)")
        }
    }
}
