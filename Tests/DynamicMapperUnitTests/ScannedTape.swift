@testable import DynamicMapper
import DynamicMapperTestSupport

// Running the scanner on bytes and reading its nodes back as plain values, plus a generator of
// random documents that knows the tape they must scan to: shared by the scanner and tape tests.

/// A node as plain values, so that tapes compare with `==` and print readably.
struct Token: Equatable, CustomStringConvertible {
    var kind: Node.Kind
    var flags: Node.Flags = []
    var offset: Int
    var length: Int
    var end = 0

    init(_ kind: Node.Kind, _ flags: Node.Flags = [], offset: Int, length: Int, end: Int = 0) {
        (self.kind, self.flags, self.offset, self.length, self.end) = (kind, flags, offset, length, end)
    }

    init(_ node: Node) {
        self.init(node.kind, node.flags, offset: Int(node.offset), length: Int(node.length), end: Int(node.end))
    }

    var description: String { "\(kind)\(flags.isEmpty ? "" : "\(flags.rawValue)") @\(offset)+\(length)\(end == 0 ? "" : " end \(end)")" }
}

/// The tape the scanner writes for `bytes`, or the error it stops with.
func scanTape(_ bytes: [UInt8], _ options: ScanOptions = ScanOptions()) -> Result<[Token], JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) -> [Token] in
            options.allowsJSON5
                ? try scanTape(buffer, options, as: JSON5.self)
                : try scanTape(buffer, options, as: StrictJSON.self)
        }
    }
}

func scanTape(_ text: String, _ options: ScanOptions = ScanOptions()) -> Result<[Token], JSONSyntaxError> {
    scanTape(Array(text.utf8), options)
}

private func scanTape<Mode: ScanMode>(
    _ buffer: UnsafeBufferPointer<UInt8>, _ options: ScanOptions, as mode: Mode.Type
) throws(JSONSyntaxError) -> [Token] {
    var scanner = JSONScanner<Mode>(bytes: buffer, options: options)
    try scanner.scan()
    var tokens: [Token] = []
    for index in 0..<scanner.nodes.count {
        tokens.append(Token(scanner.nodes[index]))
    }
    return tokens
}

/// A random strict JSON document, written together with the tape it must scan to: white space
/// of every kind between tokens, strings long enough for the word-at-a-time search, escapes
/// and non-ASCII text, each number spelling, nesting up to `maximumDepth`.
struct RandomTape {
    private(set) var text: [UInt8] = []
    private(set) var tokens: [Token] = []
    private var random: SeededRandom
    private let maximumDepth: Int

    private static let strings: [(content: String, flags: Node.Flags)] = [
        ("", []), ("id", []), ("a string longer than one eight-byte word", []), (#"tab\there"#, .escaped),
        (#"\u00e9\"\\"#, .escaped), ("é", .nonASCII), ("日本語のテキスト", .nonASCII), (#"😀\n"#, [.nonASCII, .escaped]),
    ]
    private static let numbers: [(literal: String, flags: Node.Flags)] = [
        ("0", .integer), ("-7", .integer), ("12345678901234567890", .integer), ("3.25", []), ("1e5", []), ("-0.5E-3", []),
    ]
    private static let literals: [(word: String, kind: Node.Kind)] = [("null", .null), ("true", .true), ("false", .false)]

    init(seed: UInt64, maximumDepth: Int = 4) {
        random = SeededRandom(state: seed)
        self.maximumDepth = maximumDepth
        value(depth: 0)
    }

    private mutating func whitespace() {
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            text.append([0x20, 0x0A, 0x09, 0x0D].randomElement(using: &random)!)
        }
    }

    private mutating func append(_ literal: String) {
        text.append(contentsOf: literal.utf8)
    }

    private mutating func value(depth: Int) {
        whitespace()
        switch Int.random(in: 0..<(depth < maximumDepth ? 5 : 3), using: &random) {
        case 0:
            let literal = Self.literals.randomElement(using: &random)!
            tokens.append(Token(literal.kind, offset: text.count, length: literal.word.utf8.count))
            append(literal.word)
        case 1:
            let number = Self.numbers.randomElement(using: &random)!
            tokens.append(Token(.number, number.flags, offset: text.count, length: number.literal.utf8.count))
            append(number.literal)
        case 2:
            string()
        case 3:
            container(isObject: false, depth: depth)
        default:
            container(isObject: true, depth: depth)
        }
        whitespace()
    }

    private mutating func string() {
        let string = Self.strings.randomElement(using: &random)!
        tokens.append(Token(.string, string.flags, offset: text.count + 1, length: string.content.utf8.count))
        append("\"" + string.content + "\"")
    }

    private mutating func container(isObject: Bool, depth: Int) {
        let position = tokens.count
        tokens.append(Token(isObject ? .object : .array, offset: text.count, length: 0))
        append(isObject ? "{" : "[")
        let count = Int.random(in: 0...3, using: &random)
        if count == 0 { whitespace() }
        for member in 0..<count {
            if member > 0 { append(",") }
            if isObject {
                whitespace()
                string()
                whitespace()
                append(":")
            }
            value(depth: depth + 1)
        }
        append(isObject ? "}" : "]")
        tokens[position].length = count
        tokens[position].end = tokens.count
    }
}
