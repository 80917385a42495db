/// What the scanner accepts.
struct ScanOptions: Sendable {
    var allowsJSON5 = false
    /// JSON5 only, as in Foundation: a top-level object may omit its braces.
    var assumesTopLevelDictionary = false
    /// Deepest allowed container nesting; deeper input is an error, never a stack overflow.
    var maximumDepth = 512

    init(allowsJSON5: Bool = false, assumesTopLevelDictionary: Bool = false, maximumDepth: Int = 512) {
        self.allowsJSON5 = allowsJSON5
        self.assumesTopLevelDictionary = assumesTopLevelDictionary
        // At least the top-level container, as `DynamicJSONDecoder.maximumDepth` allows.
        self.maximumDepth = max(1, maximumDepth)
    }
}
