import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// A decoded `JSON` value nests at most JSON.maximumNesting arrays and objects, on every route:
// DynamicJSONDecoder with maximumDepth raised far past it, and other decoders, which reach
// each level through `JSON.init(from:)`. Deeper, the decode throws a DecodingError; it never
// builds a value whose release overflows the stack.

/// `levels` nested arrays around a `0`.
private func arrays(_ levels: Int) -> String {
    String(repeating: "[", count: levels) + "0" + String(repeating: "]", count: levels)
}

private struct Box: Decodable {
    var value: JSON
}

private struct Tags: Decodable {
    @Flat var tags: [String]
}

/// The debug description of the `DecodingError.dataCorrupted` that `body` throws, with its
/// coding path, or what else happened.
private func corruption(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "decoded"
    } catch DecodingError.dataCorrupted(let context) {
        return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
    } catch {
        return "other error: \(error)"
    }
}

@Suite("Decoding JSON: the nesting cap on every route")
struct JSONDecodingDepthTests {
    @Test("DynamicJSONDecoder with maximumDepth raised: 100,000 levels are refused on a 512 KiB thread, 1,024 decode")
    func raisedMaximumDepth() {
        let outcome: [String] = onThread(stackSize: 512 * 1024) {
            let decoder = DynamicJSONDecoder()
            decoder.maximumDepth = 200_000
            return [
                corruption { _ = try decoder.decode(JSON.self, from: Data(arrays(100_000).utf8)) },
                corruption { _ = try decoder.decode(JSON.self, from: Data(arrays(1_025).utf8)) },
                corruption { _ = try decoder.decode(Box.self, from: Data(#"{"value":\#(arrays(1_025))}"#.utf8)) },
                corruption { _ = try decoder.decode([JSON].self, from: Data(arrays(1_026).utf8)) },
                corruption { _ = try decoder.decode(Box.self, from: Data(#"{"value":\#(arrays(1_024))}"#.utf8)) },
                corruption { _ = try decoder.decode([JSON].self, from: Data(arrays(1_025).utf8)) },
            ]
        }
        let refusal = "A JSON value nests arrays and objects more than 1024 deep (JSON.maximumNesting), whatever maximumDepth allows"
        #expect(outcome == [": " + refusal, ": " + refusal, "value: " + refusal, "Index 0: " + refusal, "decoded", "decoded"])
    }

    @Test("a decode report describes a dropped element nested past JSON.maximumNesting instead of building it")
    func reportOfADeepDroppedElement() {
        let outcome: [String] = onThread(stackSize: 512 * 1024) {
            let decoder = DynamicJSONDecoder()
            decoder.maximumDepth = 200_000
            do {
                let (value, report) = try decoder.decodeWithReport(Tags.self, from: Data(#"{"tags":["a",\#(arrays(100_000)),"b"]}"#.utf8))
                return value.tags + report.events.map { String($0.description.prefix(88)) }
            } catch {
                return ["\(error)"]
            }
        }
        #expect(outcome == ["a", "b", "tags[1]: dropped from lossy array, value (arrays and objects nested more than 1024 deep)"])
    }

    @Test("another decoder: deeper than JSON.maximumNesting is a DecodingError, not unbounded recursion")
    func otherDecoders() throws {
        let outcome: [String] = onThread(stackSize: 64 << 20) {
            do {
                let deep = try JSON(parsing: arrays(1_024), maximumDepth: 1_024)
                let deeper: JSON = [deep]
                let encoder = PropertyListEncoder()
                let atCap = try PropertyListDecoder().decode(JSON.self, from: try encoder.encode(deep))
                let message = corruption { _ = try PropertyListDecoder().decode(JSON.self, from: try encoder.encode(deeper)) }
                return [atCap == deep ? "at the cap" : "wrong", String(message.drop { $0 != ":" })]
            } catch {
                return ["\(error)"]
            }
        }
        #expect(outcome == ["at the cap", ": A JSON value nests arrays and objects more than 1024 deep (JSON.maximumNesting)"])
    }

    @Test("a JSON Patch read by Foundation's decoder keeps its values as JSON decodes them")
    func patchThroughFoundation() throws {
        let text = #"[{"op":"add","path":"/a","value":\#(arrays(500))}]"#
        let patch = try JSONDecoder().decode(JSONPatch.self, from: Data(text.utf8))
        #expect(patch == (try DynamicJSONDecoder().decode(JSONPatch.self, from: Data(text.utf8))))
    }
}
