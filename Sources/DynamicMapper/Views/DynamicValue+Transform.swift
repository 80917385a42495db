import Foundation

extension DynamicValue {
    /// This place read and written through a transformer, for the mapping operators: a
    /// ``Transformer`` for `<->`, a ``DecodingTransformer`` for `<--`, an
    /// ``EncodingTransformer`` for `-->`.
    ///
    /// ```swift
    /// created <-> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
    /// ```
    ///
    /// Declaring `using` hides a JSON key of that name from dot syntax: reach it with
    /// `ds[key: "using"]`.
    public func using<Transform>(_ transformer: Transform) -> TransformedValue<Transform> {
        TransformedValue(view: self, transformer: transformer)
    }
}

/// A place in a dynamic view with the transformer its value goes through, made by a view's
/// `using(_:)` for the mapping operators.
///
/// ```swift
/// created <-> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
/// avatar  <-- ds.links.avatar.using(URLTransformer())
/// status  --> ds.state.using(RawValueTransformer<Status>())
/// ```
///
/// The operators treat the transformer's `Raw` value exactly as they treat an untransformed
/// property of that type: a read decodes it with the decoder's strategies and reports a value
/// it cannot decode; a write merges it into the document like any other `<->` write. A value
/// the transformer refuses is reported the same way (`DecodingError.dataCorrupted` or
/// `EncodingError.invalidValue` at the place's path, naming the value) and leaves the property
/// (or the document) as it was.
public struct TransformedValue<Transform> {
    let view: DynamicValue
    let transformer: Transform
}

// MARK: Reads and writes for the operators

extension TransformedValue where Transform: DecodingTransformer {
    /// `property <-- view.using(transformer)`: the raw value here, decoded as `<--` decodes a
    /// property, then transformed, both inside the same read, so that a refusal is a failed
    /// read like any other. Missing, undecodable or refused: `property` is left alone and the
    /// failure goes to the decoder running the mapping.
    package func read(into property: inout Transform.Value, marksKeys: Bool = false) {
        var found = TransformedRead<Transform>(before: rawForm(of: property))
        view.read(into: &found, marksKeys: marksKeys, transformer: transformer)
        if let value = found.value { property = value }
    }

    /// `property <-- view.using(transformer)` for an optional: as above, and `null` makes the
    /// property `nil` without asking the transformer.
    package func read(into property: inout Transform.Value?, marksKeys: Bool = false) {
        var found: TransformedRead<Transform>? = TransformedRead(before: property == nil ? .null : property.flatMap(rawForm))
        view.read(into: &found, marksKeys: marksKeys, transformer: transformer)
        guard let found else {
            property = nil
            return
        }
        if let value = found.value { property = value }
    }

    /// `value` as the document would hold it, when the transformer can say (it encodes too, and
    /// accepts the value); `nil` otherwise.
    private func rawForm(of value: Transform.Value) -> TransformedRead<Transform>.Before? {
        guard let encoding = transformer as? any EncodingTransformer else { return nil }
        return Self.raw(of: value, through: encoding).map(TransformedRead.Before.raw)
    }

    private static func raw<Encoding: EncodingTransformer>(of value: Transform.Value, through transformer: Encoding) -> (any Encodable)? {
        guard let value = value as? Encoding.Value else { return nil }
        return try? transformer.encode(value)
    }
}

extension TransformedValue where Transform: EncodingTransformer {
    /// `property --> view.using(transformer)` (and `<->` while encoding): while an encoder runs
    /// the mapping, writes the transformed value here as `<->` writes a property. A refusal is
    /// reported to the encoder, which throws it.
    package func writeForMapping(_ value: Transform.Value) {
        guard let session = view.root.session, session.state.mappingType == .encoding else { return }
        do {
            let raw = try transformEncoded(value, codingPath: view.fullPath.map(\.codingKey)) { try transformer.encode($0) }
            view.writeForMapping(raw)
        } catch {
            session.state.failures.append(error)
        }
    }

    /// As above for an optional property: `nil` removes the key, as it does for `<->`.
    package func writeForMapping(_ value: Transform.Value?) {
        if let value { writeForMapping(value) } else { view.removeForMapping() }
    }
}

extension TransformedValue {
    /// Which way the coder running the mapping is going; `nil` when no coder runs it.
    package var runningMappingType: DynamicMappingType? { view.runningMappingType }
}

/// What a transformed read found: the raw value decoded as a property of type `Raw` would be
/// at that place, then transformed. It starts empty, which tells a missing value (left alone
/// by the read) apart.
///
/// It encodes as the property's value before the read in the document's form, so that the
/// decoder remembers a read that left the property as it was just as it does for an
/// untransformed one, and encoding writes nothing there while the program leaves the property
/// unchanged.
private struct TransformedRead<Transform: DecodingTransformer>: Codable {
    /// The property's value before the read: `nil`, or its raw form.
    enum Before {
        case null
        case raw(any Encodable)
    }

    var value: Transform.Value?
    /// `nil` when the raw form is unknown (a one-way transformer), or after a read.
    private let before: Before?

    init(before: Before?) {
        self.before = before
    }

    init(from decoder: any Decoder) throws {
        before = nil
        // The decoder running the read holds the transformer (see `read(into:)`); taken before
        // decoding `Raw`, whose own mapping may read through other transformers.
        guard let transformer = (decoder as? DecoderImpl)?.takeReadTransformer() as? Transform else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "No \(Transform.self) for this transformed read."))
        }
        let raw = try decoder.singleValueContainer().decode(Transform.Raw.self)
        value = try transformDecoded(raw, codingPath: decoder.codingPath) { try transformer.decode($0) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch before {
        case .null?:
            try container.encodeNil()
        case .raw(let raw)?:
            try container.encode(raw)
        case nil:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "The value before the read has no raw form."))
        }
    }
}

/// A transformed read, which a report calls an unknown enum value when its transformer makes
/// a `RawRepresentable` (``RawValueTransformer``) and refused the raw value.
protocol TransformedEnumRead {
    static var readsRawRepresentable: Bool { get }
}

extension TransformedRead: TransformedEnumRead {
    static var readsRawRepresentable: Bool { Transform.Value.self is any RawRepresentable.Type }
}
