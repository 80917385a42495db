import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's MapContextTests.swift, ported: `Mapper<T>(context: c).map(JSON:)` and
// `T(JSON:context:)` are both `T.decode(from:using:)` with `decoder.mapContext = c`; the mapping
// body reads it with `map.context(C.self)` (or `map.context as? C`).

private struct Context: Sendable {
    var shouldMap = false
}

private struct ImmutableContext: Sendable {
    let isDeveloper: Bool
}

private enum ImmutablePersonMappingError: Error {
    case contextAbsense
}

private final class Person: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var name: String?
    init() {}

    func mapping(_ map: DynamicMap) {
        if map.context(Context.self)?.shouldMap == true {
            name <-> ds.name
        }
    }
}

private final class NestedPerson: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var person: Person?
    init() {}

    func mapping(_ map: DynamicMap) {
        if map.context(Context.self)?.shouldMap == true {
            person <-> ds.person
        }
    }
}

private final class PersonList: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var persons: [Person]?
    init() {}

    func mapping(_ map: DynamicMap) {
        if map.context(Context.self)?.shouldMap == true {
            persons <-> ds.persons
        }
    }
}

private struct ImmutablePerson: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let name: String
    let isDeveloper: Bool

    init(map: DynamicMap) throws {
        guard let context = map.context as? ImmutableContext else {
            throw ImmutablePersonMappingError.contextAbsense
        }
        name = try map.value("name")
        isDeveloper = context.isDeveloper
    }
}

private struct ImmutableNestedPerson: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let person: ImmutablePerson

    init(map: DynamicMap) throws {
        person = try map.value("person")
    }
}

private struct ImmutablePersonList: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let persons: [ImmutablePerson]

    init(map: DynamicMap) throws {
        persons = try map.value("persons")
    }
}

private struct ImmutableDog: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let name: String

    init(map: DynamicMap) throws {
        name = try map.value("name", default: "Sasha")
    }
}

private func decoder(_ context: (any Sendable)? = nil) -> DynamicJSONDecoder {
    let decoder = DynamicJSONDecoder()
    decoder.mapContext = context
    return decoder
}

/// `Mapper<T>(context:).map(JSON:)` (and, identically, `T(JSON:context:)`).
private func map<T: Decodable>(_ type: T.Type, _ json: [String: Any], context: (any Sendable)? = nil) throws -> T {
    try T.decode(from: json, using: decoder(context))
}

/// True when `error` is `contextAbsense`, thrown as it is or kept as the underlying error of a
/// decoding error.
private func isContextAbsense(_ error: any Error) -> Bool {
    if case ImmutablePersonMappingError.contextAbsense? = error as? ImmutablePersonMappingError { return true }
    if case DecodingError.dataCorrupted(let context) = error, let underlying = context.underlyingError {
        return isContextAbsense(underlying)
    }
    return false
}

@Suite("ObjectMapper MapContextTests")
struct OMMapContextTests {
    @Test func testMappingWithContext() {
        let person = try? map(Person.self, ["name": "Tristan"], context: Context(shouldMap: true))
        #expect(person != nil)
        #expect(person?.name != nil)
    }

    @Test func testMappingWithContextViaMappableExtension() {
        let person = try? Person.decode(from: ["name": "Tristan"], using: decoder(Context(shouldMap: true)))
        #expect(person != nil)
        #expect(person?.name != nil)
    }

    @Test func testMappingWithoutContext() {
        let person = try? map(Person.self, ["name": "Tristan"])
        #expect(person != nil)
        #expect(person?.name == nil)
    }

    @Test func testNestedMappingWithContext() {
        let nestedPerson = try? map(NestedPerson.self, ["person": ["name": "Tristan"]], context: Context(shouldMap: true))
        #expect(nestedPerson != nil)
        #expect(nestedPerson?.person?.name != nil)
    }

    @Test func testNestedMappingWithContextViaMappableExtension() {
        let nestedPerson = try? NestedPerson.decode(from: ["person": ["name": "Tristan"]], using: decoder(Context(shouldMap: true)))
        #expect(nestedPerson != nil)
        #expect(nestedPerson?.person?.name != nil)
    }

    @Test func testNestedMappingWithoutContext() {
        let nestedPerson = try? map(NestedPerson.self, ["person": ["name": "Tristan"]])
        #expect(nestedPerson != nil)
        #expect(nestedPerson?.person?.name == nil)
    }

    @Test func testArrayMappingWithContext() {
        let list = try? map(PersonList.self, ["persons": [["name": "Tristan"], ["name": "Anton"]]], context: Context(shouldMap: true))
        #expect(list != nil)
        #expect(list?.persons != nil)
    }

    @Test func testArrayMappingWithContextViaMappableExtension() {
        let list = try? PersonList.decode(from: ["persons": [["name": "Tristan"], ["name": "Anton"]]], using: decoder(Context(shouldMap: true)))
        #expect(list != nil)
        #expect(list?.persons != nil)
    }

    @Test func testArrayMappingWithoutContext() {
        let list = try? map(PersonList.self, ["persons": [["name": "Tristan"], ["name": "Anton"]]])
        #expect(list != nil)
        #expect(list?.persons == nil)
    }

    @Test func testImmutableMappingWithContext() {
        let context = ImmutableContext(isDeveloper: true)
        let person = try? map(ImmutablePerson.self, ["name": "Anton"], context: context)
        #expect(person != nil)
        #expect((person?.isDeveloper ?? !context.isDeveloper) == context.isDeveloper)
    }

    @Test func testImmutableMappingWithContextViaMappableExtension() {
        let context = ImmutableContext(isDeveloper: true)
        let person = try? ImmutablePerson.decode(from: ["name": "Anton"], using: decoder(context))
        #expect(person != nil)
        #expect((person?.isDeveloper ?? !context.isDeveloper) == context.isDeveloper)
    }

    @Test func testImmutableMappingWithoutContext() {
        do {
            _ = try map(ImmutablePerson.self, ["name": "Anton"])
        } catch {
            #expect(isContextAbsense(error), "\(error)")
        }
    }

    @Test func testNestedImmutableMappingWithContext() {
        let context = ImmutableContext(isDeveloper: true)
        let nestedPerson = try? map(ImmutableNestedPerson.self, ["person": ["name": "Anton"]], context: context)
        #expect(nestedPerson != nil)
        #expect((nestedPerson?.person.isDeveloper ?? !context.isDeveloper) == context.isDeveloper)
    }

    @Test func testNestedImmutableMappingWithContextViaMappableExtension() {
        let context = ImmutableContext(isDeveloper: true)
        let nestedPerson = try? ImmutableNestedPerson.decode(from: ["person": ["name": "Anton"]], using: decoder(context))
        #expect(nestedPerson != nil)
        #expect((nestedPerson?.person.isDeveloper ?? !context.isDeveloper) == context.isDeveloper)
    }

    @Test func testNestedImmutableMappingWithoutContext() {
        do {
            _ = try map(ImmutableNestedPerson.self, ["person": ["name": "Anton"]])
            Issue.record("expected a throw")
        } catch {
            #expect(isContextAbsense(error), "\(error)")
        }
    }

    @Test func testArrayImmutableMappingWithContext() {
        let context = ImmutableContext(isDeveloper: true)
        let list = try? map(ImmutablePersonList.self, ["persons": [["name": "Tristan"], ["name": "Anton"]]], context: context)
        #expect(list != nil)
        for person in list?.persons ?? [] {
            #expect(person.isDeveloper == context.isDeveloper)
        }
    }

    @Test func testArrayImmutableMappingWithContextViaMappableExtension() {
        let context = ImmutableContext(isDeveloper: true)
        let list = try? ImmutablePersonList.decode(from: ["persons": [["name": "Tristan"], ["name": "Anton"]]], using: decoder(context))
        #expect(list != nil)
        for person in list?.persons ?? [] {
            #expect(person.isDeveloper == context.isDeveloper)
        }
    }

    @Test func testArrayImmutableMappingWithoutContext() {
        do {
            _ = try map(ImmutablePersonList.self, ["persons": [["name": "Tristan"], ["name": "Anton"]]])
            Issue.record("expected a throw")
        } catch {
            #expect(isContextAbsense(error), "\(error)")
        }
    }

    @Test func testDefaultArgumentWithoutValue() {
        let dog = try? map(ImmutableDog.self, [:])
        #expect(dog != nil)
        #expect(dog?.name == "Sasha")
    }

    @Test func testDefaultArgumentWithValue() {
        let dog = try? map(ImmutableDog.self, ["name": "Sofie"])
        #expect(dog != nil)
        #expect(dog?.name == "Sofie")
    }
}
