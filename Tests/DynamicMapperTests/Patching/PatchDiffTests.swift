import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

/// Random documents, and random edits of them, for the diff properties.
private struct DiffDocuments {
    var random: SeededGenerator
    /// Whether objects may hold `null` members (a merge patch cannot write those).
    var nullMembers: Bool

    static let keys = ["a", "b", "0", "1", "-", "~", "/", "a/b", "~1", "", "é", "list"]

    mutating func value(depth: Int, allowNull: Bool = true) -> JSON {
        switch Int.random(in: (allowNull ? 0 : 1)..<(depth >= 4 ? 5 : 8), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSON.Number(Int.random(in: -5...5, using: &random)))
        case 3: return .number(JSON.Number(literal: ["1.10", "1e2", "-0.5"].randomElement(using: &random)!)!)
        case 4: return .string(["", "x", "y", "~/"].randomElement(using: &random)!)
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                object[Self.keys.randomElement(using: &random)!] = value(depth: depth + 1, allowNull: nullMembers)
            }
            return .object(object)
        }
    }

    /// `json` with a few changes at random places: values replaced, members added or
    /// removed, elements appended or dropped.
    mutating func edited(_ json: JSON, depth: Int = 0) -> JSON {
        if Int.random(in: 0..<6, using: &random) == 0 { return value(depth: depth, allowNull: nullMembers || depth == 0) }
        switch json {
        case .object(var object):
            for key in object.keys where Int.random(in: 0..<3, using: &random) == 0 {
                if Bool.random(using: &random) {
                    object[key] = nil
                } else {
                    object[key] = edited(object[key] ?? .null, depth: depth + 1)
                }
            }
            if Bool.random(using: &random) {
                object[Self.keys.randomElement(using: &random)!] = value(depth: depth + 1, allowNull: nullMembers)
            }
            return .object(object)
        case .array(var elements):
            for index in elements.indices where Int.random(in: 0..<3, using: &random) == 0 {
                elements[index] = edited(elements[index], depth: depth + 1)
            }
            if !elements.isEmpty, Bool.random(using: &random) { elements.removeLast(Int.random(in: 1...elements.count, using: &random)) }
            if Bool.random(using: &random) { elements.append(value(depth: depth + 1)) }
            return .array(elements)
        default:
            return json
        }
    }
}

@Suite("Diffs as patches")
struct PatchDiffTests {
    @Test func jsonPatchDiffExample() throws {
        let old: JSON = ["name": "Ada", "tags": ["a", "b", "c"], "draft": true]
        let new: JSON = ["name": "Ada Lovelace", "tags": ["a", "x"]]
        let patch = JSON.jsonPatch(from: old, to: new)
        #expect(
            try patchText(patch)
                == #"[{"op":"remove","path":"/draft"},{"op":"replace","path":"/name","value":"Ada Lovelace"},{"op":"replace","path":"/tags/1","value":"x"},{"op":"remove","path":"/tags/2"}]"#
        )
        #expect(try old.applying(patch) == new)
        #expect(JSON.jsonPatch(from: new, to: new).isEmpty)
        #expect(
            try patchText(JSON.jsonPatch(from: ["l": [1]], to: ["l": [1, 2, 3], "a/b": nil]))
                == #"[{"op":"add","path":"/l/1","value":2},{"op":"add","path":"/l/2","value":3},{"op":"add","path":"/a~1b","value":null}]"#)
        #expect(JSON.jsonPatch(from: [1], to: ["k": 1]) == [.replace(.root, ["k": 1])])
    }

    @Test(arguments: Array(UInt64(1)...16))
    func jsonPatchDiffTurnsOldIntoNew(seed: UInt64) throws {
        var documents = DiffDocuments(random: SeededGenerator(state: seed), nullMembers: true)
        for round in 0..<60 {
            let old = documents.value(depth: 0)
            let new = documents.edited(old)
            let patch = JSON.jsonPatch(from: old, to: new)
            #expect(try old.applying(patch) == new, "seed \(seed), round \(round): \(old) -> \(new)")
            // Through its text, as a client would send it.
            #expect(try JSONPatch.decode(from: patch.encodedString()) == patch, "seed \(seed), round \(round)")
            #expect(JSON.jsonPatch(from: new, to: new).isEmpty, "seed \(seed), round \(round)")
        }
    }

    @Test(arguments: Array(UInt64(1)...16))
    func mergePatchDiffTurnsOldIntoNew(seed: UInt64) {
        var documents = DiffDocuments(random: SeededGenerator(state: seed), nullMembers: false)
        for round in 0..<60 {
            let old = documents.value(depth: 0)
            let new = documents.edited(old)
            let patch = JSON.mergePatch(from: old, to: new)
            #expect(old.applying(mergePatch: patch) == new, "seed \(seed), round \(round): \(old) -> \(new) by \(patch)")
        }
    }
}
