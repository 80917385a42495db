import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport
import DynamicMapperOperators

// Per-property transformers in dynamic mappings: `<->`, `<--` and `-->` with
// `view.using(transformer)` (issue 12, item 8).

/// Not `Codable`: ObjectMapper's `EnumTransform` case.
private enum DTStatus: String {
    case active, banned
}

private let dtDay = DateFormatTransformer(format: "yyyy-MM-dd")

/// The ObjectMapper transforms, one line each.
private struct DTUser: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var created: Date?
    @NotCoded var seen: Date?
    @NotCoded var homepage: URL?
    @NotCoded var avatar: Data?
    var status: DTStatus = .active

    enum CodingKeys: String, CodingKey {
        case name
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        created <-> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
        seen <-> ds.meta.seen.using(UnixTimeTransformer())
        homepage <-> ds.links.homepage.using(URLTransformer())
        avatar <-> ds.links.avatar.using(Base64DataTransformer())
        status <-> ds.account.status.using(RawValueTransformer<DTStatus>())
    }
}

/// A `Codable` enum needs no transformer; an optional one that is not `Codable` does.
private enum DTPlan: String, Codable {
    case free, pro
}

private struct DTAccount: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var plan: DTPlan?
    @NotCoded var status: DTStatus?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        plan <-- ds.plan
        status <-> ds.state.using(RawValueTransformer<DTStatus>())
    }
}

/// A transformer whose raw value is a dynamic model that reads through a transformer itself.
private struct DTAccountSummary: DecodingTransformer {
    func decode(_ raw: DTAccount) throws -> String {
        "\(raw.plan?.rawValue ?? "-")/\(raw.status?.rawValue ?? "-")"
    }
}

private struct DTHolder: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var summary: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        summary <-- ds.account.using(DTAccountSummary())
    }
}

/// Decoding-only and encoding-only transformers with the one-way operators.
private struct DTCents: DecodingTransformer {
    func decode(_ raw: Int) throws -> Decimal { Decimal(raw) / 100 }
}

private struct DTUppercase: EncodingTransformer {
    func encode(_ value: String) throws -> String {
        guard !value.isEmpty else { throw TransformerError(value: value, reason: "is empty") }
        return value.uppercased()
    }
}

private struct DTOrder: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var total: Decimal?
    @NotCoded var code: String?
    @NotCoded var days: [Date]?
    @NotCoded var link: URL?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            total <-- ds.amounts.cents.using(DTCents())
            code <-- ds.code
        case .encoding:
            code --> ds.code.using(DTUppercase())
        }
        days <-> ds.days.using(dtDay.array)
        link <-> ds.link.using(URLTransformer().optional)
    }
}

/// A failing read through a transformer next to the same failure without one.
private struct DTPair: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var plain: Int?
    @NotCoded var created: Date?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        plain <-> ds.p.plain
        created <-> ds.p.created.using(dtDay)
    }
}

/// Collects what a `@Sendable` failure handler receives.
private final class DTFailures: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: [DecodingError] = []

    func append(_ error: DecodingError) { lock.withLock { stored.append(error) } }
    var errors: [DecodingError] { lock.withLock { stored } }
}

private func dtDecode<T: Decodable>(_ type: T.Type, _ json: String, failures: DTFailures? = nil, strict: Bool = false) throws -> T {
    let decoder = DynamicJSONDecoder()
    decoder.strictMapping = strict
    if let failures { decoder.mappingFailureHandler = { failures.append($0) } }
    return try decoder.decode(type, from: Data(json.utf8))
}

private func dtEncode<T: Encodable>(_ value: T) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func dtDate(_ text: String) throws -> Date { try dtDay.decode(text) }

/// The path and message of a `dataCorrupted` error, or of any other error's description.
private func dtDescribe(_ error: DecodingError) -> (path: [String], message: String) {
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
        return (context.codingPath.map(\.stringValue), context.debugDescription)
    @unknown default:
        return ([], "\(error)")
    }
}

private let dtUserInput =
    #"{"name":"Ada","meta":{"created":"2012-05-01","seen":1336000000},"#
    + #""links":{"homepage":"https://swift.org/blog","avatar":"aGVsbG8="},"account":{"status":"banned","since":2019}}"#

@Suite("Transformers in dynamic mappings")
struct DynamicTransformTests {
    @Test("each ObjectMapper transform has a one-line equivalent that reads and writes back unchanged")
    func objectMapperTransforms() throws {
        let user = try dtDecode(DTUser.self, dtUserInput)
        #expect(user.created == (try dtDate("2012-05-01")))
        #expect(user.seen == Date(timeIntervalSince1970: 1_336_000_000))
        #expect(user.homepage == URL(string: "https://swift.org/blog"))
        #expect(user.avatar == Data("hello".utf8))
        #expect(user.status == .banned)
        #expect(try dtEncode(user) == dtUserInput)
    }

    @Test("edited properties are written through their transformers; nil removes the key")
    func editsAreWrittenThroughTheTransformer() throws {
        var user = try dtDecode(DTUser.self, dtUserInput)
        user.created = try dtDate("2020-02-29")
        user.seen = Date(timeIntervalSince1970: 1.5)
        user.homepage = nil
        user.status = .active
        #expect(
            try dtEncode(user) == #"{"name":"Ada","meta":{"created":"2020-02-29","seen":1.5},"#
                + #""links":{"avatar":"aGVsbG8="},"account":{"status":"active","since":2019}}"#)
    }

    @Test("an unknown enum raw value leaves the property and is reported, without failing the decode")
    func unknownEnumValue() throws {
        let failures = DTFailures()
        let input = #"{"name":"Ada","account":{"status":"paused"}}"#
        let user = try dtDecode(DTUser.self, input, failures: failures)
        #expect(user.status == .active)
        #expect(user.name == "Ada")
        #expect(failures.errors.count == 1)
        let failure = try #require(failures.errors.first)
        guard case .dataCorrupted(let context) = failure else {
            Issue.record("expected dataCorrupted, got \(failure)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["account", "status"])
        #expect(context.debugDescription == #""paused" is not a raw value of DTStatus"#)
        #expect(context.underlyingError as? TransformerError == TransformerError(value: "paused", reason: "is not a raw value of DTStatus"))
        // With strictMapping on, as for every `<--` failure, the decode throws it.
        do {
            _ = try dtDecode(DTUser.self, input, strict: true)
            Issue.record("strict decoding succeeded")
        } catch let error as DecodingError {
            #expect(dtDescribe(error).path == ["account", "status"])
            #expect(dtDescribe(error).message == #""paused" is not a raw value of DTStatus"#)
        }
    }

    @Test("unknown raw values of a Codable enum and of an optional enum through a transformer")
    func unknownEnumValueOtherForms() throws {
        let failures = DTFailures()
        let account = try dtDecode(DTAccount.self, #"{"plan":"gold","state":"paused","id":3}"#, failures: failures)
        #expect(account.plan == nil && account.status == nil)
        #expect(failures.errors.map { dtDescribe($0).path } == [["plan"], ["state"]])
        #expect(failures.errors.last.map { dtDescribe($0).message } == #""paused" is not a raw value of DTStatus"#)
        let known = try dtDecode(DTAccount.self, #"{"plan":"pro","state":"banned","id":3}"#)
        #expect(known.plan == .pro && known.status == .banned)
        #expect(try dtEncode(known) == #"{"plan":"pro","state":"banned","id":3}"#)
    }

    @Test("a transformed read whose raw value is a dynamic model with transformed reads of its own")
    func nestedTransformedReads() throws {
        let failures = DTFailures()
        let holder = try dtDecode(DTHolder.self, #"{"account":{"plan":"pro","state":"banned"}}"#, failures: failures)
        #expect(holder.summary == "pro/banned")
        let odd = try dtDecode(DTHolder.self, #"{"account":{"plan":"pro","state":"paused"}}"#, failures: failures)
        #expect(odd.summary == "pro/-")
        #expect(failures.errors.map { dtDescribe($0).path } == [["account", "state"]])
    }

    @Test("refused and undecodable raw values are reported in document order; null and missing behave as for <->")
    func failuresNullAndMissing() throws {
        let failures = DTFailures()
        let input = #"{"name":"Ada","meta":{"created":"2012-13-45","seen":"soon"},"links":{"homepage":null,"avatar":"%%"}}"#
        let user = try dtDecode(DTUser.self, input, failures: failures)
        #expect(user.created == nil && user.seen == nil && user.homepage == nil && user.avatar == nil)
        let described = failures.errors.map(dtDescribe)
        #expect(described.map(\.path) == [["meta", "created"], ["meta", "seen"], ["links", "avatar"]])
        #expect(described[0].message == #""2012-13-45" is not a date in the format yyyy-MM-dd"#)
        // UnixTimeTransformer reads a number or a string holding one (LenientNumber).
        guard case .typeMismatch(let type, _)? = failures.errors.dropFirst().first else {
            Issue.record("expected typeMismatch for seen")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(LenientNumber.self))
        // Missing keeps the property's value; the enum keeps its default.
        #expect(try dtDecode(DTUser.self, #"{"name":"Ada"}"#).status == .active)
    }

    @Test("a read that left its property unchanged writes nothing: refused, unknown and missing values stay")
    func unchangedReadsWriteNothing() throws {
        let input = #"{"name":"Ada","meta":{"created":"2012-13-45","seen":"soon"},"links":{"homepage":42},"account":{"status":"paused"}}"#
        let user = try dtDecode(DTUser.self, input)
        #expect(user.created == nil && user.seen == nil && user.homepage == nil && user.status == .active)
        #expect(try dtEncode(user) == input)
        // Holding what the read left (the default) counts as unchanged; another value is written.
        var edited = user
        edited.status = .active
        edited.created = try dtDate("2012-05-01")
        #expect(try dtEncode(edited) == #"{"name":"Ada","meta":{"created":"2012-05-01","seen":"soon"},"links":{"homepage":42},"account":{"status":"paused"}}"#)
        edited.status = .banned
        #expect(try dtEncode(edited).hasSuffix(#""account":{"status":"banned"}}"#))
    }

    @Test("a failed transformed read is written back exactly as a failed untransformed read")
    func failedReadsFollowTheUntransformedRule() throws {
        for input in [
            #"{"p":{"plain":"36","created":20120501},"q":1}"#,
            #"{"p":{"plain":"36","created":"2012-13-45"},"q":1}"#,
            #"{"p":{"plain":null,"created":null},"q":1}"#,
        ] {
            let pair = try dtDecode(DTPair.self, input)
            #expect(pair.plain == nil && pair.created == nil)
            let output = try JSON(parsing: try dtEncode(pair))
            let input = try JSON(parsing: input)
            // Both keys are kept (and then unchanged) or both are removed.
            #expect((output["p"]?["plain"] != nil) == (output["p"]?["created"] != nil), "\(input) gave \(output)")
            if output["p"]?["created"] != nil {
                #expect(output["p"]?["created"] == input["p"]?["created"], "\(input) gave \(output)")
            }
        }
    }

    @Test("one-way transformers with <-- and -->, arrays and optional transformers with <->")
    func oneWayArraysAndOptionals() throws {
        let input = #"{"amounts":{"cents":1999},"code":"abc","days":["2012-05-01","2012-05-02"],"link":null}"#
        let order = try dtDecode(DTOrder.self, input)
        #expect(order.total == Decimal(string: "19.99"))
        #expect(order.code == "abc")
        #expect(order.days == [try dtDate("2012-05-01"), try dtDate("2012-05-02")])
        #expect(order.link == nil)
        #expect(try dtEncode(order) == #"{"amounts":{"cents":1999},"code":"ABC","days":["2012-05-01","2012-05-02"],"link":null}"#)

        var edited = order
        edited.days = []
        edited.link = URL(string: "https://example.com/a")
        let output = try dtEncode(edited)
        #expect(output == #"{"amounts":{"cents":1999},"code":"ABC","days":[],"link":"https://example.com/a"}"#)
    }

    @Test("an encoding transformer's refusal makes the encoder throw invalidValue at the full path")
    func encodingRefusal() throws {
        struct Outer: DynamicEncodable {
            var dynamicSelf: DynamicClass?
            var order: DTOrder
        }
        var order = try dtDecode(DTOrder.self, #"{"code":"x"}"#)
        order.code = ""
        do {
            _ = try dtEncode(Outer(order: order))
            Issue.record("encoding succeeded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["order", "code"])
            #expect(context.debugDescription == #""" is empty"#)
        }
    }

    @Test("a model-free view reads through transformers; writes need an encoder")
    func modelFreeView() throws {
        let view = DynamicClass(try JSON(parsing: dtUserInput))
        var created: Date?
        var status = DTStatus.active
        var seen = Date(timeIntervalSince1970: 0)
        created <-- view.meta.created.using(dtDay)
        status <-> view.account.status.using(RawValueTransformer<DTStatus>())
        seen <-- view.meta.seen.using(UnixTimeTransformer())
        #expect(created == (try dtDate("2012-05-01")))
        #expect(status == .banned)
        #expect(seen == Date(timeIntervalSince1970: 1_336_000_000))

        // Unknown raw values and refused text leave the values; nothing is thrown.
        let odd = DynamicClass(["account": ["status": "paused"], "meta": ["created": "soon"]])
        status <-- odd.account.status.using(RawValueTransformer<DTStatus>())
        created <-- odd.meta.created.using(dtDay)
        #expect(status == .banned)
        #expect(created == (try dtDate("2012-05-01")))

        // Outside an encoder's run `-->` has no document to write to: the view is unchanged.
        let copy = view
        created --> copy.meta.created.using(dtDay)
        #expect(JSON(copy.meta.created) == "2012-05-01")
        created = try dtDate("1999-12-31")
        created --> copy.meta.created.using(dtDay)
        #expect(JSON(copy.meta.created) == "2012-05-01")
    }

    @Test(
        "random values round-trip through transformed <-> and unchanged models re-encode their input",
        arguments: Array(UInt64(1)...6))
    func randomRoundTrips(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let statuses: [DTStatus] = [.active, .banned]
        for round in 0..<80 {
            var object = JSON.Object()
            object["name"] = .string("u\(round)")
            var meta = JSON.Object()
            let day = Date(timeIntervalSince1970: Double(Int.random(in: -20_000...20_000, using: &random)) * 86_400)
            if Bool.random(using: &random) { meta["created"] = .string(try dtDay.encode(day)) }
            if Bool.random(using: &random) { meta["seen"] = .number(JSON.Number(Double(Int.random(in: 0...2_000_000_000, using: &random)) / 4)) }
            if !meta.isEmpty { object["meta"] = .object(meta) }
            let status = statuses.randomElement(using: &random)!
            let hasStatus = Bool.random(using: &random)
            if hasStatus { object["account"] = ["status": .string(status.rawValue)] }
            let input = JSON.object(object).serializedString()

            let user = try dtDecode(DTUser.self, input)
            #expect(user.created == (meta["created"] == nil ? nil : day), "seed \(seed), round \(round)")
            #expect(user.seen == meta["seen"]?.numberValue?.double.map { Date(timeIntervalSince1970: $0) }, "seed \(seed), round \(round)")
            #expect(user.status == (hasStatus ? status : .active), "seed \(seed), round \(round)")
            let output = try dtEncode(user)
            #expect(output == input, "seed \(seed), round \(round)")

            var edited = user
            edited.created = Date(timeIntervalSince1970: Double(Int.random(in: -20_000...20_000, using: &random)) * 86_400)
            edited.status = statuses.randomElement(using: &random)!
            let again = try dtDecode(DTUser.self, try dtEncode(edited))
            #expect(
                again.created == edited.created && again.status == edited.status && again.seen == edited.seen,
                "seed \(seed), round \(round)")
        }
    }
}
