import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Values built by patches respect the depth cap of parsed values (JSON.maximumNesting), and a
// patch may add only so many values (maximumAddedNodes); past either it fails atomically with
// a JSONPatchError naming the limit. Every JSON value reachable from input can be released,
// hashed, compared, diffed, merged, written and printed on a 512 KiB thread.

/// `/a` repeated `count` times.
private func chain(_ count: Int) throws -> Path {
    try Path(pointer: String(repeating: "/a", count: count))
}

/// `levels` nested arrays around a `0`.
private func arraysText(_ levels: Int) -> String {
    String(repeating: "[", count: levels) + "0" + String(repeating: "]", count: levels)
}

/// `levels` nested objects, each `{"k": …}`, around `leaf`.
private func objectsText(_ levels: Int, leaf: String = "0") -> String {
    String(repeating: #"{"k":"#, count: levels) + leaf + String(repeating: "}", count: levels)
}

private let smallStack = 512 * 1024

@Suite("Patch limits")
struct PatchLimitsTests {
    @Test("copying the document into itself stops at JSON.maximumNesting, atomically")
    func copyIntoItselfStopsAtTheNestingCap() throws {
        // Each copy doubles the nesting: 2, 4, …, 1,024 after nine copies, 2,048 at the tenth.
        var operations: [JSONPatch.Operation] = [.add(try chain(1), [:])]
        for copy in 1...15 { operations.append(.copy(from: .root, to: try chain(1 << copy))) }
        var json: JSON = [:]
        // A growth limit the document's 2,048 values stay within.
        let error = try #require(throws: JSONPatchError.self) { try json.apply(JSONPatch(operations), maximumAddedNodes: 100_000) }
        #expect(error.operationIndex == 10)
        #expect(error.operation == "copy")
        #expect(error.pointer == String(repeating: "/a", count: 1_024))
        #expect(error.reason == .nestingLimitExceeded(limit: JSON.maximumNesting))
        #expect(error.reason.description == "the value would nest arrays and objects more than 1024 deep (JSON.maximumNesting)")
        #expect(json == [:])

        // Nine copies reach exactly the cap, which a parser reads back.
        var deepest: JSON = [:]
        try deepest.apply(JSONPatch(Array(operations.prefix(10))), maximumAddedNodes: 100_000)
        let text = deepest.serializedString()
        #expect(text == String(repeating: #"{"a":"#, count: 1_023) + "{}" + String(repeating: "}", count: 1_023))
        #expect(try JSON(parsing: text, maximumDepth: 1_024) == deepest)
    }

    @Test("add, replace and a move to a deeper place are held to the nesting cap too")
    func everyOperationHoldsTheNestingCap() throws {
        func arrays(_ levels: Int) throws -> JSON { try JSON(parsing: arraysText(levels), maximumDepth: 1_024) }
        // `deep` nests 1,022 levels: 1,023 at `/deep`, 1,024 at `/x/deep`, 1,025 at `/x/y/deep`.
        var json: JSON = ["x": ["y": [:]], "deep": try arrays(1_022)]
        let before = json
        for operation in [
            JSONPatch.Operation.add(try Path(pointer: "/x/y/z"), try arrays(1_022)),
            .replace(try Path(pointer: "/x/y"), try arrays(1_023)),
            .move(from: try Path(pointer: "/deep"), to: try Path(pointer: "/x/y/deep")),
        ] {
            let error = try #require(throws: JSONPatchError.self) { try json.apply([operation]) }
            #expect(error.reason == .nestingLimitExceeded(limit: 1_024), "\(operation.name)")
            #expect(error.pointer == operation.path.pointer, "\(operation.name)")
            #expect(json == before)
        }
        // At the cap exactly: accepted.
        try json.apply([
            .add(try Path(pointer: "/x/y/z"), try arrays(1_021)),
            .move(from: try Path(pointer: "/deep"), to: try Path(pointer: "/x/deep")),
        ])
        #expect(json["x"]?["deep"] == (try arrays(1_022)))
        #expect(json["x"]?["y"]?["z"] == (try arrays(1_021)))
    }

    /// Foundation's decoder reaches each level of a patch value through `JSON.init(from:)`;
    /// past about 400 levels a 512 KiB thread ran out of stack and the process crashed. The
    /// initialiser now continues on a larger stack, so a value as deep as Foundation's parser
    /// allows (its limit is 512) decodes there, and deeper input is Foundation's error.
    @Test("a deep patch value read with JSONDecoder on a 512 KiB thread decodes, never crashes")
    func foundationDecoderOnASmallStack() {
        let outcome: [String] = onThread(stackSize: smallStack) {
            func body(_ levels: Int) -> Data {
                Data(#"[{"op":"add","path":"/a","value":\#(arraysText(levels))}]"#.utf8)
            }
            var results: [String] = []
            for levels in [500, 600] {
                do {
                    let patch = try JSONDecoder().decode(JSONPatch.self, from: body(levels))
                    var document: JSON = [:]
                    try document.apply(patch)
                    results.append(document["a"]?.serializedString() == arraysText(levels) ? "\(levels): applied" : "\(levels): wrong value")
                } catch is DecodingError {
                    results.append("\(levels): DecodingError")
                } catch {
                    results.append("\(levels): \(error)")
                }
            }
            return results
        }
        #expect(outcome == ["500: applied", "600: DecodingError"])
    }

    /// A pointer of more than JSON.maximumNesting + 1 tokens names nothing a patch can reach,
    /// so a body of `////…` is refused while being read, before it is split into tokens.
    @Test("a pointer deeper than any patch value is refused while the patch is read")
    func pointersDeeperThanTheCapAreRefused() throws {
        func body(_ pointer: String) -> Data {
            Data(#"[{"op":"add","path":"\#(pointer)","value":1}]"#.utf8)
        }
        let deepest = String(repeating: "/a", count: JSON.maximumNesting + 1)
        #expect(try DynamicJSONDecoder().decode(JSONPatch.self, from: body(deepest)).operations.count == 1)
        for pointer in [deepest + "/a", String(repeating: "/", count: 1_000_000)] {
            do {
                _ = try DynamicJSONDecoder().decode(JSONPatch.self, from: body(pointer))
                Issue.record("a pointer of \(pointer.utf8.count) bytes was read")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(Path(codingPath: context.codingPath).description == "[0].path")
                #expect(context.debugDescription.hasPrefix("JSON Pointer of \(pointer.utf8.filter { $0 == UInt8(ascii: "/") }.count) tokens"))
            }
        }
    }

    @Test("30 copies of the whole document fail fast at the default growth limit, atomically")
    func copiesStopAtTheGrowthLimit() throws {
        var operations: [JSONPatch.Operation] = []
        for copy in 0..<30 { operations.append(.copy(from: .root, to: try Path(pointer: "/c\(copy)"))) }
        var json: JSON = ["a": 1]
        // Default: 4 × (2 values in the document + 30 operations) + 1,024 = 1,152. The
        // document doubles with each copy (2, 4, 8, … values): the tenth would add 1,024 more
        // to the 1,022 already added.
        let error = try #require(throws: JSONPatchError.self) { try json.apply(JSONPatch(operations)) }
        #expect(error == JSONPatchError(operationIndex: 9, operation: "copy", pointer: "/c9", reason: .growthLimitExceeded(limit: 1_152)))
        #expect(error.description == #"operation 9 (copy) at "/c9": the patch would add more than 1152 values to the document (maximumAddedNodes)"#)
        #expect(json == ["a": 1])
    }

    @Test("maximumAddedNodes counts add, replace, copy and deeper moves; shallower moves and removals are free")
    func configuredGrowthLimit() throws {
        let base: JSON = ["list": [1, 2, 3], "box": [:]]
        // `[1, 2, 3]` is 4 values.
        var json = base
        try json.apply([.add(try Path(pointer: "/two"), [1, 2, 3])], maximumAddedNodes: 4)
        #expect(json["two"] == [1, 2, 3])
        for operation in [
            JSONPatch.Operation.add(try Path(pointer: "/two"), [1, 2, 3]),
            .replace(try Path(pointer: "/box"), [1, 2, 3]),
            .copy(from: try Path(pointer: "/list"), to: try Path(pointer: "/two")),
            .move(from: try Path(pointer: "/list"), to: try Path(pointer: "/box/list")),
        ] {
            var json = base
            let error = try #require(throws: JSONPatchError.self) { try json.apply([operation], maximumAddedNodes: 3) }
            #expect(error.reason == .growthLimitExceeded(limit: 3), "\(operation.name)")
            #expect(json == base)
        }
        var moved = base
        try moved.apply(
            [
                .move(from: try Path(pointer: "/list"), to: try Path(pointer: "/other")),
                .remove(try Path(pointer: "/box")),
                .test(try Path(pointer: "/other"), [1, 2, 3]),
            ], maximumAddedNodes: 0)
        #expect(moved == ["other": [1, 2, 3]])
        // `applying` takes the same limit.
        #expect(throws: JSONPatchError.self) { try base.applying([.add(try Path(pointer: "/x"), 1)], maximumAddedNodes: 0) }
    }

    @Test("random patches: every value a patch builds nests within the cap, and the limit holds")
    func randomCopiesAndMoves() throws {
        var random = SeededRandom(state: 2_905)
        for round in 0..<200 {
            var json: JSON = ["a": [:], "b": [1, [2]]]
            var operations: [JSONPatch.Operation] = []
            var paths = ["", "/a", "/b", "/b/1", "/a/a"]
            for step in 0..<Int.random(in: 1...12, using: &random) {
                let from = paths.randomElement(using: &random)!
                let target = paths.randomElement(using: &random)! + "/n\(step)"
                operations.append(
                    Bool.random(using: &random)
                        ? .copy(from: try Path(pointer: from), to: try Path(pointer: target))
                        : .move(from: try Path(pointer: from), to: try Path(pointer: target)))
                paths.append(target)
            }
            let limit = Int.random(in: 0...200, using: &random)
            let before = json
            do {
                try json.apply(JSONPatch(operations), maximumAddedNodes: limit)
                let text = json.serializedString()
                #expect(text.utf8.count < 64 * (limit + 10), "round \(round)")
                #expect(try JSON(parsing: text, maximumDepth: 1_024) == json, "round \(round)")
            } catch let error as JSONPatchError {
                #expect(json == before, "round \(round): \(error)")
            }
        }
    }

    // MARK: - Every operation on a deep value, on a 512 KiB thread

    @Test("values at JSON.maximumNesting: release, hash, ==, diffs, merges, writing and printing on a 512 KiB thread")
    func deepValuesOnASmallStack() {
        let outcome: [String] = onThread(stackSize: smallStack) {
            var results: [String] = []
            do {
                let arrays = try JSON(parsing: arraysText(1_024), maximumDepth: 1_024)
                let objects = try JSON(parsing: objectsText(1_024), maximumDepth: 1_024)
                let otherObjects = try JSON(parsing: objectsText(1_024, leaf: "1"), maximumDepth: 1_024)
                results.append(arrays.hashValue == (try JSON(parsing: arraysText(1_024), maximumDepth: 1_024)).hashValue ? "hash" : "hash differs")
                results.append(Set([objects, otherObjects, objects]).count == 2 ? "set" : "set wrong")
                results.append(objects != otherObjects ? "unequal" : "equal")
                let patch = JSON.jsonPatch(from: objects, to: otherObjects)
                results.append(patch.operations.count == 1 ? "diff" : "diff of \(patch.operations.count)")
                results.append(try objects.applying(patch) == otherObjects ? "applied" : "apply wrong")
                let merge = JSON.mergePatch(from: objects, to: otherObjects)
                results.append(merge == otherObjects ? "merge diff" : "merge diff wrong")
                results.append(objects.applying(mergePatch: merge) == otherObjects ? "merged" : "merge wrong")
                results.append(objects.description.count == 1_024 * 6 + 1 ? "description" : "description wrong")
                // As `JSONEncoder`, the encoder refuses output 512 containers deep or more.
                do {
                    _ = try DynamicJSONEncoder().encode(arrays)
                    results.append("encoded past 511 levels")
                } catch EncodingError.invalidValue {
                    let encoded = try DynamicJSONEncoder().encode(try JSON(parsing: arraysText(511)))
                    results.append(encoded == Data(arraysText(511).utf8) ? "encoded" : "encode wrong")
                }
                // Through Foundation's encoder too: its containers, opened without recursion.
                do {
                    _ = try JSONEncoder().encode(arrays)
                    results.append("JSONEncoder wrote past 511 levels")
                } catch EncodingError.invalidValue {
                    let written = try JSONEncoder().encode(try JSON(parsing: arraysText(511)))
                    results.append(written == Data(arraysText(511).utf8) ? "JSONEncoder" : "JSONEncoder wrong")
                }
                results.append(
                    try DynamicJSONDecoder().decode(JSONPatch.self, from: Data(#"[{"op":"add","path":"","value":\#(arraysText(500))}]"#.utf8)).operations.count
                        == 1 ? "patch decoded" : "patch wrong")
                let failure = JSONPatchError(operationIndex: 0, operation: "test", pointer: "", reason: .testFailed(actual: objects))
                results.append(failure.description.hasSuffix("0" + String(repeating: "}", count: 1_024)) ? "error printed" : "error wrong")
            } catch {
                results.append("\(error)")
            }
            return results
        }
        #expect(
            outcome == [
                "hash", "set", "unequal", "diff", "applied", "merge diff", "merged", "description", "encoded", "JSONEncoder", "patch decoded",
                "error printed",
            ])
    }
}
