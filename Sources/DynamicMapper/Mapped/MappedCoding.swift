import Foundation

/// How a ``Mapped`` property's value becomes what the document holds and back, when that is
/// not the value's own `Codable` conformance: a transformer, or a date strategy.
///
/// A class so that a wrapper holds one reference whatever the transformer's size. Every
/// instance is a ``TransformerCoding``; the methods here are its interface.
class MappedCoding<Value>: @unchecked Sendable {
    // @unchecked: subclasses hold only `Sendable` transformers, never mutated.

    /// Reads the value at `node` through this package's decoder.
    func decode(from impl: DecoderImpl, at node: Int, codingPath: () -> [any CodingKey]) throws -> Value {
        preconditionFailure("MappedCoding is abstract")
    }

    /// Reads the value from any decoder's single value.
    func decode(from decoder: any Decoder) throws -> Value {
        preconditionFailure("MappedCoding is abstract")
    }

    /// The value as the document holds it.
    func raw(for value: Value, codingPath: [any CodingKey]) throws -> any Encodable {
        preconditionFailure("MappedCoding is abstract")
    }
}

/// Coding through a two-way ``Transformer``.
final class TransformerCoding<T: Transformer & Sendable>: MappedCoding<T.Value>, @unchecked Sendable {
    let transformer: T

    init(_ transformer: T) {
        self.transformer = transformer
    }

    override func decode(from impl: DecoderImpl, at node: Int, codingPath: () -> [any CodingKey]) throws -> T.Value {
        let raw = try impl.decodeDetached(T.Raw.self, at: node, marksKeys: nil, path: { CodingPathNode.of(codingPath().map(CodingPathStep.key)) })
        return try transformDecoded(raw, codingPath: codingPath(), transformer.decode)
    }

    override func decode(from decoder: any Decoder) throws -> T.Value {
        try decodeTransformed(with: transformer, from: decoder)
    }

    override func raw(for value: T.Value, codingPath: [any CodingKey]) throws -> any Encodable {
        try transformEncoded(value, codingPath: codingPath, transformer.encode)
    }
}

/// Coding a `Date` or `Date?` property with a ``MappedDateStrategy``; `nil` never gets here.
final class DateStrategyCoding<Value>: MappedCoding<Value>, @unchecked Sendable {
    let strategy: MappedDateStrategy

    init(_ strategy: MappedDateStrategy) {
        self.strategy = strategy
    }

    // The `as!` casts turn a `Date` into `Value`, which `.date` allows only as `Date` or `Date?`.
    override func decode(from impl: DecoderImpl, at node: Int, codingPath: () -> [any CodingKey]) throws -> Value {
        try strategy.coding.decode(from: impl, at: node, codingPath: codingPath) as! Value
    }

    override func decode(from decoder: any Decoder) throws -> Value {
        try strategy.coding.decode(from: decoder) as! Value
    }

    override func raw(for value: Value, codingPath: [any CodingKey]) throws -> any Encodable {
        guard let date = value as? Date else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "A date strategy needs a Date."))
        }
        return try strategy.coding.raw(for: date, codingPath: codingPath)
    }
}
