import Foundation

/// A property decoded from its parent's own object (a flat object), or, for an array, a lossy
/// array whose elements that fail to decode are left out.
///
/// ```swift
/// struct InnerWithFlatExample: Codable {
///     @Flat var location: Location?   // from {"latitude": 3.4, "longitude": 3.2, "greeting": …}
///     let greeting: String
/// }
/// struct OptionalArrayElementsExample: Codable {
///     @Flat var array: [ArrayElement]  // [1, {}, 3, 4] → the three that decode
/// }
/// ```
///
/// An optional flat object is `nil` when a field it needs is missing. Lossy arrays work with
/// any decoder. Flat objects need this package's coders, since Foundation's containers show
/// only the keys their `CodingKeys` declare: with Foundation's decoder, decoding one throws a
/// `DecodingError` that says to use ``Keyed`` (`JSONDecoder().decode(Keyed<Model>.self, …)`),
/// and Foundation's encoder nests it under the property's key.
@propertyWrapper
public struct Flat<Value: Codable>: Codable {
    /// The property's value: `model.location`.
    public var wrappedValue: Value

    /// `@Flat var location: Location?`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value from `decoder` itself (used when a `Flat` is decoded on its own).
    ///
    /// ```swift
    /// let flat = try JSONDecoder().decode(Flat<Location>.self, from: data)
    /// ```
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }

    /// Encodes the value (flattened into the parent by ``DynamicJSONEncoder``).
    ///
    /// ```swift
    /// try Flat(wrappedValue: location).encode(to: encoder)
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` with an encoder other than this package's when
    ///   the property's key is a ``KeyedKey`` path, flat marker or lossy-array key, which that
    ///   encoder would write as one flat key.
    public func encode(to encoder: any Encoder) throws {
        try ForeignCoderKeys.check(encoder, writing: wrappedValue)
        try wrappedValue.encode(to: encoder)
    }
}

extension Flat: Sendable where Value: Sendable {}
extension Flat: Equatable where Value: Equatable {}

/// Lets the encoders recognise a flat object and write its members into the parent.
protocol FlatEncodable {
    /// Whether the value spreads into its parent (a flat object, not a lossy array).
    var spreadsIntoParent: Bool { get }
    func encodeFlat(to encoder: any Encoder) throws
}

extension Flat: FlatEncodable {
    var spreadsIntoParent: Bool { !(Value.self is any LossyArray.Type) }

    func encodeFlat(to encoder: any Encoder) throws {
        // An optional's own encoding is a single value; its members are what spread.
        guard let optional = wrappedValue as? any EncodableOptional else {
            try wrappedValue.encode(to: encoder)
            return
        }
        try optional.wrappedEncodable?.encode(to: encoder)
    }
}

/// An optional whose wrapped value can be encoded on its own.
protocol EncodableOptional {
    var wrappedEncodable: (any Encodable)? { get }
}

extension Optional: EncodableOptional where Wrapped: Encodable {
    var wrappedEncodable: (any Encodable)? { self }
}

extension KeyedDecodingContainer {
    /// Decodes a ``Flat`` property from this container's own object (or as a lossy array
    /// under `key`). The synthesized `init(from:)` calls this.
    ///
    /// ```swift
    /// @Flat var location: Location?
    /// ```
    public func decode<Value>(_ type: Flat<Value>.Type, forKey key: Key) throws -> Flat<Value> {
        try refuseForeignPathKey(key)
        if let lossy = Value.self as? any LossyArray.Type {
            return Flat(wrappedValue: try lossy.decodeDroppingFailures(from: self, forKey: key) as! Value)
        }
        do {
            return Flat(wrappedValue: try decodeFlatObject(Value.self))
        } catch let error as DecodingError {
            // An optional flat object is `nil` when this object lacks a field it needs.
            switch error {
            case .keyNotFound, .valueNotFound:
                guard let optional = Value.self as? any ExpressibleByNilLiteral.Type else { throw error }
                if let access = try? decode(ObjectAccess.self, forKey: key) {
                    access.impl.report(.flatObjectNil, missingAt: [.key(key.stringValue)], below: access.object, codingPath: codingPath + [key], failure: error)
                }
                return Flat(wrappedValue: optional.init(nilLiteral: ()) as! Value)
            default:
                throw error
            }
        }
    }

    /// `Value` decoded from this container's object. Only this package's decoder can give
    /// that object back: Foundation's containers show only the keys of their `CodingKeys`.
    private func decodeFlatObject<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard let impl = try superDecoder() as? DecoderImpl, let parent = impl.state.parentObject else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "A @Flat object needs DynamicJSONDecoder; with another decoder, decode Keyed<Model> instead."))
        }
        let path = CodingPathNode.of(codingPath.map(CodingPathStep.key))
        if parent.document === impl.document {
            return try impl.decodeDetached(Value.self, at: parent.node, marksKeys: nil, path: { path })
        }
        // The super decoder of a missing key reads its own `null`; this one reads the parent's
        // document again, so a report's record of reads continues there.
        let decoder = DecoderImpl(document: parent.document, options: impl.options, node: parent.node, path: path)
        decoder.startReport()
        return try decoder.unwrap(Value.self, at: parent.node)
    }
}
