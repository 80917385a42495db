import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// `Document.lookUp(_:from:)` takes each step through `lookUpStep(_:from:step:)`, which a
// `@Mapped` path of two steps also calls directly for its last one. Against an oracle written
// here (what a step means: an object's member or an array's element, `null` on the way is
// missing, anything else the wrong kind), over random documents, from every node, with keys
// the documents hold and keys they do not, and with indexes in and out of range.

@Suite("Path look-up")
struct PathLookUpTests {
    @Test("a step and a path of two steps end where the oracle says, from every node of random documents")
    func stepsMatchTheOracle() throws {
        var text = RandomJSONText(random: TestSeed.generator(41))
        var checked = (found: 0, missing: 0, wrongKind: 0)
        for _ in 0..<200 {
            let source = text.value()
            let document = try Document(data: Data(source.utf8), options: ScanOptions())
            var keys = Set(["", "plain", "absent", "\u{0}", "e\u{301}", "\u{E9}"])
            for index in 0..<document.nodes.count where document.nodes[index].kind == .object {
                if case .object(let object) = document.json(at: index) { keys.formUnion(object.keys) }
            }
            let components = keys.sorted().map { Path.Component.key($0) } + (-3...3).map { Path.Component.index($0) }
            let seconds = keys.sorted().prefix(2).map { Path.Component.key($0) } + [.index(0), .index(-1)]
            for index in 0..<document.nodes.count {
                for component in components {
                    let step = Self.outcome(document.lookUpStep(component, from: index, step: 0))
                    #expect(step == Self.oracle(component, from: index, in: document), "\(component) from \(index) of \(source)")
                    #expect(step == Self.outcome(document.lookUp([component], from: index)), "\(component) from \(index) of \(source)")
                    switch step.kind {
                    case "found": checked.found += 1
                    case "missing": checked.missing += 1
                    default: checked.wrongKind += 1
                    }
                    // Two steps: the walk stops where the first step's outcome says, else takes the second.
                    for second in seconds {
                        var expected = Self.oracle(component, from: index, in: document)
                        if expected.kind == "found" {
                            let last = Self.oracle(second, from: expected.node, in: document)
                            expected = last.kind == "found" ? last : Outcome(kind: last.kind, node: last.node, step: 1)
                        }
                        #expect(
                            Self.outcome(document.lookUp([component, second], from: index)) == expected, "\(component), \(second) from \(index) of \(source)")
                    }
                }
            }
        }
        // Every outcome is exercised.
        #expect(checked.found > 100, "\(checked)")
        #expect(checked.missing > 100, "\(checked)")
        #expect(checked.wrongKind > 100, "\(checked)")
    }

    @Test("each outcome of one step, exactly")
    func outcomes() throws {
        let document = try Document(data: Data(#"{"a":{"b":1},"n":null,"s":"x","l":[1]}"#.utf8), options: ScanOptions())
        let a = try #require(document.member(of: 0, named: "a"))
        let b = try #require(document.member(of: a, named: "b"))
        let n = try #require(document.member(of: 0, named: "n"))
        let s = try #require(document.member(of: 0, named: "s"))
        let l = try #require(document.member(of: 0, named: "l"))
        #expect(Self.outcome(document.lookUpStep(.key("b"), from: a, step: 3)) == Outcome(kind: "found", node: b, step: -1))
        #expect(Self.outcome(document.lookUpStep(.key("c"), from: a, step: 3)) == Outcome(kind: "missing", node: a, step: 3))
        #expect(Self.outcome(document.lookUpStep(.key("b"), from: n, step: 1)) == Outcome(kind: "missing", node: n, step: 1))
        #expect(Self.outcome(document.lookUpStep(.key("b"), from: s, step: 1)) == Outcome(kind: "wrongKind", node: s, step: 1))
        #expect(Self.outcome(document.lookUpStep(.key("b"), from: l, step: 0)) == Outcome(kind: "wrongKind", node: l, step: 0))
        let element = l + 1
        #expect(Self.outcome(document.lookUpStep(.index(0), from: l, step: 2)) == Outcome(kind: "found", node: element, step: -1))
        #expect(Self.outcome(document.lookUpStep(.index(-1), from: l, step: 2)) == Outcome(kind: "found", node: element, step: -1))
        #expect(Self.outcome(document.lookUpStep(.index(1), from: l, step: 2)) == Outcome(kind: "missing", node: l, step: 2))
        #expect(Self.outcome(document.lookUpStep(.index(0), from: a, step: 2)) == Outcome(kind: "wrongKind", node: a, step: 2))
        #expect(Self.outcome(document.lookUpStep(.index(0), from: n, step: 2)) == Outcome(kind: "missing", node: n, step: 2))
        #expect(Self.outcome(document.lookUp([.key("a"), .key("b")], from: 0)) == Outcome(kind: "found", node: b, step: -1))
        #expect(Self.outcome(document.lookUp([.key("l"), .index(0)], from: 0)) == Outcome(kind: "found", node: element, step: -1))
        #expect(Self.outcome(document.lookUp([.key("s"), .key("b")], from: 0)) == Outcome(kind: "wrongKind", node: s, step: 1))
    }

    /// What one step means, from the document's nodes alone: the value after an object's first
    /// key equal to `key` (as Swift compares strings), or an array's element (a negative index
    /// counts from the end).
    private static func oracle(_ component: Path.Component, from index: Int, in document: Document) -> Outcome {
        let node = document.nodes[index]
        let children = Array(document.children(of: index))
        func mismatch() -> Outcome { Outcome(kind: node.kind == .null ? "missing" : "wrongKind", node: index, step: 0) }
        switch component {
        case .key(let key):
            guard node.kind == .object else { return mismatch() }
            // An object's children are its keys; each value is the node after its key.
            guard let keyNode = children.first(where: { document.string(document.nodes[$0]) == key }) else {
                return Outcome(kind: "missing", node: index, step: 0)
            }
            return Outcome(kind: "found", node: keyNode + 1, step: -1)
        case .index(let position):
            guard node.kind == .array else { return mismatch() }
            let resolved = position < 0 ? children.count + position : position
            guard children.indices.contains(resolved) else { return Outcome(kind: "missing", node: index, step: 0) }
            return Outcome(kind: "found", node: children[resolved], step: -1)
        }
    }

    private struct Outcome: Equatable {
        let kind: String
        let node: Int
        let step: Int
    }

    private static func outcome(_ lookup: Document.PathLookup) -> Outcome {
        switch lookup {
        case .found(let node): Outcome(kind: "found", node: node, step: -1)
        case .missing(let step, let parent): Outcome(kind: "missing", node: parent, step: step)
        case .wrongKind(let step, let parent): Outcome(kind: "wrongKind", node: parent, step: step)
        }
    }
}
