import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// `@Mapped` paths of two keys (`p.s`) over random documents. The decoder reads such a path,
// when its value is simply there, without the general route's object access; whatever the
// document holds, values, defaults, errors (kind and coding path) and reported defaults must be
// the ones the documented rules give (an oracle written here from the generator's choices)
// and the ones the general route gives (a key strategy that changes none of these keys sends
// every property that way). File-scope types carry a `TK` prefix.

private struct TKInner: Codable, Equatable {
    var k: Int
}

private struct TKRecord: MappedCodable {
    @Mapped("p.s") var s: String
    @Mapped("p.i", default: 5) var i: Int
    @Mapped("q.d") var d: Double?
    @Mapped("q.t") var t: TKInner?
    @Mapped("q.b", default: true) var b: Bool
    @Mapped(default: "none") var phone: String
}

private struct TKValues: Equatable {
    var s = ""
    var i = 5
    var d: Double?
    var t: TKInner?
    var b = true
    var phone = "none"
}

/// What the decode of a document must give: the values, or the first property's error.
private enum TKOutcome: Equatable {
    case values([TKValues])
    case failure(String)
}

/// The decode's result in the oracle's terms: error kind, key for `keyNotFound`, coding path.
private func outcome(_ body: () throws -> [TKRecord]) -> TKOutcome {
    do {
        return .values(try body().map { TKValues(s: $0.s, i: $0.i, d: $0.d, t: $0.t, b: $0.b, phone: $0.phone) })
    } catch DecodingError.keyNotFound(let key, let context) {
        return .failure("keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))")
    } catch DecodingError.valueNotFound(_, let context) {
        return .failure("valueNotFound at \(context.codingPath.map(\.stringValue))")
    } catch DecodingError.typeMismatch(_, let context) {
        return .failure("typeMismatch at \(context.codingPath.map(\.stringValue))")
    } catch {
        return .failure("other: \(error)")
    }
}

private struct TKGenerator {
    var random: SeededRandom

    /// One member as written: absent, `null`, a value of the property's type, or a value of
    /// another type (its text).
    enum Member {
        case missing, null, value(String), wrong(String)
    }

    mutating func member(right: String, wrong: [String]) -> Member {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .missing
        case 1: return .null
        case 2: return .wrong(wrong.randomElement(using: &random) ?? "[]")
        default: return .value(right)
        }
    }

    /// Members as object text, in a random order, sometimes followed by a repeat of the first
    /// (the first occurrence wins, so the repeat must change nothing; it is the one left unread),
    /// and the repeated member's name.
    mutating func objectText(_ members: [(String, Member)]) -> (text: String, repeated: String?) {
        var written: [(String, String)] = members.compactMap { name, member in
            switch member {
            case .missing: return nil
            case .null: return (name, "null")
            case .value(let text), .wrong(let text): return (name, text)
            }
        }
        written.shuffle(using: &random)
        var repeated: String?
        if let first = written.first, Int.random(in: 0..<5, using: &random) == 0 {
            written.append((first.0, "\"repeat\""))
            repeated = first.0
        }
        return ("{" + written.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}", repeated)
    }

    /// A record's text and what each property meets: `container` is nil when the first key's
    /// value is an object, or the text of what stands there instead.
    struct Record {
        var text: String
        var p: [String: Member]
        var q: [String: Member]
        var pContainer: String?
        var qContainer: String?
        var phone: String?
        /// The members no property reads, when the record decodes: `p.x`, a repeated member,
        /// a `null` where an object was expected.
        var unread: [String]
    }

    mutating func container(_ name: String, _ members: [(String, Member)], unread: inout [String]) -> (text: String?, container: String?) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return (nil, "missing")
        case 1:
            unread.append(name)
            return ("null", "null")
        case 2: return (["\"text\"", "3", "[1]", "true"].randomElement(using: &random), "other")
        default:
            let (text, repeated) = objectText(members)
            if let repeated { unread.append(name + "." + repeated) }
            if members.contains(where: { $0.0 == "x" }) { unread.append(name + ".x") }
            return (text, nil)
        }
    }

    mutating func record() -> Record {
        let s = member(right: "\"s\(Int.random(in: 0...99, using: &random))\"", wrong: ["[]", "{}"])
        let i = member(right: "\(Int.random(in: -50...50, using: &random))", wrong: ["[]", "{}", "\"x\""])
        let d = member(right: "\(Double(Int.random(in: -80...80, using: &random)) / 4)", wrong: ["[]", "{}"])
        let t = member(right: "{\"k\":\(Int.random(in: 0...9, using: &random))}", wrong: ["\"x\"", "{}", "[1]"])
        let b = member(right: Bool.random(using: &random) ? "true" : "false", wrong: ["[]", "{}"])
        let pMembers: [(String, Member)] = [("s", s), ("i", i), ("x", .value("1"))]
        let qMembers: [(String, Member)] = [("d", d), ("t", t), ("b", b)]
        var unread: [String] = []
        let (pText, pContainer) = container("p", pMembers, unread: &unread)
        let (qText, qContainer) = container("q", qMembers, unread: &unread)
        var members: [(String, String)] = []
        if let pText { members.append(("p", pText)) }
        if let qText { members.append(("q", qText)) }
        let phone = Bool.random(using: &random) ? "+\(Int.random(in: 100...999, using: &random))" : nil
        if let phone { members.append(("phone", "\"\(phone)\"")) }
        members.shuffle(using: &random)
        let text = "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        return Record(
            text: text, p: Dictionary(uniqueKeysWithValues: pMembers), q: Dictionary(uniqueKeysWithValues: qMembers),
            pContainer: pContainer, qContainer: qContainer, phone: phone, unread: unread)
    }
}

/// The documented rules, applied to what the generator wrote: a path step that is missing or
/// `null` is a missing key, a step of another kind is `typeMismatch` at that step, `null`
/// is `nil` for an optional and `valueNotFound` otherwise (default or not), a missing key
/// takes the default, then `nil`, then `keyNotFound`; properties fail in declaration order.
private enum TKOracle {
    enum Read<Value> {
        case value(Value)
        case failure(String)
    }

    static func read<Value>(
        _ first: String, _ second: String, container: String?, member: TKGenerator.Member, optional: Bool, default fallback: Value?,
        index: [String], parse: (String) -> Value?, wrongError: ((String) -> String)? = nil
    ) -> Read<Value?> {
        let missing: Read<Value?>
        if let fallback {
            missing = .value(fallback)
        } else if optional {
            missing = .value(nil)
        } else {
            missing = .failure("keyNotFound \(second) at \(index + [first])")
        }
        switch container {
        case "missing"?, "null"?: return missing
        case .some: return .failure("typeMismatch at \(index + [first])")
        case nil: break
        }
        switch member {
        case .missing: return missing
        case .null: return optional ? .value(nil) : .failure("valueNotFound at \(index + [first, second])")
        case .value(let text):
            guard let value = parse(text) else { return .failure("oracle cannot read \(text)") }
            return .value(value)
        case .wrong(let text):
            return .failure(wrongError?(text) ?? "typeMismatch at \(index + [first, second])")
        }
    }

    static func expected(_ records: [TKGenerator.Record], indexed: Bool) -> TKOutcome {
        var all: [TKValues] = []
        for (position, record) in records.enumerated() {
            let index = indexed ? ["Index \(position)"] : []
            var values = TKValues()
            switch read("p", "s", container: record.pContainer, member: record.p["s"]!, optional: false, default: nil, index: index, parse: unquoted) {
            case .value(let value): values.s = value ?? ""
            case .failure(let error): return .failure(error)
            }
            switch read("p", "i", container: record.pContainer, member: record.p["i"]!, optional: false, default: 5, index: index, parse: { Int($0) }) {
            case .value(let value): values.i = value ?? 5
            case .failure(let error): return .failure(error)
            }
            switch read("q", "d", container: record.qContainer, member: record.q["d"]!, optional: true, default: nil, index: index, parse: { Double($0) }) {
            case .value(let value): values.d = value ?? nil
            case .failure(let error): return .failure(error)
            }
            let innerError: (String) -> String = { text in
                text == "{}" ? "keyNotFound k at \(index + ["q", "t"])" : "typeMismatch at \(index + ["q", "t"])"
            }
            switch read(
                "q", "t", container: record.qContainer, member: record.q["t"]!, optional: true, default: nil, index: index, parse: inner, wrongError: innerError
            )
            {
            case .value(let value): values.t = value ?? nil
            case .failure(let error): return .failure(error)
            }
            switch read("q", "b", container: record.qContainer, member: record.q["b"]!, optional: false, default: true, index: index, parse: { Bool($0) }) {
            case .value(let value): values.b = value ?? true
            case .failure(let error): return .failure(error)
            }
            values.phone = record.phone ?? "none"
            all.append(values)
        }
        return .values(all)
    }

    static func unquoted(_ text: String) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        return String(text.dropFirst().dropLast())
    }

    static func inner(_ text: String) -> TKInner? {
        guard text.hasPrefix("{\"k\":"), let k = Int(text.dropFirst(5).dropLast()) else { return nil }
        return TKInner(k: k)
    }
}

@Suite("@Mapped paths of two keys")
struct MappedTwoKeyPathTests {
    /// Sends every `@Mapped` path the general way: a key strategy, which changes no key.
    private var generalRoute: DynamicJSONDecoder {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in path.last ?? AnyKey(literal: "") }
        return decoder
    }

    @Test("values, defaults and errors over random documents follow the rules, alone and in arrays, on both routes")
    func randomDocuments() throws {
        var tally: [String: Int] = [:]
        for seed in UInt64(1)...600 {
            var generator = TKGenerator(random: SeededRandom(state: seed))
            let records = (0..<Int.random(in: 1...3, using: &generator.random)).map { _ in generator.record() }
            let single = Data(records[0].text.utf8)
            let array = Data(("[" + records.map(\.text).joined(separator: ",") + "]").utf8)

            let expectedSingle = TKOracle.expected([records[0]], indexed: false)
            let decodedSingle = outcome { [try DynamicJSONDecoder().decode(TKRecord.self, from: single)] }
            #expect(decodedSingle == expectedSingle, "seed \(seed): \(records[0].text)")
            #expect(outcome { [try generalRoute.decode(TKRecord.self, from: single)] } == expectedSingle, "seed \(seed), general route")

            let expectedArray = TKOracle.expected(records, indexed: true)
            #expect(outcome { try DynamicJSONDecoder().decode([TKRecord].self, from: array) } == expectedArray, "seed \(seed): array")
            #expect(outcome { try generalRoute.decode([TKRecord].self, from: array) } == expectedArray, "seed \(seed): array, general route")

            switch expectedSingle {
            case .values: tally["values", default: 0] += 1
            case .failure(let error): tally[String(error.prefix { $0 != " " }), default: 0] += 1
            }
        }
        // Every outcome was met often enough to mean something.
        for kind in ["values", "keyNotFound", "valueNotFound", "typeMismatch"] {
            #expect(tally[kind, default: 0] >= 20, "\(kind): \(tally)")
        }
    }

    @Test("defaults and unread keys are reported at the same paths on both routes, and only the unread member is unread")
    func reportedDefaultsAndUnreadKeys() throws {
        var reported = 0
        var unread = 0
        for seed in UInt64(1)...300 {
            var generator = TKGenerator(random: SeededRandom(state: seed))
            let record = generator.record()
            guard case .values = TKOracle.expected([record], indexed: false) else { continue }
            let data = Data(record.text.utf8)
            let (_, direct) = try DynamicJSONDecoder().decodeWithReport(TKRecord.self, from: data, options: .unreadKeys)
            let (_, general) = try generalRoute.decodeWithReport(TKRecord.self, from: data, options: .unreadKeys)
            let listed = direct.events.map { "\($0.kind) \($0.path)" }
            #expect(listed == general.events.map { "\($0.kind) \($0.path)" }, "seed \(seed): \(record.text)")
            reported += listed.count
            // Every member the model declares is read through its path (the first of a repeated
            // key); `p.x`, a repeat and a `null` in place of an object are not.
            let paths = direct.events.filter { "\($0.kind)" != "defaultForMissingKey" }.map { "\($0.path)" }
            #expect(paths.sorted() == record.unread.sorted(), "seed \(seed): \(record.text)")
            unread += paths.count
        }
        #expect(reported >= 50)
        #expect(unread >= 50)
    }

    @Test("exact values, and the errors of a missing container member and a container of another kind")
    func fixedDocuments() throws {
        let full = #"{"q":{"b":false,"t":{"k":4},"d":2.5},"p":{"i":9,"s":"hi"},"phone":"+1"}"#
        let record = try DynamicJSONDecoder().decode(TKRecord.self, from: Data(full.utf8))
        #expect(record.s == "hi" && record.i == 9 && record.d == 2.5 && record.t == TKInner(k: 4) && record.b == false && record.phone == "+1")

        let sparse = #"{"p":{"s":"x"}}"#
        let defaults = try DynamicJSONDecoder().decode(TKRecord.self, from: Data(sparse.utf8))
        #expect(defaults.i == 5 && defaults.d == nil && defaults.t == nil && defaults.b == true && defaults.phone == "none")
        let encoded = try DynamicJSONEncoder().encode(defaults)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"p":{"s":"x","i":5},"q":{"b":true},"phone":"none"}"#)

        #expect(outcome { [try DynamicJSONDecoder().decode(TKRecord.self, from: Data(#"{"p":{"i":1}}"#.utf8))] } == .failure("keyNotFound s at [\"p\"]"))
        #expect(outcome { [try DynamicJSONDecoder().decode(TKRecord.self, from: Data(#"{"p":[{"s":"x"}]}"#.utf8))] } == .failure("typeMismatch at [\"p\"]"))
        #expect(
            outcome { [try DynamicJSONDecoder().decode(TKRecord.self, from: Data(#"{"p":{"s":null}}"#.utf8))] } == .failure("valueNotFound at [\"p\", \"s\"]"))
        #expect(
            outcome { [try DynamicJSONDecoder().decode(TKRecord.self, from: Data(#"{"p":{"s":"x"},"q":{"t":"x"}}"#.utf8))] }
                == .failure("typeMismatch at [\"q\", \"t\"]"))
    }
}
