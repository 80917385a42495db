import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// The RFC 9535 compliance suite (`../shared/data/jsonpath-compliance-test-suite/cts.json`):
/// every case's selector on its document, on `JSON` and on a parsed `JSONDocument`. A case
/// gives one `result` (and its paths), several allowed `results` (object member order is
/// free), or `invalid_selector`, which must throw.
@Suite("JSONPath compliance", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct JSONPathComplianceTests {
    struct Case: Sendable {
        let name: String
        let selector: String
        let document: JSON?
        let results: [[JSON]]
        let paths: [[String]]
        let invalid: Bool
    }

    static func cases() throws -> [Case] {
        let suite = try JSON(parsing: SharedData.data("jsonpath-compliance-test-suite/cts.json"))
        return (suite["tests"]?.arrayValue ?? []).map { test in
            var results: [[JSON]] = []
            var paths: [[String]] = []
            if let result = test["result"]?.arrayValue {
                results = [result]
                paths = [test["result_paths"]?.arrayValue?.compactMap(\.stringValue) ?? []]
            } else if let alternatives = test["results"]?.arrayValue {
                results = alternatives.compactMap(\.arrayValue)
                paths = test["results_paths"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] } ?? []
            }
            return Case(
                name: test["name"]?.stringValue ?? "", selector: test["selector"]?.stringValue ?? "",
                document: test["document"], results: results, paths: paths,
                invalid: test["invalid_selector"]?.boolValue == true)
        }
    }

    /// What one case gives wrong, or `nil` when it passes (on both value kinds).
    static func failure(of test: Case) -> String? {
        if test.invalid {
            guard let query = try? JSONPath(test.selector) else { return nil }
            return "accepted an invalid selector: \(query)"
        }
        let query: JSONPath
        do {
            query = try JSONPath(test.selector)
        } catch {
            return "rejected: \(error)"
        }
        guard let document = test.document else { return "no document" }
        do {
            let matches = try document.query(query)
            let values = matches.values
            let paths = matches.paths.map(\.description)
            let allowed = test.results.indices.contains { values == test.results[$0] && (test.paths.count <= $0 || paths == test.paths[$0]) }
            guard allowed else { return "gave \(values) at \(paths)" }
            let parsed = try JSONDocument(parsing: document.serialized())
            let tapeMatches = try parsed.query(query)
            guard tapeMatches.values == values, tapeMatches.paths.map(\.description) == paths else {
                return "JSONDocument gave \(tapeMatches.values) at \(tapeMatches.paths.map(\.description))"
            }
        } catch {
            return "threw \(error)"
        }
        return nil
    }

    @Test func everyCasePasses() throws {
        let cases = try Self.cases()
        #expect(cases.count == 703)
        var failures: [String] = []
        for test in cases {
            if let failure = Self.failure(of: test) {
                failures.append("\(test.name) [\(test.selector)]: \(failure)")
            }
        }
        print("JSONPath compliance: \(cases.count - failures.count)/\(cases.count) cases pass")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(failures.isEmpty, "\(failures.count) failing cases")
        #expect(cases.count - failures.count == 703)
    }
}
