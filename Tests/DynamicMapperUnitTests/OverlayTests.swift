import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The edit overlay on its own: `OverlayObject`'s members and key index, and
// `OverlayNode.update`, each against a plain model, for seeded sequences of sets, removals and
// insertions. Keys include two spellings of one canonical string and objects large enough
// for the key index to be built.

/// A JSON value in which an object may repeat a key, as a parsed document may.
private indirect enum Model: Equatable, CustomStringConvertible {
    case scalar(String)
    case array([Model])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: Model
    }

    init(_ node: OverlayNode) {
        switch node {
        case .object(let object):
            self = .object(object.members.map { Member(key: $0.key, value: Model($0.value)) })
        case .array(let elements):
            self = .array(elements.map(Model.init))
        case .source, .value:
            if let members = node.objectMembers() {
                self.init(.object(members))
            } else if let elements = node.arrayElements() {
                self.init(.array(elements))
            } else {
                self = .scalar(node.json.serializedString())
            }
        }
    }

    var description: String {
        switch self {
        case .scalar(let text): return text
        case .array(let elements): return "[\(elements.map(\.description).joined(separator: ","))]"
        case .object(let members): return "{\(members.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ","))}"
        }
    }

    /// What `OverlayNode.update` documents, written recursively: missing parents are created
    /// (an array before an index), a write past the end pads
    /// with `null`, an edited key keeps only its first member.
    static func update(_ node: Model?, at steps: ArraySlice<Path.Component>, _ body: (Model?) -> Model?) -> Model? {
        guard let step = steps.first else { return body(node) }
        switch step {
        case .key(let key):
            var members: [Member] = []
            if case .object(let existing) = node { members = existing }
            let position = members.firstIndex { $0.key == key }
            let child = update(position.map { members[$0].value }, at: steps.dropFirst(), body)
            if let position {
                if let child {
                    let first = Member(key: members[position].key, value: child)
                    members = members.enumerated().filter { $0.offset == position || $0.element.key != key }.map(\.element)
                    members[members.firstIndex { $0.key == key }!] = first
                } else {
                    members.removeAll { $0.key == key }
                }
            } else if let child {
                members.append(Member(key: key, value: child))
            }
            return .object(members)
        case .index(let index):
            var elements: [Model] = []
            if case .array(let existing) = node { elements = existing }
            let position = index < 0 ? elements.count + index : index
            let inRange = position >= 0 && position < elements.count
            let child = update(inRange ? elements[position] : nil, at: steps.dropFirst(), body)
            if inRange {
                if let child { elements[position] = child } else { elements.remove(at: position) }
            } else if let child {
                elements += Array(repeating: .scalar("null"), count: position - elements.count) + [child]
            }
            return .array(elements)
        }
    }

    /// Whether `update` refuses the write: a step that meets a value of another kind (`null`
    /// is replaced), an index before the start, or too far past the end.
    static func refuses(_ node: Model?, at steps: [Path.Component]) -> Bool {
        var current = node
        for step in steps {
            switch (step, current) {
            case (.index, .object?), (.key, .array?):
                return true
            case (_, .scalar?):
                return true
            case (.index(let index), .array(let elements)?):
                let position = index < 0 ? elements.count + index : index
                if position < 0 || position - elements.count > OverlayNode.maximumIndexGap { return true }
                current = position < elements.count ? elements[position] : nil
            case (.index(let index), _):
                if index < 0 || index > OverlayNode.maximumIndexGap { return true }
                current = nil
            case (.key(let key), .object(let members)?):
                current = members.first { $0.key == key }?.value
            case (.key, _):
                current = nil
            }
        }
        return false
    }
}

@Suite("Overlay updates")
struct OverlayTests {
    /// Twenty-four keys (so objects pass the index threshold of 16), two of them spellings of
    /// one canonical string.
    private static let keys = (0..<22).map { "k\($0)" } + ["\u{E9}", "e\u{301}"]

    @Test("OverlayObject: random appends, sets and removals keep the members a list would hold")
    func objectAgainstAList() {
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(state: seed)
            var object = OverlayObject()
            var model: [(key: String, value: Int)] = []
            for step in 0..<150 {
                let key = Self.keys.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    // Insert, possibly a repeated key, as a parsed document may hold.
                    object.append(OverlayMember(key: key, value: .value(.number(JSON.Number(step)))))
                    model.append((key, step))
                case 4..<7:
                    let position = object.searchForEdit(key)
                    #expect(position == model.firstIndex { $0.key == key }, "seed \(seed) step \(step)")
                    guard let position else { break }
                    let old = object.takeValue(at: position)
                    #expect(old.json == .number(JSON.Number(model[position].value)), "seed \(seed) step \(step)")
                    object.replaceValue(at: position, with: .value(.number(JSON.Number(-step))))
                    object.removeDuplicates(of: key, keeping: position)
                    model[position].value = -step
                    let kept = model[position]
                    model = model.enumerated().filter { $0.offset == position || $0.element.key != key }.map(\.element)
                    model[model.firstIndex { $0.key == key }!] = kept
                case 7..<9:
                    object.removeAll(key)
                    model.removeAll { $0.key == key }
                default:
                    object.prepareForSearches()
                }
                let members = object.members.map { ($0.key, $0.value.json) }
                #expect(
                    members.map(\.0) == model.map(\.key) && members.map(\.1) == model.map { .number(JSON.Number($0.value)) },
                    "seed \(seed) step \(step)")
                #expect(object.firstIndex(of: key) == model.firstIndex { $0.key == key }, "seed \(seed) step \(step)")
            }
        }
    }

    @Test("OverlayNode.update: random sets, removals and insertions match the recursive model")
    func updateAgainstTheModel() throws {
        let source = #"{"k0":[1,{"k1":2},[3]],"k1":{"k0":null},"k0":"second","é":true}"#
        let document = try Document(data: Data(source.utf8), options: ScanOptions())
        let vocabulary: [Path.Component] = [
            .key("k0"), .key("k1"), .key("\u{E9}"), .key("e\u{301}"),
            .index(0), .index(1), .index(2), .index(-1), .index(-4), .index(5),
        ]
        for seed in UInt64(0)..<300 {
            var random = SeededRandom(state: seed)
            var node: OverlayNode? = .source(document, 0)
            var model: Model? = Model(.source(document, 0))
            var padding = 0
            for step in 0..<12 {
                let steps = (0..<Int.random(in: 1...3, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
                let value = Int.random(in: 0..<3, using: &random)
                let written: Model? = value == 0 ? nil : .scalar("\(step)")
                let description = "seed \(seed) step \(step): \(written.map(\.description) ?? "remove") at \(Path(steps))"
                let accepted = OverlayNode.update(&node, at: steps, padding: &padding) { target in
                    target = value == 0 ? nil : .value(.number(JSON.Number(step)))
                }
                #expect(accepted == !Model.refuses(model, at: steps), "\(description)")
                if accepted { model = Model.update(model, at: steps[...]) { _ in written } }
                #expect(node.map(Model.init) == model, "\(description): \(node.map { "\(Model($0))" } ?? "nil") vs \(model.map(\.description) ?? "nil")")
            }
        }
    }

    @Test("a write past the end pads with null; one past the gap limit, or before the start, changes nothing")
    func gapsAndNegativeIndexes() {
        var node: OverlayNode? = .value([1])
        var padding = 0
        #expect(OverlayNode.update(&node, at: [.index(3)], padding: &padding) { $0 = .value("x") })
        #expect(node?.json == [1, nil, nil, "x"])
        #expect(!OverlayNode.update(&node, at: [.index(-5)], padding: &padding) { $0 = .value("y") })
        #expect(!OverlayNode.update(&node, at: [.index(4 + OverlayNode.maximumIndexGap + 1)], padding: &padding) { $0 = .value("z") })
        #expect(node?.json == [1, nil, nil, "x"])
        #expect(OverlayNode.update(&node, at: [.index(-4)], padding: &padding) { $0 = nil })
        #expect(node?.json == [nil, nil, "x"])
        #expect(padding == 2)
    }
}
