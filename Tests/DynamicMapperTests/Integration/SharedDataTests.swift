import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// The shared data is there when CI says it must be, and whole: each suite's tests assert
/// how many cases they ran, and these pin what there is to run.
@Suite("Shared data", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct SharedDataTests {
    @Test func theFolderIsFound() {
        #expect(SharedData.isAvailable, "set DYNAMICMAPPER_SHARED_DATA or clone shared/ beside the repository")
    }

    @Test func theBenchmarkCorpusIsComplete() throws {
        let names = SharedData.files(in: "bench").map(\.lastPathComponent)
        #expect(names == ["canada.json", "citm_catalog.json", "twitter.json"])
        let sizes = try names.map { try SharedData.data("bench/\($0)").count }
        #expect(sizes == [2_251_051, 1_727_204, 631_514])
    }

    /// Every JSON Patch record parses, and has a document, a patch and an expected result or
    /// error. Applying the patches is the JSON Patch feature's test; this pins the count.
    @Test(arguments: [("tests.json", 95, 3), ("spec_tests.json", 17, 1)])
    func jsonPatchRecordsParse(file: String, records: Int, disabled: Int) throws {
        let suite = try JSON(parsing: SharedData.data("json-patch-tests/\(file)"))
        let entries = try #require(suite.arrayValue)
        #expect(entries.count == records)
        var parsed = 0
        for entry in entries {
            guard let record = entry.objectValue else {
                Issue.record("\(file): a record that is not an object: \(entry)")
                continue
            }
            #expect(record["doc"] != nil && record["patch"]?.arrayValue != nil, "\(file): \(entry)")
            // One record of tests.json only says what it is about, with neither.
            if record["expected"] == nil && record["error"] == nil {
                #expect(record["comment"] != nil, "\(file): \(entry)")
            }
            parsed += 1
        }
        #expect(parsed == records)
        #expect(entries.filter { $0.objectValue?["disabled"] == true }.count == disabled)
    }
}
