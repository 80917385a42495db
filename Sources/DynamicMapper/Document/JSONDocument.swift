import Foundation

/// JSON text parsed once and kept as a compact index over its bytes, from which values are read
/// only when asked for.
///
/// Parsing validates everything (structure, UTF-8, escapes, depth) but converts nothing, so it
/// is the cheapest way to check a payload, and one document can then be decoded as several types.
///
/// ```swift
/// let document = try JSONDocument(parsing: data)
/// let summary = try document.decode(Summary.self)
/// let detail = try document.decode(Detail.self)
/// let raw = document.root          // the whole value as `JSON`
/// ```
public struct JSONDocument: Sendable {
    let storage: Document

    /// Parses `data` (UTF-8, or UTF-16/32 with a byte order mark).
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: Data("[1, 2]".utf8))
    /// ```
    ///
    /// `maximumDepth` is capped at ``JSON/maximumNesting``, so that ``root`` can always be
    /// made, released and compared.
    ///
    /// With `rejectsDuplicateKeys`, an object that repeats a key is an error (by default the
    /// first one wins), as with ``JSON/init(parsing:allowsJSON5:maximumDepth:rejectsDuplicateKeys:)-(Data,_,_,_)``:
    ///
    /// ```swift
    /// let checked = try JSONDocument(parsing: data, rejectsDuplicateKeys: true)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The JSON text (UTF-8, or UTF-16/32 with a byte order mark).
    ///   - allowsJSON5: Whether JSON5 syntax (comments, single quotes, trailing commas) is accepted.
    ///   - maximumDepth: How deep arrays and objects may nest (capped at ``JSON/maximumNesting``).
    ///   - rejectsDuplicateKeys: Whether an object that repeats a key is an error rather than keeping the first.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with a ``JSONSyntaxError`` (line and column)
    ///   as its underlying error.
    public init(parsing data: Data, allowsJSON5: Bool = false, maximumDepth: Int = 512, rejectsDuplicateKeys: Bool = false) throws {
        // Kept by whoever asked for it: its node index is fitted to its nodes.
        storage = try Document(
            data: data,
            options: ScanOptions(
                allowsJSON5: allowsJSON5, maximumDepth: min(maximumDepth, JSON.maximumNesting), rejectsDuplicateKeys: rejectsDuplicateKeys),
            fittedNodes: true)
    }

    init(storage: Document) {
        self.storage = storage
    }

    /// The whole document as a `JSON` value: `try JSONDocument(parsing: data).root`.
    public var root: JSON { storage.json(at: 0) }

    /// Decodes `type` from the parsed document with `decoder`'s strategies, without parsing again.
    ///
    /// ```swift
    /// let user = try document.decode(User.self, using: decoder)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> T {
        let impl = DecoderImpl(document: storage, options: DecodingOptions(decoder), node: 0)
        return try MappedFilling.withoutPending { try impl.unwrap(type, at: 0) }
    }
}
