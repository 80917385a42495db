import Foundation

/// Which keys of a document the decoded models asked for.
///
/// A key a model's `init(from:)` asked for is one of the model's own keys: when the model is
/// encoded again and does not write that key (an optional property that is now `nil`), the key
/// is left out instead of being kept from the document. Keys nobody asked for are the
/// document's and always come back.
///
/// One bit per node, set only while the decode that created it runs (on one thread, through
/// ``bits``, which the decoder keeps as a plain pointer so that marking costs no reference
/// counting or exclusivity check) and only read afterwards, when models are encoded.
final class KeyUsage: @unchecked Sendable {
    // @unchecked: see above; after the decode returns the bits never change.
    let document: Document
    /// By key node index: asked for.
    let bits: UnsafeMutablePointer<UInt64>
    /// By key node index: passed through on a path to a value below it.
    let traversed: UnsafeMutablePointer<UInt64>
    /// By byte offset of a number literal: read as a `Double`, or as a `Float`. A property of
    /// that type that still holds the rounded value keeps the literal when encoded again.
    let doubleReads: UnsafeMutablePointer<UInt64>
    let floatReads: UnsafeMutablePointer<UInt64>
    private let nodeWords: Int
    private let byteWords: Int

    init(document: Document) {
        self.document = document
        nodeWords = (document.nodes.count + 63) / 64
        byteWords = (document.bytes.count + 63) / 64
        bits = .allocate(capacity: nodeWords)
        bits.initialize(repeating: 0, count: nodeWords)
        traversed = .allocate(capacity: nodeWords)
        traversed.initialize(repeating: 0, count: nodeWords)
        doubleReads = .allocate(capacity: byteWords)
        doubleReads.initialize(repeating: 0, count: byteWords)
        floatReads = .allocate(capacity: byteWords)
        floatReads.initialize(repeating: 0, count: byteWords)
    }

    deinit {
        bits.deallocate()
        traversed.deallocate()
        doubleReads.deallocate()
        floatReads.deallocate()
    }

    @inline(__always)
    static func mark(_ index: Int, in bits: UnsafeMutablePointer<UInt64>) {
        bits[index &>> 6] |= 1 &<< UInt64(index & 63)
    }

    private static func isMarked(_ index: Int, in bits: UnsafeMutablePointer<UInt64>, words: Int) -> Bool {
        index >= 0 && index &>> 6 < words && bits[index &>> 6] & (1 &<< UInt64(index & 63)) != 0
    }

    /// Whether a model asked for the key at `index` of `document`.
    func wasRead(keyNode index: Int, in document: Document) -> Bool {
        document === self.document && Self.isMarked(index, in: bits, words: nodeWords)
    }

    /// Whether a model's path passed through the key at `index` of `document`.
    func wasTraversed(keyNode index: Int, in document: Document) -> Bool {
        document === self.document && Self.isMarked(index, in: traversed, words: nodeWords)
    }

    /// Whether the number node `node` of `document` was read as a `Double` or a `Float`.
    func floatingReads(of node: Node, in document: Document) -> (double: Bool, float: Bool) {
        guard document === self.document else { return (false, false) }
        let offset = Int(node.offset)
        return (Self.isMarked(offset, in: doubleReads, words: byteWords), Self.isMarked(offset, in: floatReads, words: byteWords))
    }
}

/// Where a decoded model's view came from: the decoder's settings (so that `<--` decodes as
/// the decoder would) and which keys the models asked for.
final class ViewOrigin: @unchecked Sendable {
    // @unchecked: immutable; `DecodingOptions` holds `userInfo` as `Any`, read-only here.
    let options: DecodingOptions
    let usage: KeyUsage

    init(options: DecodingOptions, usage: KeyUsage) {
        // Views outlive the decode: reads through them later must not add to its report.
        var options = options
        options.reporting = nil
        self.options = options
        self.usage = usage
    }

    /// The settings of a default `DynamicJSONDecoder`, for views made in code.
    nonisolated(unsafe) static let defaultDecoding = DecodingOptions(DynamicJSONDecoder())
    // nonisolated(unsafe): an immutable value built once.
}

/// One run of `dynamicMapping` by a coder: what the operators report back to it.
///
/// Attached to the model's view while the coder runs the mapping, on the coder's thread, and
/// closed when the run ends: copies of the view kept by the mapping then behave like any
/// view made in code.
final class MappingSession: @unchecked Sendable {
    // @unchecked: used by one coder call on one thread; once closed, only `isOpen` is read.
    enum Direction {
        /// Reads decode through this decoder when they stay inside its document.
        case decoding(DecoderImpl)
        /// Values written by `set` and `<->` use these settings; errors name paths below `path`.
        case encoding(EncodingOptions, path: [any CodingKey])
    }

    private(set) var direction: Direction?
    /// Reads that found a value they could not decode, and writes whose value failed to encode.
    var failures: [any Error] = []
    /// While encoding: the model's document, which every write of the mapping edits (views
    /// handed to `<->` are copies, so their writes could not reach the model otherwise).
    var sharedTree: OverlayNode?
    /// While decoding: what each read that did not take the document's value left in its
    /// property (see ``DecodedState/unchangedReads``).
    var unchangedReads: [[Path.Component]: ReadSnapshot] = [:]

    init(_ direction: Direction) {
        self.direction = direction
    }

    /// Ends the run: the decoder is released and the shared tree dropped.
    func close() {
        direction = nil
        sharedTree = nil
    }

    var mappingType: DynamicMappingType? {
        switch direction {
        case .decoding?: return .decoding
        case .encoding?: return .encoding
        case nil: return nil
        }
    }

    var encodingOptions: EncodingOptions? {
        if case .encoding(let options, _)? = direction { return options }
        return nil
    }

    /// The coding path of the model whose mapping runs.
    var basePath: [PathComponent] {
        switch direction {
        case .decoding(let impl)?: return impl.path
        case .encoding(_, let path)?: return path.map(PathComponent.key)
        case nil: return []
        }
    }
}

/// Whether a coder is running a model's mapping on this task, and how deep encodes of
/// dynamic models nest (a mapping that encodes its own model would otherwise never end).
enum MappingRun {
    @TaskLocal static var current: DynamicMappingType?
    @TaskLocal static var encodingDepth = 0
}

extension EncodingOptions {
    /// The settings of a default `DynamicJSONEncoder`, for `set` outside an encode.
    nonisolated(unsafe) static let defaultEncoding = EncodingOptions(DynamicJSONEncoder())
    // nonisolated(unsafe): an immutable value built once.
}
