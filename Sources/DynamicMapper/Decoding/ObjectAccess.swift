import Foundation

/// What a `@Mapped` property asks its container for first: the cheap form of
/// ``ObjectAccess`` for the usual container (no nested path, no key index), which the
/// container hands back as plain values instead of copying itself. `impl` is nil for any
/// other container of this package, which is then asked for the whole ``ObjectAccess``.
@usableFromInline
struct MappedModelAccess {
    /// Unretained: the container that made this holds the decoder, and the property uses it
    /// only before that call returns (``ObjectAccess`` holds it strongly from there), so that
    /// it is read without a retain.
    let decoder: Unretained<DecoderImpl>?
    let object: Int
    /// Unretained, as `decoder`: the container holds it. ``Unretained`` rather than
    /// `unowned(unsafe)`: reading an `unowned(unsafe)` reference into a strong one retains it,
    /// around every property's read.
    let pathReference: Unretained<CodingPathNode>
    /// `impl` is there: the property can be read from these values alone.
    @usableFromInline let isDirect: Bool

    init(decoder: Unretained<DecoderImpl>?, object: Int, path: CodingPathNode) {
        self.decoder = decoder
        self.object = object
        pathReference = Unretained(path)
        isDirect = decoder != nil
    }

    var impl: DecoderImpl? { decoder?.object }

    /// The container's coding path, for the paths that build an ``ObjectAccess``.
    var path: CodingPathNode { pathReference.object }
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

    /// The object that `model` names.
    init(_ model: MappedModelAccess, impl: DecoderImpl) {
        self.init(impl: impl, object: model.object, path: model.path, index: nil)
    }

    /// The value node of the member `name`, found (and marked as read) as the container would.
    @inline(__always)
    func valueNode(named name: String, traversing: Bool = false) -> Int? {
        impl.member(named: name, of: object, depth: path.depth, index: index, traversing: traversing)
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
