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

private struct ChangesReadmeStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: UInt64
    var text: String
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
        #expect(try status.mergePatch() == [:])
        #expect(try status.jsonPatch().isEmpty)
    }

    /// The encoder never writes a model's `"dynamicSelf"` key, so a document that has one
    /// must not make an unedited model ask to delete it (found by the `ModelChanges` fuzz target).
    @Test func aDynamicSelfMemberIsNoChange() throws {
        let document = #"{"id": 1, "text": "hi", "dynamicSelf": {"x": 1}, "author": {"name": "Ada", "tags": []}}"#
        var status = try ChangesStatus.decode(from: document)
        #expect(try status.mergePatch() == [:])
        #expect(try status.jsonPatch().isEmpty)
        status.text = "bye"
        #expect(try status.mergePatch() == ["text": "bye"])
        #expect(try status.jsonPatch() == [.replace(Path(pointer: "/text"), "bye")])
    }

    @Test func ownPropertiesMappedPropertiesAndViewEditsTogether() throws {
        var status = try ChangesStatus.decode(from: Self.document)
        status.text = "hello"
        status.city = "Paris"
        status.ds.unknown.kept[1].set(3)
        status.ds.place.address.zip.remove()
        let changes = try status.mergePatch().serializedString()
        #expect(
            changes
                == #"{"text":"hello","unknown":{"kept":[1,3]},"place":{"address":{"zip":null,"city":"Paris"}}}"#)
        let text = try patchText(status.jsonPatch())
        #expect(
            text
                == #"[{"op":"replace","path":"/text","value":"hello"},{"op":"replace","path":"/unknown/kept/1","value":3},{"op":"remove","path":"/place/address/zip"},{"op":"replace","path":"/place/address/city","value":"Paris"}]"#
        )
    }

    @Test func nestedModelsAndArraysAtDepth() throws {
        var status = try ChangesStatus.decode(from: Self.document)
        status.author.tags.append("c")
        status.author.name = "Ada Lovelace"
        status.ratio = nil // synthesized encoding leaves the key out: a removal
        let changes = try status.mergePatch()
        #expect(changes == ["ratio": nil, "author": ["name": "Ada Lovelace", "tags": ["a", "b", "c"]]])
        let operations = try status.jsonPatch()
        let text = try patchText(operations)
        #expect(
            text
                == #"[{"op":"remove","path":"/ratio"},{"op":"replace","path":"/author/name","value":"Ada Lovelace"},{"op":"add","path":"/author/tags/2","value":"c"}]"#
        )
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
        #expect(try status.mergePatch() == [:])
        status.id = 9007199254740992
        #expect(try status.mergePatch().serializedString() == #"{"id":9007199254740992}"#)
    }

    @Test func aModelThatWasNotDecodedChangesEverything() throws {
        let fresh = ChangesAuthor(name: "Ada", tags: [])
        #expect(try fresh.mergePatch() == ["name": "Ada", "tags": []])
        #expect(try fresh.jsonPatch() == [.replace(.root, ["name": "Ada", "tags": []])])
    }

    @Test func readmeTour() throws {
        let data = Data(#"{"id": 1, "text": "hi", "user": {"name": "Ada"}}"#.utf8)
        var status = try DynamicJSONDecoder().decode(ChangesReadmeStatus.self, from: data)
        status.text = "edited"
        status.ds.user.location.set("Paris")
        let mergeBody = try status.mergePatch().serializedString()
        #expect(mergeBody == #"{"text":"edited","user":{"location":"Paris"}}"#)
        let patchBody = try patchText(status.jsonPatch())
        #expect(patchBody == #"[{"op":"replace","path":"/text","value":"edited"},{"op":"add","path":"/user/location","value":"Paris"}]"#)
        var document = try JSON(parsing: #"{"tags": ["a", "b", "c"]}"#)
        let patch = try JSONPatch.decode(
            from: #"[{"op":"test","path":"/tags/0","value":"a"},{"op":"add","path":"/tags/-","value":"d"},{"op":"remove","path":"/tags/7"}]"#)
        #expect(throws: JSONPatchError.self) { try document.apply(patch) }
        do {
            try document.apply(patch)
        } catch {
            #expect("\(error)" == #"operation 2 (remove) at "/tags/7": index 7 is out of range for an array of 4 elements"#)
        }
    }
}
