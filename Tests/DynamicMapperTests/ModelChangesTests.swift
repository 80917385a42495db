import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

private struct ChangesAuthor: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    var tags: [String]
}

private struct ChangesStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var text: String
    var author: ChangesAuthor
    var ratio: Double?
    @NotCoded var city: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        city <-> ds.place.address.city
    }
}

@Suite("Changes of a decoded model")
struct ModelChangesTests {
    static let document = #"""
    {"id": 9007199254740993, "text": "hi", "ratio": 1.10, "unknown": {"kept": [1, 2]},
     "author": {"name": "Ada", "tags": ["a", "b"], "extra": true},
     "place": {"address": {"city": "London", "zip": "N1"}}}
    """#

    @Test func uneditedModelHasNoChanges() throws {
        let status = try ChangesStatus.decode(from: Self.document)
        #expect(try status.changes() == [:])
        #expect(try status.patchOperations().isEmpty)
    }

    @Test func ownPropertiesMappedPropertiesAndViewEditsTogether() throws {
        var status = try ChangesStatus.decode(from: Self.document)
        status.text = "hello"
        status.city = "Paris"
        status.ds.unknown.kept[1].set(3)
        status.ds.place.address.zip.remove()
        let changes = try status.changes().serializedString()
        #expect(changes
            == #"{"text":"hello","unknown":{"kept":[1,3]},"place":{"address":{"zip":null,"city":"Paris"}}}"#)
        let text = try patchText(status.patchOperations())
        #expect(text
            == #"[{"op":"replace","path":"/text","value":"hello"},{"op":"replace","path":"/unknown/kept/1","value":3},{"op":"remove","path":"/place/address/zip"},{"op":"replace","path":"/place/address/city","value":"Paris"}]"#)
    }

    @Test func nestedModelsAndArraysAtDepth() throws {
        var status = try ChangesStatus.decode(from: Self.document)
        status.author.tags.append("c")
        status.author.name = "Ada Lovelace"
        status.ratio = nil   // synthesized encoding leaves the key out: a removal
        let changes = try status.changes()
        #expect(changes == ["ratio": nil, "author": ["name": "Ada Lovelace", "tags": ["a", "b", "c"]]])
        let operations = try status.patchOperations()
        let text = try patchText(operations)
        #expect(text
            == #"[{"op":"remove","path":"/ratio"},{"op":"replace","path":"/author/name","value":"Ada Lovelace"},{"op":"add","path":"/author/tags/2","value":"c"}]"#)
        // Either body turns the stored document into what the model encodes now.
        let stored = try JSON(parsing: Self.document)
        let encoded = try status.encodedJSON()
        #expect(try stored.applying(operations) == encoded)
        #expect(stored.applying(mergePatch: changes) == encoded)
    }

    @Test func numberLiteralsAndUnknownKeysAreNoChange() throws {
        var status = try ChangesStatus.decode(from: Self.document)
        status.id = 9007199254740993
        status.ratio = 1.1
        #expect(try status.changes() == [:])
        status.id = 9007199254740992
        #expect(try status.changes().serializedString() == #"{"id":9007199254740992}"#)
    }

    @Test func aModelThatWasNotDecodedChangesEverything() throws {
        let fresh = ChangesAuthor(name: "Ada", tags: [])
        #expect(try fresh.changes() == ["name": "Ada", "tags": []])
        #expect(try fresh.patchOperations() == [.replace(.root, ["name": "Ada", "tags": []])])
    }
}
