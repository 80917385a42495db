import Foundation

extension Decodable {
    /// Decodes a model from JSON bytes with this package's decoder.
    ///
    /// ```swift
    /// let user = try User.decode(from: data)
    /// let strict = try User.decode(from: data, using: myConfiguredDecoder)
    /// ```
    public static func decode(from data: Data, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: data)
    }

    /// Decodes a model from JSON text: `let user = try User.decode(from: #"{"name": "Ada"}"#)`.
    public static func decode(from text: String, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: Data(text.utf8))
    }

    /// Decodes a model from a ``JSON`` value: `let user = try User.decode(from: json)`.
    public static func decode(from json: JSON, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: json.serialized())
    }

    /// Decodes a model from a Foundation object graph, as `JSONSerialization` makes one.
    ///
    /// ```swift
    /// let user = try User.decode(from: ["full_name": "Ada Lovelace", "age": 36])
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` for a member that is not a JSON value, then the
    ///   decoder's errors.
    public static func decode(from object: [String: Any], using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> Self {
        try decode(from: JSON(foundationObject: object), using: decoder)
    }
}

extension Encodable {
    /// Encodes the model as JSON bytes with this package's encoder: `let data = try user.encodedData()`.
    public func encodedData(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> Data {
        try encoder.encode(self)
    }

    /// Encodes the model as JSON text, compact or pretty-printed (with sorted keys).
    ///
    /// ```swift
    /// let text = try user.encodedString()                     // {"full_name":"Ada"}
    /// let pretty = try user.encodedString(prettyPrinted: true)
    /// ```
    public func encodedString(prettyPrinted: Bool = false, using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> String {
        if prettyPrinted {
            // A copy, so that the caller's encoder keeps its settings.
            let pretty = DynamicJSONEncoder()
            pretty.dateEncodingStrategy = encoder.dateEncodingStrategy
            pretty.dataEncodingStrategy = encoder.dataEncodingStrategy
            pretty.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
            pretty.keyEncodingStrategy = encoder.keyEncodingStrategy
            pretty.userInfo = encoder.userInfo
            pretty.keyOptions = encoder.keyOptions
            pretty.outputFormatting = encoder.outputFormatting.union([.prettyPrinted, .sortedKeys])
            return String(decoding: try pretty.encode(self), as: UTF8.self)
        }
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Encodes the model as a ``JSON`` value: `let json = try user.encodedJSON()`.
    public func encodedJSON(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> JSON {
        try encoder.encodeJSON(self)
    }

    /// Encodes the model as a Foundation dictionary, as `JSONSerialization` would read it.
    ///
    /// ```swift
    /// let object = try user.encodedObject()   // ["full_name": "Ada", "age": 36]
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` when the model does not encode as a JSON object.
    public func encodedObject(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> [String: Any] {
        let json = try encoder.encodeJSON(self)
        guard case .object = json, let object = json.foundationObject as? [String: Any] else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: [], debugDescription: "\(Self.self) does not encode as a JSON object."))
        }
        return object
    }
}
