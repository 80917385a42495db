import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's DictionaryTransformTests.swift, ported: a dictionary keyed by a String enum,
// `DictionaryTransform<Key, Value>` is `DictionaryTransformer<Key, Value>`. (A key type that is
// `CodingKeyRepresentable` makes `[MyKey: MyValue]` a plain Codable property as well.)

private final class DictionaryTransformTestsObject: DynamicMappable {
    enum MyKey: String {
        case One = "1"
        case Two = "two"
        case Foo = "bar"
    }

    final class MyValue: DynamicMappable {
        var dynamicSelf: DynamicClass?
        var foo = "__foo"
        var bar = 0
        required init() {}

        func mapping(_ map: DynamicMap) {
            foo <-> ds.foo
            bar <-> ds.bar
        }
    }

    var dynamicSelf: DynamicClass?
    var dictionary: [MyKey: MyValue] = [:]
    required init() {}

    func mapping(_ map: DynamicMap) {
        dictionary <-> ds.dictionary.using(DictionaryTransformer<MyKey, MyValue>())
    }
}

@Suite("ObjectMapper DictionaryTransformTests")
struct OMDictionaryTransformTests {
    @Test func testDictionaryTransform() throws {
        let text = #"{"dictionary":{"1":{"foo":"uno","bar":1},"two":{"foo":"dve","bar":2},"bar":{"foo":"bar","bar":777}}}"#
        let result = try DictionaryTransformTestsObject.decode(from: text)
        #expect(result.dictionary.count == 3)
        #expect(result.dictionary[.One]?.foo == "uno")
        #expect(result.dictionary[.One]?.bar == 1)
        #expect(result.dictionary[.Two]?.foo == "dve")
        #expect(result.dictionary[.Two]?.bar == 2)
        #expect(result.dictionary[.Foo]?.foo == "bar")
        #expect(result.dictionary[.Foo]?.bar == 777)
    }
}
