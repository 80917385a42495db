import Foundation

/// Finds the elements of the array at a path of keys and indexes, one at a time, in bytes that
/// arrive in pieces.
///
/// The framer reads the structure around the elements strictly (the objects and arrays on the
/// path, their keys, colons and commas, the array's commas, nothing but whitespace after the document),
/// and inside a value only what it needs to find its end: strings (with escapes) and nesting
/// depth. Every byte is looked at once, wherever the chunks are cut: all the state lives in
/// the struct. The element's bytes then go to the strict scanner, which checks the rest.
/// Values beside the path (other keys, other elements) are checked for balance only, not
/// parsed, and are dropped as they are read.
struct ArrayFramer {
    /// One step of the path to the array: a key, or a non-negative index.
    enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    private let steps: [Step]
    private let maximumDepth: Int
    private let maximumElementSize: Int

    private enum State: Equatable {
        case topValue
        case keyOrClose, key, inKey
        case colon(matched: Bool)
        case memberValue(matched: Bool)
        case memberCommaOrClose
        /// Inside an array on the path, before the element its index step names.
        case pathElementOrClose, pathElement, pathCommaOrClose
        case elementOrClose, element, inElement
        case elementCommaOrClose
        case skipping
        case trailing
        case finished
    }

    /// Where a value's end is looked for, across calls.
    private struct ValueScan {
        var depth = 0
        var inString = false
        var escaped = false
        var scalar = false
        var special = false
    }

    private var state = State.topValue
    /// Absolute offset of the next byte to look at.
    private var pos = 0
    /// Line of `pos`.
    private var line = 1
    /// Absolute offset of the first byte of `line`.
    private var lineStart = 0
    /// How many containers on the path are open.
    private var level = 0
    /// Whether each open container on the path is an array (else an object).
    private var openArrays: [Bool] = []
    /// The index of the next element of the innermost array on the path.
    private var pathIndex = 0
    /// Whether the array has been read to its end: later keys never match.
    private var done = false
    private var nextIndex = 0
    private var tokenStart = 0
    private var tokenLine = 1
    private var tokenLineStart = 0
    private var value = ValueScan()

    init(path: [Step], maximumDepth: Int, maximumElementSize: Int) {
        steps = path
        self.maximumDepth = maximumDepth
        self.maximumElementSize = max(1, maximumElementSize)
    }

    mutating func next(in window: ByteWindow) throws(JSONStreamError) -> FrameStep {
        let atEnd = window.atEnd
        return try window.withBytes { (bytes, base) throws(JSONStreamError) -> FrameStep in
            try run(bytes, base: base, atEnd: atEnd)
        }
    }

    private func error(_ kind: JSONStreamError.Kind, _ message: String, element: Int? = nil) -> JSONStreamError {
        JSONStreamError(
            kind: kind, elementIndex: element, offset: pos, line: line, column: pos - lineStart + 1, message: message,
            underlyingError: nil)
    }

    private func unexpected(_ byte: UInt8, expecting: String) -> JSONStreamError {
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return error(.malformedStream, "Unexpected \(shown) where \(expecting) was expected")
    }

    /// The next byte that is not whitespace, counting lines on the way; nil when the window
    /// has no more.
    private mutating func peek(_ bytes: UnsafeBufferPointer<UInt8>, base: Int) -> UInt8? {
        var index = pos - base
        while index < bytes.count {
            let byte = bytes[index]
            if !Bytes.isWhitespace(byte) {
                pos = base + index
                return byte
            }
            index += 1
            if byte == Bytes.newline {
                line += 1
                lineStart = base + index
            }
        }
        pos = base + bytes.count
        return nil
    }

    private mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, atEnd: Bool) throws(JSONStreamError) -> FrameStep {
        while true {
            switch state {
            case .finished:
                return .finished

            case .inElement, .skipping:
                let complete = try scanValue(bytes, base: base, atEnd: atEnd)
                if state == .inElement {
                    // Checked whether or not the element is complete, so the limit does not
                    // depend on how the input was cut.
                    if pos - tokenStart > maximumElementSize {
                        pos = tokenStart
                        line = tokenLine
                        lineStart = tokenLineStart
                        throw error(.limitExceeded, "Element larger than the maximum of \(maximumElementSize) bytes", element: nextIndex)
                    }
                    guard complete else { return .needMore(keepFrom: tokenStart) }
                    let frame = Frame(
                        range: tokenStart..<pos, index: nextIndex, line: tokenLine,
                        column: tokenStart - tokenLineStart + 1)
                    nextIndex += 1
                    state = .elementCommaOrClose
                    return .frame(frame)
                }
                guard complete else { return .needMore(keepFrom: pos) }
                state = afterValue

            case .inKey:
                var index = pos - base
                var found = false
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if value.escaped {
                        value.escaped = false
                    } else if byte == Bytes.backslash {
                        value.escaped = true
                        value.special = true
                    } else if byte == Bytes.quote {
                        found = true
                        break
                    } else if byte >= 0x80 {
                        value.special = true
                    }
                }
                pos = base + index
                if pos - tokenStart > maximumElementSize {
                    pos = tokenStart
                    throw error(.limitExceeded, "Key larger than the maximum of \(maximumElementSize) bytes")
                }
                guard found else {
                    if atEnd { throw error(.malformedStream, "Unexpected end of input inside a key") }
                    return .needMore(keepFrom: tokenStart)
                }
                let start = tokenStart - base
                let end = pos - base
                let key: String
                if value.special {
                    // Escapes and non-ASCII go through the strict scanner: a key on the path is
                    // compared as decoded text, and invalid UTF-8 is rejected as it would be in memory.
                    let quoted = Data(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    guard let decoded = try? DynamicJSONDecoder().decode(String.self, from: quoted) else {
                        pos = tokenStart
                        throw error(.malformedStream, "Invalid key string")
                    }
                    key = decoded
                } else {
                    key = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
                }
                let matched = !done && level >= 1 && level <= steps.count && steps[level - 1] == .key(key)
                state = .colon(matched: matched)

            default:
                if state == .topValue, pos == 0 {
                    // A UTF-8 byte order mark is dropped, as the whole-document decode drops it.
                    guard let start = ByteOrderMark.contentStart(bytes, base: base, atEnd: atEnd) else { return .needMore(keepFrom: 0) }
                    (pos, lineStart) = (start, start)
                }
                guard let byte = peek(bytes, base: base) else {
                    if atEnd {
                        if state == .trailing {
                            state = .finished
                            return .finished
                        }
                        throw error(.malformedStream, "Unexpected end of input")
                    }
                    return .needMore(keepFrom: pos)
                }
                try structural(byte)
            }
        }
    }

    /// What follows a value inside the innermost open container on the path.
    private var afterValue: State {
        guard let isArray = openArrays.last else { return .trailing }
        return isArray ? .pathCommaOrClose : .memberCommaOrClose
    }

    /// The path up to `count` steps, for messages: `data.items[2]`.
    private func pathText(_ count: Int) -> String {
        Path(
            steps.prefix(count).map { step -> Path.Component in
                switch step {
                case .key(let key): return .key(key)
                case .index(let index): return .index(index)
                }
            }
        ).description
    }

    /// A member's value or an element around the path's target: entered when the path goes
    /// through it (`onPath`), else scanned over as a value; keys and indexes both end here.
    private mutating func beginMemberOrElement(_ byte: UInt8, onPath: Bool) throws(JSONStreamError) {
        if onPath {
            try enterPathValue(byte)
        } else {
            try beginValue(byte, element: false)
        }
    }

    /// The value the path leads into at `level`: the array itself after the last step, else the
    /// container the next step needs.
    private mutating func enterPathValue(_ byte: UInt8) throws(JSONStreamError) {
        if level == steps.count {
            guard byte == UInt8(ascii: "[") else {
                throw error(.arrayNotFound, steps.isEmpty ? "The document is not an array" : "The value at '\(pathText(level))' is not an array")
            }
            pos += 1
            state = .elementOrClose
            return
        }
        // A key step needs an object and an index step an array; the check and its message are
        // the same for both but for these words.
        let (isArray, container, missing): (Bool, String, String) =
            switch steps[level] {
            case .key(let key): (false, "an object", "key '\(key)'")
            case .index(let index): (true, "an array", "element \(index)")
            }
        guard byte == (isArray ? UInt8(ascii: "[") : UInt8(ascii: "{")) else {
            throw error(
                .arrayNotFound,
                level == 0
                    ? "The document is not \(container), so it has no \(missing)"
                    : "The value at '\(pathText(level))' is not \(container)")
        }
        openArrays.append(isArray)
        if isArray {
            pathIndex = 0
            state = .pathElementOrClose
        } else {
            state = .keyOrClose
        }
        pos += 1
        level += 1
    }

    /// One byte of the structure around the elements.
    private mutating func structural(_ byte: UInt8) throws(JSONStreamError) {
        switch state {
        case .topValue:
            try enterPathValue(byte)

        case .keyOrClose, .key:
            if byte == Bytes.quote {
                tokenStart = pos
                pos += 1
                value = ValueScan()
                state = .inKey
            } else if byte == UInt8(ascii: "}"), state == .keyOrClose {
                try closePathContainer()
            } else {
                throw unexpected(byte, expecting: "a key")
            }

        case .colon(let matched):
            guard byte == UInt8(ascii: ":") else { throw unexpected(byte, expecting: "':'") }
            pos += 1
            state = .memberValue(matched: matched)

        case .memberValue(let matched):
            try beginMemberOrElement(byte, onPath: matched)

        case .memberCommaOrClose:
            try commaOrClose(byte, close: UInt8(ascii: "}"), next: .key)

        case .pathElementOrClose, .pathElement:
            if byte == UInt8(ascii: "]"), state == .pathElementOrClose {
                try closePathContainer()
            } else {
                let matched = !done && steps[level - 1] == .index(pathIndex)
                pathIndex += 1
                try beginMemberOrElement(byte, onPath: matched)
            }

        case .pathCommaOrClose:
            try commaOrClose(byte, close: UInt8(ascii: "]"), next: .pathElement)

        case .elementOrClose, .element:
            if byte == UInt8(ascii: "]"), state == .elementOrClose {
                closeArray()
            } else {
                try beginValue(byte, element: true)
            }

        case .elementCommaOrClose:
            if byte == UInt8(ascii: ",") {
                pos += 1
                state = .element
            } else if byte == UInt8(ascii: "]") {
                closeArray()
            } else {
                throw unexpected(byte, expecting: "',' or ']' after element \(nextIndex - 1)")
            }

        case .trailing:
            throw error(.malformedStream, "Unexpected bytes after the document")

        case .inKey, .inElement, .skipping, .finished:
            break
        }
    }

    /// After a value in a container on the path: a comma and the `next` member or element, or
    /// the container's end.
    private mutating func commaOrClose(_ byte: UInt8, close: UInt8, next: State) throws(JSONStreamError) {
        if byte == UInt8(ascii: ",") {
            pos += 1
            state = next
        } else if byte == close {
            try closePathContainer()
        } else {
            throw unexpected(byte, expecting: "',' or '\(Character(Unicode.Scalar(close)))'")
        }
    }

    /// Closes the innermost object or array on the path; before the streamed array was read,
    /// the step it needed is missing.
    private mutating func closePathContainer() throws(JSONStreamError) {
        guard done else {
            switch steps[level - 1] {
            case .key(let key):
                throw error(.arrayNotFound, "No key '\(key)' in the object at '\(pathText(level - 1))'")
            case .index(let index):
                throw error(.arrayNotFound, "No element \(index) in the array at '\(pathText(level - 1))' of \(pathIndex) elements")
            }
        }
        pos += 1
        level -= 1
        openArrays.removeLast()
        state = afterValue
    }

    private mutating func closeArray() {
        pos += 1
        done = true
        state = afterValue
    }

    private mutating func beginValue(_ byte: UInt8, element: Bool) throws(JSONStreamError) {
        value = ValueScan()
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            value.depth = 1
        case Bytes.quote:
            value.inString = true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            value.scalar = true
        default:
            throw unexpected(byte, expecting: element ? "an element" : "a value")
        }
        tokenStart = pos
        tokenLine = line
        tokenLineStart = lineStart
        pos += 1
        state = element ? .inElement : .skipping
    }

    /// Looks for the end of the current value; true when `pos` is just past it.
    private mutating func scanValue(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, atEnd: Bool) throws(JSONStreamError) -> Bool {
        var index = pos - base
        let count = bytes.count
        if value.scalar {
            while index < count {
                let byte = bytes[index]
                if Bytes.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    pos = base + index
                    return true
                }
                index += 1
            }
            pos = base + count
            return atEnd
        }
        var depth = value.depth
        var inString = value.inString
        var escaped = value.escaped
        while index < count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == Bytes.quote {
                    inString = false
                    if depth == 0 { break }
                } else if byte == Bytes.backslash {
                    escaped = true
                } else {
                    // Most of a document is string contents: run through them in a tight loop.
                    while index < count {
                        let next = bytes[index]
                        if next == Bytes.quote || next == Bytes.backslash { break }
                        index += 1
                    }
                }
                continue
            }
            switch byte {
            case Bytes.quote:
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maximumDepth {
                    pos = base + index - 1
                    throw error(
                        .limitExceeded, "Nested deeper than the maximum depth of \(maximumDepth)",
                        element: state == .inElement ? nextIndex : nil)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case Bytes.newline:
                line += 1
                lineStart = base + index
            default:
                break
            }
            if depth == 0 { break }
        }
        value.depth = depth
        value.inString = inString
        value.escaped = escaped
        pos = base + index
        if depth == 0 && !inString { return true }
        if atEnd {
            throw error(
                .malformedStream, "Unexpected end of input inside \(state == .inElement ? "an element" : "a value")",
                element: state == .inElement ? nextIndex : nil)
        }
        return false
    }
}
