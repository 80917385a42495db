import Foundation

extension DynamicValue {
    /// This place read and written through a two-way transformer, for `<->`, `<--` and `-->`.
    ///
    /// ```swift
    /// created <-> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
    /// ```
    ///
    /// Declaring `using` hides a JSON key of that name from dot syntax: reach it with
    /// `ds[key: "using"]`.
    public func using<Transform: Transformer>(_ transformer: Transform) -> TransformedValue<Transform> {
        TransformedValue(view: self, transformer: transformer)
    }

    /// This place read through a decoding transformer, for `<--`.
    ///
    /// ```swift
    /// status <-- ds.state.using(StatusParser())
    /// ```
    public func using<Transform: DecodingTransformer>(_ transformer: Transform) -> TransformedValue<Transform> {
        TransformedValue(view: self, transformer: transformer)
    }

    /// This place written through an encoding transformer, for `-->`.
    ///
    /// ```swift
    /// total --> ds.summary.total.using(CurrencyFormatter())
    /// ```
    public func using<Transform: EncodingTransformer>(_ transformer: Transform) -> TransformedValue<Transform> {
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
    /// property, then transformed. Missing, undecodable or refused: `property` is left alone
    /// and a failure goes to the decoder running the mapping.
    package func read(into property: inout Transform.Value, marksKeys: Bool = false) {
        var found = RawRead<Transform.Raw>()
        view.read(into: &found, marksKeys: marksKeys)
        guard let raw = found.raw, let value = transformed(raw) else { return }
        property = value
    }

    /// `property <-- view.using(transformer)` for an optional: as above, and `null` makes the
    /// property `nil` without asking the transformer.
    package func read(into property: inout Transform.Value?, marksKeys: Bool = false) {
        var found: RawRead<Transform.Raw>? = RawRead()
        view.read(into: &found, marksKeys: marksKeys)
        guard let found else {
            property = nil
            return
        }
        guard let raw = found.raw, let value = transformed(raw) else { return }
        property = value
    }

    private func transformed(_ raw: Transform.Raw) -> Transform.Value? {
        do {
            return try transformDecoded(raw, codingPath: view.fullPath.map(\.codingKey)) { try transformer.decode($0) }
        } catch {
            view.root.session?.failures.append(error)
            return nil
        }
    }
}

extension TransformedValue where Transform: EncodingTransformer {
    /// `property --> view.using(transformer)` (and `<->` while encoding): while an encoder runs
    /// the mapping, writes the transformed value here as `<->` writes a property. A refusal is
    /// reported to the encoder, which throws it.
    package func writeForMapping(_ value: Transform.Value) {
        guard let session = view.root.session, session.mappingType == .encoding else { return }
        do {
            let raw = try transformEncoded(value, codingPath: view.fullPath.map(\.codingKey)) { try transformer.encode($0) }
            view.writeForMapping(raw)
        } catch {
            session.failures.append(error)
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

/// What a transformed read found: the raw value, decoded as a property of type `Raw` would be
/// at that place. It starts empty, which tells a missing value (left alone by the read) apart.
private struct RawRead<Raw: Decodable>: Decodable {
    var raw: Raw?

    init() {}

    init(from decoder: any Decoder) throws {
        raw = try decoder.singleValueContainer().decode(Raw.self)
    }
}
