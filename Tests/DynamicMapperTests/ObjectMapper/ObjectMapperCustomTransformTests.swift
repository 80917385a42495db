import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's CustomTransformTests.swift, ported. Its transforms and ours:
// DateTransform → UnixTimeTransformer, ISO8601DateTransform → ISO8601DateTransformer,
// CustomDateFormatTransform → DateFormatTransformer, URLTransform → URLTransformer,
// TransformOf → TransformOf (TransformOf<Int64, NSNumber> is a plain Int64: NSNumber is not
// Codable), EnumTransform → the enum itself (Codable), HexColorTransform → HexColorTransformer
// into RGBAColor (UIColor/NSColor are not available here).
// `mapper.toJSON(x)` is `x.encodedObject()`, `mapper.map(JSON:)` is `T.decode(from: [String: Any])`.

private final class Transforms: DynamicMappable {
    enum ImageType: String, Codable {
        case Cover = "cover"
        case Thumbnail = "thumbnail"
    }

    var dynamicSelf: DynamicClass?
    var date = Date()
    var dateOpt: Date?
    var dateMs = Date()
    var dateOptMs: Date?
    var ISO8601Date = Date()
    var ISO8601DateOpt: Date?
    var customFormatDate = Date()
    var customFormatDateOpt: Date?
    var URL = Foundation.URL(string: "")
    var URLOpt: Foundation.URL?
    var URLWithoutEncoding = Foundation.URL(string: "")
    var intWithString = 0
    var int64Value: Int64 = 0
    var firstImageType: ImageType?
    var secondImageType: ImageType?
    var colorRed: RGBAColor?
    var colorGreenLowercase: RGBAColor?
    var colorBlueWithoutHash: RGBAColor?
    var color3lenght: RGBAColor?
    var color4lenght: RGBAColor?
    var color8lenght: RGBAColor?
    required init() {}

    func mapping(_ map: DynamicMap) {
        date <-> ds.date.using(UnixTimeTransformer())
        dateOpt <-> ds.dateOpt.using(UnixTimeTransformer())
        dateMs <-> ds.dateMs.using(UnixTimeTransformer(unit: .milliseconds))
        dateOptMs <-> ds.dateOptMs.using(UnixTimeTransformer(unit: .milliseconds))
        ISO8601Date <-> ds.ISO8601Date.using(ISO8601DateTransformer())
        ISO8601DateOpt <-> ds.ISO8601DateOpt.using(ISO8601DateTransformer())
        customFormatDate <-> ds.customFormateDate.using(DateFormatTransformer(format: "yyyy-MM-dd'T'HH:mm:ss"))
        customFormatDateOpt <-> ds.customFormateDateOpt.using(DateFormatTransformer(format: "yyyy-MM-dd'T'HH:mm:ss"))
        URL <-> ds.URL.using(URLTransformer())
        URLOpt <-> ds.URLOpt.using(URLTransformer())
        URLWithoutEncoding <-> ds.URLWithoutEncoding.using(URLTransformer())
        intWithString <-> ds.intWithString.using(TransformOf<Int, String>(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map { String($0) } }))
        int64Value <-> ds.int64Value
        firstImageType <-> ds.firstImageType
        secondImageType <-> ds.secondImageType
        colorRed <-> ds.colorRed.using(HexColorTransformer(writesHash: false))
        colorGreenLowercase <-> ds.colorGreenLowercase.using(HexColorTransformer(writesHash: false))
        colorBlueWithoutHash <-> ds.colorBlueWithoutHash.using(HexColorTransformer(writesHash: true))
        color3lenght <-> ds.color3lenght.using(HexColorTransformer(writesHash: false))
        color4lenght <-> ds.color4lenght.using(HexColorTransformer(writesHash: false))
        color8lenght <-> ds.color8lenght.using(HexColorTransformer(writesHash: false))
    }
}

private func mapped(_ json: [String: Any]) -> Transforms? {
    try? Transforms.decode(from: json)
}

@Suite("ObjectMapper CustomTransformTests")
struct OMCustomTransformTests {
    @Test func testDateTransform() throws {
        let transforms = Transforms()
        transforms.date = Date(timeIntervalSince1970: 946684800)
        transforms.dateOpt = Date(timeIntervalSince1970: 946684912)
        transforms.dateMs = transforms.date
        transforms.dateOptMs = transforms.dateOpt
        let parsed = mapped(try transforms.encodedObject())
        #expect(parsed != nil)
        #expect(parsed?.date == transforms.date)
        #expect(parsed?.dateOpt == transforms.dateOpt)
        #expect(parsed?.dateMs == transforms.dateMs)
        #expect(parsed?.dateOptMs == transforms.dateOptMs)

        let fromStrings = mapped(["date": "946684800", "dateOpt": "946684912", "dateMs": "946684800000", "dateOptMs": "946684912000"])
        #expect(fromStrings != nil)
        #expect(parsed?.date == fromStrings?.date)
        #expect(parsed?.dateOpt == fromStrings?.dateOpt)
        #expect(parsed?.dateMs == fromStrings?.dateMs)
        #expect(parsed?.dateOptMs == fromStrings?.dateOptMs)
    }

    @Test func testISO8601DateTransform() throws {
        let transforms = Transforms()
        transforms.ISO8601Date = Date(timeIntervalSince1970: 1398956159)
        transforms.ISO8601DateOpt = Date(timeIntervalSince1970: 1398956159)
        let parsed = mapped(try transforms.encodedObject())
        #expect(parsed != nil)
        #expect(parsed?.ISO8601Date == transforms.ISO8601Date)
        #expect(parsed?.ISO8601DateOpt == transforms.ISO8601DateOpt)
    }

    @Test func testISO8601DateTransformWithInvalidInput() {
        var json: [String: Any] = ["ISO8601Date": ""]
        let transforms = mapped(json)
        #expect(transforms?.ISO8601DateOpt == nil)
        json["ISO8601Date"] = "incorrect format"
        let transforms2 = mapped(json)
        #expect(transforms2?.ISO8601DateOpt == nil)
    }

    @Test func testCustomFormatDateTransform() throws {
        let dateString = "2015-03-03T02:36:44"
        let transform = try #require(mapped(["customFormateDate": dateString]))
        let output = try transform.encodedObject()
        #expect(output["customFormateDate"] as? String == dateString)
    }

    @Test func testIntToStringTransformOf() {
        let transforms = mapped(["intWithString": "12345"])
        #expect(transforms?.intWithString == 12345)
    }

    @Test func testInt64MaxValue() throws {
        let transforms = Transforms()
        transforms.int64Value = Int64.max
        let parsed = mapped(try transforms.encodedObject())
        #expect(parsed != nil)
        #expect(parsed?.int64Value == transforms.int64Value)
    }

    @Test func testURLTranform() throws {
        let transforms = Transforms()
        transforms.URL = Foundation.URL(string: "http://google.com/image/1234")!
        transforms.URLOpt = Foundation.URL(string: "http://google.com/image/1234")
        transforms.URLWithoutEncoding = Foundation.URL(string: "http://google.com/image/1234#fragment")!
        let parsed = mapped(try transforms.encodedObject())
        #expect(parsed != nil)
        #expect(parsed?.URL == transforms.URL)
        #expect(parsed?.URLOpt == transforms.URLOpt)
        #expect(parsed?.URLWithoutEncoding == transforms.URLWithoutEncoding)
    }

    @Test func testEnumTransform() {
        let transforms = mapped(["firstImageType": "cover", "secondImageType": "thumbnail"])
        #expect(transforms?.firstImageType == .Cover)
        #expect(transforms?.secondImageType == .Thumbnail)
    }

    /// DIFFERS on the last value only: ObjectMapper's `alphaToJSON: true` writes the alpha of an
    /// opaque colour ("FF0000FF"); HexColorTransformer writes alpha only when it is not 255.
    /// ObjectMapper writes no "#" unless `prefixToJSON`; ours is `writesHash`.
    @Test func testHexColorTransform() throws {
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        let transform = try #require(
            mapped([
                "colorRed": "#FF0000",
                "colorGreenLowercase": "#00FF00",
                "colorBlueWithoutHash": "0000FF",
                "color3lenght": "F00",
                "color4lenght": "F00f",
                "color8lenght": "ff0000ff",
            ]))
        #expect(transform.colorRed == red)
        #expect(transform.colorGreenLowercase == RGBAColor(red: 0, green: 255, blue: 0))
        #expect(transform.colorBlueWithoutHash == RGBAColor(red: 0, green: 0, blue: 255))
        #expect(transform.color3lenght == red)
        #expect(transform.color4lenght == red)
        #expect(transform.color8lenght == red)
        let output = try transform.encodedObject()
        #expect(output["colorRed"] as? String == "FF0000")
        #expect(output["colorGreenLowercase"] as? String == "00FF00")
        #expect(output["colorBlueWithoutHash"] as? String == "#0000FF")
        #expect(output["color3lenght"] as? String == "FF0000")
        #expect(output["color4lenght"] as? String == "FF0000")
        #expect(output["color8lenght"] as? String == "FF0000") // ObjectMapper: "FF0000FF"
    }
}
