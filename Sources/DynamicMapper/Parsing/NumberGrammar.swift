/// Number-literal checks and the JSON5-to-JSON normalisation of number spellings.
enum NumberGrammar {
    /// Whether `bytes` is exactly one RFC 8259 number (for text outside a document).
    static func isStrictNumber(_ bytes: inout [UInt8]) -> Bool {
        bytes.withUnsafeMutableBufferPointer { isStrictNumber($0) }
    }

    /// Whether `bytes` is exactly one RFC 8259 number.
    static func isStrictNumber(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func digit(_ at: Int) -> Bool { at < count && bytes[at] &- UInt8(ascii: "0") < 10 }
        if index < count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while digit(index) { index += 1 }
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        return index == count
    }

    /// Whether the hexadecimal digits from `digits` up to `end` denote a value below 2^64:
    /// at most 16 of them after the leading zeros. A larger value fits no Swift number type,
    /// and spelling it in decimal costs time quadratic in its length, so the scanner rejects
    /// it rather than keep it.
    static func hexFits64Bits(from digits: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> Bool {
        var first = digits
        while first < end && first.pointee == UInt8(ascii: "0") { first += 1 }
        return end - first <= 16
    }

    /// The strict spelling of a JSON5 number literal: `+1` → `1`, `.5` → `0.5`, `5.` → `5`,
    /// `0x1F` → `31`. `Infinity`, `-Infinity` and `NaN` stay as they are (there is no strict
    /// spelling). Hexadecimal literals are at most 64 bits (the scanner sees to it), so they
    /// convert in time linear in their length, leading zeros included.
    static func normalizedJSON5(_ literal: String) -> String {
        var text = Substring(literal)
        var negative = false
        if text.first == "+" {
            text = text.dropFirst()
        } else if text.first == "-" {
            negative = true
            text = text.dropFirst()
        }
        if text == "Infinity" || text == "NaN" {
            return (negative && text == "Infinity" ? "-" : "") + text
        }
        let sign = negative ? "-" : ""
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let value = text.dropFirst(2).utf8.reduce(UInt64(0)) { value, digit in
                value &<< 4 | UInt64(ScanBytes.hexValue(digit) ?? 0)
            }
            return value == 0 ? "0" : sign + String(value)
        }
        var result = String(text)
        if result.hasPrefix(".") { result = "0" + result }
        if let point = result.firstIndex(of: ".") {
            let after = result.index(after: point)
            if after == result.endIndex || !result[after].isNumber {
                result.remove(at: point)
            }
        }
        return sign + result
    }
}
