import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// The JSON5 behaviours of Foundation's own coder tests (swift-foundation,
// JSONEncoderTests.swift), and its pass/fail corpus runs, side by side with `JSONDecoder`
// (our own inputs; the corpora are JSONTestSuite and json5-tests in ../shared/data).

private func json5(_ decoder: JSONDecoder) { decoder.allowsJSON5 = true }

/// Reads `null` and nothing else.
struct ParityNull: Decodable, Equatable {
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decodeNil() else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not null"))
        }
    }
}

@Suite("Foundation parity: JSON5")
struct FoundationParityJSON5Tests {
    @Test(arguments: [
        "1", "99887766", "-10", "0", "+0", "-0", "+10", "0x1F", "0x0000000E", "-0X1f", "+0X1f", "1.", "1.e2",
        "1e2", "1E+2", "1e+02",
    ])
    func integers(_ json: String) {
        expectSameDecoding(Int.self, json, configure: json5)
        #expect((try? DynamicJSONDecoder.json5.decode(Int.self, from: Data(json.utf8))) != nil)
    }

    @Test(arguments: [
        "11", "-1", "+0", "-0", "Infinity", "-Infinity", "+Infinity", "-NaN", "+NaN", "NaN", ".1", "1.", "-.1",
        "+.1", "1e-2", "1E-02", "1E+02", "0x1F", "-0X1f", "+0X1f",
    ])
    func doubles(_ json: String) {
        expectSameDecoding(Double.self, data: Data(json.utf8), configure: json5, isEqual: sameFloatingPoint)
        #expect((try? DynamicJSONDecoder.json5.decode(Double.self, from: Data(json.utf8))) != nil)
    }

    @Test(arguments: [
        "-", "+", "-a", "+a", "-0x", "+0x", "-0x ", "+0x ", "-0xAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFF",
        "0xABC.DEF", "0xABCpD", "1e", "1E", "1e ", "+1e ", "-1E ",
    ])
    func badIntegers(_ json: String) {
        #expect(!expectSameAcceptance(Int.self, Data(json.utf8), configure: json5))
    }

    @Test(arguments: [
        "-Inf", "+Inf       ", "+Na", "-Na    ", "-infinity", "+infinity       ", "+NAN", "+NA    ", "-NAN    ",
        "0x2.", "0x2.2", ".e1", "0xFFFFFFFFFFFFFFFFFFFFFF",
    ])
    func badDoubles(_ json: String) {
        #expect(!expectSameAcceptance(Double.self, Data(json.utf8), configure: json5))
    }

    @Test func nullAndMisspellings() {
        #expect(expectSameAcceptance(ParityNull.self, Data("null".utf8), configure: json5))
        for json in ["Null", "nul", "nu", "n", "n    ", "nu   "] {
            #expect(!expectSameAcceptance(ParityNull.self, Data(json.utf8), configure: json5))
        }
    }

    @Test func unfinishedInputFails() {
        for json in ["[", "[ ", "[\n\n", "['hi',", "['hi', ", "['hi',\n"] {
            #expect(!expectSameAcceptance([String].self, Data(json.utf8), configure: json5))
        }
        for json in ["{", "{ ", "{k ", "{k :", "{k : ", "{k : true", "{k : true ", "{k : true\n\n"] {
            #expect(!expectSameAcceptance([String: Bool].self, Data(json.utf8), configure: json5))
        }
        for bytes: [UInt8] in [[0x7B, 0x80], [0x7B, 0xC0], [0x7B, 0xE0, 0x80], [0x7B, 0xF0, 0x80, 0x80]] {
            #expect(!expectSameAcceptance([String: Bool].self, Data(bytes), configure: json5))
        }
    }

    /// Unquoted keys followed by line breaks and comments of every kind.
    @Test func keysLineBreaksAndComments() {
        var inputs: [String] = []
        for newline in ["\n", "\r", "\r\n"] {
            inputs += [
                "{v\(newline) : true}", "{v \(newline) : true}", "{ v \(newline) : true,\(newline)w\(newline):true,}",
                "{v// comment \(newline) : true}", "{v/* comment*/ \(newline) : true}", "{v/* comment */:/*comment*/\(newline)true}",
            ]
        }
        inputs.append("// a comment first\r\n{v:true}")
        for json in inputs {
            expectSameDecoding([String: Bool].self, json, configure: json5)
        }
    }

    @Test func stringEscapes() {
        expectSameDecoding([String: String].self, #"{v : "hi\x20there"}"#, configure: json5)
        for json in [#"{v : "hi\xthere"}"#, #"{v : "hi\x2there"}"#, #"{v:"hello\uA"}"#, #"{v:"hello\uA   "}"#] {
            #expect(!expectSameAcceptance([String: String].self, Data(json.utf8), configure: json5))
        }
    }

    @Test func assumedTopLevelDictionary() {
        let configure: (JSONDecoder) -> Void = {
            $0.allowsJSON5 = true; $0.assumesTopLevelDictionary = true
        }
        let accepted = [
            #"hello: "world""#, #"{hello: "world"}"#, #"hello: "world", goodbye: "42""#, #"hello: "world","#,
            #"hello: "world"   "#, #"hello: "world",  "#, #"hello: "world"  ,  "#, #"   hello   : "world"   "#,
            "", " ", "{ }", "{}",
        ]
        for json in accepted { expectSameDecoding([String: String].self, json, configure: configure) }
        let refused = [#"{hello: "world""#, #"hello: "world"}"#, #"hello: "world" x "#, #"hello: "world"x"#, ",", " , ", "   ,"]
        for json in refused { #expect(!expectSameAcceptance([String: String].self, Data(json.utf8), configure: configure)) }
        struct HelloGoodbye: Decodable, Equatable { var hello: String; var goodbye: [String: String] }
        for json in [#"hello: "world", goodbye: {"hi":"there"}"#, #"hello: "world", goodbye: {"hi":"there",},"#] {
            expectSameDecoding(HelloGoodbye.self, json, configure: configure)
        }
        #expect(!expectSameAcceptance([String: Int].self, Data("hello: 0x".utf8), configure: configure))
        #expect(!expectSameAcceptance([Int].self, Data("[1,2,3]".utf8), configure: configure))
        #expect(!expectSameAcceptance(String.self, Data("fragment".utf8), configure: configure))
        #expect(!expectSameAcceptance(Int.self, Data("42".utf8), configure: configure))
    }
}

@Suite("Foundation parity: corpora", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct FoundationParityCorpusTests {
    /// Every json5-tests file, with and without JSON5, decoded as a `JSON` value by both.
    @Test func json5SpecificationCorpus() throws {
        var compared = 0, differing: [String] = []
        for folder in ["arrays", "comments", "misc", "new-lines", "numbers", "objects", "strings", "todo"] {
            for url in SharedData.files(in: "json5-tests/\(folder)") where url.pathExtension != "errorSpec" {
                let data = try Data(contentsOf: url)
                for allowsJSON5 in [true, false] {
                    let (foundation, ours) = decodeWithBoth(JSON.self, data, configure: { $0.allowsJSON5 = allowsJSON5 })
                    compared += 1
                    let same =
                        switch (foundation, ours) {
                        case (.success(let a), .success(let b)): a == b || String(describing: a) == String(describing: b)
                        case (.failure, .failure): true
                        default: false
                        }
                    if !same { differing.append("\(folder)/\(url.lastPathComponent)\(allowsJSON5 ? "" : " (JSON)")") }
                }
            }
        }
        #expect(compared > 200)
        // README: Unicode escapes in unquoted keys are not supported; trailing commas need
        // JSON5; an escaped line break inside a JSON5 string is removed, as the specification
        // says (Foundation keeps the line break).
        let expected = [
            "todo/unicode-escaped-unquoted-key.json5", "arrays/trailing-comma-array.json5 (JSON)",
            "objects/trailing-comma-object.json5 (JSON)", "misc/readme-example.json5", "new-lines/escaped-cr.json5",
            "new-lines/escaped-crlf.json5", "new-lines/escaped-lf.json5", "strings/multi-line-string.json5",
        ]
        #expect(Set(differing) == Set(expected), "\(differing)")
    }

    /// JSONTestSuite: every file both must accept (`y_`) or refuse (`n_`), decoded as `JSON`.
    @Test func jsonTestSuiteCorpus() throws {
        var compared = 0, differing: [String] = []
        for url in SharedData.files(in: "JSONTestSuite/test_parsing") where !url.lastPathComponent.hasPrefix("i_") {
            let data = try Data(contentsOf: url)
            let (foundation, ours) = decodeWithBoth(JSON.self, data, configure: { _ in })
            compared += 1
            let shouldAccept = url.lastPathComponent.hasPrefix("y_")
            #expect(((try? ours.get()) != nil) == shouldAccept, "\(url.lastPathComponent)")
            if ((try? foundation.get()) != nil) != ((try? ours.get()) != nil) { differing.append(url.lastPathComponent) }
        }
        #expect(compared > 250)
        // Foundation accepts these invalid documents (trailing commas); we follow RFC 8259
        // (README, "Strict RFC 8259").
        #expect(
            Set(differing) == ["n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json"],
            "\(differing)")
    }
}

extension DynamicJSONDecoder {
    static var json5: DynamicJSONDecoder {
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        return decoder
    }
}
