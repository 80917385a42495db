/// Colors written as hex text, String <-> RGBAColor: the counterpart of ObjectMapper's
/// `HexColorTransform`, into a platform-neutral ``RGBAColor``.
///
/// ```swift
/// let hex = HexColorTransformer()
/// try hex.decode("#FF8000")     // RGBAColor(red: 255, green: 128, blue: 0, alpha: 255)
/// try hex.decode("f80")         // the same color: one digit per channel, `#` optional
/// try hex.decode("#FF800080")   // alpha 128
/// try hex.encode(RGBAColor(red: 255, green: 128, blue: 0))              // "#FF8000"
/// try hex.encode(RGBAColor(red: 255, green: 128, blue: 0, alpha: 128))  // "#FF800080"
/// tint <-> ds.theme.tint.using(HexColorTransformer())
/// ```
///
/// Reads `#RGB`, `#RGBA`, `#RRGGBB` and `#RRGGBBAA`, with or without the `#`, digits in either
/// case (a single digit stands for itself twice: `8` is `88`). Writes upper-case `#RRGGBB` for
/// an opaque color and `#RRGGBBAA` otherwise; ObjectMapper's transform wrote no `#` unless told
/// to, which `HexColorTransformer(writesHash: false)` keeps.
public struct HexColorTransformer: Transformer, DefaultInitializable, Sendable {
    /// Whether encoding starts with `#` (default `true`): `HexColorTransformer().writesHash`.
    public let writesHash: Bool

    /// Writes `#RRGGBB`: `HexColorTransformer()`.
    public init() {
        self.init(writesHash: true)
    }

    /// Writes `#RRGGBB`, or `RRGGBB` when `writesHash` is off:
    /// `HexColorTransformer(writesHash: false)`.
    public init(writesHash: Bool) {
        self.writesHash = writesHash
    }

    /// Reads a color: `try HexColorTransformer().decode("#0080FF")`.
    ///
    /// - Throws: ``TransformerError`` for other text (`"#12345" is not a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA)`).
    public func decode(_ raw: String) throws -> RGBAColor {
        var digits = Array(raw.utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        let values = digits.compactMap(Self.hexValue)
        guard values.count == digits.count else { throw refusal(raw) }
        switch values.count {
        case 3, 4:
            let channels = values.map { $0 << 4 | $0 }
            return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: values.count == 4 ? channels[3] : 255)
        case 6, 8:
            let channels = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: values.count == 8 ? channels[3] : 255)
        default:
            throw refusal(raw)
        }
    }

    /// Writes a color: `try HexColorTransformer().encode(RGBAColor(red: 0, green: 128, blue: 255))`
    /// gives `"#0080FF"`.
    public func encode(_ value: RGBAColor) throws -> String {
        var channels = [value.red, value.green, value.blue]
        if value.alpha != 255 { channels.append(value.alpha) }
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = writesHash ? [UInt8(ascii: "#")] : []
        for channel in channels {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func refusal(_ raw: String) -> TransformerError {
        TransformerError(value: raw, reason: "is not a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
