import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// `HexColorTransformer` (ObjectMapper's `HexColorTransform`) into `RGBAColor` (issue 28, item 6).

private struct HCTheme: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var tint = RGBAColor(red: 0, green: 0, blue: 0)
    var background: RGBAColor?
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        tint <-> ds.tint.using(HexColorTransformer())
        background <-> ds.background.using(HexColorTransformer())
    }
}

@Suite("HexColorTransformer: #RGB, #RGBA, #RRGGBB and #RRGGBBAA into RGBAColor")
struct HexColorTransformerTests {
    @Test("every accepted form, with and without #, in either case")
    func forms() throws {
        let hex = HexColorTransformer()
        let orange = RGBAColor(red: 0xFF, green: 0x88, blue: 0x00)
        for text in ["#FF8800", "FF8800", "#ff8800", "#F80", "f80", "#F80F", "#FF8800FF"] {
            #expect(try hex.decode(text) == orange, "\(text)")
        }
        #expect(try hex.decode("#12345678") == RGBAColor(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        #expect(try hex.decode("1234") == RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
    }

    @Test("writes #RRGGBB when opaque, #RRGGBBAA otherwise; writesHash: false leaves out the #")
    func writing() throws {
        #expect(try HexColorTransformer().encode(RGBAColor(red: 0, green: 0x80, blue: 0xFF)) == "#0080FF")
        #expect(try HexColorTransformer().encode(RGBAColor(red: 0, green: 0x80, blue: 0xFF, alpha: 0x0A)) == "#0080FF0A")
        #expect(try HexColorTransformer(writesHash: false).encode(RGBAColor(red: 1, green: 2, blue: 3)) == "010203")
        #expect(HexColorTransformer().writesHash && !HexColorTransformer(writesHash: false).writesHash)
    }

    @Test("anything else is refused with the accepted forms named; <-> keeps the value and reports")
    func refusals() throws {
        let reason = "is not a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA)"
        for text in ["", "#", "#12", "#12345", "#1234567", "#123456789", "#GG0000", "##FFF", " #FFF", "#FFF ", "#ＦＦＦ", "rgb(1,2,3)"] {
            #expect(throws: TransformerError(value: text, reason: reason), "\(text)") { try HexColorTransformer().decode(text) }
        }
        let (theme, report) = try DynamicJSONDecoder().decodeWithReport(HCTheme.self, from: Data(##"{"tint":"#12345","background":"#000"}"##.utf8))
        #expect(theme.tint == RGBAColor(red: 0, green: 0, blue: 0) && theme.background == RGBAColor(red: 0, green: 0, blue: 0))
        #expect(
            report.events.map(\.description) == [
                ##"tint: mapping read failed, value "#12345": dataCorrupted at tint: "#12345" is not a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA)"##
            ])
    }

    @Test("random colors round-trip through every written form", arguments: 1...4)
    func randomRoundTrip(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        for _ in 0..<200 {
            let color = RGBAColor(
                red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                blue: .random(in: 0...255, using: &random), alpha: Bool.random(using: &random) ? 255 : .random(in: 0...255, using: &random))
            let text = try HexColorTransformer().encode(color)
            #expect(text.count == (color.alpha == 255 ? 7 : 9))
            #expect(try HexColorTransformer().decode(text) == color)
            #expect(try HexColorTransformer().decode(text.lowercased()) == color)
            #expect(try HexColorTransformer().decode(try HexColorTransformer(writesHash: false).encode(color)) == color)
            var theme = HCTheme()
            theme.tint = color
            let back = try DynamicJSONDecoder().decode(HCTheme.self, from: try DynamicJSONEncoder().encode(theme))
            #expect(back.tint == color && back.background == nil)
        }
    }
}
