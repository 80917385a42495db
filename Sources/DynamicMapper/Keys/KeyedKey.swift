/// A `CodingKey` whose raw values may be paths, for nested keys without nested containers.
///
/// ```swift
/// struct Coordinate: Codable {
///     var latitude: Double
///     var longitude: Double
///     var elevation: Double
///
///     enum CodingKeys: String, KeyedKey {
///         case latitude, longitude
///         case elevation = "additionalInfo.elevation"
///     }
/// }
/// let coordinate = try DynamicJSONDecoder().decode(Coordinate.self, from: data)
/// ```
///
/// With ``DynamicJSONDecoder`` and ``DynamicJSONEncoder`` (or through ``Keyed``) a raw value is
/// read with the key's ``KeyOptions``:
/// - a ``Path`` split at the delimiter (`.` by default): `"additionalInfo.elevation"`;
/// - the flat marker alone (`""`, or only spaces, by default): the property is decoded from,
///   and encoded into, this same object; an optional one is `nil` when a field is missing;
/// - the flat marker and the delimiter before a key (`".array"`): a lossy array, whose
///   elements that fail to decode are left out.
///
/// Foundation's `JSONDecoder` and `JSONEncoder` take a raw value as one literal key. On a
/// `@Zero`, `@Flat` or `@CodedBy`-style property they throw for a path, naming ``Keyed``; on a
/// plain property only Foundation's synthesized code sees the key, which writes it as one flat
/// key (`{"additionalInfo.elevation": 34}`): use this package's coders or ``Keyed`` there.
///
/// A raw value that is malformed path text (`"info.elev["`, `"a[x]"`) makes decoding throw
/// `DecodingError.dataCorrupted` and encoding throw `EncodingError.invalidValue`, naming the
/// text and the key type; write a key with brackets quoted (`"a['x[1]']"`) or escaped.
public protocol KeyedKey: CodingKey {
    /// How to read this key's raw value; `nil` takes the coder's defaults.
    ///
    /// ```swift
    /// var options: KeyOptions? {
    ///     self == .greeting ? KeyOptions(delimiter: .character("+"), flat: .none) : nil
    /// }
    /// ```
    var options: KeyOptions? { get }
}

extension KeyedKey {
    /// The coder's defaults: `nil`.
    ///
    /// ```swift
    /// enum CodingKeys: String, KeyedKey { case name = "user.name" }   // options: nil
    /// ```
    public var options: KeyOptions? { nil }
}

/// How a ``KeyedKey``'s raw value is read.
///
/// ```swift
/// KeyOptions(delimiter: .character("+"), flat: .none)   // "+.greeting": key "" then ".greeting"
/// KeyOptions(flat: .string("### "))                      // "### .array": a lossy array "array"
/// ```
public struct KeyOptions: Hashable, Sendable {
    /// What separates the steps of a nested key.
    ///
    /// ```swift
    /// let options = KeyOptions(delimiter: .character("/"))
    /// ```
    public enum Delimiter: Hashable, Sendable {
        /// Raw values are single keys: `KeyOptions(delimiter: .none)`.
        case none
        /// Raw values are paths with this separator: `.character("/")`.
        case character(Character)
    }

    /// What marks a flat property (the marker alone) or a lossy array (marker, delimiter, key).
    ///
    /// ```swift
    /// let options = KeyOptions(flat: .string("__"))
    /// ```
    public enum Flat: Hashable, Sendable {
        /// No flat properties or lossy arrays: `KeyOptions(flat: .none)`.
        case none
        /// This marker: `.string("__")`.
        case string(String)
    }

    /// The delimiter; `.character(".")` by default: `options.delimiter = .none`.
    public var delimiter: Delimiter
    /// The flat marker; `.string("")` by default: `options.flat = .string("__")`.
    public var flat: Flat

    /// Options with the defaults for what is not given.
    ///
    /// ```swift
    /// KeyOptions()   // delimiter ".", flat marker ""
    /// ```
    ///
    /// - Parameters:
    ///   - delimiter: What separates the steps of a nested key (`.` unless given).
    ///   - flat: The marker of a flat key (`""` unless given).
    public init(delimiter: Delimiter = .character("."), flat: Flat = .string("")) {
        self.delimiter = delimiter
        self.flat = flat
    }
}

/// What a key asks for, once its raw value is read with its options.
enum KeyMeaning: Sendable {
    /// One member, by this exact key.
    case member(String)
    /// A nested value.
    case path([Path.Component])
    /// The property lives in this same object.
    case flat
    /// An array at this path whose failing elements are left out.
    case lossyArray([Path.Component])
    /// The raw value is path text that breaks the grammar: decoding and encoding the key
    /// fail with this error rather than read or write some other place.
    case malformed(PathSyntaxError)

    init(_ raw: String, options: KeyOptions) {
        if case .string(let marker) = options.flat {
            if raw == marker || (marker.isEmpty && raw.allSatisfy(\.isWhitespace)) {
                self = .flat
                return
            }
            if case .character(let delimiter) = options.delimiter, raw.hasPrefix(marker + String(delimiter)) {
                let rest = String(raw.dropFirst(marker.count + 1))
                do {
                    self = .lossyArray(try PathParser.parse(rest, separator: delimiter))
                } catch {
                    self = .malformed(
                        PathSyntaxError(text: raw, offset: error.offset + marker.unicodeScalars.count + delimiter.unicodeScalars.count, reason: error.reason))
                }
                return
            }
        }
        guard case .character(let delimiter) = options.delimiter else {
            self = .member(raw)
            return
        }
        let components: [Path.Component]
        do {
            components = try PathParser.parse(raw, separator: delimiter)
        } catch {
            self = .malformed(error)
            return
        }
        if components.count == 1, case .key(let key) = components[0], key == raw {
            self = .member(raw)
        } else {
            self = .path(components)
        }
    }

    /// The error for a key whose raw value is malformed path text, naming the text, the key's
    /// type (which names the model: `User.CodingKeys`) and what is wrong where.
    static func malformedMessage(_ error: PathSyntaxError, key: some CodingKey) -> String {
        "The raw value \(key.stringValue.debugDescription) of a \(typeName(of: key)) key is malformed path text: \(error). Write ['…'] for a key with brackets in it, or \\ before such a character, or give the key KeyOptions(delimiter: .none)."
    }

    /// A key type's name for messages, without its module or any unnamed (private) context:
    /// `User.CodingKeys`.
    static func typeName(of key: some CodingKey) -> String {
        let parts = String(reflecting: type(of: key)).split(separator: ".").filter { !$0.hasPrefix("(") }
        return parts.dropFirst(parts.count > 1 ? 1 : 0).joined(separator: ".")
    }
}
