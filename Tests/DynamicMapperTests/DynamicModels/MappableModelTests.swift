import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// MARK: - Models in the mappable shape

private enum Plan: String, Codable { case free, pro }

private final class Account: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var flag = true
    var count = 0
    var name: String?
    var nickname: String!
    var plan = Plan.free
    var friends: [Account] = []
    var best: Account?
    var byName: [String: Account] = [:]
    var tags: [String] = []
    required init() {}

    func mapping(_ map: DynamicMap) {
        flag <-> ds.flag
        count <-> ds.stats.count
        name <-> ds.name
        nickname <-> ds.nickname
        plan <-> ds.plan
        friends <-> ds.friends
        best <-> ds.best
        byName <-> ds.byName
        tags <-> map["meta.tags"]
    }
}

private struct Point: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var x = 0.0
    var y = 0.0
    var label = "origin"

    mutating func mapping(_ map: DynamicMap) {
        x <-> ds.x
        y <-> ds.y
        label <-> map["meta->label", delimiter: "->"]
    }
}

private class Base: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var base = "b"
    required init() {}
    func mapping(_ map: DynamicMap) {
        base <-> ds.base
    }
}

private final class Sub: Base {
    var sub = "s"
    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        sub <-> ds.sub
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String, strict: Bool = false) throws -> T {
    let decoder = DynamicJSONDecoder()
    decoder.strictMapping = strict
    return try decoder.decode(T.self, from: Data(text.utf8))
}

private func encodeText<T: Encodable>(_ value: T, foundation: Bool = false) throws -> String {
    let encoder: JSONEncoder = foundation ? JSONEncoder() : DynamicJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

// MARK: - Tests

@Suite("Mappable models: one mapping body, both directions")
struct MappableModelTests {
    @Test("The issue's model: a missing key keeps its initial value instead of throwing")
    func missingKeysKeepInitialValues() throws {
        let account = try decode(Account.self, #"{"flag": false}"#)
        #expect(account.flag == false)
        #expect(account.count == 0)
        #expect(account.name == nil)
        #expect(account.plan == .free)
        #expect(account.friends.isEmpty)
        #expect(account.tags.isEmpty)
    }

    @Test("null and values of another type keep the initial value; each failure is reported with its path")
    func nullAndWrongTypesAreReported() throws {
        let failures = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { failures.append($0) }
        let account = try decoder.decode(Account.self, from: Data(#"{"flag": null, "stats": {"count": "many"}, "plan": "gold", "name": 7}"#.utf8))
        #expect(account.flag == true)
        #expect(account.count == 0)
        #expect(account.plan == .free)
        #expect(account.name == nil)
        #expect(failures.paths.sorted() == ["flag", "name", "plan", "stats.count"])
        #expect(throws: DecodingError.self) { try decode(Account.self, #"{"stats": {"count": "many"}}"#, strict: true) }
    }

    @Test("Optionals, implicitly unwrapped optionals, nested models, arrays and dictionaries of models, enums")
    func everyPropertyKind() throws {
        let account = try decode(
            Account.self,
            """
            {"name": "ada", "nickname": "countess", "plan": "pro", "stats": {"count": 3},
             "friends": [{"name": "charles", "stats": {"count": 1}}, {"flag": false}],
             "best": {"name": "mary"}, "byName": {"x": {"name": "x1"}}, "meta": {"tags": ["a", "b"]}}
            """)
        #expect(account.name == "ada")
        #expect(account.nickname == "countess")
        #expect(account.plan == .pro)
        #expect(account.count == 3)
        #expect(account.friends.map(\.name) == ["charles", nil])
        #expect(account.friends.map(\.count) == [1, 0])
        #expect(account.friends.map(\.flag) == [true, false])
        #expect(account.best?.name == "mary")
        #expect(account.byName["x"]?.name == "x1")
        #expect(account.tags == ["a", "b"])
        #expect(account.friends[0].dynamicSelf != nil)
    }

    @Test("An unedited payload re-encodes byte for byte, unknown keys and number literals included")
    func unchangedPayloadRoundTrips() throws {
        let text = #"{"flag":true,"stats":{"count":3,"extra":1.50},"name":"ada","friends":[{"name":"c","zz":[1e2]}],"other":{"k":null}}"#
        let account = try decode(Account.self, text)
        let encoder = DynamicJSONEncoder()
        #expect(String(decoding: try encoder.encode(account), as: UTF8.self) == text)
    }

    @Test("Edits are written to their paths; a property set to nil removes its key; an unchanged default for a missing key writes nothing")
    func editsAreWritten() throws {
        let account = try decode(Account.self, #"{"name":"ada","stats":{"count":3,"extra":true},"x":1}"#)
        account.count = 4
        account.name = nil
        account.tags = ["t"]
        let output = try encodeText(account)
        #expect(output == #"{"meta":{"tags":["t"]},"stats":{"count":4,"extra":true},"x":1}"#)
    }

    @Test("A model made in code encodes every mapped property")
    func modelMadeInCode() throws {
        var point = Point()
        point.x = 1.5
        #expect(try encodeText(point) == #"{"meta":{"label":"origin"},"x":1.5,"y":0}"#)
    }

    @Test("Structs, and a delimiter of more than one character")
    func structAndDelimiter() throws {
        let point = try decode(Point.self, #"{"x": 2, "meta": {"label": "p"}}"#)
        #expect(point.x == 2 && point.y == 0 && point.label == "p")
    }

    @Test("A subclass extends its parent's mapping, both ways")
    func subclassExtendsMapping() throws {
        let sub = try decode(Sub.self, #"{"base": "B", "sub": "S", "keep": 1}"#)
        #expect(sub.base == "B" && sub.sub == "S")
        sub.sub = "T"
        #expect(try encodeText(sub) == #"{"base":"B","keep":1,"sub":"T"}"#)
        #expect(try encodeText(Sub()) == #"{"base":"b","sub":"s"}"#)
    }

    @Test("Foundation's coders give the same results")
    func foundationCoders() throws {
        let text = #"{"name":"ada","stats":{"count":3},"friends":[{"name":"c"}],"best":{"name":"m"},"unknown":[1,2]}"#
        let ours = try decode(Account.self, text)
        let theirs = try JSONDecoder().decode(Account.self, from: Data(text.utf8))
        #expect(theirs.name == ours.name && theirs.count == ours.count)
        #expect(theirs.friends.map(\.name) == ["c"] && theirs.best?.name == "m")
        #expect(try encodeText(theirs, foundation: true) == encodeText(ours))
        let sub = try JSONDecoder().decode(Sub.self, from: Data(#"{"sub": "S"}"#.utf8))
        #expect(sub.sub == "S" && sub.base == "b")
        let output = try encodeText(sub, foundation: true)
        #expect(output == #"{"sub":"S"}"#)
        let made = try encodeText(Sub(), foundation: true)
        #expect(made == #"{"base":"b","sub":"s"}"#)
    }

    @Test("Errors of a mappable model decoded inside a plain model name the whole path")
    func errorsNameThePath() throws {
        struct Wrapper: Decodable { var items: [Account] }
        do {
            let decoder = DynamicJSONDecoder()
            decoder.strictMapping = true
            _ = try decoder.decode(Wrapper.self, from: Data(#"{"items": [{}, {"stats": {"count": "x"}}]}"#.utf8))
            Issue.record("expected a throw")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(Path(codingPath: context.codingPath).description == "items[1].stats.count")
        }
    }

    @Test("Random payloads: missing, null or mistyped members keep initial values, present ones are read, and the payload re-encodes as it came")
    func randomPayloads() throws {
        var random = SeededRandom(state: 28)
        for _ in 0..<200 {
            var object = JSON.Object()
            var expectedCount = 0
            var expectedName: String?
            switch Int.random(in: 0..<4, using: &random) {
            case 0: break
            case 1: object["stats"] = ["count": .null]
            case 2: object["stats"] = ["count": "text"]
            default:
                let count = Int.random(in: 0..<1_000, using: &random)
                object["stats"] = ["count": JSON(integerLiteral: count)]
                expectedCount = count
            }
            if Int.random(in: 0..<2, using: &random) == 0 {
                let name = "n\(Int.random(in: 0..<100, using: &random))"
                object["name"] = .string(name)
                expectedName = name
            }
            if Int.random(in: 0..<2, using: &random) == 0 { object["extra\(Int.random(in: 0..<5, using: &random))"] = [1, "x", ["y": true]] }
            let text = String(decoding: try JSONEncoder().encode(JSON.object(object)), as: UTF8.self)
            let account = try decode(Account.self, text)
            #expect(account.count == expectedCount)
            #expect(account.name == expectedName)
            let again = try JSON(parsing: DynamicJSONEncoder().encode(account))
            #expect(again == .object(object), "\(text)")
        }
    }
}

// MARK: - ObjectMapper's options of map[…]

private final class Options: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var note: String? = "kept"
    var count = 5
    var friends: [Point] = []
    var plain: [Point] = []
    required init() {}
    func mapping(_ map: DynamicMap) {
        note <-> map["note", ignoreNil: true]
        count <-> map["count", ignoreNil: true]
        friends <-> map["friends", singleObjectAsArray: true]
        plain <-> map["plain"]
    }
}

@Suite("Mappable models: ignoreNil and single objects as arrays")
struct MappableMapOptionsTests {
    @Test("ignoreNil keeps the value on null, silently, and an unchanged value writes nothing back")
    func ignoreNil() throws {
        let log = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        let model = try decoder.decode(Options.self, from: Data(#"{"note":null,"count":null}"#.utf8))
        #expect(model.note == "kept" && model.count == 5)
        #expect(log.paths.isEmpty)
        #expect(String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self) == #"{"note":null,"count":null}"#)
        let read = try decoder.decode(Options.self, from: Data(#"{"note":"n","count":2}"#.utf8))
        #expect(read.note == "n" && read.count == 2)
    }

    @Test("A single object reads as a one-element array where asked, and is a reported mismatch elsewhere")
    func singleObjectAsArray() throws {
        let log = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        let model = try decoder.decode(Options.self, from: Data(#"{"friends":{"x":1},"plain":{"x":2}}"#.utf8))
        #expect(model.friends.map(\.x) == [1])
        #expect(model.plain.isEmpty)
        #expect(log.paths == ["plain"])
        let arrays = try decoder.decode(Options.self, from: Data(#"{"friends":[{"x":1},{"x":2}]}"#.utf8))
        #expect(arrays.friends.map(\.x) == [1, 2])
    }
}
