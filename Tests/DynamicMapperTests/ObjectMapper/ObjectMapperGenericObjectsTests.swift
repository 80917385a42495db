import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's GenericObjectsTests.swift, ported: subclasses, generic subclasses and generic
// models. `Mapper().toJSON(x)` is `x.encodedObject()`; `T(JSONString:)` is `T.decode(from:)`.

private class Base: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var base: String?
    required init() {}

    func mapping(_ map: DynamicMap) {
        base <-> ds.base
    }
}

private class Subclass: Base {
    var sub: String?

    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        sub <-> ds.sub
    }
}

private class GenericSubclass<T>: Base {
    var sub: String?

    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        sub <-> ds.sub
    }
}

private class WithGenericArray<T: DynamicMappable>: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var genericItems: [T]?
    required init() {}

    func mapping(_ map: DynamicMap) {
        genericItems <-> ds.genericItems
    }
}

private final class ConcreteItem: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var value: String?
    init() {}

    func mapping(_ map: DynamicMap) {
        value <-> ds.value
    }
}

private class SubclassWithGenericArrayInSuperclass<Unused>: WithGenericArray<ConcreteItem> {}

private final class Response<T: DynamicMappable>: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var result: T?
    init() {}

    func mapping(_ map: DynamicMap) {
        result <-> ds.result
    }
}

private final class Status: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var status: Int?
    init() {}

    func mapping(_ map: DynamicMap) {
        status <-> ds.code
    }
}

@Suite("ObjectMapper GenericObjectsTests")
struct OMGenericObjectsTests {
    @Test func testSubclass() throws {
        let object = Subclass()
        object.base = "base var"
        object.sub = "sub var"
        let parsed = try? Subclass.decode(from: try object.encodedObject())
        #expect(parsed?.base == object.base)
        #expect(parsed?.sub == object.sub)
    }

    @Test func testGenericSubclass() throws {
        let object = GenericSubclass<String>()
        object.base = "base var"
        object.sub = "sub var"
        let parsed = try? GenericSubclass<String>.decode(from: try object.encodedObject())
        #expect(parsed?.base == object.base)
        #expect(parsed?.sub == object.sub)
    }

    @Test func testSubclassWithGenericArrayInSuperclass() {
        let text = #"{"genericItems":[{"value":"value0"}, {"value":"value1"}]}"#
        let parsed = try? SubclassWithGenericArrayInSuperclass<AnyObject>.decode(from: text)
        let genericItems = parsed?.genericItems
        #expect(genericItems != nil)
        #expect(genericItems?[0].value == "value0")
        #expect(genericItems?[1].value == "value1")
    }

    @Test func testMappingAGenericObject() {
        let response = try? DynamicJSONDecoder().decode(Response<Status>.self, from: Data(#"{"result":{"code":22}}"#.utf8))
        let status = response?.result?.status
        #expect(status != nil)
        #expect(status == 22)
    }

    @Test func testMappingAGenericObjectViaMappableExtension() {
        let response = try? Response<Status>.decode(from: #"{"result":{"code":22}}"#)
        let status = response?.result?.status
        #expect(status != nil)
        #expect(status == 22)
    }
}
