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

    @inline(__always)
    mutating func writeRaw(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
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
        while index < count {
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

    mutating func write(_ value: JSON) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .number(let number): writeRaw(number.literal)
        case .string(let text): writeString(text)
        case .array(let elements):
            openContainer(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                beginElement(isFirst: position == 0)
                write(element)
            }
            closeContainer(UInt8(ascii: "]"))
        case .object(let object):
            openContainer(UInt8(ascii: "{"))
            var order = Array(object.keys.indices)
            if sortedKeys {
                order.sort { object.keys[$0].utf8.lexicographicallyPrecedes(object.keys[$1].utf8) }
            }
            for (position, member) in order.enumerated() {
                beginElement(isFirst: position == 0)
                writeString(object.keys[member])
                writeKeySeparator()
                write(object.values[member])
            }
            closeContainer(UInt8(ascii: "}"))
        }
    }
}
