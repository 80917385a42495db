/// A color as four 8-bit channels, the same on every platform: what ``HexColorTransformer``
/// reads from `"#FF8000"` and writes back.
///
/// ```swift
/// let orange = RGBAColor(red: 255, green: 128, blue: 0)
/// orange.alpha   // 255, opaque
/// ```
///
/// Channels are `UInt8` (0...255) rather than fractions so that every hex color reads back
/// exactly as written and two equal colors are `==`. Convert for the UI frameworks at the edge,
/// dividing each channel by 255 (*Dynamic Mapping* shows `UIColor` and `NSColor`):
///
/// ```swift
/// let red = Double(color.red) / 255   // 0.0 ... 1.0
/// ```
public struct RGBAColor: Sendable, Hashable {
    /// Red, 0...255: `RGBAColor(red: 255, green: 0, blue: 0).red` is `255`.
    public var red: UInt8
    /// Green, 0...255: `color.green`.
    public var green: UInt8
    /// Blue, 0...255: `color.blue`.
    public var blue: UInt8
    /// Opacity, 0 (transparent) ... 255 (opaque): `color.alpha`.
    public var alpha: UInt8

    /// A color from its channels, opaque unless `alpha` says otherwise.
    ///
    /// ```swift
    /// let translucentBlue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 128)
    /// ```
    ///
    /// - Parameters:
    ///   - red: Red, 0...255.
    ///   - green: Green, 0...255.
    ///   - blue: Blue, 0...255.
    ///   - alpha: Opacity, 0 (transparent) ... 255 (opaque, the default).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
