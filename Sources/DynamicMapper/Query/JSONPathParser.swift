/// Reads RFC 9535 query text into segments (§2.2–2.5), checking well-typedness (§2.4.3) as it
/// goes. A recursive descent whose depth is bounded by ``JSONPath/maximumNesting``, so that no
/// query text, however long, can exhaust the stack.
struct JSONPathParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    /// How many embedded queries were parsed so far: each gets its number (see
    /// ``EmbeddedQuery/number``).
    private var embeddedCount = 0

    /// I-JSON's exact integer range (RFC 9535 §2.1): ±(2^53−1).
    static let integerLimit = 9_007_199_254_740_991

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    static func parse(_ text: String) throws(JSONPathError) -> [QuerySegment] {
        var parser = JSONPathParser(text)
        guard parser.peek == "$" else { throw parser.error("a query starts with '$'") }
        parser.position += 1
        let segments = try parser.segments()
        guard parser.position == parser.scalars.count else {
            throw parser.error(parser.peekIsBlank ? "blank space after the query" : "unexpected '\(parser.scalars[parser.position])'")
        }
        return segments
    }

    // MARK: Scanning

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(at offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private var peekIsBlank: Bool {
        guard let next = peek else { return false }
        return Self.isBlank(next)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private mutating func skipBlanks() {
        while let next = peek, Self.isBlank(next) { position += 1 }
    }

    private func error(_ reason: String, at offset: Int? = nil, kind: JSONPathError.Kind = .syntax) -> JSONPathError {
        JSONPathError(kind: kind, query: text, offset: offset ?? position, reason: reason)
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(JSONPathError) {
        guard peek == scalar else {
            throw error(peek.map { "expected '\(scalar)' but found '\($0)'" } ?? "expected '\(scalar)' at the end")
        }
        position += 1
    }

    private mutating func enter() throws(JSONPathError) {
        depth += 1
        guard depth <= JSONPath.maximumNesting else {
            throw error("nesting deeper than \(JSONPath.maximumNesting)", kind: .tooDeep)
        }
    }

    // MARK: Segments

    /// `*(S segment)`: stops (without consuming blanks) where no further segment starts.
    private mutating func segments() throws(JSONPathError) -> [QuerySegment] {
        var segments: [QuerySegment] = []
        while true {
            let start = position
            skipBlanks()
            guard let next = peek, next == "." || next == "[" else {
                position = start
                return segments
            }
            segments.append(try segment())
        }
    }

    private mutating func segment() throws(JSONPathError) -> QuerySegment {
        if peek == "[" {
            return QuerySegment(isDescendant: false, selectors: try bracketedSelection())
        }
        position += 1 // "."
        if peek == "." {
            position += 1
            switch peek {
            case "[": return QuerySegment(isDescendant: true, selectors: try bracketedSelection())
            case "*":
                position += 1
                return QuerySegment(isDescendant: true, selectors: [.wildcard])
            default:
                return QuerySegment(isDescendant: true, selectors: [.name(QueryName(try memberNameShorthand()))])
            }
        }
        if peek == "*" {
            position += 1
            return QuerySegment(isDescendant: false, selectors: [.wildcard])
        }
        return QuerySegment(isDescendant: false, selectors: [.name(QueryName(try memberNameShorthand()))])
    }

    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
        default: return false
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    private mutating func memberNameShorthand() throws(JSONPathError) -> String {
        guard let first = peek, Self.isNameFirst(first) else { throw error("a member name, '*' or '[' is expected") }
        var name = String.UnicodeScalarView()
        while let next = peek, Self.isNameFirst(next) || Self.isDigit(next) {
            name.append(next)
            position += 1
        }
        return String(name)
    }

    /// `"[" S selector *(S "," S selector) S "]"`.
    private mutating func bracketedSelection() throws(JSONPathError) -> [QuerySelector] {
        try enter()
        defer { depth -= 1 }
        position += 1 // "["
        var selectors: [QuerySelector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            guard let next = peek else { throw error("'[' is never closed") }
            if next == "]" {
                position += 1
                return selectors
            }
            guard next == "," else { throw error("expected ',' or ']' but found '\(next)'") }
            position += 1
        }
    }

    private mutating func selector() throws(JSONPathError) -> QuerySelector {
        guard let next = peek else { throw error("a selector is expected") }
        switch next {
        case "'", "\"": return .name(QueryName(try stringLiteral()))
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            let expression = try logicalExpression()
            return .filter(expression)
        default:
            return try indexOrSlice()
        }
    }

    private mutating func indexOrSlice() throws(JSONPathError) -> QuerySelector {
        let start = peek == ":" ? nil : try integer()
        skipBlanks()
        guard peek == ":" else {
            guard let start else { throw error("a selector is expected") }
            return .index(start)
        }
        position += 1
        skipBlanks()
        let end = peek.map { $0 == "-" || Self.isDigit($0) } == true ? try integer() : nil
        skipBlanks()
        var step: Int?
        if peek == ":" {
            position += 1
            skipBlanks()
            step = peek.map { $0 == "-" || Self.isDigit($0) } == true ? try integer() : nil
        }
        return .slice(start: start, end: end, step: step)
    }

    /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within ±(2^53−1).
    private mutating func integer() throws(JSONPathError) -> Int {
        let start = position
        var negative = false
        if peek == "-" {
            negative = true
            position += 1
        }
        guard let first = peek, Self.isDigit(first) else { throw error("an integer is expected", at: start) }
        if first == "0" {
            position += 1
            if negative { throw error("'-0' is not an integer", at: start) }
            if let next = peek, Self.isDigit(next) { throw error("an integer has no leading zero", at: start) }
            return 0
        }
        var value = 0
        while let next = peek, Self.isDigit(next) {
            value = value * 10 + Int(next.value - 0x30)
            guard value <= Self.integerLimit else { throw error("integer outside ±(2^53−1)", at: start) }
            position += 1
        }
        return negative ? -value : value
    }

    /// A single- or double-quoted string with RFC 9535's escapes.
    private mutating func stringLiteral() throws(JSONPathError) -> String {
        guard let quote = peek else { throw error("a string is expected") }
        let start = position
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let next = peek else { throw error("string is never closed", at: start) }
            position += 1
            if next == quote { return String(result) }
            if next.value < 0x20 { throw error("control character in a string", at: position - 1) }
            guard next == "\\" else {
                result.append(next)
                continue
            }
            guard let escaped = peek else { throw error("string is never closed", at: start) }
            position += 1
            switch escaped {
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "/": result.append("/")
            case "\\": result.append("\\")
            case "'" where quote == "'", "\"" where quote == "\"": result.append(escaped)
            case "u": result.append(try unicodeEscape())
            default: throw error("invalid escape '\\\(escaped)'", at: position - 2)
            }
        }
    }

    /// After `\u`: four hex digits, or a surrogate pair written as two escapes.
    private mutating func unicodeEscape() throws(JSONPathError) -> Unicode.Scalar {
        let start = position - 2
        let high = try hexQuad()
        switch high {
        case 0xD800...0xDBFF:
            guard peek == "\\", peek(at: 1) == "u" else { throw error("lone high surrogate", at: start) }
            position += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else {
                throw error("a high surrogate must be followed by a low one", at: start)
            }
            return scalar
        case 0xDC00...0xDFFF:
            throw error("lone low surrogate", at: start)
        default:
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid escape", at: start) }
            return scalar
        }
    }

    private mutating func hexQuad() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let next = peek, let digit = Self.hexValue(next) else {
                throw error("four hexadecimal digits are expected")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }

    // MARK: Filter expressions

    /// `logical-or-expr`.
    private mutating func logicalExpression() throws(JSONPathError) -> FilterExpression {
        try enter()
        defer { depth -= 1 }
        let operands = try joined(by: "|") { parser throws(JSONPathError) in try parser.conjunction() }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    /// `logical-and-expr`.
    private mutating func conjunction() throws(JSONPathError) -> FilterExpression {
        let operands = try joined(by: "&") { parser throws(JSONPathError) in try parser.basicExpression() }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// One or more operands joined by a doubled `symbol` (`||`, `&&`), blanks allowed around it.
    private mutating func joined(
        by symbol: Unicode.Scalar, _ operand: (inout Self) throws(JSONPathError) -> FilterExpression
    ) throws(JSONPathError) -> [FilterExpression] {
        var operands = [try operand(&self)]
        while true {
            let start = position
            skipBlanks()
            guard peek == symbol, peek(at: 1) == symbol else {
                position = start
                break
            }
            position += 2
            skipBlanks()
            operands.append(try operand(&self))
        }
        return operands
    }

    /// A primary before any comparison operator: what it is, and where it started.
    private enum Primary {
        case literal(JSON)
        case query(EmbeddedQuery)
        case function(FunctionCall)
    }

    private mutating func basicExpression() throws(JSONPathError) -> FilterExpression {
        if peek == "!" {
            position += 1
            skipBlanks()
            if peek == "(" { return .not(try parenthesized()) }
            let start = position
            let primary = try self.primary()
            return .not(try test(primary, at: start))
        }
        if peek == "(" { return try parenthesized() }
        let start = position
        let left = try primary()
        let beforeOperator = position
        skipBlanks()
        guard let comparison = comparisonOperator() else {
            position = beforeOperator
            return try test(left, at: start)
        }
        skipBlanks()
        let rightStart = position
        let right = try primary()
        return .compare(comparison, try comparable(left, at: start), try comparable(right, at: rightStart))
    }

    private mutating func parenthesized() throws(JSONPathError) -> FilterExpression {
        position += 1 // "("
        skipBlanks()
        let inner = try logicalExpression()
        skipBlanks()
        try expect(")")
        return inner
    }

    private mutating func comparisonOperator() -> ComparisonOperator? {
        guard let first = peek else { return nil }
        let second = peek(at: 1)
        switch (first, second) {
        case ("=", "="): position += 2; return .equal
        case ("!", "="): position += 2; return .notEqual
        case ("<", "="): position += 2; return .lessOrEqual
        case (">", "="): position += 2; return .greaterOrEqual
        case ("<", _): position += 1; return .less
        case (">", _): position += 1; return .greater
        default: return nil
        }
    }

    /// A primary used as a test: a filter query, or a function whose result is logical.
    private func test(_ primary: Primary, at start: Int) throws(JSONPathError) -> FilterExpression {
        switch primary {
        case .query(let query): return .exists(query)
        case .function(let call):
            guard call.function.result != .value else {
                throw error("\(call.function.rawValue)() gives a value, which is not a test: compare it", at: start, kind: .type)
            }
            return .test(call)
        case .literal: throw error("a literal is not a test: compare it", at: start, kind: .type)
        }
    }

    /// A primary used in a comparison: a literal, a singular query, or a value function.
    private func comparable(_ primary: Primary, at start: Int) throws(JSONPathError) -> FilterOperand {
        switch primary {
        case .literal(let value): return .literal(value)
        case .query(let query):
            guard query.isSingular else { throw error("only a singular query can be compared", at: start, kind: .type) }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw error("\(call.function.rawValue)() gives a logical result, which cannot be compared", at: start, kind: .type)
            }
            return .function(call)
        }
    }

    private mutating func primary() throws(JSONPathError) -> Primary {
        guard let next = peek else { throw error("an expression is expected") }
        switch next {
        case "@", "$":
            position += 1
            let segments = try self.segments()
            embeddedCount += 1
            return .query(EmbeddedQuery(isRelative: next == "@", segments: segments, number: embeddedCount))
        case "'", "\"":
            return .literal(.string(try stringLiteral()))
        case "-", "0"..."9":
            return .literal(.number(try numberLiteral()))
        default:
            guard next.value >= 0x61 && next.value <= 0x7A else { throw error("unexpected '\(next)'") }
            let start = position
            var name = ""
            while let scalar = peek, (scalar.value >= 0x61 && scalar.value <= 0x7A) || scalar == "_" || Self.isDigit(scalar) {
                name.unicodeScalars.append(scalar)
                position += 1
            }
            if peek != "(" {
                switch name {
                case "true": return .literal(.bool(true))
                case "false": return .literal(.bool(false))
                case "null": return .literal(.null)
                default: throw error("unknown name '\(name)'", at: start)
                }
            }
            return .function(try functionCall(named: name, at: start))
        }
    }

    /// `num = (int / "-0") [frac] [exp]`.
    private mutating func numberLiteral() throws(JSONPathError) -> JSON.Number {
        let start = position
        var literal = ""
        if peek == "-" {
            literal.append("-")
            position += 1
        }
        guard let first = peek, Self.isDigit(first) else { throw error("a number is expected", at: start) }
        if first == "0" {
            literal.append("0")
            position += 1
            if let next = peek, Self.isDigit(next) { throw error("a number has no leading zero", at: start) }
        } else {
            while let next = peek, Self.isDigit(next) {
                literal.unicodeScalars.append(next)
                position += 1
            }
        }
        if peek == "." {
            literal.append(".")
            position += 1
            guard let digit = peek, Self.isDigit(digit) else { throw error("a fraction needs digits", at: start) }
            while let next = peek, Self.isDigit(next) {
                literal.unicodeScalars.append(next)
                position += 1
            }
        }
        if peek == "e" || peek == "E" {
            literal.append("e")
            position += 1
            if let sign = peek, sign == "+" || sign == "-" {
                literal.unicodeScalars.append(sign)
                position += 1
            }
            guard let digit = peek, Self.isDigit(digit) else { throw error("an exponent needs digits", at: start) }
            while let next = peek, Self.isDigit(next) {
                literal.unicodeScalars.append(next)
                position += 1
            }
        }
        guard let number = JSON.Number(literal: literal) else { throw error("invalid number", at: start) }
        return number
    }

    private mutating func functionCall(named name: String, at start: Int) throws(JSONPathError) -> FunctionCall {
        guard let function = QueryFunction(rawValue: name) else { throw error("unknown function '\(name)'", at: start, kind: .type) }
        try enter()
        defer { depth -= 1 }
        position += 1 // "("
        skipBlanks()
        var arguments: [FunctionArgument] = []
        var starts: [Int] = []
        if peek != ")" {
            while true {
                let argumentStart = position
                starts.append(argumentStart)
                let argument = try functionArgument()
                let parameters = function.parameters
                guard arguments.count < parameters.count else {
                    throw error("\(name)() takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")", at: argumentStart, kind: .type)
                }
                arguments.append(try checked(argument, as: parameters[arguments.count], for: name, at: argumentStart))
                skipBlanks()
                if peek == "," {
                    position += 1
                    skipBlanks()
                    continue
                }
                break
            }
        }
        try expect(")")
        guard arguments.count == function.parameters.count else {
            throw error("\(name)() takes \(function.parameters.count) argument\(function.parameters.count == 1 ? "" : "s")", at: start, kind: .type)
        }
        var call = FunctionCall(function: function, arguments: arguments, compiledPattern: nil)
        if function == .match || function == .search, case .literal(let pattern) = arguments[1] {
            if case .string(let text) = pattern {
                switch IRegexp.compile(text) {
                case .compiled(let regexp): call.compiledPattern = .some(regexp)
                case .invalid: call.compiledPattern = .some(nil)
                case .tooLarge: throw JSONPathError.patternTooLarge(text, query: self.text, offset: starts[1])
                }
            } else {
                call.compiledPattern = .some(nil)
            }
        }
        return call
    }

    /// `function-argument = literal / filter-query / logical-expr / function-expr`: parsed as a
    /// logical expression that may also be a bare literal, query or function.
    private mutating func functionArgument() throws(JSONPathError) -> FunctionArgument {
        let start = position
        if let next = peek, next != "!", next != "(" {
            let primary = try self.primary()
            let afterPrimary = position
            skipBlanks()
            let next = peek
            let continues = next == "&" || next == "|" || next == "=" || next == "<" || next == ">" || (next == "!" && peek(at: 1) == "=")
            position = afterPrimary
            if !continues {
                switch primary {
                case .literal(let value): return .literal(value)
                case .query(let query): return .query(query)
                case .function(let call): return .function(call)
                }
            }
            position = start
        }
        return .logical(try logicalExpression())
    }

    private func checked(_ argument: FunctionArgument, as kind: QueryFunction.ValueKind, for name: String, at start: Int) throws(JSONPathError)
        -> FunctionArgument
    {
        let fits: Bool
        switch (kind, argument) {
        case (.value, .literal): fits = true
        case (.value, .query(let query)): fits = query.isSingular
        case (.value, .function(let call)): fits = call.function.result == .value
        case (.value, .logical): fits = false
        case (.logical, .logical), (.logical, .query): fits = true
        case (.logical, .function(let call)): fits = call.function.result != .value
        case (.logical, .literal): fits = false
        case (.nodes, .query): fits = true
        case (.nodes, .function(let call)): fits = call.function.result == .nodes
        case (.nodes, _): fits = false
        }
        guard fits else { throw error("argument of the wrong type for \(name)()", at: start, kind: .type) }
        return argument
    }
}
