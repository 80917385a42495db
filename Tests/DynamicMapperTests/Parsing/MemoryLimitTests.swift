import Foundation
import Testing
import DynamicMapper

// Documented limits for memory that grows linearly with hostile input but would still be
// large: the events a decode report keeps, and the `null`s index writes may pad one view with.
// File-scope types carry an `ML` prefix.

private struct MLTags: Codable, Equatable {
    @Flat var tags: [String]
}

@Suite("Memory limits: report events and view padding")
struct MemoryLimitTests {
    /// `{"tags": [1, 2, …]}`: every element is dropped from the lossy array, one event each.
    private static func numbers(_ count: Int) -> Data {
        Data(("{\"tags\": [" + (0..<count).map(String.init).joined(separator: ",") + "]}").utf8)
    }

    @Test("a report keeps the first 10,000 events and counts the rest")
    func reportKeepsTheDefaultNumberOfEvents() throws {
        let (value, report) = try DynamicJSONDecoder().decodeWithReport(MLTags.self, from: Self.numbers(12_345))
        #expect(value.tags.isEmpty)
        #expect(DecodeReport.defaultMaximumEvents == 10_000)
        #expect(report.events.count == 10_000)
        #expect(report.omittedEventCount == 2_345)
        #expect(report.events.last?.path == Path([.key("tags"), .index(9_999)]))
        #expect(report.description.hasSuffix("\n… and 2345 more events, not kept"))
    }

    @Test("maximumEvents: a smaller cap, counted in the encoded report too")
    func reportKeepsWhatTheCallerAsks() throws {
        let (_, report) = try DynamicJSONDecoder().decodeWithReport(MLTags.self, from: Self.numbers(7), maximumEvents: 3)
        #expect(report.events.map(\.path) == (0..<3).map { Path([.key("tags"), .index($0)]) })
        #expect(report.omittedEventCount == 4)
        #expect(!report.isEmpty)
        let encoded = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(DecodeReport.self, from: encoded)
        #expect(decoded == report)
        #expect(decoded.omittedEventCount == 4)
        // A report written before the count existed, or with nothing omitted, has no such member.
        let plain = try JSONEncoder().encode(DecodeReport(events: []))
        #expect(String(decoding: plain, as: UTF8.self) == #"{"events":[]}"#)
        #expect(try JSONDecoder().decode(DecodeReport.self, from: plain).omittedEventCount == 0)

        let (_, none) = try DynamicJSONDecoder().decodeWithReport(MLTags.self, from: Self.numbers(2), maximumEvents: 0)
        #expect(none.events.isEmpty)
        #expect(none.omittedEventCount == 2)
        #expect(none.description == "… and 2 more events, not kept")
    }

    @Test("a recorder shared through userInfo keeps its own maximum")
    func recorderKeepsItsMaximum() throws {
        let recorder = DecodeReport.Recorder(maximumEvents: 2)
        #expect(recorder.maximumEvents == 2)
        let decoder = DynamicJSONDecoder()
        _ = try JSONDocument(parsing: Self.numbers(5)).decodeWithReport(MLTags.self, using: decoder, maximumEvents: 2)
        let (_, report) = try JSONDocument(parsing: Self.numbers(5)).decodeWithReport(MLTags.self, using: decoder, maximumEvents: 2)
        #expect(report.events.count == 2)
        #expect(report.omittedEventCount == 3)
    }

    @Test("index writes pad one view with at most 1,000,000 nulls in total")
    func paddingHasATotalPerView() throws {
        #expect(DynamicClass.maximumPadding == 1_000_000)
        var view = DynamicClass()
        // Ten writes of 99,999 nulls each: 999,990 in all, within the total.
        for list in 0..<10 {
            do {
                let written = view[key: "list\(list)"][99_999].set(list)
                #expect(written)
            }
            #expect(JSON(view[key: "list\(list)"][99_998]) == .null)
        }
        // The eleventh would pass it: refused, nothing written.
        do {
            let written = view.list10[99_999].set(10)
            #expect(!written)
        }
        #expect(JSON(view.list10) == nil)
        // Ten more nulls fit exactly; then not one more.
        do {
            let written = view.short[10].set("x")
            #expect(written)
        }
        #expect(JSON(view.short) == JSON.array(Array(repeating: .null, count: 10) + ["x"]))
        do {
            let written = view.other[1].set("y")
            #expect(!written)
        }
        // Writes that pad nothing still go through: in place, and appending at the end.
        do {
            let written = view.short[0].set("first")
            #expect(written)
        }
        do {
            let written = view.short[11].set("end")
            #expect(written)
        }
        do {
            let written = view.other[0].set("y")
            #expect(written)
        }
        #expect(JSON(view.other) == ["y"])
        // Another view has a total of its own.
        var fresh = DynamicClass()
        do {
            let written = fresh.list[99_999].set(1)
            #expect(written)
        }
    }

    @Test("the padding total holds for pointer writes and nested parents too")
    func paddingCountsEveryGapOfAWrite() throws {
        var view = DynamicClass()
        // One write that creates two padded arrays: 99,999 + 99,999 nulls.
        do {
            let written = view.a[99_999][99_999].set(1)
            #expect(written)
        }
        for index in 0..<8 {
            do {
                let written = view[pointer: "/p\(index)/99999"].set(index)
                #expect(written)
            }
        }
        // 10 × 99,999 spent: 10 left.
        do {
            let written = view[pointer: "/q/11"].set(0)
            #expect(!written)
        }
        do {
            let written = view[pointer: "/q/10"].set(0)
            #expect(written)
        }
    }
}
