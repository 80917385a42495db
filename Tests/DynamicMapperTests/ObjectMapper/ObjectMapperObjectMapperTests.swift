import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's ObjectMapperTests.swift, ported. `Mapper<T>().map(JSONString:)` is
// `try? T.decode(from:)`, `mapArray(JSONString:)` is `[T].decode(from:)`,
// `toJSONString(x, prettyPrint:)` is `x.encodedString(prettyPrinted:)`, `toJSON` is
// `encodedObject()`, `map(JSONString:toObject:)` is `DynamicJSONDecoder().decode(into:from:)`.
// `[Any]`/`[String: Any]` properties are `[JSON]`/`[String: JSON]`.

private enum Sex: String, Codable {
    case Male
    case Female
}

private enum ExampleEnum: Int, Codable {
    case a, b, c
}

private class Base: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var base: String?
    required init() {}

    func mapping(_ map: DynamicMap) {
        base <-> ds.base
    }
}

private final class User: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var username = ""
    var identifier: String?
    var photoCount = 0
    var age: Int?
    var weight: Double?
    var float: Float?
    var drinker = false
    var smoker: Bool?
    var sex: Sex?
    var canDrive: Bool?
    var arr: [JSON] = []
    var arrOptional: [JSON]?
    var dict: [String: JSON] = [:]
    var dictOptional: [String: JSON]?
    var dictString: [String: String]?
    var friendDictionary: [String: User]?
    var friend: User?
    var friends: [User]? = []
    init() {}

    func mapping(_ map: DynamicMap) {
        username <-> ds.username
        identifier <-> ds.identifier
        photoCount <-> ds.photoCount
        age <-> ds.age
        weight <-> ds.weight
        float <-> ds.float
        drinker <-> ds.drinker
        smoker <-> ds.smoker
        sex <-> ds.sex
        canDrive <-> ds.canDrive
        arr <-> ds.arr
        arrOptional <-> ds.arrOpt
        dict <-> ds.dict
        dictOptional <-> ds.dictOpt
        friend <-> ds.friend
        friends <-> ds.friends
        friendDictionary <-> ds.friendDictionary
        dictString <-> ds.dictString
    }
}

private struct Student: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    var UUID: String?
    var major: Int?
    var minor: Int?

    mutating func mapping(_ map: DynamicMap) {
        name <-> ds.name
        UUID <-> ds.UUID
        major <-> ds.major
        minor <-> ds.minor
    }
}

private final class Task: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var taskId: Int?
    var percentage: Double?
    init() {}

    func mapping(_ map: DynamicMap) {
        taskId <-> ds.taskId
        percentage <-> ds.percentage
    }
}

private final class Plan: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var tasks: [Task]?
    var dictionaryOfTasks: [String: [Task]]?
    init() {}

    func mapping(_ map: DynamicMap) {
        tasks <-> ds.tasks
        dictionaryOfTasks <-> ds.dictionaryOfTasks
    }
}

private final class TaskDictionary: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var test: String?
    var tasks: [String: Task]?
    init() {}

    func mapping(_ map: DynamicMap) {
        test <-> ds.test
        tasks <-> ds.tasks
    }
}

private final class ExampleEnumArray: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var enums: [ExampleEnum] = []
    init() {}

    func mapping(_ map: DynamicMap) {
        enums <-> ds.enums
    }
}

private final class ExampleEnumDictionary: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var enums: [String: ExampleEnum] = [:]
    init() {}

    func mapping(_ map: DynamicMap) {
        enums <-> ds.enums
    }
}

private final class ArrayTest: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var twoDimensionalArray: [[Base]]?
    init() {}

    func mapping(_ map: DynamicMap) {
        twoDimensionalArray <-> ds.twoDimensionalArray
    }
}

private struct CachedItem: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?

    mutating func mapping(_ map: DynamicMap) {
        name <-> ds.name
    }
}

private final class CachedModel: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    var bigList: [CachedItem]?
    init() {}

    func mapping(_ map: DynamicMap) {
        name <-> ds.name
        bigList <-> ds.bigList
    }
}

private func data(_ object: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: object)
}

private let subUserJSON = #"{"identifier" : "user8723", "drinker" : true, "age": 17, "username" : "sub user" }"#

private func userJSONString(weight: Double, subUser: String = subUserJSON, extra: String = "") -> String {
    let float: Float = 123.231
    return
        #"{"username":"John Doe","identifier":"user8723","photoCount":13,"age":1227,"drinker":true,"smoker":false, "sex":"Female", \#(extra)"arr":[ "bla", true, 42 ], "dict":{ "key1" : "value1", "key2" : false, "key3" : 142 }, "arrOpt":[ "bla", true, 42 ], "dictOpt":{ "key1" : "value1", "key2" : false, "key3" : 142 }, "weight": \#(weight), "float": \#(float), "friend": \#(subUser), "friendDictionary":{ "bestFriend": \#(subUser)}"#
}

private func expectJohnDoe(_ user: User?, weight: Double) {
    #expect(user != nil)
    #expect(user?.username == "John Doe")
    #expect(user?.identifier == "user8723")
    #expect(user?.photoCount == 13)
    #expect(user?.age == 1227)
    #expect(user?.weight == weight)
    #expect(user?.float == 123.231)
    #expect(user?.drinker == true)
    #expect(user?.smoker == false)
    #expect(user?.sex == .Female)
}

private func makeTristan() -> User {
    let user = User()
    user.username = "tristan_him"
    user.identifier = "tristan_him_identifier"
    user.photoCount = 0
    user.age = 28
    user.weight = 150
    user.drinker = true
    user.smoker = false
    user.sex = .Female
    user.arr = ["cheese", 11234]
    return user
}

@Suite("ObjectMapper ObjectMapperTests")
struct OMObjectMapperTests {
    @Test func testBasicParsing() {
        let subUser = #"{"identifier" : "user8723", "drinker" : true, "age": 17, "username" : "sub user", "canDrive": true }"#
        let text = userJSONString(weight: 123.23, subUser: subUser, extra: #""canDrive": true, "#) + #", "friends": [\#(subUser), \#(subUser)]}"#
        let user = try? User.decode(from: text)
        expectJohnDoe(user, weight: 123.23)
        #expect(user?.canDrive == true)
        #expect(user?.friends != nil)
        #expect(user?.friends?.count == 2)
        #expect(user?.friends?[1].canDrive == true)
    }

    @Test func testOptionalStringParsing() {
        let user = try? User.decode(from: userJSONString(weight: 123.23) + "}")
        expectJohnDoe(user, weight: 123.23)
    }

    @Test func testInstanceParsing() throws {
        var user = User()
        try DynamicJSONDecoder().decode(into: &user, from: Data((userJSONString(weight: 180.51) + "}").utf8))
        expectJohnDoe(user, weight: 180.51)
    }

    @Test func testDictionaryParsing() throws {
        var s = Student()
        s.minor = 1
        try DynamicJSONDecoder().decode(into: &s, from: data(["name": "Genghis khan", "UUID": "12345", "major": 99]))
        #expect(s.name == "Genghis khan")
        #expect(s.UUID == "12345")
        #expect(s.major == 99)
        #expect(s.minor == 1)

        var user = User()
        try DynamicJSONDecoder().decode(into: &user, from: data(["username": "Barack Obama", "identifier": "Political", "photoCount": 1000000000]))
        #expect(user.username == "Barack Obama")
        #expect(user.identifier == "Political")
        #expect(user.photoCount == 1000000000)
    }

    @Test func testNullObject() {
        let user = try? User.decode(from: #"{"username":"bob"}"#)
        #expect(user != nil)
        #expect(user?.age == nil)
    }

    @Test func testToJSONAndBack() throws {
        let user = makeTristan()
        let text = try user.encodedString(prettyPrinted: true)
        let parsed = try #require(try? User.decode(from: text))
        #expect(parsed.identifier == user.identifier)
        #expect(parsed.photoCount == user.photoCount)
        #expect(parsed.age == user.age)
        #expect(parsed.weight == user.weight)
        #expect(parsed.drinker == user.drinker)
        #expect(parsed.smoker == user.smoker)
        #expect(parsed.sex == user.sex)
    }

    @Test func testToJSONArrayAndBack() throws {
        let user = makeTristan()
        let text = try [user, user, user].encodedString()
        let parsed = try? [User].decode(from: text)
        #expect(parsed != nil)
        #expect(parsed?.count == 3)
        #expect(parsed?[0].identifier == user.identifier)
        #expect(parsed?[0].photoCount == user.photoCount)
        #expect(parsed?[0].age == user.age)
        #expect(parsed?[0].weight == user.weight)
        #expect(parsed?[0].drinker == user.drinker)
        #expect(parsed?[0].smoker == user.smoker)
        #expect(parsed?[0].sex == user.sex)
    }

    @Test func testUnknownPropertiesIgnored() {
        let text = #"{"username":"bob","identifier":"bob1987", "foo" : "bar", "fooArr" : [ 1, 2, 3], "fooObj" : { "baz" : "qux" } }"#
        #expect((try? User.decode(from: text)) != nil)
    }

    @Test func testInvalidJsonResultsInNilObject() {
        let text = #"{"username":"bob","identifier":"bob1987""#
        #expect((try? User.decode(from: text)) == nil)
    }

    @Test func testMapArrayJSON() {
        let text =
            #"[{"name": "Bob", "UUID": "3C074D4B-FC8C-4CA2-82A9-6E9367BBC875", "major": 541, "minor": 123},{ "name": "Jane", "UUID": "3C074D4B-FC8C-4CA2-82A9-6E9367BBC876", "major": 54321,"minor": 13 }]"#
        let students = try? [Student].decode(from: text)
        #expect((students?.count ?? 0) > 0)
        #expect(students?.count == 2)
        #expect(students?[0].name == "Bob")
        #expect(students?[1].name == "Jane")
    }

    @Test func testMapArrayJSONWithNoArray() throws {
        let text = #"{"name": "Bob", "UUID": "3C074D4B-FC8C-4CA2-82A9-6E9367BBC875", "major": 541, "minor": 123}"#
        // ObjectMapper reads it always; here it is an opt-in, and without it a type mismatch.
        #expect(throws: DecodingError.self) { try [Student].decode(from: text) }
        let students = try? [Student].decode(from: text, singleObjectAsArray: true)
        #expect((students?.count ?? 0) > 0)
        #expect(students?.count == 1)
        #expect(students?[0].name == "Bob")

        // A property has the opt-in: the same object under a key reads as a one-element array.
        struct Course: DynamicMappable {
            var dynamicSelf: DynamicClass?
            var students: [Student] = []
            mutating func mapping(_ map: DynamicMap) {
                students <-> map["students", singleObjectAsArray: true]
            }
        }
        let course = try Course.decode(from: #"{"students": \#(text)}"#)
        #expect(course.students.count == 1)
        #expect(course.students.first?.name == "Bob")
    }

    @Test func testMapArrayJSONWithEmptyArray() {
        let students = try? [Student].decode(from: "[]")
        #expect(students != nil)
        #expect(students?.count == 0)
    }

    @Test func testArrayOfCustomObjects() {
        let text = #"{ "tasks": [{"taskId":103,"percentage":0.1},{"taskId":108,"percentage":1792.41}] }"#
        let tasks = (try? Plan.decode(from: text))?.tasks
        #expect(tasks != nil)
        #expect(tasks?[0].percentage == 0.1)
        #expect(tasks?[1].percentage == 1792.41)
    }

    @Test func testDictionaryOfArrayOfCustomObjects() throws {
        let text = #"{ "dictionaryOfTasks": { "mondayTasks" :[{"taskId":103,"percentage":0.1},{"taskId":108,"percentage":1792.41}] } }"#
        let plan = try #require(try? Plan.decode(from: text))
        let tasks = plan.dictionaryOfTasks
        #expect(tasks != nil)
        #expect(tasks?["mondayTasks"]?[0].percentage == 0.1)
        #expect(tasks?["mondayTasks"]?[1].percentage == 1792.41)

        let planFromJSON = try? Plan.decode(from: try plan.encodedString(prettyPrinted: true))
        let tasks2 = planFromJSON?.dictionaryOfTasks
        #expect(tasks2 != nil)
        #expect(tasks2?["mondayTasks"]?[0].percentage == 0.1)
        #expect(tasks2?["mondayTasks"]?[1].percentage == 1792.41)
    }

    @Test func testArrayOfEnumObjects() {
        let enums = (try? ExampleEnumArray.decode(from: #"{ "enums": [0, 1, 2] }"#))?.enums
        #expect(enums != nil)
        #expect(enums?.count == 3)
        #expect(enums?[0] == .a)
        #expect(enums?[1] == .b)
        #expect(enums?[2] == .c)
    }

    @Test func testDictionaryOfCustomObjects() {
        let text = #"{"tasks": { "task1": {"taskId":103,"percentage":0.1}, "task2": {"taskId":108,"percentage":1792.41}}}"#
        let task = (try? TaskDictionary.decode(from: text))?.tasks?["task1"]
        #expect(task != nil)
        #expect(task?.percentage == 0.1)
    }

    @Test func testDictionryOfEnumObjects() {
        let enums = (try? ExampleEnumDictionary.decode(from: #"{ "enums": {"A": 0, "B": 1, "C": 2} }"#))?.enums
        #expect(enums != nil)
        #expect(enums?.count == 3)
    }

    @Test func testDoubleParsing() {
        let task = try? Task.decode(from: #"{"taskId":103,"percentage":1792.41}"#)
        #expect(task != nil)
        #expect(task?.percentage == 1792.41)
    }

    @Test func testToJSONArray() throws {
        let tasks = [(1, 11.1), (2, 22.2), (3, 33.3)].map { id, percentage in
            let task = Task()
            task.taskId = id
            task.percentage = percentage
            return task
        }
        let array = try tasks.map { try $0.encodedObject() }
        for (json, task) in zip(array, tasks) {
            #expect(json["taskId"] as? Int == task.taskId)
            #expect(json["percentage"] as? Double == task.percentage)
        }
    }

    @Test func testArrayOfArrayOfMappable() throws {
        let json = ["twoDimensionalArray": [[["base": "1"], ["base": "2"], ["base": "3"]], [["base": "4"]]]]
        let arrayTest = try #require(try? ArrayTest.decode(from: json))
        #expect(arrayTest.twoDimensionalArray?[0][0].base == "1")
        #expect(arrayTest.twoDimensionalArray?[0][1].base == "2")
        #expect(arrayTest.twoDimensionalArray?[0][2].base == "3")
        #expect(arrayTest.twoDimensionalArray?[1][0].base == "4")
        #expect(arrayTest.twoDimensionalArray?[0].count == 3)
        #expect(arrayTest.twoDimensionalArray?[1].count == 1)

        let backToJSON = try arrayTest.encodedObject()
        let arrayTest2 = try? ArrayTest.decode(from: backToJSON)
        #expect(arrayTest2 != nil)
        #expect(arrayTest2?.twoDimensionalArray?[0][0].base == arrayTest.twoDimensionalArray?[0][0].base)
        #expect(arrayTest2?.twoDimensionalArray?[0][1].base == arrayTest.twoDimensionalArray?[0][1].base)
    }

    @Test func testShouldPreventOverwritingMappableProperty() throws {
        var model = CachedModel()
        try DynamicJSONDecoder().decode(
            into: &model, from: data(["name": "Entry 1", "bigList": [["name": "item 1"], ["name": "item 2"], ["name": "item 3"]]]))
        #expect(model.name == "Entry 1")
        #expect(model.bigList?.count == 3)
        try DynamicJSONDecoder().decode(into: &model, from: data(["name": "Entry 1"]))
        #expect(model.name == "Entry 1")
        #expect(model.bigList?.count == 3)
    }
}
