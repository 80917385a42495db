import Foundation
import DynamicMapper

// What the fuzz properties compare against, independent of the library's parser: Foundation's
// readers, the documented differences from them, and a small scanner of its own. Compiled
// into each fuzz target with `FuzzChecks.swift` and into the tests; only the public API is used.

// MARK: - Documented differences

/// A deliberate difference from Foundation's readers that the fuzz oracles may meet. Each raw
/// value is the bold title of a bullet in "Differences from Foundation's coders" of the
/// *Decoding and encoding* article (`FuzzRegressionTests` checks they are there), so an oracle
/// accepts only what the documentation states.
public enum DocumentedDifference: String, CaseIterable {
    case trailingCommas = "Strict RFC 8259."
    case validatedUpFront = "The whole document is validated up front."
    case fullCodingPaths = "Full coding paths for values that do not fit."
    case integersWithFractions = "Integers written with a fraction or exponent"
    case utf32LittleEndianWithBOM = "UTF-32 little-endian input with a byte order mark"
    case duplicateKeys = "Duplicate keys:"
    case implementationDefined = "JSONTestSuite implementation-defined (`i_`) cases:"
    case zeroWithExponent = "A zero with an exponent"
    case threeByteInput = "Three-byte input with a zero byte"
    case byteOrderMarkInStrings = "A U+FEFF in a string or key"
    case dictionaryOrder = "A dictionary with several values that do not fit"
    case dictionaryKeyIntegers = "Dictionary keys in coding paths keep their integer value."

    /// ``threeByteInput``: `JSONSerialization` reads three bytes with a zero in the first two
    /// as UTF-16 and drops the odd byte (`00 31 20` is 1); `JSONDecoder` refuses them, and so
    /// does this package.
    public static func isThreeByteUTF16Guess(_ text: Data) -> Bool {
        text.count == 3 && (text[text.startIndex] == 0 || text[text.startIndex + 1] == 0)
    }
}

// MARK: - Error summaries

/// One coding path component, compared by `stringValue` and `intValue`.
public struct PathComponentSummary: Equatable, CustomStringConvertible {
    public var string: String
    public var int: Int?

    public init(_ key: any CodingKey) {
        string = key.stringValue
        int = key.intValue
    }

    public var description: String { int.map { "[\($0)]" } ?? string }
}

/// The parts of a thrown error that must agree with `JSONDecoder`: the `DecodingError` case,
/// its coding path, the key for `keyNotFound` and the type for `typeMismatch`/`valueNotFound`.
public struct DecodingErrorSummary: Equatable, CustomStringConvertible {
    public enum Kind: Equatable {
        case typeMismatch(String)
        case valueNotFound(String)
        case keyNotFound(PathComponentSummary)
        case dataCorrupted
        case other(String)
    }

    public var kind: Kind
    public var path: [PathComponentSummary]

    public init(_ error: any Error) {
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            kind = .typeMismatch(String(reflecting: type))
            path = context.codingPath.map(PathComponentSummary.init)
        case DecodingError.valueNotFound(let type, let context):
            kind = .valueNotFound(String(reflecting: type))
            path = context.codingPath.map(PathComponentSummary.init)
        case DecodingError.keyNotFound(let key, let context):
            kind = .keyNotFound(PathComponentSummary(key))
            path = context.codingPath.map(PathComponentSummary.init)
        case DecodingError.dataCorrupted(let context):
            kind = .dataCorrupted
            path = context.codingPath.map(PathComponentSummary.init)
        default:
            kind = .other(String(reflecting: error))
            path = []
        }
    }

    public var description: String { "\(kind) at [\(path.map(\.description).joined(separator: ", "))]" }

    /// The summary with the integer value of every key spelled as an integer (`"01"` is 1)
    /// left out, as `JSONDecoder` leaves it out under a key decoding strategy
    /// (``DocumentedDifference/dictionaryKeyIntegers``). Array indexes (`"Index 0"`) keep theirs.
    public var withoutKeyIntegers: DecodingErrorSummary {
        var summary = self
        summary.path = path.map { $0.withoutKeyInteger }
        if case .keyNotFound(let key) = kind { summary.kind = .keyNotFound(key.withoutKeyInteger) }
        return summary
    }
}

extension PathComponentSummary {
    /// This component without an integer value that only repeats its string.
    var withoutKeyInteger: PathComponentSummary {
        var component = self
        if let int, Int(string) == int { component.int = nil }
        return component
    }
}

// MARK: - An independent look at the text

/// What an accepted document holds that the oracles need, read by a scanner of its own
/// rather than the library's: whether some object repeats a key (compared as Swift strings,
/// so canonically equivalent keys repeat, as for `JSONDecoder`), and its number literals.
/// The scanner assumes valid JSON: it runs only on text the library accepted.
public struct TextShape {
    /// The text, transcoded to a Swift string.
    let text: String
    public private(set) var hasDuplicateKeys = false
    /// Each number literal and where it stands in `text`.
    private(set) var numbers: [(literal: String, range: Range<String.Index>)] = []

    public init?(_ data: Data) {
        guard let text = TextShape.transcoded(data) else { return nil }
        self.text = text
        scan()
    }

    /// Number literals too large for a `Double` (`1e400`), which Foundation's readers refuse.
    var hasInfiniteNumbers: Bool { numbers.contains { Double($0.literal)?.isInfinite == true } }

    /// Literals such as `0e2`: a zero with an exponent and no fraction.
    var zerosWithExponent: [Range<String.Index>] {
        numbers.filter { number in
            let digits = number.literal.drop { $0 == "-" }
            return digits.hasPrefix("0e") || digits.hasPrefix("0E")
        }.map(\.range)
    }

    /// The text with every non-negative zero-with-exponent literal written with a fraction
    /// (`0e2` → `0.0e2`): the same numbers, in a spelling `JSONDecoder` reads. Negative ones
    /// stay: `JSONDecoder` reads `-0e2` and refuses `-0.0e2` (any negative zero with a
    /// fraction and an exponent).
    public var withZeroFractions: Data {
        var repaired = text
        for range in zerosWithExponent.reversed() where !repaired[range].hasPrefix("-") {
            repaired.insert(contentsOf: ".0", at: repaired.index(after: range.lowerBound))
        }
        return Data(repaired.utf8)
    }

    /// Whether the UTF-8 byte `offset` of the text (where a syntax error was reported) is a
    /// closing bracket right after a comma: a trailing comma.
    func isTrailingComma(atUTF8Offset offset: Int) -> Bool {
        let bytes = Array(text.utf8)
        guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}") else {
            return false
        }
        let before = bytes[..<offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return before == UInt8(ascii: ",")
    }

    /// The bytes as text, in the encoding RFC 8259 (and Foundation) detect from a byte order
    /// mark or the pattern of zero bytes; nil when they are not valid in it.
    static func transcoded(_ data: Data) -> String? {
        let bytes = Array(data.prefix(4))
        func body(dropping count: Int, as encoding: String.Encoding) -> String? {
            String(data: data.dropFirst(count), encoding: encoding)
        }
        switch bytes.count >= 4 ? Array(bytes) : bytes + [1, 1, 1, 1] {
        case let b where b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF: return body(dropping: 3, as: .utf8)
        case let b where b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0: return body(dropping: 4, as: .utf32LittleEndian)
        case let b where b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF: return body(dropping: 4, as: .utf32BigEndian)
        // As `JSONDecoder` reads it (and the library): UTF-32 little-endian after four bytes.
        case let b where b[0] == 0xFE && b[1] == 0xFF && b[2] == 0 && b[3] == 0: return body(dropping: 4, as: .utf32LittleEndian)
        case let b where b[0] == 0xFE && b[1] == 0xFF: return body(dropping: 2, as: .utf16BigEndian)
        case let b where b[0] == 0xFF && b[1] == 0xFE: return body(dropping: 2, as: .utf16LittleEndian)
        case let b where b[0] == 0 && b[1] == 0 && b[2] == 0: return body(dropping: 0, as: .utf32BigEndian)
        case let b where b[1] == 0 && b[2] == 0 && b[3] == 0: return body(dropping: 0, as: .utf32LittleEndian)
        case let b where b[0] == 0: return body(dropping: 0, as: .utf16BigEndian)
        case let b where b[1] == 0: return body(dropping: 0, as: .utf16LittleEndian)
        default: return body(dropping: 0, as: .utf8)
        }
    }

    private mutating func scan() {
        /// Per open container: the keys seen so far, and whether the next string is a key.
        var objects: [(keys: Set<String>, expectsKey: Bool)?] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            switch scalar {
            case "{":
                objects.append((keys: [], expectsKey: true))
            case "[":
                objects.append(nil)
            case "}", "]":
                _ = objects.popLast()
            case ",":
                if objects.last??.expectsKey == false { objects[objects.count - 1]?.expectsKey = true }
            case "\"":
                let (string, end) = Self.string(in: scalars, from: scalars.index(after: index))
                if let object = objects.last, let object, object.expectsKey {
                    if object.keys.contains(string) { hasDuplicateKeys = true }
                    objects[objects.count - 1] = (keys: object.keys.union([string]), expectsKey: false)
                }
                index = end
                continue
            case "-", "0"..."9":
                var end = index
                while end < scalars.endIndex, "+-.eE0123456789".unicodeScalars.contains(scalars[end]) { end = scalars.index(after: end) }
                numbers.append((literal: String(scalars[index..<end]), range: index..<end))
                index = end
                continue
            default:
                break
            }
            index = scalars.index(after: index)
        }
    }

    /// The string whose text starts at `start` (after the opening quote), with its escapes
    /// resolved, and the index after its closing quote.
    private static func string(in scalars: String.UnicodeScalarView, from start: String.Index) -> (String, String.Index) {
        var result = String.UnicodeScalarView()
        var index = start
        var pendingHigh: UInt32?
        while index < scalars.endIndex, scalars[index] != "\"" {
            var scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == "\\", index < scalars.endIndex {
                let escape = scalars[index]
                index = scalars.index(after: index)
                switch escape {
                case "b": scalar = "\u{8}"
                case "f": scalar = "\u{C}"
                case "n": scalar = "\n"
                case "r": scalar = "\r"
                case "t": scalar = "\t"
                case "u":
                    let end = scalars.index(index, offsetBy: 4, limitedBy: scalars.endIndex) ?? scalars.endIndex
                    let unit = UInt32(String(scalars[index..<end]), radix: 16) ?? 0xFFFD
                    index = end
                    if (0xD800..<0xDC00).contains(unit) {
                        pendingHigh = unit
                        continue
                    }
                    if let high = pendingHigh, (0xDC00..<0xE000).contains(unit) {
                        scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (unit - 0xDC00)) ?? "\u{FFFD}"
                    } else {
                        scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                    }
                default: scalar = escape
                }
            }
            pendingHigh = nil
            result.append(scalar)
        }
        return (String(result), index < scalars.endIndex ? scalars.index(after: index) : index)
    }
}

// MARK: - Values

extension FuzzChecks {
    /// Whether a ``JSON`` value and a `JSONSerialization` value hold the same data: strings
    /// and keys exactly, numbers as the nearest `Double`s (within a few units in the last
    /// place, since Foundation reads long literals through `Decimal`).
    static func sameValue(_ json: JSON, _ object: Any) -> Bool {
        switch json {
        case .null: return object is NSNull
        case .bool(let value): return (object as? NSNumber).map { isBoolean($0) && $0.boolValue == value } ?? false
        case .number(let number):
            guard let other = object as? NSNumber, !isBoolean(other), let mine = Double(number.literal) else { return false }
            // A number too long for a Double's digits comes as an NSDecimalNumber (38 digits),
            // whose `doubleValue` is off by several ulps here: read its digits instead.
            let theirs = (other as? NSDecimalNumber).flatMap { Double($0.description) } ?? other.doubleValue
            return mine == theirs || (mine - theirs).magnitude <= 4 * mine.ulp
        case .string(let text): return (object as? String).map(serializationText) == serializationText(text)
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { sameValue($0, $1) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == members.count else { return false }
            let theirs = Dictionary(others.map { (serializationText($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            return members.allSatisfy { key, value in theirs[serializationText(key)].map { sameValue(value, $0) } ?? false }
        }
    }

    /// DocumentedDifference.byteOrderMarkInStrings: `JSONSerialization` drops a raw U+FEFF at
    /// the start of a string or key and right after an escape sequence, which this package and
    /// `JSONDecoder` keep; strings are compared without any U+FEFF.
    private static func serializationText(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{FEFF}") else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\u{FEFF}" })
        return String(kept)
    }

    /// `JSONSerialization` gives booleans as `NSNumber`s of C type `char`, numbers never.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The value at a coding path, matching keys exactly or as a key strategy would have
    /// converted them (ignoring case and underscores).
    static func value(in json: JSON, at path: [PathComponentSummary]) -> JSON? {
        var current = json
        for component in path {
            if let index = component.int, case .array(let elements) = current {
                guard index >= 0, index < elements.count else { return nil }
                current = elements[index]
            } else if case .object(let members) = current {
                let loose = { (key: String) in key.lowercased().filter { $0 != "_" } }
                guard let match = members[component.string] ?? members.first(where: { loose($0.key) == loose(component.string) })?.value else {
                    return nil
                }
                current = match
            } else {
                return nil
            }
        }
        return current
    }
}
