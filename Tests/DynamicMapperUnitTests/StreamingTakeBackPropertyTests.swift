import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// Random models whose `encode(to:)` writes values under repeated keys, catches some values'
// errors and lets others through: the streaming encoder takes back each failed value in place
// and runs every model's `encode(to:)` once, with the bytes and errors the tree encoder gives
// (and `JSONEncoder`'s, for models in which nothing fails).

@Suite("Streaming encoder: values that throw are taken back in place")
struct StreamingTakeBackPropertyTests {
    /// Counts `encode(to:)` runs over a whole encode.
    final class Counter { var runs = 0 }

    struct Failure: Error, Equatable { let id: Int }

    /// A value a random model writes.
    indirect enum Step {
        case int(Int)
        case text(String)
        /// May hold a non-finite number, which the default strategy refuses.
        case numbers([Double])
        case number(Double)
        case model(RandomModel)
        case models([RandomModel])
        /// A nested unkeyed container, each element written on its own (`caught`: with `try?`).
        case nested([(step: Step, caught: Bool)])
    }

    struct Entry {
        let key: String
        let step: Step
        /// Written with `try?`, so an error in it is the model's to swallow.
        let caught: Bool
    }

    /// Writes its entries in order and, when `failure` is set, throws it after the first
    /// `failsAfter` entries.
    final class RandomModel: Encodable {
        let entries: [Entry]
        let failure: Failure?
        let failsAfter: Int
        let counter: Counter

        init(entries: [Entry], failure: Failure?, failsAfter: Int, counter: Counter) {
            self.entries = entries
            self.failure = failure
            self.failsAfter = failsAfter
            self.counter = counter
        }

        func encode(to encoder: any Encoder) throws {
            counter.runs += 1
            var container = encoder.container(keyedBy: ParityKey.self)
            for (position, entry) in entries.enumerated() {
                if let failure, position == failsAfter { throw failure }
                if entry.caught {
                    try? Self.write(entry.step, forKey: ParityKey(entry.key), in: &container)
                } else {
                    try Self.write(entry.step, forKey: ParityKey(entry.key), in: &container)
                }
            }
            if let failure, failsAfter >= entries.count { throw failure }
        }

        private static func write(_ step: Step, forKey key: ParityKey, in container: inout KeyedEncodingContainer<ParityKey>) throws {
            switch step {
            case .int(let number): try container.encode(number, forKey: key)
            case .text(let text): try container.encode(text, forKey: key)
            case .numbers(let numbers): try container.encode(numbers, forKey: key)
            case .number(let number): try container.encode(number, forKey: key)
            case .model(let model): try container.encode(model, forKey: key)
            case .models(let models): try container.encode(models, forKey: key)
            case .nested(let elements):
                var list = container.nestedUnkeyedContainer(forKey: key)
                for element in elements {
                    if element.caught {
                        try? append(element.step, to: &list)
                    } else {
                        try append(element.step, to: &list)
                    }
                }
            }
        }

        private static func append(_ step: Step, to list: inout any UnkeyedEncodingContainer) throws {
            switch step {
            case .int(let number): try list.encode(number)
            case .text(let text): try list.encode(text)
            case .numbers(let numbers): try list.encode(numbers)
            case .number(let number): try list.encode(number)
            case .model(let model): try list.encode(model)
            case .models(let models): try list.encode(models)
            case .nested(let elements):
                var inner = list.nestedUnkeyedContainer()
                for element in elements { try? append(element.step, to: &inner) }
            }
        }
    }

    /// Builds random models: whole values under a few repeated keys, nested containers under
    /// keys of their own (a container under a repeated key would merge, which only the tree
    /// does), failures caught or not.
    struct Generator {
        var random: SeededRandom
        let counter = Counter()
        private var failures = 0
        private var nestedKeys = 0
        /// Whether anything can throw.
        private(set) var canFail = false

        init(seed: UInt64) { random = SeededRandom(state: seed) }

        mutating func model(depth: Int) -> RandomModel {
            let count = Int.random(in: 0...5, using: &random)
            let entries = (0..<count).map { _ in entry(depth: depth) }
            var failure: Failure?
            if depth > 0 && Int.random(in: 0..<5, using: &random) == 0 {
                failures += 1
                failure = Failure(id: failures)
                canFail = true
            }
            return RandomModel(entries: entries, failure: failure, failsAfter: Int.random(in: 0...count, using: &random), counter: counter)
        }

        private mutating func entry(depth: Int) -> Entry {
            var step = step(depth: depth)
            var key = ["a", "b", "c", "d"].randomElement(using: &random)!
            if case .nested = step {
                nestedKeys += 1
                key = "n\(nestedKeys)"
            }
            if case .nested(let elements) = step, elements.isEmpty { step = .int(0) }
            return Entry(key: key, step: step, caught: Bool.random(using: &random))
        }

        private mutating func step(depth: Int) -> Step {
            switch Int.random(in: 0..<(depth < 3 ? 8 : 4), using: &random) {
            case 0: return .int(Int.random(in: -1000...1000, using: &random))
            case 1: return .text(["x", "é", "a\"b", ""].randomElement(using: &random)!)
            case 2: return .numbers((0..<Int.random(in: 0...3, using: &random)).map { _ in number() })
            case 3: return .number(number())
            case 4, 5: return .model(model(depth: depth + 1))
            case 6: return .models((0..<Int.random(in: 0...2, using: &random)).map { _ in model(depth: depth + 1) })
            default:
                return .nested(
                    (0..<Int.random(in: 1...3, using: &random)).map { _ in
                        (step(depth: depth + 1), Bool.random(using: &random))
                    })
            }
        }

        private mutating func number() -> Double {
            guard Int.random(in: 0..<6, using: &random) == 0 else { return Double(Int.random(in: -99...99, using: &random)) / 4 }
            canFail = true
            return [Double.nan, .infinity, -.infinity].randomElement(using: &random)!
        }
    }

    /// The tree encoder's bytes, or its error.
    private func treeResult(_ model: RandomModel, _ encoder: DynamicJSONEncoder) -> Result<Data, any Error> {
        Result {
            let options = EncodingOptions(encoder)
            let tree = try ContainerMisuse.reporting(options) { try TreeEncoder.wrap(model, options: $0, path: []) }
            guard let tree else { throw DynamicJSONEncoder.emptyTopLevelError(model) }
            return try DynamicJSONEncoder.bytes(of: tree, reportedAs: model, options: options)
        }
    }

    /// An error as the tests compare it: our failure's id, or the kind and coding path.
    private func summary(_ error: any Error) -> String {
        if let failure = error as? Failure { return "failure \(failure.id)" }
        if case EncodingError.invalidValue(_, let context) = error {
            return "invalidValue at " + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
        }
        return "\(error)"
    }

    // Sorted keys only: unsorted, a key written again stays where the tree first put it and
    // moves to its last place in the stream (`JSONEncoder` promises no order there).
    @Test(arguments: [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]])
    func randomModelsMatchTheTreeAndRunOnce(_ formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = formatting
        var comparedWithFoundation = 0, threw = 0
        for seed in UInt64(1)...300 {
            var generator = Generator(seed: seed)
            let model = generator.model(depth: 0)
            let counter = generator.counter
            let ours = Result { try encoder.encode(model) }
            let ourRuns = counter.runs
            counter.runs = 0
            let tree = treeResult(model, encoder)
            #expect(ourRuns == counter.runs, "seed \(seed): encode(to:) ran \(ourRuns) times, the tree's \(counter.runs)")
            switch (ours, tree) {
            case (.success(let ourBytes), .success(let treeBytes)):
                #expect(String(decoding: ourBytes, as: UTF8.self) == String(decoding: treeBytes, as: UTF8.self), "seed \(seed)")
                // JSONEncoder on this toolchain can trap on a caught error inside a nested
                // value, so it sees only models in which nothing can fail.
                if !generator.canFail && formatting.contains(.sortedKeys) {
                    let foundation = JSONEncoder()
                    foundation.outputFormatting = formatting
                    #expect(ourBytes == (try foundation.encode(model)), "seed \(seed)")
                    comparedWithFoundation += 1
                }
            case (.failure(let ourError), .failure(let treeError)):
                #expect(summary(ourError) == summary(treeError), "seed \(seed)")
                threw += 1
            default:
                Issue.record("seed \(seed): ours \(ours), the tree's \(tree)")
            }
        }
        // The seeds cover every outcome.
        #expect(comparedWithFoundation > 20)
        #expect(threw > 20)
    }
}
