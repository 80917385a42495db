import Foundation

/// The facts a decode learns about types (``DecoderImpl/typeMemory``): which are plain, which
/// are arrays it can reserve for, the `@Mapped` layouts, which coding-key types are not
/// ``KeyedKey``s. A type's answers never change, so they hold for any document.
struct DecoderTypeMemory {
    var knownTypes = KnownTypes()
    var mappedLayouts: [ObjectIdentifier: MappedLayout?] = [:]
    var plainKeyTypes = KnownPlainTypes()
}

/// Many small documents decoded with one decoder's settings, one after another on one thread:
/// the elements of a stream. Each is decoded exactly as `decode(_:from:)` decodes its bytes,
/// but what that call does again for every document is done once here: the settings are read
/// from the decoder (each a lock) once, the `KeptDocuments` question is asked once per type,
/// and the type facts one decode learned go on to the next. Settings changed on the decoder
/// while a stream runs apply from its next iteration (or, in parallel, its next batch).
struct RepeatedDecoding {
    private let scanOptions: ScanOptions
    private let options: DecodingOptions
    private var memory = DecoderTypeMemory()
    /// Whether decodes of the element type fit their node index (see ``KeptDocuments``),
    /// once known; a stream decodes one type.
    private var fitted: Bool?

    init(_ decoder: DynamicJSONDecoder) {
        scanOptions = decoder.scanOptions
        options = DecodingOptions(decoder)
    }

    /// `type` decoded from a copy of `bytes`, as `DynamicJSONDecoder.decode(_:from:)` decodes
    /// them (same value, same errors).
    mutating func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>) throws -> T {
        let fitted = self.fitted ?? KeptDocuments.expected(for: T.self)
        self.fitted = fitted
        var document = try Document(copying: bytes, options: scanOptions, fittedNodes: fitted)
        let value: T
        do {
            // Scoped, so that the decoder's hold on the document is gone for the check below.
            let impl = DecoderImpl(document: document, options: options, node: 0)
            // Moved, not shared: the decode's first additions then copy nothing.
            impl.typeMemory = memory
            memory = DecoderTypeMemory()
            // Kept when the decode fails too: what was learned about the types is still true.
            defer { memory = impl.typeMemory }
            value = try MappedFilling.withoutPending { try impl.unwrap(T.self, at: 0) }
        }
        // As in `decode(_:from:)`: a value that holds on to its document teaches that the
        // type keeps it, and the next decode fits the index.
        if !fitted, !isKnownUniquelyReferenced(&document) {
            KeptDocuments.learn(T.self)
            self.fitted = true
        }
        return value
    }
}

extension DecoderImpl {
    /// What this decode learned about types, never about its document: handed from one
    /// decode to the next of a run of small documents (``RepeatedDecoding``), so that each
    /// element of a stream skips the run-time conformance lookups the first one made.
    var typeMemory: DecoderTypeMemory {
        get {
            DecoderTypeMemory(knownTypes: state.knownTypes, mappedLayouts: state.mappedModels.layouts, plainKeyTypes: state.keyedKeys.plainKeyTypes)
        }
        set {
            state.knownTypes = newValue.knownTypes
            state.mappedModels.layouts = newValue.mappedLayouts
            state.keyedKeys.plainKeyTypes = newValue.plainKeyTypes
        }
    }
}
