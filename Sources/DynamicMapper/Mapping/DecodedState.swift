/// What a decoded model's view remembers of its decode: the node it came from, so that an
/// encoder can tell the model's changes from the document's, and the `<--`/`<->` reads that
/// left their property without the document's value.
struct DecodedState: Sendable {
    let document: Document
    let index: Int
    /// By path below the model: what the property held after a read that found nothing it
    /// could use (a missing value, a value of another type, or `null`). While the property
    /// still holds that, the program has not changed it, and encoding writes nothing there.
    var unchangedReads: [[Path.Component]: ReadSnapshot] = [:]

    /// The value the document held at `steps` below the model, if any.
    func original(at steps: some Collection<Path.Component>) -> OverlayNode? {
        OverlayNode.source(document, index).descendant(at: steps)
    }
}

/// A property's value right after a read that did not give it the document's value, as the
/// default encoder writes it (`null` for `nil`).
struct ReadSnapshot: Sendable, Equatable {
    let value: JSON
    /// `true` for `<--` (whose write back, if any, is a `-->` closure's `set`); `false` for `<->`.
    let oneWay: Bool

    /// `value` as the default encoder writes it, or `nil` when it cannot be encoded.
    static func encoding<T: Encodable>(_ value: T) -> JSON? {
        // The kinds most properties have, written as the encoder writes them without building
        // an encoder (a model's defaults for missing keys come here once per decode).
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .number(JSON.Number(validated: String(number)))
        case let flag as Bool: return .bool(flag)
        case let optional as any AnyOptional where optional.isNone: return .null
        default: return try? TreeEncoder.wrap(value, options: .defaultEncoding, path: [])?.json
        }
    }
}
