import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

/// A model keeps what its reads left alone in a short list, and indexes it once it holds
/// many (more than sixteen): past that point, unchanged properties must still write nothing
/// and a changed one must still be written.
@Suite("Many reads that leave their property alone")
struct ManyUnchangedReadsTests {
    @Test func unchangedDefaultsWriteNothingAndAChangeIsWritten() throws {
        let input = Data(#"{"kept":"x","p3":"not a number"}"#.utf8)
        let model = try DynamicJSONDecoder().decode(ManyDefaults.self, from: input)
        #expect(model.values == Array(repeating: 7, count: ManyDefaults.count))
        #expect(try DynamicJSONEncoder().encode(model) == input)

        model.values[3] = 8
        model.values[ManyDefaults.count - 2] = 9
        let edited = try JSON(parsing: DynamicJSONEncoder().encode(model))
        let expected: JSON = ["kept": "x", "p3": 8, "p\(ManyDefaults.count - 2)": 9]
        #expect(edited == expected)
    }
}

private final class ManyDefaults: DynamicMappable {
    static let count = 24
    var dynamicSelf: DynamicClass?
    var values = Array(repeating: 7, count: ManyDefaults.count)

    required init() {}

    func mapping(_ map: DynamicMap) {
        for position in values.indices {
            values[position] <-> map["p\(position)"]
        }
    }
}
