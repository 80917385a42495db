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

    init(data: Data, options: ScanOptions) throws(DecodingError) {
        let input: UnsafeMutableBufferPointer<UInt8>
        do {
            input = try InputEncoding.utf8Copy(of: data)
        } catch {
            throw error.decodingError
        }
        guard input.count <= Int(UInt32.max) else {
            input.deallocate()
            throw JSONSyntaxError(reason: "Input larger than 4 GiB", line: 1, column: 1, offset: 0).decodingError
        }
        do {
            switch (options.allowsJSON5, options.scansByteByByte) {
            case (false, false): nodes = try Self.scan(input, options: options, as: StrictJSON.self)
            case (true, false): nodes = try Self.scan(input, options: options, as: JSON5.self)
            case (false, true): nodes = try Self.scan(input, options: options, as: ByteByByte<StrictJSON>.self)
            case (true, true): nodes = try Self.scan(input, options: options, as: ByteByByte<JSON5>.self)
            }
        } catch {
            input.deallocate()
            throw error.decodingError
        }
        bytes = input
        isJSON5 = options.allowsJSON5
        if options.rejectsDuplicateKeys, let duplicate = duplicateKeyError() {
            throw duplicate.decodingError
        }
    }

    private static func scan<Mode: ScanMode>(
        _ input: UnsafeMutableBufferPointer<UInt8>, options: ScanOptions, as mode: Mode.Type
    ) throws(JSONSyntaxError) -> UnsafeMutableBufferPointer<Node> {
        var scanner = Scanner<Mode>(bytes: UnsafeBufferPointer(input), options: options)
        try scanner.scan()
        return scanner.nodes.take()
    }

    deinit {
        bytes.deallocate()
        nodes.deallocate()
    }
}
