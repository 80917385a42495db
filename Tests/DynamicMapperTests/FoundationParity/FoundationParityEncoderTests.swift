import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// Encoding behaviours of Foundation's own coder tests (swift-foundation, JSONEncoderTests.swift):
// top-level shapes, classes sharing an encoder, coding paths, super encoders, replaced and
// merged containers, sorted keys, URLs, decimals and extreme numbers, each run through
// `JSONEncoder` and `DynamicJSONEncoder` side by side (our own models and inputs).

/// A struct with no properties.
struct ParityEmpty: Codable, Equatable {}

/// A class with no properties.
final class ParityEmptyClass: Codable, Equatable {
    static func == (lhs: ParityEmptyClass, rhs: ParityEmptyClass) -> Bool { true }
}

/// A light switch, written as a lone `Bool`.
enum ParitySwitch: Codable, Equatable {
    case off, on
    init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(Bool.self) ? .on : .off
    }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(self == .on)
    }
}

/// A class written as a lone number.
final class ParityTally: Codable, Equatable {
    var count = 42
    init() {}
    init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(count)
    }
    static func == (lhs: ParityTally, rhs: ParityTally) -> Bool { lhs.count == rhs.count }
}

/// An array written through a single-value container.
struct ParityPrimes: Codable, Equatable {
    var values = [2, 3, 5, 7, 11]
    init() {}
    init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([Int].self) }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(values)
    }
}

/// A dictionary of URLs written through a single-value container, by a class.
final class ParityLinks: Codable, Equatable {
    var links = ["home": URL(string: "https://example.com/")!, "docs": URL(string: "https://example.com/a/b?c=d")!]
    init() {}
    init(from decoder: any Decoder) throws { links = try decoder.singleValueContainer().decode([String: URL].self) }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(links)
    }
    static func == (lhs: ParityLinks, rhs: ParityLinks) -> Bool { lhs.links == rhs.links }
}

/// A person, the base class of ``ParityStaff``.
class ParityPerson: Codable, Equatable {
    var name: String
    var email: String
    var homepage: URL?
    init(name: String, email: String, homepage: URL? = nil) { (self.name, self.email, self.homepage) = (name, email, homepage) }
    static func == (lhs: ParityPerson, rhs: ParityPerson) -> Bool { lhs.isEqual(to: rhs) }
    func isEqual(to other: ParityPerson) -> Bool {
        type(of: self) == type(of: other) && name == other.name && email == other.email && homepage == other.homepage
    }
}

/// A subclass that shares its encoder and decoder with its superclass.
final class ParityStaff: ParityPerson {
    var badge: Int
    init(name: String, email: String, badge: Int) {
        self.badge = badge
        super.init(name: name, email: email, homepage: URL(string: "https://example.com/~\(badge)"))
    }
    private enum CodingKeys: String, CodingKey { case badge }
    required init(from decoder: any Decoder) throws {
        badge = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .badge)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(badge, forKey: .badge)
        try super.encode(to: encoder)
    }
    override func isEqual(to other: ParityPerson) -> Bool {
        super.isEqual(to: other) && badge == (other as? ParityStaff)?.badge
    }
}

/// A firm: nested structs, an array of subclass instances.
struct ParityFirm: Codable, Equatable {
    struct Address: Codable, Equatable { var street = "1 Loop", city = "Springfield", zip = 12345, country = "Nowhere" }
    var address = Address()
    var staff = [ParityStaff(name: "Ada", email: "ada@example.com", badge: 1), ParityStaff(name: "Alan", email: "alan@example.com", badge: 2)]
}

/// True, false, or no value at all (`null`).
enum ParityTriState: Codable, Equatable {
    case yes, no, unknown
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        self = single.decodeNil() ? .unknown : (try single.decode(Bool.self) ? .yes : .no)
    }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .yes: try single.encode(true)
        case .no: try single.encode(false)
        case .unknown: try single.encodeNil()
        }
    }
}

@Suite("Foundation parity: top-level values")
struct FoundationParityTopLevelTests {
    @Test func emptyTypesAreEmptyObjects() {
        expectSameRoundTrip(ParityEmpty(), expected: "{}")
        expectSameRoundTrip(ParityEmptyClass(), expected: "{}")
    }

    @Test func singleValueTypes() {
        expectSameRoundTrip(ParitySwitch.on, expected: "true")
        expectSameRoundTrip(ParitySwitch.off, expected: "false")
        expectSameRoundTrip(ParityTally(), expected: "42")
        expectSameRoundTrip(Date(timeIntervalSinceReferenceDate: 3141592653), expected: "3141592653")
    }

    @Test func structuredTypes() {
        expectSameRoundTrip(ParityFirm.Address(), expected: #"{"city":"Springfield","country":"Nowhere","street":"1 Loop","zip":12345}"#)
        expectSameRoundTrip(ParityPrimes(), expected: "[2,3,5,7,11]")
        expectSameRoundTrip(ParityLinks(), expected: #"{"docs":"https:\/\/example.com\/a\/b?c=d","home":"https:\/\/example.com\/"}"#)
        expectSameRoundTrip(ParityFirm())
        expectSameRoundTrip(
            ParityStaff(name: "Grace", email: "grace@example.com", badge: 9),
            expected: #"{"badge":9,"email":"grace@example.com","homepage":"https:\/\/example.com\/~9","name":"Grace"}"#)
    }

    @Test func nullableTopLevelValue() {
        expectSameRoundTrip(ParityTriState.yes, expected: "true")
        expectSameRoundTrip(ParityTriState.no, expected: "false")
        expectSameRoundTrip(ParityTriState.unknown, expected: "null")
    }

    @Test func topLevelArrays() {
        expectSameRoundTrip([1, 2, 3], expected: "[1,2,3]")
        expectSameRoundTrip([Int](), expected: "[]")
    }

    /// Arrays encoded directly, with the string strategy for non-finite numbers, compact and
    /// pretty-printed.
    @Test(arguments: [JSONEncoder.OutputFormatting(), .prettyPrinted])
    func directlyEncodedArrays(_ formatting: JSONEncoder.OutputFormatting) {
        struct Arrays: Codable, Equatable {
            var integers = [Int.min, -1, 0, 7, Int.max]
            var doubles = [1.5, -0.25, .infinity, -.infinity]
            var strings = ["Hi", "false", "tab\there", "\u{7}", "line\nbreak"]
        }
        expectSameRoundTrip(
            Arrays(),
            encoder: {
                $0.outputFormatting = formatting
                $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            },
            decoder: {
                $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            })
    }

    /// A type that encodes nothing: an error at the top level, `{}` inside a collection.
    @Test func typeThatEncodesNothing() {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        let topLevel = expectSameEncoding(Silent())
        #expect(topLevel.json == nil)
        expectSameEncoding([Silent()], expected: "[{}]")
        expectSameEncoding(["key": Silent()], expected: #"{"key":{}}"#)
    }
}

@Suite("Foundation parity: coding paths and super encoders")
struct FoundationParityEncoderPathTests {
    final class Log { var lines: [String] = [] }

    enum Outer: Int, CodingKey { case a, b, c }
    enum Inner: Int, CodingKey { case one, two }

    /// Opens nested containers of every kind and logs each container's coding path as it goes.
    struct PathLogger: Encodable {
        let viaSuperEncoder: Bool
        let log: Log

        func encode(to encoder: any Encoder) throws {
            if viaSuperEncoder {
                var top = encoder.container(keyedBy: Outer.self)
                let sup = top.superEncoder(forKey: .a)
                record("encoder", encoder.codingPath, "top", top.codingPath, "super", sup.codingPath)
                openNested(in: sup)
            } else {
                openNested(in: encoder)
            }
        }

        func record(_ items: Any...) {
            log.lines.append(
                items.map { item in
                    (item as? [any CodingKey]).map { "[" + renderedPath($0) + "]" } ?? "\(item)"
                }.joined(separator: " "))
        }

        func openNested(in encoder: any Encoder) {
            var first = encoder.container(keyedBy: Outer.self)
            record("first", first.codingPath, encoder.codingPath)
            var keyed = first.nestedContainer(keyedBy: Inner.self, forKey: .a)
            let keyedKeyed = keyed.nestedContainer(keyedBy: Inner.self, forKey: .one)
            let keyedUnkeyed = keyed.nestedUnkeyedContainer(forKey: .two)
            record("keyed", keyed.codingPath, keyedKeyed.codingPath, keyedUnkeyed.codingPath, first.codingPath)
            var unkeyed = first.nestedUnkeyedContainer(forKey: .b)
            let unkeyedKeyed = unkeyed.nestedContainer(keyedBy: Inner.self)
            let unkeyedUnkeyed = unkeyed.nestedUnkeyedContainer()
            record("unkeyed", unkeyed.codingPath, unkeyedKeyed.codingPath, unkeyedUnkeyed.codingPath, encoder.codingPath)
        }
    }

    @Test(arguments: [false, true])
    func nestedContainerCodingPaths(viaSuperEncoder: Bool) {
        let theirs = Log(), mine = Log()
        let (foundation, ours) = parityEncoders()
        let expected = EncodeOutcome { try foundation.encode(PathLogger(viaSuperEncoder: viaSuperEncoder, log: theirs)) }
        let actual = EncodeOutcome { try ours.encode(PathLogger(viaSuperEncoder: viaSuperEncoder, log: mine)) }
        #expect(actual == expected)
        #expect(mine.lines == theirs.lines)
        #expect(mine.lines.count == (viaSuperEncoder ? 4 : 3))
    }

    /// Super encoders of keyed and unkeyed containers, written after later elements.
    struct SuperEncoding: Encodable {
        enum CodingKeys: String, CodingKey { case first, second, list, direct }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            let firstSuper = keyed.superEncoder(forKey: .first)
            let secondSuper = keyed.superEncoder(forKey: .second)
            var secondValue = secondSuper.singleValueContainer()
            var firstValue = firstSuper.singleValueContainer()
            try secondValue.encode("Second")
            try firstValue.encode("First")
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            try list.encode(0)
            do {
                let early = list.superEncoder()
                try list.encode(42)
                var earlyValue = early.singleValueContainer()
                try earlyValue.encode("Early")
            }
            try ["super": "direct"].encode(to: keyed.superEncoder(forKey: .direct))
        }
    }

    @Test func superEncodersOfKeyedAndUnkeyedContainers() {
        expectSameEncoding(SuperEncoding(), expected: #"{"direct":{"super":"direct"},"first":"First","list":[0,"Early",42],"second":"Second"}"#)
    }

    /// A super encoder with a nested container encoding a value that throws, then the same
    /// encoder reused: the error is the same and nothing stale stays behind.
    struct ThroughSuperEncoder<Value: Encodable>: Encodable {
        let value: Value
        func encode(to encoder: any Encoder) throws {
            var outer = encoder.unkeyedContainer()
            var inner = outer.superEncoder().unkeyedContainer()
            try inner.encode(value)
        }
    }

    enum Thrown: Error { case custom }

    @Test func encoderStateAfterAThrowInsideASuperEncoder() {
        expectSameEncoding(ThroughSuperEncoder(value: [Float.infinity]))
        let throwingDate: (JSONEncoder) -> Void = {
            $0.dateEncodingStrategy = .custom { _, encoder in
                _ = encoder.unkeyedContainer()
                throw Thrown.custom
            }
        }
        expectSameEncoding(ThroughSuperEncoder(value: Date()), configure: throwingDate)
        let throwingData: (JSONEncoder) -> Void = {
            $0.dataEncodingStrategy = .custom { _, encoder in
                _ = encoder.unkeyedContainer()
                throw Thrown.custom
            }
        }
        expectSameEncoding(ThroughSuperEncoder(value: Data([1])), configure: throwingData)
        // The same encoder objects, used again after the throw.
        let (foundation, ours) = parityEncoders(throwingData)
        _ = try? foundation.encode(ThroughSuperEncoder(value: Data()))
        _ = try? ours.encode(ThroughSuperEncoder(value: Data()))
        #expect(EncodeOutcome { try ours.encode(ThroughSuperEncoder(value: [1])) } == EncodeOutcome { try foundation.encode(ThroughSuperEncoder(value: [1])) })
    }

    /// A value dropped by `try?` inside a keyed container leaves nothing behind for the next.
    /// Only ours runs it: this toolchain's `JSONEncoder` can trap here (the stale sub-encoder
    /// bug Foundation's regression test guards against), so its expected text is written out.
    @Test func caughtErrorLeavesNoStaleState() {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
            }
        }
        struct Model: Encodable {
            enum CodingKeys: String, CodingKey { case dict, first, second }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try? keyed.encode(["key": Failing()], forKey: .dict)
                try? keyed.encode(nil as Int?, forKey: .first)
                try? keyed.encode(nil as Int?, forKey: .second)
            }
        }
        let (_, ours) = parityEncoders()
        #expect(EncodeOutcome { try ours.encode(Model()) } == .json(#"{"first":null,"second":null}"#))
    }
}

@Suite("Foundation parity: repeated keys and merged containers")
struct FoundationParityMergeTests {
    enum Replaced: CaseIterable { case value, keyedContainer, unkeyedContainer }

    /// A key written, or given a container, and then written again: the last value wins.
    struct Redundant: Encodable {
        let first: Replaced
        let viaSuperEncoder: Bool
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: AnyParityKey.self)
            let key = AnyParityKey(stringValue: "key")
            switch first {
            case .value: try keyed.encode(0, forKey: key)
            case .keyedContainer: _ = keyed.nestedContainer(keyedBy: AnyParityKey.self, forKey: key)
            case .unkeyedContainer: _ = keyed.nestedUnkeyedContainer(forKey: key)
            }
            if viaSuperEncoder {
                var single = keyed.superEncoder(forKey: key).singleValueContainer()
                try single.encode(42)
            } else {
                try keyed.encode(42, forKey: key)
            }
        }
    }

    @Test(arguments: Replaced.allCases, [false, true])
    func lastEncodedKeyWins(_ first: Replaced, viaSuperEncoder: Bool) {
        expectSameEncoding(Redundant(first: first, viaSuperEncoder: viaSuperEncoder), expected: #"{"key":42}"#)
    }

    /// Several keys written again, pretty-printed or not, sorted or not: the last value of each
    /// stays, in `JSONEncoder`'s layout.
    @Test(arguments: [JSONEncoder.OutputFormatting(), .prettyPrinted])
    func repeatedKeysInEveryLayout(_ formatting: JSONEncoder.OutputFormatting) throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: AnyParityKey.self)
                try keyed.encode(1, forKey: .init(stringValue: "b"))
                try keyed.encode([1], forKey: .init(stringValue: "a"))
                try keyed.encode("x", forKey: .init(stringValue: "c"))
                try keyed.encode(["x": 1], forKey: .init(stringValue: "b"))
                try keyed.encode(2.5, forKey: .init(stringValue: "d"))
                try keyed.encode(nil as Int?, forKey: .init(stringValue: "a"))
            }
        }
        expectSameEncoding(Model(), configure: { $0.outputFormatting = formatting })
        let (foundation, ours) = parityEncoders(sorted: false) { $0.outputFormatting = formatting }
        #expect(try JSON(parsing: ours.encode(Model())) == JSON(parsing: foundation.encode(Model())))
    }

    /// Two nested keyed containers for one key share one object.
    @Test func nestedContainersForOneKeyMerge() {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: AnyParityKey.self)
                var first = keyed.nestedContainer(keyedBy: AnyParityKey.self, forKey: .init(stringValue: "top"))
                try first.encode("Ada", forKey: .init(stringValue: "first"))
                var second = keyed.nestedContainer(keyedBy: AnyParityKey.self, forKey: .init(stringValue: "top"))
                try second.encode("ada@example.com", forKey: .init(stringValue: "second"))
            }
        }
        expectSameEncoding(Model(), expected: #"{"top":{"first":"Ada","second":"ada@example.com"}}"#)
    }

    /// A nested container for a key that already holds an encoded object adds to that object.
    @Test func nestedContainerAmendsAnEncodedObject() {
        struct Nested: Encodable { var foo = "Test" }
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: AnyParityKey.self)
                try keyed.encode("Foo", forKey: .init(stringValue: "other"))
                try keyed.encode(Nested(), forKey: .init(stringValue: "box"))
                var again = keyed.nestedContainer(keyedBy: AnyParityKey.self, forKey: .init(stringValue: "box"))
                try again.encode("Again", forKey: .init(stringValue: "other"))
            }
        }
        expectSameEncoding(Model(), expected: #"{"box":{"foo":"Test","other":"Again"},"other":"Foo"}"#)
    }

    /// A keyed container holding an unkeyed container holding an object, and back.
    @Test func objectInsideANestedUnkeyedContainerRoundTrips() {
        struct Level1: Codable, Equatable {
            struct Level2: Codable, Equatable { var name = "level2" }
            var level2 = Level2()
            enum CodingKeys: String, CodingKey { case level2 }
            init() {}
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level2)
                level2 = try list.decode(Level2.self)
            }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                var list = keyed.nestedUnkeyedContainer(forKey: .level2)
                try list.encode(level2)
            }
        }
        expectSameRoundTrip(Level1(), expected: #"{"level2":[{"name":"level2"}]}"#)
    }

    /// An empty dictionary whose keys are not strings (an array of pairs in JSON).
    @Test func emptyDictionaryWithNonStringKeysRoundTrips() {
        struct Key: Codable, Hashable { var x: String }
        struct Model: Codable, Equatable { var table: [Key: String] }
        expectSameRoundTrip(Model(table: [:]), expected: #"{"table":[]}"#)
        expectSameRoundTrip(Model(table: [Key(x: "a"): "b"]), expected: #"{"table":[{"x":"a"},"b"]}"#)
    }
}

@Suite("Foundation parity: output formatting")
struct FoundationParityFormattingTests {
    @Test func sortedKeysCompactAndPretty() {
        let person = ParityPerson(name: "Ada Lovelace", email: "ada@example.com")
        expectSameRoundTrip(person, expected: #"{"email":"ada@example.com","name":"Ada Lovelace"}"#)
        expectSameRoundTrip(
            person, expected: "{\n  \"email\" : \"ada@example.com\",\n  \"name\" : \"Ada Lovelace\"\n}",
            encoder: { $0.outputFormatting = [.prettyPrinted] })
    }

    /// Foundation sorts keys by their UTF-8 bytes here: case, digits and accents in byte order.
    @Test func sortedKeysOrder() {
        let table = ["Foo": 1, "FOO": 2, "foo": 3, "foo1": 4, "Foo2": 5, "foo3": 6, "foo12": 7, "Foo11": 8, "føo": 9, "bar": 10, "é": 11, "e\u{301}x": 12]
        expectSameRoundTrip(table)
    }

    @Test func sortedKeysAreStableForSharedPrefixes() throws {
        var random = SeededRandom(state: 0x50F7ED)
        var table = ["AAA": 1, "AAAAAAB": 2]
        for index in (0..<256).shuffled(using: &random) { table["key\(index)"] = index }
        expectSameRoundTrip(table)
        let text = try #require(expectSameEncoding(table).json)
        #expect(text.hasPrefix(#"{"AAA":1,"AAAAAAB":2,"key0":0,"key1":1,"key10":10,"#))
    }

    @Test func urlsAreStringsWithOrWithoutEscapedSlashes() throws {
        let url = try #require(URL(string: "http://swift.org"))
        expectSameRoundTrip(url, sorted: false, expected: #""http:\/\/swift.org""#)
        expectSameRoundTrip(Optional(url), sorted: false, expected: #""http:\/\/swift.org""#)
        expectSameRoundTrip(url, sorted: false, expected: #""http://swift.org""#, encoder: { $0.outputFormatting = .withoutEscapingSlashes })
        expectSameRoundTrip(["/": 1], sorted: false, expected: #"{"\/":1}"#)
    }

    @Test func controlCharactersAndNULEscape() {
        expectSameRoundTrip("\u{1}\u{2}\u{3}", expected: #""\u0001\u0002\u0003""#)
        expectSameRoundTrip("\u{10}\u{18}\u{1f}", expected: #""\u0010\u0018\u001f""#)
        let text = "abc\u{0}def"
        expectSameRoundTrip([text], expected: #"["abc\u0000def"]"#)
        expectSameRoundTrip([text: text], expected: #"{"abc\u0000def":"abc\u0000def"}"#)
        struct Box: Codable, Equatable { var s: String }
        expectSameRoundTrip(Box(s: text))
    }
}

@Suite("Foundation parity: numbers")
struct FoundationParityNumberEncodingTests {
    @Test func decimalsAreNumbers() throws {
        let big = Decimal(sign: .plus, exponent: 127, significand: 1)
        expectSameRoundTrip(big, expected: "1" + String(repeating: "0", count: 127))
        expectSameRoundTrip(Optional(big), expected: "1" + String(repeating: "0", count: 127))
        struct Bounds: Codable, Equatable {
            var above = Decimal(UInt64.max) + 1
            var top = Decimal(UInt64.max)
            var bottom = Decimal(Int64.min)
            var below = Decimal(Int64.min) - 1
        }
        expectSameRoundTrip(Bounds())
        let huge = "23456789012000000000000000000000000000000000000000000000000000000000000000000 "
        expectSameDecoding(Decimal.self, huge)
        #expect(try DynamicJSONDecoder().decode(Decimal.self, from: Data(huge.utf8)) == Decimal(string: huge))
        #expect(!expectSameAcceptance(Decimal.self, Data("100e200".utf8)))
    }

    @Test func extremeFloatingPointValues() {
        struct Extremes: Codable, Equatable {
            var floats: [Float] = [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, -0.0]
            var doubles: [Double] = [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, 7.45673334164903e-115]
        }
        expectSameRoundTrip(Extremes())
        expectSameRoundTrip([["magic_number": 7.45673334164903e-115]])
    }

    @Test func doublesAndDecimalsKeyedByTheirText() throws {
        let doubles = [
            "-55.66", "-9.81", "-0.284", "-3.4028234663852886e+38", "-1.1754943508222875e-38",
            "-1.7976931348623157e+308", "-2.2250738585072014e-308", "0.000001",
        ]
        let decimals = [
            "1.234567891011121314", "-0.1234567891011121314", "123.4567891011121314e-100",
            "-1234567891011121314e-100", "3.14159265358979323846264338327950288419",
            "440474310512876335.18692524723746578303827301433673643795",
        ]
        struct Numbers: Codable, Equatable { var doubles: [String: Double]; var decimals: [String: Decimal] }
        let value = Numbers(
            doubles: Dictionary(uniqueKeysWithValues: doubles.map { ($0, Double($0)!) }),
            decimals: Dictionary(uniqueKeysWithValues: try decimals.map { ($0, try #require(Decimal(string: $0))) }))
        expectSameRoundTrip(value)
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func wideIntegersRoundTrip() {
        let signed: [Int128] = [
            .min, .min + 1, -0x1_0000_0000_0000_0000, -1, 0, 0x7fff_ffff_ffff_ffff,
            0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff, 0x1_0000_0000_0000_0000, .max,
        ]
        for value in signed { expectSameRoundTrip(value, expected: "\(value)") }
        let unsigned: [UInt128] = [
            0, 1, 0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000, 0x1_0000_0000_0000_0000,
            UInt128.max >> 1, (UInt128.max >> 1) + 1, .max,
        ]
        for value in unsigned { expectSameRoundTrip(value, expected: "\(value)") }
    }
}
