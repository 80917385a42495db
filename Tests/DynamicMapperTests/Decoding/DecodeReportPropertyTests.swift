import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// The decode report as a property: for random payloads of a model with lossy arrays, @Zero
// and @Mapped defaults at several depths, the report lists exactly the places where the
// payload made the decode drop an element or use a default, in decode order. File-scope
// types carry a `DRP` prefix.

private struct DRPInner: Codable {
    @Zero var flag: Bool
    @Flat var names: [String]
}

private struct DRPRecord: Codable {
    @Flat var values: [Int]
    @Zero var count: Int
    var inner: DRPInner?
}

private struct DRPMapped: MappedCodable {
    @Mapped(default: 5) var size: Int
    @Mapped("meta.labels", default: [], .lossy) var labels: [String]
}

private struct DRPPayload: Codable {
    var records: [DRPRecord]
    var mapped: [DRPMapped]
}

/// A random payload and the events it must produce, built side by side.
private struct DRPGenerator {
    var random: SeededRandom
    var expected: [String] = []

    /// One of: a valid element, or a value that fails (`null`, wrong type), which is dropped.
    mutating func lossyArray(valid: () -> JSON, path: String, into expected: inout [String]) -> JSON {
        var elements: [JSON] = []
        for position in 0..<Int.random(in: 0...4, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                elements.append(.null)
                expected.append("droppedElement \(path)[\(position)]")
            case 1:
                elements.append(.object([:]))
                expected.append("droppedElement \(path)[\(position)]")
            default:
                elements.append(valid())
            }
        }
        return .array(elements)
    }

    /// A member that is left out, `null`, or `value`.
    mutating func defaulted(_ key: String, value: JSON, path: String, in object: inout JSON.Object, expected: inout [String]) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            expected.append("defaultForMissingKey \(path)")
        case 1:
            object[key] = .null
            expected.append("defaultForNull \(path)")
        default:
            object[key] = value
        }
    }

    mutating func record(at path: String) -> JSON {
        var object = JSON.Object()
        var events: [String] = []
        object["values"] = lossyArray(valid: { .number(JSON.Number(7)) }, path: "\(path).values", into: &events)
        defaulted("count", value: .number(JSON.Number(3)), path: "\(path).count", in: &object, expected: &events)
        if Bool.random(using: &random) {
            var inner = JSON.Object()
            defaulted("flag", value: .bool(true), path: "\(path).inner.flag", in: &inner, expected: &events)
            inner["names"] = lossyArray(valid: { .string("n") }, path: "\(path).inner.names", into: &events)
            object["inner"] = .object(shuffled(inner))
        }
        expected += events
        return .object(shuffled(object))
    }

    mutating func mapped(at path: String) -> JSON {
        var object = JSON.Object()
        var events: [String] = []
        if Bool.random(using: &random) {
            object["size"] = .number(JSON.Number(1))
        } else {
            events.append("defaultForMissingKey \(path).size")
        }
        if Bool.random(using: &random) {
            let labels = lossyArray(valid: { .string("l") }, path: "\(path).meta.labels", into: &events)
            object["meta"] = .object(["labels": labels])
        } else {
            events.append("defaultForMissingKey \(path).meta.labels")
        }
        expected += events
        return .object(shuffled(object))
    }

    /// The members in a random order: the decode's order is the model's, whatever the document's.
    mutating func shuffled(_ object: JSON.Object) -> JSON.Object {
        var result = JSON.Object()
        for key in object.keys.shuffled(using: &random) { result[key] = object[key] }
        return result
    }

    mutating func payload() -> JSON {
        let records = (0..<Int.random(in: 0...4, using: &random)).map { record(at: "records[\($0)]") }
        let mappedModels = (0..<Int.random(in: 0...3, using: &random)).map { mapped(at: "mapped[\($0)]") }
        return .object(["records": .array(records), "mapped": .array(mappedModels)])
    }
}

@Suite("Decode report properties")
struct DecodeReportPropertyTests {
    @Test("the report lists exactly the dropped and defaulted places of random payloads")
    func exactPlaces() throws {
        for seed in UInt64(1)...300 {
            var generator = DRPGenerator(random: SeededRandom(state: seed))
            let payload = generator.payload()
            let data = payload.serialized()
            let (value, report) = try DynamicJSONDecoder().decodeWithReport(DRPPayload.self, from: data)
            let listed = report.events.map { "\($0.kind) \($0.path)" }
            #expect(listed == generator.expected, "seed \(seed): \(String(decoding: data, as: UTF8.self))")
            // Every path in the report names the place in the document it describes.
            let document = DynamicClass(payload)
            for event in report.events where event.kind == .droppedElement {
                #expect(JSON(document[event.path.description]) != nil, "seed \(seed): \(event)")
            }
            // The value is the one a decode without a report gives.
            let plain = try DynamicJSONDecoder().decode(DRPPayload.self, from: data)
            #expect(value.records.map(\.values) == plain.records.map(\.values), "seed \(seed)")
            #expect(value.mapped.map(\.labels) == plain.mapped.map(\.labels), "seed \(seed)")
        }
    }

    @Test("with unread keys asked for, random extra members are listed and nothing else")
    func unreadExtras() throws {
        for seed in UInt64(1)...200 {
            var generator = DRPGenerator(random: SeededRandom(state: seed))
            guard case .object(var object) = generator.payload() else { continue }
            var extras: [String] = []
            for index in 0..<Int.random(in: 0...3, using: &generator.random) {
                object["extra\(index)"] = .array([.number(JSON.Number(index))])
                extras.append("extra\(index)")
            }
            let data = JSON.object(object).serialized()
            let (_, report) = try DynamicJSONDecoder().decodeWithReport(DRPPayload.self, from: data, options: .unreadKeys)
            let unread = report.events.filter { $0.kind == .unreadKey }.map(\.path.description)
            #expect(unread == extras, "seed \(seed): \(String(decoding: data, as: UTF8.self))")
            #expect(report.events.count - unread.count == generator.expected.count, "seed \(seed)")
        }
    }
}
