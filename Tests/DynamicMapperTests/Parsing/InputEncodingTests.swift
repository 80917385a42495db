import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Helpers

private let ieText = #"{"a": "é😀", "b": [1, 2]}"#

private struct IEDocument: Codable, Equatable {
    var a: String
    var b: [Int]
}

private let ieExpectedDocument = IEDocument(a: "é😀", b: [1, 2])
private let ieExpectedJSON: JSON = ["a": "é😀", "b": [1, 2]]

/// UTF-16 code units written out in the given byte order.
private func ieUTF16Bytes(_ units: [UInt16], bigEndian: Bool, bom: Bool = false) -> Data {
    var bytes: [UInt8] = []
    if bom { bytes += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
    for unit in units {
        let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return Data(bytes)
}

private func ieUTF32Bytes(_ units: [UInt32], bigEndian: Bool) -> Data {
    var bytes: [UInt8] = []
    for unit in units {
        let big = [UInt8(unit >> 24), UInt8(unit >> 16 & 0xFF), UInt8(unit >> 8 & 0xFF), UInt8(unit & 0xFF)]
        bytes += bigEndian ? big : big.reversed()
    }
    return Data(bytes)
}

/// Expects every parsing entry point to reject `data` with `dataCorrupted`, and returns the
/// syntax error `DynamicJSONDecoder` reported.
private func ieExpectRejected(
    _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    let fromDecoder = underlyingSyntaxError(sourceLocation: sourceLocation) { try DynamicJSONDecoder().decode(JSON.self, from: data) }
    let fromModel = underlyingSyntaxError(sourceLocation: sourceLocation) { try DynamicJSONDecoder().decode(IEDocument.self, from: data) }
    let fromJSON = underlyingSyntaxError(sourceLocation: sourceLocation) { try JSON(parsing: data) }
    let fromDocument = underlyingSyntaxError(sourceLocation: sourceLocation) { try JSONDocument(parsing: data) }
    #expect(fromModel == fromDecoder, sourceLocation: sourceLocation)
    #expect(fromJSON == fromDecoder, sourceLocation: sourceLocation)
    #expect(fromDocument == fromDecoder, sourceLocation: sourceLocation)
    return fromDecoder
}

private func ieNestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

private func ieNestedObjects(_ depth: Int) -> String {
    // depth 1: {}, depth 2: {"k":{}}, ...
    String(repeating: #"{"k":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

private func ieDecoder(maximumDepth: Int) -> DynamicJSONDecoder {
    let decoder = DynamicJSONDecoder()
    decoder.maximumDepth = maximumDepth
    return decoder
}

// MARK: - Tests

@Suite("Input encodings")
struct InputEncodingTests {
    @Test func builtBytesHaveTheExpectedShape() {
        #expect(InputEncodingTests.Form.utf8.bytes(of: ieText).count == ieText.utf8.count)
        #expect(InputEncodingTests.Form.utf8BOM.bytes(of: ieText).prefix(4) == Data([0xEF, 0xBB, 0xBF, 0x7B]))
        #expect(InputEncodingTests.Form.utf16LE.bytes(of: ieText).prefix(2) == Data([0x7B, 0x00]))
        #expect(InputEncodingTests.Form.utf16BE.bytes(of: ieText).prefix(2) == Data([0x00, 0x7B]))
        #expect(InputEncodingTests.Form.utf16LEBOM.bytes(of: ieText).prefix(4) == Data([0xFF, 0xFE, 0x7B, 0x00]))
        #expect(InputEncodingTests.Form.utf16BEBOM.bytes(of: ieText).prefix(4) == Data([0xFE, 0xFF, 0x00, 0x7B]))
        #expect(InputEncodingTests.Form.utf16LE.bytes(of: ieText).count == ieText.utf16.count * 2)
        #expect(InputEncodingTests.Form.utf32LE.bytes(of: ieText).prefix(4) == Data([0x7B, 0, 0, 0]))
        #expect(InputEncodingTests.Form.utf32BE.bytes(of: ieText).prefix(4) == Data([0, 0, 0, 0x7B]))
        #expect(InputEncodingTests.Form.utf32LEBOM.bytes(of: ieText).prefix(8) == Data([0xFF, 0xFE, 0, 0, 0x7B, 0, 0, 0]))
        #expect(InputEncodingTests.Form.utf32BEBOM.bytes(of: ieText).prefix(8) == Data([0, 0, 0xFE, 0xFF, 0, 0, 0, 0x7B]))
        #expect(InputEncodingTests.Form.utf32BE.bytes(of: ieText).count == ieText.unicodeScalars.count * 4)
    }

    @Test(arguments: InputEncodingTests.Form.allCases)
    func dynamicDecoderReadsEveryEncoding(_ form: InputEncodingTests.Form) throws {
        let data = form.bytes(of: ieText)
        let decoder = DynamicJSONDecoder()
        #expect(try decoder.decode(IEDocument.self, from: data) == ieExpectedDocument)
        let dictionary = try decoder.decode([String: JSON].self, from: data)
        #expect(dictionary == ["a": "é😀", "b": [1, 2]])
        let json = try decoder.decode(JSON.self, from: data)
        #expect(json == ieExpectedJSON)
        #expect(json.objectValue?.keys == ["a", "b"])
        #expect(json["a"]?.stringValue?.unicodeScalars.map(\.value) == [0xE9, 0x1F600])
        #expect(json.serializedString() == #"{"a":"é😀","b":[1,2]}"#)
    }

    @Test(arguments: InputEncodingTests.Form.allCases)
    func foundationDecoderAgrees(_ form: InputEncodingTests.Form) throws {
        let data = form.bytes(of: ieText)
        let foundation = JSONDecoder()
        let dynamic = DynamicJSONDecoder()
        #expect(try dynamic.decode(IEDocument.self, from: data) == ieExpectedDocument)
        let compare = {
            #expect(try foundation.decode(IEDocument.self, from: data) == ieExpectedDocument)
            #expect(try foundation.decode(IEDocument.self, from: data) == (try dynamic.decode(IEDocument.self, from: data)))
            let fromFoundation = try foundation.decode([String: JSON].self, from: data)
            #expect(fromFoundation == (try dynamic.decode([String: JSON].self, from: data)))
            #expect(fromFoundation["a"] == "é😀")
            #expect(fromFoundation["b"] == [1, 2])
        }
        if form == .utf32LEBOM {
            // Foundation's JSONDecoder (swift-foundation on Linux, Swift 6.3) takes FF FE 00 00 for a
            // UTF-16LE byte order mark and throws dataCorrupted; DynamicJSONDecoder reads it (above).
            withKnownIssue("JSONDecoder does not recognise the UTF-32LE byte order mark") { try compare() }
        } else {
            try compare()
        }
    }

    @Test(arguments: InputEncodingTests.Form.allCases)
    func parsingEntryPointsReadEveryEncoding(_ form: InputEncodingTests.Form) throws {
        let data = form.bytes(of: ieText)
        let json = try JSON(parsing: data)
        #expect(json == ieExpectedJSON)
        #expect(json["a"] == "é😀")
        #expect(json["b"]?[1]?.numberValue?.literal == "2")
        let document = try JSONDocument(parsing: data)
        #expect(document.root == ieExpectedJSON)
        #expect(try document.decode(IEDocument.self) == ieExpectedDocument)
    }

    @Test(arguments: InputEncodingTests.Form.allCases)
    func encodingsWithSyntaxErrorsReportPositionsInScalars(_ form: InputEncodingTests.Form) throws {
        // The same text with a doubled comma on the second line.
        let text = "{\"a\": \"é😀\",\n \"b\": [1,, 2]}"
        let syntax = try #require(underlyingSyntaxError { try DynamicJSONDecoder().decode(JSON.self, from: form.bytes(of: text)) })
        #expect(syntax.line == 2)
        #expect(syntax.column == 10) // space " b " : space [ 1 , then the second comma
        // The offset is in the UTF-8 text without any byte order mark: 16 bytes on line 1, then 9.
        #expect(syntax.offset == 25)
    }

    @Test(arguments: InputEncodingTests.Form.allCases)
    func scalarTopLevelValuesInEveryEncoding(_ form: InputEncodingTests.Form) throws {
        // Short inputs whose first character is ASCII.
        #expect(try JSON(parsing: form.bytes(of: "7")) == 7)
        #expect(try JSON(parsing: form.bytes(of: "[]")) == [])
        #expect(try JSON(parsing: form.bytes(of: #""é""#)) == "é")
        #expect(try DynamicJSONDecoder().decode(Int.self, from: form.bytes(of: "42")) == 42)
        // A non-ASCII second character leaves no zero byte where Foundation looks for one:
        // without a byte order mark, UTF-16 is not recognised there, in either decoder.
        let clef = form.bytes(of: #""𝄞""#)
        let ours = try? DynamicJSONDecoder().decode(String.self, from: clef)
        #expect(ours == ([.utf16LE, .utf16BE].contains(form) ? nil : "𝄞"))
        if form != .utf32LEBOM { #expect(ours == (try? JSONDecoder().decode(String.self, from: clef))) }
    }

    // MARK: Invalid UTF-16 and UTF-32

    /// Every input of two to four bytes over an alphabet of zeros, byte order mark bytes and
    /// short JSON, and random longer ones: accepted or refused as `JSONDecoder` accepts or
    /// refuses it, with the same value, so encoding detection agrees where it is easiest to
    /// get wrong (two- and three-byte input, zero bytes that are not an ASCII pattern).
    @Test func shortAndZeroByteInputsAgreeWithFoundation() throws {
        let alphabet: [UInt8] = [0x00, 0x31, 0x20, 0x5B, 0x5D, 0x22, 0xFE, 0xFF, 0xEF, 0xBB, 0xBF]
        var inputs: [[UInt8]] = []
        for length in 2...4 {
            var indexes = Array(repeating: 0, count: length)
            while true {
                inputs.append(indexes.map { alphabet[$0] })
                var position = length - 1
                while position >= 0 && indexes[position] == alphabet.count - 1 { indexes[position] = 0; position -= 1 }
                if position < 0 { break }
                indexes[position] += 1
            }
        }
        var random = SeededRandom(state: 0x1EC0DE)
        for _ in 0..<2_000 {
            let length = 5 + Int(random.next() % 8)
            inputs.append((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var checked = 0
        for bytes in inputs {
            let data = Data(bytes)
            let foundation = try? JSONDecoder().decode(JSON.self, from: data)
            let ours = try? DynamicJSONDecoder().decode(JSON.self, from: data)
            // The one deliberate difference: FF FE 00 00 starts UTF-32 little-endian here.
            if bytes.count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 { continue }
            #expect(ours == foundation, "bytes \(bytes.map { String($0, radix: 16) })")
            checked += 1
        }
        #expect(checked > 16_000)
        // Two bytes with a zero are UTF-16 for both; three are not.
        #expect(try DynamicJSONDecoder().decode(Int.self, from: Data([0x00, 0x31])) == 1)
        #expect(try JSONDecoder().decode(Int.self, from: Data([0x00, 0x31])) == 1)
        #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(Int.self, from: Data([0x00, 0x31, 0x20])) }
    }

    /// README's "Three-byte input with a zero byte": every three-byte input with a zero in its
    /// first two bytes is read by `JSON(parsing:)` as `JSONDecoder` reads it (refused, so far
    /// as the alphabet reaches), `JSONSerialization` is the only reader that guesses UTF-16
    /// there, and the fuzz oracle accepts exactly that difference.
    @Test func threeByteInputWithAZeroFollowsJSONDecoder() throws {
        let alphabet: [UInt8] = [0x00, 0x31, 0x20, 0x0A, 0x22, 0x5B, 0x5D, 0x7B, 0x7D, 0x61, 0xFE, 0xFF]
        var serializationGuesses = 0
        for a in alphabet {
            for b in alphabet where a == 0 || b == 0 {
                for c in alphabet {
                    let data = Data([a, b, c])
                    let decoder = try? JSONDecoder().decode(JSON.self, from: data)
                    #expect((try? JSON(parsing: data)) == decoder, "bytes \([a, b, c])")
                    #expect((try? DynamicJSONDecoder().decode(JSON.self, from: data)) == decoder, "bytes \([a, b, c])")
                    #expect(DocumentedDifference.isThreeByteUTF16Guess(data))
                    if decoder == nil, (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
                        serializationGuesses += 1
                    }
                    // The fuzz property holds with and without the JSON5 and formatting flags.
                    for flags: UInt8 in 0...3 { try FuzzChecks.parseRoundTrip(Data([flags, a, b, c])) }
                }
            }
        }
        // `00 31 x` and `31 00 x` for every third byte.
        #expect(serializationGuesses == 2 * alphabet.count)
        #expect(!DocumentedDifference.isThreeByteUTF16Guess(Data([0x31, 0x20, 0x00])))
        #expect(!DocumentedDifference.isThreeByteUTF16Guess(Data([0x00, 0x31])))
    }

    @Test(arguments: [false, true], [false, true])
    func loneSurrogatesInUTF16AreRejected(bigEndian: Bool, bom: Bool) throws {
        let quote = UInt16(UInt8(ascii: "\"")), open = UInt16(UInt8(ascii: "[")), close = UInt16(UInt8(ascii: "]"))
        let cases: [[UInt16]] = [
            [open, quote, 0xD800, quote, close], // lone high surrogate
            [open, quote, 0xDC00, quote, close], // lone low surrogate
            [open, quote, 0xDBFF, 0x0041, quote, close], // high surrogate followed by a non-surrogate
            [open, quote, 0xDC00, 0xD800, quote, close], // reversed pair
            [open, quote, quote, close, 0xD800], // high surrogate at the very end
        ]
        for units in cases {
            let data = ieUTF16Bytes(units, bigEndian: bigEndian, bom: bom)
            let syntax = ieExpectRejected(data)
            #expect(syntax?.kind == .invalidUTF16OrUTF32, "\(String(describing: syntax))")
        }
        // The valid pair is accepted.
        let valid = ieUTF16Bytes([open, quote, 0xD83D, 0xDE00, quote, close], bigEndian: bigEndian, bom: bom)
        #expect(try JSON(parsing: valid) == ["😀"])
    }

    /// An odd byte count: the last byte is dropped, as Foundation drops it, so one byte more
    /// reads as before and one byte less leaves the closing bracket out.
    @Test(arguments: [false, true], [false, true])
    func oddLengthUTF16DropsTheLastByte(bigEndian: Bool, bom: Bool) throws {
        let whole =
            (bom ? Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : Data())
            + #"["a"]"#.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!
        #expect(try JSON(parsing: whole) == ["a"])
        let longer = whole + Data([0x20])
        #expect(try JSON(parsing: longer) == ["a"])
        #expect(try JSONDecoder().decode([String].self, from: longer) == ["a"])
        let shorter = Data(whole.dropLast())
        let syntax = ieExpectRejected(shorter)
        #expect(syntax?.kind == .unexpectedEnd, "\(String(describing: syntax))")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String].self, from: shorter) }
    }

    @Test(arguments: [false, true])
    func invalidUTF32IsRejected(bigEndian: Bool) throws {
        let quote = UInt32(UInt8(ascii: "\"")), open = UInt32(UInt8(ascii: "[")), close = UInt32(UInt8(ascii: "]"))
        for bad: UInt32 in [0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF] {
            let data = ieUTF32Bytes([open, quote, bad, quote, close], bigEndian: bigEndian)
            let syntax = ieExpectRejected(data)
            #expect(syntax?.kind == .invalidUTF16OrUTF32, "\(String(describing: syntax))")
        }
        // A truncated last code unit is dropped, as Foundation drops it: the bracket is missing.
        let whole = ieUTF32Bytes([open, quote, 0x1F600, quote, close], bigEndian: bigEndian)
        #expect(try JSON(parsing: whole) == ["😀"])
        let syntax = ieExpectRejected(Data(whole.dropLast()))
        #expect(syntax?.kind == .unexpectedEnd, "\(String(describing: syntax))")
        #expect((try? JSON(parsing: whole + Data([0x20]))) == ["😀"])
    }

    // MARK: Invalid UTF-8

    /// `{"a": "x` is eight bytes and eight scalars, so the bad byte is at offset 8, column 9.
    @Test(
        arguments: [
            ([0xC0, 0x80], "overlong two-byte NUL"),
            ([0xC1, 0xBF], "overlong two-byte"),
            ([0xE0, 0x80, 0xAF], "overlong three-byte"),
            ([0xF0, 0x80, 0x80, 0xAF], "overlong four-byte"),
            ([0xED, 0xA0, 0x80], "encoded high surrogate"),
            ([0xED, 0xBF, 0xBF], "encoded low surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
            ([0xF5, 0x80, 0x80, 0x80], "0xF5 lead"),
            ([0xF5], "0xF5 alone"),
            ([0xFF], "0xFF"),
            ([0x80], "lone continuation byte"),
            ([0xE2, 0x82], "truncated three-byte sequence before the closing quote"),
            ([0xF0, 0x9F, 0x98], "truncated four-byte sequence before the closing quote"),
            ([0xC3], "truncated two-byte sequence before the closing quote"),
        ] as [([UInt8], String)])
    func invalidUTF8InStringsIsRejectedAtTheBadByte(_ bad: [UInt8], _ label: String) throws {
        let data = Data(#"{"a": "x"#.utf8) + Data(bad) + Data(#"", "b": [1, 2]}"#.utf8)
        let syntax = try #require(ieExpectRejected(data), "\(label)")
        #expect(syntax.line == 1, "\(label)")
        #expect(syntax.column == 9, "\(label): \(syntax)")
        #expect(syntax.offset == 8, "\(label): \(syntax)")
        #expect(syntax.kind == .invalidUTF8, "\(label): \(syntax)")
        // Foundation rejects it too.
        #expect(throws: DecodingError.self, "\(label)") { try JSONDecoder().decode(IEDocument.self, from: data) }
    }

    @Test func invalidUTF8ColumnCountsScalarsBeforeIt() throws {
        // After "é😀" (6 bytes, 2 scalars) on the second line.
        let data = Data("{\"b\": 1,\n \"a\": \"é😀".utf8) + Data([0xC0, 0x80]) + Data("\"}".utf8)
        let syntax = try #require(ieExpectRejected(data))
        #expect(syntax.line == 2)
        #expect(syntax.column == 10) // space " a " : space " é 😀 → 9 scalars before it
        #expect(syntax.offset == 22) // 9 + 7 + 6
    }

    @Test func invalidUTF8AtTheEndOfInputAndInKeys() throws {
        // A sequence cut off by the end of the input.
        let cut = Data(#"["x"#.utf8) + Data([0xE2, 0x82])
        let cutError = try #require(ieExpectRejected(cut))
        #expect(cutError.column == 4)
        #expect(cutError.offset == 3)
        let cutFour = Data(#"["#.utf8) + Data([0x22, 0xF0, 0x9F])
        let cutFourError = try #require(ieExpectRejected(cutFour))
        #expect(cutFourError.column == 3)
        #expect(cutFourError.offset == 2)

        // In a key.
        let key = Data(#"{"k"#.utf8) + Data([0xED, 0xA0, 0x80]) + Data(#"": 1}"#.utf8)
        let keyError = try #require(ieExpectRejected(key))
        #expect(keyError.column == 4)
        #expect(keyError.offset == 3)
        #expect(keyError.kind == .invalidUTF8)

        // Outside a string the byte is an unexpected character at the same place.
        let outside = Data("[1, ".utf8) + Data([0xC3, 0xA9]) + Data("]".utf8)
        let outsideError = try #require(ieExpectRejected(outside))
        #expect(outsideError.column == 5)
        #expect(outsideError.offset == 4)
        #expect(outsideError.kind == .unexpectedCharacter)
    }

    @Test func validUTF8EdgeScalarsAreAccepted() throws {
        let scalars: [(bytes: [UInt8], text: String)] = [
            ([0xC2, 0x80], "\u{80}"), ([0xDF, 0xBF], "\u{7FF}"), ([0xE0, 0xA0, 0x80], "\u{800}"),
            ([0xED, 0x9F, 0xBF], "\u{D7FF}"), ([0xEE, 0x80, 0x80], "\u{E000}"), ([0xEF, 0xBF, 0xBF], "\u{FFFF}"),
            ([0xF0, 0x90, 0x80, 0x80], "\u{10000}"), ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
        ]
        for (bytes, text) in scalars {
            let data = Data("[\"".utf8) + Data(bytes) + Data("\"]".utf8)
            #expect(try JSON(parsing: data) == [.string(text)], "\(bytes)")
            #expect(try DynamicJSONDecoder().decode([String].self, from: data) == [text])
            #expect(try JSONDecoder().decode([String].self, from: data) == [text])
        }
    }

    // MARK: Depth limit

    @Test(arguments: [1, 2, 5, 20])
    func depthLimitForArrays(_ limit: Int) throws {
        let atLimit = Data(ieNestedArrays(limit).utf8)
        let beyond = Data(ieNestedArrays(limit + 1).utf8)
        #expect(try ieDecoder(maximumDepth: limit).decode(JSON.self, from: atLimit).serializedString() == ieNestedArrays(limit))
        #expect(try JSON(parsing: atLimit, maximumDepth: limit).serializedString() == ieNestedArrays(limit))
        #expect(try JSONDocument(parsing: atLimit, maximumDepth: limit).root.serializedString() == ieNestedArrays(limit))

        let syntax = try #require(underlyingSyntaxError { try ieDecoder(maximumDepth: limit).decode(JSON.self, from: beyond) })
        #expect(syntax.line == 1)
        #expect(syntax.column == limit + 1) // the opening bracket one too deep
        #expect(syntax.offset == limit)
        #expect(syntax.kind == .tooDeep)
        #expect(syntax.reason == "Too many nested arrays or objects (the limit is \(limit))")
        #expect(underlyingSyntaxError { try JSON(parsing: beyond, maximumDepth: limit) } == syntax)
        #expect(underlyingSyntaxError { try JSONDocument(parsing: beyond, maximumDepth: limit) } == syntax)
    }

    @Test func depthFiveForArraysAndObjects() throws {
        let decoder = ieDecoder(maximumDepth: 5)
        #expect(decoder.maximumDepth == 5)

        let arrays5 = Data("[[[[[1]]]]]".utf8)
        let arrays6 = Data("[[[[[[1]]]]]]".utf8)
        #expect(try decoder.decode([[[[[Int]]]]].self, from: arrays5) == [[[[[1]]]]])
        #expect(try decoder.decode(JSON.self, from: arrays5) == [[[[[1]]]]])
        let arrayError = try #require(underlyingSyntaxError { try decoder.decode([[[[[[Int]]]]]].self, from: arrays6) })
        #expect(arrayError.column == 6)
        #expect(arrayError.offset == 5)

        let objects5 = Data(#"{"a": {"a": {"a": {"a": {"a": 1}}}}}"#.utf8)
        let objects6 = Data(#"{"a": {"a": {"a": {"a": {"a": {"a": 1}}}}}}"#.utf8)
        #expect(try decoder.decode(JSON.self, from: objects5)["a"]?["a"]?["a"]?["a"]?["a"] == 1)
        #expect(try decoder.decode([String: [String: [String: [String: [String: Int]]]]].self, from: objects5)["a"]?["a"]?["a"]?["a"]?["a"] == 1)
        let objectError = try #require(underlyingSyntaxError { try decoder.decode(JSON.self, from: objects6) })
        #expect(objectError.line == 1)
        #expect(objectError.column == 31) // five `{"a": ` prefixes of 6 scalars each
        #expect(objectError.offset == 30)
        #expect(objectError.kind == .tooDeep)

        #expect(try JSON(parsing: objects5, maximumDepth: 5)["a"]?["a"]?["a"]?["a"]?["a"] == 1)
        #expect(underlyingSyntaxError { try JSON(parsing: objects6, maximumDepth: 5) } == objectError)
        #expect(try JSONDocument(parsing: objects5, maximumDepth: 5).root["a"]?["a"]?["a"]?["a"]?["a"] == 1)
        #expect(underlyingSyntaxError { try JSONDocument(parsing: objects6, maximumDepth: 5) } == objectError)

        // Generated shapes, exactly at the limit and one more.
        #expect(try decoder.decode(JSON.self, from: Data(ieNestedObjects(5).utf8)).serializedString() == ieNestedObjects(5))
        #expect(underlyingSyntaxError { try decoder.decode(JSON.self, from: Data(ieNestedObjects(6).utf8)) }?.column == 26)

        // Mixed nesting counts both kinds.
        let mixed5 = Data(#"[{"a": [{"b": []}]}]"#.utf8)
        let mixed6 = Data(#"[{"a": [{"b": [[]]}]}]"#.utf8)
        #expect(try decoder.decode(JSON.self, from: mixed5) == [["a": [["b": []]]]])
        #expect(underlyingSyntaxError { try decoder.decode(JSON.self, from: mixed6) }?.column == 16)
    }

    @Test func depthLimitAppliesToUnreadPartsAndSiblingsDoNotAccumulate() throws {
        let decoder = ieDecoder(maximumDepth: 5)
        // Many siblings at depth 5 are fine: depth is nesting, not a count.
        let siblings = Data(("[[[[" + Array(repeating: "[1]", count: 50).joined(separator: ",") + "]]]]").utf8)
        #expect(try decoder.decode(JSON.self, from: siblings)[0]?[0]?[0]?.arrayValue?.count == 50)
        // A too-deep member the model never reads still fails.
        let unread = Data(#"{"a": "é😀", "b": [1, 2], "deep": [[[[[0]]]]]}"#.utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(IEDocument.self, from: unread) }
        decoder.maximumDepth = 6
        #expect(try decoder.decode(IEDocument.self, from: unread) == ieExpectedDocument)
        // The limit is at least one.
        decoder.maximumDepth = 0
        #expect(decoder.maximumDepth == 1)
        #expect(try decoder.decode([Int].self, from: Data("[1]".utf8)) == [1])
        #expect(throws: DecodingError.self) { try decoder.decode([[Int]].self, from: Data("[[1]]".utf8)) }
        #expect(try decoder.decode(Int.self, from: Data("3".utf8)) == 3)
    }

    @Test(arguments: [InputEncodingTests.Form.utf16LE, .utf16BEBOM, .utf32BE, .utf8BOM])
    func depthLimitInOtherEncodings(_ form: InputEncodingTests.Form) throws {
        let decoder = ieDecoder(maximumDepth: 5)
        #expect(try decoder.decode(JSON.self, from: form.bytes(of: ieNestedArrays(5))) == (try JSON(parsing: ieNestedArrays(5))))
        let syntax = try #require(underlyingSyntaxError { try decoder.decode(JSON.self, from: form.bytes(of: ieNestedArrays(6))) })
        #expect(syntax.column == 6)
    }
}

extension InputEncodingTests {
    /// The byte forms the same text is given in (nested in the suite so the name stays local).
    enum Form: String, CaseIterable, CustomStringConvertible, Sendable {
        case utf8, utf8BOM
        case utf16LE, utf16LEBOM, utf16BE, utf16BEBOM
        case utf32LE, utf32LEBOM, utf32BE, utf32BEBOM

        var description: String { rawValue }

        func bytes(of text: String) -> Data {
            let body: Data
            let bom: [UInt8]
            switch self {
            case .utf8: body = Data(text.utf8); bom = []
            case .utf8BOM: body = Data(text.utf8); bom = [0xEF, 0xBB, 0xBF]
            case .utf16LE: body = text.data(using: .utf16LittleEndian)!; bom = []
            case .utf16LEBOM: body = text.data(using: .utf16LittleEndian)!; bom = [0xFF, 0xFE]
            case .utf16BE: body = text.data(using: .utf16BigEndian)!; bom = []
            case .utf16BEBOM: body = text.data(using: .utf16BigEndian)!; bom = [0xFE, 0xFF]
            case .utf32LE: body = text.data(using: .utf32LittleEndian)!; bom = []
            case .utf32LEBOM: body = text.data(using: .utf32LittleEndian)!; bom = [0xFF, 0xFE, 0x00, 0x00]
            case .utf32BE: body = text.data(using: .utf32BigEndian)!; bom = []
            case .utf32BEBOM: body = text.data(using: .utf32BigEndian)!; bom = [0x00, 0x00, 0xFE, 0xFF]
            }
            return Data(bom) + body
        }
    }
}

@Suite("Input encodings: error positions")
struct InputEncodingErrorPositionTests {
    /// A lone high surrogate on the second line of UTF-16 input is reported where it stands.
    @Test func invalidUTF16IsPositioned() throws {
        var units = Array("[1,\n \"a".utf16)
        units.append(0xD800)
        units.append(contentsOf: "\"]".utf16)
        let data = Data(units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        do {
            _ = try DynamicJSONDecoder().decode(JSON.self, from: data)
            Issue.record("expected invalid UTF-16 to be rejected")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? JSONSyntaxError)
            #expect(error.line == 2)
            #expect(error.column == 4)
            #expect(error.kind == .invalidUTF16OrUTF32)
            #expect(error.reason == "Invalid UTF-16 input")
        }
    }
}
