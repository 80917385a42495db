import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `UnixTimeTransformer` reads numbers written as strings, as ObjectMapper's `DateTransform`
// did (issue 28, item 6).

private struct UTEvent: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var at: Date?
    var atMillis = Date(timeIntervalSince1970: 0)
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        at <-> ds.at.using(UnixTimeTransformer())
        atMillis <-> ds.ms.using(UnixTimeTransformer(unit: .milliseconds))
    }
}

private struct UTStamped: Codable {
    @CodedBy<UnixTimeTransformer> var at: Date
}

private func utDecode(_ text: String) throws -> (UTEvent, [String]) {
    let (event, report) = try DynamicJSONDecoder().decodeWithReport(UTEvent.self, from: Data(text.utf8))
    return (event, report.events.map(\.description))
}

@Suite("UnixTimeTransformer reads numbers written as strings")
struct UnixTimeFromStringTests {
    @Test("seconds and milliseconds, whole and with a fraction, as numbers and as strings")
    func stringsAndNumbers() throws {
        let seconds = UnixTimeTransformer()
        let millis = UnixTimeTransformer(unit: .milliseconds)
        let y2k = Date(timeIntervalSince1970: 946_684_800)
        #expect(try seconds.decode(LenientNumber("946684800")!) == y2k)
        #expect(try seconds.decode(LenientNumber("946684800.5")!) == Date(timeIntervalSince1970: 946_684_800.5))
        #expect(try millis.decode(LenientNumber("946684800500")!) == Date(timeIntervalSince1970: 946_684_800.5))
        #expect(try millis.decode(LenientNumber("946684800000.5")!) == Date(timeIntervalSince1970: 946_684_800.0005))

        let (event, events) = try utDecode(#"{"at":"946684800","ms":"946684800500"}"#)
        #expect(event.at == y2k && event.atMillis == Date(timeIntervalSince1970: 946_684_800.5))
        #expect(events.isEmpty)
        let (numbers, _) = try utDecode(#"{"at":946684800.5,"ms":946684800500}"#)
        #expect(numbers.at == Date(timeIntervalSince1970: 946_684_800.5))
        #expect(try DynamicJSONDecoder().decode(UTStamped.self, from: Data(#"{"at":"946684800"}"#.utf8)).at == y2k)
        #expect(try JSONDecoder().decode(UTStamped.self, from: Data(#"{"at":"946684800.5"}"#.utf8)).at == Date(timeIntervalSince1970: 946_684_800.5))
    }

    @Test("encoding writes a number, never a string")
    func writesNumbers() throws {
        var event = UTEvent()
        event.at = Date(timeIntervalSince1970: 946_684_800)
        event.atMillis = Date(timeIntervalSince1970: 946_684_800.5)
        #expect(String(decoding: try DynamicJSONEncoder().encode(event), as: UTF8.self) == #"{"at":946684800,"ms":946684800500}"#)
        let (decoded, _) = try utDecode(#"{"at":"946684800","ms":"946684800500"}"#)
        var edited = decoded
        edited.at = Date(timeIntervalSince1970: 1)
        let written = String(decoding: try DynamicJSONEncoder().encode(edited), as: UTF8.self)
        // The string form is not remembered: what was read is written back as a number, as
        // ObjectMapper's DateTransform wrote it.
        #expect(written == #"{"at":1,"ms":946684800500}"#)
    }

    @Test("text that is not a whole JSON number is refused, reported, and the property kept")
    func refusals() throws {
        let (event, events) = try utDecode(#"{"at":" 946684800","ms":"soon"}"#)
        #expect(event.at == nil && event.atMillis == Date(timeIntervalSince1970: 0))
        #expect(
            events == [
                #"at: mapping read failed, value " 946684800": typeMismatch at at: Expected a number or a string holding one but found the string " 946684800" instead."#,
                #"ms: mapping read failed, value "soon": typeMismatch at ms: Expected a number or a string holding one but found the string "soon" instead."#,
            ])
        for text in ["", "+1", "1.", ".5", "0x10", "1e", "12 apples", "NaN"] {
            #expect(LenientNumber(text) == nil, "\(text)")
        }
        #expect(throws: TransformerError(valueDescription: "1e400", reason: "is not a finite number of seconds since 1970")) {
            try UnixTimeTransformer().decode(LenientNumber("1e400")!)
        }
    }

    @Test("random timestamps read the same from a number and from its string", arguments: 1...4)
    func randomTimestamps(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        for _ in 0..<100 {
            let whole = Int64.random(in: -4_000_000_000...4_000_000_000, using: &random)
            let fraction = Bool.random(using: &random) ? "" : "." + String(Int.random(in: 0...999, using: &random))
            let literal = "\(whole)\(fraction)"
            for unit in [UnixTimeTransformer.Unit.seconds, .milliseconds] {
                let transformer = UnixTimeTransformer(unit: unit)
                let fromNumber = try DynamicJSONDecoder().decode(UTEventRaw.self, from: Data(#"{"t":\#(literal)}"#.utf8)).t
                let fromString = try DynamicJSONDecoder().decode(UTEventRaw.self, from: Data(#"{"t":"\#(literal)"}"#.utf8)).t
                #expect(fromNumber == fromString)
                let date = try transformer.decode(fromString)
                let expected = Double(literal)! / (unit == .seconds ? 1 : 1000)
                #expect(date == Date(timeIntervalSince1970: expected), "\(literal)")
            }
        }
    }
}

private struct UTEventRaw: Codable {
    var t: LenientNumber
}
