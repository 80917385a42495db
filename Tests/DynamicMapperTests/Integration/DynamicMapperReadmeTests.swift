import DynamicMapper
import DynamicMapperOperators
import Foundation
import Testing

// Every example of the original DynamicMapper README, ported and checked with exact values and
// exact output. Helper types are `private` and prefixed `RM` (README) so that they never clash
// with the types of other test files.

// MARK: - Helpers

private func rmDecode<T: Decodable>(
    _ type: T.Type,
    _ text: String,
    configure: (DynamicJSONDecoder) -> Void = { _ in }
) throws -> T {
    let decoder = DynamicJSONDecoder()
    configure(decoder)
    return try decoder.decode(T.self, from: Data(text.utf8))
}

private func rmEncode<T: Encodable>(
    _ value: T,
    _ formatting: JSONEncoder.OutputFormatting = [],
    configure: (DynamicJSONEncoder) -> Void = { _ in }
) throws -> String {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = formatting
    configure(encoder)
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Collects what `mappingFailureHandler` reports (the handler must be `@Sendable`).
private final class RMFailureBox: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: [DecodingError] = []

    func add(_ error: DecodingError) {
        lock.lock()
        stored.append(error)
        lock.unlock()
    }

    var failures: [DecodingError] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

private func rmPath(_ error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
        context = c
    @unknown default:
        return "?"
    }
    return context.codingPath.map { key in
        if let index = key.intValue { return "[\(index)]" }
        return "." + key.stringValue
    }.joined()
}

private func rmIsTypeMismatch(_ error: DecodingError) -> Bool {
    if case .typeMismatch = error { return true }
    return false
}

/// A URL from a literal in this file.
private func rmURL(_ text: String) -> URL {
    URL(string: text)!
}

// MARK: - The User of "The Basics"

/// The README's `User`, verbatim: a non-final class, plain optional properties (so the mapped
/// ones are also own keys of the model), and the explicit calls into the nested models.
private class RMUser: DynamicDecodable {
    var dynamicSelf: DynamicClass?

    var username: String?
    var lastname: String?
    var age: Int?
    var weight: Double!
    var birthday: Date?
    var bestFamilyPhoto: URL?
    var numberOfChildren: Int?
    var bestFriend: RMUser?
    var friends: [RMUser]?

    func dynamicMapping(mappingType: DynamicMappingType) {
        bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
        numberOfChildren <-- ds.familyInfo.childrenCount
        bestFriend?.dynamicMapping(mappingType: mappingType)
        friends?.dynamicMapping(mappingType: mappingType)
    }
}

/// The same `User` with the mapped properties kept out of synthesized coding, and a mapping for
/// both directions.
private final class RMCodedUser: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var username: String?
    @NotCoded var bestFamilyPhoto: URL?
    @NotCoded var numberOfChildren: Int?
    var bestFriend: RMCodedUser?
    var friends: [RMCodedUser]?

    func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
            numberOfChildren <-- ds.familyInfo.childrenCount
        case .encoding:
            bestFamilyPhoto --> { ds.alboms.familyAlbom.bestPhoto.set($0) }
            numberOfChildren --> { ds.familyInfo.childrenCount.set($0) }
        }
        bestFriend?.dynamicMapping(mappingType: mappingType)
        friends?.dynamicMapping(mappingType: mappingType)
    }
}

/// The README form (plain optionals) made encodable: the mapped properties are own keys too.
private final class RMOwnKeysUser: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var username: String?
    var bestFamilyPhoto: URL?
    var numberOfChildren: Int?

    func dynamicMapping(mappingType: DynamicMappingType) {
        bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
        numberOfChildren <-- ds.familyInfo.childrenCount
    }
}

private let rmUserJSON = #"""
    {"username":"qasem","lastname":"Qasem","age":28,"weight":72.5,"birthday":0,
     "alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},
     "familyInfo":{"childrenCount":2},
     "bestFriend":{"username":"ada","age":36,"weight":60.25,
                   "alboms":{"familyAlbom":{"bestPhoto":"https://example.com/ada.jpg"}},
                   "familyInfo":{"childrenCount":1}},
     "friends":[{"username":"bob","weight":80,"familyInfo":{"childrenCount":3}},
                {"username":"eve","weight":55.5,"alboms":{"familyAlbom":{"bestPhoto":"https://example.com/eve.jpg"}}}]}
    """#

private let rmCodedUserJSON =
    #"{"username":"qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":2},"bestFriend":{"username":"ada","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/ada.jpg"}},"familyInfo":{"childrenCount":1}},"friends":[{"username":"bob","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/bob.jpg"}},"familyInfo":{"childrenCount":3}},{"username":"eve","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/eve.jpg"}},"familyInfo":{"childrenCount":0}}]}"#

// MARK: - Temperature

private struct RMTemperature: DynamicDecodable {
    var dynamicSelf: DynamicClass?

    var celsius: Double?
    var fahrenheit: Double?

    mutating func dynamicMapping(mappingType: DynamicMapper.DynamicMappingType) {
        // nothing to do with model's level parameters, Codable will take care of them
    }
}

private struct RMCustomTemperature: DynamicDecodable {
    var dynamicSelf: DynamicClass?

    var celsiusTemperature: Double?
    var fahrenheitTemperature: Double?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        celsiusTemperature <-- ds.celsius
        fahrenheitTemperature <-- ds.fahrenheit
    }
}

/// The custom-names Temperature, both ways, with its properties out of synthesized coding.
private struct RMCodableCustomTemperature: DynamicCodable {
    var dynamicSelf: DynamicClass?

    @NotCoded var celsiusTemperature: Double?
    @NotCoded var fahrenheitTemperature: Double?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        celsiusTemperature <-> ds.celsius
        fahrenheitTemperature <-> ds.fahrenheit
    }
}

// MARK: - Subject

private let rmSubjectJSON = #"{"title":"Swift","category":"Programming Languages","teacher":{"firstName":"Abdulrahman","lastName":"Qasem"}}"#

private class RMPlainSubject: Codable {
    var title: String
    var category: String
    var teacher: RMPlainTeacher?
}

private class RMPlainTeacher: Codable {
    var firstName: String
    var lastName: String
}

/// The README's dynamic `Subject`, verbatim (a plain optional: `teacherName` is an own key too).
private class RMSubject: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var title: String
    var category: String
    var teacherName: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        teacherName <-- ds.teacher.firstName
    }
}

/// `Subject` reading and writing the teacher's name, in a final class (the `ds.….set` in the
/// `-->` closure must compile in a non-mutating method).
private final class RMDynamicSubject: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var title: String
    var category: String
    @NotCoded var teacherName: String?

    init(title: String, category: String, teacherName: String?) {
        self.title = title
        self.category = category
        self.teacherName = teacherName
    }

    func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            teacherName <-- ds.teacher.firstName
        case .encoding:
            teacherName --> { ds.teacher.firstName.set($0) }
        }
    }
}

// MARK: - The six-level document

private let rmLevelsJSON = #"""
    {
        "property0": "Value 0",
        "level1": {
            "property1": "Value 1",
            "level2": {
                "property2": 10,
                "level3": {
                    "property3": "Value 3",
                    "level4": {
                        "property4": "Value 4",
                        "level5": {
                            "property5": "Value 5",
                            "level6Array": [
                                {
                                    "item1": "Item A",
                                    "item2": 100
                                },
                                {
                                    "item1": "Item C",
                                    "item2": 200
                                },
                                {
                                    "item1": "Item E",
                                    "item2": 300
                                }
                            ]
                        }
                    }
                }
            }
        }
    }
    """#

private let rmLevelsCompact =
    #"{"property0":"Value 0","level1":{"property1":"Value 1","level2":{"property2":10,"level3":{"property3":"Value 3","level4":{"property4":"Value 4","level5":{"property5":"Value 5","level6Array":[{"item1":"Item A","item2":100},{"item1":"Item C","item2":200},{"item1":"Item E","item2":300}]}}}}}}"#

/// The document the README shows after the three insertions (its key order: `insertedArray`
/// before `level3`, `insertedProperty` before `level4`).
private let rmReadmeInsertedJSON = #"""
    {
        "property0": "Value 0",
        "level1": {
            "property1": "Value 1",
            "level2": {
                "property2": 10,
                "insertedArray": [
                 "inserted item 1",
                 "inserted item 2"
                ],
                "level3": {
                    "property3": "Value 3",
                    "insertedProperty": "nested item",
                    "level4": {
                        "property4": "Value 4",
                        "level5": {
                            "property5": "Value 5",
                            "level6Array": [
                                {
                                    "item1": "Item A",
                                    "item2": 100
                                },
                                {
                                    "item1": "Item C",
                                    "item2": 200
                                },
                                {
                                    "item1": "Item E",
                                    "item2": 300
                                },
                                {
                                    "item1": "inserted item 1",
                                    "item2": 5
                                }
                            ]
                        }
                    }
                }
            }
        }
    }
    """#

/// The same document as this package writes it: new keys are appended at the end of their
/// object (principle "new keys are appended"), so `insertedProperty` comes after `level4` and
/// `insertedArray` after `level3`, unlike the README's listing; the values are the same.
/// The README's insertion writes `level6Array[4]` into a three-element array, which the original
/// library appended as `[3]`. Here a write past the end pads with `null` up to its index (so the
/// written path reads back; DESIGN.md §5), so the array holds a `null` at `[3]`.
private let rmInsertedCompact =
    #"{"property0":"Value 0","level1":{"property1":"Value 1","level2":{"property2":10,"level3":{"property3":"Value 3","level4":{"property4":"Value 4","level5":{"property5":"Value 5","level6Array":[{"item1":"Item A","item2":100},{"item1":"Item C","item2":200},{"item1":"Item E","item2":300},null,{"item1":"inserted item 1","item2":5}]}},"insertedProperty":"nested item"},"insertedArray":["inserted item 1","inserted item 2"]}}}"#

private struct RMArrayItemModel: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var item1: String
    var item2: Int

    func dynamicMapping(mappingType: DynamicMappingType) {}
}

private struct RMLevels: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var property0: String?
    @NotCoded var property2: Int?
    @NotCoded var secondArrayItem_1_OfLevel_6: String?
    @NotCoded var farArrayItem: String?
    @NotCoded var lastArrayItem: String?
    @NotCoded var beforeStartArrayItem: String?
    @NotCoded var level_6_Array: [RMArrayItemModel]?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        property2 <-- ds.level1.level2.property2
        secondArrayItem_1_OfLevel_6 <-- ds.level1.level2.level3.level4.level5.level6Array[1].item1
        // this will do nothing
        farArrayItem <-- ds.level1.level2.level3.level4.level5.level6Array[1200].item1
        lastArrayItem <-- ds.level1.level2.level3.level4.level5.level6Array[-1].item1
        beforeStartArrayItem <-- ds.level1.level2.level3.level4.level5.level6Array[-4].item1
        level_6_Array <-- ds.level1.level2.level3.level4.level5.level6Array
    }
}

/// Properties left out of `CodingKeys` keep their initial values through decoding, so the
/// decoder's mapping run shows that a missing index leaves a non-nil value alone.
private struct RMPresetLevels: DynamicDecodable {
    var dynamicSelf: DynamicClass?

    var property0: String
    var farItem: String? = "preset"
    var farItemRequired: String = "preset"
    var beforeStartItem: String? = "preset"

    enum CodingKeys: String, CodingKey {
        case property0
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        farItem <-- ds.level1.level2.level3.level4.level5.level6Array[1200].item1
        farItemRequired <-- ds.level1.level2.level3.level4.level5.level6Array[1200].item1
        beforeStartItem <-- ds.level1.level2.level3.level4.level5.level6Array[-4].item1
    }
}

/// Only the document's top key is an own key; the rest stays the document's.
private struct RMLevelsDocument: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var property0: String
}

/// The README's three insertions, done by the encoding mapping.
private struct RMInsertingLevels: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var property0: String

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .encoding else { return }
        ds.level1.level2.level3.insertedProperty.set("nested item")
        ds.level1.level2.insertedArray.set(["inserted item 1", "inserted item 2"])
        ds.level1.level2.level3.level4.level5.level6Array[4].set(RMArrayItemModel(item1: "inserted item 1", item2: 5))
    }
}

// MARK: - Dates

private let rmBirthJSON = #"{"user":{"personalInfo":{"birthDate":"2023-10-30T19:00:00Z","name":"Abdulrahman"},"id":7},"version":1}"#

private struct RMBirth: DynamicCodable {
    var dynamicSelf: DynamicClass?

    @NotCoded var birthDate: Date?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            birthDate <-- ds.user.personalInfo.birthDate
        case .encoding:
            birthDate --> { ds.user.personalInfo.birthDate.set($0) }
        }
    }
}

/// A `String` read of the same node.
private struct RMBirthText: DynamicDecodable {
    var dynamicSelf: DynamicClass?

    @NotCoded var birthDate: Date?
    @NotCoded var birthText: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        birthDate <-- ds.user.personalInfo.birthDate
        birthText <-- ds.user.personalInfo.birthDate
    }
}

/// What Foundation's own `JSONDecoder` does with a `Date` property at that place.
private struct RMFoundationBirth: Decodable {
    var birthDate: Date
}

// MARK: - The three mapping forms

private let rmFormsJSON = #"{"name":"Qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":2}}"#

/// "Data -> Model (Decoding)".
private struct RMDecodingForm: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var bestFamilyPhoto: URL?
    @NotCoded var numberOfChildren: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
        numberOfChildren <-- ds.familyInfo.childrenCount
    }
}

/// "Model -> Data (Encoding)".
private struct RMEncodingForm: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var bestFamilyPhoto: URL?
    @NotCoded var numberOfChildren: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        bestFamilyPhoto --> { ds.alboms.familyAlbom.bestPhoto.set($0) }
        numberOfChildren --> { ds.familyInfo.childrenCount.set($0) }
    }
}

/// "Decoding & Encoding".
private struct RMSwitchForm: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var bestFamilyPhoto: URL?
    @NotCoded var numberOfChildren: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
            numberOfChildren <-- ds.familyInfo.childrenCount
        case .encoding:
            bestFamilyPhoto --> { ds.alboms.familyAlbom.bestPhoto.set($0) }
            numberOfChildren --> { ds.familyInfo.childrenCount.set($0) }
        }
    }
}

// MARK: - "DynamicMapper + Realm", without Realm

/// Stands in for Realm's `Object`: a class that is not `Codable`, with a required `init()`.
private class RMFakeRealmObject {
    required init() {}
}

/// The README's Realm model (`@objc dynamic` needs the Objective-C runtime; a plain class
/// property is the same to Codable): `name` is an own key too.
private final class RMRealmModel: RMFakeRealmObject, DynamicCodable {
    var dynamicSelf: DynamicClass?

    var name: String? = ""

    required init() {
        super.init()
    }

    func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            name <-- ds.user.personalInfo.name
        case .encoding:
            name --> { ds.user.personalInfo.name.set($0) }
        }
    }
}

/// The same with `name` out of synthesized coding.
private final class RMNotCodedRealmModel: RMFakeRealmObject, DynamicCodable {
    var dynamicSelf: DynamicClass?

    @NotCoded var name: String? = ""

    required init() {
        super.init()
    }

    func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            name <-- ds.user.personalInfo.name
        case .encoding:
            name --> { ds.user.personalInfo.name.set($0) }
        }
    }
}

// MARK: - Class hierarchies

private class RMBaseModel: DynamicCodable {
    var dynamicSelf: DynamicClass?

    var id: Int
    @NotCoded var city: String?
    /// How many times the `.decoding` mapping of this class ran on this instance.
    @NotCoded var baseDecodingRuns: Int?

    init(id: Int) {
        self.id = id
    }

    func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            baseDecodingRuns = (baseDecodingRuns ?? 0) + 1
            city <-- ds.address.city
        case .encoding:
            city --> { ds.address.city.set($0) }
        }
    }
}

private final class RMDerivedModel: RMBaseModel {
    var role: String
    @NotCoded var zip: String?
    @NotCoded var derivedDecodingRuns: Int?

    private enum DerivedKeys: String, CodingKey {
        case role
    }

    init(id: Int, role: String) {
        self.role = role
        super.init(id: id)
    }

    required init(from decoder: any Decoder) throws {
        role = try decoder.container(keyedBy: DerivedKeys.self).decode(String.self, forKey: .role)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: DerivedKeys.self)
        try container.encode(role, forKey: .role)
    }

    override func dynamicMapping(mappingType: DynamicMappingType) {
        super.dynamicMapping(mappingType: mappingType)
        switch mappingType {
        case .decoding:
            derivedDecodingRuns = (derivedDecodingRuns ?? 0) + 1
            zip <-- ds.address.zip
        case .encoding:
            zip --> { ds.address.zip.set($0) }
        }
    }
}

private struct RMHierarchyHolder: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var owner: RMDerivedModel
    var members: [RMDerivedModel]
}

private let rmDerivedJSON = #"{"id":1,"role":"admin","address":{"city":"Amman","zip":"11118","country":"JO"}}"#

private let rmHolderJSON =
    #"{"owner":{"id":1,"role":"admin","address":{"city":"Amman","zip":"11118"}},"members":[{"id":2,"role":"user","address":{"city":"Berlin","zip":"10115"}},{"id":3,"role":"guest","address":{"city":"Paris"}}]}"#

// MARK: - Tests

@Suite("The original DynamicMapper README, ported")
struct DynamicMapperReadmeTests {
    // MARK: The Basics: User

    @Test("User: own properties, nested URL and Int, nested User and [User]")
    func userDecodes() throws {
        let user = try rmDecode(RMUser.self, rmUserJSON)
        #expect(user.username == "qasem")
        #expect(user.lastname == "Qasem")
        #expect(user.age == 28)
        #expect(user.weight == 72.5)
        #expect(user.birthday == Date(timeIntervalSinceReferenceDate: 0))
        #expect(user.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(user.numberOfChildren == 2)

        let friend = try #require(user.bestFriend)
        #expect(friend.username == "ada")
        #expect(friend.age == 36)
        #expect(friend.weight == 60.25)
        #expect(friend.bestFamilyPhoto == rmURL("https://example.com/ada.jpg"))
        #expect(friend.numberOfChildren == 1)
        #expect(friend.bestFriend == nil)
        #expect(friend.friends == nil)

        let friends = try #require(user.friends)
        #expect(friends.count == 2)
        #expect(friends[0].username == "bob")
        #expect(friends[0].weight == 80)
        #expect(friends[0].numberOfChildren == 3)
        #expect(friends[0].bestFamilyPhoto == nil)
        #expect(friends[1].username == "eve")
        #expect(friends[1].weight == 55.5)
        #expect(friends[1].numberOfChildren == nil)
        #expect(friends[1].bestFamilyPhoto == rmURL("https://example.com/eve.jpg"))

        // Every nested user got the view of its own object.
        #expect(JSON(friends[1].ds.username) == "eve")
        #expect(JSON(friend.ds.familyInfo.childrenCount) == 1)
    }

    @Test("User: the explicit nested mapping calls double nothing, when run again too")
    func userExplicitNestedCallsAreIdempotent() throws {
        let user = try rmDecode(RMUser.self, rmUserJSON)
        // Run the whole mapping twice more by hand (as the README's explicit calls do).
        user.dynamicMapping(mappingType: .decoding)
        user.dynamicMapping(mappingType: .decoding)
        #expect(user.numberOfChildren == 2)
        #expect(user.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(user.bestFriend?.numberOfChildren == 1)
        let friends = try #require(user.friends)
        #expect(friends.count == 2)
        #expect(friends.map(\.username) == ["bob", "eve"])
        #expect(friends.map(\.numberOfChildren) == [3, nil])

        // An array of users at the top level, each with nested friends.
        let users = try rmDecode([RMUser].self, "[\(rmUserJSON),\(rmUserJSON)]")
        #expect(users.count == 2)
        for decoded in users {
            #expect(decoded.friends?.count == 2)
            #expect(decoded.friends?.map(\.numberOfChildren) == [3, nil])
            #expect(decoded.bestFriend?.numberOfChildren == 1)
        }
    }

    @Test("User (README form): the mapped properties are own keys too, and the nested value wins")
    func userReadmeFormOwnKeys() throws {
        // Only the own keys: the mapping finds nothing nested, so the own values stay.
        let ownOnly = try rmDecode(RMUser.self, #"{"bestFamilyPhoto":"https://example.com/top.jpg","numberOfChildren":7}"#)
        #expect(ownOnly.bestFamilyPhoto == rmURL("https://example.com/top.jpg"))
        #expect(ownOnly.numberOfChildren == 7)

        // Both: the mapping runs after init(from:), so the nested values win.
        let both = try rmDecode(RMUser.self, #"{"numberOfChildren":7,"familyInfo":{"childrenCount":3}}"#)
        #expect(both.numberOfChildren == 3)

        // A nested null makes the optional nil.
        let nulled = try rmDecode(RMUser.self, #"{"numberOfChildren":7,"familyInfo":{"childrenCount":null}}"#)
        #expect(nulled.numberOfChildren == nil)
    }

    @Test("User (README form, encodable): the mapped properties are written back as own keys")
    func userReadmeFormEncodesOwnKeys() throws {
        let input = #"{"username":"qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":2}}"#
        let user = try rmDecode(RMOwnKeysUser.self, input)
        #expect(user.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(user.numberOfChildren == 2)
        #expect(
            try rmEncode(user, [.withoutEscapingSlashes])
                == #"{"username":"qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":2},"bestFamilyPhoto":"https://example.com/family.jpg","numberOfChildren":2}"#
        )
    }

    @Test("User with @NotCoded mapped properties: own keys ignored, nested values read")
    func notCodedUserIgnoresOwnKeys() throws {
        let user = try rmDecode(RMCodedUser.self, #"{"username":"qasem","numberOfChildren":7,"bestFamilyPhoto":"https://example.com/top.jpg"}"#)
        #expect(user.username == "qasem")
        #expect(user.numberOfChildren == nil)
        #expect(user.bestFamilyPhoto == nil)

        let full = try rmDecode(RMCodedUser.self, rmCodedUserJSON)
        #expect(full.numberOfChildren == 2)
        #expect(full.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(full.bestFriend?.numberOfChildren == 1)
        #expect(full.bestFriend?.bestFamilyPhoto == rmURL("https://example.com/ada.jpg"))
        #expect(full.friends?.map(\.numberOfChildren) == [3, 0])
        #expect(full.friends?.map(\.bestFamilyPhoto) == [rmURL("https://example.com/bob.jpg"), rmURL("https://example.com/eve.jpg")])
    }

    @Test("User with @NotCoded: encodes its document back, nested edits included, nothing doubled")
    func notCodedUserEncodes() throws {
        let user = try rmDecode(RMCodedUser.self, rmCodedUserJSON)
        // Unchanged: the document comes back exactly.
        #expect(try rmEncode(user, [.withoutEscapingSlashes]) == rmCodedUserJSON)

        user.numberOfChildren = 5
        user.bestFriend?.bestFamilyPhoto = rmURL("https://example.com/ada2.jpg")
        user.friends?[0].numberOfChildren = 4
        let expected =
            #"{"username":"qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":5},"bestFriend":{"username":"ada","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/ada2.jpg"}},"familyInfo":{"childrenCount":1}},"friends":[{"username":"bob","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/bob.jpg"}},"familyInfo":{"childrenCount":4}},{"username":"eve","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/eve.jpg"}},"familyInfo":{"childrenCount":0}}]}"#
        let first = try rmEncode(user, [.withoutEscapingSlashes])
        #expect(first == expected)
        #expect(try rmEncode(user, [.withoutEscapingSlashes]) == first)
        #expect(user.friends?.count == 2)
        #expect(user.numberOfChildren == 5)
        #expect(user.friends?[0].numberOfChildren == 4)

        // Decoding the output again gives the edited values, arrays the same length.
        let again = try rmDecode(RMCodedUser.self, first)
        #expect(again.numberOfChildren == 5)
        #expect(again.friends?.count == 2)
        #expect(again.friends?.map(\.numberOfChildren) == [4, 0])
        #expect(again.bestFriend?.bestFamilyPhoto == rmURL("https://example.com/ada2.jpg"))
    }

    // MARK: Temperature

    @Test("Temperature with default names: Codable fills them")
    func temperatureDefaultNames() throws {
        let temperature = try rmDecode(RMTemperature.self, #"{"celsius":21.5,"fahrenheit":70.7}"#)
        #expect(temperature.celsius == 21.5)
        #expect(temperature.fahrenheit == 70.7)
        #expect(JSON(try #require(temperature.dynamicSelf)) == ["celsius": 21.5, "fahrenheit": 70.7])

        let partial = try rmDecode(RMTemperature.self, #"{"celsius":-3}"#)
        #expect(partial.celsius == -3)
        #expect(partial.fahrenheit == nil)
    }

    @Test("Temperature with custom names: celsiusTemperature <-- ds.celsius")
    func temperatureCustomNames() throws {
        let temperature = try rmDecode(RMCustomTemperature.self, #"{"celsius":21.5,"fahrenheit":70.7}"#)
        #expect(temperature.celsiusTemperature == 21.5)
        #expect(temperature.fahrenheitTemperature == 70.7)

        let list = try rmDecode([RMCustomTemperature].self, #"[{"celsius":0,"fahrenheit":32},{"celsius":100,"fahrenheit":null},{}]"#)
        #expect(list.map(\.celsiusTemperature) == [0, 100, nil])
        #expect(list.map(\.fahrenheitTemperature) == [32, nil, nil])
    }

    @Test("Temperature with custom names, both ways: writes back to the document's keys")
    func temperatureCustomNamesEncode() throws {
        var temperature = try rmDecode(RMCodableCustomTemperature.self, #"{"celsius":21.5,"fahrenheit":70.7}"#)
        #expect(temperature.celsiusTemperature == 21.5)
        #expect(temperature.fahrenheitTemperature == 70.7)
        #expect(try rmEncode(temperature) == #"{"celsius":21.5,"fahrenheit":70.7}"#)

        temperature.celsiusTemperature = 30.5
        #expect(try rmEncode(temperature) == #"{"celsius":30.5,"fahrenheit":70.7}"#)
        temperature.fahrenheitTemperature = nil
        #expect(try rmEncode(temperature) == #"{"celsius":30.5}"#)
    }

    // MARK: Easy Transformation from Codable: Subject

    @Test("Subject, plain Codable: works unchanged through DynamicJSONDecoder and DynamicJSONEncoder")
    func plainCodableSubject() throws {
        let subject = try rmDecode(RMPlainSubject.self, rmSubjectJSON)
        #expect(subject.title == "Swift")
        #expect(subject.category == "Programming Languages")
        #expect(subject.teacher?.firstName == "Abdulrahman")
        #expect(subject.teacher?.lastName == "Qasem")

        // Through a JSONDecoder-typed reference too.
        let decoder: JSONDecoder = DynamicJSONDecoder()
        let viaBase = try decoder.decode(RMPlainSubject.self, from: Data(rmSubjectJSON.utf8))
        #expect(viaBase.teacher?.firstName == "Abdulrahman")

        let expected = #"{"category":"Programming Languages","teacher":{"firstName":"Abdulrahman","lastName":"Qasem"},"title":"Swift"}"#
        #expect(try rmEncode(subject, [.sortedKeys]) == expected)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try foundation.encode(subject), as: UTF8.self) == expected)
    }

    @Test("Subject, README dynamic form: teacherName <-- ds.teacher.firstName (also an own key)")
    func readmeDynamicSubject() throws {
        let subject = try rmDecode(RMSubject.self, rmSubjectJSON)
        #expect(subject.title == "Swift")
        #expect(subject.category == "Programming Languages")
        #expect(subject.teacherName == "Abdulrahman")
        // A plain optional is an own key: it is appended to the document.
        #expect(
            try rmEncode(subject)
                == #"{"title":"Swift","category":"Programming Languages","teacher":{"firstName":"Abdulrahman","lastName":"Qasem"},"teacherName":"Abdulrahman"}"#
        )
    }

    @Test("Subject, README dynamic form (a class): encoding neither modifies it nor changes on a second run")
    func readmeDynamicSubjectEncodeKeepsValue() throws {
        let subject = try rmDecode(RMSubject.self, rmSubjectJSON)
        subject.teacherName = "Ada"
        // The README's mapping has no switch, so its `<--` also runs while encoding; the
        // encoder must not let that change the instance (decided: the value is not modified,
        // and encoding twice gives identical bytes).
        let expected = #"{"title":"Swift","category":"Programming Languages","teacher":{"firstName":"Abdulrahman","lastName":"Qasem"},"teacherName":"Ada"}"#
        let first = try rmEncode(subject)
        #expect(first == expected)
        #expect(subject.teacherName == "Ada")
        let second = try rmEncode(subject)
        #expect(second == expected)
    }

    @Test("Subject, dynamic both ways in a final class: reads and writes teacher.firstName")
    func dynamicSubjectRoundTrip() throws {
        let subject = try rmDecode(RMDynamicSubject.self, rmSubjectJSON)
        #expect(subject.teacherName == "Abdulrahman")
        #expect(try rmEncode(subject) == rmSubjectJSON)

        subject.teacherName = "Ada"
        subject.title = "Swift 6"
        let expected = #"{"title":"Swift 6","category":"Programming Languages","teacher":{"firstName":"Ada","lastName":"Qasem"}}"#
        #expect(try rmEncode(subject) == expected)
        #expect(try rmEncode(subject) == expected)
        #expect(
            try rmEncode(subject, [.sortedKeys]) == #"{"category":"Programming Languages","teacher":{"firstName":"Ada","lastName":"Qasem"},"title":"Swift 6"}"#)
        // Encoding changed neither the properties nor the view.
        #expect(subject.teacherName == "Ada")
        #expect(JSON(subject.ds) == (try JSON(parsing: rmSubjectJSON)))

        let decodedAgain = try rmDecode(RMDynamicSubject.self, expected)
        #expect(decodedAgain.teacherName == "Ada")
        #expect(decodedAgain.title == "Swift 6")
    }

    @Test("Subject made in code: the encoding mapping creates teacher.firstName")
    func dynamicSubjectFromCode() throws {
        let subject = RMDynamicSubject(title: "Swift", category: "Programming Languages", teacherName: "Ada")
        #expect(subject.dynamicSelf == nil)
        #expect(try rmEncode(subject) == #"{"title":"Swift","category":"Programming Languages","teacher":{"firstName":"Ada"}}"#)
        #expect(subject.dynamicSelf == nil)
    }

    // MARK: Easy Mapping of Nested Objects

    @Test("Six levels: property2, level6Array[1].item1, [1200] does nothing, the whole array as models")
    func sixLevelReads() throws {
        let model = try rmDecode(RMLevels.self, rmLevelsJSON)
        #expect(model.property0 == "Value 0")
        #expect(model.property2 == 10)
        #expect(model.secondArrayItem_1_OfLevel_6 == "Item C")
        #expect(model.farArrayItem == nil)
        #expect(model.lastArrayItem == "Item E")
        #expect(model.beforeStartArrayItem == nil)

        let items = try #require(model.level_6_Array)
        #expect(items.count == 3)
        #expect(items.map(\.item1) == ["Item A", "Item C", "Item E"])
        #expect(items.map(\.item2) == [100, 200, 300])
        // Each element decoded as a dynamic model has the view of its own object.
        #expect(JSON(try #require(items[1].dynamicSelf)) == ["item1": "Item C", "item2": 200])

        // The path grammar reaches the same place.
        #expect(JSON(model.ds["level1.level2.level3.level4.level5.level6Array[1].item1"]) == "Item C")
        #expect(JSON(model.ds.level1.level2.level3.level4.level5.level6Array[1200].item1) == nil)
    }

    @Test("Six levels: a missing index leaves a non-nil value unchanged")
    func sixLevelMissingKeepsPreset() throws {
        let decoded = try rmDecode(RMPresetLevels.self, rmLevelsJSON)
        #expect(decoded.property0 == "Value 0")
        #expect(decoded.farItem == "preset")
        #expect(decoded.farItemRequired == "preset")
        #expect(decoded.beforeStartItem == "preset")

        // The same mapping run by hand over a view made in code.
        var model = RMLevels()
        model.farArrayItem = "preset"
        model.beforeStartArrayItem = "preset"
        model.dynamicSelf = DynamicClass(try JSON(parsing: rmLevelsJSON))
        model.dynamicMapping(mappingType: .decoding)
        #expect(model.farArrayItem == "preset")
        #expect(model.beforeStartArrayItem == "preset")
        #expect(model.secondArrayItem_1_OfLevel_6 == "Item C")
        #expect(model.property2 == 10)
        #expect(model.level_6_Array?.count == 3)
    }

    @Test("Six levels: encoding a model that only reads gives the document back exactly")
    func sixLevelEncodesDocument() throws {
        let model = try rmDecode(RMLevels.self, rmLevelsJSON)
        #expect(try rmEncode(model) == rmLevelsCompact)
        #expect(try rmEncode(model.level_6_Array) == #"[{"item1":"Item A","item2":100},{"item1":"Item C","item2":200},{"item1":"Item E","item2":300}]"#)
    }

    // MARK: Easy Json Insertion

    @Test("Insertion through a decoded model's ds gives the README's document")
    func insertionThroughModelView() throws {
        var model = try rmDecode(RMLevelsDocument.self, rmLevelsJSON)
        model.ds.level1.level2.level3.insertedProperty.set("nested item")
        model.ds.level1.level2.insertedArray.set(["inserted item 1", "inserted item 2"])
        model.ds.level1.level2.level3.level4.level5.level6Array[4].set(RMArrayItemModel(item1: "inserted item 1", item2: 5))

        // The README's document but for the padding `null` (see `rmInsertedCompact`).
        let readme = try JSON(parsing: rmInsertedCompact)
        #expect(try JSON(parsing: rmReadmeInsertedJSON) == JSON(parsing: rmInsertedCompact.replacingOccurrences(of: "300},null,{", with: "300},{")))
        #expect(JSON(model.ds) == readme)
        let output = try rmEncode(model)
        // Values as the README shows them (JSON equality ignores key order) ...
        #expect(try JSON(parsing: output) == readme)
        // ... and new keys appended at the end of their object.
        #expect(output == rmInsertedCompact)
        #expect(JSON(model.ds.level1.level2.level3.level4.level5.level6Array[4]) == ["item1": "inserted item 1", "item2": 5])
        #expect(JSON(model.ds.level1.level2.level3.level4.level5.level6Array[3]) == .null)
    }

    @Test("Insertion by the encoding mapping gives the README's document; the model keeps its own")
    func insertionByEncodingMapping() throws {
        let model = try rmDecode(RMInsertingLevels.self, rmLevelsJSON)
        let output = try rmEncode(model)
        #expect(try JSON(parsing: output) == (try JSON(parsing: rmInsertedCompact)))
        #expect(output == rmInsertedCompact)
        // Twice: identical, no second array element appended, and the model's view untouched.
        #expect(try rmEncode(model) == output)
        #expect(JSON(model.ds) == (try JSON(parsing: rmLevelsJSON)))
    }

    @Test("Insertion on a DynamicClass directly gives the README's document")
    func insertionOnDynamicClass() throws {
        var ds = DynamicClass(try JSON(parsing: rmLevelsJSON))
        ds.level1.level2.level3.insertedProperty.set("nested item")
        ds.level1.level2.insertedArray.set(["inserted item 1", "inserted item 2"])
        ds.level1.level2.level3.level4.level5.level6Array[4].set(RMArrayItemModel(item1: "inserted item 1", item2: 5))

        #expect(JSON(ds) == (try JSON(parsing: rmInsertedCompact)))
        #expect(ds.debugDescription == rmInsertedCompact)
        #expect(try rmEncode(ds) == rmInsertedCompact)
        #expect(
            try rmEncode(ds, [.sortedKeys])
                == #"{"level1":{"level2":{"insertedArray":["inserted item 1","inserted item 2"],"level3":{"insertedProperty":"nested item","level4":{"level5":{"level6Array":[{"item1":"Item A","item2":100},{"item1":"Item C","item2":200},{"item1":"Item E","item2":300},null,{"item1":"inserted item 1","item2":5}],"property5":"Value 5"},"property4":"Value 4"},"property3":"Value 3"},"property2":10},"property1":"Value 1"},"property0":"Value 0"}"#
        )
    }

    // MARK: Extend JSONDecoder & JSONEncoder: dates

    @Test(".iso8601: birthDate <-- ds.user.personalInfo.birthDate is 2023-10-30T19:00:00Z")
    func iso8601BirthDate() throws {
        let model = try rmDecode(RMBirth.self, rmBirthJSON) { $0.dateDecodingStrategy = .iso8601 }
        #expect(model.birthDate == Date(timeIntervalSince1970: 1_698_692_400))
    }

    @Test(".iso8601 both ways: the encoder's strategy applies to the value the mapping writes")
    func iso8601BirthDateEncode() throws {
        var model = try rmDecode(RMBirth.self, rmBirthJSON) { $0.dateDecodingStrategy = .iso8601 }
        model.birthDate = Date(timeIntervalSince1970: 1_698_692_400 + 86_400)
        let output = try rmEncode(model) { $0.dateEncodingStrategy = .iso8601 }
        #expect(output == #"{"user":{"personalInfo":{"birthDate":"2023-10-31T19:00:00Z","name":"Abdulrahman"},"id":7},"version":1}"#)
    }

    @Test("Default date strategy: an ISO string is not a Date; the failure is reported, strict throws")
    func defaultStrategyRejectsISOString() throws {
        let box = RMFailureBox()
        let model = try rmDecode(RMBirthText.self, rmBirthJSON) { decoder in
            decoder.mappingFailureHandler = { box.add($0) }
        }
        #expect(model.birthDate == nil)
        #expect(model.birthText == "2023-10-30T19:00:00Z")
        #expect(box.failures.count == 1)
        let failure = try #require(box.failures.first)
        #expect(rmIsTypeMismatch(failure))
        #expect(rmPath(failure) == ".user.personalInfo.birthDate")

        // Foundation's JSONDecoder rejects it the same way.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RMFoundationBirth.self, from: Data(#"{"birthDate":"2023-10-30T19:00:00Z"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try rmDecode(RMBirthText.self, rmBirthJSON) { $0.strictMapping = true }
        }
    }

    @Test("Default date strategy: a number is seconds since 2001, exactly as JSONDecoder decodes it")
    func defaultStrategyDecodesNumber() throws {
        let box = RMFailureBox()
        let model = try rmDecode(RMBirthText.self, #"{"user":{"personalInfo":{"birthDate":720385200}}}"#) { decoder in
            decoder.mappingFailureHandler = { box.add($0) }
        }
        let foundation = try JSONDecoder().decode(RMFoundationBirth.self, from: Data(#"{"birthDate":720385200}"#.utf8))
        #expect(foundation.birthDate == Date(timeIntervalSinceReferenceDate: 720_385_200))
        #expect(model.birthDate == foundation.birthDate)
        #expect(model.birthDate == Date(timeIntervalSince1970: 1_698_692_400))
        // A String read of a number does not convert it: unchanged, and reported.
        #expect(model.birthText == nil)
        #expect(box.failures.count == 1)
        #expect(box.failures.first.map(rmIsTypeMismatch) == true)
        #expect(box.failures.first.map(rmPath) == ".user.personalInfo.birthDate")

        // .secondsSince1970 reads the same instant from the Unix timestamp.
        let unix = try rmDecode(RMBirth.self, #"{"user":{"personalInfo":{"birthDate":1698692400}}}"#) {
            $0.dateDecodingStrategy = .secondsSince1970
        }
        #expect(unix.birthDate == Date(timeIntervalSince1970: 1_698_692_400))
    }

    // MARK: The three mapping forms

    @Test("Decoding form: reads; encoding leaves the document as it was")
    func decodingForm() throws {
        var model = try rmDecode(RMDecodingForm.self, rmFormsJSON)
        #expect(model.name == "Qasem")
        #expect(model.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(model.numberOfChildren == 2)
        #expect(try rmEncode(model, [.withoutEscapingSlashes]) == rmFormsJSON)

        model.numberOfChildren = 3
        model.name = "Ada"
        // Nothing writes the mapped properties back; the own key changes.
        #expect(
            try rmEncode(model, [.sortedKeys, .withoutEscapingSlashes])
                == #"{"alboms":{"familyAlbom":{"bestPhoto":"https://example.com/family.jpg"}},"familyInfo":{"childrenCount":2},"name":"Ada"}"#)
        #expect(model.numberOfChildren == 3)
    }

    @Test("Encoding form: reads nothing; writes the properties (nil as null)")
    func encodingForm() throws {
        var model = try rmDecode(RMEncodingForm.self, rmFormsJSON)
        #expect(model.name == "Qasem")
        #expect(model.bestFamilyPhoto == nil)
        #expect(model.numberOfChildren == nil)
        // `set($0)` with a nil optional writes null.
        #expect(
            try rmEncode(model, [.withoutEscapingSlashes])
                == #"{"name":"Qasem","alboms":{"familyAlbom":{"bestPhoto":null}},"familyInfo":{"childrenCount":null}}"#)

        model.bestFamilyPhoto = rmURL("https://example.com/new.jpg")
        model.numberOfChildren = 4
        #expect(
            try rmEncode(model, [.withoutEscapingSlashes])
                == #"{"name":"Qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/new.jpg"}},"familyInfo":{"childrenCount":4}}"#)
        #expect(
            try rmEncode(model, [.sortedKeys, .withoutEscapingSlashes])
                == #"{"alboms":{"familyAlbom":{"bestPhoto":"https://example.com/new.jpg"}},"familyInfo":{"childrenCount":4},"name":"Qasem"}"#)

        // Made in code: the writes create the nested objects after the own keys.
        var fresh = RMEncodingForm(name: "Ada")
        fresh.bestFamilyPhoto = rmURL("https://example.com/ada.jpg")
        fresh.numberOfChildren = 1
        #expect(
            try rmEncode(fresh, [.withoutEscapingSlashes])
                == #"{"name":"Ada","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/ada.jpg"}},"familyInfo":{"childrenCount":1}}"#)
        // Slashes escaped by default, as JSONEncoder does.
        #expect(
            try rmEncode(fresh) == #"{"name":"Ada","alboms":{"familyAlbom":{"bestPhoto":"https:\/\/example.com\/ada.jpg"}},"familyInfo":{"childrenCount":1}}"#)
    }

    @Test("Switch form: reads while decoding, writes while encoding")
    func switchForm() throws {
        var model = try rmDecode(RMSwitchForm.self, rmFormsJSON)
        #expect(model.bestFamilyPhoto == rmURL("https://example.com/family.jpg"))
        #expect(model.numberOfChildren == 2)
        #expect(try rmEncode(model, [.withoutEscapingSlashes]) == rmFormsJSON)

        model.numberOfChildren = 3
        model.bestFamilyPhoto = rmURL("https://example.com/new.jpg")
        let expected = #"{"name":"Qasem","alboms":{"familyAlbom":{"bestPhoto":"https://example.com/new.jpg"}},"familyInfo":{"childrenCount":3}}"#
        #expect(try rmEncode(model, [.withoutEscapingSlashes]) == expected)
        #expect(
            try rmEncode(model, [.sortedKeys, .withoutEscapingSlashes])
                == #"{"alboms":{"familyAlbom":{"bestPhoto":"https://example.com/new.jpg"}},"familyInfo":{"childrenCount":3},"name":"Qasem"}"#)
        let again = try rmDecode(RMSwitchForm.self, expected)
        #expect(again.numberOfChildren == 3)
        #expect(again.bestFamilyPhoto == rmURL("https://example.com/new.jpg"))

        var fresh = RMSwitchForm(name: "Ada")
        fresh.numberOfChildren = 0
        #expect(try rmEncode(fresh) == #"{"name":"Ada","alboms":{"familyAlbom":{"bestPhoto":null}},"familyInfo":{"childrenCount":0}}"#)
    }

    // MARK: DynamicMapper + Realm

    @Test("Realm-like class (README form): name <-- ds.user.personalInfo.name, written back with -->")
    func realmLikeModel() throws {
        let input = #"{"user":{"personalInfo":{"name":"Abdulrahman","age":28}}}"#
        let model = try rmDecode(RMRealmModel.self, input)
        #expect(model.name == "Abdulrahman")
        // `name` is an own key too: appended at the top level.
        #expect(try rmEncode(model) == #"{"user":{"personalInfo":{"name":"Abdulrahman","age":28}},"name":"Abdulrahman"}"#)

        model.name = "Ada"
        #expect(try rmEncode(model) == #"{"user":{"personalInfo":{"name":"Ada","age":28}},"name":"Ada"}"#)
        #expect(model.name == "Ada")

        let fresh = RMRealmModel()
        #expect(fresh.name == "")
        fresh.name = "Ada"
        #expect(try rmEncode(fresh) == #"{"name":"Ada","user":{"personalInfo":{"name":"Ada"}}}"#)
    }

    @Test("Realm-like class with @NotCoded name: only the nested key")
    func realmLikeNotCodedModel() throws {
        let input = #"{"user":{"personalInfo":{"name":"Abdulrahman","age":28}},"name":"ignored"}"#
        let model = try rmDecode(RMNotCodedRealmModel.self, input)
        #expect(model.name == "Abdulrahman")
        #expect(try rmEncode(model) == input)
        model.name = "Ada"
        #expect(try rmEncode(model) == #"{"user":{"personalInfo":{"name":"Ada","age":28}},"name":"ignored"}"#)

        let fresh = RMNotCodedRealmModel()
        fresh.name = "Ada"
        #expect(try rmEncode(fresh) == #"{"user":{"personalInfo":{"name":"Ada"}}}"#)
    }

    // MARK: Subclassing

    @Test("Subclass at the top level: both mappings run once, both write when encoding")
    func subclassTopLevel() throws {
        let model = try rmDecode(RMDerivedModel.self, rmDerivedJSON)
        #expect(model.id == 1)
        #expect(model.role == "admin")
        #expect(model.city == "Amman")
        #expect(model.zip == "11118")
        #expect(model.baseDecodingRuns == 1)
        #expect(model.derivedDecodingRuns == 1)

        #expect(try rmEncode(model) == rmDerivedJSON)
        model.city = "Irbid"
        model.zip = "21110"
        model.role = "owner"
        let expected = #"{"id":1,"role":"owner","address":{"city":"Irbid","zip":"21110","country":"JO"}}"#
        #expect(try rmEncode(model) == expected)
        #expect(try rmEncode(model) == expected)
        #expect(try rmEncode(model, [.sortedKeys]) == #"{"address":{"city":"Irbid","country":"JO","zip":"21110"},"id":1,"role":"owner"}"#)
        #expect(model.city == "Irbid")
        #expect(model.baseDecodingRuns == 1)
        #expect(model.derivedDecodingRuns == 1)

        // Running the mapping again by hand: same values (reads are idempotent).
        model.dynamicMapping(mappingType: .decoding)
        #expect(model.city == "Amman")
        #expect(model.zip == "11118")
        #expect(model.baseDecodingRuns == 2)
        #expect(model.derivedDecodingRuns == 2)
    }

    @Test("Subclass in an array and as a property typed as the subclass")
    func subclassNested() throws {
        let list = try rmDecode([RMDerivedModel].self, "[\(rmDerivedJSON),\(rmDerivedJSON)]")
        #expect(list.count == 2)
        for model in list {
            #expect(model.city == "Amman")
            #expect(model.zip == "11118")
            #expect(model.baseDecodingRuns == 1)
            #expect(model.derivedDecodingRuns == 1)
        }

        let holder = try rmDecode(RMHierarchyHolder.self, rmHolderJSON)
        #expect(holder.owner.role == "admin")
        #expect(holder.owner.city == "Amman")
        #expect(holder.owner.zip == "11118")
        #expect(holder.owner.baseDecodingRuns == 1)
        #expect(holder.owner.derivedDecodingRuns == 1)
        #expect(holder.members.count == 2)
        #expect(holder.members.map(\.id) == [2, 3])
        #expect(holder.members.map(\.city) == ["Berlin", "Paris"])
        #expect(holder.members.map(\.zip) == ["10115", nil])
        #expect(holder.members.map(\.baseDecodingRuns) == [1, 1])
        #expect(holder.members.map(\.derivedDecodingRuns) == [1, 1])

        // The last member has no zip and the program set none: nothing is written there.
        #expect(try rmEncode(holder) == rmHolderJSON)
        holder.owner.city = "Zarqa"
        holder.members[1].zip = "75001"
        #expect(
            try rmEncode(holder)
                == #"{"owner":{"id":1,"role":"admin","address":{"city":"Zarqa","zip":"11118"}},"members":[{"id":2,"role":"user","address":{"city":"Berlin","zip":"10115"}},{"id":3,"role":"guest","address":{"city":"Paris","zip":"75001"}}]}"#
        )
    }

    @Test("Subclass made in code: both mappings create their nested keys")
    func subclassFromCode() throws {
        let model = RMDerivedModel(id: 2, role: "user")
        model.city = "Paris"
        model.zip = "75001"
        #expect(try rmEncode(model) == #"{"id":2,"role":"user","address":{"city":"Paris","zip":"75001"}}"#)
        #expect(model.dynamicSelf == nil)
    }
}
