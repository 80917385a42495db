import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// The behaviours Foundation's own JSON coder tests check (swift-foundation,
// `JSONEncoderTests.swift`), tested here on our coders side by side with `JSONEncoder` and
// `JSONDecoder` where Foundation's answer is the one we give, and pinned where we differ on
// purpose (see README, "Differences from Foundation's coders").

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

private func sortedEncoders() -> (JSONEncoder, DynamicJSONEncoder) {
    let foundation = JSONEncoder(), ours = DynamicJSONEncoder()
    foundation.outputFormatting = .sortedKeys
    ours.outputFormatting = .sortedKeys
    return (foundation, ours)
}

/// The `EncodingError` an encode threw, or nil (with a recorded issue) when it threw something
/// else or nothing.
private func encodingError(_ body: () throws -> Data, sourceLocation: SourceLocation = #_sourceLocation) -> EncodingError? {
    do {
        let data = try body()
        Issue.record("expected an EncodingError, got \(text(data))", sourceLocation: sourceLocation)
    } catch let error as EncodingError {
        return error
    } catch {
        Issue.record("expected an EncodingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

private func contextOf(_ error: EncodingError?) -> EncodingError.Context? {
    guard case .invalidValue(_, let context)? = error else { return nil }
    return context
}

@Suite("Foundation parity: containers")
struct FoundationParityContainerTests {
    /// A single value that is an object, amended through a keyed container (issue item 1: this
    /// trapped in the streaming encoder).
    struct AmendedSingleValue: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(["a": "b", "other": "foo"])
            var keyed = encoder.container(keyedBy: ParityKey.self)
            try keyed.encode("c", forKey: ParityKey("a"))
        }
    }

    @Test func singleValueObjectAmendedByKeyedContainer() throws {
        let (foundation, ours) = sortedEncoders()
        #expect(text(try ours.encode(AmendedSingleValue())) == #"{"a":"c","other":"foo"}"#)
        #expect(try ours.encode(AmendedSingleValue()) == foundation.encode(AmendedSingleValue()))
        // Nested one level down.
        #expect(text(try ours.encode(["x": AmendedSingleValue()])) == #"{"x":{"a":"c","other":"foo"}}"#)
    }

    /// Two requests in a row, each a single dictionary (0), a single array (1), a keyed (2) or
    /// unkeyed (3) container, or a single number (4): never a trap.
    struct SingleThenContainer: Encodable {
        let first: Int
        let second: Int
        func encode(to encoder: any Encoder) throws {
            for step in [first, second] {
                switch step {
                case 0: var single = encoder.singleValueContainer(); try single.encode(["k": 1])
                case 1: var single = encoder.singleValueContainer(); try single.encode([1, 2])
                case 2: var keyed = encoder.container(keyedBy: ParityKey.self); try keyed.encode(3, forKey: ParityKey("m"))
                case 3: var unkeyed = encoder.unkeyedContainer(); try unkeyed.encode(4)
                default: var single = encoder.singleValueContainer(); try single.encode(5)
                }
            }
        }
    }

    @Test func containerSequencesAfterSingleValuesNeverTrap() throws {
        let (foundation, ours) = sortedEncoders()
        // Sequences Foundation completes: compare bytes.
        // A single value after a container joins it, as that value's own `encode(to:)` would.
        for (first, second) in [(0, 2), (1, 3), (2, 0), (2, 2), (2, 4), (3, 1), (3, 3), (3, 4)] {
            let value = SingleThenContainer(first: first, second: second)
            #expect(try ours.encode(value) == foundation.encode(value), "\(first), \(second)")
        }
        // Sequences Foundation stops on: an EncodingError at the top level.
        let stops = [(0, 0), (0, 1), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 4), (2, 1), (2, 3), (3, 0), (3, 2)]
        for (first, second) in stops + (0..<5).map({ (4, $0) }) {
            let context = contextOf(encodingError { try ours.encode(SingleThenContainer(first: first, second: second)) })
            #expect(context?.codingPath.isEmpty == true, "\(first), \(second)")
            #expect(context?.debugDescription.contains("at the top level") == true, "\(String(describing: context))")
        }
    }

    enum Replacement: CaseIterable {
        case valueByKeyed, valueByUnkeyed, keyedByUnkeyed, unkeyedByKeyed
    }

    /// Foundation's `preconditionFailuresForContainerReplacement` cases: Foundation stops the
    /// process; we fail the encode with an `EncodingError` naming the key.
    struct Replacing: Encodable {
        let replacement: Replacement
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: ParityKey.self)
            try keyed.encode("kept", forKey: ParityKey("other"))
            let key = ParityKey("key")
            switch replacement {
            case .valueByKeyed:
                try keyed.encode(42, forKey: key)
                var nested = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: key)
                try nested.encode(1, forKey: ParityKey("inner"))
            case .valueByUnkeyed:
                try keyed.encode(42, forKey: key)
                var nested = keyed.nestedUnkeyedContainer(forKey: key)
                try nested.encode(1)
            case .keyedByUnkeyed:
                var first = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: key)
                try first.encode("Johnny", forKey: ParityKey("first"))
                var second = keyed.nestedUnkeyedContainer(forKey: key)
                try second.encode("second")
            case .unkeyedByKeyed:
                var first = keyed.nestedUnkeyedContainer(forKey: key)
                try first.encode(1)
                _ = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: key)
            }
        }
    }

    @Test(arguments: Replacement.allCases)
    func containerReplacementFailsTheEncode(_ replacement: Replacement) throws {
        for formatting in [JSONEncoder.OutputFormatting(), .sortedKeys] {
            let encoder = DynamicJSONEncoder()
            encoder.outputFormatting = formatting
            let context = contextOf(encodingError { try encoder.encode(Replacing(replacement: replacement)) })
            #expect(context?.codingPath.map(\.stringValue) == ["key"])
            #expect(context?.debugDescription.contains(#""key""#) == true, "\(String(describing: context))")
            // encodeJSON reports it the same way.
            #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encodeJSON(Replacing(replacement: replacement)) }
        }
    }

    @Test func misuseDeepInsideNamesTheFullPath() throws {
        let context = contextOf(encodingError { try DynamicJSONEncoder().encode(["outer": [Replacing(replacement: .valueByUnkeyed)]]) })
        #expect(context?.codingPath.map(\.stringValue) == ["outer", "Index 0", "key"])
    }

    /// Foundation's `redundantKeys`: the last value encoded for a key wins, whatever was there.
    struct Redundant: Encodable {
        let replaced: Int
        let throughSuperEncoder: Bool
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: ParityKey.self)
            let key = ParityKey("key")
            switch replaced {
            case 0: try keyed.encode(0, forKey: key)
            case 1: _ = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: key)
            default: _ = keyed.nestedUnkeyedContainer(forKey: key)
            }
            if throughSuperEncoder {
                var single = keyed.superEncoder(forKey: key).singleValueContainer()
                try single.encode(42)
            } else {
                try keyed.encode(42, forKey: key)
            }
        }
    }

    @Test(arguments: 0..<3, [false, true])
    func lastValueForAKeyWins(replaced: Int, throughSuperEncoder: Bool) throws {
        let value = Redundant(replaced: replaced, throughSuperEncoder: throughSuperEncoder)
        #expect(text(try DynamicJSONEncoder().encode(value)) == #"{"key":42}"#)
        #expect(try DynamicJSONEncoder().encode(value) == JSONEncoder().encode(value))
    }

    /// Foundation's `redundantKeyedContainer`: a nested container continues an object value
    /// encoded under the same key.
    struct ContinuesObjectValue: Encodable {
        struct Nested: Encodable { var foo = "Test" }
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: ParityKey.self)
            try top.encode("Foo", forKey: ParityKey("somethingElse"))
            try top.encode(Nested(), forKey: ParityKey("container"))
            var again = top.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("container"))
            try again.encode("SecondAgain", forKey: ParityKey("somethingElse"))
        }
    }

    @Test func nestedContainerContinuesAnObjectValue() throws {
        let (foundation, ours) = sortedEncoders()
        #expect(text(try ours.encode(ContinuesObjectValue())) == #"{"container":{"foo":"Test","somethingElse":"SecondAgain"},"somethingElse":"Foo"}"#)
        #expect(try ours.encode(ContinuesObjectValue()) == foundation.encode(ContinuesObjectValue()))
    }
}

@Suite("Foundation parity: decoding entry points")
struct FoundationParityDecodingTests {
    /// Three optional elements read from arrays of every length up to three.
    struct ThreeOptionals: Decodable, Equatable {
        var values: [Int?] = []
        init(values: [Int?]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var unkeyed = try decoder.unkeyedContainer()
            for _ in 0..<3 { values.append(try unkeyed.decodeIfPresent(Int.self)) }
            _ = try unkeyed.decodeIfPresent(String.self)
            _ = try unkeyed.decodeIfPresent(ThreeOptionals.self)
        }
    }

    @Test(arguments: ["[]", "[1]", "[1, null]", "[null, 2, 3]"])
    func decodeIfPresentAtTheEndOfAnArrayIsNil(_ json: String) throws {
        let data = Data(json.utf8)
        let ours = try DynamicJSONDecoder().decode(ThreeOptionals.self, from: data)
        #expect(ours == (try JSONDecoder().decode(ThreeOptionals.self, from: data)))
        let parsed = try JSONSerialization.jsonObject(with: data) as? [Any] ?? []
        #expect(ours.values.count == 3)
        #expect(ours.values.prefix(parsed.count).map { $0 ?? -1 } == parsed.map { ($0 as? Int) ?? -1 })
    }

    @Test func decodingBuildsTheDynamicTypeItIsPassed() throws {
        let data = Data(#"{"name": "Grace", "email": "g@example.com", "badge": 42}"#.utf8)
        let type: ParityPerson.Type = ParityStaff.self
        let foundation = try JSONDecoder().decode(type, from: data)
        let ours = try DynamicJSONDecoder().decode(type, from: data)
        #expect(Swift.type(of: foundation) == ParityStaff.self)
        #expect(Swift.type(of: ours) == ParityStaff.self)
        #expect((ours as? ParityStaff)?.badge == 42 && ours.name == "Grace")
        // The parsed-document entry point too, and the static type stays a ParityPerson.
        let document = try JSONDocument(parsing: data)
        #expect(Swift.type(of: try document.decode(type)) == ParityStaff.self)
        #expect(Swift.type(of: try document.decode(ParityPerson.self)) == ParityPerson.self)
    }
}

@Suite("Foundation parity: how often encode(to:) runs")
struct FoundationParityRunCountTests {
    final class Counter { var runs = 0 }

    enum Shape: CaseIterable {
        case inOrder, caughtErrors, repeatedKey, mergedContainers, outOfOrder, nestedKeyedKey

        /// How often our encoder runs the model: once, unless the streaming encoder has to
        /// start again through the tree (the cases README lists).
        var ourRuns: Int {
            switch self {
            case .inOrder, .caughtErrors, .repeatedKey: return 1
            case .mergedContainers, .outOfOrder, .nestedKeyedKey: return 2
            }
        }
    }

    /// Throws after writing part of itself.
    struct HalfWritten: Encodable {
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: ParityKey.self)
            try keyed.encode("partial", forKey: ParityKey("a"))
            var list = keyed.nestedUnkeyedContainer(forKey: ParityKey("b"))
            try list.encode(1)
            try list.encode(Double.nan)
        }
    }

    /// A path key: our encoder writes nested objects for it, Foundation a dotted key.
    enum PathKey: String, KeyedKey { case deep = "x.y" }

    /// Counts its own `encode(to:)` runs.
    struct Counted: Encodable {
        let shape: Shape
        let counter: Counter
        func encode(to encoder: any Encoder) throws {
            counter.runs += 1
            var keyed = encoder.container(keyedBy: ParityKey.self)
            switch shape {
            case .inOrder:
                try keyed.encode(1, forKey: ParityKey("a"))
                var nested = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("b"))
                try nested.encode(2, forKey: ParityKey("c"))
            case .repeatedKey:
                // The last value under a key wins, whatever it replaces.
                try keyed.encode(1, forKey: ParityKey("a"))
                try keyed.encode(2, forKey: ParityKey("b"))
                _ = keyed.nestedUnkeyedContainer(forKey: ParityKey("c"))
                try keyed.encode(2, forKey: ParityKey("a"))
                try keyed.encode(["x": 1], forKey: ParityKey("c"))
                try keyed.encode(3, forKey: ParityKey("a"))
            case .mergedContainers:
                // A nested container under a key written before amends that object.
                try keyed.encode(["x": 1], forKey: ParityKey("a"))
                var again = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("a"))
                try again.encode(2, forKey: ParityKey("y"))
            case .outOfOrder:
                var first = keyed.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("first"))
                var second = keyed.nestedUnkeyedContainer(forKey: ParityKey("second"))
                try second.encode(2)
                try first.encode(1, forKey: ParityKey("late"))
            case .caughtErrors:
                // Each failed value is left out, as JSONEncoder leaves it out.
                try? keyed.encode(HalfWritten(), forKey: ParityKey("failed"))
                try? keyed.encode(Double.infinity, forKey: ParityKey("infinite"))
                var list = keyed.nestedUnkeyedContainer(forKey: ParityKey("list"))
                try? list.encode(HalfWritten())
                try list.encode(1)
                try? list.encode(Float.nan)
                try? list.encode([HalfWritten()])
                try keyed.encode(2, forKey: ParityKey("after"))
            case .nestedKeyedKey:
                var nested = keyed.nestedContainer(keyedBy: PathKey.self, forKey: ParityKey("nested"))
                try nested.encode(1, forKey: .deep)
            }
        }
    }

    /// In order, or with errors the model catches, the model runs once, as in `JSONEncoder`.
    /// Where the streaming encoder has to fall back to the tree it runs twice: a documented
    /// difference, counted here.
    @Test(arguments: Shape.allCases)
    func encodeRunsOnceUnlessTheEncoderFallsBack(_ shape: Shape) throws {
        let (foundation, ours) = sortedEncoders()
        let ourCounter = Counter()
        let actual = try ours.encode(Counted(shape: shape, counter: ourCounter))
        switch shape {
        case .nestedKeyedKey:
            #expect(text(actual) == #"{"nested":{"x":{"y":1}}}"#)
        case .caughtErrors:
            // This toolchain's JSONEncoder can trap on a caught error inside a nested value
            // (the stale sub-encoder bug swift-foundation has since fixed): its output is
            // written out instead, each failed value left out.
            #expect(text(actual) == #"{"after":2,"list":[1]}"#)
        case .inOrder, .repeatedKey, .mergedContainers, .outOfOrder:
            let foundationCounter = Counter()
            #expect(text(actual) == text(try foundation.encode(Counted(shape: shape, counter: foundationCounter))))
            #expect(foundationCounter.runs == 1)
        }
        #expect(ourCounter.runs == shape.ourRuns)
        // The whole top-level value is encoded again, its other parts included.
        let siblings = [Counter(), Counter()]
        _ = try ours.encode([Counted(shape: .inOrder, counter: siblings[0]), Counted(shape: shape, counter: siblings[1])])
        #expect(siblings.map(\.runs) == [shape.ourRuns, shape.ourRuns])
    }
}

/// A model whose keys are paths: built as a tree from its first container, so it runs once.
struct CountedPaths: Encodable {
    let counter: FoundationParityRunCountTests.Counter
    let latitude = 1.5
    let elevation = 20

    enum CodingKeys: String, KeyedKey {
        case latitude
        case elevation = "additionalInfo.elevation"
        case flat = ""
    }

    struct Extra: Encodable { var extra = true }

    func encode(to encoder: any Encoder) throws {
        counter.runs += 1
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(elevation, forKey: .elevation)
        try container.encode(Extra(), forKey: .flat)
    }
}

extension FoundationParityRunCountTests {
    @Test func keyedKeyPathsRunOnce() throws {
        let counter = Counter()
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = #"{"additionalInfo":{"elevation":20},"extra":true,"latitude":1.5}"#
        #expect(text(try encoder.encode(CountedPaths(counter: counter))) == expected)
        #expect(counter.runs == 1)
        // Nested in arrays and objects, pretty-printed and not.
        let many = (0..<3).map { _ in CountedPaths(counter: counter) }
        #expect(text(try encoder.encode(["items": many])) == #"{"items":[\#(expected),\#(expected),\#(expected)]}"#)
        #expect(counter.runs == 4)
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let pretty = try encoder.encode(["items": many])
        #expect(try JSON(parsing: pretty) == JSON(parsing: Data(#"{"items":[\#(expected),\#(expected),\#(expected)]}"#.utf8)))
        #expect(counter.runs == 7)
        #expect(text(pretty).contains("\n      \"additionalInfo\" : {\n        \"elevation\" : 20\n      },"))
    }
}

/// `@Flat` properties spread into the object while it streams, so the model runs once.
struct CountedFlat: Encodable {
    struct Location: Codable { var lat = 1.5; var lon = 2 }

    let counter: FoundationParityRunCountTests.Counter
    @Flat var location = Location()
    @Flat var missing: Location? = nil
    @Flat var tags = ["a", "b"]
    var greeting = "hi"

    private enum CodingKeys: String, CodingKey { case location, missing, tags, greeting }

    func encode(to encoder: any Encoder) throws {
        counter.runs += 1
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_location, forKey: .location)
        try container.encode(_missing, forKey: .missing)
        try container.encode(_tags, forKey: .tags)
        try container.encode(greeting, forKey: .greeting)
    }
}

extension FoundationParityRunCountTests {
    @Test(arguments: [JSONEncoder.OutputFormatting(), .sortedKeys, [.sortedKeys, .prettyPrinted], .prettyPrinted])
    func flatPropertiesRunOnce(_ formatting: JSONEncoder.OutputFormatting) throws {
        let counter = Counter()
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = formatting
        let data = try encoder.encode(["first": CountedFlat(counter: counter), "second": CountedFlat(counter: counter)])
        #expect(counter.runs == 2)
        // The same bytes as the tree encoder writes, whose encodeJSON output the writer prints.
        let tree = try encoder.encodeJSON(["first": CountedFlat(counter: counter), "second": CountedFlat(counter: counter)])
        let one: JSON = ["lat": 1.5, "lon": 2, "tags": ["a", "b"], "greeting": "hi"]
        #expect(tree == ["first": one, "second": one])
        #expect(try JSON(parsing: data) == tree)
        if formatting.contains(.sortedKeys) {
            let compact = #"{"greeting":"hi","lat":1.5,"lon":2,"tags":["a","b"]}"#
            #expect(formatting.contains(.prettyPrinted) || text(data) == #"{"first":\#(compact),"second":\#(compact)}"#)
        } else if !formatting.contains(.prettyPrinted) {
            #expect(text(data).contains(#"{"lat":1.5,"lon":2,"tags":["a","b"],"greeting":"hi"}"#))
        }
    }
}

/// Counts its `encode(to:)` runs (one test uses it, so a static count serves).
struct CountingValue: Codable {
    nonisolated(unsafe) static var runs = 0
    var number = 1

    init() {}

    init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        Self.runs += 1
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

/// `@Mapped` key paths that share a nested object: built as a tree from the start.
struct MappedPaths: MappedCodable {
    @Mapped("info.count") var count: CountingValue
    @Mapped("info.name") var name: String
    @Mapped var plain: Int
}

extension FoundationParityRunCountTests {
    @Test func mappedKeyPathsRunOnce() throws {
        var model = MappedPaths()
        model.count = CountingValue()
        model.name = "x"
        model.plain = 3
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(text(try encoder.encode([model, model])) == #"[{"info":{"count":1,"name":"x"},"plain":3},{"info":{"count":1,"name":"x"},"plain":3}]"#)
        #expect(CountingValue.runs == 2)
        #expect(try DynamicJSONDecoder().decode([MappedPaths].self, from: encoder.encode([model])).first?.name == "x")
    }
}

@Suite("Foundation parity: random container sequences")
struct FoundationParitySequenceTests {
    enum Step {
        /// A number (0), an object value (1) or an array value (2) under a key.
        case value(key: Int, kind: Int)
        case keyed(key: Int)
        case unkeyed(key: Int)
        case superValue(key: Int)
        /// Writes again into the container last opened for the key.
        case writeEarlier(key: Int)
    }

    /// What `JSONEncoder` holds under a key, to tell which steps stop it.
    enum Held { case scalar, objectValue, arrayValue, keyed, unkeyed }

    struct Script: Encodable {
        let steps: [Step]

        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: ParityKey.self)
            var keyedKept: [Int: KeyedEncodingContainer<ParityKey>] = [:]
            var unkeyedKept: [Int: any UnkeyedEncodingContainer] = [:]
            for (position, step) in steps.enumerated() {
                switch step {
                case .value(let key, let kind):
                    switch kind {
                    case 0: try top.encode(position, forKey: ParityKey("k\(key)"))
                    case 1: try top.encode(["m\(position)": position], forKey: ParityKey("k\(key)"))
                    default: try top.encode([position], forKey: ParityKey("k\(key)"))
                    }
                case .keyed(let key):
                    var nested = top.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("k\(key)"))
                    try nested.encode(position, forKey: ParityKey("m\(position)"))
                    keyedKept[key] = nested
                case .unkeyed(let key):
                    var nested = top.nestedUnkeyedContainer(forKey: ParityKey("k\(key)"))
                    try nested.encode(position)
                    unkeyedKept[key] = nested
                case .superValue(let key):
                    var single = top.superEncoder(forKey: ParityKey("k\(key)")).singleValueContainer()
                    try single.encode(position)
                case .writeEarlier(let key):
                    if var nested = keyedKept[key] { try nested.encode(position, forKey: ParityKey("late\(position)")) }
                    if var nested = unkeyedKept[key] {
                        try nested.encode(position)
                        unkeyedKept[key] = nested
                    }
                }
            }
        }

        /// The key of the first step `JSONEncoder` stops on, or nil when it finishes.
        var firstMisuse: Int? {
            var held: [Int: Held] = [:]
            for step in steps {
                switch step {
                case .value(let key, let kind): held[key] = [Held.scalar, .objectValue, .arrayValue][kind]
                case .superValue(let key): held[key] = .scalar
                case .keyed(let key):
                    guard [nil, .keyed, .objectValue].contains(held[key]) else { return key }
                    held[key] = .keyed
                case .unkeyed(let key):
                    guard [nil, .unkeyed, .arrayValue].contains(held[key]) else { return key }
                    held[key] = .unkeyed
                case .writeEarlier:
                    break
                }
            }
            return nil
        }
    }

    /// Random sequences never trap: where `JSONEncoder` finishes, the bytes are its bytes;
    /// where it stops, the encode throws an `EncodingError` naming the key.
    @Test func randomContainerSequencesMatchFoundationOrThrow() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(state: seed)
        let (foundation, ours) = sortedEncoders()
        let unsorted = DynamicJSONEncoder()
        var finished = 0, stopped = 0
        for _ in 0..<600 {
            let steps: [Step] = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                let key = Int.random(in: 0..<3, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: return .value(key: key, kind: Int.random(in: 0..<3, using: &random))
                case 1: return .keyed(key: key)
                case 2: return .unkeyed(key: key)
                case 3: return .superValue(key: key)
                default: return .writeEarlier(key: key)
                }
            }
            let script = Script(steps: steps)
            if let key = script.firstMisuse {
                stopped += 1
                let context = contextOf(encodingError { try ours.encode(script) })
                #expect(context?.codingPath.map(\.stringValue) == ["k\(key)"], "seed \(seed): \(steps)")
                #expect(throws: EncodingError.self, "seed \(seed): \(steps)") { try unsorted.encode(script) }
            } else {
                finished += 1
                let expected = try foundation.encode(script)
                #expect(try ours.encode(script) == expected, "seed \(seed): \(steps)")
                // Unsorted, the same members (in encoding order).
                let members = try JSONSerialization.jsonObject(with: unsorted.encode(script)) as? NSDictionary
                #expect(members == (try JSONSerialization.jsonObject(with: expected) as? NSDictionary), "seed \(seed): \(steps)")
            }
        }
        #expect(finished > 100 && stopped > 100, "seed \(seed)")
    }
}
