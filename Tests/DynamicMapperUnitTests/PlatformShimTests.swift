import Foundation
import Testing
@testable import DynamicMapper

// The logic behind the Darwin-only `.formatted` date strategy cases, run on Linux too: the
// `#if canImport(Darwin)` branches only call these (CONTRIBUTING.md, "Platform-specific code").

@Suite("Platform shims")
struct PlatformShimTests {
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    @Test("A formatted date reads as the formatter reads it and writes back the same text")
    func formattedDateRoundTrip() throws {
        let date = try DateText.date(from: "2012-05-01", formatter: Self.formatter(), codingPath: [])
        #expect(date == Date(timeIntervalSince1970: 1_335_830_400))
        #expect(DateText.text(of: date, formatter: Self.formatter()) == "2012-05-01")
    }

    @Test("Text the formatter cannot read is JSONDecoder's dataCorrupted at the coding path")
    func formattedDateRefused() {
        do {
            _ = try DateText.date(from: "May 1st", formatter: Self.formatter(), codingPath: [AnyKey(stringValue: "when")])
            Issue.record("text the formatter cannot read gave a date")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["when"])
            #expect(context.debugDescription == "Date string does not match format expected by formatter.")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("JSONDecoder on this platform gives the same date and error for .formatted")
    func matchesFoundation() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(Self.formatter())
        let foundation = try decoder.decode([Date].self, from: Data(#"["2012-05-01"]"#.utf8))
        #expect(foundation == [try DateText.date(from: "2012-05-01", formatter: Self.formatter(), codingPath: [])])
    }
}
