import Foundation

/// Wraps a model so that Foundation's own coders get this package's features: ``KeyedKey``
/// nested keys, `@Flat`, dynamic models and the rest.
///
/// ```swift
/// let model = try JSONDecoder().decode(Keyed<Coordinate>.self, from: data).value
/// let data = try JSONEncoder().encode(Keyed(model))
/// ```
///
/// With ``DynamicJSONDecoder`` and ``DynamicJSONEncoder`` the wrapper adds nothing. With other
/// coders the wrapped value is read from (or written as) a ``JSON`` value through them and
/// decoded (or encoded) by this package with its default settings: the other coder's
/// strategies and `userInfo` do not reach it. Numbers reach such a coder as the Swift type
/// that holds them exactly (an integer, a `Double` when it reads back as the same number, else
/// a `Decimal`), so a `PropertyListEncoder` round trip gives back the same numbers.
///
/// A ``DecodeReport/Recorder`` in the other decoder's `userInfo` (under
/// ``Swift/CodingUserInfoKey/decodeReport``) gets the wrapped value's ``DecodeReport`` events,
/// with paths from the top of the other decoder's document. Those paths use its coding keys,
/// which under its key decoding strategy may differ from the document's keys.
public struct Keyed<Value> {
    /// The wrapped model: `try decoder.decode(Keyed<Model>.self, from: data).value`.
    public var value: Value

    /// Wraps `value` for encoding: `try JSONEncoder().encode(Keyed(model))`.
    public init(_ value: Value) {
        self.value = value
    }
}

extension Keyed: Sendable where Value: Sendable {}

extension Keyed: Decodable where Value: Decodable {
    /// Decodes the model with this package's decoder.
    ///
    /// ```swift
    /// let model = try JSONDecoder().decode(Keyed<Model>.self, from: data).value
    /// ```
    public init(from decoder: any Decoder) throws {
        if let impl = decoder as? DecoderImpl {
            value = try impl.unwrap(Value.self, at: impl.state.currentNode)
            return
        }
        let json = try JSON(from: decoder)
        guard let recorder = decoder.userInfo[.decodeReport] as? DecodeReport.Recorder else {
            value = try DynamicJSONDecoder().decode(Value.self, from: json.serialized())
            return
        }
        let document = try JSONDocument(storage: Document(data: json.serialized(), options: DynamicJSONDecoder().scanOptions))
        value = try document.decode(Value.self, using: DynamicJSONDecoder(), reportingTo: recorder, codingPrefix: decoder.codingPath)
    }
}

extension Keyed: Encodable where Value: Encodable {
    /// Encodes the model with this package's encoder.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(Keyed(model))
    /// ```
    public func encode(to encoder: any Encoder) throws {
        if encoder is TreeEncoder || encoder is StreamingEncoder {
            // Through a container, so that the encoder's handling of the value applies.
            var container = encoder.singleValueContainer()
            try container.encode(value)
            return
        }
        try DynamicJSONEncoder().encodeJSON(value).encode(to: encoder)
    }
}
