import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

@Suite("Views by JSON Pointer")
struct ViewPointerTests {
    @Test func rfc6901ExamplesThroughAView() throws {
        let view = DynamicClass(JSONPointerTests.rfcDocument)
        let expected: [(String, JSON)] = [
            ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3),
            ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
        ]
        for (pointer, value) in expected {
            #expect(JSON(view[pointer: pointer]) == value, "\(pointer)")
        }
        #expect(JSON(view[pointer: "/foo/2"]) == nil)
        #expect(JSON(view[pointer: "/foo/-"]) == nil)
        #expect(JSON(view[pointer: "/foo/01"]) == nil)
    }

    @Test func tokensAreReadAgainstWhatTheyMeet() throws {
        var view = try DynamicClass(parsing: #"{"0": "key", "list": ["x", {"1": "deep"}], "-": "dash"}"#)
        #expect(JSON(view[pointer: "/0"]) == "key")
        #expect(JSON(view[pointer: "/list/1/1"]) == "deep")
        #expect(JSON(view[pointer: "/-"]) == "dash")
        #expect(JSON(view.list[pointer: "/0"]) == "x")
        let written = [view[pointer: "/list/-"].set("appended"), view[pointer: "/list/1/1"].set("changed"), view[pointer: "/0"].remove()]
        #expect(written == [true, true, true])
        #expect(JSON(view).serializedString() == #"{"list":["x",{"1":"changed"},"appended"],"-":"dash"}"#)
    }

    @Test func writesCreateWhatIsMissingAsPathsDo() {
        var view = DynamicClass()
        let written = [
            view[pointer: "/a/b~1c/0"].set(1), view[pointer: "/a/new/-"].set("x"),
            view[pointer: "/a/b~1c/2"].set(3), view[pointer: "/a/b~0c"].append(true),
        ]
        #expect(written == [true, true, true, true])
        #expect(JSON(view) == ["a": ["b/c": [1, nil, 3], "new": ["x"], "b~c": [true]]])
        // Out of reach, as for a path: refused, nothing written.
        let refused = view[pointer: "/a/b~1c/200000"].set(0)
        #expect(!refused)
        #expect(JSON(view[pointer: "/a/b~1c"]) == [1, nil, 3])
    }

    @Test func aMalformedPointerNamesNoPlace() {
        var view = DynamicClass(["a": [1]])
        for pointer in ["a", "/a~2", "/~", "#/a"] {
            #expect(JSON(view[pointer: pointer]) == nil, "\(pointer)")
            let written = [
                view[pointer: pointer].set(0), view[pointer: pointer].append(0), view[pointer: pointer].remove(),
                view.a[pointer: pointer].set(0),
            ]
            #expect(written == [false, false, false, false], "\(pointer)")
        }
        #expect(JSON(view) == ["a": [1]])
        #expect(JSON(view[pointer: ""]) == ["a": [1]])
    }

    @Test(arguments: Array(UInt64(1)...8))
    func pointerAndPathReachTheSamePlace(seed: UInt64) throws {
        // Every place a path reaches in a document, the pointer of that path reaches too, and
        // a write through either gives the same document.
        var random = SeededGenerator(state: TestSeed.value ^ seed)
        let document: JSON = ["a": ["b/c": [1, ["~": 2, "d": [3, 4]]], "0": "zero"], "list": [["x": 1], ["x": 2]]]
        let keys = ["a", "b/c", "~", "d", "0", "x", "list", "new"]
        let keysNotDigits = keys.filter { Int($0) == nil }
        for round in 0..<100 {
            var components: [Path.Component] = []
            var node: JSON? = document
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let step: Path.Component
                if case .array(let elements)? = node {
                    step = .index(Int.random(in: 0...(elements.count + 1), using: &random))
                } else if case .object? = node {
                    step = .key(keys.randomElement(using: &random)!)
                } else {
                    // Beyond what exists digits are an index for a pointer, and a path's key
                    // of digits stays a key: only other keys mean the same to both.
                    step = .key(keysNotDigits.randomElement(using: &random)!)
                }
                components.append(step)
                node = node.flatMap { current in
                    switch (current, step) {
                    case (.object(let object), .key(let key)): return object[key]
                    case (.array(let elements), .index(let index)): return index < elements.count ? elements[index] : nil
                    default: return nil
                    }
                }
            }
            let path = Path(components)
            let note = Comment(rawValue: "\(TestSeed.note), case \(seed), round \(round): \(path.pointer)")
            var byPath = DynamicClass(document)
            var byPointer = DynamicClass(document)
            #expect(JSON(byPointer[pointer: path.pointer]) == JSON(byPath[path]), note)
            let value = Int.random(in: 0...9, using: &random)
            #expect(byPointer[pointer: path.pointer].set(value) == byPath[path].set(value), note)
            #expect(JSON(byPointer) == JSON(byPath), note)
        }
    }
}
