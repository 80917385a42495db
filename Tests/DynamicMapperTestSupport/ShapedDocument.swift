/// A random JSON document whose shape a probe can tell without trying, for the coding-path
/// property tests: an object key starts with the kind of its value (`o`, `a`, `n`), an array's
/// element kinds follow ``elementKind(depth:index:)``, and below depth 4 every value is a
/// number. One number in forty is the string `"x"`, so that failures are compared too.
///
/// ```swift
/// var random = SeededRandom(state: 1)
/// let json = ShapedDocument.value(kind: .object, depth: 0, random: &random)
/// ```
public enum ShapedDocument {
    public enum Kind: Int, Sendable { case object, array, number }

    /// The kind of element `index` of an array at `depth` (the element's own depth).
    public static func elementKind(depth: Int, index: Int) -> Kind {
        depth > 4 ? .number : Kind(rawValue: (depth * 2 + index) % 3)!
    }

    /// The kind of an object member's value, from its key.
    public static func kind(ofKey key: String) -> Kind {
        switch key.first {
        case "o": return .object
        case "a": return .array
        default: return .number
        }
    }

    /// A value of `kind` at `depth`.
    public static func value(kind: Kind, depth: Int, random: inout SeededRandom) -> String {
        switch kind {
        case .number:
            return Int.random(in: 0..<40, using: &random) == 0 ? #""x""# : String(Int.random(in: 0..<100, using: &random))
        case .object:
            let members = (0..<Int.random(in: 0...4, using: &random)).map { position -> String in
                let kind = depth >= 4 ? Kind.number : Kind(rawValue: Int.random(in: 0..<3, using: &random))!
                return #""\#(["o", "a", "n"][kind.rawValue])\#(position)": \#(value(kind: kind, depth: depth + 1, random: &random))"#
            }
            return "{" + members.joined(separator: ", ") + "}"
        case .array:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { index in
                value(kind: elementKind(depth: depth + 1, index: index), depth: depth + 1, random: &random)
            }
            return "[" + elements.joined(separator: ", ") + "]"
        }
    }
}
