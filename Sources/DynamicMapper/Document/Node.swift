/// One entry of a document's flat index ("tape"). Values appear in document order; an object's
/// members appear as key node, value node(s), key node, ...
///
/// Strings and numbers are not converted while scanning: a node only says where their bytes are.
struct Node {
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    /// Flags on string and number nodes, set by the scanner so readers can take fast paths.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// String content contains at least one backslash escape.
        static let escaped = Flags(rawValue: 1 << 0)
        /// Number literal in a JSON5 spelling that strict readers do not handle: hex, a leading
        /// `+`, a leading or trailing `.`, `Infinity`, `NaN`.
        static let json5 = Flags(rawValue: 1 << 1)
        /// Number literal with no fraction and no exponent.
        static let integer = Flags(rawValue: 1 << 2)
        /// String content has a byte of 0x80 or more, so another spelling of it (NFC against
        /// NFD) may be canonically equivalent: key matching compares such keys as `String`s.
        static let nonASCII = Flags(rawValue: 1 << 3)
        /// JSON5 hexadecimal integer (also `json5`), whose magnitude the scanner checked to fit
        /// 64 bits.
        static let hexadecimal = Flags(rawValue: 1 << 4)
    }

    var kind: Kind
    var flags: Flags
    /// Scalars: byte offset of the content (after the opening quote for strings).
    /// Containers: byte offset of the opening bracket.
    var offset: UInt32
    /// Scalars: content length in bytes. Containers: element count (member count for objects).
    var length: UInt32
    /// Index of the first node after this value and all its descendants.
    var end: UInt32
}
