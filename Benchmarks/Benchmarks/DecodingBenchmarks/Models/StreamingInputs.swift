// The inputs of the streaming benchmarks (StreamingBenchmarks.swift): kept here, without the
// benchmark library, so that CallgrindProbe counts the same operations on the same bytes.

import DynamicMapper
import Foundation

// Every stored property of `Status` (and of the values it holds) is a `let`: a decoded status
// can be handed from the task that made it to another.
extension Status: @unchecked Sendable {}

/// Byte chunks handed out in turn, the shape an HTTP body arrives in.
struct ByteChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let chunks: [ArraySlice<UInt8>]

    init(_ data: Data, chunkSize: Int = 64 * 1024) {
        let bytes = [UInt8](data)
        chunks = stride(from: 0, to: bytes.count, by: chunkSize).map { bytes[$0..<Swift.min(bytes.count, $0 + chunkSize)] }
    }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [ArraySlice<UInt8>]
        var index = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// The statuses of twitter.json, each serialized on one line.
func statusLines(_ data: Data) throws -> [Data] {
    guard case .array(let statuses)? = try JSON(parsing: data)["statuses"] else { throw CocoaError(.coderReadCorrupt) }
    return statuses.map { $0.serialized() }
}

/// The lines repeated until the text has at least `size` bytes, joined by `separator` and
/// closed by `close`.
func repeated(_ lines: [Data], size: Int, open: String = "", separator: String, close: String = "") -> (data: Data, count: Int) {
    var data = Data(open.utf8)
    var count = 0
    while data.count < size {
        for line in lines {
            if count > 0 { data.append(contentsOf: separator.utf8) }
            data.append(line)
            count += 1
        }
    }
    data.append(contentsOf: close.utf8)
    return (data, count)
}
