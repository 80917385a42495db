import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Decoding behaviours of Foundation's own coder tests (swift-foundation, JSONEncoderTests.swift):
// decoder state after errors, failures thrown from init(from:), strings and escapes, numbers,
// input framing, subclasses inside containers, each run through `JSONDecoder` and
// `DynamicJSONDecoder` side by side (our own models and inputs).

/// Decodes as `A`, or else as `B`, from the same decoder: a failed first try must leave no
/// state behind.
enum FirstOrSecond<A: Decodable & Equatable, B: Decodable & Equatable>: Decodable, Equatable {
    case first(A), second(B)
    init(from decoder: any Decoder) throws {
        do {
            self = .first(try decoder.singleValueContainer().decode(A.self))
        } catch {
            self = .second(try decoder.singleValueContainer().decode(B.self))
        }
    }
}

@Suite("Foundation parity: decoder state and thrown errors")
struct FoundationParityDecoderStateTests {
    enum Thrown: Error { case custom }

    @Test func failedFirstTryLeavesNoState() {
        expectSameDecoding(FirstOrSecond<[String], [Int]>.self, "[1,2,3]")
        expectSameDecoding(FirstOrSecond<Date, Int>.self, "1", configure: { $0.dateDecodingStrategy = .custom { _ in throw Thrown.custom } })
        expectSameDecoding(FirstOrSecond<Data, Int>.self, "1", configure: { $0.dataDecodingStrategy = .custom { _ in throw Thrown.custom } })
        #expect((try? DynamicJSONDecoder().decode(FirstOrSecond<[String], [Int]>.self, from: Data("[1,2,3]".utf8))) == .second([1, 2, 3]))
    }

    /// Errors an `init(from:)` throws itself pass through unchanged.
    @Test func errorsThrownByTheModelPassThrough() {
        struct Checked: Decodable, Equatable {
            var text: String
            init(from decoder: any Decoder) throws {
                text = try decoder.container(keyedBy: AnyParityKey.self).decode(String.self, forKey: .init(stringValue: "checked"))
                guard text == "foo" else { throw Thrown.custom }
            }
        }
        struct CheckedSingle: Decodable, Equatable {
            init(from decoder: any Decoder) throws {
                guard try decoder.singleValueContainer().decode(String.self) == "foo" else { throw Thrown.custom }
            }
        }
        for (decode, json) in [
            ({ try DynamicJSONDecoder().decode(Checked.self, from: $0) } as (Data) throws -> Any, #"{"checked": "baz"}"#),
            ({ try DynamicJSONDecoder().decode(CheckedSingle.self, from: $0) }, #""baz""#),
        ] {
            #expect(throws: Thrown.custom) { _ = try decode(Data(json.utf8)) }
        }
        expectSameDecoding(Checked.self, #"{"checked": "baz"}"#)
        expectSameDecoding(CheckedSingle.self, #"{"checked": "baz"}"#)
    }

    @Test func malformedInputFails() {
        struct One: Decodable, Equatable { var value: String }
        #expect(!expectSameAcceptance(One.self, Data(#"{"value": json}"#.utf8)))
        #expect(!expectSameAcceptance(One.self, Data(#""foo"#.utf8)))
        #expect(!expectSameAcceptance(Int.self, Data(" ".utf8)))
        #expect(!expectSameAcceptance(One.self, Data([0x7B, 0x22, 0x6B, 0xFF, 0x22, 0x3A, 0x22, 0x76, 0x22, 0x7D])))
    }

    /// `decodeNil` that finds a value leaves the container where it was.
    @Test func repeatedFailedNilChecks() {
        struct Checks: Decodable, Equatable {
            var values: [Int] = []
            init(from decoder: any Decoder) throws {
                var unkeyed = try decoder.unkeyedContainer()
                while !unkeyed.isAtEnd {
                    guard try !unkeyed.decodeNil(), try !unkeyed.decodeNil() else { throw Thrown.custom }
                    values.append(try unkeyed.decode(Int.self))
                }
            }
        }
        expectSameDecoding(Checks.self, "[1, 2, 3]")
        #expect((try? DynamicJSONDecoder().decode(Checks.self, from: Data("[1, 2, 3]".utf8)))?.values == [1, 2, 3])
    }

    /// A container, or the top-level decoder, kept and used after `init(from:)` returned.
    @Test func delayedDecoding() throws {
        struct KeepsContainer: Decodable {
            var container: any UnkeyedDecodingContainer
            init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
            func first() throws -> Int {
                var copy = container
                return try copy.decode(Int.self)
            }
        }
        struct KeepsDecoder: Decodable {
            var decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
            func first() throws -> Int {
                var unkeyed = try decoder.unkeyedContainer()
                return try unkeyed.decode(Int.self)
            }
        }
        let data = Data("[42]".utf8)
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            #expect(try decoder.decode(KeepsContainer.self, from: data).first() == 42)
            #expect(try decoder.decode(KeepsDecoder.self, from: data).first() == 42)
        }
    }

    /// A `superDecoder` for a missing key: reading it throws `valueNotFound`, which the model
    /// may catch.
    @Test func superDecoderForAMissingKey() {
        struct Model: Decodable, Equatable {
            var flag: Bool
            var missing: String?
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: AnyParityKey.self)
                flag = try keyed.decode(Bool.self, forKey: .init(stringValue: "a"))
                do {
                    missing = try keyed.superDecoder(forKey: .init(stringValue: "nope")).singleValueContainer().decode(String.self)
                } catch DecodingError.valueNotFound {
                    missing = nil
                }
            }
        }
        expectSameDecoding(Model.self, #"{"a": true}"#)
    }
}

/// Every optional, read with `decodeIfPresent` from an object or an array.
struct ParityOptionals: Codable, Equatable {
    var b: Bool?, s: String?, d: Double?, f: Float?, i: Int?, i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?
    var u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?, u64: UInt64?, nested: [Int]?

    static let ones = ParityOptionals(b: true, s: "1", d: 1, f: 1, i: 1, i8: 1, i16: 1, i32: 1, i64: 1, u: 1, u8: 1, u16: 1, u32: 1, u64: 1, nested: [1])
    static let nils = ParityOptionals()

    init(
        b: Bool? = nil, s: String? = nil, d: Double? = nil, f: Float? = nil, i: Int? = nil, i8: Int8? = nil, i16: Int16? = nil,
        i32: Int32? = nil, i64: Int64? = nil, u: UInt? = nil, u8: UInt8? = nil, u16: UInt16? = nil, u32: UInt32? = nil,
        u64: UInt64? = nil, nested: [Int]? = nil
    ) {
        (self.b, self.s, self.d, self.f, self.i, self.i8, self.i16, self.i32) = (b, s, d, f, i, i8, i16, i32)
        (self.i64, self.u, self.u8, self.u16, self.u32, self.u64, self.nested) = (i64, u, u8, u16, u32, u64, nested)
    }
}

/// ``ParityOptionals`` read from an array, element by element.
struct ParityOptionalsInArray: Decodable, Equatable {
    var value: ParityOptionals
    init(from decoder: any Decoder) throws {
        var a = try decoder.unkeyedContainer()
        value = ParityOptionals(
            b: try a.decodeIfPresent(Bool.self), s: try a.decodeIfPresent(String.self), d: try a.decodeIfPresent(Double.self),
            f: try a.decodeIfPresent(Float.self), i: try a.decodeIfPresent(Int.self), i8: try a.decodeIfPresent(Int8.self),
            i16: try a.decodeIfPresent(Int16.self), i32: try a.decodeIfPresent(Int32.self), i64: try a.decodeIfPresent(Int64.self),
            u: try a.decodeIfPresent(UInt.self), u8: try a.decodeIfPresent(UInt8.self), u16: try a.decodeIfPresent(UInt16.self),
            u32: try a.decodeIfPresent(UInt32.self), u64: try a.decodeIfPresent(UInt64.self), nested: try a.decodeIfPresent([Int].self))
    }
}

@Suite("Foundation parity: decodeIfPresent and subclasses")
struct FoundationParityOptionalTests {
    @Test func decodeIfPresentForEveryTypeInObjectsAndArrays() throws {
        let keyedNulls =
            "{"
            + ["b", "s", "d", "f", "i", "i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64", "nested"].map { #""\#($0)": null"# }.joined(separator: ", ")
            + "}"
        for json in ["{}", keyedNulls] {
            expectSameDecoding(ParityOptionals.self, json)
            #expect(try DynamicJSONDecoder().decode(ParityOptionals.self, from: Data(json.utf8)) == .nils)
        }
        expectSameRoundTrip(ParityOptionals.ones)
        let ones = #"[true, "1", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, [1]]"#
        for json in ["[]", "[" + Array(repeating: "null", count: 15).joined(separator: ",") + "]", ones] {
            expectSameDecoding(ParityOptionalsInArray.self, json)
        }
        #expect(try DynamicJSONDecoder().decode(ParityOptionalsInArray.self, from: Data(ones.utf8)).value == .ones)
    }

    /// A subclass asked for as its base class, inside each kind of container.
    struct Holder: Decodable {
        var keyed: ParityPerson
        var optional: ParityPerson?
        var listed: ParityPerson
        var listedOptional: ParityPerson?
        var single: ParityPerson
        static let type: ParityPerson.Type = ParityStaff.self
        enum CodingKeys: String, CodingKey { case keyed, optional, list, single }
        init(from decoder: any Decoder) throws {
            let keyed = try decoder.container(keyedBy: CodingKeys.self)
            self.keyed = try keyed.decode(Holder.type, forKey: .keyed)
            optional = try keyed.decodeIfPresent(Holder.type, forKey: .optional)
            var list = try keyed.nestedUnkeyedContainer(forKey: .list)
            listed = try list.decode(Holder.type)
            listedOptional = try list.decodeIfPresent(Holder.type)
            single = try keyed.superDecoder(forKey: .single).singleValueContainer().decode(Holder.type)
        }
        var all: [ParityPerson?] { [keyed, optional, listed, listedOptional, single] }
    }

    /// Unkeyed and single-value containers get the metatype as passed and build the subclass.
    /// A keyed container cannot: `KeyedDecodingContainer` hands its box the static `T.self`,
    /// so both decoders build the base class there.
    @Test func subclassesInsideContainersAreBuilt() throws {
        let staff = #"{"name": "Ada", "email": "a@example.com", "badge": 7}"#
        let json = #"{"keyed": \#(staff), "optional": \#(staff), "list": [\#(staff), \#(staff)], "single": \#(staff)}"#
        let built = ["ParityPerson", "ParityPerson", "ParityStaff", "ParityStaff", "ParityStaff"]
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            let holder = try decoder.decode(Holder.self, from: Data(json.utf8))
            #expect(holder.all.map { $0.map { String(describing: type(of: $0)) } } == built, "\(decoder)")
            #expect(holder.all.compactMap { ($0 as? ParityStaff)?.badge } == [7, 7, 7])
        }
        // A subclass that cannot read the value fails at the value's path, in both.
        let missingBadge = #"{"keyed": {"name": "Ada", "email": "a@example.com"}}"#
        expectSameDecoding(Holder.self, data: Data(missingBadge.utf8), isEqual: { _, _ in true })
        let top = try DynamicJSONDecoder().decode(ParityStaff.self as ParityPerson.Type, from: Data(staff.utf8))
        #expect(top is ParityStaff)
    }
}

@Suite("Foundation parity: strings and escapes")
struct FoundationParityStringTests {
    /// The same text in every encoding Foundation's tests try.
    func expectAllEncodings<T: Decodable & Equatable>(_ json: String, _ expected: T, sourceLocation: SourceLocation = #_sourceLocation) {
        for encoding in [String.Encoding.utf8, .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
            guard let data = json.data(using: encoding) else { continue }
            expectSameDecoding(T.self, data: data, sourceLocation: sourceLocation)
            #expect((try? DynamicJSONDecoder().decode(T.self, from: data)) == expected, "\(json) in \(encoding)", sourceLocation: sourceLocation)
        }
    }

    @Test func escapedSlashesAndUnicode() {
        expectAllEncodings(#""\/test\/path""#, "/test/path")
        expectAllEncodings(#""\\/test\\/path""#, #"\/test\/path"#)
        expectAllEncodings(#"["閆崬밺뀫颒"]"#, ["閆崬밺뀫颒"])
        expectAllEncodings(#"["本日"]"#, ["本日"])
        expectAllEncodings(#""\u00e9\u2265""#, "é≥")
        expectAllEncodings(#""42\u00e942\u226542""#, "42é42≥42")
        expectAllEncodings(#""\u00E9""#, "é")
        expectAllEncodings(#""\uD834\uDD1E""#, "𝄞")
    }

    @Test(arguments: [#"\uD834"#, #"\uD834hello"#, #"hello\uD834"#, #"\uD834\u1221"#, #"\uD8"#, #"\uD834x\uDD1E"#, #"\h\e\l\l\o"#])
    func badEscapesFail(_ body: String) {
        #expect(!expectSameAcceptance(String.self, Data("\"\(body)\"".utf8)))
        #expect(!expectSameAcceptance([String].self, Data("[\"\(body)\"]".utf8)))
    }

    @Test func controlCharacterEscapes() {
        let escapes = [#"\u0000"#, #"\u0001"#, #"\u0007"#, #"\b"#, #"\t"#, #"\n"#, #"\u000b"#, #"\f"#, #"\r"#, #"\u000e"#, #"\u001f"#, " "]
        let scalars: [UInt32] = [0, 1, 7, 8, 9, 10, 11, 12, 13, 14, 31, 32]
        for (escape, scalar) in zip(escapes, scalars) {
            expectAllEncodings("\"\(escape)\"", String(Character(Unicode.Scalar(scalar)!)))
        }
    }

    /// `café` spelled two ways is one key to a `[String: Bool]`.
    @Test func canonicallyEquivalentKeysAreOneDictionaryKey() throws {
        let json = Data("{\n  \"caf\\u00e9\" : true,\n  \"cafe\\u0301\" : false\n}".utf8)
        expectSameDecoding([String: Bool].self, data: json)
        #expect(try DynamicJSONDecoder().decode([String: Bool].self, from: json).count == 1)
    }

    @Test func whitespaceAroundColons() {
        for json in ["{\"v\"\n : true}", "{\"v\"\r\n : true}", "{\"v\"\r : true}"] {
            expectSameDecoding([String: Bool].self, json)
        }
    }
}

@Suite("Foundation parity: numbers read")
struct FoundationParityNumberDecodingTests {
    @Test func numberFragments() {
        let cases: [(String, Double)] = [
            ("0 ", 0), ("1.0 ", 1), ("0.1 ", 0.1), ("1e3 ", 1000), ("-2.01e-3 ", -0.00201),
            ("0", 0), ("1.0", 1), ("1e3", 1000), ("-2.01e-3", -0.00201), ("0e-10", 0),
        ]
        for (json, value) in cases {
            expectSameDecoding(Double.self, data: Data(json.utf8), isEqual: sameFloatingPoint)
            #expect((try? DynamicJSONDecoder().decode(Double.self, from: Data(json.utf8))) == value)
        }
    }

    @Test(arguments: ["0.", "1e ", "-2.01e- ", "+", "2.01e-1234", "+2.0q", "2s", "NaN", "nan", "Infinity", "inf", "-", "0x42", "1.e2"])
    func invalidNumbersFail(_ json: String) {
        let data = Data(json.utf8)
        let foundation = Result { try JSONDecoder().decode(Float.self, from: data) }
        let ours = Result { try DynamicJSONDecoder().decode(Float.self, from: data) }
        #expect((try? ours.get()) == nil, "\(json): ours decoded \(ours)")
        // `2.01e-1234` underflows to zero in Foundation; both refuse the rest.
        if json != "2.01e-1234" { #expect((try? foundation.get()) == nil) }
    }

    @Test(arguments: ["tru_", "fals_", "nul_"])
    func literalsWithGarbageFail(_ json: String) {
        for json5 in [false, true] {
            #expect(!expectSameAcceptance(Bool?.self, Data(json.utf8), configure: { $0.allowsJSON5 = json5 }))
        }
    }

    /// A slice of a larger buffer ends where the slice ends.
    @Test func dataSlicesEndWhereTheSliceEnds() throws {
        let whole = Data("3.141596".utf8)
        let slice = whole[0..<4]
        #expect(try DynamicJSONDecoder().decode(Double.self, from: slice) == JSONDecoder().decode(Double.self, from: slice))
        #expect(try DynamicJSONDecoder().decode(Double.self, from: slice) == 3.14)
    }

    @Test func largeIntegersAreExact() {
        expectSameDecoding([String: UInt64].self, #"{"a": 6032314514195021674}"#)
        let signed = [
            "-9223372036854776833", "-9223372036854776832", "-9223372036854775809", "-9223372036854775808",
            "9223372036854775807", "9223372036854775808", "9223372036854776832", "9223372036854776833",
        ]
        let unsigned = [
            "9223372036854775807", "9223372036854775808", "9223372036854776832", "9223372036854776833",
            "18446744073709551615", "18446744073709551616", "18446744073709553664", "18446744073709553665",
        ]
        for json5 in [false, true] {
            let configure: (JSONDecoder) -> Void = { $0.allowsJSON5 = json5 }
            for json in signed {
                expectSameDecoding(Int64.self, json, configure: configure)
                #expect((try? DynamicJSONDecoder().decode(Int64.self, from: Data(json.utf8))) == Int64(json))
            }
            for json in unsigned {
                expectSameDecoding(UInt64.self, json, configure: configure)
                #expect((try? DynamicJSONDecoder().decode(UInt64.self, from: Data(json.utf8))) == UInt64(json))
            }
        }
    }

    /// Wide integers written with a fraction: within 64 bits of magnitude both read them, past
    /// them both refuse (Foundation reads them through a `Double`; see the README).
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func wideIntegersWithAFraction() throws {
        for value: Int128 in [18446744073709551615, -18446744073709551615] {
            expectSameDecoding(Int128.self, "\(value).0")
            #expect(try DynamicJSONDecoder().decode(Int128.self, from: Data("\(value).0".utf8)) == value)
        }
        expectSameDecoding(UInt128.self, "18446744073709551615.0")
        for value: Int128 in [.min, -18446744073709551616, 18446744073709551616, .max] {
            expectSameDecoding(Int128.self, "\(value).0")
            #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(Int128.self, from: Data("\(value).0".utf8)) }
        }
        for value: UInt128 in [18446744073709551616, .max] {
            expectSameDecoding(UInt128.self, "\(value).0")
            #expect(throws: DecodingError.self) { try DynamicJSONDecoder().decode(UInt128.self, from: Data("\(value).0".utf8)) }
        }
    }

    /// Nesting up to half the limit reads; past the limit both refuse.
    @Test func depthLimit() {
        struct Nest: Decodable, Equatable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while (container.count ?? 0) > 0 { container = try container.nestedUnkeyedContainer() }
            }
        }
        let good = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        let bad = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(expectSameAcceptance(Nest.self, Data(good.utf8)))
        #expect(!expectSameAcceptance(Nest.self, Data(bad.utf8)))
    }
}

@Suite("Foundation parity: input framing")
struct FoundationParityFramingTests {
    @Test func assumedTopLevelDictionary() {
        let assume: (JSONDecoder) -> Void = { $0.assumesTopLevelDictionary = true }
        for json in [#""x" : 42"#, #"{"x" : 42}"#, ""] {
            expectSameDecoding([String: Int].self, json, configure: assume)
        }
        for json in [#""x" : 42}"#, #"{"x" : 42"#] {
            #expect(!expectSameAcceptance([String: Int].self, Data(json.utf8), configure: assume))
        }
        expectSameDecoding([String: Int].self, #""x" : 42"#, configure: assume)
        expectSameDecoding([String: Double].self, #""x" : 1.5"#, configure: assume)
        expectSameDecoding(
            [String: Double].self, #""x" : 1."#,
            configure: {
                $0.assumesTopLevelDictionary = true; $0.allowsJSON5 = true
            })
    }

    @Test func byteOrderMarks() throws {
        let json = "\"👍🏻\""
        let inputs: [(Data, Bool)] = [
            (Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8), true),
            (Data([0xFE, 0xFF]) + json.data(using: .utf16BigEndian)!, true),
            (Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!, true),
            (Data([0, 0, 0xFE, 0xFF]) + json.data(using: .utf32BigEndian)!, true),
            (Data([0xFE, 0xFF, 0, 0]) + json.data(using: .utf32LittleEndian)!, true),
            (Data([0xFE, 0xFF, 0, 0]) + json.data(using: .utf32BigEndian)!, false),
            (Data([0xFE, 0xFF]) + json.data(using: .utf32LittleEndian)!, false),
            (Data([0xEF, 0xBB, 0xBF]) + json.data(using: .utf16BigEndian)!, false),
        ]
        for (data, accepted) in inputs {
            expectSameDecoding(String.self, data: data)
            #expect(((try? DynamicJSONDecoder().decode(String.self, from: data)) == "👍🏻") == accepted, "\(Array(data))")
        }
    }

    @Test func twoByteUTF16() {
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian] {
            expectSameDecoding(Int.self, data: "7".data(using: encoding)!)
        }
    }
}

/// A `[String: V]` member's key in an error's coding path is Foundation's: decoding, one that
/// reads as an integer (`"0"`, `"-3"`) has that `intValue`, as in `JSONDecoder` (the fuzzer's
/// `{"0": {...}}` showed `0` where Foundation showed `[0]`); encoding, none has, as in
/// `JSONEncoder`.
@Suite("Foundation parity: dictionary keys in coding paths")
struct FoundationParityDictionaryKeyPathTests {
    private struct Person: Codable, Equatable {
        var name: String
    }

    private static let keys = ["0", "12", "-3", "007", "1e3", "x", "", " 1", "99999999999999999999"]

    private static func components(_ error: any Error) -> [String] {
        let path: [any CodingKey]
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            path = context.codingPath
        case EncodingError.invalidValue(_, let context):
            path = context.codingPath
        default:
            path = []
        }
        return path.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "nil")" }
    }

    @Test("decoding: the one bad member's key, at the top and nested, for random keys")
    func decodingPaths() throws {
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(state: seed)
            let key = Self.keys.randomElement(using: &random)!
            let good = Self.keys.filter { $0 != key }.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
            let members = good.map { "\"\($0)\": {\"name\": \"a\"}" } + ["\"\(key)\": {\"nam\": 1}"]
            let object = "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
            for text in [object, "[" + object + "]", "{\"outer\": " + object + "}"] {
                let data = Data(text.utf8)
                func failure<T: Decodable>(_ type: T.Type, _ decoder: JSONDecoder) -> [String] {
                    do {
                        _ = try decoder.decode(type, from: data)
                        return ["decoded"]
                    } catch {
                        return Self.components(error)
                    }
                }
                let ours: [String], theirs: [String]
                switch text.first {
                case "[":
                    (ours, theirs) = (failure([[String: Person]].self, DynamicJSONDecoder()), failure([[String: Person]].self, JSONDecoder()))
                case _ where text.hasPrefix("{\"outer\""):
                    (ours, theirs) = (failure([String: [String: Person]].self, DynamicJSONDecoder()), failure([String: [String: Person]].self, JSONDecoder()))
                default:
                    (ours, theirs) = (failure([String: Person].self, DynamicJSONDecoder()), failure([String: Person].self, JSONDecoder()))
                }
                #expect(ours == theirs, "seed \(seed): \(text)")
                #expect(ours.contains { $0.hasPrefix(key + "|") }, "seed \(seed): \(ours)")
            }
        }
    }

    @Test("encoding: a value that cannot be written, under each key, through both encoder paths")
    func encodingPaths() throws {
        for key in Self.keys {
            let value: [String: [String: Double]] = ["outer": [key: .infinity]]
            for strategy in [JSONEncoder.KeyEncodingStrategy.useDefaultKeys, .convertToSnakeCase] {
                let ours = DynamicJSONEncoder()
                ours.keyEncodingStrategy = strategy
                let foundation = JSONEncoder()
                foundation.keyEncodingStrategy = strategy
                let mine = Result { try ours.encode(value) }.failure.map(Self.components)
                let theirs = Result { try foundation.encode(value) }.failure.map(Self.components)
                #expect(mine != nil && mine == theirs, "key \(key): ours \(String(describing: mine)), Foundation \(String(describing: theirs))")
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
