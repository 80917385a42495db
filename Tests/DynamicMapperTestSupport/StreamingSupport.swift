import Foundation

/// Byte chunks handed out one by one, as a network or file source would: the streaming tests
/// feed the same bytes through every route cut in different places.
public struct ChunkSequence: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public let chunks: [[UInt8]]
    /// Counts the chunks taken, to show that pulling drives reading.
    public let counter: PullCounter?

    public init(_ chunks: [[UInt8]], counter: PullCounter? = nil) {
        self.chunks = chunks
        self.counter = counter
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks, counter: counter)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var chunks: [[UInt8]]
        var index = 0
        let counter: PullCounter?

        public mutating func next() async throws -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            counter?.increment()
            return chunks[index]
        }
    }
}

/// The bytes of `data`, one at a time.
public struct ByteSequence: AsyncSequence, Sendable {
    public typealias Element = UInt8
    public let data: [UInt8]

    public init(_ data: Data) {
        self.data = Array(data)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(data: data)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let data: [UInt8]
        var index = 0

        public mutating func next() async throws -> UInt8? {
            guard index < data.count else { return nil }
            defer { index += 1 }
            return data[index]
        }
    }
}

/// `prefix` once, then `repeated` forever: a source that never ends, for cancellation.
public struct EndlessSequence: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public let prefix: [UInt8]
    public let repeated: [UInt8]

    public init(prefix: String, repeated: String) {
        self.prefix = Array(prefix.utf8)
        self.repeated = Array(repeated.utf8)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(prefix: prefix, repeated: repeated)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let prefix: [UInt8]
        let repeated: [UInt8]
        var started = false

        public mutating func next() async throws -> [UInt8]? {
            if !started {
                started = true
                return prefix
            }
            await Task.yield()
            return repeated
        }
    }
}

/// A count shared with a test.
public final class PullCounter: @unchecked Sendable {
    // @unchecked: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0

    public init() {}

    public func increment() {
        lock.withLock { count += 1 }
    }

    public var value: Int { lock.withLock { count } }
}

/// `data` cut at random places into chunks of 1 to `maximum` bytes.
public func randomChunks(of data: Data, maximum: Int, using random: inout SeededRandom) -> [[UInt8]] {
    let bytes = Array(data)
    var chunks: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + Int.random(in: 1...max(1, maximum), using: &random))
        chunks.append(Array(bytes[start..<end]))
        start = end
    }
    return chunks
}

/// A file holding `data` in the temporary folder, removed by the caller.
public func temporaryFile(_ data: Data, name: String = UUID().uuidString) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dm-stream-\(name).json")
    try data.write(to: url)
    return url
}

/// A large top-level array made on the fly, never held: `count` strings of `length` bytes,
/// handed out in 64 KiB chunks.
public struct GeneratedArray: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public let count: Int
    public let length: Int

    public init(count: Int, length: Int) {
        self.count = count
        self.length = length
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(count: count, element: Array(("\"" + String(repeating: "x", count: length) + "\"").utf8))
    }

    public struct Iterator: AsyncIteratorProtocol {
        let count: Int
        let element: [UInt8]
        var written = -1
        var offset = 0

        public mutating func next() async throws -> [UInt8]? {
            if written == -1 {
                written = 0
                return Array("[".utf8)
            }
            guard written < count else {
                if written == count {
                    written += 1
                    return Array("]".utf8)
                }
                return nil
            }
            let end = Swift.min(element.count, offset + 65_536)
            var chunk = Array(element[offset..<end])
            offset = end
            if offset == element.count {
                offset = 0
                written += 1
                if written < count { chunk.append(UInt8(ascii: ",")) }
            }
            return chunk
        }
    }
}

/// This process's resident memory now, in bytes, where the platform says (Linux); nil elsewhere.
public func residentMemory() -> Int? {
    #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
}
