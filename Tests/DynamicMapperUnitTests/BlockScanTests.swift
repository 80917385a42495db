import Testing
import Foundation
@testable import DynamicMapper
import DynamicMapperTestSupport

/// The block-at-a-time scanner against the byte-at-a-time reference (`scansByteByByte`): the
/// same nodes for every input, or the same error at the same offset, line and column.
struct BlockScanTests {
    /// Scans `data` both ways, strict and JSON5, and records a failure for any difference.
    /// Returns whether strict JSON accepts it.
    @discardableResult
    static func expectAlike(_ data: Data, _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let strict = BlockScanCheck.compare(data, allowsJSON5: false)
        let json5 = BlockScanCheck.compare(data, allowsJSON5: true)
        #expect(strict.difference == nil, "\(label()): \(strict.difference ?? "")", sourceLocation: sourceLocation)
        #expect(json5.difference == nil, "\(label()) as JSON5: \(json5.difference ?? "")", sourceLocation: sourceLocation)
        return strict.accepted
    }

    /// The same text at other offsets and inside longer input, so that blocks cover it: most
    /// JSONTestSuite files are shorter than one block.
    static func variants(of data: Data) -> [Data] {
        let bytes = Array(data)
        return [
            data,
            Data(Array(repeating: UInt8(ascii: " "), count: 17) + bytes + Array(repeating: UInt8(ascii: "\n"), count: 19)),
            Data(Array("[\"0123456789abcdefghij\", ".utf8) + bytes + Array(", 12345678901234567890]".utf8)),
            Data(Array("{\"a\":\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t".utf8) + bytes + Array("}".utf8)),
        ]
    }

    @Test(
        "every JSONTestSuite file scans alike, as it is and padded",
        .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
    func jsonTestSuite() throws {
        let files = SharedData.files(in: "JSONTestSuite/test_parsing") + SharedData.files(in: "JSONTestSuite/test_transform")
        #expect(files.count > 300)
        var accepted = 0
        for file in files {
            for (index, variant) in Self.variants(of: try Data(contentsOf: file)).enumerated() {
                if Self.expectAlike(variant, "\(file.lastPathComponent) variant \(index)") { accepted += 1 }
            }
        }
        // Both outcomes occur: the comparison is not between two rejections only.
        #expect(accepted > 300 && accepted < files.count * 4)
    }

    @Test(
        "the benchmark files scan alike, whole and cut short",
        .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
    func benchmarkFiles() throws {
        for name in ["twitter", "citm_catalog", "canada"] {
            let data = try SharedData.data("bench/\(name).json")
            #expect(Self.expectAlike(data, name), "\(name) is valid")
            var random = SeededRandom(state: 18)
            for _ in 0..<4 {
                let cut = Int.random(in: 0..<data.count, using: &random)
                Self.expectAlike(data.prefix(cut), "\(name) cut at \(cut)")
            }
        }
    }

    @Test("seeded random texts and their mutations scan alike")
    func randomTexts() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        for round in 0..<1_500 {
            var text = Array(RandomText.document(using: &random).utf8)
            Self.expectAlike(Data(text), "seed \(seed) round \(round)")
            for _ in 0..<4 {
                RandomText.mutate(&text, using: &random)
                Self.expectAlike(Data(text), "seed \(seed) round \(round) mutated: \(String(decoding: text, as: UTF8.self).debugDescription)")
            }
            let cut = Int.random(in: 0...text.count, using: &random)
            Self.expectAlike(Data(text.prefix(cut)), "seed \(seed) round \(round) cut at \(cut)")
        }
    }

    @Test("strings of UTF-8 of every length, well-formed or not, at every block offset scan alike")
    func utf8InStringsScansAlike() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        // Well-formed characters of each length and at each range edge, then malformed bytes:
        // lone continuation bytes, overlong and surrogate forms, truncated sequences, bytes
        // never allowed, and the bytes that end a plain run.
        let valid: [[UInt8]] = [
            [0x61], [0xC2, 0x80], [0xC3, 0xA9], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE6, 0x97, 0xA5],
            [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39],
        ]
        let malformed: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xE6, 0x97], [0xE6], [0xC3], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5], [0xFF], [0xE6, 0x41, 0x80], [0x01], [0x22], [0x5C],
        ]
        var rejected = 0
        for round in 0..<3_000 {
            var content: [UInt8] = Array(repeating: UInt8(ascii: "x"), count: Int.random(in: 0...33, using: &random))
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                content += valid.randomElement(using: &random) ?? []
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                let bad = malformed.randomElement(using: &random) ?? []
                content.insert(contentsOf: bad, at: Int.random(in: 0...content.count, using: &random))
            }
            content += Array(repeating: UInt8(ascii: "y"), count: Int.random(in: 0...20, using: &random))
            let text = Array("[\"".utf8) + content + Array("\", \"ab".utf8) + content + Array("\"]".utf8)
            if !Self.expectAlike(Data(text), "seed \(seed) round \(round): \(text)") { rejected += 1 }
            // Also as the very first value, where nothing lies before the opening quote.
            Self.expectAlike(Data(Array("\"".utf8) + content + Array("\"".utf8)), "seed \(seed) round \(round), top level")
        }
        // Both outcomes occur often.
        #expect(rejected > 300 && rejected < 2_700, "rejected \(rejected)")
    }

    @Test("the portable move mask gives the bits pmovmskb gives, lane n in bit n")
    func portableMoveMask() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        for _ in 0..<2_000 {
            var block = BlockScan.Block()
            var expected: UInt32 = 0
            for lane in 0..<16 {
                block[lane] = Bool.random(using: &random) ? 0x20 : UInt8.random(in: 0...255, using: &random)
                if block[lane] == 0x20 { expected |= 1 << lane }
            }
            let mask = block .== BlockScan.Block(repeating: 0x20)
            #expect(BlockScan.portableBits(mask) == expected, "\(block), seed \(seed)")
            #expect(BlockScan.bits(mask) == expected, "\(block), seed \(seed)")
            #expect(BlockScan.firstSetLane(mask) == (expected == 0 ? 16 : expected.trailingZeroBitCount))
        }
        // CI's ThreadSanitizer build sets DYNAMICMAPPER_PORTABLE_MASK and says so here.
        if ProcessInfo.processInfo.environment["DYNAMICMAPPER_EXPECT_PORTABLE_MASK"] != nil {
            #expect(BlockScan.usesPortableMask, "the portable move mask was asked for but is not compiled in")
        }
    }

    @Test("every lead byte with every second byte and a spread of third bytes: accepted exactly when Swift's UTF-8 validation accepts, alike in both scanners")
    func utf8SequencesAgainstSwiftValidation() {
        // Every byte of 0x80 and more as the second, and ASCII ones that end a sequence early;
        // third bytes at each range edge. No byte that would end the string or need an escape.
        let seconds: [UInt8] = [0x20, 0x41, 0x7F] + Array(UInt8(0x80)...0xFF)
        let thirds: [UInt8] = [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var accepted = 0, total = 0
        for lead in UInt8(0x80)...0xFF {
            for second in seconds {
                for third in thirds {
                    // Four valid three-byte characters after it (the block check's shape), and
                    // padding that moves it across a block edge.
                    let sequence = [lead, second, third] + [0xE6, 0x97, 0xA5, 0xE3, 0x81, 0x82, 0xE6, 0x97, 0xA5, 0xE3, 0x81, 0x82]
                    let padding = Array(repeating: UInt8(ascii: "x"), count: Int(lead &+ second &+ third) % 17)
                    let text = [UInt8(ascii: "\"")] + padding + sequence + [UInt8(ascii: "\"")]
                    let valid = String(validating: sequence, as: UTF8.self) != nil
                    let check = BlockScanCheck.compare(Data(text), allowsJSON5: false)
                    if check.difference != nil || check.accepted != valid {
                        Issue.record("\(sequence.prefix(3)): valid \(valid), accepted \(check.accepted), \(check.difference ?? "same in both scanners")")
                        return
                    }
                    total += 1
                    if valid { accepted += 1 }
                }
            }
        }
        #expect(total > 100_000 && accepted > 1_000, "\(total) sequences, \(accepted) valid")
    }

    @Test("a block passes as five three-byte sequences exactly when its first 15 bytes are five such characters")
    func fiveThreeByteSequences() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        let pieces: [[UInt8]] = [
            [0xE6, 0x97, 0xA5], [0xE3, 0x81, 0x82], [0xEF, 0xBF, 0xBF], [0xE1, 0x80, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xE6, 0x97], [0xC3, 0xA9], [0x61], [0x80], [0xF0, 0x9F, 0x98, 0x80],
        ]
        var passed = 0
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            while bytes.count < 16 {
                // Mostly well-formed CJK, so that passing is common.
                bytes += Int.random(in: 0..<3, using: &random) == 0 ? (pieces.randomElement(using: &random) ?? []) : [0xE6, 0x97, 0xA5]
            }
            let head = Array(bytes.prefix(15))
            let scalars = String(validating: head, as: UTF8.self).map { Array($0.unicodeScalars) } ?? []
            let expected =
                scalars.count == 5 && stride(from: 0, to: 15, by: 3).allSatisfy { head[$0] != 0xE0 && head[$0] != 0xED }
                && scalars.allSatisfy { $0.value >= 0x800 }
            let result = bytes.withUnsafeBufferPointer { BlockScan.startsWithFiveThreeByteSequences($0.baseAddress ?? ScanBytes.emptyPointer) }
            #expect(result == expected, "\(bytes), seed \(seed)")
            if expected { passed += 1 }
        }
        #expect(passed > 500 && passed < 4_500)
    }

    @Test("each block skip stops exactly at the first byte that needs a look")
    func blockSkipsStopAtTheFirstSpecialByte() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(state: seed)
        let isPlain: (UInt8) -> Bool = { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let isBlank: (UInt8) -> Bool = { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
        let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...70, using: &random)
            let stop = Int.random(in: 0...count, using: &random)
            let filler: [UInt8] =
                [[UInt8(ascii: "a"), UInt8(ascii: "~"), UInt8(ascii: " ")], [0x20, 0x0A, 0x0D, 0x09], Array(UInt8(ascii: "0")...UInt8(ascii: "9")), [0x20]]
                .randomElement(using: &random) ?? []
            var bytes = (0..<count).map { _ in filler.randomElement(using: &random) ?? 0 }
            if stop < count { bytes[stop] = UInt8.random(in: 0...255, using: &random) }
            bytes.withUnsafeBufferPointer { buffer in
                let start = buffer.baseAddress ?? ScanBytes.emptyPointer
                let end = start + count
                func check(_ name: String, _ skipped: UnsafePointer<UInt8>, found: Bool?, _ passes: (UInt8) -> Bool) {
                    let first = bytes.firstIndex { !passes($0) } ?? count
                    let reached = skipped - start
                    // Never past a byte that needs a look, and up to it unless under a block is left.
                    #expect(
                        reached <= first && (reached == first || count - reached < BlockScan.width),
                        "\(name) of \(bytes) reached \(reached), first stop \(first), seed \(seed)")
                    if found == true { #expect(reached == first && first < count, "\(name) of \(bytes), seed \(seed)") }
                    if found == false { #expect(count - reached < BlockScan.width, "\(name) of \(bytes), seed \(seed)") }
                }
                let string = BlockScan.skipPlainStringBytes(from: start, to: end)
                check("string", string.position, found: string.found, isPlain)
                check("white space", BlockScan.skipWhitespace(from: start, to: end), found: nil, isBlank)
                let digits = BlockScan.skipDigits(from: start, to: end)
                check("digits", digits.position, found: digits.found, isDigit)
                check("spaces", BlockScan.skipSpaces(from: start, to: end), found: nil) { $0 == 0x20 }
                let hasHigh = bytes.contains { $0 >= 0x80 }
                #expect(ASCIIScan.containsNonASCII(buffer) == hasHigh, "non-ASCII in \(bytes), seed \(seed)")
            }
        }
    }
}

/// Random JSON-like text built to stress block edges: long strings with a special byte
/// anywhere, white space and digit runs of every length, multi-byte characters.
enum RandomText {
    static let pieces: [String] = ["é", "日本語", "😀", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\\\", " ", "abc", "0123456789"]

    static func string(using random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            text += String(repeating: "x", count: Int.random(in: 0...40, using: &random))
            if Bool.random(using: &random) { text += pieces.randomElement(using: &random) ?? "" }
        }
        return "\"" + text + "\""
    }

    static func blank(using random: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...40, using: &random)).map { _ in [" ", "\n", "\t", "\r"].randomElement(using: &random) ?? " " })
    }

    static func number(using random: inout SeededRandom) -> String {
        let digits = { (count: Int, random: inout SeededRandom) in
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        var text = (Bool.random(using: &random) ? "-" : "") + String(Int.random(in: 1...9, using: &random))
        text += digits(Int.random(in: 0...30, using: &random), &random)
        if Bool.random(using: &random) { text += "." + digits(Int.random(in: 1...30, using: &random), &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { text += "e-" + digits(Int.random(in: 1...3, using: &random), &random) }
        return text
    }

    static func value(depth: Int, using random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &random) {
        case 0: return string(using: &random)
        case 1: return number(using: &random)
        case 2: return ["true", "false", "null"].randomElement(using: &random) ?? "null"
        case 3:
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                blank(using: &random) + string(using: &random) + blank(using: &random) + ":" + blank(using: &random)
                    + value(depth: depth + 1, using: &random) + blank(using: &random)
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                blank(using: &random) + value(depth: depth + 1, using: &random) + blank(using: &random)
            }
            return "[" + elements.joined(separator: ",") + "]"
        }
    }

    static func document(using random: inout SeededRandom) -> String {
        blank(using: &random) + value(depth: 0, using: &random) + blank(using: &random)
    }

    /// Overwrites one byte with one the scanner treats specially.
    static func mutate(_ text: inout [UInt8], using random: inout SeededRandom) {
        guard !text.isEmpty else { return }
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x20, 0x7F, 0x80, 0xC3, 0xE6, 0xED, 0xF0, 0xFF, 0x30, 0x39, 0x2E, 0x65, 0x5D, 0x7D, 0x2C]
        text[Int.random(in: 0..<text.count, using: &random)] = specials.randomElement(using: &random) ?? 0
    }
}
