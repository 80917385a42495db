import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport
import DynamicMapperOperators

// A dynamic model's nested-key property owns the value it read, not the objects its path passes
// through: re-encoding with that property `nil` (or `.absent`) removes the one member and keeps
// the rest of each object on the way, unknown keys included. A property that read a whole object
// still removes it when set to `nil`.

private struct OwnedMapped: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped("user.nickname") var nickname: String?
    @Mapped("user.stats.age") var age: Int?
}

private struct OwnedPresence: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped("user.nickname") var nickname: Presence<String>
}

private struct OwnedKeyed: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var nickname: String?
    var age: Int?

    enum CodingKeys: String, KeyedKey {
        case dynamicSelf
        case nickname = "user.nickname"
        case age = "user.stats.age"
    }
}

private struct OwnedWhole: DynamicCodable {
    struct User: Codable { var nickname: String? }
    var dynamicSelf: DynamicClass?
    var user: User?
}

private struct OwnedIndexed: MappedCodable, DynamicCodable {
    var dynamicSelf: DynamicClass?
    @Mapped("items[1].id") var id: Int
    @Mapped("items[4].tag") var tag: String?
}

private struct OwnedPresenceOperator: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var nick: Presence<String> = .absent

    enum CodingKeys: String, CodingKey { case dynamicSelf, id }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        nick <-> ds.nick
    }
}

private func encoded(_ value: some Encodable) throws -> String {
    String(decoding: try DynamicJSONEncoder().encode(value), as: UTF8.self)
}

private func decoded<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try DynamicJSONDecoder().decode(T.self, from: Data(text.utf8))
}

@Suite struct PathOwnershipTests {
    static let document = #"{"user":{"nickname":"ada","stats":{"age":36,"rank":2},"id":7},"other":1.10}"#

    @Test func mappedPathSetToNilRemovesOnlyItsMember() throws {
        var model = try decoded(OwnedMapped.self, Self.document)
        #expect(try encoded(model) == Self.document)
        model.nickname = nil
        #expect(try encoded(model) == #"{"user":{"stats":{"age":36,"rank":2},"id":7},"other":1.10}"#)
        model.age = nil
        #expect(try encoded(model) == #"{"user":{"stats":{"rank":2},"id":7},"other":1.10}"#)
    }

    @Test func siblingPathsStillWrittenKeepTheUnknownMembers() throws {
        var model = try decoded(OwnedMapped.self, Self.document)
        model.nickname = nil
        model.age = 37
        #expect(try encoded(model) == #"{"user":{"stats":{"age":37,"rank":2},"id":7},"other":1.10}"#)
    }

    @Test func absentPresenceAtAPathRemovesOnlyItsMember() throws {
        var model = try decoded(OwnedPresence.self, Self.document)
        model.nickname = .absent
        #expect(try encoded(model) == #"{"user":{"stats":{"age":36,"rank":2},"id":7},"other":1.10}"#)
        #expect(try model.mergePatch() == ["user": ["nickname": nil]])
        model.nickname = .null
        #expect(try encoded(model) == #"{"user":{"nickname":null,"stats":{"age":36,"rank":2},"id":7},"other":1.10}"#)
    }

    @Test func keyedKeyPathSetToNilRemovesOnlyItsMember() throws {
        var model = try decoded(OwnedKeyed.self, Self.document)
        #expect(model.nickname == "ada" && model.age == 36)
        #expect(try encoded(model) == Self.document)
        model.nickname = nil
        model.age = nil
        #expect(try encoded(model) == #"{"user":{"stats":{"rank":2},"id":7},"other":1.10}"#)
    }

    @Test func aPropertyThatReadTheWholeObjectStillRemovesIt() throws {
        var model = try decoded(OwnedWhole.self, Self.document)
        model.user = nil
        #expect(try encoded(model) == #"{"other":1.10}"#)
    }

    @Test func aViewEditBesideAnUnchangedPathPropertyStays() throws {
        var model = try decoded(OwnedMapped.self, Self.document)
        model.ds.user.stats.rank.set(3)
        #expect(try encoded(model) == #"{"user":{"nickname":"ada","stats":{"age":36,"rank":3},"id":7},"other":1.10}"#)
        model.nickname = nil
        #expect(try encoded(model) == #"{"user":{"stats":{"age":36,"rank":3},"id":7},"other":1.10}"#)
    }

    @Test func anIndexPathWritesOnlyItsElementOfTheDocumentsArray() throws {
        let text = #"{"items":[{"id":1,"n":"a"},{"id":2,"n":"b"},{"id":3}],"x":true}"#
        var model = try decoded(OwnedIndexed.self, text)
        #expect(model.id == 2)
        #expect(try encoded(model) == text)
        model.id = 5
        #expect(try encoded(model) == #"{"items":[{"id":1,"n":"a"},{"id":5,"n":"b"},{"id":3}],"x":true}"#)
        model.tag = "t"
        #expect(try encoded(model) == #"{"items":[{"id":1,"n":"a"},{"id":5,"n":"b"},{"id":3},null,{"tag":"t"}],"x":true}"#)
    }

    @Test func aNullPresenceStillHeldLeavesAViewEdit() throws {
        var model = try decoded(OwnedPresenceOperator.self, #"{"id":1,"nick":null}"#)
        #expect(model.nick == .null)
        model.ds.nick.set("x")
        #expect(try encoded(model) == #"{"id":1,"nick":"x"}"#)
        model.nick = .value("y")
        #expect(try encoded(model) == #"{"id":1,"nick":"y"}"#)
    }

    /// Random documents with unknown members at every level, and random `nil`/kept/changed
    /// values for both path properties: the output is the document with exactly those edits.
    @Test(arguments: 0..<8) func randomEditsChangeOnlyTheOwnedMembers(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for round in 0..<60 {
            var stats: JSON.Object = ["rank": .number(JSON.Number(Int.random(in: 0...9, using: &random)))]
            if Bool.random(using: &random) { stats["age"] = .number(JSON.Number(Int.random(in: 0...99, using: &random))) }
            var user: JSON.Object = ["stats": .object(stats), "id": .string("u\(round)")]
            if Bool.random(using: &random) { user["nickname"] = .string("n\(round)") }
            if Bool.random(using: &random) { user["extra"] = [1, "x", nil] }
            let other: JSON = ["deep": ["kept": true]]
            let document: JSON = ["user": .object(user), "other": other]
            var model = try decoded(OwnedMapped.self, document.serializedString())
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                model.nickname = nil
                _ = user.removeValue(forKey: "nickname")
            case 1:
                model.nickname = "changed"
                user["nickname"] = "changed"
            default:
                break
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                model.age = nil
                _ = stats.removeValue(forKey: "age")
            case 1:
                model.age = 100
                stats["age"] = 100
            default:
                break
            }
            user["stats"] = .object(stats)
            let expected: JSON = ["user": .object(user), "other": other]
            let output = try JSON(parsing: Data(try encoded(model).utf8))
            #expect(output == expected, "seed \(seed) round \(round): \(document.serializedString())")
        }
    }
}
