import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// MARK: - Models

private struct EdgeIDModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
}

private struct EdgeUser: Codable {
    var name: String
}

private struct EdgeUserExtra: Codable {
    var nickname: String
}

/// Reads `user.nickname` with `<--`, which must not make `nickname` one of the model's keys.
private struct EdgeReadOnlyNested: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var user: EdgeUser
    @NotCoded var extra: EdgeUserExtra?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        extra <-- ds.user
    }
}

private struct EdgeMeta: Codable {
    var name: String?
}

/// Maps `meta` both ways with `<->`, which does make the keys it read the model's own.
private struct EdgeTwoWayNested: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var meta: EdgeMeta?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        meta <-> ds.meta
    }
}

private struct EdgeProfile: Codable {
    var a: Int
}

private struct EdgeProfileModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var profile: EdgeProfile?
}

private struct EdgeDuplicateModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var n: Int?
    var k: Int
}

private final class EdgeChild: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var nick: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        nick <-> ds.nick
    }
}

/// Calls the children's mapping from its own, as code migrated from the original
/// DynamicMapper does.
private struct EdgeParent: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var children: [EdgeChild]

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        children.dynamicMapping(mappingType: mappingType)
    }
}

/// Its encoding mapping encodes the model itself, which would nest without end.
private struct EdgeSelfEncoding: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .encoding else { return }
        ds.backup.set(self)
    }
}

/// Keeps a copy of its view from the decode mapping.
private struct EdgeSavingModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var saved: DynamicClass?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        if mappingType == .decoding { saved = ds }
    }
}

private struct EdgeFallbackChild: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var s: String
    var n: Double
}

/// A plain type whose `encode(to:)` writes into a nested container after that container was
/// closed (by encoding another member), which the streaming encoder cannot do in place.
private struct EdgeOutOfOrderWrapper: Encodable {
    var child: EdgeFallbackChild

    private enum Keys: String, CodingKey {
        case meta, first, second, child
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var early = container.nestedContainer(keyedBy: Keys.self, forKey: .meta)
        try early.encode(1, forKey: .first)
        try container.encode(child, forKey: .child)
        try early.encode(2, forKey: .second)
    }
}

private class EdgeBase: Codable {
    var id: Int
}

/// A subclass that adopts the dynamic protocols its superclass does not have.
private final class EdgeSub: EdgeBase, DynamicCodable {
    var dynamicSelf: DynamicClass?
    var extra: String

    private enum SubKeys: String, CodingKey {
        case extra
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SubKeys.self)
        extra = try container.decode(String.self, forKey: .extra)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SubKeys.self)
        try container.encode(extra, forKey: .extra)
        try super.encode(to: encoder)
    }
}

private struct EdgeBaseHolder: Encodable {
    var item: EdgeBase
    var items: [EdgeBase]
}

private struct EdgeConfiguredModel: DynamicDecodable, DecodableWithConfiguration {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var city: String?

    private enum CodingKeys: String, CodingKey {
        case name
    }

    init(from decoder: any Decoder) throws {
        try self.init(from: decoder, configuration: "")
    }

    init(from decoder: any Decoder, configuration: String) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name) + configuration
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        city <-- ds.address.city
    }
}

private enum EdgeSuffixProvider: DecodingConfigurationProviding {
    static var decodingConfiguration: String { "!" }
}

// MARK: - Helpers

private func edgeDecode<T: Decodable>(_ type: T.Type, _ text: String, configure: (DynamicJSONDecoder) -> Void = { _ in }) throws -> T {
    let decoder = DynamicJSONDecoder()
    configure(decoder)
    return try decoder.decode(T.self, from: Data(text.utf8))
}

/// The output of a `DynamicJSONEncoder`, or the error it threw as text (so that a failed
/// expectation shows what was produced).
private func edgeEncoded<T: Encodable>(_ value: T, configure: (DynamicJSONEncoder) -> Void = { _ in }) -> String {
    let encoder = DynamicJSONEncoder()
    configure(encoder)
    do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        return "error: \(error)"
    }
}

// MARK: - Tests

@Suite("Dynamic mapping: edge cases from review")
struct DynamicEdgeCaseTests {
    @Test("JSON5 NaN and 64-bit hex numbers: encoding throws by default, convertToString writes them, hex becomes decimal")
    func json5NonFiniteAndBigHex() throws {
        let input = "{id:1, ratio:NaN, big:0xFFFFFFFFFFFFFFFF}"
        let model = try edgeDecode(EdgeIDModel.self, input) { $0.allowsJSON5 = true }
        #expect(model.id == 1)

        let error = try #require(throws: EncodingError.self) { try DynamicJSONEncoder().encode(model) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected EncodingError.invalidValue, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("NaN"))

        let strings: (DynamicJSONEncoder) -> Void = {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        #expect(edgeEncoded(model, configure: strings) == #"{"id":1,"ratio":"nan","big":18446744073709551615}"#)

        let hex = try JSON(parsing: "0xFFFFFFFFFFFFFFFF", allowsJSON5: true)
        #expect(hex.numberValue?.literal == "18446744073709551615")
        // Past 64 bits no type holds it: a syntax error (JSON5HexTests).
        #expect(throws: DecodingError.self) { try JSON(parsing: "0x1FFFFFFFFFFFFFFFFF", allowsJSON5: true) }
    }

    @Test("<-- of a nested struct does not claim its keys: an unchanged re-encode gives the input")
    func readDoesNotClaimKeys() throws {
        let input = #"{"user":{"name":"a","nickname":"n"}}"#
        let model = try edgeDecode(EdgeReadOnlyNested.self, input)
        #expect(model.user.name == "a")
        #expect(model.extra?.nickname == "n")
        #expect(edgeEncoded(model) == input)
    }

    @Test("<-> claims the keys it read: a nil optional inside removes its key")
    func twoWayClaimsKeys() throws {
        var model = try edgeDecode(EdgeTwoWayNested.self, #"{"meta":{"name":"m","x":1}}"#)
        #expect(model.meta?.name == "m")
        #expect(edgeEncoded(model) == #"{"meta":{"name":"m","x":1}}"#)
        model.meta?.name = nil
        // `name` was read by `<->`, so it is the model's key: a nil value removes it.
        #expect(edgeEncoded(model) == #"{"meta":{"x":1}}"#)
    }

    @Test("a nil own property removes its key even after its object was edited through ds")
    func nilPropertyRemovesEditedKey() throws {
        var model = try edgeDecode(EdgeProfileModel.self, #"{"profile":{"a":1},"k":2}"#)
        model.ds.profile.x.set(1)
        #expect(edgeEncoded(model) == #"{"profile":{"a":1,"x":1},"k":2}"#)
        model.profile = nil
        #expect(edgeEncoded(model) == #"{"k":2}"#)
    }

    @Test("an ignored write (negative index before the start) changes nothing")
    func ignoredWritesChangeNothing() throws {
        let input = #"{"list":[1]}"#
        var ds = DynamicClass(try JSON(parsing: input))
        let before = JSON(ds)
        ds.nope.deeper[-1].set(0)
        ds.list[-9].set(0)
        #expect(JSON(ds) == before)
        #expect(ds.debugDescription == input)

        var model = try edgeDecode(EdgeProfileModel.self, input)
        let modelBefore = JSON(model.ds)
        model.ds.nope.deeper[-1].set(0)
        model.ds.list[-9].set(0)
        #expect(JSON(model.ds) == modelBefore)
        #expect(model.ds.debugDescription == input)
        #expect(edgeEncoded(model) == input)
    }

    @Test("duplicate keys: the first one is read; the model's write keeps only the first; nil removes all")
    func duplicateKeys() throws {
        let input = #"{"n":1,"n":2,"k":0}"#
        var model = try edgeDecode(EdgeDuplicateModel.self, input)
        #expect(model.n == 1)
        #expect(model.k == 0)
        // The model writes `n`, so its value goes to the first `n` (the one it read: first
        // wins) and the later duplicate, which no property holds, is dropped.
        #expect(edgeEncoded(model) == #"{"n":1,"k":0}"#)
        model.n = 5
        #expect(edgeEncoded(model) == #"{"n":5,"k":0}"#)
        model.n = nil
        #expect(edgeEncoded(model) == #"{"k":0}"#)
    }

    @Test("Array.dynamicMapping inside a parent's encoding mapping leaves class children alone")
    func arrayMappingInsideEncodingMapping() throws {
        let model = try edgeDecode(EdgeParent.self, #"{"children":[{"nick":"a"}]}"#)
        #expect(model.children[0].nick == "a")
        model.children[0].nick = "b"
        let first = edgeEncoded(model)
        let second = edgeEncoded(model)
        #expect(first == #"{"children":[{"nick":"b"}]}"#)
        #expect(second == #"{"children":[{"nick":"b"}]}"#)
        #expect(model.children[0].nick == "b")
    }

    @Test("a mapping that encodes its own model throws an EncodingError instead of overflowing the stack")
    func selfEncodingMappingThrows() throws {
        let decoded = try edgeDecode(EdgeSelfEncoding.self, #"{"id":1}"#)
        let error = try #require(throws: EncodingError.self) { try DynamicJSONEncoder().encode(decoded) }
        guard case .invalidValue = error else {
            Issue.record("expected EncodingError.invalidValue, got \(error)")
            return
        }
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encodeJSON(decoded) }
        let built = EdgeSelfEncoding(id: 2)
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(built) }
        #expect(decoded.ds.debugDescription == #"{"id":1}"#)
    }

    @Test("a view copied out of a decode mapping still reads after the decode, from concurrent tasks too")
    func savedViewReadsLater() async throws {
        let list = (0..<20).map(String.init).joined(separator: ",")
        let input = #"{"id":1,"a":5,"o":{"b":"t"},"list":["# + list + "]}"
        let model = try edgeDecode(EdgeSavingModel.self, input)
        let saved = try #require(model.saved)

        var x: Int? = nil
        x <-- saved.a
        #expect(x == 5)
        var b: String? = nil
        b <-- saved.o.b
        #expect(b == "t")

        let results = await withTaskGroup(of: (Int, Int?, Int?).self) { group in
            for index in 0..<20 {
                group.addTask {
                    var a: Int? = nil
                    a <-- saved.a
                    var element: Int? = nil
                    element <-- saved.list[index]
                    return (index, a, element)
                }
            }
            var all: [(Int, Int?, Int?)] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.0 < $1.0 }
        }
        #expect(results.count == 20)
        for (index, a, element) in results {
            #expect(a == 5)
            #expect(element == index)
        }
    }

    @Test("the tree fallback keeps a dynamic child's document bytes")
    func treeFallbackKeepsBytes() throws {
        let child = try edgeDecode(EdgeFallbackChild.self, #"{"id":1,"s":"caf\u00e9","n":1.10,"u":"caf\u00e9","m":1.10}"#)
        #expect(child.s == "café")
        #expect(child.n == 1.1)
        let wrapper = EdgeOutOfOrderWrapper(child: child)
        let expected = #"{"meta":{"first":1,"second":2},"child":{"id":1,"s":"caf\u00e9","n":1.10,"u":"caf\u00e9","m":1.10}}"#
        let output = edgeEncoded(wrapper)
        #expect(output == expected)
        #expect(output.contains(#"caf\u00e9"#))
        #expect(output.contains("1.10"))
        let json = try DynamicJSONEncoder().encodeJSON(wrapper)
        #expect(json == (try JSON(parsing: expected)))
        #expect(json == (try JSON(parsing: output)))
    }

    @Test("a dynamic subclass held as its non-dynamic superclass keeps its document's unknown keys")
    func dynamicSubclassBehindSuperclass() throws {
        let input = #"{"id":1,"u":"keep","extra":"e","v":[1.10]}"#
        let sub = try edgeDecode(EdgeSub.self, input)
        #expect(sub.id == 1 && sub.extra == "e")
        #expect(sub.dynamicSelf != nil)

        let base: EdgeBase = sub
        #expect(edgeEncoded(base) == input)
        let holder = EdgeBaseHolder(item: sub, items: [sub])
        #expect(edgeEncoded(holder) == #"{"item":"# + input + #","items":["# + input + "]}")
        #expect(try DynamicJSONEncoder().encodeJSON(holder) == (try JSON(parsing: #"{"item":"# + input + #","items":["# + input + "]}")))

        sub.extra = "f"
        let changed = #"{"id":1,"u":"keep","extra":"f","v":[1.10]}"#
        #expect(edgeEncoded(base) == changed)
        #expect(edgeEncoded(holder) == #"{"item":"# + changed + #","items":["# + changed + "]}")
    }

    @Test("ViewStep grammar: spaces in brackets, a quoted key with ], an unclosed [ and a lone dot")
    func viewStepGrammar() throws {
        var list = DynamicClass(try JSON(parsing: #"{"a":[0,10,20]}"#))
        #expect(list["a[ 1 ]"].debugDescription == "10")
        #expect(JSON(list["a[ 1 ]"]) == JSON(list.a[1]))
        list["a[ 1 ]"].set(11)
        #expect(list.debugDescription == #"{"a":[0,11,20]}"#)

        var escaped = DynamicClass(try JSON(parsing: #"{"a":{"x]y":1}}"#))
        #expect(escaped["a['x]y']"].debugDescription == "1")
        #expect(escaped["a.x\\]y"].debugDescription == "1")
        escaped["a['x]y']"].set(2)
        #expect(escaped.debugDescription == #"{"a":{"x]y":2}}"#)

        // An unclosed bracket is malformed: it reads missing and writes nothing; the key is
        // reached escaped or quoted.
        var unclosed = DynamicClass(try JSON(parsing: #"{"a[1":3,"a":[4,5]}"#))
        #expect(unclosed["a[1"].debugDescription == "<missing>")
        let refused = unclosed["a[1"].set(6)
        #expect(!refused)
        #expect(unclosed["a\\[1"].debugDescription == "3")
        unclosed["['a[1']"].set(6)
        #expect(unclosed.debugDescription == #"{"a[1":6,"a":[4,5]}"#)

        // The empty string is the root; an empty segment is the empty key, so "." is the
        // empty key of the empty key.
        let document = #"{"k":[1,{"m":null}],"":{"":5}}"#
        var root = DynamicClass(try JSON(parsing: document))
        #expect(root[""].debugDescription == document)
        #expect(root["."].debugDescription == "5")
        #expect(root[".k"].debugDescription == "<missing>")
        root[""].set(JSON.array([1]))
        #expect(root.debugDescription == "[1]")
    }

    @Test("decode(_:from:configuration:) of a top-level dynamic model runs its mapping")
    func decodeWithConfigurationRunsMapping() throws {
        let input = #"{"name":"Ada","address":{"city":"Oslo"}}"#
        let data = Data(input.utf8)
        let decoder = DynamicJSONDecoder()

        let direct = try decoder.decode(EdgeConfiguredModel.self, from: data, configuration: "?")
        #expect(direct.name == "Ada?")
        #expect(direct.city == "Oslo")
        #expect(direct.ds.debugDescription == input)

        let provided = try decoder.decode(EdgeConfiguredModel.self, from: data, configuration: EdgeSuffixProvider.self)
        #expect(provided.name == "Ada!")
        #expect(provided.city == "Oslo")

        let foundationTyped: JSONDecoder = decoder
        let viaBase = try foundationTyped.decode(EdgeConfiguredModel.self, from: data, configuration: "#")
        #expect(viaBase.name == "Ada#")
        #expect(viaBase.city == "Oslo")
    }
}
