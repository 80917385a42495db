import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// A key for any string or integer.
struct DecAnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A value decoded with a generic key `v`.
struct DecBox<Value: Codable & Equatable>: Codable, Equatable {
    var v: Value
}

// MARK: - Models

struct DecAddress: Codable, Equatable {
    var street: String
    var zip: String
    var unit: Int?
}

struct DecUser: Codable, Equatable {
    var id: Int
    var name: String
    var address: DecAddress?
    var tags: [String]
    var scores: [Double?]?
}

struct DecUserList: Codable, Equatable {
    var users: [DecUser]
}

struct ZipHolder: Codable, Equatable { var zip: String }
struct ZipUsers: Codable, Equatable { var users: [ZipHolder] }

struct DecEmpty: Codable, Equatable {}

/// Touches every container operation by hand.
struct ManualContainers: Decodable, Equatable {
    var a: Int
    var list: [Int]
    var listCount: Int?
    var nestedName: String
    var nestedNumbers: [Int]
    var superValue: Int
    var matrix: [[Int]]
    var keys: [String]
    var containsMissing: Bool
    var optionalMissing: Int?
    var optionalNull: Int?
    var nilChecks: [Bool]

    enum Keys: String, CodingKey { case a, list, nested, sup, matrix, missing, nullValue }
    enum NestedKeys: String, CodingKey { case name, numbers }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        a = try container.decode(Int.self, forKey: .a)
        var unkeyed = try container.nestedUnkeyedContainer(forKey: .list)
        listCount = unkeyed.count
        var list: [Int] = []
        var nilChecks: [Bool] = []
        while !unkeyed.isAtEnd {
            let isNil = try unkeyed.decodeNil()
            nilChecks.append(isNil)
            if !isNil { list.append(try unkeyed.decode(Int.self)) }
        }
        self.list = list
        self.nilChecks = nilChecks
        let nested = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
        nestedName = try nested.decode(String.self, forKey: .name)
        var numbers = try nested.nestedUnkeyedContainer(forKey: .numbers)
        var nestedNumbers: [Int] = []
        while !numbers.isAtEnd { nestedNumbers.append(try numbers.decode(Int.self)) }
        self.nestedNumbers = nestedNumbers
        superValue = try container.superDecoder(forKey: .sup).singleValueContainer().decode(Int.self)
        var rows = try container.nestedUnkeyedContainer(forKey: .matrix)
        var matrix: [[Int]] = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            var values: [Int] = []
            while !row.isAtEnd { values.append(try row.decode(Int.self)) }
            matrix.append(values)
        }
        self.matrix = matrix
        keys = container.allKeys.map(\.stringValue).sorted()
        containsMissing = container.contains(.missing)
        optionalMissing = try container.decodeIfPresent(Int.self, forKey: .missing)
        optionalNull = try container.decodeIfPresent(Int.self, forKey: .nullValue)
    }
}

/// Reads `[a, b, c]` with an unkeyed container, one `decode` each.
struct ThreeInts: Decodable, Equatable {
    var values: [Int]
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        values = [try container.decode(Int.self), try container.decode(Int.self), try container.decode(Int.self)]
    }
}

/// Opens a nested keyed container in an unkeyed one, then a nested unkeyed container, then a super decoder.
struct UnkeyedNesting: Decodable, Equatable {
    var name: String
    var numbers: [Int]
    var superString: String
    var index: Int
    var nilAtEnd: Bool?

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let object = try container.nestedContainer(keyedBy: DecAnyKey.self)
        name = try object.decode(String.self, forKey: DecAnyKey("name"))
        var inner = try container.nestedUnkeyedContainer()
        var numbers: [Int] = []
        while !inner.isAtEnd { numbers.append(try inner.decode(Int.self)) }
        self.numbers = numbers
        superString = try container.superDecoder().singleValueContainer().decode(String.self)
        index = container.currentIndex
        nilAtEnd = container.isAtEnd ? nil : try container.decodeNil()
    }
}

/// Reads an optional element with `decodeIfPresent` in an unkeyed container.
struct UnkeyedOptionals: Decodable, Equatable {
    var values: [Int?]
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Int?] = []
        while !container.isAtEnd { values.append(try container.decodeIfPresent(Int.self)) }
        self.values = values
    }
}

/// Opens a nested keyed container for key `x` and decodes `T` at key `y` in it.
struct NestedKeyedProbe<T: Decodable & Equatable>: Decodable, Equatable {
    var value: T
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        let nested = try container.nestedContainer(keyedBy: DecAnyKey.self, forKey: DecAnyKey("x"))
        value = try nested.decode(T.self, forKey: DecAnyKey("y"))
    }
}

/// Opens a nested unkeyed container for key `x` and decodes one `T` from it.
struct NestedUnkeyedProbe<T: Decodable & Equatable>: Decodable, Equatable {
    var value: T
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        var nested = try container.nestedUnkeyedContainer(forKey: DecAnyKey("x"))
        value = try nested.decode(T.self)
    }
}

/// Opens a keyed container inside an unkeyed one.
struct UnkeyedToKeyedProbe: Decodable, Equatable {
    var value: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        let nested = try container.nestedContainer(keyedBy: DecAnyKey.self)
        value = try nested.decode(Int.self, forKey: DecAnyKey("k"))
    }
}

/// Opens an unkeyed container inside an unkeyed one.
struct UnkeyedToUnkeyedProbe: Decodable, Equatable {
    var value: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        var nested = try container.nestedUnkeyedContainer()
        value = try nested.decode(Int.self)
    }
}

/// Decodes a value through `superDecoder(forKey:)` at key `parent`.
struct SuperForKeyProbe: Decodable, Equatable {
    var value: Int?
    var path: [String]
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        let superDecoder = try container.superDecoder(forKey: DecAnyKey("parent"))
        path = superDecoder.codingPath.map(\.stringValue)
        let single = try superDecoder.singleValueContainer()
        value = single.decodeNil() ? nil : try single.decode(Int.self)
    }
}

/// Decodes through `superDecoder()` (key `super`).
struct SuperDefaultProbe: Decodable, Equatable {
    var value: String
    var path: [String]
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        let superDecoder = try container.superDecoder()
        path = superDecoder.codingPath.map(\.stringValue)
        value = try superDecoder.container(keyedBy: DecAnyKey.self).decode(String.self, forKey: DecAnyKey("s"))
    }
}

/// Records the coding paths the decoders report at each level.
struct PathRecorder: Decodable, Equatable {
    var paths: [String]
    init(from decoder: any Decoder) throws {
        func render(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        var paths = [render(decoder.codingPath)]
        let container = try decoder.container(keyedBy: DecAnyKey.self)
        paths.append(render(container.codingPath))
        var list = try container.nestedUnkeyedContainer(forKey: DecAnyKey("list"))
        paths.append(render(list.codingPath))
        _ = try list.decode(Int.self)
        let inner = try list.nestedContainer(keyedBy: DecAnyKey.self)
        paths.append(render(inner.codingPath))
        let deeper = try inner.superDecoder(forKey: DecAnyKey("deep"))
        paths.append(render(deeper.codingPath))
        paths.append(render(try deeper.singleValueContainer().codingPath))
        let listSuper = try list.superDecoder()
        paths.append(render(listSuper.codingPath))
        self.paths = paths
    }
}

class DecAnimal: Decodable, Equatable {
    let name: String

    enum Keys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
    }

    func isEqual(to other: DecAnimal) -> Bool { type(of: self) == type(of: other) && name == other.name }

    static func == (lhs: DecAnimal, rhs: DecAnimal) -> Bool { lhs.isEqual(to: rhs) }
}

/// Shares its container with the superclass (`super.init(from: decoder)`).
final class DecDog: DecAnimal {
    let breed: String

    enum DogKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        breed = try decoder.container(keyedBy: DogKeys.self).decode(String.self, forKey: .breed)
        try super.init(from: decoder)
    }

    override func isEqual(to other: DecAnimal) -> Bool {
        guard let other = other as? DecDog else { return false }
        return breed == other.breed && super.isEqual(to: other)
    }
}

/// Hands the superclass `superDecoder()` (key `super`).
final class DecCat: DecAnimal {
    let lives: Int

    enum CatKeys: String, CodingKey { case lives }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CatKeys.self)
        lives = try container.decode(Int.self, forKey: .lives)
        try super.init(from: container.superDecoder())
    }

    override func isEqual(to other: DecAnimal) -> Bool {
        guard let other = other as? DecCat else { return false }
        return lives == other.lives && super.isEqual(to: other)
    }
}

/// Hands the superclass `superDecoder(forKey: .parent)`.
final class DecBird: DecAnimal {
    let wings: Int

    enum BirdKeys: String, CodingKey { case wings, parent }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: BirdKeys.self)
        wings = try container.decode(Int.self, forKey: .wings)
        try super.init(from: container.superDecoder(forKey: .parent))
    }

    override func isEqual(to other: DecAnimal) -> Bool {
        guard let other = other as? DecBird else { return false }
        return wings == other.wings && super.isEqual(to: other)
    }
}

enum DecShape: Codable, Equatable {
    case circle(radius: Double)
    case rect(Double, Double)
    case point
    case labeled(name: String, Int)
    indirect case nested(DecShape?)
}

enum DecColor: String, Codable, CodingKeyRepresentable {
    case red, green
}

enum DecLevel: Int, Codable, CodingKeyRepresentable {
    case low = 1
    case high = 10
}

struct DecPalette: Codable, Equatable {
    var color: DecColor
    var level: DecLevel?
    var shapes: [DecShape]
}

struct DecOptionals: Codable, Equatable {
    var a: Int?
    var b: String?
    var c: [Int?]?
    var d: [String: Int?]?
    var e: DecAddress?
    var f: [[Int]?]?
    var g: Bool?
}

struct DecCollections: Codable, Equatable {
    var byName: [String: DecAddress]
    var byNumber: [Int: String]
    var lists: [String: [Int]]
    var nested: [[String]]
    var optionalElements: [String?]
}

/// Every integer width, plus Float, Double, Decimal, Bool, String, URL.
struct DecScalars: Codable, Equatable {
    var i: Int
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var u: UInt
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
    var f: Float
    var d: Double
    var dec: Decimal
    var b: Bool
    var s: String
    var url: URL
}

// MARK: - Tests

@Suite("Decoder differential: DynamicJSONDecoder vs JSONDecoder")
struct DecoderDifferentialTests {
    // MARK: Structures

    @Test func keyedModels() {
        let user = #"{"id": 1, "name": "Ada", "address": {"street": "Main", "zip": "123"}, "tags": ["a", "b"], "scores": [1.5, null, 2]}"#
        expectSameDecoding(DecUser.self, user)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "Ada", "tags": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "Ada", "tags": [], "address": null, "scores": null}"#)
        expectSameDecoding(DecUserList.self, "{\"users\": [\(user), \(user)]}")
        expectSameDecoding(DecUserList.self, #"{"users": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "Ada", "tags": [], "extra": {"ignored": [1, 2, {"x": null}]}}"#)
    }

    @Test func missingKeysAtDepth() {
        let users = #"{"users": [{"zip": "1"}, {"zip": "2"}, {"zip": "3"}, {"zap": "4"}]}"#
        expectSameDecoding(ZipUsers.self, users)
        expectSameDecoding(ZipUsers.self, "{}")
        expectSameDecoding(DecUser.self, #"{"id": 1, "tags": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": [], "address": {"street": "s"}}"#)
        expectSameDecoding(DecUserList.self, #"{"users": [{"id": 1, "name": "a", "tags": []}, {"id": 2, "name": "b", "tags": [], "address": {"zip": "1"}}]}"#)
        expectSameDecoding([String: DecAddress].self, #"{"home": {"street": "s", "zip": "z"}, "work": {"street": "s"}}"#)
        expectSameDecoding([[ZipHolder]].self, #"[[{"zip": "a"}], [{"zip": "b"}, {}]]"#)
    }

    @Test func manualContainers() {
        let json = #"{"a": 1, "list": [1, null, 2], "nested": {"name": "n", "numbers": [3, 4]}, "sup": 5, "matrix": [[1, 2], [], [3]], "nullValue": null}"#
        expectSameDecoding(ManualContainers.self, json)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": []}"#)
        // Failures inside each kind of container.
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [1, "x"], "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": 5, "numbers": []}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": [1, null]}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "sup": "5", "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": [[1], 2]}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": [[1], [true]]}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": [], "missing": "x"}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": {}, "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": [], "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n"}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": [], "nested": {"name": "n", "numbers": null}, "sup": 5, "matrix": []}"#)
        expectSameDecoding(ManualContainers.self, #"{"a": 1, "list": null, "nested": {"name": "n", "numbers": []}, "sup": 5, "matrix": []}"#)
    }

    @Test func unkeyedContainerAtEnd() {
        expectSameDecoding(ThreeInts.self, "[1, 2, 3]")
        expectSameDecoding(ThreeInts.self, "[1, 2, 3, 4]")
        expectSameDecoding(ThreeInts.self, "[1, 2]")
        expectSameDecoding(ThreeInts.self, "[]")
        expectSameDecoding(ThreeInts.self, "[1, null, 3]")
        expectSameDecoding(ThreeInts.self, "{}")
        expectSameDecoding(ThreeInts.self, "null")
        expectSameDecoding([ThreeInts].self, "[[1, 2, 3], [4]]")
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, [1, 2], "s"]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, [1, 2], "s", null]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, [1, 2], "s", 5]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, [1, 2]]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, {"a": 1}, "s"]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[[1], [1, 2], "s"]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[null, [1, 2], "s"]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, null, "s"]"#)
        expectSameDecoding(UnkeyedNesting.self, #"[{"name": "n"}, [1, 2], null]"#)
        expectSameDecoding(UnkeyedOptionals.self, "[1, null, 3]")
        expectSameDecoding(UnkeyedOptionals.self, "[null]")
        expectSameDecoding(UnkeyedOptionals.self, #"[1, "x"]"#)
        expectSameDecoding(UnkeyedToKeyedProbe.self, #"[1, {"k": 2}]"#)
        expectSameDecoding(UnkeyedToKeyedProbe.self, "[1]")
        expectSameDecoding(UnkeyedToKeyedProbe.self, "[1, [2]]")
        expectSameDecoding(UnkeyedToKeyedProbe.self, "[1, null]")
        expectSameDecoding(UnkeyedToKeyedProbe.self, "[1, {}]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1, [2]]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1, []]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1, {}]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1, null]")
        expectSameDecoding(UnkeyedToUnkeyedProbe.self, "[1, 2]")
    }

    @Test func nestedContainerTypeMismatches() {
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": {"y": 1}}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": [1]}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": 1}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": "s"}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": null}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": true}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": {}}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, #"{"x": {"y": null}}"#)
        expectSameDecoding(NestedKeyedProbe<[Int]>.self, #"{"x": {"y": {"z": 1}}}"#)
        expectSameDecoding(NestedKeyedProbe<[String: Int]>.self, #"{"x": {"y": [1]}}"#)
        expectSameDecoding(NestedKeyedProbe<Int>.self, "[]")
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": [1]}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": {"y": 1}}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": 1}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": null}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": "[1]"}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{}"#)
        expectSameDecoding(NestedUnkeyedProbe<Int>.self, #"{"x": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": [], "address": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": {}}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": "a"}"#)
        expectSameDecoding(DecUser.self, "[]")
        expectSameDecoding(DecUser.self, "1")
        expectSameDecoding(DecUser.self, #""x""#)
        expectSameDecoding([Int].self, "{}")
        expectSameDecoding([Int].self, #"{"0": 1}"#)
        expectSameDecoding([String: Int].self, "[]")
        expectSameDecoding([String: Int].self, "[1, 2]")
        expectSameDecoding(Int.self, "[1]")
        expectSameDecoding(Int.self, #"{"a": 1}"#)
        expectSameDecoding(String.self, "[]")
        expectSameDecoding(DecEmpty.self, "{}")
        expectSameDecoding(DecEmpty.self, #"{"a": 1}"#)
        expectSameDecoding(DecEmpty.self, "[]")
        expectSameDecoding(DecEmpty.self, "null")
        expectSameDecoding(DecEmpty.self, "1")
    }

    @Test func superDecoders() {
        expectSameDecoding(SuperForKeyProbe.self, #"{"parent": 3}"#)
        expectSameDecoding(SuperForKeyProbe.self, #"{"parent": null}"#)
        expectSameDecoding(SuperForKeyProbe.self, #"{}"#)
        expectSameDecoding(SuperForKeyProbe.self, #"{"parent": "x"}"#)
        expectSameDecoding(SuperDefaultProbe.self, #"{"super": {"s": "v"}}"#)
        expectSameDecoding(SuperDefaultProbe.self, #"{"super": {}}"#)
        expectSameDecoding(SuperDefaultProbe.self, #"{"super": []}"#)
        expectSameDecoding(SuperDefaultProbe.self, #"{}"#)
        expectSameDecoding(PathRecorder.self, #"{"list": [1, {"deep": 2}]}"#)
        expectSameDecoding([PathRecorder].self, #"[{"list": [1, {"deep": 2}]}, {"list": [1, {}]}]"#)
        expectSameDecoding([String: PathRecorder].self, #"{"k": {"list": [1, {"deep": 2}]}}"#)
    }

    @Test func classInheritance() {
        expectSameDecoding(DecAnimal.self, #"{"name": "generic"}"#)
        expectSameDecoding(DecDog.self, #"{"name": "Rex", "breed": "lab"}"#)
        expectSameDecoding(DecDog.self, #"{"breed": "lab"}"#)
        expectSameDecoding(DecDog.self, #"{"name": "Rex"}"#)
        expectSameDecoding(DecCat.self, #"{"lives": 9, "super": {"name": "Tom"}}"#)
        expectSameDecoding(DecCat.self, #"{"lives": 9, "name": "Tom"}"#)
        expectSameDecoding(DecCat.self, #"{"lives": 9, "super": {}}"#)
        expectSameDecoding(DecCat.self, #"{"lives": 9, "super": null}"#)
        expectSameDecoding(DecCat.self, #"{"lives": 9, "super": [1]}"#)
        expectSameDecoding(DecBird.self, #"{"wings": 2, "parent": {"name": "Tweety"}}"#)
        expectSameDecoding(DecBird.self, #"{"wings": 2, "parent": {"name": 5}}"#)
        expectSameDecoding(DecBird.self, #"{"wings": 2}"#)
        expectSameDecoding([DecCat].self, #"[{"lives": 9, "super": {"name": "A"}}, {"lives": 8, "super": {"nom": "B"}}]"#)
        expectSameDecoding([String: DecBird].self, #"{"b": {"wings": 2, "parent": {"name": "x"}}}"#)
    }

    @Test func enums() {
        expectSameDecoding(DecShape.self, #"{"circle": {"radius": 1.5}}"#)
        expectSameDecoding(DecShape.self, #"{"rect": {"_0": 1, "_1": 2}}"#)
        expectSameDecoding(DecShape.self, #"{"point": {}}"#)
        expectSameDecoding(DecShape.self, #"{"labeled": {"name": "x", "_1": 3}}"#)
        expectSameDecoding(DecShape.self, #"{"nested": {"_0": {"point": {}}}}"#)
        expectSameDecoding(DecShape.self, #"{"nested": {"_0": null}}"#)
        expectSameDecoding(DecShape.self, #"{"nested": {}}"#)
        expectSameDecoding(DecShape.self, #"{}"#)
        expectSameDecoding(DecShape.self, #"{"square": {}}"#)
        expectSameDecoding(DecShape.self, #"{"circle": {}, "point": {}}"#)
        expectSameDecoding(DecShape.self, #"{"circle": {}}"#)
        expectSameDecoding(DecShape.self, #"{"circle": 1}"#)
        expectSameDecoding(DecShape.self, #"{"circle": {"radius": "1"}}"#)
        expectSameDecoding(DecShape.self, #"{"rect": {"_0": 1}}"#)
        expectSameDecoding(DecShape.self, #"{"point": null}"#)
        expectSameDecoding(DecShape.self, #""point""#)
        expectSameDecoding(DecColor.self, #""red""#)
        expectSameDecoding(DecColor.self, #""blue""#)
        expectSameDecoding(DecColor.self, #"1"#)
        expectSameDecoding(DecColor.self, #"null"#)
        expectSameDecoding(DecLevel.self, "10")
        expectSameDecoding(DecLevel.self, "5")
        expectSameDecoding(DecLevel.self, #""1""#)
        expectSameDecoding(DecLevel.self, "1.0")
        expectSameDecoding(DecPalette.self, #"{"color": "green", "level": 1, "shapes": [{"point": {}}, {"circle": {"radius": 2}}]}"#)
        expectSameDecoding(DecPalette.self, #"{"color": "blue", "shapes": []}"#)
        expectSameDecoding(DecPalette.self, #"{"color": "red", "level": 2, "shapes": []}"#)
        expectSameDecoding(DecPalette.self, #"{"color": "red", "level": null, "shapes": [{"point": {}}, {"rect": {"_0": 1, "_1": "x"}}]}"#)
        expectSameDecoding([DecColor?].self, #"["red", null, "green"]"#)
        expectSameDecoding([DecColor].self, #"["red", "purple"]"#)
    }

    @Test func optionalsEverywhere() {
        expectSameDecoding(DecOptionals.self, "{}")
        expectSameDecoding(DecOptionals.self, #"{"a": null, "b": null, "c": null, "d": null, "e": null, "f": null, "g": null}"#)
        expectSameDecoding(
            DecOptionals.self,
            #"{"a": 1, "b": "x", "c": [1, null], "d": {"k": null, "j": 2}, "e": {"street": "s", "zip": "z", "unit": null}, "f": [[1], null, []], "g": false}"#)
        expectSameDecoding(DecOptionals.self, #"{"a": "x"}"#)
        expectSameDecoding(DecOptionals.self, #"{"c": [1, "x"]}"#)
        expectSameDecoding(DecOptionals.self, #"{"d": {"k": "x"}}"#)
        expectSameDecoding(DecOptionals.self, #"{"e": {}}"#)
        expectSameDecoding(DecOptionals.self, #"{"f": [null, [null]]}"#)
        expectSameDecoding(DecOptionals.self, #"{"g": 0}"#)
        expectSameDecoding(DecOptionals.self, "null")
        expectSameDecoding(DecOptionals?.self, "null")
        expectSameDecoding([Int?].self, "[null, 1, null]")
        expectSameDecoding([[Int?]?].self, "[null, [null, 1], []]")
        expectSameDecoding([String: Int?].self, #"{"a": null, "b": 1}"#)
        expectSameDecoding(Int??.self, "null")
        expectSameDecoding(Int??.self, "1")
        expectSameDecoding([Int??].self, "[null, 1]")
        expectSameDecoding(DecBox<Int??>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<Int??>.self, #"{}"#)
    }

    @Test func nullForNonOptional() {
        expectSameDecoding(Int.self, "null")
        expectSameDecoding(String.self, "null")
        expectSameDecoding(Bool.self, "null")
        expectSameDecoding(Double.self, "null")
        expectSameDecoding([Int].self, "null")
        expectSameDecoding([String: Int].self, "null")
        expectSameDecoding(DecAddress.self, "null")
        expectSameDecoding(DecBox<Int>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<String>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<[Int]>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<DecAddress>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<Decimal>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<URL>.self, #"{"v": null}"#)
        expectSameDecoding([Int].self, "[1, null]")
        expectSameDecoding([String].self, #"["a", null]"#)
        expectSameDecoding([[Int]].self, "[[1], [null]]")
        expectSameDecoding([DecAddress].self, "[null]")
        expectSameDecoding([String: Int].self, #"{"a": null}"#)
        expectSameDecoding([Int: Int].self, #"{"1": null}"#)
        expectSameDecoding(DecUser.self, #"{"id": null, "name": "x", "tags": []}"#)
        expectSameDecoding(DecUser.self, #"{"id": 1, "name": "x", "tags": [null]}"#)
    }

    @Test func collections() {
        let json =
            #"{"byName": {"a": {"street": "s", "zip": "z"}}, "byNumber": {"1": "one", "-2": "minus two"}, "lists": {"x": [1, 2], "y": []}, "nested": [["a"], [], ["b", "c"]], "optionalElements": [null, "q"]}"#
        expectSameDecoding(DecCollections.self, json)
        expectSameDecoding([String: DecAddress].self, #"{"a": {"street": "s", "zip": "z"}, "b": {"street": "t", "zip": "y", "unit": 4}}"#)
        expectSameDecoding([Int: String].self, #"{"1": "a", "2": "b", "-3": "c", "0": "z"}"#)
        expectSameDecoding([Int: String].self, #"{"x": "a"}"#)
        expectSameDecoding([Int: String].self, #"{"1.5": "a"}"#)
        expectSameDecoding([Int: String].self, #"{" 1": "a"}"#)
        expectSameDecoding([Int: String].self, #"{"99999999999999999999": "a"}"#)
        expectSameDecoding([Int: String].self, #"{"1": 2}"#)
        expectSameDecoding([Int: String].self, "[]")
        expectSameDecoding([String: [Int]].self, #"{"a": [1, 2], "b": [], "c": [3]}"#)
        expectSameDecoding([String: [Int]].self, #"{"a": [1, "2"]}"#)
        expectSameDecoding([String: [String: [Int]]].self, #"{"a": {"b": [1], "c": [2, 3]}}"#)
        expectSameDecoding([String: [String: [Int]]].self, #"{"a": {"b": [1], "c": [2, null]}}"#)
        expectSameDecoding([[[Int]]].self, "[[[1], []], [], [[2, 3]]]")
        expectSameDecoding([[[Int]]].self, "[[[1], [true]]]")
        expectSameDecoding([DecColor: Int].self, #"{"red": 1, "green": 2}"#)
        expectSameDecoding([DecColor: Int].self, #"{"blue": 1}"#)
        expectSameDecoding([DecLevel: String].self, #"{"1": "low", "10": "high"}"#)
        expectSameDecoding([DecLevel: String].self, #"{"2": "x"}"#)
        expectSameDecoding([DecLevel: String].self, #"{"x": "x"}"#)
        // Keys that are neither String nor Int: key/value pairs in an array.
        expectSameDecoding([Double: String].self, #"[1.5, "a", 2, "b"]"#)
        expectSameDecoding([Double: String].self, #"[1.5, "a", 2]"#)
        expectSameDecoding([Double: String].self, #"{"1.5": "a"}"#)
        expectSameDecoding([Bool: Int].self, #"[true, 1, false, 0]"#)
        expectSameDecoding(Set<Int>.self, "[1, 2, 3, 2]")
        expectSameDecoding([String: Int].self, #"{"a": 1, "a": 2}"#)
        expectSameDecoding(DecBox<Int>.self, #"{"v": 1, "v": 2}"#)
        expectSameDecoding(DecBox<Int>.self, #"{"v": 1, "v": "x"}"#)
        expectSameDecoding(DecBox<Int>.self, #"{"v": "x", "v": 1}"#)
        expectSameDecoding([String: Int].self, "{}")
        expectSameDecoding([Int].self, "[]")
        expectSameDecoding([[Int]].self, "[[], [[]]]")
        expectSameDecoding([[Int]].self, "[[], []]")
        expectSameDecoding([String: [String: Int]].self, #"{"a": {}, "b": {"c": 1}}"#)
    }

    // MARK: Integers

    static let integerInputs = [
        "0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769",
        "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-18446744073709551615", "123456789012345678901234567890",
        "-0", "1.0", "-1.0", "0.0", "-0.0", "1e2", "1E+2", "1e+2", "1E2", "1e-2", "1.5", "-1.5", "0.5", "2.5e1",
        "100e-2", "1.00000000000000000001", "1e19", "1e20", "-1e19", "9.223372036854775807e18", "1e400",
        "-1e400", "1e-400", "0e10", "\"1\"", "\"-1\"", "true", "false", "null", "[1]", "{}",
    ]

    @Test(arguments: integerInputs)
    func integers(_ number: String) {
        expectSameDecoding(Int.self, number)
        expectSameDecoding(Int8.self, number)
        expectSameDecoding(Int16.self, number)
        expectSameDecoding(Int32.self, number)
        expectSameDecoding(Int64.self, number)
        expectSameDecoding(UInt.self, number)
        expectSameDecoding(UInt8.self, number)
        expectSameDecoding(UInt16.self, number)
        expectSameDecoding(UInt32.self, number)
        expectSameDecoding(UInt64.self, number)
        expectSameDecoding(Int128.self, number)
        expectSameDecoding(UInt128.self, number)
        expectSameDecoding(DecBox<Int8>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(DecBox<UInt16>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(DecBox<Int32>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(DecBox<UInt64>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(DecBox<Int64>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(DecBox<Int>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding([UInt8].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([Int16].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([UInt32].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([Int64].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([UInt].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([Int].self, "[0, \(number)]", fullPath: "[1]")
        expectSameDecoding([String: UInt8].self, "{\"k\": \(number)}", fullPath: "k")
        expectSameDecoding([String: Int].self, "{\"k\": \(number)}", fullPath: "k")
    }

    @Test func largeIntegers() throws {
        expectSameDecoding(UInt64.self, "18446744073709551615")
        expectSameDecoding(Int64.self, "-9223372036854775808")
        expectSameDecoding(Int64.self, "9223372036854775807")
        expectSameDecoding([UInt64].self, "[18446744073709551615, 0]")
        expectSameDecoding(DecBox<Int64>.self, #"{"v": -9223372036854775808}"#)
        let decoder = DynamicJSONDecoder()
        #expect(try decoder.decode(UInt64.self, from: Data("18446744073709551615".utf8)) == .max)
        #expect(try decoder.decode(Int64.self, from: Data("-9223372036854775808".utf8)) == .min)
        #expect(try decoder.decode(UInt.self, from: Data("18446744073709551615".utf8)) == .max)
        #expect(try decoder.decode(Int.self, from: Data("-9223372036854775808".utf8)) == .min)
    }

    // MARK: Floating point

    static let floatingInputs = [
        "0", "-0", "0.0", "-0.0", "0.1", "-0.1", "1", "100", "1.5", "-1.5", "1E+2", "1e+2", "1E2", "1E-2", "1e-2",
        "1e400", "-1e400", "1e-400", "-1e-400", "5e-324", "4.9e-324", "2e-324", "2.2250738585072014e-308",
        "2.225073858507201e-308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "3.4028235e38", "3.4028236e38", "3.4028234663852886e38", "1e39", "-1e39", "1e-45", "1.4e-45", "1e-46",
        "0.30000000000000004", "1.2345678901234567", "12345678901234567", "0.12345678901234567890123",
        "9007199254740993", "9007199254740992", "123456789012345678901234567890", "18446744073709551616",
        "2.5e-3", "123.456e7", "0.000001", "1.0000000000000002", "0.1e1", "\"1.5\"", "\"nan\"", "true", "null",
        "[1.5]",
    ]

    @Test(arguments: floatingInputs)
    func floatingPoint(_ number: String) {
        let data = Data(number.utf8)
        expectSameDecoding(Double.self, data: data, isEqual: sameFloatingPoint)
        expectSameDecoding(Float.self, data: data, isEqual: sameFloatingPoint)
        expectSameDecoding([Double].self, data: Data("[\(number)]".utf8), fullPath: "[0]", isEqual: sameFloatingPoints)
        expectSameDecoding([Float].self, data: Data("[\(number)]".utf8), fullPath: "[0]", isEqual: sameFloatingPoints)
        expectSameDecoding(DecBox<Double>.self, data: Data("{\"v\": \(number)}".utf8), fullPath: "v", isEqual: { sameFloatingPoint($0.v, $1.v) })
        expectSameDecoding(DecBox<Float>.self, data: Data("{\"v\": \(number)}".utf8), fullPath: "v", isEqual: { sameFloatingPoint($0.v, $1.v) })
        expectSameDecoding(DecBox<Double?>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding(Decimal.self, number)
        expectSameDecoding([Decimal].self, "[\(number)]", fullPath: "[0]")
        expectSameDecoding(DecBox<Decimal>.self, "{\"v\": \(number)}", fullPath: "v")
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let decoder = DynamicJSONDecoder()
        #expect(try decoder.decode(Double.self, from: Data("-0.0".utf8)).sign == .minus)
        #expect(try decoder.decode(Double.self, from: Data("-0".utf8)).sign == .minus)
        #expect(try decoder.decode(Float.self, from: Data("-0.0".utf8)).sign == .minus)
        #expect(try decoder.decode(Double.self, from: Data("5e-324".utf8)) == .leastNonzeroMagnitude)
        #expect(try decoder.decode(Double.self, from: Data("0.1".utf8)) == 0.1)
        #expect(try decoder.decode(Double.self, from: Data("1.7976931348623157e308".utf8)) == .greatestFiniteMagnitude)
    }

    static let decimalInputs = [
        "0", "1", "-1", "0.1", "-0", "-0.0", "1e10", "1E-5", "3.14159", "12345678901234567890.123456789",
        "-12345678901234567890123456789012345678", "0.000000000000000000000000000000000001", "1.5e3", "1e127",
        "1e128", "1e-128", "1e-129", "1e400", "\"1\"", "true", "null", "{}",
    ]

    @Test(arguments: decimalInputs)
    func decimals(_ number: String) {
        expectSameDecoding(Decimal.self, number)
        expectSameDecoding(DecBox<Decimal>.self, "{\"v\": \(number)}", fullPath: "v")
        expectSameDecoding([Decimal?].self, "[\(number), null]", fullPath: "[0]")
    }

    // MARK: Other scalars

    @Test func urls() {
        for string in [
            "https://example.com/a?b=c#d", "http://example.com", "relative/path", "/absolute", "mailto:a@b.c",
            "", " ", "http://exa mple.com", "http://[::1", "%", "https://example.com/ü", "file:///tmp/x y",
        ] {
            let quoted = String(data: try! JSONEncoder().encode(string), encoding: .utf8)!
            expectSameDecoding(URL.self, quoted)
            expectSameDecoding(DecBox<URL>.self, "{\"v\": \(quoted)}")
            expectSameDecoding([URL].self, "[\(quoted)]")
            expectSameDecoding([String: URL].self, "{\"k\": \(quoted)}")
        }
        expectSameDecoding(URL.self, "5")
        expectSameDecoding(URL.self, "null")
        expectSameDecoding(URL.self, #"{"relative": "x"}"#)
        expectSameDecoding(DecBox<URL?>.self, #"{"v": null}"#)
        expectSameDecoding(DecBox<URL?>.self, #"{"v": ""}"#)
        expectSameDecoding(DecBox<URL>.self, #"{"v": []}"#)
    }

    @Test func boolsAndNumbers() {
        for input in ["true", "false", "1", "0", "\"true\"", "1.0", "null", "[]", "{}", "\"\""] {
            expectSameDecoding(Bool.self, input)
            expectSameDecoding(DecBox<Bool>.self, "{\"v\": \(input)}")
            expectSameDecoding([Bool].self, "[\(input)]")
            expectSameDecoding(Int.self, input)
            expectSameDecoding(DecBox<Double>.self, "{\"v\": \(input)}")
            expectSameDecoding(String.self, input)
            expectSameDecoding([String].self, "[\(input)]")
            expectSameDecoding(DecBox<String>.self, "{\"v\": \(input)}")
        }
    }

    @Test func everyScalarInOneModel() {
        let json =
            #"{"i": -1, "i8": -128, "i16": 32767, "i32": -2147483648, "i64": 9223372036854775807, "u": 1, "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 18446744073709551615, "f": 1.5, "d": -0.25, "dec": 12.345, "b": true, "s": "x", "url": "https://a.b/c"}"#
        expectSameDecoding(DecScalars.self, json)
        expectSameDecoding(DecScalars.self, json.replacingOccurrences(of: #""u8": 255"#, with: #""u8": 256"#), fullPath: "u8")
        expectSameDecoding(DecScalars.self, json.replacingOccurrences(of: #""url": "https://a.b/c""#, with: #""url": """#))
        expectSameDecoding(DecScalars.self, json.replacingOccurrences(of: #""b": true"#, with: #""b": 1"#))
        expectSameDecoding(DecScalars.self, json.replacingOccurrences(of: #""dec": 12.345"#, with: #""dec": "12""#))
        expectSameDecoding([DecScalars].self, "[\(json), \(json.replacingOccurrences(of: #""i16": 32767"#, with: #""i16": 32768"#))]", fullPath: "[1].i16")
    }

    // MARK: Strings

    static let stringInputs = [
        #""""#, #""plain""#, #""\"\\\/\b\f\n\r\t""#, #""\u00e9""#, #""\u00E9t\u00e9""#, #""\ud83d\ude00""#,
        #""\uD83D\uDE00 and \u2603""#, #""\u0000""#, #""a\u0000b""#, #""日本語""#, #""e\u0301""#, #""é""#,
        #""😀👍🏽""#, #""\u001f""#, #""\u007f""#, #""\uffff""#, #""\ufeff""#, #""tab\there""#,
        #""\/\/""#, "\"\u{7F}\"", "\"\u{2028}\u{2029}\"", #""\ud800\udc00""#, #""\udbff\udfff""#,
        #""long string with many words and no escapes at all to exercise fast paths in the scanner""#,
        #""long string with an escape at the very end of the text, well past eight bytes\n""#,
    ]

    @Test(arguments: stringInputs)
    func strings(_ literal: String) {
        expectSameDecoding(String.self, literal)
        expectSameDecoding([String].self, "[\(literal), \(literal)]")
        expectSameDecoding(DecBox<String>.self, "{\"v\": \(literal)}")
        expectSameDecoding([String: String].self, "{\(literal): \(literal)}")
    }

    @Test func unicodeKeys() {
        expectSameDecoding([String: Int].self, #"{"\u0076": 1, "é": 2, "e\u0301": 3, "😀": 4, "\ud83d\ude01": 5}"#)
        expectSameDecoding(DecBox<Int>.self, #"{"\u0076": 7}"#)
        expectSameDecoding(DecBox<Int>.self, #"{"\u0076": 7, "v": 8}"#)
        expectSameDecoding([String: Int].self, #"{"a\"b": 1, "a\\b": 2, "": 3}"#)
    }

    // MARK: Top level

    @Test func topLevelValues() {
        expectSameDecoding(Int.self, "1")
        expectSameDecoding(Int.self, " \n\t 1 \r\n")
        expectSameDecoding(String.self, #""x""#)
        expectSameDecoding(Bool.self, "true")
        expectSameDecoding(Double.self, "2.5")
        expectSameDecoding(Int?.self, "null")
        expectSameDecoding(String?.self, "null")
        expectSameDecoding(DecAddress?.self, "null")
        expectSameDecoding([Int]?.self, "null")
        expectSameDecoding(Int?.self, "3")
        expectSameDecoding(Int?.self, "\"3\"")
        expectSameDecoding([Int].self, "[]")
        expectSameDecoding([String: Int].self, "{}")
        expectSameDecoding([Int].self, " [ ] ")
        expectSameDecoding([String: Int].self, " { } ")
        expectSameDecoding(DecEmpty.self, "{}")
    }
}

// MARK: - Any JSON value as plain Codable

/// Any JSON value, decoded only through `singleValueContainer` tries, as a plain `Codable`
/// client would write it. Doubles compare bit for bit, except that every NaN is equal.
enum PlainJSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([PlainJSONValue])
    case object([String: PlainJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PlainJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: PlainJSONValue].self))
        }
    }

    static func == (lhs: PlainJSONValue, rhs: PlainJSONValue) -> Bool {
        firstDifference(lhs, rhs) == nil
    }
}

extension PlainJSONValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The path to the first place where `lhs` and `rhs` differ, or nil.
    static func firstDifference(_ lhs: PlainJSONValue, _ rhs: PlainJSONValue, path: String = "$") -> String? {
        switch (lhs, rhs) {
        case (.null, .null): return nil
        case (.bool(let a), .bool(let b)): return a == b ? nil : "\(path): \(a) vs \(b)"
        case (.int(let a), .int(let b)): return a == b ? nil : "\(path): \(a) vs \(b)"
        case (.double(let a), .double(let b)): return sameFloatingPoint(a, b) ? nil : "\(path): \(a) vs \(b)"
        case (.string(let a), .string(let b)): return a == b ? nil : "\(path): \(a.debugDescription) vs \(b.debugDescription)"
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) elements vs \(b.count)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let difference = firstDifference(x, y, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.object(let a), .object(let b)):
            guard a.keys.sorted() == b.keys.sorted() else { return "\(path): keys \(a.keys.sorted()) vs \(b.keys.sorted())" }
            for key in a.keys.sorted() {
                if let difference = firstDifference(a[key]!, b[key]!, path: "\(path).\(key)") { return difference }
            }
            return nil
        default:
            return "\(path): \(lhs.kind) vs \(rhs.kind)"
        }
    }

    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .array(let values): values.count > 20 ? "[\(values.count) elements]" : "\(values)"
        case .object(let members): members.count > 20 ? "{\(members.count) members}" : "\(members)"
        }
    }
}

@Suite("Decoder differential: shared corpus", .enabled(if: SharedData.runsSuites, Comment(rawValue: SharedData.missingMessage)))
struct CorpusDifferentialTests {
    @Test("corpus file decodes to the same plain Codable value", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func corpus(name: String) throws {
        let data = try SharedData.data("bench/\(name)")
        let expected = try JSONDecoder().decode(PlainJSONValue.self, from: data)
        let actual = try DynamicJSONDecoder().decode(PlainJSONValue.self, from: data)
        let difference = PlainJSONValue.firstDifference(expected, actual)
        #expect(difference == nil, "\(name): \(difference ?? "")")
        if case .object(let members) = expected {
            #expect(!members.isEmpty)
        } else {
            Issue.record("\(name) is not an object")
        }
    }

    @Test("corpus file encodes to Foundation's exact bytes with sorted keys", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func corpusEncoding(name: String) throws {
        let value = try JSONDecoder().decode(PlainJSONValue.self, from: SharedData.data("bench/\(name)"))
        for formatting: JSONEncoder.OutputFormatting in [[.sortedKeys], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            let ours = DynamicJSONEncoder()
            ours.outputFormatting = formatting
            let expected = try foundation.encode(value)
            let actual = try ours.encode(value)
            #expect(actual == expected, "\(name) with \(formatting.rawValue): \(actual.count) vs \(expected.count) bytes")
            #expect(try DynamicJSONDecoder().decode(PlainJSONValue.self, from: actual) == value)
        }
    }

    @Test("corpus file decodes with snake-case keys and through [String: PlainJSONValue]", arguments: ["twitter.json", "citm_catalog.json"])
    func corpusWithOptions(name: String) throws {
        let data = try SharedData.data("bench/\(name)")
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let ours = DynamicJSONDecoder()
        ours.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode([String: PlainJSONValue].self, from: data)
        let actual = try ours.decode([String: PlainJSONValue].self, from: data)
        let difference = PlainJSONValue.firstDifference(.object(expected), .object(actual))
        #expect(difference == nil, "\(name): \(difference ?? "")")
    }
}

@Suite("Decoder differential: number edge cases")
struct NumberEdgeCaseTests {
    /// A Double that lands exactly between two Floats must not be rounded a second time.
    @Test func floatsAreRoundedOnce() {
        for literal in [
            "1.000000059604644775390625001", "1.000000059604644775390625", "0.999999970197677612304687501",
            "3.4028235677973366e38", "1.401298464324817e-45", "7e-46", "1.1754942e-38",
        ] {
            expectSameDecoding([Float].self, data: Data("[\(literal)]".utf8), fullPath: "[0]", isEqual: sameFloatingPoints)
        }
    }

    /// Integers written with a fraction or exponent beyond 2^53 keep Foundation's rule: the
    /// literal must be a whole number whose magnitude fits in 64 bits.
    @Test func largeIntegersWithFractions() {
        for literal in ["12345678901234567890.5", "12345678901234567890.0", "9007199254740993.0", "1.8446744073709551615e19"] {
            expectSameDecoding([UInt64].self, "[\(literal)]", fullPath: "[0]")
        }
        for literal in ["9223372036854775807.5", "-9007199254740993.0", "9.2233720368547758e18"] {
            expectSameDecoding([Int64].self, "[\(literal)]", fullPath: "[0]")
        }
    }

    @Test func json5ZeroWithExponent() throws {
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        let values = try decoder.decode([Double].self, from: Data("[+0e1, .0e1, 0.e1, -.0e-3, 0x0]".utf8))
        #expect(values == [0, 0, 0, 0, 0])
        #expect(values[3].sign == .minus)
    }

    /// JSON5 unquoted keys take identifier characters, non-ASCII letters included; white space
    /// ends them and other symbols are rejected.
    @Test func json5UnquotedKeys() throws {
        let decoder = DynamicJSONDecoder()
        decoder.allowsJSON5 = true
        #expect(try decoder.decode(JSON.self, from: Data("{été: 1, $a_1: 2}".utf8)) == ["été": 1, "$a_1": 2])
        #expect(try decoder.decode(JSON.self, from: Data("{abc\u{A0}: 1}".utf8)) == ["abc": 1])
        for document in ["{😀: 1}", "{a→b: 1}", "{1a: 1}"] {
            #expect(throws: DecodingError.self, "\(document)") { try decoder.decode(JSON.self, from: Data(document.utf8)) }
        }
    }
}
