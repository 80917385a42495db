import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Documented behaviours that a mutation check found unguarded: each deliberate bug listed in
// `Tests/Mutations.md` passed the whole suite until these tests were written. File-scope types
// carry an `MT` prefix.

private struct MTAddressee: MappedCodable, Equatable {
    @Mapped("homeAddress.zipCode") var zip: Int
    @Mapped("homeAddress.streetLines.firstLine", default: "") var street: String
    @Mapped var fullName: String
}

/// A path whose second step is written as the document spells it, not as the strategy converts it.
private struct MTSnakeStep: MappedCodable {
    @Mapped("homeAddress.zip_code") var zip: Int
}

private struct MTOrdered: MappedCodable {
    /// 6 → 12 (valid: over 10) → 13; in reverse order 6 → 7 fails the validation.
    @Mapped(.modify { $0 * 2 }, .validate { $0 > 10 }, .modify { $0 + 1 }) var score: Int
    /// Trimmed before the emptiness check, so blanks are refused; the other way round they pass.
    @Mapped(.trimmed, .validate { !$0.isEmpty }) var title: String
}

private struct MTMeasured: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var ratio: Float
    var values: [Float]
}

private struct MTOwner: Decodable { var name: String; var age: UInt8 }
private struct MTAccount: Decodable { var owner: MTOwner }
private struct MTGrid: Decodable { var rows: [[Int8]] }
private struct MTFloats: Decodable { var level: Float }

/// The coding path of the `dataCorrupted` error `body` throws, or nil.
private func mtCorruptedPath(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
    } catch DecodingError.dataCorrupted(let context) {
        return renderedPath(context.codingPath)
    } catch {
        Issue.record("expected dataCorrupted, got \(error)")
    }
    return nil
}

@Suite("Mutation check: documented behaviours")
struct MutationTests {
    // MARK: @Mapped paths convert every step with the key strategy

    @Test func mappedPathsConvertEveryStepWithTheKeyStrategy() throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let input = #"{"home_address": {"zip_code": 94040, "street_lines": {"first_line": "1 Main St"}}, "full_name": "Ada"}"#
        let model = try MTAddressee.decode(from: input, using: decoder)
        #expect(model.zip == 94040)
        #expect(model.street == "1 Main St")
        #expect(model.fullName == "Ada")

        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let output = String(decoding: try encoder.encode(model), as: UTF8.self)
        #expect(output == #"{"full_name":"Ada","home_address":{"street_lines":{"first_line":"1 Main St"},"zip_code":94040}}"#)
        #expect(try MTAddressee.decode(from: output, using: decoder) == model)
    }

    @Test func aPathStepWrittenInSnakeCaseIsNotFoundUnderTheStrategy() throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        // The document's `zip_code` converts to `zipCode`, so a path naming `zip_code` finds nothing.
        #expect {
            try MTSnakeStep.decode(from: #"{"home_address": {"zip_code": 1}}"#, using: decoder)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "zip_code" && renderedPath(context.codingPath) == "homeAddress"
        }
        #expect(try MTSnakeStep.decode(from: #"{"homeAddress": {"zip_code": 1}}"#).zip == 1)
    }

    // MARK: Modifiers and validations run in the order written

    @Test func modifiersAndValidationsRunInTheOrderWritten() throws {
        let model = try MTOrdered.decode(from: #"{"score": 6, "title": "  Hello  "}"#)
        #expect(model.score == 13)
        #expect(model.title == "Hello")
        #expect {
            try MTOrdered.decode(from: #"{"score": 5, "title": "x"}"#)
        } throws: { error in
            // 5 doubles to 10: the validation sees the modified value, before the `+ 1`.
            guard let failure = error as? MappedValidationError else { return false }
            return failure.property == "score" && failure.value == "10"
        }
        #expect {
            try MTOrdered.decode(from: #"{"score": 6, "title": "   "}"#)
        } throws: { error in
            guard let failure = error as? MappedValidationError else { return false }
            return failure.property == "title" && failure.value == ""
        }
    }

    // MARK: An unchanged Float keeps its literal

    @Test func anUnchangedFloatKeepsItsNumberLiteral() throws {
        let input = #"{"ratio":3.14159265358979,"values":[0.1000000001,2.50],"note":"kept"}"#
        var model = try DynamicJSONDecoder().decode(MTMeasured.self, from: Data(input.utf8))
        #expect(model.ratio == 3.1415927)
        #expect(model.values == [0.1, 2.5])
        let encoder = DynamicJSONEncoder()
        #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == input)
        model.ratio = 2
        #expect(
            String(decoding: try encoder.encode(model), as: UTF8.self)
                == #"{"ratio":2,"values":[0.1000000001,2.50],"note":"kept"}"#)
        model.values[1] = 2.25
        #expect(
            String(decoding: try encoder.encode(model), as: UTF8.self)
                == #"{"ratio":2,"values":[0.1000000001,2.25],"note":"kept"}"#)
    }

    // MARK: Out-of-range numbers name the value's full path

    @Test func anOutOfRangeIntegerNamesTheFullPath() throws {
        let decoder = DynamicJSONDecoder()
        // The DocC example (DecodingAndEncoding.md), value for value.
        do {
            _ = try decoder.decode([MTAccount].self, from: Data(#"[{"owner": {"name": "Ada", "age": 300}}]"#.utf8))
            Issue.record("300 decoded as a UInt8")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "owner", "age"])
            #expect(context.codingPath.map(\.intValue) == [0, nil, nil])
            #expect(context.debugDescription == "Number 300 is not representable in Swift.")
        }
        #expect(mtCorruptedPath { try decoder.decode(MTGrid.self, from: Data(#"{"rows": [[1], [2, 128]]}"#.utf8)) } == "rows[1][1]")
        #expect(mtCorruptedPath { try decoder.decode([String: [UInt16]].self, from: Data(#"{"a": [1, -1]}"#.utf8)) } == "a[1]")
        #expect(mtCorruptedPath { try decoder.decode([MTFloats].self, from: Data(#"[{"level": 1}, {"level": 1e39}]"#.utf8)) } == "[1].level")
        #expect(mtCorruptedPath { try decoder.decode(Int8.self, from: Data("-129".utf8)) } == "")
    }
}
