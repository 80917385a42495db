/// The single validating pass from UTF-8 bytes to the node index.
///
/// It is iterative (an explicit stack of open containers) so hostile nesting costs memory
/// bounded by `maximumDepth`, never the call stack. Strings and numbers are validated but not
/// converted: converting is the reader's job, and most readers skip most values.
struct JSONScanner<Mode: ScanMode>: ~Copyable {
    // The state and `error(_:_:at:)` are internal, not private, for the scanner's concerns in
    // `JSONScanner+*.swift` files; nothing outside the scanner uses them.
    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    var cursor: UnsafePointer<UInt8>
    let options: ScanOptions
    var nodes: NodeBuffer
    /// The innermost open container, kept out of `parents` so the per-value bookkeeping
    /// touches a plain stored value rather than an array element.
    private var top = Frame(node: -1, count: 0, isObject: false, isImplicit: false)
    /// The open containers around `top`, outermost first (`depth - 1` of them).
    private var parents = FrameStack<Frame>()
    /// Open containers, `top` included.
    private var depth = 0

    // Internal, not private: a private type as the generic argument of `FrameStack` (another
    // file) crashes Swift 6.3.1's code generation ("Global is external").
    struct Frame {
        var node: Int
        var count: UInt32
        var isObject: Bool
        /// JSON5 `assumesTopLevelDictionary`: an object closed by the end of input, not `}`.
        var isImplicit: Bool
    }

    private enum State { case value, key, afterValue }

    init(bytes: UnsafeBufferPointer<UInt8>, options: ScanOptions) {
        // An empty buffer has no base address; point at a dummy so the cursor arithmetic holds.
        let base = bytes.baseAddress ?? ScanBytes.emptyPointer
        start = base
        end = base + bytes.count
        cursor = base
        self.options = options
        nodes = NodeBuffer(estimatedCount: bytes.count / 6 + 16)
    }

    /// Scans the whole input; on success `nodes` holds the index (root at 0).
    mutating func scan() throws(JSONSyntaxError) {
        try skipWhitespace()
        if options.assumesTopLevelDictionary && (cursor == end || cursor.pointee != UInt8(ascii: "{")) {
            try openContainer(isObject: true, implicit: true)
            try skipWhitespace()
            if cursor == end {
                closeContainer()
            } else {
                try scanValues(from: .key)
            }
        } else {
            guard cursor < end else { throw error(.emptyInput, "Unexpected end of input: no JSON value") }
            try scanValues(from: .value)
        }
        try skipWhitespace()
        guard cursor == end else { throw error(.trailingContent, "Unexpected \(describeCurrent()) after the top-level value") }
    }

    // MARK: Structure

    private mutating func scanValues(from initial: State) throws(JSONSyntaxError) {
        var state = initial
        while true {
            switch state {
            case .value:
                guard let openedObject = try scanValue() else {
                    state = .afterValue
                    continue
                }
                // A container just opened: look for its first member or its end.
                try skipWhitespace()
                if cursor < end && cursor.pointee == (openedObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    cursor += 1
                    closeContainer()
                    state = .afterValue
                } else {
                    state = openedObject ? .key : .value
                }
            case .key:
                try scanKey()
                // The colon nearly always follows the key directly.
                if cursor >= end || cursor.pointee != UInt8(ascii: ":") { try skipWhitespace() }
                guard cursor < end else { throw error(.unexpectedEnd, "Unexpected end of input: expected ':'") }
                guard cursor.pointee == UInt8(ascii: ":") else {
                    throw error(.unexpectedCharacter, "Expected ':' after an object key but found \(describeCurrent())")
                }
                cursor += 1
                try skipWhitespace()
                state = .value
            case .afterValue:
                guard depth > 0 else { return }
                // Wrapping: a member takes at least one byte and input is at most 4 GiB.
                top.count &+= 1
                let frame = top
                try skipWhitespace()
                guard cursor < end else {
                    if frame.isImplicit {
                        closeContainer()
                        continue
                    }
                    throw error(.unexpectedEnd, "Unexpected end of input: unclosed \(frame.isObject ? "object" : "array")")
                }
                let closer = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let byte = cursor.pointee
                if byte == UInt8(ascii: ",") {
                    cursor += 1
                    try skipWhitespace()
                    if Mode.allowsJSON5 {
                        if frame.isImplicit ? cursor == end : (cursor < end && cursor.pointee == closer) {
                            if !frame.isImplicit { cursor += 1 }
                            closeContainer()
                            continue
                        }
                    } else if cursor < end && cursor.pointee == closer {
                        throw error(.trailingComma, "Trailing comma before \(describeCurrent()) (allowed only with allowsJSON5)")
                    }
                    state = frame.isObject ? .key : .value
                } else if byte == closer && !frame.isImplicit {
                    cursor += 1
                    closeContainer()
                } else {
                    throw error(.unexpectedCharacter, "Expected ',' or '\(Character(Unicode.Scalar(closer)))' but found \(describeCurrent())")
                }
            }
        }
    }

    /// Scans a scalar, or opens a container and returns whether it is an object.
    @_transparent
    private mutating func scanValue() throws(JSONSyntaxError) -> Bool? {
        guard cursor < end else { throw error(.unexpectedEnd, "Unexpected end of input: expected a value") }
        switch cursor.pointee {
        case UInt8(ascii: "\""):
            try scanString(quote: UInt8(ascii: "\""))
        case UInt8(ascii: "{"):
            try openContainer(isObject: true, implicit: false)
            cursor += 1
            return true
        case UInt8(ascii: "["):
            try openContainer(isObject: false, implicit: false)
            cursor += 1
            return false
        case UInt8(ascii: "t"):
            try scanLiteral("true", kind: .true)
        case UInt8(ascii: "f"):
            try scanLiteral("false", kind: .false)
        case UInt8(ascii: "n"):
            try scanLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if Mode.allowsJSON5 { try scanJSON5Number() } else { try scanNumber() }
        case UInt8(ascii: "'") where Mode.allowsJSON5:
            try scanString(quote: UInt8(ascii: "'"))
        case UInt8(ascii: "+") where Mode.allowsJSON5, UInt8(ascii: ".") where Mode.allowsJSON5,
            UInt8(ascii: "I") where Mode.allowsJSON5, UInt8(ascii: "N") where Mode.allowsJSON5:
            try scanJSON5Number()
        default:
            throw error(.unexpectedCharacter, "Unexpected \(describeCurrent()): expected a value")
        }
        return nil
    }

    private mutating func openContainer(isObject: Bool, implicit: Bool) throws(JSONSyntaxError) {
        guard depth < options.maximumDepth else {
            throw error(.tooDeep, "Too many nested arrays or objects (the limit is \(options.maximumDepth))")
        }
        let offset = UInt32(truncatingIfNeeded: cursor - start)
        if depth > 0 {
            parents[depth - 1] = top
        }
        depth += 1
        top = Frame(node: nodes.count, count: 0, isObject: isObject, isImplicit: implicit)
        nodes.append(Node(kind: isObject ? .object : .array, flags: [], offset: offset, length: 0, end: 0))
    }

    private mutating func closeContainer() {
        let frame = top
        depth -= 1
        if depth > 0 { top = parents[depth - 1] }
        nodes[frame.node].length = frame.count
        nodes[frame.node].end = UInt32(truncatingIfNeeded: nodes.count)
    }

    @_transparent
    private mutating func scanKey() throws(JSONSyntaxError) {
        guard cursor < end else { throw error(.unexpectedEnd, "Unexpected end of input: expected an object key") }
        let byte = cursor.pointee
        if byte == UInt8(ascii: "\"") {
            try scanString(quote: byte)
        } else if Mode.allowsJSON5 && byte == UInt8(ascii: "'") {
            try scanString(quote: byte)
        } else if Mode.allowsJSON5 && (ScanBytes.isIdentifierByte(byte) || byte >= 0x80) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            try scanUnquotedKey()
        } else {
            throw error(.unexpectedCharacter, "Expected a string key but found \(describeCurrent())")
        }
    }

    @inline(__always)
    private mutating func scanLiteral(_ word: StaticString, kind: Node.Kind) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        // `true`, `null` and the `alse` of `false` compare as one 32-bit word each.
        guard end - cursor >= count,
            UnsafeRawPointer(cursor + count - 4).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(word.utf8Start + count - 4).loadUnaligned(as: UInt32.self)
        else {
            throw error(.invalidLiteral, "Invalid literal: expected '\(word)'")
        }
        nodes.append(Node(kind: kind, flags: [], offset: UInt32(truncatingIfNeeded: cursor - start), length: UInt32(count), end: 0))
        cursor += count
    }

    // MARK: Strings

    @inline(__always)
    private mutating func scanString(quote: UInt8) throws(JSONSyntaxError) {
        let opening = cursor
        let contentStart = cursor + 1
        var flags: Node.Flags = []
        // A local position: `self.cursor` would be stored back to memory at every step.
        var position = contentStart
        scanning: while true {
            if quote == UInt8(ascii: "\"") {
                var stopped = false
                if Mode.scansBlocks {
                    (position, stopped) = BlockScan.skipPlainStringBytes(from: position, to: end)
                }
                // Eight bytes at a time (after blocks, the tail). When the first special byte
                // of a word is the closing quote (the usual way a word ends) the masks already
                // say so, and the byte need not be loaded again.
                while !stopped && end - position >= 8 {
                    let word = UnsafeRawPointer(position).loadUnaligned(as: UInt64.self).littleEndian
                    let quoteBytes = word ^ 0x2222_2222_2222_2222
                    let slashBytes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                    let quoteHits = (quoteBytes &- 0x0101_0101_0101_0101) & ~quoteBytes & 0x8080_8080_8080_8080
                    let otherHits =
                        (word | (word &- 0x2020_2020_2020_2020)
                            | (slashBytes &- 0x0101_0101_0101_0101) & ~slashBytes) & 0x8080_8080_8080_8080
                    let hits = quoteHits | otherHits
                    if hits == 0 {
                        position += 8
                        continue
                    }
                    position += hits.trailingZeroBitCount >> 3
                    if quoteHits & (hits & (0 &- hits)) != 0 { break scanning }
                    break
                }
            }
            guard position < end else {
                cursor = opening
                throw error(.unterminatedString, "Unterminated string")
            }
            let byte = position.pointee
            if byte == quote { break }
            if byte >= 0x80 {
                flags.insert(.nonASCII)
                cursor = position
                try scanNonASCIIRun()
                position = cursor
            } else if byte == UInt8(ascii: "\\") {
                flags.insert(.escaped)
                cursor = position
                try scanEscape()
                position = cursor
            } else if byte < 0x20 {
                cursor = position
                throw unescapedControlCharacter(byte)
            } else {
                position += 1
            }
        }
        nodes.append(
            Node(
                kind: .string, flags: flags,
                offset: UInt32(truncatingIfNeeded: contentStart - start),
                length: UInt32(truncatingIfNeeded: position - contentStart), end: 0))
        cursor = position + 1
    }

    /// Validates a run of multi-byte characters from the cursor (on a byte of 0x80 or more) to
    /// the next ASCII byte. Non-Latin text is such runs: out of line, so that `scanString`
    /// stays small enough to inline, and a call is paid once per run, not per character.
    @inline(never)
    private mutating func scanNonASCIIRun() throws(JSONSyntaxError) {
        var position = cursor
        repeat {
            // The byte-by-byte reference checks every sequence the slow way.
            if Mode.scansBlocks, let length = Self.wellFormedRunPrefix(position, end) {
                position += length
                continue
            }
            cursor = position
            try scanUTF8SequenceSlowly()
            position = cursor
        } while position < end && position.pointee >= 0x80
        cursor = position
    }

    /// The length of the common well-formed sequences at `position`, checked a block or a
    /// word at a time: five three-byte sequences (a block), two or one of them, or a two-byte
    /// one; nil for anything else, which the slow path checks and, if need be, reports. The
    /// three-byte ones are those whose lead needs no range check of its second byte (E1 to EF
    /// but ED); two-byte ones have leads C2 to DF.
    @inline(__always)
    private static func wellFormedRunPrefix(_ position: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        let available = end - position
        if available >= BlockScan.width && BlockScan.startsWithFiveThreeByteSequences(position) { return 15 }
        if available >= 8 {
            let long = UnsafeRawPointer(position).loadUnaligned(as: UInt64.self).littleEndian
            if long & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 {
                let first = long & 0xFF, second = long >> 24 & 0xFF
                if first & 0x0F != 0 && first != 0xED && second & 0x0F != 0 && second != 0xED { return 6 }
            }
        }
        guard available >= 4 else { return nil }
        let word = UnsafeRawPointer(position).loadUnaligned(as: UInt32.self).littleEndian
        if word & 0x00C0_C0F0 == 0x0080_80E0 && word & 0x0F != 0 && word & 0xFF != 0xED { return 3 }
        if word & 0xC0E0 == 0x80C0 && word & 0x1E != 0 { return 2 }
        return nil
    }

    @inline(never)
    private func unescapedControlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        error(.controlCharacterInString, "Unescaped control character U+00\(hexByte(byte)) in a string")
    }

    @inline(never)
    private mutating func scanEscape() throws(JSONSyntaxError) {
        let backslash = cursor
        cursor += 1
        guard cursor < end else {
            cursor = backslash
            throw error(.unterminatedString, "Unterminated escape sequence")
        }
        switch cursor.pointee {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            cursor += 1
        case UInt8(ascii: "u"):
            cursor += 1
            let unit = try readHex4(escapeStart: backslash)
            if (0xDC00...0xDFFF).contains(unit) {
                cursor = backslash
                throw error(.unpairedSurrogate, "Unpaired low surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard end - cursor >= 6, cursor[0] == UInt8(ascii: "\\"), cursor[1] == UInt8(ascii: "u") else {
                    cursor = backslash
                    throw error(.unpairedSurrogate, "Unpaired high surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
                }
                let low = cursor
                cursor += 2
                let second = try readHex4(escapeStart: low)
                guard (0xDC00...0xDFFF).contains(second) else {
                    cursor = backslash
                    throw error(.unpairedSurrogate, "High surrogate \\u\(String(unit, radix: 16, uppercase: true)) not followed by a low surrogate")
                }
            }
        case UInt8(ascii: "'") where Mode.allowsJSON5, UInt8(ascii: "v") where Mode.allowsJSON5,
            UInt8(ascii: "\n") where Mode.allowsJSON5:
            cursor += 1
        case UInt8(ascii: "\r") where Mode.allowsJSON5:
            cursor += 1
            if cursor < end && cursor.pointee == UInt8(ascii: "\n") { cursor += 1 }
        case UInt8(ascii: "0") where Mode.allowsJSON5:
            cursor += 1
            if cursor < end && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(cursor.pointee) {
                throw error(.invalidEscape, "Invalid escape: \\0 followed by a digit")
            }
        case UInt8(ascii: "x") where Mode.allowsJSON5:
            cursor += 1
            for _ in 0..<2 {
                guard cursor < end, ScanBytes.hexValue(cursor.pointee) != nil else {
                    cursor = backslash
                    throw error(.invalidEscape, "Invalid \\x escape: expected two hexadecimal digits")
                }
                cursor += 1
            }
        case 0xE2 where Mode.allowsJSON5 && end - cursor >= 3 && cursor[1] == 0x80 && (cursor[2] == 0xA8 || cursor[2] == 0xA9):
            cursor += 3
        default:
            cursor = backslash
            throw error(.invalidEscape, "Invalid escape sequence \\\(describeByte(backslash[1]))")
        }
    }

    private mutating func readHex4(escapeStart: UnsafePointer<UInt8>) throws(JSONSyntaxError) -> UInt32 {
        guard end - cursor >= 4 else {
            cursor = escapeStart
            throw error(.invalidUnicodeEscape, "Invalid \\u escape: expected four hexadecimal digits")
        }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ScanBytes.hexValue(cursor[offset]) else {
                cursor = escapeStart
                throw error(.invalidUnicodeEscape, "Invalid \\u escape: expected four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        cursor += 4
        return value
    }

    /// Validates one multi-byte UTF-8 sequence strictly: no overlong forms, no surrogates,
    /// nothing above U+10FFFF.
    @inline(__always)
    private mutating func scanUTF8Sequence() throws(JSONSyntaxError) {
        let lead = cursor.pointee
        let available = end - cursor
        // The common case for non-Latin text: a three-byte sequence with no range exception.
        if lead >= 0xE1 && lead <= 0xEF && lead != 0xED && available >= 3
            && cursor[1] & 0xC0 == 0x80 && cursor[2] & 0xC0 == 0x80
        {
            cursor += 3
            return
        }
        try scanUTF8SequenceSlowly()
    }

    @inline(never)
    private mutating func scanUTF8SequenceSlowly() throws(JSONSyntaxError) {
        let lead = cursor.pointee
        let available = end - cursor
        var length = 0
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error(.invalidUTF8, "Invalid UTF-8 byte 0x\(hexByte(lead))")
        }
        guard available >= length, secondRange.contains(cursor[1]) else {
            throw error(.invalidUTF8, "Invalid UTF-8 sequence starting with 0x\(hexByte(lead))")
        }
        var index = 2
        while index < length {
            guard cursor[index] & 0xC0 == 0x80 else { throw error(.invalidUTF8, "Invalid UTF-8 sequence starting with 0x\(hexByte(lead))") }
            index += 1
        }
        cursor += length
    }

    func matches(_ word: StaticString) -> Bool {
        end - cursor >= word.utf8CodeUnitCount && memcmpEqual(cursor, word.utf8Start, word.utf8CodeUnitCount)
    }

    // MARK: JSON5 keys and whitespace

    /// JSON5 identifier keys: ASCII letters, digits, `_` and `$`, and non-ASCII characters that
    /// may continue an identifier (so `été` is a key, while a no-break space or a line
    /// separator ends it).
    private mutating func scanUnquotedKey() throws(JSONSyntaxError) {
        let keyStart = cursor
        while cursor < end {
            let byte = cursor.pointee
            if ScanBytes.isIdentifierByte(byte) {
                cursor += 1
                continue
            }
            guard byte >= 0x80 else { break }
            let sequenceStart = cursor
            try scanUTF8Sequence()
            var bytes = UnsafeBufferPointer(start: sequenceStart, count: cursor - sequenceStart).makeIterator()
            var utf8 = UTF8()
            guard case .scalarValue(let scalar) = utf8.decode(&bytes), scalar.properties.isIDContinue else {
                cursor = sequenceStart
                break
            }
        }
        guard cursor > keyStart else { throw error(.unexpectedCharacter, "Expected an object key but found \(describeCurrent())") }
        let ascii = UnsafeBufferPointer(start: keyStart, count: cursor - keyStart).allSatisfy { $0 < 0x80 }
        nodes.append(
            Node(
                kind: .string, flags: ascii ? [] : .nonASCII, offset: UInt32(truncatingIfNeeded: keyStart - start),
                length: UInt32(truncatingIfNeeded: cursor - keyStart), end: 0))
    }

    @inline(__always)
    private mutating func skipWhitespace() throws(JSONSyntaxError) {
        // Most calls find no white space at all (before a colon, after a value). Decided
        // before the loop: its set-up (the block comparisons' constants) costs more than this.
        if cursor < end && cursor.pointee > 0x20 {
            if Mode.allowsJSON5 { try skipJSON5Whitespace() }
            return
        }
        while cursor < end {
            let byte = cursor.pointee
            if byte > 0x20 { break }
            if Mode.scansBlocks && end - cursor > BlockScan.width {
                // A lone space (after a colon or a comma) is not worth a block.
                if byte == 0x20 && cursor[1] > 0x20 {
                    cursor += 1
                    break
                }
                // Pretty-printed JSON: a line feed, then indentation, which one comparison a
                // block skips. The loop looks again at the byte where the spaces end.
                if byte == UInt8(ascii: "\n") {
                    cursor = BlockScan.skipSpaces(from: cursor + 1, to: end)
                    continue
                }
                let next = BlockScan.skipWhitespace(from: cursor, to: end)
                if next != cursor {
                    cursor = next
                    continue
                }
            }
            if byte == 0x20 {
                // Runs of spaces (indentation) a word at a time: the lowest non-space byte of
                // the word is where the run ends.
                if end - cursor >= 8 {
                    let others = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
                    cursor += others == 0 ? 8 : others.trailingZeroBitCount >> 3
                } else {
                    cursor += 1
                }
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
                cursor += 1
            } else {
                break
            }
        }
        if Mode.allowsJSON5 { try skipJSON5Whitespace() }
    }

    /// Comments and the extra white space JSON5 allows (vertical tab, form feed, no-break space,
    /// byte order mark, line and paragraph separators).
    private mutating func skipJSON5Whitespace() throws(JSONSyntaxError) {
        while cursor < end {
            let byte = cursor.pointee
            let remaining = end - cursor
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), 0x0B, 0x0C:
                cursor += 1
            case 0xC2 where remaining >= 2 && cursor[1] == 0xA0:
                cursor += 2
            case 0xEF where remaining >= 3 && cursor[1] == 0xBB && cursor[2] == 0xBF:
                cursor += 3
            case 0xE2 where remaining >= 3 && cursor[1] == 0x80 && (cursor[2] == 0xA8 || cursor[2] == 0xA9):
                cursor += 3
            case UInt8(ascii: "/") where remaining >= 2 && cursor[1] == UInt8(ascii: "/"):
                while cursor < end && cursor.pointee != UInt8(ascii: "\n") && cursor.pointee != UInt8(ascii: "\r") { cursor += 1 }
            case UInt8(ascii: "/") where remaining >= 2 && cursor[1] == UInt8(ascii: "*"):
                let commentStart = cursor
                cursor += 2
                while true {
                    guard end - cursor >= 2 else {
                        cursor = commentStart
                        throw error(.unterminatedComment, "Unterminated /* comment")
                    }
                    if cursor[0] == UInt8(ascii: "*") && cursor[1] == UInt8(ascii: "/") {
                        cursor += 2
                        break
                    }
                    cursor += 1
                }
            default:
                return
            }
        }
    }

    // MARK: Errors

    /// The error of `kind` for `reason` at `position` (the cursor unless told).
    @inline(never)
    func error(_ kind: JSONSyntaxError.Kind, _ reason: String, at position: UnsafePointer<UInt8>? = nil) -> JSONSyntaxError {
        JSONSyntaxError(kind, reason: reason, offset: (position ?? cursor) - start, in: UnsafeBufferPointer(start: start, count: end - start))
    }

    private func describeCurrent() -> String {
        guard cursor < end else { return "end of input" }
        return "character '\(describeByte(cursor.pointee))'"
    }

    private func describeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "0x\(hexByte(byte))"
    }

    private func hexByte(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + text : text
    }
}
