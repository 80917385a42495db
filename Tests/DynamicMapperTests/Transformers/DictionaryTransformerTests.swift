import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `DictionaryTransformer` (ObjectMapper's `DictionaryTransform`): an object into `[Key: Value]`
// with enum keys (issue 28, item 6).

private enum DCChannel: String, CaseIterable { case email, sms, push }

private struct DCPreference: Codable, Equatable {
    var enabled: Bool
}

private struct DCSettings: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var channels: [DCChannel: DCPreference] = [:]
    var limits: [DCChannel: Int]?
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        channels <-> ds.channels.using(DictionaryTransformer<DCChannel, DCPreference>())
        limits <-> ds.limits.using(DictionaryTransformer<DCChannel, Int>(unknownKeys: .refuse))
    }
}

private struct DCCoded: Codable {
    @CodedBy<DictionaryTransformer<DCChannel, Int>> var limits: [DCChannel: Int]
}

@Suite("DictionaryTransformer: objects keyed by enum raw values")
struct DictionaryTransformerTests {
    @Test("known keys map to cases; unknown ones are dropped by default and refused with .refuse")
    func keys() throws {
        let transformer = DictionaryTransformer<DCChannel, Int>()
        #expect(transformer.unknownKeys == .drop)
        #expect(try transformer.decode(["sms": 1, "fax": 2, "email": 3]) == [.sms: 1, .email: 3])
        #expect(try transformer.encode([.push: 4]) == ["push": 4])
        #expect(throws: TransformerError(value: "fax", reason: "is not a raw value of DCChannel")) {
            try DictionaryTransformer<DCChannel, Int>(unknownKeys: .refuse).decode(["sms": 1, "zz": 0, "fax": 2])
        }
    }

    @Test("in <->: nested values decode as Value; a refusal keeps the property and is reported")
    func inAMappableModel() throws {
        let input = #"{"channels":{"email":{"enabled":true},"fax":{"enabled":false}},"limits":{"sms":3,"pager":1}}"#
        let (settings, report) = try DynamicJSONDecoder().decodeWithReport(DCSettings.self, from: Data(input.utf8))
        #expect(settings.channels == [.email: DCPreference(enabled: true)])
        #expect(settings.limits == nil)
        #expect(
            report.events.map(\.description) == [
                #"limits: mapping read failed, value {"sms":3,"pager":1}: dataCorrupted at limits: "pager" is not a raw value of DCChannel"#
            ])
        var edited = DCSettings()
        edited.limits = [.sms: 2]
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(edited), as: UTF8.self) == #"{"channels":{},"limits":{"sms":2}}"#)
    }

    @Test("@CodedBy makes it from its type, with Foundation's coders too")
    func inCodedBy() throws {
        let coded = try JSONDecoder().decode(DCCoded.self, from: Data(#"{"limits":{"push":9,"telex":1}}"#.utf8))
        #expect(coded.limits == [.push: 9])
        #expect(String(decoding: try JSONEncoder().encode(coded), as: UTF8.self) == #"{"limits":{"push":9}}"#)
    }

    @Test("random dictionaries keep every known key and drop every other", arguments: 1...4)
    func randomDictionaries(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let transformer = DictionaryTransformer<DCChannel, Int>()
        for _ in 0..<200 {
            var raw: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let key =
                    Bool.random(using: &random)
                    ? (DCChannel.allCases.randomElement(using: &random)?.rawValue ?? "email")
                    : "k\(Int.random(in: 0...9, using: &random))"
                raw[key] = Int.random(in: -100...100, using: &random)
            }
            let decoded = try transformer.decode(raw)
            let known = raw.filter { DCChannel(rawValue: $0.key) != nil }
            #expect(decoded.count == known.count)
            #expect(try transformer.encode(decoded) == known)
        }
    }
}
