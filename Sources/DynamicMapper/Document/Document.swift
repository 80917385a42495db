import Foundation

/// Parsed JSON: an owned UTF-8 copy of the input plus the flat node index over it.
///
/// Immutable once built and shared by reference between everything that reads it (decoder,
/// views, materialised values), so one parse serves them all.
final class Document: @unchecked Sendable {
    // @unchecked: both buffers are written only during `init` and freed only in `deinit`.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let nodes: UnsafeMutableBufferPointer<Node>
    /// Parsed with JSON5 extensions, so raw string bytes may hold escapes JSON lacks.
    let isJSON5: Bool

    /// Parses `data`. A document that will be kept (``JSONDocument``, a view, a dynamic model's
    /// decode) asks for `fittedNodes`: its node index then takes only the memory its nodes
    /// need (see ``NodeBuffer``), at the cost of one copy of them.
    convenience init(data: Data, options: ScanOptions, fittedNodes: Bool = false) throws(DecodingError) {
        let input: UnsafeMutableBufferPointer<UInt8>
        do {
            input = try InputEncoding.utf8Copy(of: data)
        } catch {
            throw error.decodingError
        }
        try self.init(owning: input, options: options, fittedNodes: fittedNodes)
    }

    /// Parses a copy of `bytes` (a streamed element, read where it lies in the stream's
    /// window: the copy the document owns is the only one made).
    convenience init(copying bytes: ArraySlice<UInt8>, options: ScanOptions, fittedNodes: Bool = false) throws(DecodingError) {
        // The slice's buffer is lent for the copy only; nothing keeps a pointer into it.
        let copied = bytes.withUnsafeBufferPointer { InputEncoding.utf8Copy(of: $0) }
        let input: UnsafeMutableBufferPointer<UInt8>
        do {
            input = try copied.get()
        } catch {
            throw error.decodingError
        }
        try self.init(owning: input, options: options, fittedNodes: fittedNodes)
    }

    /// Parses `input`, which the document owns from here on (and frees if parsing fails).
    private init(owning input: UnsafeMutableBufferPointer<UInt8>, options: ScanOptions, fittedNodes: Bool) throws(DecodingError) {
        guard input.count <= Int(UInt32.max) else {
            input.deallocate()
            throw JSONSyntaxError(.inputTooLarge, reason: "Input larger than 4 GiB", line: 1, column: 1, offset: 0).decodingError
        }
        do {
            switch (options.allowsJSON5, options.scansByteByByte) {
            case (false, false): nodes = try Self.scan(input, options: options, as: StrictJSON.self, fitted: fittedNodes)
            case (true, false): nodes = try Self.scan(input, options: options, as: JSON5.self, fitted: fittedNodes)
            case (false, true): nodes = try Self.scan(input, options: options, as: ByteByByte<StrictJSON>.self, fitted: fittedNodes)
            case (true, true): nodes = try Self.scan(input, options: options, as: ByteByByte<JSON5>.self, fitted: fittedNodes)
            }
        } catch {
            input.deallocate()
            throw error.decodingError
        }
        bytes = input
        isJSON5 = options.allowsJSON5
        checkInvariants()
        if options.rejectsDuplicateKeys, let duplicate = duplicateKeyError() {
            throw duplicate.decodingError
        }
    }

    private static func scan<Mode: ScanMode>(
        _ input: UnsafeMutableBufferPointer<UInt8>, options: ScanOptions, as mode: Mode.Type, fitted: Bool
    ) throws(JSONSyntaxError) -> UnsafeMutableBufferPointer<Node> {
        // The scanner borrows `input` (its pointers must not outlive this call; `input` stays
        // the caller's to keep or free) and owns the nodes until `take(exact:)` hands them over.
        var scanner = JSONScanner<Mode>(bytes: UnsafeBufferPointer(input), options: options)
        try scanner.scan()
        return scanner.nodes.take(exact: fitted)
    }

    /// The nodes for the decoder's hot path; see ``NodeTape`` for how long it may be used.
    var tape: NodeTape { NodeTape(nodes) }

    deinit {
        bytes.deallocate()
        NodeBuffer.release(nodes)
    }
}

/// A non-owning view of a document's nodes: a read costs what a read through a raw pointer
/// costs, and is bounds-checked in debug builds.
///
/// Lifetime: valid only while the ``Document`` it came from lives, and it does not keep that
/// document alive. Store one only next to a strong reference to its document
/// (`DecoderImpl.document`), never on its own.
struct NodeTape {
    private let base: UnsafePointer<Node>
    private let count: Int

    fileprivate init(_ nodes: UnsafeMutableBufferPointer<Node>) {
        base = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        count = nodes.count
    }

    subscript(index: Int) -> Node {
        @inline(__always) get {
            assert(index >= 0 && index < count, "node \(index) outside the document's 0..<\(count)")
            return base[index]
        }
    }
}
