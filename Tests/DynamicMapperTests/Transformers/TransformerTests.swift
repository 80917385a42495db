import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

// MARK: - Helpers (TR prefix: private to this file)

/// KeyedCodable's README transformer, written against our protocol: one shared formatter.
private struct TRDateTransformer: Transformer, DefaultInitializable {
    private static let day = DateFormatTransformer(format: "yyyy-MM-dd")
    func decode(_ raw: String) throws -> Date { try Self.day.decode(raw) }
    func encode(_ value: Date) throws -> String { try Self.day.encode(value) }
}

private struct TRDateCodableTransform: Codable, Equatable {
    @CodedBy<TRDateTransformer> var date: Date
}

/// Not `Codable`: only the transformer knows it is an `Int` in the document.
private struct TRUser: Equatable {
    let id: Int
}

private struct TRUserTransformer: Transformer, DefaultInitializable {
    func decode(_ raw: Int) throws -> TRUser { TRUser(id: raw) }
    func encode(_ value: TRUser) throws -> Int { value.id }
}

private struct TRDetailPage: Codable, Equatable {
    @CodedBy<TRUserTransformer> var user: TRUser
}

private struct TROptionalDate: Codable, Equatable {
    @CodedBy<OptionalTransformer<TRDateTransformer>> var date: Date?
    var note: String?
}

/// An optional `Value` without `OptionalTransformer`: empty text means no nickname.
private struct TREmptyIsNil: Transformer, DefaultInitializable {
    func decode(_ raw: String) throws -> String? { raw.isEmpty ? nil : raw }
    func encode(_ value: String?) throws -> String { value ?? "" }
}

private struct TRNickname: Codable, Equatable {
    @CodedBy<TREmptyIsNil> var nickname: String?
}

private struct TRIdentifiers: Codable, Equatable {
    @CodedBy<ArrayTransformer<NumberFromStringTransformer<Int>>> var ids: [Int]
    @CodedBy<OptionalTransformer<ArrayTransformer<URLTransformer>>> var links: [URL]?
}

private struct TRBuiltIns: Codable, Equatable {
    @CodedBy<ISO8601DateTransformer> var created: Date
    @CodedBy<UnixTimeTransformer> var updated: Date
    @CodedBy<Base64DataTransformer> var payload: Data
    @CodedBy<URLTransformer> var homepage: URL
    @CodedBy<NumberFromStringTransformer<Double>> var price: Double
}

/// A decoding-only and an encoding-only transformer, to check the combinators on each half.
private struct TRParseInt: DecodingTransformer {
    func decode(_ raw: String) throws -> Int {
        guard let value = Int(raw) else { throw TransformerError(value: raw, reason: "is not an integer") }
        return value
    }
}

private struct TRPrintInt: EncodingTransformer {
    func encode(_ value: Int) throws -> String {
        guard value >= 0 else { throw TransformerError(value: value, reason: "is negative") }
        return String(value)
    }
}

/// `2012-05-01T00:00:00Z`.
private let trMayFirst = Date(timeIntervalSince1970: 1_335_830_400)

private func trMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as TransformerError {
        return error.description
    } catch {
        return "unexpected \(error)"
    }
}

// MARK: - Built-in transformers

@Suite("Transformers")
struct TransformerTests {
    @Test("DateFormatTransformer reads and writes its format in UTC with the POSIX locale")
    func dateFormat() throws {
        let day = DateFormatTransformer(format: "yyyy-MM-dd")
        #expect(try day.decode("2012-05-01") == trMayFirst)
        #expect(try day.encode(trMayFirst) == "2012-05-01")
        #expect(day.format == "yyyy-MM-dd")
        #expect(day.timeZone.secondsFromGMT() == 0)
        #expect(day.locale.identifier == "en_US_POSIX")

        let named = DateFormatTransformer(format: "d MMM yyyy")
        #expect(try named.decode("1 May 2012") == trMayFirst)
        #expect(try named.encode(trMayFirst) == "1 May 2012")
    }

    @Test("one DateFormatTransformer shared by many tasks")
    func dateFormatConcurrently() async throws {
        let day = DateFormatTransformer(format: "yyyy-MM-dd")
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for offset in 0..<200 {
                group.addTask {
                    let date = trMayFirst.addingTimeInterval(Double(offset % 20) * 86_400)
                    return try day.decode(day.encode(date)) == date
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 200 && results.allSatisfy { $0 })
    }

    @Test("DateFormatTransformer honours another time zone")
    func dateFormatTimeZone() throws {
        let warsaw = try #require(TimeZone(identifier: "Europe/Warsaw"))
        let local = DateFormatTransformer(format: "yyyy-MM-dd HH:mm", timeZone: warsaw)
        // Summer time: UTC+2.
        #expect(try local.decode("2012-05-01 02:00") == trMayFirst)
        #expect(try local.encode(trMayFirst) == "2012-05-01 02:00")
    }

    @Test("DateFormatTransformer refuses text that is not a date in its format")
    func dateFormatErrors() {
        let day = DateFormatTransformer(format: "yyyy-MM-dd")
        #expect(trMessage { _ = try day.decode("2012-13-45") } == #""2012-13-45" is not a date in the format yyyy-MM-dd"#)
        #expect(trMessage { _ = try day.decode("01.05.2012") } == #""01.05.2012" is not a date in the format yyyy-MM-dd"#)
        #expect(trMessage { _ = try day.decode("") } == #""" is not a date in the format yyyy-MM-dd"#)
        #expect(throws: TransformerError(value: "2012-13-45", reason: "is not a date in the format yyyy-MM-dd")) {
            try day.decode("2012-13-45")
        }
    }

    @Test("ISO8601DateTransformer reads with and without fractional seconds")
    func iso8601() throws {
        let whole = ISO8601DateTransformer()
        let fractional = ISO8601DateTransformer(fractionalSeconds: true)
        let instant = Date(timeIntervalSince1970: 1_335_867_630) // 2012-05-01T10:20:30Z
        let precise = Date(timeIntervalSince1970: 1_335_867_630.5)
        for transformer in [whole, fractional] {
            #expect(try transformer.decode("2012-05-01T10:20:30Z") == instant)
            #expect(try transformer.decode("2012-05-01T12:20:30+02:00") == instant)
            #expect(try transformer.decode("2012-05-01T10:20:30.500Z") == precise)
        }
        #expect(whole.fractionalSeconds == false)
        #expect(fractional.fractionalSeconds == true)
        #expect(try whole.encode(instant) == "2012-05-01T10:20:30Z")
        #expect(try fractional.encode(instant) == "2012-05-01T10:20:30.000Z")
        #expect(try fractional.encode(precise) == "2012-05-01T10:20:30.500Z")
        #expect(trMessage { _ = try whole.decode("yesterday") } == #""yesterday" is not an ISO 8601 date"#)
        #expect(trMessage { _ = try fractional.decode("2012-05-01") } == #""2012-05-01" is not an ISO 8601 date"#)
    }

    @Test("UnixTimeTransformer counts seconds or milliseconds since 1970")
    func unixTime() throws {
        let seconds = UnixTimeTransformer()
        let millis = UnixTimeTransformer(unit: .milliseconds)
        #expect(seconds.unit == .seconds)
        #expect(UnixTimeTransformer(unit: .seconds).unit == .seconds)
        #expect(try seconds.decode(1_335_830_400) == trMayFirst)
        #expect(try seconds.decode(1_336_000_000.5) == Date(timeIntervalSince1970: 1_336_000_000.5))
        #expect(try seconds.encode(trMayFirst) == 1_335_830_400)
        #expect(try millis.decode(1_336_000_000_500) == Date(timeIntervalSince1970: 1_336_000_000.5))
        #expect(try millis.encode(Date(timeIntervalSince1970: 1_336_000_000.5)) == 1_336_000_000_500)
        #expect(trMessage { _ = try seconds.decode(LenientNumber(Double.nan)) } == "nan is not a finite number of seconds since 1970")
        #expect(trMessage { _ = try millis.decode(LenientNumber(Double.infinity)) } == "inf is not a finite number of milliseconds since 1970")
    }

    @Test("Base64DataTransformer reads and writes padded base64")
    func base64() throws {
        let transformer = Base64DataTransformer()
        #expect(try transformer.decode("aGVsbG8=") == Data("hello".utf8))
        #expect(try transformer.encode(Data("hello".utf8)) == "aGVsbG8=")
        #expect(try transformer.decode("") == Data())
        #expect(try transformer.encode(Data([0, 1])) == "AAE=")
        #expect(trMessage { _ = try transformer.decode("%%") } == #""%%" is not valid base64"#)
        #expect(trMessage { _ = try transformer.decode("aGVsbG8") } == #""aGVsbG8" is not valid base64"#)
    }

    @Test("URLTransformer reads URLs and refuses text that is not one")
    func url() throws {
        let transformer = URLTransformer()
        let blog = try transformer.decode("https://swift.org/blog?page=2#top")
        #expect(blog.absoluteString == "https://swift.org/blog?page=2#top")
        #expect(blog.host == "swift.org")
        #expect(try transformer.encode(blog) == "https://swift.org/blog?page=2#top")
        #expect(try transformer.decode("/avatars/3.png").path == "/avatars/3.png")
        #expect(try transformer.decode("mailto:jan@example.com").scheme == "mailto")
        #expect(try transformer.decode("https://example.com/a%20b").absoluteString == "https://example.com/a%20b")
        for bad in ["", "not a url", "http://exa mple.com", "https://example.com/\n", "100%", "100%zz", "a<b>", "{x}"] {
            #expect(trMessage { _ = try transformer.decode(bad) } == "\(String(reflecting: bad)) is not a URL")
        }
        #expect(trMessage { _ = try transformer.decode("not a url") } == #""not a url" is not a URL"#)
    }

    @Test("NumberFromStringTransformer reads whole numbers only, of the inferred type")
    func numberFromString() throws {
        let count: Int = try NumberFromStringTransformer().decode("42")
        #expect(count == 42)
        #expect(try NumberFromStringTransformer<Int>().decode("-7") == -7)
        #expect(try NumberFromStringTransformer<Double>().decode("19.99") == 19.99)
        #expect(try NumberFromStringTransformer<UInt8>().decode("255") == 255)
        #expect(try NumberFromStringTransformer<Int>().encode(42) == "42")
        #expect(try NumberFromStringTransformer<Double>().encode(19.99) == "19.99")
        #expect(trMessage { _ = try NumberFromStringTransformer<Int>().decode("4x") } == #""4x" is not a number of type Int"#)
        #expect(trMessage { _ = try NumberFromStringTransformer<Int>().decode(" 42") } == #"" 42" is not a number of type Int"#)
        #expect(trMessage { _ = try NumberFromStringTransformer<UInt8>().decode("256") } == #""256" is not a number of type UInt8"#)
        #expect(trMessage { _ = try NumberFromStringTransformer<Double>().decode("") } == #""" is not a number of type Double"#)
    }

    @Test("TransformerError quotes strings, prints numbers and shortens long values")
    func transformerError() {
        let error = TransformerError(value: "a\"b", reason: "is odd")
        #expect(error.valueDescription == #""a\"b""#)
        #expect(error.reason == "is odd")
        #expect(error.description == #""a\"b" is odd"#)
        #expect(TransformerError(value: 12.5, reason: "is too big").description == "12.5 is too big")
        let long = TransformerError(valueDescription: String(repeating: "x", count: 150), reason: "is too long")
        #expect(long.valueDescription == String(repeating: "x", count: 100) + "…")
        #expect(long.description == String(repeating: "x", count: 100) + "… is too long")
        #expect(TransformerError(valueDescription: "<blob>", reason: "is not an image").description == "<blob> is not an image")
    }

    // MARK: Combinators

    @Test(".optional lets nil through both ways")
    func optional() throws {
        let transformer = NumberFromStringTransformer<Int>().optional
        #expect(try transformer.decode(nil) == nil)
        #expect(try transformer.decode("42") == 42)
        #expect(try transformer.encode(nil) == nil)
        #expect(try transformer.encode(42) == "42")
        #expect(trMessage { _ = try transformer.decode("x") } == #""x" is not a number of type Int"#)
        let explicit = OptionalTransformer(URLTransformer())
        #expect(try explicit.decode("https://swift.org")?.host == "swift.org")
        #expect(try explicit.encode(URL(string: "https://swift.org/x")) == "https://swift.org/x")
        #expect(try explicit.base.decode("/x").path == "/x")
    }

    @Test(".array transforms element by element and stops at the first bad element")
    func array() throws {
        let transformer = NumberFromStringTransformer<Int>().array
        #expect(try transformer.decode(["1", "2", "3"]) == [1, 2, 3])
        #expect(try transformer.decode([]) == [])
        #expect(try transformer.encode([1, 2, 3]) == ["1", "2", "3"])
        #expect(trMessage { _ = try transformer.decode(["1", "two", "x"]) } == #""two" is not a number of type Int"#)
        #expect(try ArrayTransformer(Base64DataTransformer()).encode([Data([0, 1])]) == ["AAE="])
    }

    @Test(".array.optional and .optional.array nest")
    func arrayOptional() throws {
        let transformer = NumberFromStringTransformer<Int>().array.optional
        #expect(try transformer.decode(nil) == nil)
        #expect(try transformer.decode(["1", "2"]) == [1, 2])
        #expect(try transformer.encode(nil) == nil)
        #expect(try transformer.encode([3]) == ["3"])
        let elementwise = NumberFromStringTransformer<Int>().optional.array
        #expect(try elementwise.decode(["1", nil, "3"]) == [1, nil, 3])
        #expect(try elementwise.encode([nil, 2]) == [nil, "2"])
    }

    @Test("the combinators work on one-way transformers")
    func oneWayCombinators() throws {
        #expect(try TRParseInt().optional.decode(nil) == nil)
        #expect(try TRParseInt().array.decode(["4", "5"]) == [4, 5])
        #expect(try TRParseInt().array.optional.decode(["6"]) == [6])
        #expect(try TRPrintInt().optional.encode(nil) == nil)
        #expect(try TRPrintInt().array.encode([1, 2]) == ["1", "2"])
        #expect(try TRPrintInt().array.optional.encode([7]) == ["7"])
        #expect(trMessage { _ = try TRPrintInt().array.encode([1, -2]) } == "-2 is negative")
    }

    @Test("the combinators keep DefaultInitializable and Sendable")
    func combinatorConformances() {
        func isDefault<T: Transformer & DefaultInitializable & Sendable>(_: T.Type) -> Bool { true }
        #expect(isDefault(OptionalTransformer<ArrayTransformer<URLTransformer>>.self))
        #expect(isDefault(ArrayTransformer<OptionalTransformer<NumberFromStringTransformer<Int>>>.self))
        #expect(isDefault(ISO8601DateTransformer.self) && isDefault(UnixTimeTransformer.self))
        #expect(isDefault(Base64DataTransformer.self))
    }

    // MARK: Through @CodedBy

    @Test("KeyedCodable's yyyy-MM-dd date transformer, both ways", arguments: CoderKind.allCases)
    func keyedCodableDate(coders: CoderKind) throws {
        let model = try coders.decode(TRDateCodableTransform.self, #"{"date":"2012-05-01"}"#)
        #expect(model.date == trMayFirst)
        #expect(try coders.encode(model) == #"{"date":"2012-05-01"}"#)
        #expect(try coders.encode(TRDateCodableTransform(date: trMayFirst)) == #"{"date":"2012-05-01"}"#)
    }

    @Test("KeyedCodable's DetailPage whose User is not Codable, both ways", arguments: CoderKind.allCases)
    func detailPage(coders: CoderKind) throws {
        let page = try coders.decode(TRDetailPage.self, #"{"user": 3}"#)
        #expect(page.user == TRUser(id: 3))
        #expect(try coders.encode(page) == #"{"user":3}"#)
        #expect(throws: DecodingError.self) { try coders.decode(TRDetailPage.self, #"{"user": "3"}"#) }
    }

    @Test("an optional transformer: missing and null decode as nil, nil leaves the key out", arguments: CoderKind.allCases)
    func optionalProperty(coders: CoderKind) throws {
        #expect(try coders.decode(TROptionalDate.self, #"{}"#) == TROptionalDate(date: nil))
        #expect(try coders.decode(TROptionalDate.self, #"{"date":null,"note":"x"}"#) == TROptionalDate(date: nil, note: "x"))
        #expect(try coders.decode(TROptionalDate.self, #"{"date":"2012-05-01"}"#).date == trMayFirst)
        #expect(try coders.encode(TROptionalDate(date: nil)) == #"{}"#)
        #expect(try coders.encode(TROptionalDate(date: trMayFirst)) == #"{"date":"2012-05-01"}"#)
        #expect(throws: DecodingError.self) { try coders.decode(TROptionalDate.self, #"{"date":"May"}"#) }
    }

    @Test("any transformer with an optional Value gets the same missing, null and nil handling", arguments: CoderKind.allCases)
    func optionalValueTransformer(coders: CoderKind) throws {
        #expect(try coders.decode(TRNickname.self, "{}").nickname == nil)
        #expect(try coders.decode(TRNickname.self, #"{"nickname":null}"#).nickname == nil)
        #expect(try coders.decode(TRNickname.self, #"{"nickname":""}"#).nickname == nil)
        #expect(try coders.decode(TRNickname.self, #"{"nickname":"Jerry"}"#).nickname == "Jerry")
        #expect(try coders.encode(TRNickname(nickname: nil)) == "{}")
        #expect(try coders.encode(TRNickname(nickname: "Jerry")) == #"{"nickname":"Jerry"}"#)
    }

    @Test("array transformers through @CodedBy", arguments: CoderKind.allCases)
    func arrayProperty(coders: CoderKind) throws {
        let json = #"{"ids":["1","22"],"links":["https://a.example","/b"]}"#
        let model = try coders.decode(TRIdentifiers.self, json)
        #expect(model.ids == [1, 22])
        #expect(model.links?.map(\.absoluteString) == ["https://a.example", "/b"])
        #expect(try coders.encode(model) == json)
        let bare = try coders.decode(TRIdentifiers.self, #"{"ids":[]}"#)
        #expect(bare == TRIdentifiers(ids: [], links: nil))
        #expect(try coders.encode(bare) == #"{"ids":[]}"#)
    }

    @Test("every built-in through @CodedBy, both ways", arguments: CoderKind.allCases)
    func builtInProperties(coders: CoderKind) throws {
        let json = #"{"created":"2012-05-01T10:20:30Z","homepage":"https://swift.org","payload":"aGVsbG8=","price":"19.99","updated":1335830400}"#
        let model = try coders.decode(TRBuiltIns.self, json)
        #expect(model.created == Date(timeIntervalSince1970: 1_335_867_630))
        #expect(model.updated == trMayFirst)
        #expect(model.payload == Data("hello".utf8))
        #expect(model.homepage.absoluteString == "https://swift.org")
        #expect(model.price == 19.99)
        #expect(try coders.encode(model) == json)
    }
}
