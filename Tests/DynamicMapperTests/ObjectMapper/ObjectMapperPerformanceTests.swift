import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's PerformanceTests.swift, ported. ObjectMapper's tests only measure time
// (`measure { ... }`) and assert nothing; here each maps the same 1,002 objects once and checks
// what came out. Speed is measured in the benchmark package, not in unit tests.
// The payload has "arr" and "dict" where the models map "array" and "dictionary", and "objects"
// is an object where the models want an array.

private let subObjectJSON =
    #"{"string":"This is a string", "int": 12,"double":12.27,"float":12.3212, "bool":false, "arr":[ "bla", true, 42 ], "dict":{ "key1" : "value1", "key2" : false, "key3" : 142 } }"#
private let objectJSONString =
    #"{"string":"This is a string", "int": 12,"double":12.27,"float":12.3212, "bool":false, "arr":[ "bla", true, 42 ], "dict":{ "key1" : "value1", "key2" : false, "key3" : 142 }, "object": \#(subObjectJSON), "objects":{ "key1": \#(subObjectJSON), "key2": \#(subObjectJSON)}}"#
private let JSONTestString = "[" + Array(repeating: objectJSONString, count: 1002).joined(separator: ",") + "]"

private final class PerformanceMappableObject: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var string: String?
    var int: Int?
    var double: Double?
    var float: Float?
    var bool: Bool?
    var array: [JSON]?
    var dictionary: [String: JSON]?
    var object: PerformanceMappableObject?
    var objects: [PerformanceMappableObject]?
    init() {}

    func mapping(_ map: DynamicMap) {
        string <-> ds.string
        int <-> ds.int
        double <-> ds.double
        float <-> ds.float
        bool <-> ds.bool
        array <-> ds.array
        dictionary <-> ds.dictionary
        object <-> ds.object
        objects <-> ds.objects
    }
}

private final class PerformanceStaticMappableObject: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var string: String?
    var int: Int?
    var double: Double?
    var float: Float?
    var bool: Bool?
    var array: [JSON]?
    var dictionary: [String: JSON]?
    var object: PerformanceStaticMappableObject?
    var objects: [PerformanceStaticMappableObject]?
    init() {}

    static func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? {
        PerformanceStaticMappableObject.self
    }

    func mapping(_ map: DynamicMap) {
        string <-> ds.string
        int <-> ds.int
        double <-> ds.double
        float <-> ds.float
        bool <-> ds.bool
        array <-> ds.array
        dictionary <-> ds.dictionary
        object <-> ds.object
        objects <-> ds.objects
    }
}

private final class PerformanceImmutableMappableObject: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let string: String?
    let int: Int?
    let double: Double?
    let float: Float?
    let bool: Bool?
    let array: [JSON]?
    let dictionary: [String: JSON]?
    let object: PerformanceImmutableMappableObject?
    let objects: [PerformanceImmutableMappableObject]?

    init(map: DynamicMap) throws {
        string = try map.value("string")
        int = try map.value("int")
        double = try map.value("double")
        float = try map.value("float")
        bool = try map.value("bool")
        array = try map.value("array")
        dictionary = try map.value("dictionary")
        object = try map.value("object")
        objects = try map.value("objects")
    }

    func mapping(_ map: DynamicMap) {
        string --> ds.string
        int --> ds.int
        double --> ds.double
        float --> ds.float
        bool --> ds.bool
        array --> ds.array
        dictionary --> ds.dictionary
        object --> ds.object
        objects --> ds.objects
    }
}

@Suite("ObjectMapper PerformanceTests")
struct OMPerformanceTests {
    /// Every object maps; "objects" (an object, not an array) leaves the optional nil, as in
    /// ObjectMapper, and the mistyped value is reported, not thrown.
    @Test func testPerformance() throws {
        let objects = try [PerformanceMappableObject].decode(from: JSONTestString)
        #expect(objects.count == 1002)
        #expect(objects.allSatisfy { $0.string == "This is a string" && $0.int == 12 && $0.float == 12.3212 })
        #expect(objects.allSatisfy { $0.object?.double == 12.27 && $0.objects == nil && $0.array == nil })
    }

    @Test func testPerformanceCluster() throws {
        let objects = try [PerformanceStaticMappableObject].decode(from: JSONTestString)
        #expect(objects.count == 1002)
        #expect(objects.allSatisfy { $0.string == "This is a string" && $0.object?.bool == false && $0.objects == nil })
    }

    /// `try map.value("objects")` for `[T]?` given an object throws (a type mismatch at
    /// `[0].objects`), so the array does not map: ObjectMapper's `value` throws there too
    /// ("Cannot cast to '[Any]'"), and its test's `try?` gives nil.
    @Test func testPerformanceImmutable() throws {
        do {
            _ = try [PerformanceImmutableMappableObject].decode(from: JSONTestString)
            Issue.record("expected a type mismatch at objects")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(Path(codingPath: context.codingPath).description == "[0].objects")
        }
    }
}
