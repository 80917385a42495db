import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// json5-tests: with JSON5 on, `.json` and `.json5` files must be accepted and `.js` and `.txt`
/// files rejected with a positioned error. `todo/` holds the specification's open cases.
@Suite("JSON5 conformance", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct JSON5ConformanceTests {
    static let folders = ["arrays", "comments", "misc", "new-lines", "numbers", "objects", "strings"]

    /// `folder/name` of every record: the files with one of the four extensions.
    static let records: [String] = folders.flatMap { folder in
        SharedData.files(in: "json5-tests/\(folder)").map(\.lastPathComponent)
            .filter { ["json", "json5", "js", "txt"].contains(($0 as NSString).pathExtension) }
            .map { "\(folder)/\($0)" }
    }

    @Test func everyRecordIsThere() {
        #expect(Self.records.count == 111)
        let extensions = Self.records.map { ($0 as NSString).pathExtension }
        #expect(extensions.filter { $0 == "json" }.count == 25)
        #expect(extensions.filter { $0 == "json5" }.count == 55)
        #expect(extensions.filter { $0 == "js" }.count == 6)
        #expect(extensions.filter { $0 == "txt" }.count == 25)
    }

    @Test(arguments: records)
    func record(_ name: String) throws {
        let data = try SharedData.data("json5-tests/\(name)")
        let result = Result { try JSON(parsing: data, allowsJSON5: true) }
        switch (name as NSString).pathExtension {
        case "json", "json5":
            #expect(throws: Never.self, "\(name)") { try result.get() }
            if case .success(let value) = result {
                // What was read survives a JSON round trip (non-finite numbers have no JSON form).
                let text = value.serialized()
                if !String(decoding: text, as: UTF8.self).contains("Infinity") && !String(decoding: text, as: UTF8.self).contains("NaN") {
                    #expect(try JSON(parsing: text) == value, "\(name)")
                }
            }
        default:
            guard case .failure(let error) = result else {
                Issue.record("\(name) was accepted: \(try result.get())")
                return
            }
            let syntax = try #require(FuzzChecks.syntaxError(error), "\(name): \(error)")
            #expect(syntax.line >= 1 && syntax.column >= 1 && syntax.offset <= data.count, "\(name): \(syntax)")
        }
    }

    /// The open cases, pinned: unquoted keys with non-ASCII letters are accepted, and a
    /// Unicode escape in an unquoted key is not (README, "JSON5 follows the JSON5 specification").
    @Test func openCasesArePinned() throws {
        let names = SharedData.files(in: "json5-tests/todo").map(\.lastPathComponent)
        #expect(names == ["unicode-escaped-unquoted-key.json5", "unicode-unquoted-key.json5"])
        #expect(throws: DecodingError.self) {
            try JSON(parsing: SharedData.data("json5-tests/todo/unicode-escaped-unquoted-key.json5"), allowsJSON5: true)
        }
        let accepted = try JSON(parsing: SharedData.data("json5-tests/todo/unicode-unquoted-key.json5"), allowsJSON5: true)
        #expect(accepted.objectValue?.count == 1)
    }
}
