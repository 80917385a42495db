import Foundation

/// The seed of this run: `DYNAMICMAPPER_TEST_SEED` (a number, or `random` for a new one each
/// run), else a fixed one, so that CI always runs the same inputs. Every failure names it.
public enum TestSeed {
    public static let value: UInt64 = {
        switch ProcessInfo.processInfo.environment["DYNAMICMAPPER_TEST_SEED"] {
        case "random"?: return UInt64.random(in: 0...UInt64.max)
        case let text?: return UInt64(text) ?? defaultSeed
        case nil: return defaultSeed
        }
    }()

    public static let defaultSeed: UInt64 = 20_261_123

    /// A generator for one test, so tests draw independent streams from the one seed.
    public static func generator(_ salt: UInt64) -> SeededRandom {
        SeededRandom(state: value ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    }

    public static var note: String { "seed \(value) (rerun with DYNAMICMAPPER_TEST_SEED=\(value))" }
}

/// Random JSON text, written here: values with random white space and line breaks, keys
/// unique per object, numbers and strings that are easy to misread.
public struct RandomJSONText {
    public var random: SeededRandom

    public init(random: SeededRandom) { self.random = random }

    public static let strings = ["", "plain", "caf\u{e9}", "\u{1F600}", "日本", "e\u{301}", "a/b", "  ", "\u{7F}", "\u{2028}"]
    public static let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u00e9"#, #"\u0000"#, #"\ud83d\ude00"#, #"\uFFFF"#]
    public static let numbers = [
        "0", "-0", "1", "-17", "1.10", "1e2", "1E+2", "-2.5e-3", "0.1", "5e-324", "1.7976931348623157e308",
        "9007199254740993", "18446744073709551616", "-9223372036854775808", "123456789012345678901234567890",
        "0.000001", "2.2250738585072014e-308", "-0.0", "12.5E-1", "4.9e-324",
    ]

    /// White space between tokens: usually none or a space, sometimes a line break.
    public mutating func space() -> String {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return "\n"
        case 1: return "\r\n  "
        case 2: return "\t"
        case 3, 4: return " "
        default: return ""
        }
    }

    public mutating func stringLiteral() -> String {
        var text = "\""
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            text += Bool.random(using: &random) ? Self.strings.randomElement(using: &random)! : Self.escapes.randomElement(using: &random)!
        }
        return text + "\""
    }

    public mutating func numberLiteral() -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Self.numbers.randomElement(using: &random)!
        case 1: return String(Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64.random(in: 0...63, using: &random))
        default:
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random))
            return value.isFinite ? "\(value)" : "1.5"
        }
    }

    /// One JSON value as text.
    public mutating func value(depth: Int = 0) -> String {
        switch Int.random(in: 0..<(depth >= 4 ? 5 : 7), using: &random) {
        case 0: return ["null", "true", "false"].randomElement(using: &random)!
        case 1, 2: return numberLiteral()
        case 3, 4: return stringLiteral()
        case 5:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in space() + value(depth: depth + 1) + space() }
            return "[" + elements.joined(separator: ",") + "]"
        default:
            var keys = Set<String>()
            var members: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let key = stringLiteral()
                guard keys.insert(key).inserted else { continue }
                members.append(space() + key + space() + ":" + space() + value(depth: depth + 1) + space())
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}
