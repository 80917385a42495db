import Foundation
import Testing
import DynamicMapper

// ObjectMapper's URLTransformTests.swift, ported: `URLTransform().transformFromJSON(_:)` is
// `URLTransformer().decode(_:)`. ObjectMapper percent-encodes the string first (with a
// character set that can be given); ours reads the string as it is, which gives the same URLs
// for these inputs.

@Suite("ObjectMapper URLTransformTests")
struct OMURLTransformTests {
    @Test func testUrlQueryAllowed() throws {
        let output = try URLTransformer().decode("https://example.com/search?query=foo")
        #expect(output == URL(string: "https://example.com/search?query=foo"))
    }

    @Test func testCanPassInAllowedCharacterSet() throws {
        let output = try URLTransformer().decode("https://example.com/%25")
        #expect(output == URL(string: "https://example.com/%25"))
    }
}
