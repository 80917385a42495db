import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// Round-trip integrity (the behaviour table's "nothing lost" rows): a read that failed costs no
// data, `ds` edits of a model's own keys survive, model-free views keep the whole document, and
// writes by index land where they were aimed. Each rule through a decoded model and a view.

private struct IntegrityProfile: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var age: Int?
    @NotCoded var city: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        age <-> ds.profile.age
        city <-> ds.profile.address.city
    }
}

private struct IntegrityOneWay: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var age: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding: age <-- ds.profile.age
        case .encoding: age --> { ds.profile.age.set($0) }
        }
    }
}

private struct IntegrityCounter: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var visits: Int? = nil
    var count = 0

    enum CodingKeys: String, CodingKey { case dynamicSelf, id, visits }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        count <-> ds.stats.count
    }
}

private struct IntegrityAddress: Codable, Equatable {
    var city: String
    var zip: String?
}

private struct IntegrityUser: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    var score: Double
    var tags: [String]
    var address: IntegrityAddress
    var nickname: String?
}

private struct IntegrityHolder: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var extra: DynamicClass?
    var payload: DynamicClass
}

private func encoded(_ value: some Encodable, encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String, decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> T {
    try decoder.decode(T.self, from: Data(text.utf8))
}

/// Collects what an encoder reports; the handler runs on the encoding thread.
private final class ConflictLog: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var stored: [DynamicMappingConflict] = []
    var conflicts: [DynamicMappingConflict] { lock.withLock { stored } }
    func append(_ conflict: DynamicMappingConflict) { lock.withLock { stored.append(conflict) } }

    func encoder() -> DynamicJSONEncoder {
        let encoder = DynamicJSONEncoder()
        encoder.mappingConflictHandler = { [self] in append($0) }
        return encoder
    }
}

@Suite("Round-trip integrity")
struct RoundTripIntegrityTests {
    // MARK: 1. A failed read never costs data

    static let wrongTypes = #"{"name":"Ada","profile":{"age":"36","address":{"city":42,"zip":"W1"}}}"#

    @Test func failedReadsWriteNothing() throws {
        let model = try decode(IntegrityProfile.self, Self.wrongTypes)
        #expect(model.age == nil)
        #expect(model.city == nil)
        #expect(try encoded(model) == Self.wrongTypes)
    }

    @Test func assignedValueAfterFailedReadIsWritten() throws {
        var model = try decode(IntegrityProfile.self, Self.wrongTypes)
        model.age = 40
        #expect(try encoded(model) == #"{"name":"Ada","profile":{"age":40,"address":{"city":42,"zip":"W1"}}}"#)
    }

    @Test func explicitNilAfterSuccessfulReadRemovesTheKey() throws {
        var model = try decode(IntegrityProfile.self, #"{"name":"Ada","profile":{"age":36,"address":{"city":"Oslo"}}}"#)
        #expect(model.age == 36)
        model.age = nil
        #expect(try encoded(model) == #"{"name":"Ada","profile":{"address":{"city":"Oslo"}}}"#)
    }

    @Test func nullReadAsNilStaysNull() throws {
        let text = #"{"name":"Ada","profile":{"age":null}}"#
        let model = try decode(IntegrityProfile.self, text)
        #expect(try encoded(model) == text)
    }

    @Test func oneWayReadAndWriteKeepTheDocumentValue() throws {
        let text = #"{"profile":{"age":"thirty-six","other":1}}"#
        var model = try decode(IntegrityOneWay.self, text)
        #expect(try encoded(model) == text)
        model.age = 37
        #expect(try encoded(model) == #"{"profile":{"age":37,"other":1}}"#)
    }

    @Test func missingPathIsNotCreatedForAnUnchangedProperty() throws {
        var model = try decode(IntegrityCounter.self, #"{"id":1}"#)
        #expect(try encoded(model) == #"{"id":1}"#)
        model.count = 2
        #expect(try encoded(model) == #"{"id":1,"stats":{"count":2}}"#)
        // A model made in code has no decode to compare with: everything is written.
        #expect(try encoded(IntegrityCounter(id: 5)) == #"{"id":5,"stats":{"count":0}}"#)
    }

    @Test func failureHandlerStillSeesTheFailedReads() throws {
        let log = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        _ = try decode(IntegrityProfile.self, Self.wrongTypes, decoder: decoder)
        #expect(log.paths == ["profile.age", "profile.address.city"])
    }

    // MARK: 2. ds edits of declared keys are never silently dropped

    static let user = #"{"name":"Ada","score":1.10,"tags":["a"],"address":{"city":"Oslo","zip":"0150"},"nickname":"ada","extra":true}"#

    @Test func viewEditOfAnUnchangedPropertyWins() throws {
        var model = try decode(IntegrityUser.self, Self.user)
        model.ds.name.set("Grace")
        model.ds.tags.append("b")
        model.ds.address.city.set("Bergen")
        let log = ConflictLog()
        #expect(
            try encoded(model, encoder: log.encoder())
                == #"{"name":"Grace","score":1.10,"tags":["a","b"],"address":{"city":"Bergen","zip":"0150"},"nickname":"ada","extra":true}"#)
        #expect(log.conflicts.isEmpty)
    }

    @Test func propertyWinsWhenBothChangedAndTheConflictIsReported() throws {
        var model = try decode(IntegrityUser.self, Self.user)
        model.ds.name.set("Grace")
        model.name = "Lin"
        model.ds.nickname.set("g")
        model.nickname = nil
        let log = ConflictLog()
        #expect(
            try encoded(model, encoder: log.encoder())
                == #"{"name":"Lin","score":1.10,"tags":["a"],"address":{"city":"Oslo","zip":"0150"},"extra":true}"#)
        #expect(
            log.conflicts == [
                DynamicMappingConflict(path: "name", viewValue: "Grace", propertyValue: "Lin"),
                DynamicMappingConflict(path: "nickname", viewValue: "g", propertyValue: nil),
            ])
        #expect(log.conflicts[0].description == #"name: the property's "Lin" replaced the view's "Grace""#)
    }

    @Test func disjointEditsInsideOneObjectBothSurvive() throws {
        var model = try decode(IntegrityUser.self, Self.user)
        model.ds.address.city.set("Bergen")
        model.address.zip = "5003"
        let log = ConflictLog()
        #expect(
            try encoded(model, encoder: log.encoder())
                == #"{"name":"Ada","score":1.10,"tags":["a"],"address":{"city":"Bergen","zip":"5003"},"nickname":"ada","extra":true}"#)
        #expect(log.conflicts.isEmpty)
    }

    @Test func viewEditWinsOverTwoWayMappedProperty() throws {
        var model = try decode(IntegrityProfile.self, #"{"name":"Ada","profile":{"age":36}}"#)
        model.ds.profile.age.set(50)
        #expect(try encoded(model) == #"{"name":"Ada","profile":{"age":50}}"#)
        model.age = 51
        let log = ConflictLog()
        #expect(try encoded(model, encoder: log.encoder()) == #"{"name":"Ada","profile":{"age":51}}"#)
        #expect(log.conflicts == [DynamicMappingConflict(path: "profile.age", viewValue: 50, propertyValue: 51)])
    }

    @Test func viewEditAfterAFailedReadWins() throws {
        var model = try decode(IntegrityProfile.self, Self.wrongTypes)
        model.ds.profile.age.set(36)
        #expect(try encoded(model) == #"{"name":"Ada","profile":{"age":36,"address":{"city":42,"zip":"W1"}}}"#)
    }

    @Test func viewReplacingADeclaredObjectWins() throws {
        var model = try decode(IntegrityUser.self, Self.user)
        model.ds.address.set(["city": "Rome"] as JSON)
        #expect(
            try encoded(model)
                == #"{"name":"Ada","score":1.10,"tags":["a"],"address":{"city":"Rome"},"nickname":"ada","extra":true}"#)
    }

    // MARK: 3. A DynamicClass holds the whole decoded value

    @Test func dynamicClassDecodesTheWholeValueFromEveryDecoder() throws {
        let text = #"{"s":"caf\u00e9","n":1.10,"list":[1,{"a":null}]}"#
        let ours = try DynamicJSONDecoder().decode(DynamicClass.self, from: Data(text.utf8))
        let foundation = try JSONDecoder().decode(DynamicClass.self, from: Data(text.utf8))
        let parsed = try DynamicClass(parsing: text)
        let expected = try JSON(parsing: text)
        #expect(JSON(ours) == expected)
        #expect(JSON(foundation) == expected)
        #expect(JSON(parsed) == expected)
        // Our decoder and the parsing initialiser keep the original text of untouched values.
        #expect(try encoded(ours) == text)
        #expect(try encoded(parsed) == text)
    }

    @Test func modelFreePatchKeepsEscapesAndLiterals() throws {
        var view = try DynamicClass(parsing: #"{"user":{"name":"A\u0064a","id":7.50},"list":[1e2,"\/"]}"#)
        view.user.name.set("Grace")
        view.list.append(3)
        #expect(try encoded(view) == #"{"user":{"name":"Grace","id":7.50},"list":[1e2,"\/",3]}"#)
    }

    @Test func dynamicClassPropertiesDecodeTheirValue() throws {
        let text = #"{"extra":{"a":[1,2]},"payload":[true]}"#
        let holder = try decode(IntegrityHolder.self, text)
        #expect(holder.extra.map(JSON.init) == ["a": [1, 2]])
        #expect(JSON(holder.payload) == [true])
        #expect(try encoded(holder) == text)
        let empty = try decode(IntegrityHolder.self, #"{"extra":null,"payload":{}}"#)
        #expect(empty.extra == nil)
        let foundation = try JSONDecoder().decode(IntegrityHolder.self, from: Data(text.utf8))
        #expect(foundation.extra.map(JSON.init) == ["a": [1, 2]])
        let list = try decode([DynamicClass].self, #"[{"a":1},[2,"\u0033"],null]"#)
        #expect(list.map { JSON($0) } == [["a": 1], [2, "3"], .null])
        #expect(try encoded(list) == #"[{"a":1},[2,"\u0033"],null]"#)
    }

    // MARK: 4. Writes by index

    @Test func indexWritesInAnyOrderKeepEveryElement() throws {
        var view = DynamicClass()
        view.list[2].set("c")
        view.list[1].set("b")
        view.list[0].set("a")
        #expect(JSON(view) == ["list": ["a", "b", "c"]])

        var model = try decode(IntegrityProfile.self, #"{"name":"Ada"}"#)
        model.ds.list[2].set(3)
        #expect(JSON(model.ds.list[2]) == 3)
        #expect(try encoded(model) == #"{"name":"Ada","list":[null,null,3]}"#)
    }

    @Test func writesPastTheBoundAreRefusedAndCheap() throws {
        var view = DynamicClass(["items": [1]])
        let written1 = view.items[Int.max].set(1)
        #expect(written1 == false)
        let written2 = view.items[1 + 100_001].set(1)
        #expect(written2 == false)
        let written3 = view.items[-2].set(1)
        #expect(written3 == false)
        let written4 = view.items[Int.min].set(1)
        #expect(written4 == false)
        let written5 = view.missing[Int.max].deeper.set(1)
        #expect(written5 == false)
        #expect(JSON(view) == ["items": [1]])
        let written6 = view.items[1 + 100_000].set(2)
        #expect(written6 == true)
        #expect(JSON(view.items)?.arrayValue?.count == 100_002)
        #expect(JSON(view.items[-1]) == 2)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomIndexWritesReadBack(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for round in 0..<200 {
            var view = DynamicClass()
            var reference: [JSON] = []
            for write in 0..<Int.random(in: 1...12, using: &random) {
                let index = Int.random(in: 0...10, using: &random)
                let value = JSON.number(JSON.Number(write))
                let written7 = view.a[index].set(value)
                #expect(written7 == true)
                if index >= reference.count { reference += Array(repeating: .null, count: index - reference.count + 1) }
                reference[index] = value
                #expect(JSON(view.a[index]) == value, "seed \(seed), round \(round)")
            }
            #expect(JSON(view) == ["a": .array(reference)], "seed \(seed), round \(round)")
        }
    }

    // MARK: Duplicate keys and scale (hostile input)

    @Test func editOfADuplicatedKeyLeavesOneMember() throws {
        var view = try DynamicClass(parsing: #"{"user":{"name":"x","id":1,"name":"y"}}"#)
        #expect(JSON(view.user.name) == "x")
        view.user.name.set("z")
        #expect(try encoded(view) == #"{"user":{"name":"z","id":1}}"#)

        let many = "{" + (0..<40).map { #""k\#($0)":\#($0),"dup":\#($0)"# }.joined(separator: ",") + "}"
        var large = try DynamicClass(parsing: many)
        large.dup.set("one")
        let output = try JSON(parsing: try encoded(large))
        #expect(output.objectValue?.keys.filter { $0 == "dup" }.count == 1)
        #expect(output["dup"] == "one")
        #expect(output.objectValue?.count == 41)

        var model = try decode(IntegrityProfile.self, #"{"name":"Ada","profile":{"age":1,"age":2}}"#)
        model.age = 3
        #expect(try encoded(model) == #"{"name":"Ada","profile":{"age":3}}"#)
    }

    @Test func veryLongPathsReadAsMissingAndRefuseWrites() throws {
        let long = Path(Array(repeating: Path.Component.key("a"), count: 200_000))
        var view = DynamicClass()
        #expect(JSON(view[long]) == nil)
        let setLong = view[long].set(1)
        let removeLong = view[long].remove()
        #expect(!setLong && !removeLong)
        #expect(JSON(view) == [:])

        // The view is an object: the first step is a key.
        let deepest = Path([.key("a")] + Array(repeating: Path.Component.index(0), count: 511))
        let written8 = view[deepest].set(1)
        #expect(written8 == true)
        #expect(JSON(view[deepest]) == 1)
        let tooDeep = view[deepest.appending(.index(0))].set(1)
        #expect(!tooDeep)
    }

    @Test func manyEditsStayLinear() throws {
        // Quadratic edits would take minutes here; linear ones take well under a second.
        var view = DynamicClass()
        for value in 0..<100_000 { view.items.append(value) }
        #expect(JSON(view.items)?.arrayValue?.count == 100_000)
        for key in 0..<20_000 { view.keys[key: "k\(key)"].set(key) }
        #expect(JSON(view.keys)?.objectValue?.count == 20_000)
        #expect(JSON(view.keys[key: "k19999"]) == 19_999)
        for index in stride(from: 0, to: 100_000, by: 10) { view.items[index].set(-index) }
        #expect(JSON(view.items[99_990]) == -99_990)

        var model = try decode(IntegrityProfile.self, #"{"name":"Ada"}"#)
        for value in 0..<50_000 { model.ds.log.append(value) }
        #expect(JSON(model.ds.log[-1]) == 49_999)
    }

    @Test func largeEditedObjectsMergeInLinearTime() throws {
        // A view that replaced a large declared object and a property that changed it too:
        // every member is compared with the document's; quadratic comparing would take minutes.
        struct Counts: DynamicCodable {
            var dynamicSelf: DynamicClass?
            var counts: [String: Int]
        }
        let size = 30_000
        let members = (0..<size).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        var model = try decode(Counts.self, #"{"counts":{"# + members + "}}")
        var replaced = JSON.Object()
        for index in 0..<size { replaced["k\(index)"] = .number(JSON.Number(index)) }
        replaced["fromView"] = true
        model.ds.counts.set(JSON.object(replaced))
        model.counts["k0"] = -1
        let output = try JSON(parsing: encoded(model))
        #expect(output["counts"]?["k0"] == -1)
        #expect(output["counts"]?["fromView"] == true)
        #expect(output["counts"]?["k\(size - 1)"] == JSON.number(JSON.Number(size - 1)))
        #expect(output["counts"]?.objectValue?.count == size + 1)
    }

    // MARK: 9. Key strategies

    @Test func viewPathsAddressTheDocumentsOwnKeys() throws {
        struct Snake: DynamicCodable {
            var dynamicSelf: DynamicClass?
            var firstName: String
        }
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let encoder = DynamicJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var model = try decode(Snake.self, #"{"first_name":"Ada","last_name":"L"}"#, decoder: decoder)
        #expect(JSON(model.ds.first_name) == "Ada")
        #expect(JSON(model.ds.firstName) == nil)
        model.ds.last_name.set("Lovelace")
        model.ds.first_name.set("Grace")
        #expect(try encoded(model, encoder: encoder) == #"{"first_name":"Grace","last_name":"Lovelace"}"#)
    }
}

// MARK: - 10. Unedited round trips, for random documents and reads

/// Reads many places of many types, two ways and one way; on random documents most reads
/// fail, find nothing or find `null`, and some succeed.
private struct IntegrityReader: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String?
    @NotCoded var a: Int?
    @NotCoded var b: String?
    @NotCoded var id: Double?
    @NotCoded var flag: Bool?
    @NotCoded var list: [Int]?
    @NotCoded var nested: [String: String]?
    @NotCoded var first: String?
    @NotCoded var deep: JSON?
    var count = 0
    var label = "none"
    var numbers: [Double] = []

    enum CodingKeys: String, CodingKey { case dynamicSelf, name }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        a <-> ds.a
        b <-> ds.b
        id <-> ds.nested.id
        flag <-> ds[key: "k.k"]
        list <-> ds.list
        nested <-> ds.nested
        deep <-> ds[key: "x y"].a
        count <-> ds.id
        label <-> ds.list[0]
        numbers <-> ds[key: "tab\there"]
        switch mappingType {
        case .decoding: first <-- ds.list[-1]
        case .encoding: first --> { ds.list[-1].set($0) }
        }
    }
}

private struct IntegrityEmpty: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

extension RoundTripIntegrityTests {
    @Test(arguments: [UInt64(11), 12, 13, 14, 15, 16])
    func unchangedModelsEncodeTheirInputAfterAnyReads(seed: UInt64) throws {
        var generator = DocumentGenerator(random: SeededGenerator(state: seed))
        let encoder = DynamicJSONEncoder()
        for round in 0..<200 {
            let input = generator.modelDocument().serialized()
            let model = try DynamicJSONDecoder().decode(IntegrityReader.self, from: input)
            let text = String(decoding: input, as: UTF8.self)
            #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == text, "seed \(seed), round \(round)")
            var view = try DynamicClass(parsing: input)
            _ = (JSON(view.a), JSON(view.list[-1]), JSON(view[key: "x y"].a))
            view.untouched.remove()
            #expect(String(decoding: try encoder.encode(view), as: UTF8.self) == text, "seed \(seed), round \(round): view")
        }
    }

    /// Every corpus file and every JSONTestSuite `y_` file: a model that reads nothing, and a
    /// view, encode their input again as a document (keys, order, literals).
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.missingMessage)))
    func unchangedSharedDataRoundTrips() throws {
        let files =
            SharedData.files(in: "bench").filter { $0.pathExtension == "json" }
            + SharedData.files(in: "JSONTestSuite/test_parsing").filter { $0.lastPathComponent.hasPrefix("y_") }
        #expect(files.count == 3 + 95)
        let encoder = DynamicJSONEncoder()
        for file in files {
            let input = try Data(contentsOf: file)
            let expected = try JSON(parsing: input).serialized()
            let view = try DynamicJSONDecoder().decode(DynamicClass.self, from: input)
            #expect(try JSON(parsing: encoder.encode(view)).serialized() == expected, "\(file.lastPathComponent): view")
            guard case .object = try JSON(parsing: input) else { continue }
            let model = try DynamicJSONDecoder().decode(IntegrityEmpty.self, from: input)
            #expect(try JSON(parsing: encoder.encode(model)).serialized() == expected, "\(file.lastPathComponent): model")
        }
    }
}
