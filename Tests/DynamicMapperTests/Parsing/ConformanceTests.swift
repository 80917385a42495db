import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// JSONTestSuite: `y_` must parse, `n_` must be rejected with a positioned error, `i_` must
/// never crash. Our choices for `i_` are pinned below so a change is noticed.
@Suite("JSONTestSuite conformance", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct ConformanceTests {
    static let parsingCases = SharedData.files(in: "JSONTestSuite/test_parsing").map(\.lastPathComponent)

    /// `i_` files we accept: big or tiny numbers (kept exactly as written), a UTF-16 input with
    /// a byte order mark (transcoded, as Foundation does), 500 nested arrays (below the 512
    /// limit) and a UTF-8 byte order mark. Every invalid UTF-8 or lone-surrogate case is rejected.
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json", "i_string_UTF-16LE_with_BOM.json", "i_string_utf16BE_no_BOM.json",
        "i_string_utf16LE_no_BOM.json", "i_structure_500_nested_arrays.json", "i_structure_UTF-8_BOM_empty_object.json",
    ]

    @Test("test_parsing", arguments: parsingCases)
    func parsing(name: String) throws {
        let data = try SharedData.data("JSONTestSuite/test_parsing/\(name)")
        let result = Result { try DynamicJSONDecoder().decode(JSON.self, from: data) }
        switch name.first {
        case "y":
            #expect(throws: Never.self) { try result.get() }
        case "n":
            #expect(throws: DecodingError.self) { try result.get() }
            if case .failure(DecodingError.dataCorrupted(let context)) = result {
                let syntax = try #require(context.underlyingError as? JSONSyntaxError)
                #expect(syntax.line >= 1 && syntax.column >= 1)
                #expect(String(describing: DecodingError.dataCorrupted(context)).hasSuffix("Underlying error: \(syntax)"))
            }
        default:
            let accepted = (try? result.get()) != nil
            #expect(accepted == Self.acceptedImplementationDefined.contains(name), "\(name) accepted: \(accepted)")
        }
    }

    /// The suite is all there: a missing or partial copy must not pass by looping over nothing.
    @Test func everyCaseIsThere() {
        #expect(Self.parsingCases.count == 318)
        #expect(Self.parsingCases.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(Self.parsingCases.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(Self.parsingCases.filter { $0.hasPrefix("i_") }.count == 35)
        #expect(Self.transformCases.count == 22)
        #expect(Self.acceptedImplementationDefined.isSubset(of: Set(Self.parsingCases)))
    }

    @Test("y_ files match Foundation's values")
    func agreesWithFoundation() throws {
        var compared = 0
        // JSONSerialization keeps the last of duplicate keys; JSONDecoder and we keep the first.
        for name in Self.parsingCases where name.hasPrefix("y_") && !name.contains("duplicated_key") {
            let data = try SharedData.data("JSONTestSuite/test_parsing/\(name)")
            compared += 1
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let ours = try JSON(parsing: data)
            let reencoded = try JSONSerialization.jsonObject(with: ours.serialized(), options: [.fragmentsAllowed])
            // Compared as sorted JSON text: printed dictionaries have no stable order.
            let canonical = { (object: Any) in
                try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
            }
            #expect(try canonical(reencoded) == canonical(foundation), "\(name)")
        }
        #expect(compared == 93) // 95 y_ files, less the two with duplicate keys
    }

    static let transformCases = SharedData.files(in: "JSONTestSuite/test_transform").map(\.lastPathComponent)

    /// Every transform case either parses and re-serialises to text that parses back to an
    /// equal value with the literal numbers intact, or is rejected with a positioned error
    /// (the invalid code point cases).
    @Test("test_transform round trip", arguments: transformCases)
    func transform(name: String) throws {
        let data = try SharedData.data("JSONTestSuite/test_transform/\(name)")
        do {
            let value = try JSON(parsing: data)
            let text = value.serialized()
            let again = try JSON(parsing: text)
            #expect(again == value)
            #expect(again.serialized() == text)
            if name.hasPrefix("number_") {
                let literal = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(String(decoding: text, as: UTF8.self) == literal)
            }
        } catch let DecodingError.dataCorrupted(context) {
            #expect(name.contains("invalid_codepoint"), "\(name): \(context.debugDescription)")
        }
    }
}
