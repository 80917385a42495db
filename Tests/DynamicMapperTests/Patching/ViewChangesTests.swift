import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

private struct VCStatus: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var text: String
}

@Suite("Changes of a view")
struct ViewChangesTests {
    static let document = #"""
        {"id": 9007199254740993, "text": "hi", "ratio": 1.10, "user": {"name": "Ada", "tags": ["a", "b"]}, "draft": true}
        """#

    @Test func parsedViewTellsItsEdits() throws {
        var view = try DynamicClass(parsing: Self.document)
        #expect(view.mergePatch() == [:])
        #expect(view.jsonPatch().isEmpty)
        view.user.name.set("Ada Lovelace")
        view.user.tags.append("c")
        view.draft.remove()
        view.user.bio.set(nil)
        #expect(view.mergePatch().serializedString() == #"{"draft":null,"user":{"name":"Ada Lovelace","tags":["a","b","c"],"bio":null}}"#)
        #expect(
            try patchText(view.jsonPatch())
                == #"[{"op":"remove","path":"/draft"},{"op":"replace","path":"/user/name","value":"Ada Lovelace"},{"op":"add","path":"/user/tags/2","value":"c"},{"op":"add","path":"/user/bio","value":null}]"#
        )
        let original = try JSON(parsing: Self.document)
        #expect(try original.applying(view.jsonPatch()) == JSON(view))
    }

    @Test func numberLiteralsAndRewritesOfTheSameValueAreNoChange() throws {
        var view = try DynamicClass(parsing: Self.document)
        view.ratio.set(1.1)
        view.id.set(try JSON(parsing: "9007199254740993"))
        view.user.set(JSON(view.user) ?? .null)
        #expect(view.mergePatch() == [:])
        #expect(view.jsonPatch().isEmpty)
    }

    @Test func everyWayOfMakingAView() throws {
        let data = Data(Self.document.utf8)
        var decoded = try DynamicJSONDecoder().decode(DynamicClass.self, from: data)
        var foundation = try JSONDecoder().decode(DynamicClass.self, from: data)
        var built = DynamicClass(["id": 1])
        var empty = DynamicClass()
        for view in [decoded, foundation, built, empty] {
            #expect(view.mergePatch() == [:])
        }
        decoded.text.set("x")
        foundation.text.set("x")
        built.text.set("x")
        empty.text.set("x")
        for view in [decoded, foundation, built, empty] {
            #expect(view.mergePatch() == ["text": "x"])
        }
        #expect(empty.jsonPatch() == [.add(try Path(pointer: "/text"), "x")])
        #expect(built.jsonPatch() == [.add(try Path(pointer: "/text"), "x")])
        // Replacing the whole document is still measured against the one the view came from.
        built.set(["id": 2] as JSON)
        #expect(built.mergePatch() == ["id": 2])
    }

    @Test func aCopyOfAModelsViewTellsOnlyItsOwnEdits() throws {
        var status = try VCStatus.decode(from: Self.document)
        status.text = "edited"
        var view = status.ds
        #expect(view.mergePatch() == [:])
        view.user.tags[0].set("z")
        #expect(view.mergePatch() == ["user": ["tags": ["z", "b"]]])
        #expect(try patchText(view.jsonPatch()) == #"[{"op":"replace","path":"/user/tags/0","value":"z"}]"#)
        // The model's own body has both.
        status.ds = view
        #expect(try status.mergePatch() == ["text": "edited", "user": ["tags": ["z", "b"]]])
    }

    @Test func appliedPatchesAreChanges() throws {
        var view = try DynamicClass(parsing: Self.document)
        let incoming: JSONPatch = try JSONPatch.decode(
            from: #"[{"op":"move","from":"/draft","path":"/published"},{"op":"add","path":"/user/tags/0","value":"first"}]"#)
        try view.apply(incoming)
        view.apply(mergePatch: ["ratio": nil])
        #expect(
            view.mergePatch().serializedString()
                == #"{"ratio":null,"draft":null,"user":{"tags":["first","a","b"]},"published":true}"#)
        let original = try JSON(parsing: Self.document)
        #expect(try original.applying(view.jsonPatch()) == JSON(view))
        #expect(original.applying(mergePatch: view.mergePatch()) == JSON(view))
    }

    @Test(arguments: Array(UInt64(1)...8))
    func randomEditsOfAViewAreItsChanges(seed: UInt64) throws {
        var random = SeededGenerator(state: TestSeed.value ^ seed)
        let keys = ["a", "b", "0", "a/b", "~"]
        for round in 0..<80 {
            let original: JSON = [
                "a": ["b": [1, "x", ["0": nil]], "n": 1.10],
                "list": [1, 2, 3],
                "~": ["a/b": true],
            ]
            var view = try DynamicClass(parsing: original.serializedString())
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                var path: [Path.Component] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    path.append(Bool.random(using: &random) ? .key(keys.randomElement(using: &random)!) : .index(Int.random(in: -2...3, using: &random)))
                }
                switch Int.random(in: 0..<4, using: &random) {
                case 0: view[Path(path)].remove()
                case 1: view[Path(path)].set(Int.random(in: 0...9, using: &random))
                case 2: view[Path(path)].set(nil)
                default: view[Path(path)].append("e")
                }
            }
            let note = Comment(rawValue: "\(TestSeed.note), case \(seed), round \(round): \(view.debugDescription)")
            #expect(try original.applying(view.jsonPatch()) == JSON(view), note)
            #expect(JSON.jsonPatch(from: JSON(view), to: JSON(view)).isEmpty, note)
            #expect(view.mergePatch() == JSON.mergePatch(from: original, to: JSON(view)), note)
        }
    }
}
