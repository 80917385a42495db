/// What the scanner accepts.
struct ScanOptions: Sendable {
    var allowsJSON5 = false
    /// JSON5 only, as in Foundation: a top-level object may omit its braces.
    var assumesTopLevelDictionary = false
    /// Deepest allowed container nesting; deeper input is an error, never a stack overflow.
    var maximumDepth = 512
    /// Whether an object that repeats a key is an error (see ``Document/duplicateKeyError()``).
    var rejectsDuplicateKeys = false
    /// Tests only: scan without `BlockScan`, one byte (or word) at a time. This is the
    /// reference the block-at-a-time scanner must match result for result and error for error.
    var scansByteByByte = false

    init(allowsJSON5: Bool = false, assumesTopLevelDictionary: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) {
        self.allowsJSON5 = allowsJSON5
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.assumesTopLevelDictionary = assumesTopLevelDictionary
        // At least the top-level container, as `DynamicJSONDecoder.maximumDepth` allows.
        self.maximumDepth = max(1, maximumDepth)
    }
}

/// Whether JSON5 is accepted, as a type: the strict scanner is compiled with every JSON5 test
/// folded away, instead of checking an option on each byte of white space. Likewise whether
/// runs of bytes are skipped a block at a time (see `BlockScan`).
protocol ScanMode {
    static var allowsJSON5: Bool { get }
    static var scansBlocks: Bool { get }
}

extension ScanMode {
    static var scansBlocks: Bool { true }
}

enum StrictJSON: ScanMode {
    static var allowsJSON5: Bool { false }
}

enum JSON5: ScanMode {
    static var allowsJSON5: Bool { true }
}

/// `Base` without `BlockScan`: the byte-at-a-time reference (`ScanOptions.scansByteByByte`).
enum ByteByByte<Base: ScanMode>: ScanMode {
    static var allowsJSON5: Bool { Base.allowsJSON5 }
    static var scansBlocks: Bool { false }
}
