import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Where Foundation's own coder tests (swift-foundation, JSONEncoderTests.swift) expect what we
// deliberately do otherwise: each case pinned against `JSONDecoder`'s answer on this machine,
// with the README bullet ("Differences from Foundation's coders") that explains it.

@Suite("Foundation parity: documented differences")
struct FoundationParityDocumentedDifferenceTests {
    /// README, "Strict RFC 8259": Foundation reads trailing commas in plain JSON.
    @Test func trailingCommasNeedJSON5() throws {
        let data = Data(#"{"key" : [ true, ],}"#.utf8)
        #expect(try JSONDecoder().decode([String: [Bool]].self, from: data) == ["key": [true]])
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode([String: [Bool]].self, from: data) }
        #expect(try DynamicJSONDecoder.json5.decode([String: [Bool]].self, from: data) == ["key": [true]])
    }


    /// README, "JSON5 follows the JSON5 specification": NUL escapes read as U+0000.
    @Test(arguments: [#"\0"#, #"\x00"#, #"\u0000"#])
    func nulEscapesInJSON5(_ escape: String) throws {
        let data = Data(#"{v: "hi\#(escape)there"}"#.utf8)
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        #expect(throws: DecodingError.self) { try foundation.decode([String: String].self, from: data) }
        #expect(try DynamicJSONDecoder.json5.decode([String: String].self, from: data) == ["v": "hi\u{0}there"])
    }
}
