import Testing
import Foundation
@testable import DynamicMapper
import DynamicMapperTestSupport

/// The internal invariants of the node tape and of `JSON.Object`'s key index: checked here in
/// every build, and trapping on a violation in builds with `DYNAMICMAPPER_INVARIANTS`.
@Suite("Internal invariants")
struct InvariantTests {
    /// CI's ThreadSanitizer run sets the flag and `DYNAMICMAPPER_EXPECT_INVARIANTS=1`: a flag
    /// that did not reach the library would otherwise pass unnoticed, checking nothing.
    @Test func theFlagReachesTheLibrary() {
        #if DYNAMICMAPPER_INVARIANTS
        let testsHaveFlag = true
        #else
        let testsHaveFlag = false
        #endif
        #expect(Document.checksInvariants == testsHaveFlag)
        if ProcessInfo.processInfo.environment["DYNAMICMAPPER_EXPECT_INVARIANTS"] == "1" {
            #expect(Document.checksInvariants)
        }
    }

    @Test func tapesOfRandomDocumentsHaveTheirShape() throws {
        var random = TestSeed.generator(31)
        var text = RandomJSONText(random: TestSeed.generator(32))
        for round in 0..<300 {
            let json = text.value(depth: Int.random(in: 0...3, using: &random))
            let document = try Document(data: Data(json.utf8), options: ScanOptions())
            #expect(document.tapeViolation() == nil, "\(TestSeed.note), round \(round): \(json)")
        }
        for json5 in ["a: 1, b: [2, {c: 3}]", "", "x: {}", "'k': []"] {
            let document = try Document(data: Data(json5.utf8), options: ScanOptions(allowsJSON5: true, assumesTopLevelDictionary: true))
            #expect(document.tapeViolation() == nil, "\(json5)")
        }
    }

    @Test func brokenTapesAreNamed() throws {
        // Nodes: 0 [  1 1  2 {  3 "a"  4 2  5 3
        let document = try Document(data: Data(#"[1, {"a": 2}, 3]"#.utf8), options: ScanOptions())
        #expect(document.tapeViolation() == nil)
        document.nodes[0].length = 2
        #expect(document.tapeViolation() == "container 0 says it has 2 children but holds 3")
        document.nodes[0].length = 3
        document.nodes[2].end = 7
        #expect(document.tapeViolation() == "child 2 of container 0 ends at 7, outside its parent (end 6)")
        document.nodes[2].end = 4
        #expect(document.tapeViolation() == "container 0 says it has 3 children but holds 4")
        document.nodes[2].end = 5
        document.nodes[3].kind = .number
        #expect(document.tapeViolation() == "member 0 of object 2 has no string key")
        document.nodes[3].kind = .string
        document.nodes[5].offset = 1
        #expect(document.tapeViolation() == "node 5 starts at byte 1, before node 4")
    }

    @Test func objectIndexFollowsRandomEdits() {
        var random = TestSeed.generator(33)
        for round in 0..<40 {
            var object = JSON.Object()
            var reference: [(String, JSON)] = []
            for step in 0..<Int.random(in: 0...60, using: &random) {
                let key = "k\(Int.random(in: 0..<30, using: &random))"
                if Int.random(in: 0..<4, using: &random) == 0 {
                    object[key] = nil
                    reference.removeAll { $0.0 == key }
                } else {
                    object[key] = .number(JSON.Number(step))
                    if let position = reference.firstIndex(where: { $0.0 == key }) {
                        reference[position].1 = .number(JSON.Number(step))
                    } else {
                        reference.append((key, .number(JSON.Number(step))))
                    }
                }
                #expect(object.invariantViolation() == nil, "\(TestSeed.note), round \(round), step \(step)")
            }
            #expect(object.keys == reference.map(\.0), "\(TestSeed.note), round \(round)")
            #expect(object.values == reference.map(\.1), "\(TestSeed.note), round \(round)")
        }
    }

    #if DYNAMICMAPPER_INVARIANTS
    @Test func aBrokenTapeTrapsInThisBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            guard let document = try? Document(data: Data("[1, 2]".utf8), options: ScanOptions()) else { return }
            document.nodes[0].length = 5
            document.checkInvariants()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("DynamicMapper internal invariant broken in the node tape: container 0 says it has 5 children but holds 2"),
            "\(message)")
    }
    #else
    @Test func aBrokenTapeIsNotCheckedInThisBuild() throws {
        let document = try Document(data: Data("[1, 2]".utf8), options: ScanOptions())
        document.nodes[0].length = 5
        document.checkInvariants()
        #expect(document.tapeViolation() == "container 0 says it has 5 children but holds 2")
    }
    #endif
}
