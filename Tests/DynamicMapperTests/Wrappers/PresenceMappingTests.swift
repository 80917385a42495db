import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport
import DynamicMapperOperators

// `Presence` in `@Mapped` properties and through the mapping operators. File-scope types carry
// a `PM` prefix.

private struct PMProfile: MappedCodable, Equatable {
    @Mapped var nickname: Presence<String>
    @Mapped("profile.age") var age: Presence<Int>
    @Mapped("limit", default: .value(10)) var limit: Presence<Int>
    @Mapped(.nullIsMissing) var bio: Presence<String>
}

/// Plain keys only, so Foundation's coders can read and write it too.
private struct PMPlain: MappedCodable, Equatable {
    @Mapped var nickname: Presence<String>
    @Mapped var age: Presence<Int>
}

private struct PMConversions: MappedCodable {
    @Mapped var count: Presence<Int>
    @Mapped(.strict) var strictCount: Presence<Int>
    @Mapped(.lossy) var level: Presence<Int>
}

/// A mapped and dynamic model: unknown keys and number literals survive its round trips.
private struct PMDynamicMapped: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped("user.nickname") var nickname: Presence<String>
    @Mapped var age: Presence<Int>
}

/// Presences that only the mapping fills: kept out of synthesized coding by `CodingKeys`.
private struct PMOperators: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var nickname: Presence<String> = .absent
    var age: Presence<Int> = .absent
    var firstTag: Presence<String> = .absent

    enum CodingKeys: String, CodingKey { case id }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        nickname <-> ds.profile.nickname
        age <-> ds["profile.stats.age"]
        firstTag <-> ds.tags[0]
    }
}

/// One-way reads and `-->` writes.
private struct PMOneWay: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var nickname: Presence<String> = .absent

    enum CodingKeys: CodingKey {}

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding: nickname <-- ds.profile.nickname
        case .encoding: nickname --> { ds.profile.nickname.set($0) }
        }
    }
}

/// Three presences at three depths, through `<->`.
private struct PMDeep: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var a: Presence<Int> = .absent
    var bc: Presence<Int> = .absent
    var def: Presence<Int> = .absent

    enum CodingKeys: CodingKey {}

    var all: [Presence<Int>] {
        get { [a, bc, def] }
        set { (a, bc, def) = (newValue[0], newValue[1], newValue[2]) }
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        a <-> ds.a
        bc <-> ds.b.c
        def <-> ds["d.e.f"]
    }
}

/// The same three, as `@Mapped` properties.
private struct PMDeepMapped: MappedCodable {
    @Mapped var a: Presence<Int>
    @Mapped("b.c") var bc: Presence<Int>
    @Mapped("d.e.f") var def: Presence<Int>

    var all: [Presence<Int>] {
        get { [a, bc, def] }
        set { (a, bc, def) = (newValue[0], newValue[1], newValue[2]) }
    }
}

private let pmDeepPaths = ["a", "b.c", "d.e.f"]

private func pmRandomPresence(_ random: inout SeededGenerator) -> Presence<Int> {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return .absent
    case 1: return .null
    default: return .value(Int.random(in: -3...99, using: &random))
    }
}

/// What writing `state` at `path` means, spelled with plain view edits.
private func pmWrite(_ state: Presence<Int>, at path: String, in view: inout DynamicClass) {
    switch state {
    case .absent: view[path].remove()
    case .null: view[path].set(JSON.null)
    case .value(let value): view[path].set(value)
    }
}

private func pmText<T: Encodable>(_ value: T, _ encoder: JSONEncoder = DynamicJSONEncoder(), sorted: Bool = true) throws -> String {
    if sorted { encoder.outputFormatting = [.sortedKeys] }
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("Presence in @Mapped and the mapping operators")
struct PresenceMappingTests {
    // MARK: @Mapped

    @Test func mappedDecodesTheThreeCasesApartAtKeysAndPaths() throws {
        let empty = try PMProfile.decode(from: "{}")
        #expect(empty.nickname == .absent && empty.age == .absent && empty.limit == .value(10) && empty.bio == .absent)
        let nulls = try PMProfile.decode(from: #"{"nickname": null, "profile": {"age": null}, "limit": null, "bio": null}"#)
        #expect(nulls.nickname == .null && nulls.age == .null && nulls.limit == .null && nulls.bio == .absent)
        let values = try PMProfile.decode(from: #"{"nickname": "ada", "profile": {"age": 36}, "limit": 5, "bio": "hi"}"#)
        #expect(values.nickname == .value("ada") && values.age == .value(36) && values.limit == .value(5) && values.bio == .value("hi"))
        // A parent that is missing or null leaves the member absent.
        #expect(try PMProfile.decode(from: #"{"profile": null}"#).age == .absent)
        #expect(PMProfile().nickname == .absent)
    }

    @Test func mappedEncodesAbsentAsNoKeyAndNullAsNull() throws {
        var profile = PMProfile()
        #expect(try pmText(profile) == #"{"limit":10}"#)
        profile.nickname = .null
        profile.age = .value(37)
        profile.limit = .absent
        #expect(try pmText(profile) == #"{"nickname":null,"profile":{"age":37}}"#)
        profile.age = .null
        profile.bio = .value("x")
        #expect(try pmText(profile) == #"{"bio":"x","nickname":null,"profile":{"age":null}}"#)
        profile.age = .absent
        #expect(try pmText(profile) == #"{"bio":"x","nickname":null}"#)
    }

    @Test func mappedPresencesWithFoundationCoders() throws {
        let inputs: [(String, PMPlain)] = [
            ("{}", PMPlain()),
            (
                #"{"nickname":null}"#,
                {
                    var plain = PMPlain(); plain.nickname = .null; return plain
                }()
            ),
            (
                #"{"age":3,"nickname":"ada"}"#,
                {
                    var plain = PMPlain(); plain.nickname = .value("ada"); plain.age = .value(3); return plain
                }()
            ),
        ]
        for (text, expected) in inputs {
            #expect(try JSONDecoder().decode(PMPlain.self, from: Data(text.utf8)) == expected, "\(text)")
            #expect(try DynamicJSONDecoder().decode(PMPlain.self, from: Data(text.utf8)) == expected, "\(text)")
            #expect(try pmText(expected, JSONEncoder()) == text)
            #expect(try pmText(expected) == text)
        }
    }

    @Test func mappedConversionsStrictAndLossy() throws {
        let converted = try PMConversions.decode(from: #"{"count": "3", "strictCount": 4, "level": "high"}"#)
        #expect(converted.count == .value(3) && converted.strictCount == .value(4) && converted.level == .absent)
        do {
            _ = try PMConversions.decode(from: #"{"count": 1, "strictCount": "4"}"#)
            Issue.record("a strict Presence<Int> read a string")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(Path(codingPath: context.codingPath).description == "strictCount")
        }
    }

    @Test func mappedPresencesAreAMergePatch() throws {
        var stored: JSON = ["nickname": "ada", "profile": ["age": 36, "city": "London"], "bio": "hi"]
        var patch = PMProfile()
        patch.nickname = .null
        patch.age = .value(37)
        patch.limit = .absent
        stored.apply(mergePatch: try patch.encodedJSON())
        #expect(stored.serializedString() == #"{"profile":{"age":37,"city":"London"},"bio":"hi"}"#)
        // And back: a merge patch decodes into the presences it holds.
        let incoming = try PMProfile.decode(from: #"{"nickname": null, "profile": {"age": 40}}"#)
        #expect(incoming.nickname == .null && incoming.age == .value(40) && incoming.limit == .value(10) && incoming.bio == .absent)
    }

    @Test func mappedDynamicRoundTripKeepsUnknownKeys() throws {
        let text = #"{"user":{"nickname":"ada","id":9007199254740993},"age":null,"extra":[1.10,"x"]}"#
        var model = try PMDynamicMapped.decode(from: text)
        #expect(model.nickname == .value("ada") && model.age == .null)
        #expect(try pmText(model, sorted: false) == text)
        #expect(try model.mergePatch() == [:])
        model.nickname = .null
        model.age = .value(37)
        let edited = try pmText(model, sorted: false)
        #expect(edited == #"{"user":{"nickname":null,"id":9007199254740993},"age":37,"extra":[1.10,"x"]}"#)
        let operations = try patchText(model.jsonPatch())
        #expect(operations == #"[{"op":"replace","path":"/user/nickname","value":null},{"op":"replace","path":"/age","value":37}]"#)
        model.nickname = .value("bob")
        model.age = .value(1)
        let changes = try model.mergePatch().serializedString()
        #expect(changes == #"{"user":{"nickname":"bob"},"age":1}"#)
    }

    // MARK: Operators

    @Test func twoWayOperatorReadsAndWritesTheThreeCases() throws {
        let text = #"{"id":1,"profile":{"nickname":null,"stats":{"age":36},"x":true},"tags":["a","b"],"extra":1.10}"#
        var model = try PMOperators.decode(from: text)
        #expect(model.nickname == .null && model.age == .value(36) && model.firstTag == .value("a"))
        #expect(try pmText(model, sorted: false) == text)
        model.nickname = .absent
        model.age = .null
        model.firstTag = .absent
        #expect(
            try pmText(model, sorted: false)
                == #"{"id":1,"profile":{"stats":{"age":null},"x":true},"tags":[null,"b"],"extra":1.10}"#)
        model.nickname = .value("ada")
        model.age = .absent
        #expect(
            try pmText(model, sorted: false)
                == #"{"id":1,"profile":{"nickname":"ada","stats":{},"x":true},"tags":[null,"b"],"extra":1.10}"#)
    }

    @Test func twoWayOperatorOnMissingPlaces() throws {
        var model = try PMOperators.decode(from: #"{"id":2}"#)
        #expect(model.nickname == .absent && model.age == .absent && model.firstTag == .absent)
        #expect(try pmText(model, sorted: false) == #"{"id":2}"#)
        // An absent property that read nothing yields to a `ds` edit of its place.
        model.ds.profile.nickname.set("from ds")
        #expect(try pmText(model, sorted: false) == #"{"id":2,"profile":{"nickname":"from ds"}}"#)
        model.age = .null
        #expect(try model.mergePatch().serializedString() == #"{"profile":{"nickname":"from ds","stats":{"age":null}}}"#)
    }

    @Test func aFailedReadLeavesTheDocumentAlone() throws {
        let text = #"{"id":3,"profile":{"nickname":42},"tags":{"not":"an array"}}"#
        let strict = DynamicJSONDecoder()
        strict.strictMapping = true
        do {
            _ = try strict.decode(PMOperators.self, from: Data(text.utf8))
            Issue.record("a strict mapping read a number as a String")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(Path(codingPath: context.codingPath).description == "profile.nickname")
        }
        var model = try PMOperators.decode(from: text)
        #expect(model.nickname == .absent && model.firstTag == .absent)
        #expect(try pmText(model, sorted: false) == text)
        model.nickname = .null
        #expect(try pmText(model, sorted: false) == #"{"id":3,"profile":{"nickname":null},"tags":{"not":"an array"}}"#)
    }

    @Test func oneWayOperators() throws {
        var model = try PMOneWay.decode(from: #"{"profile":{"nickname":"ada","keep":1}}"#)
        #expect(model.nickname == .value("ada"))
        model.nickname = .absent
        #expect(try pmText(model, sorted: false) == #"{"profile":{"keep":1}}"#)
        model.nickname = .null
        #expect(try pmText(model, sorted: false) == #"{"profile":{"nickname":null,"keep":1}}"#)
        #expect(try PMOneWay.decode(from: #"{"profile":{"nickname":null}}"#).nickname == .null)
        #expect(try PMOneWay.decode(from: #"{}"#).nickname == .absent)
    }

    // MARK: Random absent, null and value

    @Test(arguments: Array(UInt64(1)...8))
    func randomPresencesThroughTheTwoWayOperator(seed: UInt64) throws {
        var random = SeededGenerator(state: TestSeed.value ^ (seed &* 0x5851_F42D_4C95_7F2D))
        for round in 0..<60 {
            // A document with unknown keys beside and around the three places.
            var document = try DynamicClass(parsing: #"{"unknown":[1.10,"x"],"big":9007199254740993}"#)
            let states = pmDeepPaths.map { _ in pmRandomPresence(&random) }
            for (path, state) in zip(pmDeepPaths, states) {
                if Bool.random(using: &random) { document[path + "_u"].set(Int.random(in: 0...9, using: &random)) }
                pmWrite(state, at: path, in: &document)
            }
            let text = JSON(document).serializedString()
            let note = Comment(rawValue: "\(TestSeed.note), case \(seed), round \(round): \(text)")
            var model = try PMDeep.decode(from: text)
            #expect(model.all == states, note)
            #expect(try model.encodedJSON().serializedString() == text, note)

            let edits = pmDeepPaths.map { _ in pmRandomPresence(&random) }
            model.all = edits
            var expected = document
            for (path, state) in zip(pmDeepPaths, edits) { pmWrite(state, at: path, in: &expected) }
            let encoded = try model.encodedJSON()
            #expect(encoded == JSON(expected), Comment(rawValue: "\(note) edited to \(edits)"))
            #expect(try JSON(parsing: text).applying(model.jsonPatch()) == encoded, note)
            #expect(try PMDeep.decode(from: encoded).all == edits, note)
        }
    }

    @Test(arguments: Array(UInt64(1)...8))
    func randomPresencesThroughMappedPaths(seed: UInt64) throws {
        var random = SeededGenerator(state: TestSeed.value ^ (seed &* 0x2545_F491_4F6C_DD1D))
        for round in 0..<60 {
            var model = PMDeepMapped()
            model.all = pmDeepPaths.map { _ in pmRandomPresence(&random) }
            var expected = DynamicClass()
            for (path, state) in zip(pmDeepPaths, model.all) { pmWrite(state, at: path, in: &expected) }
            let encoded = try model.encodedJSON()
            let note = Comment(rawValue: "\(TestSeed.note), case \(seed), round \(round): \(model.all)")
            #expect(encoded == JSON(expected), note)
            // Back, also with unknown keys around: the same three cases.
            #expect(try PMDeepMapped.decode(from: encoded).all == model.all, note)
            var withUnknown = expected
            withUnknown["b.u"].set(true)
            withUnknown["d.e.u"].set(false)
            #expect(try PMDeepMapped.decode(from: JSON(withUnknown)).all == model.all, note)
            // And as a merge patch: applying the encoding sets the values, clears the nulls,
            // and leaves the absent members as they were.
            var stored = try JSON(parsing: #"{"a":0,"b":{"c":0,"x":1},"d":{"e":{"f":0}}}"#)
            stored.apply(mergePatch: encoded)
            for (path, state) in zip(pmDeepPaths, model.all) {
                let after = JSON(DynamicClass(stored)[path])
                switch state {
                case .absent: #expect(after == 0, note)
                case .null: #expect(after == nil, note)
                case .value(let value): #expect(after == .number(JSON.Number(value)), note)
                }
            }
            #expect(JSON(DynamicClass(stored).b.x) == 1, note)
        }
    }

    @Test func setOnAViewWritesThePresence() {
        var view = DynamicClass(["a": 1, "list": [1, 2]])
        let written = [
            view.a.set(Presence<Int>.absent), view.b.set(Presence<Int>.null), view.c.set(Presence.value([1.5])),
            view.list[0].set(Presence<Int>.absent), view.missing.set(Presence<Int>.absent), view.list[-9].set(Presence.value(1)),
        ]
        #expect(written == [true, true, true, true, true, false])
        #expect(JSON(view).serializedString() == #"{"list":[null,2],"b":null,"c":[1.5]}"#)
    }
}
