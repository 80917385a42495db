import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// ObjectMapper's `StaticMappable` class clusters, as `mappableType(for:)`.

private class Vehicle: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var wheels = 0
    required init() {}

    class func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? {
        try map.type(discriminator: "type", ["car": Car.self, "bike": Bike.self, "vehicle": Vehicle.self])
    }

    func mapping(_ map: DynamicMap) {
        wheels <-> ds.wheels
    }
}

private final class Car: Vehicle {
    var seats = 4
    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        seats <-> ds.seats
    }
}

private final class Bike: Vehicle {
    var bell = false
    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        bell <-> ds.bell
    }
}

/// Chooses a type that is not a `Vehicle`.
private final class Unrelated: DynamicMappable {
    var dynamicSelf: DynamicClass?
    init() {}
    func mapping(_ map: DynamicMap) {}
}

private class Confused: DynamicMappable {
    var dynamicSelf: DynamicClass?
    required init() {}
    class func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? { Unrelated.self }
    func mapping(_ map: DynamicMap) {}
}

private final class Garage: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var main: Vehicle?
    var all: [Vehicle] = []
    var byName: [String: Vehicle] = [:]
    init() {}
    func mapping(_ map: DynamicMap) {
        main <-> ds.main
        all <-> ds.all
        byName <-> ds.byName
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String, using decoder: JSONDecoder = DynamicJSONDecoder()) throws -> T {
    try decoder.decode(T.self, from: Data(text.utf8))
}

@Suite("Mappable models: the concrete type chosen from the JSON")
struct MappablePolymorphismTests {
    @Test("At the top level, with our decoder and Foundation's")
    func topLevel() throws {
        for decoder in [DynamicJSONDecoder(), JSONDecoder()] {
            let car = try decode(Vehicle.self, #"{"type": "car", "wheels": 4, "seats": 2}"#, using: decoder)
            #expect((car as? Car)?.seats == 2)
            #expect(car.wheels == 4)
            let bike = try decode(Vehicle.self, #"{"type": "bike", "wheels": 2, "bell": true}"#, using: decoder)
            #expect((bike as? Bike)?.bell == true)
        }
    }

    @Test("In nested properties, arrays and dictionaries")
    func nested() throws {
        let garage = try decode(
            Garage.self,
            """
            {"main": {"type": "bike", "bell": true},
             "all": [{"type": "car", "seats": 7}, {"type": "bike"}, {"type": "vehicle", "wheels": 3}],
             "byName": {"a": {"type": "car"}}}
            """)
        #expect((garage.main as? Bike)?.bell == true)
        #expect(garage.all.map { String(describing: type(of: $0)) } == ["Car", "Bike", "Vehicle"])
        #expect((garage.all[0] as? Car)?.seats == 7)
        #expect(garage.all[2].wheels == 3)
        #expect(garage.byName["a"] is Car)
    }

    @Test("Encoding writes the concrete type's keys and keeps the discriminator")
    func encodingWritesConcreteKeys() throws {
        let car = try decode(Vehicle.self, #"{"type":"car","wheels":4,"seats":2}"#)
        (car as? Car)?.seats = 5
        let output = String(decoding: try DynamicJSONEncoder().encode(car), as: UTF8.self)
        #expect(output == #"{"type":"car","wheels":4,"seats":5}"#)
    }

    @Test("A missing discriminator and an unknown type name are errors with their path")
    func badDiscriminators() throws {
        do {
            _ = try decode(Garage.self, #"{"all": [{"type": "car"}, {"wheels": 2}]}"#, using: strictDecoder())
            Issue.record("expected a throw")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "type")
            #expect(Path(codingPath: context.codingPath).description == "all[1]")
        }
        do {
            _ = try decode(Vehicle.self, #"{"type": "boat"}"#)
            Issue.record("expected a throw")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(Path(codingPath: context.codingPath).description == "type")
            #expect(context.debugDescription.contains("\"boat\""))
        }
        do {
            _ = try decode(Vehicle.self, #"{"type": 3}"#)
            Issue.record("expected a throw")
        } catch DecodingError.dataCorrupted {}
    }

    @Test("Without strict mapping a nested bad discriminator is reported and the rest decodes")
    func reportedWhenNotStrict() throws {
        let log = FailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        let garage = try decode(Garage.self, #"{"main": {"type": "ship"}, "byName": {"a": {"type": "car"}}}"#, using: decoder)
        #expect(garage.main == nil)
        #expect(garage.byName["a"] is Car)
        #expect(log.paths == ["main.type"])
    }

    @Test("A chosen type that is not the asked type is a type mismatch")
    func unrelatedChoice() {
        #expect(throws: DecodingError.self) { try decode(Confused.self, "{}") }
    }
}

private func strictDecoder() -> DynamicJSONDecoder {
    let decoder = DynamicJSONDecoder()
    decoder.strictMapping = true
    return decoder
}
