import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's ClassClusterTests.swift, ported: `StaticMappable.objectForMapping(map:)` is
// `mappableType(for:)`, which names the class to build instead of building it.

private class Vehicle: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var type: String?
    required init() {}

    /// "car" and "bus" name subclasses; any other type name builds a Vehicle.
    class func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? {
        let name: String? = try? map.value("type")
        switch name {
        case "car": return Car.self
        case "bus": return Bus.self
        default: return nil
        }
    }

    func mapping(_ map: DynamicMap) {
        type <-> ds.type
    }
}

private final class Car: Vehicle {
    var name: String?

    override class func mappableType(for map: DynamicMap) throws -> (any DynamicMappable.Type)? { nil }

    override func mapping(_ map: DynamicMap) {
        super.mapping(map)
        name <-> ds.name
    }
}

private final class Bus: Vehicle {}

@Suite("ObjectMapper ClassClusterTests")
struct OMClassClusterTests {
    @Test func testClassClusters() throws {
        let vehicle = try Vehicle.decode(from: ["name": "Honda", "type": "car"])
        #expect(vehicle is Car)
        #expect((vehicle as? Car)?.name == "Honda")
    }

    @Test func testClassClustersFromJSONString() throws {
        let vehicle = try Vehicle.decode(from: #"{"name": "Honda", "type": "car"}"#)
        #expect(vehicle is Car)
        #expect((vehicle as? Car)?.name == "Honda")
    }

    @Test func testClassClusterArray() throws {
        let array: [[String: Any]] = [["name": "Honda", "type": "car"], ["type": "bus"], ["type": "vehicle"]]
        let vehicles = try [Vehicle].decode(from: JSON(foundationObject: array))
        #expect(vehicles.count == 3)
        #expect(vehicles[0] is Car)
        #expect(vehicles[1] is Bus)
        #expect(type(of: vehicles[2]) == Vehicle.self)
        #expect((vehicles[0] as? Car)?.name == "Honda")
    }
}
