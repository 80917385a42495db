import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Keys, input encodings and numbers, side by side with Foundation's coders (the container
// behaviours are in FoundationParityTests.swift).

/// One member under a key chosen at run time.
private struct OneKey: Encodable {
    let key: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ParityKey.self)
        try container.encode("test", forKey: ParityKey(key))
    }
}

/// Members under keys chosen at run time, in order (repeats and equivalent spellings included).
private struct ManyKeys: Encodable {
    let keys: [String]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ParityKey.self)
        for (position, key) in keys.enumerated() { try container.encode(position, forKey: ParityKey(key)) }
    }
}

private func snakeEncoders() -> (JSONEncoder, DynamicJSONEncoder) {
    let foundation = JSONEncoder(), ours = DynamicJSONEncoder()
    foundation.keyEncodingStrategy = .convertToSnakeCase
    ours.keyEncodingStrategy = .convertToSnakeCase
    foundation.outputFormatting = .sortedKeys
    ours.outputFormatting = .sortedKeys
    return (foundation, ours)
}

@Suite("Foundation parity: keys")
struct FoundationParityKeyTests {
    /// The keys of Foundation's `encodingKeyStrategySnake` test, and the combining-mark cases.
    static let snakeCases: [(String, String)] = [
        ("simpleOneTwo", "simple_one_two"), ("myURL", "my_url"), ("singleCharacterAtEndX", "single_character_at_end_x"),
        ("thisIsAnXMLProperty", "this_is_an_xml_property"), ("single", "single"), ("", ""), ("a", "a"), ("aA", "a_a"),
        ("version4Thing", "version4_thing"), ("partCAPS", "part_caps"), ("partCAPSLowerAGAIN", "part_caps_lower_again"),
        ("manyWordsInThisThing", "many_words_in_this_thing"), ("asdfĆqer", "asdf_ćqer"), ("already_snake_case", "already_snake_case"),
        ("dataPoint22", "data_point22"), ("dataPoint22Word", "data_point22_word"), ("_oneTwoThree", "_one_two_three"),
        ("oneTwoThree_", "one_two_three_"), ("__oneTwoThree", "__one_two_three"), ("oneTwoThree__", "one_two_three__"),
        ("_oneTwoThree_", "_one_two_three_"), ("__oneTwoThree__", "__one_two_three__"), ("_test", "_test"), ("_test_", "_test_"),
        ("__test", "__test"), ("test__", "test__"),
        (
            "m\u{349}\u{35F}\u{339}y\u{326}\u{333}G\u{34D}\u{35A}\u{34E}\u{333}r\u{324}\u{349}\u{324}\u{355}\u{345}ea\u{332}\u{355}t\u{347}\u{325}\u{33C}\u{356}U\u{347}\u{31D}\u{320}R\u{359}\u{33B}\u{325}\u{353}\u{323}L\u{325}\u{316}\u{34E}\u{353}\u{32A}\u{32B}\u{345}R\u{329}\u{356}\u{329}eq\u{348}\u{353}u\u{31E}e\u{331}s\u{319}t\u{324}\u{33A}\u{345}",
            "m\u{349}\u{35F}\u{339}y\u{326}\u{333}_g\u{34D}\u{35A}\u{34E}\u{333}r\u{324}\u{349}\u{324}\u{355}\u{345}ea\u{332}\u{355}t\u{347}\u{325}\u{33C}\u{356}_u\u{347}\u{31D}\u{320}r\u{359}\u{33B}\u{325}\u{353}\u{323}l\u{325}\u{316}\u{34E}\u{353}\u{32A}\u{32B}\u{345}_r\u{329}\u{356}\u{329}eq\u{348}\u{353}u\u{31E}e\u{331}s\u{319}t\u{324}\u{33A}\u{345}"
        ),
        ("🐧🐟", "🐧🐟"), ("aBC\u{301}d", "a_b_c\u{301}d"), ("A\u{301}B", "a\u{301}_b"),
    ]

    @Test func snakeCaseKeysAreFoundations() throws {
        let (foundation, ours) = snakeEncoders()
        for (key, expected) in Self.snakeCases {
            let data = try ours.encode(OneKey(key: key))
            #expect(Array(data) == Array(#"{"\#(expected)":"test"}"#.utf8), "\(key.unicodeScalars.map(\.value))")
            #expect(data == (try foundation.encode(OneKey(key: key))), "\(key.unicodeScalars.map(\.value))")
        }
    }

    /// Letters of both cases, titlecase, digits, marks, NFC and NFD spellings, emoji.
    static let keyAlphabet: [String] = [
        "a", "b", "z", "A", "B", "Z", "_", "4", "é", "e\u{301}", "É", "E\u{301}", "\u{301}", "\u{308}", "\u{327}",
        "ß", "Ω", "ω", "ǅ", "Ć", "ć", "i", "I", "🐧", "中", "x", "X", "-", " ",
    ]

    @Test func randomSnakeCaseKeysMatchFoundationByteForByte() throws {
        let (foundation, ours) = snakeEncoders()
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(state: seed)
        for _ in 0..<400 {
            let length = Int.random(in: 1...9, using: &random)
            let key = (0..<length).map { _ in Self.keyAlphabet.randomElement(using: &random) ?? "a" }.joined()
            let expected = try foundation.encode(OneKey(key: key))
            let actual = try ours.encode(OneKey(key: key))
            #expect(actual == expected, "seed \(seed), key \(key.unicodeScalars.map(\.value)): \(String(decoding: actual, as: UTF8.self))")
            // And when it is one of several keys, which may be equivalent spellings of it.
            let keys = (0..<3).map { _ in
                [key, key.decomposedStringWithCanonicalMapping, Self.keyAlphabet.randomElement(using: &random) ?? "a"].randomElement(using: &random) ?? key
            }
            #expect(
                try ours.encode(ManyKeys(keys: keys)) == foundation.encode(ManyKeys(keys: keys)),
                "seed \(seed), keys \(keys.map { $0.unicodeScalars.map(\.value) })")
        }
    }

    struct Accented: Codable, Equatable {
        // swift-format-ignore: IdentifiersMustBeASCII
        var é: Int // a non-ASCII key is what is tested
        var plain: Int
    }

    @Test func canonicallyEquivalentKeysMatch() throws {
        // NFD in the document, NFC in the coding key; escaped and raw; both orders.
        for json in [#"{"e\#u{301}": 1, "plain": 2}"#, #"{"plain": 2, "e\u0301": 1}"#, #"{"plain": 2, "\u00e9": 1}"#] {
            let data = Data(json.utf8)
            #expect(try DynamicJSONDecoder().decode(Accented.self, from: data) == Accented(é: 1, plain: 2))
            #expect(try JSONDecoder().decode(Accented.self, from: data) == Accented(é: 1, plain: 2))
            let decoder = DynamicJSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try decoder.decode(Accented.self, from: data) == Accented(é: 1, plain: 2))
        }
        // Many members: the lookup goes through the key index.
        let padding = (0..<80).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let big = Data(#"{\#(padding), "e\#u{301}": 1, "plain": 2}"#.utf8)
        #expect(try DynamicJSONDecoder().decode(Accented.self, from: big) == Accented(é: 1, plain: 2))
        // An ASCII document key and the Kelvin sign, which is canonically "K".
        struct Kelvin: Decodable { var k: Int; enum CodingKeys: String, CodingKey { case k = "\u{212A}" } }
        #expect(try DynamicJSONDecoder().decode(Kelvin.self, from: Data(#"{"K": 3}"#.utf8)).k == 3)
        #expect(try JSONDecoder().decode(Kelvin.self, from: Data(#"{"K": 3}"#.utf8)).k == 3)
    }

    @Test func equivalentKeysInJSONValuesAndPaths() throws {
        let json = try JSON(parsing: Data(#"{"e\#u{301}": 1, "\#u{e9}": 2}"#.utf8))
        // One key, the first spelling, as a Swift dictionary would keep it.
        #expect(json.objectValue?.keys == ["e\u{301}"])
        #expect(json["é"] == 1)
        let nested = Data(#"{"outer": {"e\#u{301}": {"n": 5}}}"#.utf8)
        #expect(try DynamicJSONDecoder().decode(Int.self, from: nested, at: "outer.é.n") == 5)
    }

    @Test func equivalentKeysEncodeAsOneKeyAsInFoundation() throws {
        let (foundation, ours) = (JSONEncoder(), DynamicJSONEncoder())
        foundation.outputFormatting = .sortedKeys
        ours.outputFormatting = .sortedKeys
        for keys in [["é", "e\u{301}"], ["e\u{301}", "x", "é"], ["K", "\u{212A}"]] {
            let expected = try foundation.encode(ManyKeys(keys: keys))
            #expect(try ours.encode(ManyKeys(keys: keys)) == expected, "\(keys)")
            #expect(try DynamicJSONEncoder().encode(ManyKeys(keys: keys)).count == expected.count, "\(keys)")
        }
    }
}

@Suite("Foundation parity: configurations")
struct FoundationParityConfigurationTests {
    struct Settings: Sendable { var prefix: String }

    enum Provider: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static let encodingConfiguration = Settings(prefix: "p-")
        static let decodingConfiguration = Settings(prefix: "p-")
    }

    /// Many keys, so that a run-to-run key order would show.
    struct Configured: EncodableWithConfiguration, DecodableWithConfiguration, Equatable {
        var values: [String]

        func encode(to encoder: any Encoder, configuration: Settings) throws {
            var container = encoder.container(keyedBy: ParityKey.self)
            for (position, value) in values.enumerated() {
                try container.encode(configuration.prefix + value, forKey: ParityKey("k\(position)"))
            }
        }

        init(values: [String]) { self.values = values }

        init(from decoder: any Decoder, configuration: Settings) throws {
            let container = try decoder.container(keyedBy: ParityKey.self)
            values = try (0..<container.allKeys.count).map {
                String(try container.decode(String.self, forKey: ParityKey("k\($0)")).dropFirst(configuration.prefix.count))
            }
        }
    }

    @Test func configurationsGoThroughOurCoders() throws {
        let value = Configured(values: (0..<12).map { "v\($0)" })
        let expected = "{" + (0..<12).map { #""k\#($0)":"p-v\#($0)""# }.joined(separator: ",") + "}"
        let encoder = DynamicJSONEncoder()
        for _ in 0..<5 {
            // Key order is the order of encoding, every time.
            #expect(String(decoding: try encoder.encode(value, configuration: Settings(prefix: "p-")), as: UTF8.self) == expected)
            #expect(String(decoding: try encoder.encode(value, configuration: Provider.self), as: UTF8.self) == expected)
        }
        let data = Data(expected.utf8)
        #expect(try DynamicJSONDecoder().decode(Configured.self, from: data, configuration: Settings(prefix: "p-")) == value)
        #expect(try DynamicJSONDecoder().decode(Configured.self, from: data, configuration: Provider.self) == value)
        #expect(try JSONDecoder().decode(Configured.self, from: data, configuration: Provider.self) == value)
        // Sorted keys are Foundation's bytes.
        let (sortedFoundation, sortedOurs) = (JSONEncoder(), DynamicJSONEncoder())
        sortedFoundation.outputFormatting = .sortedKeys
        sortedOurs.outputFormatting = .sortedKeys
        #expect(try sortedOurs.encode(value, configuration: Provider.self) == sortedFoundation.encode(value, configuration: Provider.self))
    }

    struct EncodesNothing: EncodableWithConfiguration {
        func encode(to encoder: any Encoder, configuration: Settings) throws {}
    }

    @Test func anEmptyConfiguredValueNamesItsOwnType() throws {
        do {
            _ = try DynamicJSONEncoder().encode(EncodesNothing(), configuration: Settings(prefix: ""))
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription == "Top-level EncodesNothing did not encode any values.")
        }
    }
}

/// A model with no properties of its own: its view reads the parsed document.
private struct ParityView: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

@Suite("Foundation parity: equivalent keys in views")
struct FoundationParityViewKeyTests {
    @Test func viewsFindCanonicallyEquivalentKeysBeforeAnyEdit() throws {
        for json in [#"{"e\#u{301}": {"n": 1}}"#, #"{"\#u{e9}": {"n": 1}}"#, #"{"e\u0301": {"n": 1}}"#] {
            let model = try DynamicJSONDecoder().decode(ParityView.self, from: Data(json.utf8))
            let view = try #require(model.dynamicSelf)
            #expect(view["é.n"].debugDescription == "1", "\(json)")
            #expect(view["e\u{301}.n"].debugDescription == "1", "\(json)")
            #expect(DynamicClass(try JSON(parsing: json))["é.n"].debugDescription == "1", "\(json)")
        }
    }
}
