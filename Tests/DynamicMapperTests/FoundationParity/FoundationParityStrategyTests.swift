import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// The strategy behaviours of Foundation's own coder tests (swift-foundation,
// JSONEncoderTests.swift): dates, data, non-finite numbers and keys, each run through
// Foundation's coders and ours side by side (our own models and inputs).

@Suite("Foundation parity: date and data strategies")
struct FoundationParityDateDataTests {
    let date = Date(timeIntervalSince1970: 1000)

    @Test func datesAsNumbers() {
        expectSameRoundTrip(
            date, expected: "1000", encoder: { $0.dateEncodingStrategy = .secondsSince1970 },
            decoder: { $0.dateDecodingStrategy = .secondsSince1970 })
        expectSameRoundTrip(
            Optional(date), expected: "1000", encoder: { $0.dateEncodingStrategy = .secondsSince1970 },
            decoder: { $0.dateDecodingStrategy = .secondsSince1970 })
        expectSameRoundTrip(
            date, expected: "1000000", encoder: { $0.dateEncodingStrategy = .millisecondsSince1970 },
            decoder: { $0.dateDecodingStrategy = .millisecondsSince1970 })
        expectSameRoundTrip(
            Optional(date), expected: "1000000", encoder: { $0.dateEncodingStrategy = .millisecondsSince1970 },
            decoder: { $0.dateDecodingStrategy = .millisecondsSince1970 })
    }

    @Test func datesAsISO8601() {
        for value in [date, Date(timeIntervalSince1970: -86_400 * 365.25 * 40)] {
            expectSameRoundTrip(value, encoder: { $0.dateEncodingStrategy = .iso8601 }, decoder: { $0.dateDecodingStrategy = .iso8601 })
        }
        expectSameRoundTrip(
            Optional(date), expected: #""1970-01-01T00:16:40Z""#,
            encoder: { $0.dateEncodingStrategy = .iso8601 }, decoder: { $0.dateDecodingStrategy = .iso8601 })
    }

    /// A custom closure that writes a number, or nothing (then `{}`), for dates and data alike.
    @Test(arguments: [false, true])
    func customClosures(writesNothing: Bool) {
        let expected = writesNothing ? "{}" : "42"
        let write: @Sendable (any Encoder) throws -> Void = { encoder in
            guard !writesNothing else { return }
            var single = encoder.singleValueContainer()
            try single.encode(42)
        }
        let moment = date
        let dates: (JSONEncoder) -> Void = { $0.dateEncodingStrategy = .custom { _, encoder in try write(encoder) } }
        let readDates: (JSONDecoder) -> Void = { $0.dateDecodingStrategy = .custom { _ in moment } }
        expectSameRoundTrip(date, expected: expected, encoder: dates, decoder: readDates)
        expectSameRoundTrip(Optional(date), expected: expected, encoder: dates, decoder: readDates)
        expectSameRoundTrip([date], expected: "[\(expected)]", encoder: dates, decoder: readDates)
        let data: (JSONEncoder) -> Void = { $0.dataEncodingStrategy = .custom { _, encoder in try write(encoder) } }
        let readData: (JSONDecoder) -> Void = { $0.dataDecodingStrategy = .custom { _ in Data() } }
        expectSameRoundTrip(Data(), expected: expected, encoder: data, decoder: readData)
        expectSameRoundTrip(Optional(Data()), expected: expected, encoder: data, decoder: readData)
    }

    @Test func dataAsBytesOrBase64() {
        let bytes = Data([0xDE, 0xAD, 0xBE, 0xEF])
        let deferred: (JSONEncoder) -> Void = { $0.dataEncodingStrategy = .deferredToData }
        let readDeferred: (JSONDecoder) -> Void = { $0.dataDecodingStrategy = .deferredToData }
        expectSameRoundTrip(bytes, expected: "[222,173,190,239]", encoder: deferred, decoder: readDeferred)
        expectSameRoundTrip(Optional(bytes), expected: "[222,173,190,239]", encoder: deferred, decoder: readDeferred)
        expectSameRoundTrip(bytes, expected: #""3q2+7w==""#)
        expectSameRoundTrip(Optional(bytes), expected: #""3q2+7w==""#)
    }

    /// An infinite date has no number to write under any strategy that writes one.
    @Test func infiniteDatesFail() {
        let infinite = Date(timeIntervalSince1970: .infinity)
        let strategies: [JSONEncoder.DateEncodingStrategy] = [.deferredToDate, .secondsSince1970, .millisecondsSince1970]
        for strategy in strategies {
            let outcome = expectSameEncoding([infinite], configure: { $0.dateEncodingStrategy = strategy })
            #expect(outcome.json == nil)
        }
    }
}

@Suite("Foundation parity: non-finite numbers")
struct FoundationParityNonFiniteTests {
    @Test func nonFiniteNumbersFailByDefault() {
        for value: Float in [.infinity, -.infinity, .nan] {
            #expect(expectSameEncoding(value) == .invalidValue(path: ""))
            #expect(expectSameEncoding(Optional(value)) == .invalidValue(path: ""))
        }
        for value: Double in [.infinity, -.infinity, .nan] {
            #expect(expectSameEncoding(value) == .invalidValue(path: ""))
            #expect(expectSameEncoding([Optional(value)]) == .invalidValue(path: "[0]"))
        }
    }

    @Test func nonFiniteNumbersAsStrings() {
        let encode: (JSONEncoder) -> Void = {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        }
        let decode: (JSONDecoder) -> Void = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        }
        expectSameRoundTrip(Float.infinity, expected: #""INF""#, encoder: encode, decoder: decode)
        expectSameRoundTrip(-Float.infinity, expected: #""-INF""#, encoder: encode, decoder: decode)
        expectSameRoundTrip(Optional(-Double.infinity), expected: #""-INF""#, encoder: encode, decoder: decode)
        expectSameRoundTrip(Double.nan, expected: #""NaN""#, encoder: encode, decoder: decode, isEqual: sameFloatingPoint)
        expectSameRoundTrip(Float.nan, expected: #""NaN""#, encoder: encode, decoder: decode, isEqual: sameFloatingPoint)
        expectSameRoundTrip(
            [1.5, .infinity, .nan], expected: #"[1.5,"INF","NaN"]"#, encoder: encode, decoder: decode,
            isEqual: sameFloatingPoints)
    }
}

@Suite("Foundation parity: key strategies")
struct FoundationParityKeyStrategyTests {
    /// Writes one string under a key chosen at run time.
    struct OneKey: Encodable {
        let name: String
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: AnyParityKey.self)
            try keyed.encode("test", forKey: AnyParityKey(stringValue: name))
        }
    }

    struct Wrapped<Inner: Encodable>: Encodable { let inner: Inner }

    final class Calls: @unchecked Sendable { var paths: [String] = [] }

    @Test func customEncodingStrategySeesTheSwiftPath() {
        let theirs = Calls(), mine = Calls()
        let value = Wrapped(inner: Wrapped(inner: OneKey(name: "helloWorld")))
        let expected = #"{"QQQinner":{"QQQinner":{"QQQhelloWorld":"test"}}}"#
        let (foundation, ours) = parityEncoders(sorted: false)
        for (encoder, calls) in [(foundation, theirs), (ours, mine)] {
            encoder.keyEncodingStrategy = .custom { path in
                calls.paths.append(path.map(\.stringValue).joined(separator: "."))
                return AnyParityKey(stringValue: "QQQ" + (path.last?.stringValue ?? ""))
            }
        }
        #expect(EncodeOutcome { try foundation.encode(value) } == .json(expected))
        #expect(EncodeOutcome { try ours.encode(value) } == .json(expected))
        // The same calls; ours converts each key as it is written, outer first, Foundation's
        // once the value under it is done (README, "Differences from Foundation's coders").
        #expect(mine.paths == theirs.paths.reversed())
        #expect(mine.paths == ["inner", "inner.inner", "inner.inner.helloWorld"])
    }

    @Test func customDecodingStrategy() {
        struct Hello: Decodable, Equatable { var hello: String }
        expectSameDecoding(
            Hello.self, #"{"----hello": "test"}"#,
            configure: {
                $0.keyDecodingStrategy = .custom { path in
                    let name = path.last?.stringValue ?? ""
                    return name.count > 4 ? AnyParityKey(stringValue: String(name.dropFirst(4))) : AnyParityKey(stringValue: name)
                }
            })
    }

    /// Every key converted to the same name: the first wins when decoding, the last written
    /// when encoding.
    @Test func strategiesThatMapEveryKeyToOne() {
        struct Both: Codable {
            var value = "test"
            var keyCount = 0
            enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
            init() {}
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: CodingKeys.self)
                value = try keyed.decode(String.self, forKey: .oneTwo)
                keyCount = keyed.allKeys.count
            }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode(value, forKey: .oneTwo)
                try keyed.encode("test2", forKey: .oneTwoThree)
            }
        }
        let toOne: @Sendable ([any CodingKey]) -> any CodingKey = { _ in AnyParityKey(stringValue: "oneTwo") }
        expectSameDecoding(
            Both.self, data: Data(#"{"unused 1": "test1", "unused 2": "test2"}"#.utf8),
            configure: { $0.keyDecodingStrategy = .custom(toOne) },
            isEqual: { $0.value == $1.value && $0.keyCount == $1.keyCount })
        let ours = DynamicJSONDecoder()
        ours.keyDecodingStrategy = .custom(toOne)
        let decoded = try? ours.decode(Both.self, from: Data(#"{"unused 1": "test1", "unused 2": "test2"}"#.utf8))
        #expect(decoded?.value == "test1" && decoded?.keyCount == 1)
        expectSameEncoding(Both(), expected: #"{"oneTwo":"test2"}"#, configure: { $0.keyEncodingStrategy = .custom(toOne) })
    }

    @Test func dictionaryKeysAreNotConverted() {
        expectSameDecoding([String: String].self, #"{"leave_me_alone": "test"}"#, configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
        expectSameEncoding(
            ["leaveMeAlone": "test"], expected: #"{"leaveMeAlone":"test"}"#,
            configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
    }

    struct IntValue: Decodable, Equatable { var intValue: Int }
    struct Nested: Decodable, Equatable { var nestedValue: IntValue }

    @Test func decodingFailuresNameTheOriginalKeys() {
        let snake: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        expectSameDecoding([String: Int].self, #"{"leave_me_alone": "test"}"#, configure: snake)
        expectSameDecoding(
            [String: [String: Nested]].self,
            #"{"top_level": {"sub_level": {"nested_value": {"int_value": "not_an_int"}}}}"#, configure: snake)
        let dynamicError = DynamicJSONDecoder()
        snake(dynamicError)
        let thrown = Result {
            try dynamicError.decode([String: [String: Nested]].self, from: Data(#"{"top_level": {"sub_level": {"nested_value": {"int_value": "x"}}}}"#.utf8))
        }
        if case .failure(DecodingError.typeMismatch(_, let context)) = thrown {
            #expect(context.codingPath.map(\.stringValue) == ["top_level", "sub_level", "nestedValue", "intValue"])
        } else {
            Issue.record("expected typeMismatch, got \(thrown)")
        }
    }

    struct Failing: Encodable { var someValue = Double.nan }
    struct FailingNested: Encodable { var nestedValue = Failing() }

    @Test func encodingFailuresNameTheOriginalKeys() {
        let snake: (JSONEncoder) -> Void = { $0.keyEncodingStrategy = .convertToSnakeCase }
        #expect(expectSameEncoding(["key": Failing()], configure: snake) == .invalidValue(path: "key.someValue"))
        #expect(
            expectSameEncoding(["key": ["sub_key": FailingNested()]], configure: snake)
                == .invalidValue(path: "key.sub_key.nestedValue.someValue"))
    }

    /// Snake-case keys read into camel-case names, and the camel-case name asked for at run
    /// time (Foundation's table of conversions, our own spellings of its cases).
    @Test(arguments: [
        ("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("snake_case", "snakeCase"),
        ("one_2_three", "one2Three"), ("one2_three", "one2Three"), ("snake_Ćase", "snakeĆase"), ("snake_ćase", "snakeĆase"),
        ("alreadyCamelCase", "alreadyCamelCase"), ("__this_and_that", "__thisAndThat"), ("this__and__that", "thisAndThat"),
        ("this_and_that__", "thisAndThat__"), ("this_aNd_that", "thisAndThat"), ("_one_two_three_", "_oneTwoThree_"),
        ("_test_", "_test_"), ("_", "_"), ("___", "___"), ("🐧_🐟", "🐧🐟"), ("e\u{301}_x\u{301}", "e\u{301}X\u{301}"),
    ])
    func snakeCaseKeysDecode(_ snake: String, _ camel: String) {
        struct Lookup: Decodable, Equatable {
            var found: Bool
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: AnyParityKey.self)
                let name = try keyed.decode(String.self, forKey: AnyParityKey(stringValue: "camelCaseKey"))
                found = try keyed.decode(Bool.self, forKey: AnyParityKey(stringValue: name))
            }
        }
        let json = #"{"camelCaseKey": "\#(camel)", "\#(snake)": true}"#
        expectSameDecoding(Lookup.self, json, configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }

    @Test(arguments: [
        ("simpleOneTwo", "simple_one_two"), ("myURL", "my_url"), ("singleCharacterAtEndX", "single_character_at_end_x"),
        ("thisIsAnXMLProperty", "this_is_an_xml_property"), ("", ""), ("aA", "a_a"), ("version4Thing", "version4_thing"),
        ("partCAPSLowerAGAIN", "part_caps_lower_again"), ("asdfĆqer", "asdf_ćqer"), ("already_snake_case", "already_snake_case"),
        ("dataPoint22Word", "data_point22_word"), ("__oneTwoThree__", "__one_two_three__"), ("test__", "test__"), ("🐧🐟", "🐧🐟"),
    ])
    func snakeCaseKeysEncode(_ camel: String, _ snake: String) {
        expectSameEncoding(
            FoundationParityKeyStrategyTests.OneKey(name: camel), expected: #"{"\#(snake)":"test"}"#,
            configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
    }

    /// Snake case with generated and custom coding keys, both ways.
    @Test func snakeCaseWithGeneratedAndCustomKeys() {
        struct Model: Codable, Equatable {
            var thisIsCamelCase: String
            var thisIsCamelCaseToo: String
            enum CodingKeys: String, CodingKey {
                case thisIsCamelCase = "fooBar"
                case thisIsCamelCaseToo
            }
        }
        struct Generated: Codable, Equatable { var thisIsCamelCase: String }
        let value = Model(thisIsCamelCase: "test", thisIsCamelCaseToo: "test2")
        expectSameRoundTrip(
            value, expected: #"{"foo_bar":"test","this_is_camel_case_too":"test2"}"#,
            encoder: { $0.keyEncodingStrategy = .convertToSnakeCase }, decoder: { $0.keyDecodingStrategy = .convertFromSnakeCase })
        expectSameRoundTrip(
            Generated(thisIsCamelCase: "test"), expected: #"{"this_is_camel_case":"test"}"#,
            encoder: { $0.keyEncodingStrategy = .convertToSnakeCase }, decoder: { $0.keyDecodingStrategy = .convertFromSnakeCase })
        // A null for a non-optional String is valueNotFound naming String.
        expectSameDecoding(Generated.self, #"{"thisIsCamelCase": null}"#)
        #expect(
            CoderKind.dynamic.decodingError(Generated.self, #"{"thisIsCamelCase": null}"#).map(DecodingErrorSummary.init)?.kind
                == .valueNotFound(String(reflecting: String.self)))
    }
}

@Suite("Foundation parity: type coercion")
struct FoundationParityCoercionTests {
    /// Booleans never read as numbers, and numbers never as booleans, for any number type.
    @Test func booleansAndNumbersDoNotCoerce() {
        let booleans = "[false, true]", numbers = "[0, 1]", reals = "[0.0, 1.0]"
        func refused<T: Decodable & Equatable>(_ type: T.Type, _ json: String) {
            expectSameDecoding(T.self, json)
            #expect(CoderKind.dynamic.decodingError(T.self, json) != nil, "\(T.self) from \(json)")
        }
        refused([Int].self, booleans); refused([Int8].self, booleans); refused([Int16].self, booleans)
        refused([Int32].self, booleans); refused([Int64].self, booleans); refused([UInt].self, booleans)
        refused([UInt8].self, booleans); refused([UInt16].self, booleans); refused([UInt32].self, booleans)
        refused([UInt64].self, booleans); refused([Float].self, booleans); refused([Double].self, booleans)
        refused([Bool].self, numbers); refused([Bool].self, reals)
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            refused([Int128].self, booleans); refused([UInt128].self, booleans)
        }
    }

    @Test func largestDoubleIsNoInteger() {
        expectSameDecoding(UInt64.self, "1.7976931348623157e+308")
        #expect(CoderKind.dynamic.decodingError(UInt64.self, "1.7976931348623157e+308") != nil)
    }
}
