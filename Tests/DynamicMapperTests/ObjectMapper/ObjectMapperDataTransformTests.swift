import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's DataTransformTests.swift, ported: `DataTransform` is `Base64DataTransformer`.

private final class DataType: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var data: Data?
    var stringData: String?
    required init() {}

    func mapping(_ map: DynamicMap) {
        stringData <-> ds.data
        data <-> ds.data.using(Base64DataTransformer())
    }
}

@Suite("ObjectMapper DataTransformTests")
struct OMDataTransformTests {
    @Test func testDataTransform() {
        let data = Data((0..<20).map { UInt8(($0 * 37 + 11) % 256) })
        let dataString = data.base64EncodedString()
        let object = try? DataType.decode(from: #"{"data" : "\#(dataString)"}"#)
        #expect(object != nil)
        #expect(object?.stringData == dataString)
        #expect(object?.data == data)
    }
}
