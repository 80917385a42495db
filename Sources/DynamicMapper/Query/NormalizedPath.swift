/// The normalized path of a node (RFC 9535 §2.7): member names and non-negative indexes
/// from the root, written `$['a'][0]`.
///
/// ```swift
/// let json: JSON = ["users": [["name": "Ada"]]]
/// let match = try json.query("$..name")[0]
/// match.path.description   // $['users'][0]['name']
/// match.path.pointer       // /users/0/name
/// match.path.path          // users[0].name, a `Path`
/// ```
public struct NormalizedPath: Sendable, Hashable, CustomStringConvertible {
    /// The steps from the root: `[.key("users"), .index(0)]`. Indexes are never negative.
    public let components: [Path.Component]

    /// A normalized path of `components` (indexes as given).
    ///
    /// ```swift
    /// NormalizedPath([.key("a"), .index(1)]).description   // $['a'][1]
    /// ```
    public init(_ components: [Path.Component]) {
        self.components = components
    }

    /// The same place as a ``Path``, for `ds[...]` and decoding at a path.
    ///
    /// ```swift
    /// NormalizedPath([.key("a"), .index(1)]).path == Path("a[1]")   // true
    /// ```
    public var path: Path { Path(components) }

    /// The same place as a JSON Pointer (RFC 6901): `/a/1`.
    ///
    /// ```swift
    /// NormalizedPath([.key("a/b"), .index(1)]).pointer   // /a~1b/1
    /// ```
    public var pointer: String { path.pointer }

    /// `$` followed by `['name']` and `[index]` steps, escaped as §2.7 says.
    ///
    /// ```swift
    /// NormalizedPath([.key("it's")]).description   // $['it\'s']
    /// ```
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                text += "['"
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "\u{08}": text += "\\b"
                    case "\u{0C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    default:
                        if scalar.value < 0x20 {
                            let hex = String(scalar.value, radix: 16)
                            text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        } else {
                            text.unicodeScalars.append(scalar)
                        }
                    }
                }
                text += "']"
            }
        }
        return text
    }
}
