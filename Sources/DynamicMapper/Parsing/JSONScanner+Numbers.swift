// Numbers: validated and flagged (integer, JSON5 spelling, hexadecimal), never converted;
// converting is the reader's job.

extension JSONScanner {
    /// A strict JSON number: `-`? then `0` or digits without a leading zero, an optional
    /// fraction and an optional exponent.
    mutating func scanNumber() throws(JSONSyntaxError) {
        let numberStart = cursor
        var flags: Node.Flags = [.integer]
        if cursor.pointee == UInt8(ascii: "-") { cursor += 1 }
        guard cursor < end, isDigit(cursor.pointee) else { throw error(.invalidNumber, "Invalid number: expected a digit") }
        if cursor.pointee == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end && isDigit(cursor.pointee) { throw error(.invalidNumber, "Invalid number: leading zeros are not allowed") }
        } else {
            skipDigits()
        }
        if cursor < end && cursor.pointee == UInt8(ascii: ".") {
            flags = []
            cursor += 1
            guard cursor < end, isDigit(cursor.pointee) else { throw error(.invalidNumber, "Invalid number: expected a digit after '.'") }
            skipDigits()
        }
        if cursor < end && (cursor.pointee | 0x20) == UInt8(ascii: "e") {
            flags = []
            try scanExponent()
        }
        nodes.append(
            Node(
                kind: .number, flags: flags, offset: UInt32(truncatingIfNeeded: numberStart - start),
                length: UInt32(truncatingIfNeeded: cursor - numberStart), end: 0))
    }

    /// JSON5 numbers: everything strict JSON allows, plus a leading `+`, hexadecimal,
    /// a leading or trailing `.`, `Infinity` and `NaN`. Non-strict spellings are flagged.
    mutating func scanJSON5Number() throws(JSONSyntaxError) {
        let numberStart = cursor
        var flags: Node.Flags = [.integer]
        if cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: "-") {
            if cursor.pointee == UInt8(ascii: "+") { flags.insert(.json5) }
            cursor += 1
        }
        guard cursor < end else { throw error(.invalidNumber, "Invalid number") }
        if matches("Infinity") || matches("NaN") {
            cursor += cursor.pointee == UInt8(ascii: "I") ? 8 : 3
            flags = [.json5]
        } else if end - cursor >= 2, cursor[0] == UInt8(ascii: "0"), cursor[1] | 0x20 == UInt8(ascii: "x") {
            cursor += 2
            let digits = cursor
            guard cursor < end, ScanBytes.hexValue(cursor.pointee) != nil else { throw error(.invalidNumber, "Invalid hexadecimal number") }
            while cursor < end, ScanBytes.hexValue(cursor.pointee) != nil { cursor += 1 }
            guard NumberGrammar.hexFits64Bits(from: digits, to: cursor) else {
                throw error(.numberOutOfRange, "Hexadecimal number larger than 64 bits", at: numberStart)
            }
            flags.formUnion([.json5, .hexadecimal])
        } else {
            var digits = 0
            if cursor.pointee == UInt8(ascii: "0") {
                cursor += 1
                digits = 1
                if cursor < end && isDigit(cursor.pointee) { throw error(.invalidNumber, "Invalid number: leading zeros are not allowed") }
            } else if isDigit(cursor.pointee) {
                let before = cursor
                skipDigits()
                digits = cursor - before
            }
            if cursor < end && cursor.pointee == UInt8(ascii: ".") {
                flags.remove(.integer)
                cursor += 1
                let before = cursor
                skipDigits()
                if cursor == before || digits == 0 { flags.insert(.json5) }
                guard digits > 0 || cursor > before else { throw error(.invalidNumber, "Invalid number: expected a digit") }
            } else if digits == 0 {
                throw error(.invalidNumber, "Invalid number: expected a digit")
            }
            if cursor < end && (cursor.pointee | 0x20) == UInt8(ascii: "e") {
                flags.remove(.integer)
                try scanExponent()
            }
        }
        nodes.append(
            Node(
                kind: .number, flags: flags, offset: UInt32(truncatingIfNeeded: numberStart - start),
                length: UInt32(truncatingIfNeeded: cursor - numberStart), end: 0))
    }

    /// An exponent, the cursor on its `e` or `E`: an optional sign, then at least one digit.
    /// The same in strict JSON and JSON5.
    @inline(__always)
    private mutating func scanExponent() throws(JSONSyntaxError) {
        cursor += 1
        if cursor < end && (cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: "-")) { cursor += 1 }
        guard cursor < end, isDigit(cursor.pointee) else { throw error(.invalidNumber, "Invalid number: expected a digit in the exponent") }
        skipDigits()
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private mutating func skipDigits() {
        if Mode.scansBlocks {
            let stopped: Bool
            (cursor, stopped) = BlockScan.skipDigits(from: cursor, to: end)
            if stopped { return }
        }
        while cursor < end && isDigit(cursor.pointee) { cursor += 1 }
    }
}
