import Foundation

/// What a `@Mapped` property asks its container for first: the cheap form of
/// ``ObjectAccess`` for the usual container (no nested path, no key index). `decoder` is nil
/// for any other container of this package, which is then asked for the whole ``ObjectAccess``.
///
/// One word: the container hands it back through its generic `decode(_:forKey:)`, which
/// copies it through the value witness of an unknown type, for every property. A wider
/// value (it carried the object and the path) was copied in pieces that the reads right
/// after it could not forward from (a store-forwarding stall: 3 % of a `@Mapped` decode's
/// time, more than its instructions say). The container leaves its object and path in the
/// decoder's state instead (``MappedModels/asking``), read at once by the property.
@usableFromInline
struct MappedModelAccess {
    /// Unretained: the container that made this holds the decoder, and the property uses it
    /// only before that call returns (``ObjectAccess`` holds it strongly from there), so that
    /// it is read without a retain.
    /// Kept as an address so that the inlined code, which only tests it, need not see the
    /// decoder's type.
    @usableFromInline let decoderAddress: UnsafeMutableRawPointer?

    init(decoder: Unretained<DecoderImpl>?) {
        decoderAddress = decoder?.reference.toOpaque()
    }

    var decoder: Unretained<DecoderImpl>? {
        decoderAddress.map { Unretained(reference: Unmanaged.fromOpaque($0)) }
    }

    /// `decoder` is there: the property can be read from it alone.
    @inlinable
    var isDirect: Bool { decoderAddress != nil }
}

extension MappedModelAccess: Decodable {
    @usableFromInline
    init(from decoder: any Decoder) throws {
        throw ObjectAccess.unavailable(in: decoder)
    }
}

/// A keyed container's object without its key type: what a `@Mapped` property needs to read
/// a member under a key (or path) that its `CodingKeys` cannot spell.
///
/// The overload of `KeyedDecodingContainer.decode(_:forKey:)` for ``Mapped`` asks the
/// container to "decode" this type; this package's ``KeyedContainer`` answers with itself,
/// before looking the key up. Any other decoder tries to decode it for real, and fails.
struct ObjectAccess: Decodable {
    let impl: DecoderImpl
    let object: Int
    /// The container's coding path.
    let path: CodingPathNode
    private let index: [String: Int]?

    /// Field by field rather than from the container: this runs for every `@Mapped` property,
    /// in code generic over the container's key type.
    init(impl: DecoderImpl, object: Int, path: CodingPathNode, index: [String: Int]?) {
        self.impl = impl
        self.object = object
        self.path = path
        self.index = index
    }

    init(from decoder: any Decoder) throws {
        throw Self.unavailable(in: decoder)
    }

    /// What any other decoder answers when asked for the object.
    static func unavailable(in decoder: any Decoder) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "Only DynamicJSONDecoder gives access to the object."))
    }

    /// The object that a direct ``MappedModelAccess`` named.
    init(_ asking: MappedModels.Asking, impl: DecoderImpl) {
        self.init(impl: impl, object: asking.object, path: asking.path.object, index: nil)
    }

    /// The value node of the member `name`, found (and marked as read) as the container would.
    @inline(__always)
    func valueNode(named name: String) -> Int? {
        impl.member(named: name, of: object, depth: path.depth, index: index)
    }

    /// The value node of the member `name` that a path starts with (see
    /// ``DecoderImpl/firstPathMember(named:of:depth:index:)``).
    func firstPathMember(named name: String) -> Int? {
        impl.firstPathMember(named: name, of: object, depth: path.depth, index: index)
    }

    /// Keeps `value`, a default the property at `components` below this object took, for
    /// encoding (see ``DecoderImpl/keep(_:node:)``).
    func keepDefault<Value>(_ value: Value, at components: [Path.Component]) {
        if let found = (try? MappedDecoding.node(at: components, in: self)) ?? nil {
            impl.keep(value, node: found)
        } else {
            impl.keep(value, missingAt: components, below: object)
        }
    }

    /// Reports that the value at `components` below this object got a default because it was
    /// missing or `null`.
    func reportDefault(at components: [Path.Component], codingPath: @autoclosure () -> [any CodingKey]) {
        if let found = (try? MappedDecoding.node(at: components, in: self)) ?? nil {
            impl.report(.defaultForNull, node: found, codingPath: codingPath())
        } else {
            impl.report(.defaultForMissingKey, missingAt: components, below: object, codingPath: codingPath())
        }
    }
}
