/// Number-literal checks and the JSON5-to-JSON normalisation of number spellings.
enum NumberGrammar {
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

    /// The strict spelling of a JSON5 number literal: `+1` → `1`, `.5` → `0.5`, `5.` → `5`,
    /// `0x1F` → `31`. `Infinity`, `-Infinity` and `NaN` stay as they are (there is no strict
    /// spelling); hex beyond 64 bits stays hexadecimal.
    /// The decimal digits of a hexadecimal integer too large for 64 bits (already validated):
    /// long multiplication by 16 on base-10⁹ limbs, least significant first.
    private static func decimal(hex digits: Substring) -> String {
        var limbs: [UInt64] = [0]
        for digit in digits {
            var carry = UInt64(digit.hexDigitValue ?? 0)
            for position in limbs.indices {
                let product = limbs[position] * 16 + carry
                limbs[position] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

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
            guard let value = UInt64(text.dropFirst(2), radix: 16) else { return sign + decimal(hex: text.dropFirst(2)) }
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
