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
            pretty.includesNilValues = encoder.includesNilValues
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

    /// Encodes the model as a Foundation dictionary, its numbers as the model's own Swift types.
    ///
    /// ```swift
    /// struct Reading: Encodable { var name: String; var level: Float; var total: Double; var code: Int8 }
    /// let object = try Reading(name: "a", level: 0.5, total: 3, code: 7).encodedObject()
    /// object["level"] as? Float    // 0.5
    /// object["total"] as? Double   // 3.0 (a whole Double stays a Double)
    /// object["code"] as? Int8      // 7
    /// ```
    ///
    /// A number the model wrote itself (a property, a `<->` write) comes back as the Swift
    /// value it wrote (`Int8`, `UInt64`, `Float`, `Double`, `Decimal`, …), so the casts that
    /// worked with ObjectMapper's `toJSON()` and Alter work. Any other number (one kept from a
    /// decoded document, a date written as a number, a value under a ``KeyedKey`` path or a
    /// dictionary key the key strategy renames) is read from the JSON number: `Int`, `Int64`
    /// or `UInt64` when whole, else `Double` when that is exact, else `Decimal`, as
    /// ``JSON/foundationObject`` does. Strings, `Bool`, `NSNull`, `[Any]` and `[String: Any]`
    /// make up the rest.
    ///
    /// - Throws: `EncodingError.invalidValue` when the model does not encode as a JSON object.
    public func encodedObject(using encoder: DynamicJSONEncoder = DynamicJSONEncoder()) throws -> [String: Any] {
        let record = ScalarRecord()
        let json = try encoder.encodeToJSON(self, recording: record)
        guard case .object = json, let object = Self.foundationObject(json, at: [], record: record) as? [String: Any] else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: [], debugDescription: "\(Self.self) does not encode as a JSON object."))
        }
        return object
    }

    /// `json` as ``JSON/foundationObject`` makes it, with each number the encode recorded at
    /// its place given back as the Swift value written.
    private static func foundationObject(_ json: JSON, at path: [ScalarRecord.Step], record: ScalarRecord) -> Any {
        switch json {
        case .number(let number):
            return record.value(at: path, matching: number) ?? json.foundationObject
        case .array(let elements):
            var objects: [Any] = []
            objects.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                objects.append(foundationObject(element, at: path + [.index(index)], record: record))
            }
            return objects
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, value) in members { dictionary[key] = foundationObject(value, at: path + [.key(key)], record: record) }
            return dictionary
        default:
            return json.foundationObject
        }
    }
}

extension Array where Element: Decodable {
    /// Decodes an array from JSON text, reading a single object as an array of that one element
    /// when `singleObjectAsArray` is on (ObjectMapper's `mapArray` does so always).
    ///
    /// ```swift
    /// let users = try [User].decode(from: #"{"name": "Ada"}"#, singleObjectAsArray: true)   // one user
    /// ```
    ///
    /// - Throws: The decoder's errors.
    public static func decode(from text: String, singleObjectAsArray: Bool, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> [Element] {
        try decode(from: Data(text.utf8), singleObjectAsArray: singleObjectAsArray, using: decoder)
    }

    /// Decodes an array from JSON bytes, reading a single object as an array of that one
    /// element when `singleObjectAsArray` is on.
    ///
    /// ```swift
    /// let users = try [User].decode(from: data, singleObjectAsArray: true)
    /// ```
    ///
    /// - Throws: The decoder's errors.
    public static func decode(from data: Data, singleObjectAsArray: Bool, using decoder: DynamicJSONDecoder = DynamicJSONDecoder()) throws -> [Element] {
        let document = try JSONDocument(
            parsing: data, allowsJSON5: decoder.allowsJSON5, maximumDepth: decoder.maximumDepth,
            rejectsDuplicateKeys: decoder.rejectsDuplicateKeys)
        if singleObjectAsArray, document.storage.nodes[0].kind == .object {
            return [try document.decode(Element.self, using: decoder)]
        }
        return try document.decode([Element].self, using: decoder)
    }
}
