/// An I-Regexp (RFC 9485) compiled for a Pike VM (``IRegexpMachine``): every match runs in
/// time proportional to the text's length times the program's size, whatever the pattern, so
/// no pattern can make `match()` or `search()` backtrack for ever.
///
/// A pattern that is not an I-Regexp does not compile: RFC 9535 then has `match` and `search`
/// answer false. One whose program would pass ``maximumInstructions`` is refused as too large
/// (the query throws). Compiling takes time linear in the pattern's length plus the program's
/// size: parts that read nothing are dropped while parsing, so no copy of a repetition walks
/// them again.
struct IRegexp: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        /// Any scalar but `\n` and `\r` (`.`).
        case dot
        case set(Int)
        /// Go on only at the start (`^`) or the end (`$`) of the text.
        case assertStart
        case assertEnd
        /// Go on at both targets.
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private(set) var program: [Instruction] = []
    private(set) var sets: [CharacterSet] = []

    /// The most instructions a pattern may compile to; counted repetitions are unrolled, and
    /// matching costs the program's size per scalar of text.
    static let maximumInstructions = 20_000
    /// The most nested groups a pattern may hold.
    static let maximumNesting = 100

    /// What compiling a pattern gave.
    enum Compilation {
        case compiled(IRegexp)
        /// Not an I-Regexp: `match` and `search` answer false.
        case invalid
        /// An I-Regexp whose program would pass ``maximumInstructions``.
        case tooLarge
    }

    static func compile(_ pattern: String) -> Compilation {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard let tree = parser.parseWhole() else { return .invalid }
        var compiler = Compiler()
        guard compiler.emit(tree), compiler.program.count < maximumInstructions else { return .tooLarge }
        compiler.program.append(.accept)
        var regexp = IRegexp()
        regexp.program = compiler.program
        regexp.sets = parser.sets
        return .compiled(regexp)
    }

    private init() {}

    /// A bracket expression, `\p{..}`/`\P{..}` or `.`: ranges and general categories, maybe
    /// negated. Ranges are sorted and merged once the bracket is read, so a scalar is looked
    /// up by binary search; categories are bit masks, so any number of them costs one test.
    struct CharacterSet: Sendable {
        private(set) var ranges: [ClosedRange<UInt32>] = []
        /// The categories the set's `\p{..}` name.
        private var included: UInt64 = 0
        /// The categories every `\P{..}` of the set names (a scalar of any other category is
        /// in the set); `nil` when it has no `\P{..}`.
        private var excluded: UInt64?
        var negated = false

        init() {}

        init(categories: [Unicode.GeneralCategory], negated: Bool) {
            add(categories, negated: negated)
        }

        mutating func add(_ range: ClosedRange<UInt32>) { ranges.append(range) }

        mutating func add(_ categories: [Unicode.GeneralCategory], negated: Bool) {
            let mask = categories.reduce(UInt64(0)) { $0 | Self.bit(of: $1) }
            if negated {
                excluded = (excluded ?? ~0) & mask
            } else {
                included |= mask
            }
        }

        /// Sorts and merges the ranges; called once the bracket is read.
        mutating func finish() {
            ranges.sort { $0.lowerBound < $1.lowerBound }
            var merged: [ClosedRange<UInt32>] = []
            merged.reserveCapacity(ranges.count)
            for range in ranges {
                if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            ranges = merged
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            // The last range that starts at or below the scalar.
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].lowerBound <= value { low = middle + 1 } else { high = middle }
            }
            var found = low > 0 && ranges[low - 1].upperBound >= value
            if !found, included != 0 || excluded != nil {
                let bit = Self.bit(of: scalar.properties.generalCategory)
                found = included & bit != 0 || (excluded.map { $0 & bit == 0 } ?? false)
            }
            return found != negated
        }

        static func bit(of category: Unicode.GeneralCategory) -> UInt64 {
            switch category {
            case .uppercaseLetter: return 1 << 0
            case .lowercaseLetter: return 1 << 1
            case .titlecaseLetter: return 1 << 2
            case .modifierLetter: return 1 << 3
            case .otherLetter: return 1 << 4
            case .nonspacingMark: return 1 << 5
            case .spacingMark: return 1 << 6
            case .enclosingMark: return 1 << 7
            case .decimalNumber: return 1 << 8
            case .letterNumber: return 1 << 9
            case .otherNumber: return 1 << 10
            case .connectorPunctuation: return 1 << 11
            case .dashPunctuation: return 1 << 12
            case .openPunctuation: return 1 << 13
            case .closePunctuation: return 1 << 14
            case .initialPunctuation: return 1 << 15
            case .finalPunctuation: return 1 << 16
            case .otherPunctuation: return 1 << 17
            case .mathSymbol: return 1 << 18
            case .currencySymbol: return 1 << 19
            case .modifierSymbol: return 1 << 20
            case .otherSymbol: return 1 << 21
            case .spaceSeparator: return 1 << 22
            case .lineSeparator: return 1 << 23
            case .paragraphSeparator: return 1 << 24
            case .control: return 1 << 25
            case .format: return 1 << 26
            case .surrogate: return 1 << 27
            case .privateUse: return 1 << 28
            case .unassigned: return 1 << 29
            @unknown default: return 1 << 63
            }
        }
    }

    // MARK: Parsing

    indirect enum Node {
        case empty
        case scalar(Unicode.Scalar)
        case dot
        case set(Int)
        case start
        case end
        case concatenation([Node])
        case alternation([Node])
        case repeated(Node, minimum: Int, maximum: Int?)

        /// Whether some match of this part reads a character. Recursion follows groups, whose
        /// nesting the parser bounds.
        var reads: Bool {
            switch self {
            case .empty, .start, .end: return false
            case .scalar, .dot, .set: return true
            case .concatenation(let nodes), .alternation(let nodes): return nodes.contains { $0.reads }
            case .repeated(let inner, _, let maximum): return maximum != 0 && inner.reads
            }
        }
    }

    /// `i-regexp = branch *( "|" branch )`, recursive only through groups, whose nesting is
    /// bounded.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0
        var sets: [CharacterSet] = []

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func parseWhole() -> Node? {
            guard let node = alternation(), position == scalars.count else { return nil }
            return node
        }

        mutating func alternation() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = self.branch() else { return nil }
                branches.append(branch)
                guard peek == "|" else { break }
                position += 1
            }
            if branches.count == 1 { return branches[0] }
            // Branches that all match the empty text at once are one empty part.
            if branches.allSatisfy({ if case .empty = $0 { return true } else { return false } }) { return .empty }
            return .alternation(branches)
        }

        mutating func branch() -> Node? {
            var pieces: [Node] = []
            while let next = peek, next != "|", next != ")" {
                guard let atom = self.atom(), let piece = quantified(atom) else { return nil }
                // An empty piece (`()`) adds nothing: dropped here, it costs no copy of an
                // enclosing repetition a walk (`(a()()…){19999}`).
                if case .empty = piece { continue }
                pieces.append(piece)
            }
            return pieces.count == 1 ? pieces[0] : pieces.isEmpty ? .empty : .concatenation(pieces)
        }

        mutating func quantified(_ atom: Node) -> Node? {
            guard let repeated = repetition(of: atom) else { return nil }
            // A part that reads nothing (`()`, `^`) is the same however often it repeats, and
            // repeating it zero times matches the empty text: `((){20000}){20000}` is `()`.
            guard case .repeated(let inner, let minimum, _) = repeated, !inner.reads else { return repeated }
            return minimum == 0 ? .empty : inner
        }

        mutating func repetition(of atom: Node) -> Node? {
            switch peek {
            case "*": position += 1; return .repeated(atom, minimum: 0, maximum: nil)
            case "+": position += 1; return .repeated(atom, minimum: 1, maximum: nil)
            case "?": position += 1; return .repeated(atom, minimum: 0, maximum: 1)
            case "{":
                position += 1
                guard let minimum = quantity() else { return nil }
                var maximum: Int? = minimum
                if peek == "," {
                    position += 1
                    maximum = peek == "}" ? nil : quantity()
                    if maximum == nil, peek != "}" { return nil }
                }
                guard peek == "}" else { return nil }
                position += 1
                if let maximum, maximum < minimum { return nil }
                return .repeated(atom, minimum: minimum, maximum: maximum)
            default: return atom
            }
        }

        /// `QuantExact = 1*DIGIT`, capped: a larger count could never compile anyway.
        mutating func quantity() -> Int? {
            var value = 0
            var digits = 0
            while let next = peek, next.value >= 0x30 && next.value <= 0x39 {
                value = min(value * 10 + Int(next.value - 0x30), IRegexp.maximumInstructions)
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }

        mutating func atom() -> Node? {
            guard let next = peek else { return nil }
            position += 1
            switch next {
            case "(":
                depth += 1
                guard depth <= IRegexp.maximumNesting, let inner = alternation(), peek == ")" else { return nil }
                depth -= 1
                position += 1
                return inner
            case ".": return .dot
            case "[": return bracket()
            case "\\":
                guard let escape = self.escape() else { return nil }
                switch escape {
                case .scalar(let scalar): return .scalar(scalar)
                case .category(let categories, let negated):
                    sets.append(CharacterSet(categories: categories, negated: negated))
                    return .set(sets.count - 1)
                }
            // RFC 9485 grammar reads these as plain characters, but the RFC 9535 compliance
            // suite (and every engine a pattern is mapped to) reads them as anchors.
            case "^": return .start
            case "$": return .end
            case ")", "*", "+", "?", "]", "{", "}", "|": return nil
            default: return .scalar(next)
            }
        }

        enum Escape {
            case scalar(Unicode.Scalar)
            case category([Unicode.GeneralCategory], negated: Bool)
        }

        /// After `\`: a single-character escape or a category escape.
        mutating func escape() -> Escape? {
            guard let next = peek else { return nil }
            position += 1
            switch next {
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "t": return .scalar("\t")
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return .scalar(next)
            case "p", "P":
                guard peek == "{" else { return nil }
                position += 1
                var name = ""
                while let scalar = peek, scalar != "}" {
                    name.unicodeScalars.append(scalar)
                    position += 1
                }
                guard peek == "}", let categories = Self.categories(named: name) else { return nil }
                position += 1
                return .category(categories, negated: next == "P")
            default: return nil
            }
        }

        /// `charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
        mutating func bracket() -> Node? {
            var set = CharacterSet()
            if peek == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while true {
                guard let next = peek else { return nil }
                if next == "]", !first { break }
                if next == "-" {
                    // A literal '-' only first or last in the brackets.
                    position += 1
                    guard first || peek == "]" else { return nil }
                    set.add(0x2D...0x2D)
                    first = false
                    continue
                }
                first = false
                guard let item = classCharacter(into: &set) else { return nil }
                guard let low = item else { continue }
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let highItem = classCharacter(into: &set), let high = highItem, high.value >= low.value else { return nil }
                    set.add(low.value...high.value)
                } else {
                    set.add(low.value...low.value)
                }
            }
            position += 1
            set.finish()
            sets.append(set)
            return .set(sets.count - 1)
        }

        /// One `CCchar` (its scalar) or a category escape (added to `set`, giving `.some(nil)`);
        /// `nil` for a character not allowed there.
        mutating func classCharacter(into set: inout CharacterSet) -> Unicode.Scalar?? {
            guard let next = peek else { return nil }
            switch next {
            case "[", "]", "-": return nil
            case "\\":
                position += 1
                switch escape() {
                case .scalar(let scalar): return .some(scalar)
                case .category(let categories, let negated):
                    set.add(categories, negated: negated)
                    return .some(nil)
                case nil: return nil
                }
            default:
                position += 1
                return .some(next)
            }
        }

        /// The general categories `\p{…}` names (RFC 9485 §5.3.2), by major class: `\p{L}` is
        /// the whole class and `\p{Lu}` one member, so each member is listed once and the
        /// class is their union. Surrogates count in `C` but have no name of their own (no `Cs`).
        static let categoryClasses: [(name: String, members: [(name: String?, category: Unicode.GeneralCategory)])] = [
            ("L", [("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter), ("Lm", .modifierLetter), ("Lo", .otherLetter)]),
            ("M", [("Mn", .nonspacingMark), ("Mc", .spacingMark), ("Me", .enclosingMark)]),
            ("N", [("Nd", .decimalNumber), ("Nl", .letterNumber), ("No", .otherNumber)]),
            (
                "P",
                [
                    ("Pc", .connectorPunctuation), ("Pd", .dashPunctuation), ("Ps", .openPunctuation), ("Pe", .closePunctuation),
                    ("Pi", .initialPunctuation), ("Pf", .finalPunctuation), ("Po", .otherPunctuation),
                ]
            ),
            ("Z", [("Zs", .spaceSeparator), ("Zl", .lineSeparator), ("Zp", .paragraphSeparator)]),
            ("S", [("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol), ("So", .otherSymbol)]),
            ("C", [("Cc", .control), ("Cf", .format), (nil, .surrogate), ("Co", .privateUse), ("Cn", .unassigned)]),
        ]

        /// The categories `\p{name}` stands for, or `nil` for a name I-Regexp does not have.
        static func categories(named name: String) -> [Unicode.GeneralCategory]? {
            for (className, members) in categoryClasses {
                if name == className { return members.map(\.category) }
                if let member = members.first(where: { $0.name == name }) { return [member.category] }
            }
            return nil
        }
    }

    // MARK: Compiling

    /// Emits Thompson-construction code. Recursion follows the parsed tree, whose depth the
    /// parser bounded (groups) or which is flat (concatenations, alternations).
    struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) -> Bool {
            guard program.count < IRegexp.maximumInstructions else { return false }
            switch node {
            case .empty: return true
            case .scalar(let scalar): program.append(.scalar(scalar))
            case .dot: program.append(.dot)
            case .set(let index): program.append(.set(index))
            case .start: program.append(.assertStart)
            case .end: program.append(.assertEnd)
            case .concatenation(let nodes):
                for node in nodes where !emit(node) { return false }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (offset, branch) in branches.enumerated() {
                    if offset < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, -1))
                        guard emit(branch) else { return false }
                        jumps.append(program.count)
                        program.append(.jump(-1))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        guard emit(branch) else { return false }
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repeated(let inner, let minimum, let maximum):
                // A part that reads nothing (`()`, `^`) is the same however often it repeats:
                // unrolling `((){20000}){20000}` would loop without adding an instruction.
                if !inner.reads { return minimum == 0 || emit(inner) }
                for _ in 0..<minimum where !emit(inner) { return false }
                if let maximum {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, -1))
                        guard emit(inner) else { return false }
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    guard emit(inner) else { return false }
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
            return program.count < IRegexp.maximumInstructions
        }
    }
}
