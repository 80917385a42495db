import Foundation

/// Frames records that end at a delimiter byte: a line feed for JSON Lines, a record
/// separator (0x1E) for RFC 7464 JSON text sequences. Blank records (whitespace only, CRLF
/// included) are skipped; the last record needs no delimiter. The search resumes where it
/// stopped, so a long record costs the same wherever the chunks are cut.
struct DelimitedFramer {
    private let delimiter: UInt8
    private let maximumElementSize: Int
    /// Absolute offset where the current record starts.
    private var recordStart = 0
    /// Absolute offset of the next byte to look at.
    private var pos = 0
    /// Line of `recordStart`.
    private var line = 1
    /// Absolute offset of the first byte of `line`.
    private var lineStart = 0
    private var nextIndex = 0
    private var finished = false

    init(delimiter: UInt8, maximumElementSize: Int) {
        self.delimiter = delimiter
        self.maximumElementSize = max(1, maximumElementSize)
    }

    mutating func next(in window: ByteWindow) throws(JSONStreamError) -> FrameStep {
        let atEnd = window.atEnd
        return try window.withBytes { (bytes, base) throws(JSONStreamError) -> FrameStep in
            while !finished {
                let index = ScanBytes.firstIndex(of: delimiter, in: bytes, from: pos - base)
                let found = index < bytes.count
                pos = base + index
                if !found {
                    if pos - recordStart > maximumElementSize { throw tooLong() }
                    guard atEnd else { return .needMore(keepFrom: recordStart) }
                    finished = true
                }
                if pos - recordStart > maximumElementSize { throw tooLong() }
                // The record is [recordStart, pos); find its first byte that is not whitespace,
                // counting the line feeds before it.
                var start = recordStart - base
                var startLine = line
                var startLineStart = lineStart
                while start < index, Bytes.isWhitespace(bytes[start]) {
                    start += 1
                    if bytes[start - 1] == Bytes.newline {
                        startLine += 1
                        startLineStart = base + start
                    }
                }
                var frame: Frame?
                if start < index {
                    frame = Frame(
                        range: (base + start)..<pos, index: nextIndex, line: startLine,
                        column: base + start - startLineStart + 1)
                    nextIndex += 1
                }
                // Lines of the record past its start (multi-line texts of RFC 7464), and the delimiter.
                if delimiter == Bytes.newline {
                    // A JSON Lines record holds no line feed: the next record is on the next line.
                    if found {
                        line += 1
                        lineStart = pos + 1
                    }
                } else {
                    var scan = start
                    line = startLine
                    lineStart = startLineStart
                    while scan < index {
                        scan += 1
                        if bytes[scan - 1] == Bytes.newline {
                            line += 1
                            lineStart = base + scan
                        }
                    }
                }
                if found { pos += 1 }
                recordStart = pos
                if let frame { return .frame(frame) }
            }
            return .finished
        }
    }

    private func tooLong() -> JSONStreamError {
        JSONStreamError(
            kind: .limitExceeded, elementIndex: nextIndex, offset: recordStart, line: line, column: recordStart - lineStart + 1,
            message: "Record longer than the maximum of \(maximumElementSize) bytes", underlyingError: nil)
    }
}

/// Frames server-sent events (the WHATWG `text/event-stream` format): `data:` lines joined
/// with line feeds, `event:`, `id:` and `retry:` fields, `:` comments, lines ending in LF, CR
/// or CRLF, an event dispatched by a blank line. An event without data is not dispatched; an
/// unfinished event at the end of the stream is dropped, as the format says.
struct EventFramer {
    private let maximumElementSize: Int
    private let terminator: [UInt8]?
    private var lineStart = 0
    private var pos = 0
    private var line = 1
    /// A CR ended the last line: a LF right after it belongs to it.
    private var afterCR = false
    private var data: [UInt8] = []
    private var hasData = false
    private var event: String?
    private var id: String?
    private var retry: Int?
    private var eventStart = 0
    private var eventLine = 1
    private var nextIndex = 0
    private var finished = false

    init(maximumElementSize: Int, terminator: String?) {
        self.maximumElementSize = max(1, maximumElementSize)
        self.terminator = terminator.map { Array($0.utf8) }
    }

    mutating func next(in window: ByteWindow) throws(JSONStreamError) -> FrameStep {
        let atEnd = window.atEnd
        return try window.withBytes { (bytes, base) throws(JSONStreamError) -> FrameStep in
            if pos == 0 {
                // The format drops a leading UTF-8 byte order mark.
                guard let start = ByteOrderMark.contentStart(bytes, base: base, atEnd: atEnd) else { return .needMore(keepFrom: 0) }
                (pos, lineStart) = (start, start)
            }
            while !finished {
                var index = pos - base
                if afterCR, index < bytes.count {
                    afterCR = false
                    if bytes[index] == Bytes.newline {
                        index += 1
                        lineStart = base + index
                    }
                }
                while index < bytes.count, bytes[index] != Bytes.newline, bytes[index] != Bytes.carriageReturn { index += 1 }
                pos = base + index
                guard index < bytes.count else {
                    if pos - lineStart > maximumElementSize {
                        throw JSONStreamError(
                            kind: .limitExceeded, elementIndex: nextIndex, offset: lineStart, line: line, column: 1,
                            message: "Line longer than the maximum of \(maximumElementSize) bytes", underlyingError: nil)
                    }
                    if atEnd {
                        finished = true
                        return .finished
                    }
                    return .needMore(keepFrom: lineStart)
                }
                if pos - lineStart > maximumElementSize {
                    throw JSONStreamError(
                        kind: .limitExceeded, elementIndex: nextIndex, offset: lineStart, line: line, column: 1,
                        message: "Line longer than the maximum of \(maximumElementSize) bytes", underlyingError: nil)
                }
                let lineBytes = UnsafeBufferPointer(rebasing: bytes[(lineStart - base)..<index])
                afterCR = bytes[index] == Bytes.carriageReturn
                let thisLine = line
                let thisStart = lineStart
                pos += 1
                lineStart = pos
                line += 1
                if let frame = try field(lineBytes, line: thisLine, offset: thisStart) { return .frame(frame) }
            }
            return .finished
        }
    }

    /// One line of the stream; a frame when it dispatches an event.
    private mutating func field(_ text: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) throws(JSONStreamError) -> Frame? {
        if text.isEmpty {
            defer {
                data.removeAll(keepingCapacity: true)
                hasData = false
                event = nil
                retry = nil
            }
            guard hasData else { return nil }
            if let terminator, trimmed(data).elementsEqual(terminator) {
                finished = true
                return nil
            }
            let frame = Frame(
                range: eventStart..<eventStart, index: nextIndex, line: eventLine, owned: data, assembled: true,
                event: event, id: id, retry: retry)
            nextIndex += 1
            return frame
        }
        if text[0] == UInt8(ascii: ":") { return nil }
        let colon = text.firstIndex(of: UInt8(ascii: ":")) ?? text.count
        let name = UnsafeBufferPointer(rebasing: text[..<colon])
        var valueStart = min(colon + 1, text.count)
        if valueStart < text.count, text[valueStart] == 0x20 { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: text[valueStart...])
        if name.elementsEqual("data".utf8) {
            if !hasData {
                eventStart = offset
                eventLine = line
            } else {
                data.append(Bytes.newline)
            }
            hasData = true
            data.append(contentsOf: value)
            if data.count > maximumElementSize {
                throw JSONStreamError(
                    kind: .limitExceeded, elementIndex: nextIndex, offset: eventStart, line: eventLine, column: 1,
                    message: "Event data longer than the maximum of \(maximumElementSize) bytes", underlyingError: nil)
            }
        } else if name.elementsEqual("event".utf8) {
            event = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) { id = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        }
        return nil
    }

    private func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        while let first = slice.first, Bytes.isWhitespace(first) { slice.removeFirst() }
        while let last = slice.last, Bytes.isWhitespace(last) { slice.removeLast() }
        return slice
    }
}
