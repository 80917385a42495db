import Foundation

/// Appends JSON text to a byte buffer with `JSONEncoder`'s exact layout: `"key" : value` and
/// two-space indentation when pretty, `\/` unless slashes are left alone, and the same
/// control-character escapes.
///
/// The buffer is its own allocation rather than a `[UInt8]`: every value writes straight into
/// room made once for it, where an array's `append` checks uniqueness and capacity (a runtime
/// call) for each byte or run. Noncopyable, as it owns that allocation.
struct JSONWriter: ~Copyable {
    /// The output so far is `count` bytes from `base`, in a `malloc` allocation of `capacity`
    /// bytes and ``slack`` more (so that growing can `realloc` in place, and ``takeData()`` can
    /// hand the bytes to `Data` as they are). Only bytes below `count` are ever read, except
    /// that ``writeString(utf8:)`` reads back a block it has just stored and `writeDecimal`
    /// moves down the digits it has just written into room reserved past `count`.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// Bytes that can be written from `base`.
    private var capacity: Int
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

    /// Room past `capacity` that a block stored at any position below it may cover (see
    /// ``writeString(utf8:)``).
    private static var slack: Int { StringEscapes.Block.scalarCount }

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

    init(formatting: JSONEncoder.OutputFormatting, capacity: Int = 256) {
        pretty = formatting.contains(.prettyPrinted)
        sortedKeys = formatting.contains(.sortedKeys)
        escapesSlashes = !formatting.contains(.withoutEscapingSlashes)
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, byteCount: self.capacity + Self.slack)
    }

    deinit { free(base) }

    func data() -> Data { Data(bytes: base, count: count) }

    /// The output, handed to `Data` without a copy (the allocation shrunk to fit); the writer
    /// starts again empty.
    mutating func takeData() -> Data {
        let written = count
        let bytes = Self.reallocate(base, byteCount: max(written, 1))
        base = Self.reallocate(nil, byteCount: 16 + Self.slack)
        capacity = 16
        count = 0
        return Data(bytesNoCopy: bytes, count: written, deallocator: .free)
    }

    /// `realloc`, which only fails when memory is exhausted (as `allocate` stops the process then).
    private static func reallocate(_ pointer: UnsafeMutablePointer<UInt8>?, byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = realloc(pointer, byteCount) else { preconditionFailure("JSONWriter: out of memory") }
        return raw.bindMemory(to: UInt8.self, capacity: byteCount)
    }

    func string() -> String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    // MARK: The buffer

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        base = Self.reallocate(base, byteCount: newCapacity + Self.slack)
        capacity = newCapacity
    }

    /// The byte at `index` (below `count`).
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "JSONWriter index out of range")
        return base[index]
    }

    /// The written bytes in `range`, valid until the next write.
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSONWriter range out of bounds")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// A copy of the written bytes in `range`.
    func copyBytes(in range: Range<Int>) -> [UInt8] { Array(bytes(in: range)) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count &+= buffer.count
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Forgets everything written from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "JSONWriter truncated past its end")
        count = newCount
    }

    /// Writes `replacement` in place of everything from `start` on.
    mutating func replaceTail(from start: Int, with replacement: [UInt8]) {
        truncate(to: start)
        append(contentsOf: replacement)
    }

    /// A hash of the written bytes in `range`, for finding repeated keys, a word at a time.
    func hash(of range: Range<Int>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: range.count) &* multiplier
        forEachWord(in: range) { word in
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        return hash ^ (hash >> 32)
    }

    /// The bytes in `range` as little-endian words, the last one holding what is left in its
    /// low bytes and zeros above. Reads nothing outside `0..<count`: the last part word is
    /// read as the eight bytes that end where `range` does, shifted down.
    @inline(__always)
    private func forEachWord(in range: Range<Int>, _ body: (UInt64) -> Void) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSONWriter range out of bounds")
        var position = range.lowerBound
        while range.upperBound - position >= 8 {
            body(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian)
            position &+= 8
        }
        let left = range.upperBound - position
        guard left > 0 else { return }
        if range.upperBound >= 8 {
            let word = UnsafeRawPointer(base + range.upperBound - 8).loadUnaligned(as: UInt64.self).littleEndian
            body(word >> (UInt64(truncatingIfNeeded: 8 - left) &* 8))
        } else {
            var word: UInt64 = 0
            for index in 0..<left { word |= UInt64(base[position + index]) << (UInt64(truncatingIfNeeded: index) &* 8) }
            body(word)
        }
    }

    // MARK: Scalars

    @inline(__always)
    mutating func writeASCII(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func writeRaw(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) { return done }
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Writes a quoted string; `true` when it has a byte of 0x80 or more (see
    /// ``writeString(utf8:)``).
    @discardableResult
    mutating func writeString(_ text: String) -> Bool {
        // Borrowed where the text is contiguous (always, for native strings): `withUTF8` needs
        // a mutable copy, which costs a retain and a release per string.
        if let nonASCII = text.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) { return nonASCII }
        var text = text
        return text.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes a quoted string. Sixteen bytes at a time are copied and checked in one go; a
    /// block that holds a byte needing an escape is copied up to that byte, the escape is
    /// written and the copy goes on after it. Less than a block at the end is copied whole
    /// and checked as the block that starts there, whose lanes past the copied bytes are left
    /// out (they lie in the buffer's slack or its unused room).
    ///
    /// Returns whether the text has a byte of 0x80 or more, which the blocks show at the cost
    /// of one `or` each (keys with such bytes may have a second, equivalent spelling).
    @discardableResult
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var remaining = utf8.count
        // Quotes and the text; each escape makes room for its own extra bytes.
        reserve(remaining &+ 2)
        base[count] = UInt8(ascii: "\"")
        count &+= 1
        guard var source = utf8.baseAddress, remaining > 0 else {
            base[count] = UInt8(ascii: "\"")
            count &+= 1
            return false
        }
        let escapes = StringEscapes(slashes: escapesSlashes)
        // Every byte of every block read (lanes past the text are the zeros stored first).
        var seen = StringEscapes.Block()
        while true {
            var output = base + count
            var lane = StringEscapes.width
            while remaining >= StringEscapes.width {
                let block = BlockScan.load(source)
                seen |= block
                UnsafeMutableRawPointer(output).storeBytes(of: block, as: StringEscapes.Block.self)
                lane = escapes.firstEscapedLane(block)
                if lane < StringEscapes.width { break }
                source += StringEscapes.width
                output += StringEscapes.width
                remaining &-= StringEscapes.width
            }
            if lane == StringEscapes.width {
                // Less than a block left: a block is stored first, so that every byte read
                // back has been written (the copy reads no byte past the text).
                UnsafeMutableRawPointer(output).storeBytes(of: StringEscapes.Block(), as: StringEscapes.Block.self)
                copyShort(from: source, to: output, count: remaining)
                let block = BlockScan.load(output)
                seen |= block
                lane = escapes.firstEscapedLane(block)
                if lane >= remaining {
                    count = output + remaining - base
                    base[count] = UInt8(ascii: "\"")
                    count &+= 1
                    return BlockScan.anySet(seen .>= StringEscapes.Block(repeating: 0x80))
                }
            }
            count = output + lane - base
            source += lane
            remaining &-= lane
            // At most six bytes for this one, and the rest of the text and the closing quote.
            reserve(remaining &+ 6)
            writeEscape(of: source.pointee)
            source += 1
            remaining &-= 1
        }
    }

    /// `\` and the escape of `byte`, one that ``StringEscapes`` marks (room made by the caller).
    @inline(__always)
    private mutating func writeEscape(of byte: UInt8) {
        let output = base + count
        output[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output[1] = byte; count &+= 2; return
        case 0x08: output[1] = UInt8(ascii: "b"); count &+= 2; return
        case 0x0C: output[1] = UInt8(ascii: "f"); count &+= 2; return
        case 0x0A: output[1] = UInt8(ascii: "n"); count &+= 2; return
        case 0x0D: output[1] = UInt8(ascii: "r"); count &+= 2; return
        case 0x09: output[1] = UInt8(ascii: "t"); count &+= 2; return
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            output[1] = UInt8(ascii: "u")
            output[2] = UInt8(ascii: "0")
            output[3] = UInt8(ascii: "0")
            output[4] = hexDigits.utf8Start[Int(byte >> 4)]
            output[5] = hexDigits.utf8Start[Int(byte & 0xF)]
            count &+= 6
        }
    }

    /// A finite float in `JSONEncoder`'s spelling (shortest round-trip digits, no trailing
    /// `.0`). The standard library prints floats into a stack buffer and hands it to the
    /// stream's `_writeASCII`, which copies it straight into this buffer: nothing is allocated,
    /// where `description` would allocate a string for every number longer than 15 characters.
    mutating func writeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        let start = count
        reserve(FloatSink.room)
        var sink = FloatSink(destination: base + count)
        value.write(to: &sink)
        if sink.overflowed {
            // Longer than any float's text: not expected, but kept right.
            writeRaw(String(describing: value))
        } else {
            count &+= sink.written
        }
        if count - start >= 2 && base[count - 2] == UInt8(ascii: ".") && base[count - 1] == UInt8(ascii: "0") {
            count &-= 2
        }
    }

    /// Takes a float's text into room made for it in the writer's buffer. Nothing in it needs
    /// releasing, and short texts are copied in a few word moves rather than a `memmove` call.
    private struct FloatSink: TextOutputStream {
        /// More than the longest text of a `Double` or `Float` (`-2.2250738585072014e-308`).
        static var room: Int { 48 }
        let destination: UnsafeMutablePointer<UInt8>
        var written = 0
        /// The text did not fit in ``room``; the caller writes it another way.
        var overflowed = false

        init(destination: UnsafeMutablePointer<UInt8>) {
            self.destination = destination
        }

        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { _writeASCII($0) }
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let source = buffer.baseAddress else { return }
            guard !overflowed, Self.room - written >= buffer.count else {
                overflowed = true
                return
            }
            copyShort(from: source, to: destination + written, count: buffer.count)
            written += buffer.count
        }
    }

    mutating func writeBool(_ value: Bool) {
        if value { writeASCII("true") } else { writeASCII("false") }
    }

    mutating func writeNull() { writeASCII("null") }

    /// An integer in decimal. Up to 64 bits, the digits go straight into the buffer, two at a
    /// time; wider integers take the standard library's text.
    @inline(__always)
    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if value >= 0 && value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        guard T.bitWidth <= 64 else { return writeRaw(String(value)) }
        if value < 0 {
            append(UInt8(ascii: "-"))
            // The magnitude of `T.min` is one more than `T.max`: it still fits 64 bits unsigned.
            writeDecimal(UInt64(truncatingIfNeeded: 0 &- Int64(truncatingIfNeeded: value)))
        } else {
            writeDecimal(UInt64(truncatingIfNeeded: value))
        }
    }

    /// `value`'s decimal digits, written from the last one back, two at a time, at the end of
    /// the 20 bytes past the output (room for the longest), then moved down to the output:
    /// one pass, where counting the digits first took a second one.
    private mutating func writeDecimal(_ value: UInt64) {
        reserve(20)
        let end = base + count + 20
        var position = end
        var rest = value
        let pairs: StaticString = Self.digitPairs
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = pairs.utf8Start[pair]
            position[1] = pairs.utf8Start[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(rest) &* 2
            position -= 2
            position[0] = pairs.utf8Start[pair]
            position[1] = pairs.utf8Start[pair &+ 1]
        } else {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        let digits = end - position
        // Moving down: `copyShort` reads both words before it writes.
        copyShort(from: position, to: base + count, count: digits)
        count &+= digits
    }

    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    // MARK: Layout

    mutating func writeIndent() {
        guard depth > 0 else { return }
        reserve(depth * 2)
        (base + count).update(repeating: UInt8(ascii: " "), count: depth * 2)
        count &+= depth * 2
    }

    /// Opens `[` or `{`; the matching `closeContainer` needs the element count for the layout
    /// of empty containers.
    mutating func openContainer(_ bracket: UInt8) {
        append(bracket)
        depth += 1
        if depth > deepestDepth { deepestDepth = depth }
        if pretty { append(UInt8(ascii: "\n")) }
    }

    /// Before each element: the separator and, when pretty, the indentation.
    mutating func beginElement(isFirst: Bool) {
        if !isFirst {
            append(UInt8(ascii: ","))
            if pretty { append(UInt8(ascii: "\n")) }
        }
        if pretty { writeIndent() }
    }

    mutating func writeKeySeparator() {
        if pretty { writeASCII(" : ") } else { append(UInt8(ascii: ":")) }
    }

    /// `{}` with the layout `JSONEncoder` gives an empty object (a blank line when pretty).
    mutating func writeEmptyObject() {
        openContainer(UInt8(ascii: "{"))
        closeContainer(UInt8(ascii: "}"))
    }

    mutating func closeContainer(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            append(UInt8(ascii: "\n"))
            writeIndent()
        }
        append(bracket)
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
            number.withUTF8 { append(contentsOf: $0) }
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

/// Finds the bytes of a string's UTF-8 that JSON text cannot hold as they are, sixteen at a
/// time: control bytes, `"`, `\\` and, unless left alone, `/`. Bytes of 0x80 and more are
/// written as they are, as `JSONEncoder` writes them.
struct StringEscapes {
    typealias Block = BlockScan.Block

    static var width: Int { BlockScan.width }

    /// `/` when slashes are escaped; otherwise `"` again, which costs the same and finds
    /// nothing new.
    private let slash: UInt8

    init(slashes: Bool) {
        slash = slashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
    }

    /// The first lane of `block` holding a byte to escape, or ``width``.
    @inline(__always)
    func firstEscapedLane(_ block: Block) -> Int {
        let escaped =
            (block .< Block(repeating: 0x20))
            .| (block .== Block(repeating: UInt8(ascii: "\"")))
            .| (block .== Block(repeating: UInt8(ascii: "\\")))
            .| (block .== Block(repeating: slash))
        return BlockScan.firstSetLane(escaped)
    }
}

/// Copies `count` bytes (at most 32 take the quick way) as two words that may overlap, each
/// read from inside the source: no call for the short runs a number's text is. Both words are
/// read before either is written, and fewer than four bytes go first to last, so a copy to
/// a lower address may overlap its source.
@inline(__always)
func copyShort(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
    switch count {
    case 16...32:
        let head = from.loadUnaligned(as: SIMD16<UInt8>.self), tail = from.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
        to.storeBytes(of: head, as: SIMD16<UInt8>.self)
        to.storeBytes(of: tail, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
    case 8..<16:
        let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
        let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
        for index in 0..<count { destination[index] = source[index] }
    case 0:
        return
    default:
        destination.update(from: source, count: count)
    }
}
