import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

private func jpPointer(_ text: String) -> Path {
    // A malformed test pointer becomes a key no document holds, so the expectations that use it fail.
    (try? Path(pointer: text)) ?? Path([.key("<malformed \(text)>")])
}

/// A patch's JSON text, slashes unescaped so that pointers read as written.
func patchText(_ patch: JSONPatch) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    return try patch.encodedString(using: encoder)
}

@Suite("JSON Patch (RFC 6902)")
struct JSONPatchTests {
    /// Runs every record of one json-patch-tests file; returns how many ran.
    private func runCorpus(_ file: String) throws -> Int {
        let records = try JSON(parsing: SharedData.data("json-patch-tests/\(file)"))
        var ran = 0
        for (position, record) in (records.arrayValue ?? []).enumerated() {
            if record["disabled"] == .bool(true) { continue }
            ran += 1
            let label = "\(file)[\(position)] \(record["comment"]?.stringValue ?? "")"
            let document = try #require(record["doc"], Comment(rawValue: label))
            let patchJSON = try #require(record["patch"], Comment(rawValue: label))
            var target = document
            if let expectedError = record["error"] {
                #expect(throws: (any Error).self, Comment(rawValue: "\(label): \(expectedError)")) {
                    try target.apply(JSONPatch.decode(from: patchJSON))
                }
                #expect(target == document, Comment(rawValue: label))
            } else {
                try target.apply(JSONPatch.decode(from: patchJSON))
                #expect(target == (record["expected"] ?? document), Comment(rawValue: label))
            }
        }
        return ran
    }

    @Test func jsonPatchTestsCorpus() throws {
        guard SharedData.isAvailable else {
            print(SharedData.missingMessage)
            return
        }
        // 95 records, 3 disabled; 17 records, 1 disabled.
        #expect(try runCorpus("tests.json") == 92)
        #expect(try runCorpus("spec_tests.json") == 16)
    }

    @Test func appliesEveryOperation() throws {
        var json: JSON = ["name": "Ada", "tags": ["a"], "meta": ["v": 1]]
        try json.apply([
            .test(jpPointer("/name"), "Ada"),
            .add(jpPointer("/tags/-"), "b"),
            .add(jpPointer("/tags/0"), "first"),
            .replace(jpPointer("/meta/v"), 2),
            .copy(from: jpPointer("/meta"), to: jpPointer("/copy")),
            .move(from: jpPointer("/name"), to: jpPointer("/fullName")),
            .remove(jpPointer("/tags/1")),
        ])
        #expect(json.serializedString() == #"{"tags":["first","b"],"meta":{"v":2},"copy":{"v":2},"fullName":"Ada"}"#)
    }

    @Test func tokensMeanWhatTheTargetNeeds() throws {
        // `.index(0)` against an object is the key "0"; `.key("1")` against an array is element 1.
        var json: JSON = ["0": "zero", "list": [10, 20]]
        try json.apply([.replace(Path([.index(0)]), "nil"), .replace(Path([.key("list"), .key("1")]), 21)])
        #expect(json == ["0": "nil", "list": [10, 21]])
        #expect(throws: JSONPatchError(operationIndex: 0, operation: "remove", pointer: "/list/-1", reason: .invalidIndex("-1", count: 2))) {
            try json.apply([.remove(Path([.key("list"), .index(-1)]))])
        }
    }

    @Test func failuresNameOperationPointerAndReasonAndChangeNothing() throws {
        let original: JSON = ["a": ["b": 1], "list": [1, 2, 3], "s": "x"]
        let cases: [(JSONPatch, JSONPatchError)] = [
            (
                [.add(jpPointer("/z"), 1), .remove(jpPointer("/list/7"))],
                JSONPatchError(operationIndex: 1, operation: "remove", pointer: "/list/7", reason: .invalidIndex("7", count: 3))
            ),
            (
                [.add(jpPointer("/x/y"), 1)],
                JSONPatchError(operationIndex: 0, operation: "add", pointer: "/x/y", reason: .noValue(at: "/x"))
            ),
            (
                [.replace(jpPointer("/s/t"), 1)],
                JSONPatchError(operationIndex: 0, operation: "replace", pointer: "/s/t", reason: .notAContainer(at: "/s"))
            ),
            (
                [.add(jpPointer("/s/t"), 1)],
                JSONPatchError(operationIndex: 0, operation: "add", pointer: "/s/t", reason: .notAContainer(at: "/s"))
            ),
            (
                [.test(jpPointer("/a/b"), "1")],
                JSONPatchError(operationIndex: 0, operation: "test", pointer: "/a/b", reason: .testFailed(actual: 1))
            ),
            (
                [.move(from: jpPointer("/a"), to: jpPointer("/a/b/c"))],
                JSONPatchError(operationIndex: 0, operation: "move", pointer: "/a/b/c", reason: .moveIntoDescendant(from: "/a"))
            ),
            (
                [.copy(from: jpPointer("/nope"), to: jpPointer("/a"))],
                JSONPatchError(operationIndex: 0, operation: "copy", pointer: "/nope", reason: .noValue(at: "/nope"))
            ),
            (
                [.remove(.root)],
                JSONPatchError(operationIndex: 0, operation: "remove", pointer: "", reason: .removesRoot)
            ),
            (
                [.add(jpPointer("/list/01"), 0)],
                JSONPatchError(operationIndex: 0, operation: "add", pointer: "/list/01", reason: .invalidIndex("01", count: 3))
            ),
        ]
        for (patch, error) in cases {
            var json = original
            #expect(throws: error) { try json.apply(patch) }
            #expect(json == original)
        }
        #expect(cases[0].1.description == #"operation 1 (remove) at "/list/7": index 7 is out of range for an array of 3 elements"#)
        #expect(cases[8].1.reason.description == #""01" is not an array index (digits without a leading zero)"#)
    }

    @Test func moveOntoItselfAndRootOperations() throws {
        var json: JSON = ["a": [1]]
        try json.apply([.move(from: jpPointer("/a"), to: jpPointer("/a"))])
        #expect(json == ["a": [1]])
        try json.apply([.replace(.root, [1, 2]), .add(jpPointer("/1"), "x"), .test(.root, [1, "x", 2])])
        #expect(json == [1, "x", 2])
        try json.apply([.add(.root, "whole")])
        #expect(json == "whole")
    }

    @Test func codableRoundTripOfTheStandardArray() throws {
        let text =
            #"[{"op":"add","path":"/a~1b","value":null},{"op":"remove","path":"/x/0"},{"op":"replace","path":"","value":{"k":[1.10]}},{"op":"move","path":"/m","from":"/n"},{"op":"copy","path":"/c","from":"/d/-"},{"op":"test","path":"/t","value":"v"}]"#
        let patch = try JSONPatch.decode(from: text)
        #expect(
            patch == [
                .add(jpPointer("/a~1b"), nil), .remove(jpPointer("/x/0")), .replace(.root, ["k": [1.10]]),
                .move(from: jpPointer("/n"), to: jpPointer("/m")), .copy(from: jpPointer("/d/-"), to: jpPointer("/c")), .test(jpPointer("/t"), "v"),
            ])
        #expect(try patchText(patch) == text)
        #expect(try JSONDecoder().decode(JSONPatch.self, from: JSONEncoder().encode(patch)) == patch)
    }

    @Test func malformedPatchDocumentsAreDecodingErrorsAtTheOperation() throws {
        func failure(_ text: String) -> (path: String, description: String)? {
            do {
                _ = try JSONPatch.decode(from: text)
                return nil
            } catch let error as DecodingError {
                switch error {
                case .keyNotFound(let key, let context):
                    return (Path(codingPath: context.codingPath + [key]).description, context.debugDescription)
                case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                    return (Path(codingPath: context.codingPath).description, context.debugDescription)
                @unknown default:
                    return nil
                }
            } catch {
                return nil
            }
        }
        #expect(failure(#"{"op":"add"}"#)?.path == "")
        #expect(
            failure(#"[{"op":"add","path":"/a","value":1},{"op":"spam","path":"/a"}]"#)?.description
                == "Unknown JSON Patch operation 'spam' (expected add, remove, replace, move, copy or test)")
        #expect(failure(#"[{"op":"add","path":"/a","value":1},{"op":"spam","path":"/a"}]"#)?.path == "[1].op")
        #expect(failure(#"[{"op":"add","path":"/a"}]"#)?.path == "[0].value")
        #expect(failure(#"[{"op":"move","path":"/a"}]"#)?.path == "[0].from")
        #expect(failure(#"[{"op":"remove"}]"#)?.path == "[0].path")
        #expect(failure(#"[{"op":"remove","path":null}]"#)?.path == "[0].path")
        let pointer = try #require(failure(#"[{"op":"remove","path":"a~2"}]"#))
        #expect(pointer.path == "[0].path")
        #expect(pointer.description == "Malformed JSON Pointer")
    }

    @Test func dynamicClassAppliesPatches() throws {
        var view = DynamicClass(["tags": ["a"], "b": 2])
        try view.apply([.add(jpPointer("/tags/-"), "b")])
        view.apply(mergePatch: ["b": nil, "c": 3])
        #expect(JSON(view) == ["tags": ["a", "b"], "c": 3])
        #expect(throws: JSONPatchError.self) { try view.apply([.remove(jpPointer("/zzz"))]) }
        #expect(JSON(view) == ["tags": ["a", "b"], "c": 3])
    }
}
