import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Hand-written decoding that keeps nested containers open while it works on their parents,
/// so the decoder's shared path stack no longer holds their part of the path.
private struct OutOfOrder: Decodable, Equatable {
    var age: Int
    var name: String
    var id: Int
    var tags: [Int]

    private enum Keys: String, CodingKey { case info, name, meta, data, age, id, tags, list }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        let info = try root.nestedContainer(keyedBy: Keys.self, forKey: .info)
        name = try root.decode(String.self, forKey: .name)
        let meta = try root.nestedContainer(keyedBy: Keys.self, forKey: .meta)
        let data = try root.nestedContainer(keyedBy: Keys.self, forKey: .data)
        var list = try data.nestedUnkeyedContainer(forKey: .list)
        id = try data.decode(Int.self, forKey: .id)
        age = try info.decode(Int.self, forKey: .age)
        var tags: [Int] = []
        while !list.isAtEnd {
            let element = try list.nestedContainer(keyedBy: Keys.self)
            _ = try meta.decode(Int.self, forKey: .id)
            tags.append(try element.decode(Int.self, forKey: .id))
        }
        self.tags = tags
    }
}

@Suite("Coding paths of containers used out of order")
struct DecoderContainerPathTests {
    static let valid = #"{"info": {"age": 3}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": [{"id": 5}]}}"#

    @Test func valuesMatchFoundation() {
        expectSameDecoding(OutOfOrder.self, Self.valid)
    }

    @Test(arguments: [
        #"{"info": {"age": "x"}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": []}}"#,
        #"{"info": {}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": []}}"#,
        #"{"info": {"age": 3}, "name": "n", "meta": {"id": "x"}, "data": {"id": 2, "list": [{"id": 5}]}}"#,
        #"{"info": {"age": 3}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": [{"id": 5}, {"id": null}]}}"#,
        #"{"info": {"age": 3}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": [7]}}"#,
    ])
    func errorPathsMatchFoundation(json: String) {
        expectSameDecoding(OutOfOrder.self, json)
    }

    @Test func nestedContainerReportsItsOwnPath() throws {
        let decoder = DynamicJSONDecoder()
        let json = #"{"info": {"age": "x"}, "name": "n", "meta": {"id": 1}, "data": {"id": 2, "list": []}}"#
        do {
            _ = try decoder.decode(OutOfOrder.self, from: Data(json.utf8))
            Issue.record("expected a type mismatch")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["info", "age"])
        }
    }
}
