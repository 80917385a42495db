import Foundation
import Testing
import DynamicMapper

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

    @Test("DynamicJSONDecoder nested three deep through transformers")
    func dynamicInsideTransformer() throws {
        let innermost = #"{"n": "c", "next": "end"}"#
        let middle = try String(decoding: JSONEncoder().encode(["n": "b", "next": innermost]), as: UTF8.self)
        let outer = try String(decoding: JSONEncoder().encode(["n": "a", "next": middle]), as: UTF8.self)
        let chain = try DynamicJSONDecoder().decode(ReChain.self, from: Data(outer.utf8))
        #expect(chain.name == "a")
        #expect(chain.next == "b/c/end")
    }
}
