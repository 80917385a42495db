import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// `Document.lookUp(_:from:)` takes a key step through `lookUpMember(named:of:step:)`, which a
// `@Mapped` path of two keys also calls directly for its last step. Against the oracle of the
// general walk given the plain member lookup as its `memberNamed` (the route every key step
// took before), over random documents, from every node, with keys the documents hold and
// keys they do not.

@Suite("Path look-up")
struct PathLookUpTests {
    @Test("a key step and a path of keys end where the general walk ends, from every node of random documents")
    func keyStepsMatchTheWalk() throws {
        var text = RandomJSONText(random: TestSeed.generator(41))
        var checked = (found: 0, missing: 0, wrongKind: 0)
        for _ in 0..<200 {
            let source = text.value()
            let document = try Document(data: Data(source.utf8), options: ScanOptions())
            var keys = Set(["", "plain", "absent", "\u{0}", "e\u{301}", "\u{E9}"])
            for index in 0..<document.nodes.count where document.nodes[index].kind == .object {
                if case .object(let object) = document.json(at: index) { keys.formUnion(object.keys) }
            }
            let oracle: (Int, String, Int) -> Int? = { object, key, _ in document.member(of: object, named: key) }
            for index in 0..<document.nodes.count {
                for key in keys {
                    let step = Self.outcome(document.lookUpMember(named: key, of: index, step: 0))
                    #expect(
                        step == Self.outcome(document.lookUp([Path.Component.key(key)], from: index, memberNamed: oracle)), "\(key) from \(index) of \(source)")
                    #expect(step == Self.outcome(document.lookUp([Path.Component.key(key)], from: index)), "\(key) from \(index) of \(source)")
                    switch step.kind {
                    case "found": checked.found += 1
                    case "missing": checked.missing += 1
                    default: checked.wrongKind += 1
                    }
                    // Two steps: the first key, then each key again (mostly missing or the wrong kind).
                    for second in keys.prefix(3) {
                        let path: [Path.Component] = [.key(key), .key(second)]
                        #expect(
                            Self.outcome(document.lookUp(path, from: index)) == Self.outcome(document.lookUp(path, from: index, memberNamed: oracle)),
                            "\(key).\(second) from \(index) of \(source)")
                    }
                }
            }
        }
        // Every outcome is exercised.
        #expect(checked.found > 100, "\(checked)")
        #expect(checked.missing > 100, "\(checked)")
        #expect(checked.wrongKind > 100, "\(checked)")
    }

    @Test("each outcome of one key step, exactly")
    func outcomes() throws {
        let document = try Document(data: Data(#"{"a":{"b":1},"n":null,"s":"x","l":[1]}"#.utf8), options: ScanOptions())
        let a = try #require(document.member(of: 0, named: "a"))
        let b = try #require(document.member(of: a, named: "b"))
        let n = try #require(document.member(of: 0, named: "n"))
        let s = try #require(document.member(of: 0, named: "s"))
        let l = try #require(document.member(of: 0, named: "l"))
        #expect(Self.outcome(document.lookUpMember(named: "b", of: a, step: 3)) == Outcome(kind: "found", node: b, step: -1))
        #expect(Self.outcome(document.lookUpMember(named: "c", of: a, step: 3)) == Outcome(kind: "missing", node: a, step: 3))
        #expect(Self.outcome(document.lookUpMember(named: "b", of: n, step: 1)) == Outcome(kind: "missing", node: n, step: 1))
        #expect(Self.outcome(document.lookUpMember(named: "b", of: s, step: 1)) == Outcome(kind: "wrongKind", node: s, step: 1))
        #expect(Self.outcome(document.lookUpMember(named: "b", of: l, step: 0)) == Outcome(kind: "wrongKind", node: l, step: 0))
        #expect(Self.outcome(document.lookUp([.key("a"), .key("b")], from: 0)) == Outcome(kind: "found", node: b, step: -1))
        #expect(Self.outcome(document.lookUp([.key("s"), .key("b")], from: 0)) == Outcome(kind: "wrongKind", node: s, step: 1))
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
