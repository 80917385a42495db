import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// The error `text` parses with, or nil when it parses.
private func parseError(_ text: String, json5: Bool = false) -> JSONSyntaxError? {
    parseError(Data(text.utf8), json5: json5)
}

private func parseError(_ data: Data, json5: Bool = false) -> JSONSyntaxError? {
    do {
        _ = try JSON(parsing: data, allowsJSON5: json5)
        return nil
    } catch {
        return FuzzChecks.syntaxError(error)
    }
}

@Suite("JSONSyntaxError kinds")
struct SyntaxErrorKindTests {
    /// One input per kind that the scanner reports, with where it points.
    @Test(
        arguments: [
            ("", false, JSONSyntaxError.Kind.emptyInput, 1, 1),
            (" \n ", false, .emptyInput, 2, 2),
            ("[1, 2", false, .unexpectedEnd, 1, 6),
            ("{\"a\":", false, .unexpectedEnd, 1, 6),
            ("[1,,2]", false, .unexpectedCharacter, 1, 4),
            ("{\"a\" 1}", false, .unexpectedCharacter, 1, 6),
            ("{a: 1}", false, .unexpectedCharacter, 1, 2),
            ("[1] 2", false, .trailingContent, 1, 5),
            ("[1,]", false, .trailingComma, 1, 4),
            ("[nul]", false, .invalidLiteral, 1, 2),
            ("[01]", false, .invalidNumber, 1, 3),
            ("[1.]", false, .invalidNumber, 1, 4),
            ("[0x1FFFFFFFFFFFFFFFF]", true, .numberOutOfRange, 1, 2),
            ("[\"abc", false, .unterminatedString, 1, 2),
            ("[\"a\\", false, .unterminatedString, 1, 4),
            ("[\"a\tb\"]", false, .controlCharacterInString, 1, 4),
            ("[\"\\a\"]", false, .invalidEscape, 1, 3),
            ("[\"\\u12\"]", false, .invalidUnicodeEscape, 1, 3),
            ("[\"\\uD800\"]", false, .unpairedSurrogate, 1, 3),
            ("[\"\\uDC00\"]", false, .unpairedSurrogate, 1, 3),
            ("[1 /* open", true, .unterminatedComment, 1, 4),
        ] as [(String, Bool, JSONSyntaxError.Kind, Int, Int)])
    func kindOfEachExample(text: String, json5: Bool, kind: JSONSyntaxError.Kind, line: Int, column: Int) throws {
        let error = try #require(parseError(text, json5: json5), "\(text.debugDescription) parsed")
        #expect(error.kind == kind, "\(text.debugDescription): \(error)")
        #expect((error.line, error.column) == (line, column), "\(text.debugDescription): \(error)")
    }

    @Test("kinds found after parsing: invalid bytes, encodings, depth and duplicate keys")
    func kindsOutsideTheGrammar() throws {
        #expect(parseError(Data([0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D]))?.kind == .invalidUTF8)
        #expect(parseError(Data([0xFF, 0xFE, 0x5B, 0x00, 0x00, 0xD8, 0x5D, 0x00]))?.kind == .invalidUTF16OrUTF32)
        let deep = try #require(underlyingSyntaxError { try JSON(parsing: "[[[1]]]", maximumDepth: 2) })
        #expect((deep.kind, deep.column) == (.tooDeep, 3))
        let repeated = try #require(underlyingSyntaxError { try JSON(parsing: #"{"a":1,"a":2}"#, rejectsDuplicateKeys: true) })
        #expect((repeated.kind, repeated.column) == (.duplicateKey, 8))
        // People still get a sentence.
        #expect(repeated.reason == #"Duplicate key "a" in an object (first at line 1, column 2)"#)
    }

    /// Which kind each JSONTestSuite `n_` file fails with (names without `n_` and `.json`).
    /// A change of kind is a change of public behaviour, so it must show here.
    static let suiteKinds: [JSONSyntaxError.Kind: [String]] = [
        .emptyInput: [
            "single_space", "structure_UTF8_BOM_no_data", "structure_no_data",
        ],
        .unexpectedEnd: [
            "array_incomplete", "array_newlines_unclosed", "array_unclosed", "array_unclosed_trailing_comma",
            "array_unclosed_with_new_lines", "array_unclosed_with_object_inside", "object_missing_value",
            "object_no-colon", "structure_comma_instead_of_closing_brace", "structure_lone-open-bracket",
            "structure_object_unclosed_no_value", "structure_open_array_open_object",
            "structure_open_array_string", "structure_open_object", "structure_unclosed_array",
            "structure_unclosed_object",
        ],
        .unexpectedCharacter: [
            "array_1_true_without_comma", "array_a_invalid_utf8", "array_colon_instead_of_comma",
            "array_comma_and_number", "array_double_comma", "array_double_extra_comma",
            "array_incomplete_invalid_value", "array_inner_array_no_comma", "array_invalid_utf8",
            "array_items_separated_by_semicolon", "array_just_comma", "array_missing_value",
            "array_number_and_several_commas", "array_star_inside", "number_++", "number_+1", "number_+Inf",
            "number_-1.0.", "number_.-1", "number_.2e-3", "number_0.1.2", "number_1_000", "number_Inf",
            "number_NaN", "number_U+FF11_fullwidth_digit_one", "number_expression", "number_hex_1_digit",
            "number_hex_2_digits", "number_infinity", "number_invalid-negative-real",
            "number_invalid-utf-8-in-bigger-int", "number_invalid-utf-8-in-exponent",
            "number_invalid-utf-8-in-int", "number_neg_with_garbage_at_end", "number_starting_with_dot",
            "number_with_alpha", "number_with_alpha_char", "object_bracket_key",
            "object_comma_instead_of_colon", "object_double_colon", "object_emoji", "object_garbage_at_end",
            "object_key_with_single_quotes", "object_missing_colon", "object_missing_key",
            "object_missing_semicolon", "object_non_string_key",
            "object_non_string_key_but_huge_number_instead", "object_repeated_null_null",
            "object_several_trailing_commas", "object_single_quote", "object_two_commas_in_a_row",
            "object_unquoted_key", "object_with_single_string", "string_accentuated_char_no_quotes",
            "string_leading_uescaped_thinspace", "string_no_quotes_with_bad_escape", "string_single_quote",
            "string_single_string_no_double_quotes", "structure_U+2060_word_joined",
            "structure_angle_bracket_.", "structure_angle_bracket_null", "structure_ascii-unicode-identifier",
            "structure_capitalized_True", "structure_end_array", "structure_incomplete_UTF8_BOM",
            "structure_lone-invalid-utf-8", "structure_null-byte-outside-string",
            "structure_object_with_comment", "structure_open_array_apostrophe", "structure_open_array_comma",
            "structure_open_object_close_array", "structure_open_object_comma",
            "structure_open_object_open_array", "structure_open_object_string_with_apostrophes",
            "structure_single_eacute", "structure_single_star", "structure_uescaped_LF_before_string",
            "structure_unicode-identifier", "structure_whitespace_U+2060_word_joiner",
            "structure_whitespace_formfeed",
        ],
        .trailingContent: [
            "array_comma_after_close", "array_extra_close", "multidigit_number_then_00",
            "object_trailing_comment", "object_trailing_comment_open", "object_trailing_comment_slash_open",
            "object_trailing_comment_slash_open_incomplete", "object_with_trailing_garbage",
            "string_with_trailing_garbage", "structure_array_trailing_garbage",
            "structure_array_with_extra_array_close", "structure_close_unopened_array",
            "structure_double_array", "structure_number_with_trailing_garbage",
            "structure_object_followed_by_closing_object", "structure_object_with_trailing_garbage",
            "structure_trailing_#",
        ],
        .trailingComma: [
            "array_extra_comma", "array_number_and_comma", "object_trailing_comma",
        ],
        .invalidLiteral: [
            "incomplete_false", "incomplete_null", "incomplete_true", "object_bad_value",
            "structure_unclosed_array_partial_null", "structure_unclosed_array_unfinished_false",
            "structure_unclosed_array_unfinished_true",
        ],
        .invalidNumber: [
            "array_just_minus", "number_-01", "number_-2.", "number_-NaN", "number_0.3e", "number_0.3e+",
            "number_0.e1", "number_0_capital_E", "number_0_capital_E+", "number_0e", "number_0e+",
            "number_1.0e", "number_1.0e+", "number_1.0e-", "number_1eE2", "number_2.e+3", "number_2.e-3",
            "number_2.e3", "number_9.e+", "number_invalid+-", "number_minus_infinity",
            "number_minus_sign_with_trailing_garbage", "number_minus_space_1",
            "number_neg_int_starting_with_zero", "number_neg_real_without_int_part",
            "number_real_garbage_after_e", "number_real_with_invalid_utf8_after_e",
            "number_real_without_fractional_part", "number_with_leading_zero",
        ],
        .unterminatedString: [
            "object_unterminated-value", "string_escaped_backslash_bad", "string_incomplete_escape",
            "string_single_doublequote", "string_start_escape_unclosed",
            "structure_array_with_unclosed_string", "structure_open_array_open_string",
            "structure_open_object_open_string",
        ],
        .controlCharacterInString: [
            "array_spaces_vertical_tab_formfeed", "string_unescaped_ctrl_char", "string_unescaped_newline",
            "string_unescaped_tab",
        ],
        .invalidEscape: [
            "string_backslash_00", "string_escape_x", "string_escaped_ctrl_char_tab", "string_escaped_emoji",
            "string_invalid_backslash_esc", "string_invalid_utf8_after_escape", "string_unicode_CapitalU",
            "structure_open_open",
        ],
        .invalidUnicodeEscape: [
            "string_1_surrogate_then_escape_u1x", "string_incomplete_escaped_character",
            "string_incomplete_surrogate", "string_invalid-utf-8-in-escape", "string_invalid_unicode_escape",
        ],
        .unpairedSurrogate: [
            "string_1_surrogate_then_escape", "string_1_surrogate_then_escape_u",
            "string_1_surrogate_then_escape_u1", "string_incomplete_surrogate_escape_invalid",
        ],
        .invalidUTF8: [
            "object_lone_continuation_byte_in_key_and_trailing_comma"
        ],
        .tooDeep: [
            "structure_100000_opening_arrays", "structure_open_array_object",
        ],
    ]

    @Test(
        "every n_ file of JSONTestSuite fails with the kind in the table",
        .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
    func suiteFilesHaveKinds() throws {
        var found: [JSONSyntaxError.Kind: [String]] = [:]
        for url in SharedData.files(in: "JSONTestSuite/test_parsing") where url.lastPathComponent.hasPrefix("n_") {
            let name = url.lastPathComponent
            let error = try #require(parseError(try Data(contentsOf: url)), "\(name) parsed")
            found[error.kind, default: []].append(String(name.dropFirst(2).dropLast(5)))
        }
        let sorted = found.mapValues { $0.sorted() }
        #expect(sorted.values.map(\.count).reduce(0, +) == 188)
        #expect(sorted == Self.suiteKinds, "\(sorted.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))")
    }

    /// Random damage to valid documents: whatever fails, fails with a position that agrees
    /// with itself (line and column are those of `offset`, and the text before it is valid
    /// UTF-8), and the kind of a cut-short document is one that a cut can cause.
    @Test func randomCorruptionsHaveConsistentPositions() throws {
        var random = TestSeed.generator(19)
        var text = RandomJSONText(random: TestSeed.generator(20))
        let inserts: [UInt8] = Array(",:[]{}\"\\x0-.e \n".utf8) + [0x01, 0xC3, 0xFF]
        var rejected = 0
        for round in 0..<400 {
            var bytes = Array(text.value(depth: Int.random(in: 0...2, using: &random)).utf8)
            let position = Int.random(in: 0..<bytes.count, using: &random)
            let operation = Int.random(in: 0..<4, using: &random)
            switch operation {
            case 0: bytes.remove(at: position)
            case 1: bytes.insert(inserts.randomElement(using: &random)!, at: position)
            case 2: bytes[position] = inserts.randomElement(using: &random)!
            default: bytes.removeSubrange(position...)
            }
            let description = "\(TestSeed.note), round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            guard let error = parseError(Data(bytes)) else { continue }
            rejected += 1
            #expect((0...bytes.count).contains(error.offset), "\(description): \(error)")
            let before = try #require(
                String(validating: bytes[..<min(error.offset, bytes.count)], as: UTF8.self),
                "\(description): invalid UTF-8 before \(error)")
            let scalars = Array(before.unicodeScalars)
            let line = scalars.filter { $0 == "\n" }.count + 1
            let column = scalars.count - (scalars.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
            #expect((error.line, error.column) == (line, column), "\(description): \(error)")
            if operation == 3 {
                let cutKinds: Set<JSONSyntaxError.Kind> = [
                    .emptyInput, .unexpectedEnd, .unterminatedString, .invalidUTF8, .invalidLiteral,
                    .invalidNumber, .invalidUnicodeEscape, .unpairedSurrogate,
                ]
                #expect(cutKinds.contains(error.kind), "\(description): \(error)")
            }
            let again = try #require(underlyingSyntaxError { try DynamicJSONDecoder().decode(JSON.self, from: Data(bytes)) })
            #expect(again == error, "\(description)")
        }
        #expect(rejected > 200, "\(TestSeed.note): only \(rejected) corruptions were rejected")
    }
}
