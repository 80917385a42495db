import Foundation

/// Appends JSON text to a byte buffer with `JSONEncoder`'s exact layout: `"key" : value` and
/// two-space indentation when pretty, `\/` unless slashes are left alone, and the same
/// control-character escapes.
struct JSONWriter {
    var bytes: [UInt8] = []
    let pretty: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    /// Current container depth, for indentation.
    var depth = 0
    /// The deepest nesting reached, so callers can apply `JSONEncoder`'s depth limit after
    /// writing (it reports the limit only when nothing else failed first).
    var deepestDepth = 0
    /// What to do with `Infinity`, `-Infinity` and `NaN` copied from a JSON5 document.
    var nonFiniteLiterals = NonFiniteLiterals.refuse
    /// The first such literal that could not be written (`null` stands in for it); the
    /// encoder turns it into an error.
    var unwritableLiteral: String?

    enum NonFiniteLiterals {
        /// Leave them out as JSON has no spelling for them (see ``unwritableLiteral``).
        case refuse
        /// Write them as the strings of `.convertToString`.
        case strings(positiveInfinity: String, negativeInfinity: String, nan: String)
        /// Write them as they are, for text that is parsed again as JSON5.
        case json5

        init(_ strategy: JSONEncoder.NonConformingFloatEncodingStrategy) {
            if case .convertToString(let positive, let negative, let nan) = strategy {
                self = .strings(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
            } else {
                self = .refuse
            }
        }
    }

    init(formatting: JSONEncoder.OutputFormatting) {
        pretty = formatting.contains(.prettyPrinted)
        sortedKeys = formatting.contains(.sortedKeys)
        escapesSlashes = !formatting.contains(.withoutEscapingSlashes)
    }

    func data() -> Data { Data(bytes) }

    func string() -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Scalars

    @inline(__always)
    mutating func writeASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func writeRaw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes a quoted string, copying runs that need no escape in one go.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = utf8.count
        let base = utf8.baseAddress ?? ScanBytes.emptyPointer
        while index < count {
            index = firstByteNeedingEscape(base, from: index, count: count)
            guard index < count else { break }
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && (byte != UInt8(ascii: "/") || !escapesSlashes) {
                index += 1
                continue
            }
            if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hexDigits.utf8Start[Int(byte >> 4)], hexDigits.utf8Start[Int(byte & 0xF)]])
            }
            index += 1
            runStart = index
        }
        if count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A finite float in `JSONEncoder`'s spelling (shortest round-trip digits, no trailing
    /// `.0`). The standard library prints floats into a stack buffer and hands it to the
    /// stream's `_writeASCII`, so this allocates nothing, where `description` would allocate a
    /// string for every number longer than 15 characters.
    mutating func writeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        var sink = FloatSink()
        swap(&sink.bytes, &bytes)
        let start = sink.bytes.count
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
        if bytes.count - start >= 2 && bytes[bytes.count - 2] == UInt8(ascii: ".") && bytes[bytes.count - 1] == UInt8(ascii: "0") {
            bytes.removeLast(2)
        }
    }

    private struct FloatSink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }

    /// The position of the first byte from `index` on that needs an escape, eight bytes at a
    /// time (or where fewer than eight remain). Borrows in these tests only mark bytes above
    /// the first real hit, so the lowest marked byte is exact.
    @inline(__always)
    private func firstByteNeedingEscape(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var position = index
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while count - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            let quote = word ^ 0x2222_2222_2222_2222
            let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
            var hits = ((word &- 0x2020_2020_2020_2020) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if escapesSlashes {
                let slash = word ^ 0x2F2F_2F2F_2F2F_2F2F
                hits |= (slash &- ones) & ~slash
            }
            hits &= high
            if hits != 0 { return position + (hits.trailingZeroBitCount >> 3) }
            position += 8
        }
        return position
    }

    mutating func writeBool(_ value: Bool) {
        if value { writeASCII("true") } else { writeASCII("false") }
    }

    mutating func writeNull() { writeASCII("null") }

    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        writeRaw(String(value))
    }

    // MARK: Layout

    mutating func writeIndent() {
        guard depth > 0 else { return }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Opens `[` or `{`; the matching `closeContainer` needs the element count for the layout
    /// of empty containers.
    mutating func openContainer(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        if depth > deepestDepth { deepestDepth = depth }
        if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Before each element: the separator and, when pretty, the indentation.
    mutating func beginElement(isFirst: Bool) {
        if !isFirst {
            bytes.append(UInt8(ascii: ","))
            if pretty { bytes.append(UInt8(ascii: "\n")) }
        }
        if pretty { writeIndent() }
    }

    mutating func writeKeySeparator() {
        if pretty { writeASCII(" : ") } else { bytes.append(UInt8(ascii: ":")) }
    }

    /// `{}` with the layout `JSONEncoder` gives an empty object (a blank line when pretty).
    mutating func writeEmptyObject() {
        openContainer(UInt8(ascii: "{"))
        closeContainer(UInt8(ascii: "}"))
    }

    mutating func closeContainer(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            writeIndent()
        }
        bytes.append(bracket)
    }

    // MARK: JSON values

    /// Writes a `JSON` value. Iterative, with the open containers on a heap stack, so any
    /// depth a value can be built to is written without touching the call stack's limit.
    mutating func write(_ value: JSON) {
        var open: [WritingContainer] = []
        var pending: JSON? = value
        while true {
            if let current = pending {
                pending = nil
                switch current {
                case .null: writeNull()
                case .bool(let flag): writeBool(flag)
                case .number(let number): writeNumber(number)
                case .string(let text): writeString(text)
                case .array(let elements):
                    openContainer(UInt8(ascii: "["))
                    open.append(WritingContainer(elements: elements))
                case .object(let object):
                    openContainer(UInt8(ascii: "{"))
                    open.append(WritingContainer(object: object, sortedKeys: sortedKeys))
                }
            }
            guard let top = open.indices.last else { return }
            let position = open[top].position
            guard position < open[top].count else {
                closeContainer(open.removeLast().object == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                continue
            }
            open[top].position += 1
            beginElement(isFirst: position == 0)
            if let object = open[top].object {
                let member = open[top].order.isEmpty ? position : open[top].order[position]
                writeString(object.keys[member])
                writeKeySeparator()
                pending = object.values[member]
            } else {
                pending = open[top].elements[position]
            }
        }
    }

    /// A `JSON.Number`'s literal, copied from a packed literal without making a `String`.
    mutating func writeNumber(_ number: JSON.Number) {
        if number.isPacked {
            number.withUTF8 { bytes.append(contentsOf: $0) }
        } else {
            writeNumber(literal: number.literal)
        }
    }

    /// A number literal as read; `Infinity`, `-Infinity` and `NaN` (which only JSON5 input
    /// holds) as ``nonFiniteLiterals`` says.
    mutating func writeNumber(literal: String) {
        guard let last = literal.utf8.last, last == UInt8(ascii: "y") || last == UInt8(ascii: "N") else {
            writeRaw(literal)
            return
        }
        switch nonFiniteLiterals {
        case .json5:
            writeRaw(literal)
        case .strings(let positive, let negative, let nan):
            writeString(literal == "NaN" ? nan : literal.hasPrefix("-") ? negative : positive)
        case .refuse:
            if unwritableLiteral == nil { unwritableLiteral = literal }
            writeNull()
        }
    }

    // MARK: Containers

    /// `[`, each element through `element` (given its position), `]`.
    mutating func writeArray(count: Int, _ element: (inout JSONWriter, Int) -> Void) {
        openContainer(UInt8(ascii: "["))
        for position in 0..<count {
            beginElement(isFirst: position == 0)
            element(&self, position)
        }
        closeContainer(UInt8(ascii: "]"))
    }

    /// `{`, each member's key and value (through `value`, given the member's position), `}`;
    /// members in key order when keys are sorted.
    mutating func writeObject(count: Int, key: (Int) -> String, _ value: (inout JSONWriter, Int) -> Void) {
        openContainer(UInt8(ascii: "{"))
        for (position, member) in KeyOrder.positions(count: count, sorted: sortedKeys, key: key).enumerated() {
            beginElement(isFirst: position == 0)
            writeString(key(member))
            writeKeySeparator()
            value(&self, member)
        }
        closeContainer(UInt8(ascii: "}"))
    }
}

/// An array or object being written by ``JSONWriter/write(_:)``.
private struct WritingContainer {
    var elements: [JSON] = []
    var object: JSON.Object?
    /// Member positions in writing order when keys are sorted; empty (the object's own order)
    /// otherwise.
    var order: [Int] = []
    var position = 0
    let count: Int

    init(elements: [JSON]) {
        self.elements = elements
        count = elements.count
    }

    init(object: JSON.Object, sortedKeys: Bool) {
        self.object = object
        count = object.count
        if sortedKeys { order = KeyOrder.positions(count: count, sorted: true) { object.keys[$0] } }
    }
}
