import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// JSON5 hexadecimal numbers: read as the exact 64-bit integer they spell, as Foundation reads
// them, in time linear in their length; larger values are rejected where they stand.

private func decodeBoth<T: Decodable & Equatable & Sendable>(_ type: T.Type, _ text: String) -> (ours: T?, foundation: T?) {
    let ours = DynamicJSONDecoder()
    ours.allowsJSON5 = true
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    let data = Data("[\(text)]".utf8)
    return (try? ours.decode([T].self, from: data).first, try? foundation.decode([T].self, from: data).first)
}

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    do {
        _ = try JSON(parsing: text, allowsJSON5: true)
        return nil
    } catch DecodingError.dataCorrupted(let context) {
        return context.underlyingError as? JSONSyntaxError
    } catch {
        return nil
    }
}

@Suite("JSON5 hexadecimal numbers")
struct JSON5HexTests {
    @Test("UInt64.max and Int64.max decode, as with JSONDecoder")
    func sixtyFourBitLimits() {
        #expect(decodeBoth(UInt64.self, "0xFFFFFFFFFFFFFFFF") == (UInt64.max, UInt64.max))
        #expect(decodeBoth(Int64.self, "0x7FFFFFFFFFFFFFFF") == (Int64.max, Int64.max))
        #expect(decodeBoth(Int64.self, "-0x8000000000000000") == (Int64.min, Int64.min))
        #expect(decodeBoth(UInt64.self, "0x7FFFFFFFFFFFFFFF") == (UInt64(Int64.max), UInt64(Int64.max)))
        #expect(decodeBoth(Decimal.self, "0xFFFFFFFFFFFFFFFF") == (Decimal(string: "18446744073709551615"), Decimal(string: "18446744073709551615")))
    }

    @Test("a value the type cannot hold is dataCorrupted, as with JSONDecoder")
    func tooLargeForTheType() throws {
        for (text, type) in [("0xFFFFFFFFFFFFFFFF", "Int64"), ("0x100", "UInt8"), ("-0x10", "UInt64"), ("-0x81", "Int8")] {
            let decoder = DynamicJSONDecoder()
            decoder.allowsJSON5 = true
            let data = Data("[\(text)]".utf8)
            let error: DecodingError?
            switch type {
            case "Int64": error = #expect(throws: DecodingError.self) { try decoder.decode([Int64].self, from: data) }
            case "UInt8": error = #expect(throws: DecodingError.self) { try decoder.decode([UInt8].self, from: data) }
            case "UInt64": error = #expect(throws: DecodingError.self) { try decoder.decode([UInt64].self, from: data) }
            default: error = #expect(throws: DecodingError.self) { try decoder.decode([Int8].self, from: data) }
            }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("\(text) as \(type): \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.intValue) == [0], "\(text) as \(type)")
        }
        #expect(decodeBoth(Int8.self, "-0x80") == (-128, -128))
        #expect(decodeBoth(UInt8.self, "0xFF") == (255, 255))
    }

    @Test("into Double and Float only when exact, as with JSONDecoder")
    func floatingPoint() {
        #expect(decodeBoth(Double.self, "0x20000000000000") == (9007199254740992, 9007199254740992))
        #expect(decodeBoth(Double.self, "0x20000000000001") == (nil, nil))
        #expect(decodeBoth(Double.self, "0xFFFFFFFFFFFFFFFF") == (nil, nil))
        #expect(decodeBoth(Double.self, "0x7FFFFFFFFFFFFFFF") == (nil, nil))
        #expect(decodeBoth(Double.self, "-0x8000000000000000") == (-9223372036854775808, -9223372036854775808))
        #expect(decodeBoth(Double.self, "-0x10") == (-16, -16))
        #expect(decodeBoth(Float.self, "0x1000000") == (16777216, 16777216))
        #expect(decodeBoth(Float.self, "0x1000001") == (nil, nil))
        #expect(decodeBoth(Double.self, "0xFFFFFFFFFFFFFFFFFFFFFF").ours == nil)
    }

    @Test("beyond 64 bits the literal is a syntax error at its position")
    func beyondSixtyFourBits() throws {
        let error = try #require(syntaxError("{\"a\": [1, 0xFFFFFFFFFFFFFFFFFFFFFF]}"))
        #expect(error.kind == .numberOutOfRange)
        #expect(error.reason == "Hexadecimal number larger than 64 bits")
        #expect((error.line, error.column, error.offset) == (1, 11, 10))
        #expect(syntaxError("[0x10000000000000000]")?.column == 2)
        #expect(try JSON(parsing: "[-0xFFFFFFFFFFFFFFFF]", allowsJSON5: true) == [.number(JSON.Number(literal: "-18446744073709551615")!)])
    }

    @Test("a million digits: rejected, or read past leading zeros, in linear time")
    func millionDigits() throws {
        let huge = "[0x" + String(repeating: "F", count: 1_000_000) + "]"
        #expect(syntaxError(huge)?.column == 2)
        let padded = "[0x" + String(repeating: "0", count: 1_000_000) + "1F]"
        #expect(try JSON(parsing: padded, allowsJSON5: true) == [31])
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        #expect(try decoder.decode([Int].self, from: Data(padded.utf8)) == [31])
    }

    @Test("random hex digit strings convert as the reference does")
    func randomDigits() throws {
        let digits = Array("0123456789abcdefABCDEF")
        for seed in UInt64(0)..<400 {
            var random = SeededRandom(state: seed)
            let zeros = String(repeating: "0", count: Int.random(in: 0...3, using: &random))
            let text = zeros + String((0..<Int.random(in: 1...18, using: &random)).map { _ in digits.randomElement(using: &random)! })
            let negative = Bool.random(using: &random)
            let literal = (negative ? "-0x" : "0x") + text
            if let magnitude = UInt64(text, radix: 16) {
                let expected = magnitude == 0 ? "0" : (negative ? "-" : "") + String(magnitude)
                #expect(try JSON(parsing: literal, allowsJSON5: true) == .number(JSON.Number(literal: expected)!), "seed \(seed): \(literal)")
                let both = decodeBoth(Int64.self, literal)
                #expect(both.ours == both.foundation, "seed \(seed): \(literal)")
            } else {
                #expect(syntaxError(literal)?.kind == .numberOutOfRange, "seed \(seed): \(literal)")
            }
        }
    }

    @Test("NUL escapes in JSON5 strings are read as U+0000 (JSONDecoder rejects them in JSON5 mode)")
    func nulEscapes() throws {
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        for text in [#"["a\x00b"]"#, #"["a\u0000b"]"#, #"["a\0b"]"#, #"['a\x00b']"#] {
            #expect(try decoder.decode([String].self, from: Data(text.utf8)) == ["a\u{0}b"], "\(text)")
            #expect(throws: DecodingError.self) { try foundation.decode([String].self, from: Data(text.utf8)) }
        }
        // Strict JSON: `\u0000` is valid in both, and a raw NUL byte is not.
        #expect(try DynamicJSONDecoder().decode([String].self, from: Data(#"["a\u0000b"]"#.utf8)) == ["a\u{0}b"])
        #expect(try JSONDecoder().decode([String].self, from: Data(#"["a\u0000b"]"#.utf8)) == ["a\u{0}b"])
        #expect(syntaxError("[\"a\u{0}b\"]")?.kind == .controlCharacterInString)
        // Written back escaped, so the text stays valid JSON.
        #expect(try JSON(parsing: #"['\0']"#, allowsJSON5: true).serializedString() == #"["\u0000"]"#)
    }
}
