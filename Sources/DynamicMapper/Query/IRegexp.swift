/// An I-Regexp (RFC 9485) compiled for a Pike VM (``IRegexpMachine``): every match runs in
/// time proportional to the text's length times the program's size, whatever the pattern, so
/// no pattern can make `match()` or `search()` backtrack for ever.
///
/// A pattern that is not an I-Regexp (or whose program would pass ``maximumInstructions``)
/// does not compile: RFC 9535 then has `match` and `search` answer false.
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

    init?(_ pattern: String) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard let tree = parser.parseWhole() else { return nil }
        var compiler = Compiler()
        guard compiler.emit(tree), compiler.program.count < Self.maximumInstructions else { return nil }
        compiler.program.append(.accept)
        program = compiler.program
        sets = parser.sets
    }

    /// Whether the whole of `text` matches (`match()`).
    func matchesWhole(_ text: String) -> Bool {
        IRegexpMachine(self).run(text.unicodeScalars, anchored: true)
    }

    /// Whether some substring of `text` matches (`search()`).
    func matchesPart(_ text: String) -> Bool {
        IRegexpMachine(self).run(text.unicodeScalars, anchored: false)
    }

    /// A bracket expression, `\p{..}`/`\P{..}` or `.`: ranges and general categories, maybe negated.
    struct CharacterSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var categories: [(categories: [Unicode.GeneralCategory], negated: Bool)] = []
        var negated = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = ranges.contains { $0.contains(scalar.value) }
            if !found, !categories.isEmpty {
                let category = scalar.properties.generalCategory
                found = categories.contains { $0.categories.contains(category) != $0.negated }
            }
            return found != negated
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
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func branch() -> Node? {
            var pieces: [Node] = []
            while let next = peek, next != "|", next != ")" {
                guard let atom = self.atom(), let piece = quantified(atom) else { return nil }
                pieces.append(piece)
            }
            return pieces.count == 1 ? pieces[0] : pieces.isEmpty ? .empty : .concatenation(pieces)
        }

        mutating func quantified(_ atom: Node) -> Node? {
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
                    sets.append(CharacterSet(categories: [(categories, negated)]))
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
                    set.ranges.append(0x2D...0x2D)
                    first = false
                    continue
                }
                first = false
                guard let item = classCharacter(into: &set) else { return nil }
                guard let low = item else { continue }
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let highItem = classCharacter(into: &set), let high = highItem, high.value >= low.value else { return nil }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
            position += 1
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
                    set.categories.append((categories, negated))
                    return .some(nil)
                case nil: return nil
                }
            default:
                position += 1
                return .some(next)
            }
        }

        static func categories(named name: String) -> [Unicode.GeneralCategory]? {
            switch name {
            case "L": return [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
            case "Lu": return [.uppercaseLetter]
            case "Ll": return [.lowercaseLetter]
            case "Lt": return [.titlecaseLetter]
            case "Lm": return [.modifierLetter]
            case "Lo": return [.otherLetter]
            case "M": return [.nonspacingMark, .spacingMark, .enclosingMark]
            case "Mn": return [.nonspacingMark]
            case "Mc": return [.spacingMark]
            case "Me": return [.enclosingMark]
            case "N": return [.decimalNumber, .letterNumber, .otherNumber]
            case "Nd": return [.decimalNumber]
            case "Nl": return [.letterNumber]
            case "No": return [.otherNumber]
            case "P": return [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                              .initialPunctuation, .finalPunctuation, .otherPunctuation]
            case "Pc": return [.connectorPunctuation]
            case "Pd": return [.dashPunctuation]
            case "Ps": return [.openPunctuation]
            case "Pe": return [.closePunctuation]
            case "Pi": return [.initialPunctuation]
            case "Pf": return [.finalPunctuation]
            case "Po": return [.otherPunctuation]
            case "Z": return [.spaceSeparator, .lineSeparator, .paragraphSeparator]
            case "Zs": return [.spaceSeparator]
            case "Zl": return [.lineSeparator]
            case "Zp": return [.paragraphSeparator]
            case "S": return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
            case "Sm": return [.mathSymbol]
            case "Sc": return [.currencySymbol]
            case "Sk": return [.modifierSymbol]
            case "So": return [.otherSymbol]
            case "C": return [.control, .format, .surrogate, .privateUse, .unassigned]
            case "Cc": return [.control]
            case "Cf": return [.format]
            case "Cn": return [.unassigned]
            case "Co": return [.privateUse]
            default: return nil
            }
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
