import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Removing members of a `JSON.Object` updates its key index in place (and a merge patch removes
// all its `null` members in one pass), rather than rebuilding the index per removal. Random
// insertions and removals against a plain list of members, on both sides of the size at which
// an object starts indexing its keys.

@Suite("Object member removal")
struct ObjectRemovalTests {
    /// Checks that `object` holds exactly `reference`, in order, and finds every key of
    /// `vocabulary` that it holds and none that it lacks.
    private static func check(_ object: JSON.Object, _ reference: [(String, JSON)], vocabulary: [String], _ context: String) {
        #expect(object.keys == reference.map(\.0), "\(context)")
        #expect(object.values == reference.map(\.1), "\(context)")
        for key in vocabulary {
            let position = reference.firstIndex { $0.0 == key }
            #expect(object.index(forKey: key) == position, "\(context): \(key)")
        }
    }

    @Test("random removals and insertions keep every key findable", arguments: 0..<4)
    func randomEdits(seed: UInt64) {
        var random = SeededRandom(state: 0x0B1E + seed)
        let vocabulary = (0..<80).map { "key\($0)" }
        for round in 0..<40 {
            var object = JSON.Object()
            var reference: [(String, JSON)] = []
            for step in 0..<300 {
                let key = vocabulary.randomElement(using: &random)!
                if Int.random(in: 0..<5, using: &random) < 2 {
                    let removed = object.removeValue(forKey: key)
                    let position = reference.firstIndex { $0.0 == key }
                    #expect(removed == position.map { reference[$0].1 }, "seed \(seed), round \(round), step \(step)")
                    if let position { reference.remove(at: position) }
                } else if Bool.random(using: &random) {
                    object[key] = nil
                    reference.removeAll { $0.0 == key }
                } else {
                    let value = JSON.number(JSON.Number(step))
                    object[key] = value
                    if let position = reference.firstIndex(where: { $0.0 == key }) {
                        reference[position].1 = value
                    } else {
                        reference.append((key, value))
                    }
                }
            }
            Self.check(object, reference, vocabulary: vocabulary, "seed \(seed), round \(round)")
        }
    }

    @Test("a merge patch that removes many members, keeps some and adds others", arguments: 0..<4)
    func mergePatchRemovals(seed: UInt64) {
        var random = SeededRandom(state: 0x3E26E + seed)
        for round in 0..<60 {
            let size = Int.random(in: 0...60, using: &random)
            var reference: [(String, JSON)] = (0..<size).map { ("m\($0)", JSON.number(JSON.Number($0))) }
            var object = JSON.Object()
            for (key, value) in reference { object[key] = value }
            var patch = JSON.Object()
            for index in 0..<(size + 10) where Int.random(in: 0..<3, using: &random) != 0 {
                let key = "m\(index)"
                switch Int.random(in: 0..<3, using: &random) {
                case 0, 1:
                    patch[key] = .null
                    reference.removeAll { $0.0 == key }
                default:
                    patch[key] = "new"
                    if let position = reference.firstIndex(where: { $0.0 == key }) {
                        reference[position].1 = "new"
                    } else {
                        reference.append((key, "new"))
                    }
                }
            }
            var json = JSON.object(object)
            json.apply(mergePatch: .object(patch))
            guard case .object(let merged) = json else {
                Issue.record("round \(round): not an object")
                continue
            }
            Self.check(merged, reference, vocabulary: (0..<(size + 10)).map { "m\($0)" }, "seed \(seed), round \(round)")
        }
    }

    @Test("40,000 null members remove every member, in one pass")
    func manyNulls() {
        var object = JSON.Object()
        var patch = JSON.Object()
        for index in 0..<40_000 {
            object["k\(index)"] = 1
            if index % 4 != 3 { patch["k\(index)"] = .null }
        }
        var json = JSON.object(object)
        json.apply(mergePatch: .object(patch))
        #expect(json.objectValue?.count == 10_000)
        #expect(json.objectValue?.keys.first == "k3")
        #expect(json["k39999"] == 1)
        #expect(json["k0"] == nil)
    }
}
