import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random documents written back by an `encode(to:)` that keeps every nested container it opens
/// and takes the next step in whichever open container a hash of the walk so far picks:
/// containers of all depths, keyed and unkeyed, are written interleaved, long after their
/// parents moved on (which sends the streaming encoder to its tree fallback, so both run).
/// Each step logs the `codingPath` of the container it writes into. Values written through a
/// container (a child's encoder, a super encoder, a single-value container; one leaf in forty
/// is a NaN, which the default float strategy refuses) log the path they see beside the one
/// their place gives (the container's path and the key).
///
/// `JSONEncoder` gives a value written through a *nested* container its encoder's path and the
/// key, without the nested containers' keys (and so do the containers of that value's own
/// encoder, and the error of a NaN written there), where we give the place. So the walks
/// compared with it write child values and NaNs only through an encoder's own container, and
/// use nested containers for nested containers and numbers; the walks that write everything
/// through nested containers too are held to their places.
@Suite("Coding paths of nested encoding containers used out of order, against JSONEncoder")
struct EncoderInterleavedContainerPathTests {
    @Test func interleavedContainersMatchFoundation() throws {
        var fellBack = 0, failed = 0
        for seed in UInt64(1)...200 {
            let (json, shape) = try document(seed: seed)
            let theirs = EncodingRun(JSONEncoder(), shape, childrenInNested: false)
            let ours = EncodingRun(DynamicJSONEncoder(), shape, childrenInNested: false)
            expectSame(ours, theirs, note: "seed \(seed): \(json)")
            if ours.walks.count > 1 { fellBack += 1 }
            if case .invalidValue = theirs.outcome { failed += 1 }
        }
        // Both of our encoders ran, and both outcomes were seen.
        #expect(fellBack > 20 && fellBack < 190)
        #expect(failed > 0)
    }

    /// The same walks in document order (always the container opened last), which the
    /// streaming encoder writes without falling back.
    @Test func inOrderContainersMatchFoundation() throws {
        for seed in UInt64(1)...100 {
            let (json, shape) = try document(seed: seed)
            let theirs = EncodingRun(JSONEncoder(), shape, childrenInNested: false, inOrder: true)
            let ours = EncodingRun(DynamicJSONEncoder(), shape, childrenInNested: false, inOrder: true)
            expectSame(ours, theirs, note: "seed \(seed): \(json)")
            #expect(ours.walks.count == 1, "seed \(seed): \(json)")
        }
    }

    /// Child values written through nested containers too, interleaved and in order: every
    /// value sees its place, in the streaming walk that gave up as well, and an error names the
    /// place of the value that threw. The bytes are still Foundation's.
    @Test(arguments: [false, true])
    func valuesInNestedContainersSeeTheirPlace(inOrder: Bool) throws {
        var nested = 0, failed = 0
        for seed in UInt64(1)...200 {
            let (json, shape) = try document(seed: seed)
            let theirs = EncodingRun(JSONEncoder(), shape, childrenInNested: true, inOrder: inOrder)
            let ours = EncodingRun(DynamicJSONEncoder(), shape, childrenInNested: true, inOrder: inOrder)
            expectAtTheirPlaces(ours, note: "seed \(seed): \(json)")
            switch (ours.outcome, theirs.outcome) {
            case (.json(let mine), .json(let foundation)):
                #expect(mine == foundation, "seed \(seed): \(json)")
            case (.invalidValue, .invalidValue):
                failed += 1
            default:
                Issue.record("ours \(ours.outcome), Foundation's \(theirs.outcome): seed \(seed): \(json)")
            }
            // Foundation's paths differ from the places where it matters here.
            if theirs.walks.first?.values.contains(where: { $0.seen != $0.place }) == true { nested += 1 }
        }
        #expect(nested > 50)
        #expect(failed > 20)
    }

    private func document(seed: UInt64) throws -> (String, Shape) {
        var random = SeededRandom(state: seed)
        let json = ShapedDocument.value(kind: .object, depth: 0, random: &random)
        return (json, try JSONDecoder().decode(Shape.self, from: Data(json.utf8)))
    }

    private func expectSame(_ ours: EncodingRun, _ theirs: EncodingRun, note: String) {
        #expect(theirs.walks.count == 1)
        expectAtTheirPlaces(ours, note: note)
        expectAtTheirPlaces(theirs, note: "Foundation: " + note)
        // The last walk gives the output (the tree's, when streaming gave up).
        #expect(ours.walks.last?.lines == theirs.walks.first?.lines, "\(note)")
        #expect(ours.outcome == theirs.outcome, "\(note)")
    }

    /// Every walk, the streaming one that gave up too, sees each value at its place, and an
    /// error names the place of the value that threw (the walk stops there).
    private func expectAtTheirPlaces(_ run: EncodingRun, note: String) {
        for (number, walk) in run.walks.enumerated() {
            for value in walk.values where value.seen != value.place {
                Issue.record("walk \(number): \(value.what) sees \(value.seen), is at \(value.place): \(note)")
            }
        }
        if case .invalidValue(let path) = run.outcome {
            #expect(path == run.walks.last?.values.last { $0.what == "refused" }?.place, "\(note)")
        }
    }
}

/// A document read back as a tree of members and elements, members in key order.
private indirect enum Shape: Decodable {
    case object([(key: String, value: Shape)])
    case array([Shape])
    case number(Int)
    /// The string `"x"`, written as a NaN.
    case refused

    init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer() {
            if let number = try? value.decode(Int.self) { self = .number(number); return }
            if (try? value.decode(String.self)) != nil { self = .refused; return }
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [Shape] = []
            while !array.isAtEnd { elements.append(try array.decode(Shape.self)) }
            self = .array(elements)
            return
        }
        let object = try decoder.container(keyedBy: WalkKey.self)
        self = .object(
            try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try object.decode(Shape.self, forKey: key))
            })
    }
}

private struct WalkKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One top-level encode: what it gave, and the log of each walk over the model (our encoder
/// walks it again when it falls back to the tree).
private struct EncodingRun {
    let outcome: EncodeOutcome
    let walks: [Walk]

    init(_ encoder: JSONEncoder, _ shape: Shape, childrenInNested: Bool, inOrder: Bool = false) {
        encoder.outputFormatting = .sortedKeys
        let log = WalkLog()
        let walker = Walker(shape: shape, place: "", log: log, childrenInNested: childrenInNested, inOrder: inOrder)
        outcome = EncodeOutcome { try encoder.encode(walker) }
        walks = log.walks
    }
}

/// What one walk over the model saw.
private struct Walk {
    /// The containers written into, in order, with their paths.
    var lines: [String] = []
    /// Values written through a container: the path each saw, and its place.
    var values: [(what: String, seen: String, place: String)] = []
}

private final class WalkLog {
    var walks: [Walk] = []
    /// FNV-1a over the current walk's lines, which picks the container written next.
    var hash: UInt64 = 0

    func startWalk() {
        walks.append(Walk())
        hash = 0xcbf2_9ce4_8422_2325
    }

    func add(_ line: String) {
        walks[walks.count - 1].lines.append(line)
        for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 10) &* 0x100_0000_01b3
    }

    func value(_ what: String, seen: [any CodingKey], place: String) {
        walks[walks.count - 1].values.append((what, render(seen), place))
    }
}

/// An unkeyed container kept in a list: it is a value that changes as it is written.
private final class ArrayCursor {
    var container: any UnkeyedEncodingContainer
    init(_ container: any UnkeyedEncodingContainer) { self.container = container }
}

/// An open container and what is left to write in it; `nested` when it is not its encoder's own.
private enum OpenContainer {
    case object(KeyedEncodingContainer<WalkKey>, members: ArraySlice<(key: String, value: Shape)>, nested: Bool)
    case array(ArrayCursor, elements: ArraySlice<Shape>, nested: Bool)
}

/// As the error outcomes render paths, so that a place and an error's path compare.
private func render(_ path: [any CodingKey]) -> String { renderedPath(path) }

private struct Walker: Encodable {
    let shape: Shape
    /// The path of this value's place: its container's path and its key.
    let place: String
    let log: WalkLog
    /// Whether child values (their own encoders, super encoders) are written through nested
    /// containers too, or only through the encoder's own container.
    let childrenInNested: Bool
    /// Always the container opened last, so that no container is written after a later one.
    let inOrder: Bool

    func encode(to encoder: any Encoder) throws {
        if encoder.codingPath.isEmpty { log.startWalk() }
        log.value("encoder", seen: encoder.codingPath, place: place)
        var open: [OpenContainer] = []
        switch shape {
        case .object(let members):
            open.append(.object(encoder.container(keyedBy: WalkKey.self), members: members[...], nested: false))
        case .array(let elements):
            open.append(.array(ArrayCursor(encoder.unkeyedContainer()), elements: elements[...], nested: false))
        case .number(let number):
            var value = encoder.singleValueContainer()
            log.value("value", seen: value.codingPath, place: place)
            try value.encode(number)
        case .refused:
            var value = encoder.singleValueContainer()
            log.value("refused", seen: value.codingPath, place: place)
            try value.encode(Double.nan)
        }
        while !open.isEmpty {
            let pick = inOrder ? open.count - 1 : Int(log.hash % UInt64(open.count))
            if let next = try step(open[pick]) {
                open[pick] = next.rest
                open += next.opened
            } else {
                open.remove(at: pick)
            }
        }
    }

    private func child(_ shape: Shape, at place: String) -> Walker {
        Walker(shape: shape, place: place, log: log, childrenInNested: childrenInNested, inOrder: inOrder)
    }

    /// Writes one member or element into `container`: nil when it had none left, else what is
    /// left of it and the containers the write opened.
    private func step(_ container: OpenContainer) throws -> (rest: OpenContainer, opened: [OpenContainer])? {
        switch container {
        case .object(var object, let members, let nested):
            guard let (name, value) = members.first else {
                log.add("done \(render(object.codingPath))")
                return nil
            }
            let rest = OpenContainer.object(object, members: members.dropFirst(), nested: nested)
            let key = WalkKey(stringValue: name)
            let place = render(object.codingPath + [key])
            log.add("member \(place) of \(render(object.codingPath))")
            switch (choice(place, nested: nested, value), value) {
            case (0, .number(let number)):
                try object.encode(number, forKey: key)
            case (1, .refused):
                log.value("refused", seen: object.codingPath + [key], place: place)
                try object.encode(Double.nan, forKey: key)
            case (3, _):
                try object.encode("x", forKey: key)
            case (_, .number), (_, .refused):
                let superEncoder = object.superEncoder(forKey: key)
                log.value("super encoder", seen: superEncoder.codingPath, place: place)
                try child(value, at: place).encode(to: superEncoder)
            case (0, _):
                try object.encode(child(value, at: place), forKey: key)
            case (_, .object(let members)):
                return (rest, [.object(object.nestedContainer(keyedBy: WalkKey.self, forKey: key), members: members[...], nested: true)])
            case (_, .array(let elements)):
                return (rest, [.array(ArrayCursor(object.nestedUnkeyedContainer(forKey: key)), elements: elements[...], nested: true)])
            }
            return (rest, [])
        case .array(let cursor, let elements, let nested):
            let array = cursor.container.codingPath
            guard let value = elements.first else {
                log.add("end \(render(array)) at \(cursor.container.count)")
                return nil
            }
            let rest = OpenContainer.array(cursor, elements: elements.dropFirst(), nested: nested)
            let index = cursor.container.count
            let place = render(array + [IndexKey(index)])
            log.add("element \(index) of \(render(array))")
            switch (choice(place, nested: nested, value), value) {
            case (0, .number(let number)):
                try cursor.container.encode(number)
            case (1, .refused):
                log.value("refused", seen: array + [IndexKey(index)], place: place)
                try cursor.container.encode(Double.nan)
            case (3, _):
                try cursor.container.encode("x")
            case (_, .number), (_, .refused):
                let superEncoder = cursor.container.superEncoder()
                log.value("super encoder", seen: superEncoder.codingPath, place: place)
                try child(value, at: place).encode(to: superEncoder)
            case (0, _):
                try cursor.container.encode(child(value, at: place))
            case (_, .object(let members)):
                return (rest, [.object(cursor.container.nestedContainer(keyedBy: WalkKey.self), members: members[...], nested: true)])
            case (_, .array(let elements)):
                return (rest, [.array(ArrayCursor(cursor.container.nestedUnkeyedContainer()), elements: elements[...], nested: true)])
            }
            return (rest, [])
        }
    }

    /// How to write a value, fixed by where it goes: 0 directly (a number or a child's own
    /// encoder), 1 directly for a NaN, 2 through a super encoder (a number) or a nested
    /// container, 3 as the string `"x"`. In a nested container without `childrenInNested`,
    /// numbers go directly, NaNs as strings (Foundation's error would lack the nested keys)
    /// and the rest into nested containers.
    private func choice(_ place: String, nested: Bool, _ value: Shape) -> UInt64 {
        if nested && !childrenInNested {
            switch value {
            case .number: return 0
            case .refused: return 3
            case .object, .array: return 2
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in place.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash % 3
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
