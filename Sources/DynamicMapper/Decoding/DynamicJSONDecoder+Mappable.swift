import Foundation

extension DynamicJSONDecoder {
    /// Maps JSON `data` into a model you already hold (ObjectMapper's
    /// `Mapper().map(JSON:toObject:)`): keys the payload lacks leave their properties as they
    /// are, and nested mappable models are updated in place, not replaced.
    ///
    /// ```swift
    /// var player = try decoder.decode(Player.self, from: full)
    /// try decoder.decode(into: &player, from: Data(#"{"address": {"number": 102}}"#.utf8))
    /// // player.address.number == 102, player.address.city unchanged
    /// ```
    ///
    /// The model's document becomes its old one with the payload merged in (RFC 7396), so
    /// re-encoding keeps what neither the model nor the payload names. Arrays and other values
    /// are replaced, as ObjectMapper replaces them; a mapping failure is handled as in
    /// ``decode(_:from:)`` (reported, or thrown with ``strictMapping``).
    ///
    /// - Throws: `DecodingError` for malformed input, or when the payload is not an object.
    public func decode<T: DynamicMappable>(into value: inout T, from data: Data) throws {
        let document = try Document(data: data, options: scanOptions)
        let impl = DecoderImpl(document: document, options: DecodingOptions(self), node: 0)
        try MappedFilling.withoutPending { try impl.update(&value, at: 0) }
    }

    /// The value a mapping body reads as ``DynamicMap/context`` (ObjectMapper's `MapContext`),
    /// at every depth of every decode by this decoder; kept in `userInfo` under
    /// `CodingUserInfoKey.mapContext`.
    ///
    /// ```swift
    /// let decoder = DynamicJSONDecoder()
    /// decoder.mapContext = Tenant(currency: "EUR")
    /// ```
    public var mapContext: (any Sendable)? {
        get { userInfo[.mapContext] }
        set { userInfo[.mapContext] = newValue }
    }
}

extension DynamicJSONEncoder {
    /// The value a mapping body reads as ``DynamicMap/context`` while this encoder runs it,
    /// at every depth; kept in `userInfo` under `CodingUserInfoKey.mapContext`.
    ///
    /// ```swift
    /// let encoder = DynamicJSONEncoder()
    /// encoder.mapContext = Tenant(currency: "EUR")
    /// ```
    public var mapContext: (any Sendable)? {
        get { userInfo[.mapContext] }
        set { userInfo[.mapContext] = newValue }
    }
}
