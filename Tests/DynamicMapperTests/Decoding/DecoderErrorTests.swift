import Testing
import Foundation
import DynamicMapper

// MARK: - Helpers and models

/// Expects `decode` to throw `DecodingError.dataCorrupted` at the root whose underlying error is
/// a `JSONSyntaxError` at `line`/`column`, named in the debug description too.
func expectSyntaxError(
    line: Int, column: Int, sourceLocation: SourceLocation = #_sourceLocation, _ decode: () throws -> Any
) {
    do {
        let value = try decode()
        Issue.record("Expected a syntax error at line \(line), column \(column), decoded \(value)", sourceLocation: sourceLocation)
    } catch DecodingError.dataCorrupted(let context) {
        #expect(context.codingPath.isEmpty, "path \(context.codingPath)", sourceLocation: sourceLocation)
        guard let syntax = context.underlyingError as? JSONSyntaxError else {
            Issue.record(
                "underlyingError is \(String(describing: context.underlyingError)), not a JSONSyntaxError",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            syntax.line == line && syntax.column == column,
            "expected line \(line), column \(column); got \(syntax)", sourceLocation: sourceLocation)
        // Printed, the error names the position once: in its underlying error.
        let printed = String(describing: DecodingError.dataCorrupted(context))
        #expect(
            printed.components(separatedBy: "line \(line), column \(column)").count == 2,
            "printed: \(printed)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("Expected DecodingError.dataCorrupted, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Decodes `bytes` as `PlainJSONValue` with a fresh (optionally configured) `DynamicJSONDecoder`
/// and expects a syntax error at `line`/`column`.
func expectSyntaxError(
    _ bytes: Data, line: Int, column: Int, configure: (DynamicJSONDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let decoder = DynamicJSONDecoder()
    configure(decoder)
    expectSyntaxError(line: line, column: column, sourceLocation: sourceLocation) {
        try decoder.decode(PlainJSONValue.self, from: bytes)
    }
}

func expectSyntaxError(
    _ text: String, line: Int, column: Int, configure: (DynamicJSONDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSyntaxError(Data(text.utf8), line: line, column: column, configure: configure, sourceLocation: sourceLocation)
}

/// Nested arrays, counting the depth through unkeyed containers only.
struct NestedArrays: Decodable, Equatable {
    var depth: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var deepest = 0
        while !container.isAtEnd { deepest = max(deepest, try container.decode(NestedArrays.self).depth) }
        depth = deepest + 1
    }
}

/// Objects nested through key `a`, counting the depth.
struct NestedObjects: Decodable, Equatable {
    var depth: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        depth = (try container.decodeIfPresent(NestedObjects.self, forKey: DecAnyKey("a"))?.depth ?? 0) + 1
    }
}

func nestedArrays(_ depth: Int) -> Data {
    Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
}

func nestedObjects(_ depth: Int) -> Data {
    Data((String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)).utf8)
}

/// Anything with `decode(_:from:)`; `JSONDecoder` conforms, so calls dispatch dynamically.
protocol JSONDecoding {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: JSONDecoding {}

func decodeThroughGeneric<D: JSONDecoder, T: Decodable>(_ type: T.Type, with decoder: D, from data: Data) throws -> T {
    try decoder.decode(type, from: data)
}

func decodeThroughProtocol<T: Decodable>(_ type: T.Type, with decoder: some JSONDecoding, from data: Data) throws -> T {
    try decoder.decode(type, from: data)
}

/// A value that needs a configuration (an offset added to every number).
struct OffsetNumbers: DecodableWithConfiguration, Equatable {
    var values: [Int]
    init(from decoder: any Decoder, configuration: Int) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Int] = []
        while !container.isAtEnd { values.append(try container.decode(Int.self) + configuration) }
        self.values = values
    }
}

struct OffsetProvider: DecodingConfigurationProviding {
    static let decodingConfiguration = 100
}

struct ConcurrentRecord: Decodable, Equatable, Sendable {
    var recordId: Int
    var displayName: String
    var createdAt: Date
    var values: [Double]
    var child: ZipHolder?
}

// MARK: - Tests

@Suite("Decoder errors and intended differences")
struct DecoderErrorTests {
    // MARK: Positioned syntax errors

    @Test func doubledComma() {
        expectSyntaxError("[1,\n 2,,]", line: 2, column: 4)
        expectSyntaxError("[1,,2]", line: 1, column: 4)
    }

    @Test func unterminatedString() {
        expectSyntaxError(#"{"a": "abc"#, line: 1, column: 7)
        expectSyntaxError("[\n  \"abc", line: 2, column: 3)
        expectSyntaxError(#""abc\"#, line: 1, column: 5)
    }

    @Test func invalidUTF8() {
        expectSyntaxError(Data([0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D]), line: 1, column: 4)
        // `["é` then a truncated two-byte sequence.
        expectSyntaxError(Data([0x5B, 0x22, 0xC3, 0xA9, 0xC3, 0x22, 0x5D]), line: 1, column: 4)
        // Overlong encoding of '/'.
        expectSyntaxError(Data([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]), line: 1, column: 3)
        // UTF-8 encoded surrogate (U+D800).
        expectSyntaxError(Data([0x22, 0xED, 0xA0, 0x80, 0x22]), line: 1, column: 2)
        // Second line.
        expectSyntaxError(Data([0x5B, 0x0A, 0x20, 0x22, 0xFE, 0x22, 0x5D]), line: 2, column: 3)
    }

    @Test func loneSurrogates() {
        expectSyntaxError(#""\udc00""#, line: 1, column: 2)
        expectSyntaxError("{\"k\":\n  \"ab\\udc00\"}", line: 2, column: 6)
        expectSyntaxError(#""\ud83d""#, line: 1, column: 2)
        expectSyntaxError(#""\ud83d x""#, line: 1, column: 2)
        expectSyntaxError(#""\ud83d\u0041""#, line: 1, column: 2)
        expectSyntaxError(#"["ok", "x\uD800"]"#, line: 1, column: 10)
    }

    @Test func trailingGarbage() {
        expectSyntaxError(#"{"a":1} x"#, line: 1, column: 9)
        expectSyntaxError("[1]]", line: 1, column: 4)
        expectSyntaxError("1 2", line: 1, column: 3)
        expectSyntaxError("\"a\"\n\n  b", line: 3, column: 3)
        expectSyntaxError("null,", line: 1, column: 5)
    }

    @Test func emptyInput() {
        expectSyntaxError("", line: 1, column: 1)
        expectSyntaxError("\n\n  ", line: 3, column: 3)
        expectSyntaxError("   ", line: 1, column: 4)
    }

    @Test func trailingCommas() {
        expectSyntaxError("[1,2,]", line: 1, column: 6)
        expectSyntaxError(#"{"a":1,}"#, line: 1, column: 8)
        expectSyntaxError("[1,\n]", line: 2, column: 1)
        expectSyntaxError(#"{"a": [1,], "b": 2}"#, line: 1, column: 10)
        expectSyntaxError("[1,\r\n,]", line: 2, column: 1)
        let decoder = DynamicJSONDecoder()
        expectSyntaxError(line: 1, column: 6) { try decoder.decode([Int].self, from: Data("[1,2,]".utf8)) }
        expectSyntaxError(line: 1, column: 17) { try decoder.decode(DecBox<[Int]>.self, from: Data(#"{"v": [1], "w": }"#.utf8)) }
        expectSyntaxError(line: 1, column: 8) { try decoder.decode([String: Int].self, from: Data(#"{"a":1,}"#.utf8)) }
    }

    @Test func trailingCommaIsTheIntendedDifference() throws {
        // Foundation accepts it; we do only with allowsJSON5.
        #expect(try JSONDecoder().decode([Int].self, from: Data("[1,2,]".utf8)) == [1, 2])
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode([Int].self, from: Data("[1,2,]".utf8)) }
        let json5 = DynamicJSONDecoder()
        json5.allowsJSON5 = true
        #expect(try json5.decode([Int].self, from: Data("[1,2,]".utf8)) == [1, 2])
        #expect(try json5.decode([String: Int].self, from: Data(#"{"a":1,}"#.utf8)) == ["a": 1])
    }

    @Test func columnsCountUnicodeScalars() {
        expectSyntaxError(#"["é😀", x]"#, line: 1, column: 8)
        expectSyntaxError(#""日本語" x"#, line: 1, column: 7)
        expectSyntaxError("[\"e\u{301}\", x]", line: 1, column: 8)
        expectSyntaxError("{\"ü\": 1,\n \"😀😀\": ?}", line: 2, column: 8)
    }

    @Test func controlCharactersInStrings() {
        expectSyntaxError("[\"a\tb\"]", line: 1, column: 4)
        expectSyntaxError("[\"a\nb\"]", line: 1, column: 4)
        // A NUL among the first four bytes would select UTF-16/32 input, so it comes later here.
        expectSyntaxError("[\"ab\u{0}\"]", line: 1, column: 5)
    }

    @Test func malformedJSON5() {
        // Rejected up front with a position (Foundation validates these lazily).
        let json5: (DynamicJSONDecoder) -> Void = { $0.allowsJSON5 = true }
        expectSyntaxError(#"["\q"]"#, line: 1, column: 3, configure: json5)
        expectSyntaxError("[00]", line: 1, column: 3, configure: json5)
        expectSyntaxError("[010]", line: 1, column: 3, configure: json5)
        expectSyntaxError("[0x]", line: 1, column: 4, configure: json5)
        expectSyntaxError("[1] /*", line: 1, column: 5, configure: json5)
        expectSyntaxError("[1,,2]", line: 1, column: 4, configure: json5)
    }

    @Test func errorsThroughTypedDecoding() {
        let decoder = DynamicJSONDecoder()
        expectSyntaxError(line: 2, column: 9) { try decoder.decode(DecUser.self, from: Data("{\"id\": 1,\n \"name\" \"x\"}".utf8)) }
        expectSyntaxError(line: 1, column: 4) { _ = try decoder.decode([Int]?.self, from: Data("[1 2]".utf8)) }
    }

    // MARK: Depth

    @Test func depthLimitDefault() throws {
        let decoder = DynamicJSONDecoder()
        #expect(decoder.maximumDepth == 512)
        #expect(try decoder.decode(NestedArrays.self, from: nestedArrays(512)).depth == 512)
        expectSyntaxError(line: 1, column: 513) { try decoder.decode(NestedArrays.self, from: nestedArrays(513)) }
        #expect(try decoder.decode(NestedObjects.self, from: nestedObjects(512)).depth == 512)
        expectSyntaxError(line: 1, column: 5 * 512 + 1) { try decoder.decode(NestedObjects.self, from: nestedObjects(513)) }
        // The limit applies even when the deep part is never decoded.
        let skipped = Data((#"{"ignored": "# + String(decoding: nestedArrays(512), as: UTF8.self) + "}").utf8)
        expectSyntaxError(line: 1, column: 13 + 511) { try decoder.decode(DecEmpty.self, from: skipped) }
    }

    @Test func depthLimitConfigured() throws {
        let decoder = DynamicJSONDecoder()
        decoder.maximumDepth = 10
        #expect(decoder.maximumDepth == 10)
        #expect(try decoder.decode(NestedArrays.self, from: nestedArrays(10)).depth == 10)
        expectSyntaxError(line: 1, column: 11) { try decoder.decode(NestedArrays.self, from: nestedArrays(11)) }
        #expect(try decoder.decode(NestedObjects.self, from: nestedObjects(10)).depth == 10)
        expectSyntaxError(line: 1, column: 5 * 10 + 1) { try decoder.decode(NestedObjects.self, from: nestedObjects(11)) }
        decoder.maximumDepth = 1
        #expect(try decoder.decode([Int].self, from: Data("[1]".utf8)) == [1])
        #expect(try decoder.decode(Int.self, from: Data("1".utf8)) == 1)
        expectSyntaxError(line: 1, column: 2) { try decoder.decode([[Int]].self, from: Data("[[]]".utf8)) }
        // Past the default: 600 levels of a recursive type, which recurses through its own
        // init(from:), still fit a test thread's stack under AddressSanitizer (1,000 do not).
        decoder.maximumDepth = 2_000
        #expect(try decoder.decode(NestedArrays.self, from: nestedArrays(600)).depth == 600)
    }

    @Test func hugeNestingThrowsWithoutCrashing() {
        let decoder = DynamicJSONDecoder()
        let opened = Data(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(PlainJSONValue.self, from: opened) }
        expectSyntaxError(line: 1, column: 513) { try decoder.decode(PlainJSONValue.self, from: opened) }
        expectSyntaxError(line: 1, column: 513) { try decoder.decode(NestedArrays.self, from: nestedArrays(100_000)) }
        let objects = Data(String(repeating: #"{"a":"#, count: 100_000).utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(NestedObjects.self, from: objects) }
    }

    // MARK: Dispatch

    @Test func jsonDecoderTypedReferenceGetsOurBehaviour() throws {
        let decoder: JSONDecoder = DynamicJSONDecoder()
        expectSyntaxError(line: 1, column: 6) { try decoder.decode([Int].self, from: Data("[1,2,]".utf8)) }
        #expect(try decoder.decode([Int].self, from: Data("[1,2]".utf8)) == [1, 2])
        expectSyntaxError(line: 1, column: 6) { try decodeThroughGeneric([Int].self, with: decoder, from: Data("[1,2,]".utf8)) }
        expectSyntaxError(line: 1, column: 6) {
            try decodeThroughGeneric([Int].self, with: DynamicJSONDecoder(), from: Data("[1,2,]".utf8))
        }
        expectSyntaxError(line: 1, column: 6) { try decodeThroughProtocol([Int].self, with: decoder, from: Data("[1,2,]".utf8)) }
        let existential: any JSONDecoding = DynamicJSONDecoder()
        expectSyntaxError(line: 1, column: 6) { try existential.decode([Int].self, from: Data("[1,2,]".utf8)) }
        // A subclass of ours keeps our behaviour.
        final class Sub: DynamicJSONDecoder, @unchecked Sendable {}
        expectSyntaxError(line: 1, column: 6) { try Sub().decode([Int].self, from: Data("[1,2,]".utf8)) }
    }

    @Test func decodingWithConfigurationGetsOurBehaviour() throws {
        let decoder: JSONDecoder = DynamicJSONDecoder()
        let foundation = JSONDecoder()
        let valid = Data("[1, 2]".utf8)
        #expect(
            try decoder.decode(OffsetNumbers.self, from: valid, configuration: 5)
                == foundation.decode(OffsetNumbers.self, from: valid, configuration: 5))
        #expect(try decoder.decode(OffsetNumbers.self, from: valid, configuration: OffsetProvider.self).values == [101, 102])
        expectSyntaxError(line: 1, column: 6) {
            try decoder.decode(OffsetNumbers.self, from: Data("[1,2,]".utf8), configuration: 5)
        }
        expectSyntaxError(line: 1, column: 6) {
            try decoder.decode(OffsetNumbers.self, from: Data("[1,2,]".utf8), configuration: OffsetProvider.self)
        }
    }

    // MARK: Concurrency

    static func document(_ index: Int) -> String {
        let child = index % 3 == 0 ? #", "child": {"zip": "z\#(index)"}"# : ""
        let name = index % 10 == 7 ? "" : #""display_name": "name \#(index) \u00e9","#
        return #"{"record_id": \#(index), \#(name) "created_at": \#(index * 1000), "values": [\#(index).5, -\#(index)]\#(child)}"#
    }

    @Test func sharedDecoderAcrossTasks() async throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        enum Outcome: Sendable, Equatable {
            case value(ConcurrentRecord)
            case missingKey(String, pathCount: Int)
            case other(String)
        }
        let outcomes = try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for index in 0..<100 {
                group.addTask {
                    do {
                        return (index, .value(try decoder.decode(ConcurrentRecord.self, from: Data(Self.document(index).utf8))))
                    } catch DecodingError.keyNotFound(let key, let context) {
                        return (index, .missingKey(key.stringValue, pathCount: context.codingPath.count))
                    } catch {
                        return (index, .other("\(error)"))
                    }
                }
            }
            var outcomes: [Int: Outcome] = [:]
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        #expect(outcomes.count == 100)
        for index in 0..<100 {
            let expected: Outcome
            if index % 10 == 7 {
                expected = .missingKey("displayName", pathCount: 0)
            } else {
                expected = .value(
                    ConcurrentRecord(
                        recordId: index, displayName: "name \(index) é", createdAt: Date(timeIntervalSince1970: Double(index * 1000)),
                        values: [Double(index) + 0.5, -Double(index)], child: index % 3 == 0 ? ZipHolder(zip: "z\(index)") : nil))
            }
            #expect(outcomes[index] == expected, "task \(index)")
        }
    }

    @Test func sharedDecoderAcrossTasksWithSyntaxErrors() async throws {
        let decoder = DynamicJSONDecoder()
        let columns = try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
            for index in 0..<100 {
                group.addTask {
                    let padding = String(repeating: " ", count: index)
                    let text = index.isMultiple(of: 2) ? "[\(padding)1]" : "[\(padding)1,]"
                    do {
                        _ = try decoder.decode([Int].self, from: Data(text.utf8))
                        return (index, nil)
                    } catch DecodingError.dataCorrupted(let context) {
                        return (index, (context.underlyingError as? JSONSyntaxError)?.column ?? -1)
                    }
                }
            }
            var columns: [Int: Int?] = [:]
            for try await (index, column) in group { columns[index] = column }
            return columns
        }
        #expect(columns.count == 100)
        for index in 0..<100 {
            let expected: Int? = index.isMultiple(of: 2) ? nil : index + 4
            #expect(columns[index] == expected, "task \(index)")
        }
    }

    // MARK: Duplicate keys

    @Test func duplicateKeysFirstWins() throws {
        let decoder = DynamicJSONDecoder()
        #expect(try decoder.decode(DecBox<Int>.self, from: Data(#"{"v": 1, "v": 2}"#.utf8)).v == 1)
        #expect(try decoder.decode([String: Int].self, from: Data(#"{"a": 1, "a": 2}"#.utf8)) == ["a": 1])
        #expect(try JSONDecoder().decode(DecBox<Int>.self, from: Data(#"{"v": 1, "v": 2}"#.utf8)).v == 1)
    }
}
