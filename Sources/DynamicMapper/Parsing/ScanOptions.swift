/// What the scanner accepts.
struct ScanOptions: Sendable {
    var allowsJSON5 = false
    /// JSON5 only, as in Foundation: a top-level object may omit its braces.
    var assumesTopLevelDictionary = false
    /// Deepest allowed container nesting; deeper input is an error, never a stack overflow.
    var maximumDepth = 512
}
