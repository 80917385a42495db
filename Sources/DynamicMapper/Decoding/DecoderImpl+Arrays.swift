import Foundation

/// What the decoder learned about the types it met (see `DecoderImpl.unwrapHere`).
struct KnownTypes {
    /// Types found to be none of the kinds checked for (plain `Decodable` types).
    var plain = KnownPlainTypes()
    /// Array types, with the conformance that decodes them.
    var arrays = KnownArrayTypes()
}

/// The decoder's state for arrays of non-scalar elements (`[Status]`, `[[Double]]`,
/// `[User?]`): the array types met so far, each with the conformance that decodes it, so that
/// only the first array of a type pays the run-time conformance lookup.
struct KnownArrayTypes {
    private var known: [(type: ObjectIdentifier, array: any ReservingArrayDecodable.Type)] = []

    /// The conformance remembered for `type`, or `nil` when it was not met as an array yet.
    /// A decode meets a handful of array types, so a scan beats hashing here.
    @inline(__always)
    func array(_ type: ObjectIdentifier) -> (any ReservingArrayDecodable.Type)? {
        for entry in known where entry.type == type { return entry.array }
        return nil
    }

    /// Remembers `array` for `type`; past 16 types the later ones take the lookup each time.
    mutating func remember(_ type: ObjectIdentifier, _ array: any ReservingArrayDecodable.Type) {
        guard known.count < 16 else { return }
        known.append((type, array))
    }
}

extension DecoderImpl {
    /// The array `T` at `index`: a long one into reserved storage, a short one by `Array`'s own
    /// `init(from:)`. Unspecialized generic code looks up the array's metadata at run time
    /// (about 300 instructions an array), which a few elements' moves do not repay; the
    /// twitter.json decode, with thousands of arrays of zero to three elements, was 2 % slower
    /// with every array reserved.
    @inline(__always)
    func decodeArray<T: Decodable>(_ type: T.Type, as array: any ReservingArrayDecodable.Type, at index: Int) throws -> T {
        if nodes[index].length < 2 { return try T(from: self) }
        return try array.decodeReserving(as: T.self, from: self)
    }

    /// Whether the last element decoded as `Element` was a dynamic model.
    func decodedDynamicModel<Element>(_ type: Element.Type) -> Bool {
        state.dynamicModels.last?.type == ObjectIdentifier(Element.self)
    }

    /// The rest of an array of dynamic models, in one decoding run. Apart from the array's
    /// loop so that no closure there captures its container and array, and here rather than
    /// on `Array`, whose generic metadata every call would look up (both slowed the decode of
    /// every array of plain models: citm_catalog.json by 4 %).
    func decodeRestInOneRun<Element: Decodable>(_ elements: UnkeyedContainer, after first: [Element]) throws -> [Element] {
        var elements = elements
        var result = first
        try withinDecodingRun {
            while !elements.isAtEnd { result.append(try elements.decode(Element.self)) }
        }
        return result
    }
}

/// `Array`'s decoding as its own `init(from:)` does it (one unkeyed container, each element in
/// turn, the same errors and paths), into storage reserved for the element count the document
/// already holds. Appending one element at a time grows the array by doubling, which moves
/// every element again at each step: for an array of 2,000 models of 800 bytes, about a
/// twentieth of the whole decode went to those moves.
protocol ReservingArrayDecodable {
    /// The array at the decoder's current node, returned as `T`, which must be this type.
    static func decodeReserving<T>(as type: T.Type, from impl: DecoderImpl) throws -> T
}

extension Array: ReservingArrayDecodable where Element: Decodable {
    static func decodeReserving<T>(as type: T.Type, from impl: DecoderImpl) throws -> T {
        // Only `unwrapHere` calls this, with the `T` it found to be this very type.
        guard let same = SameType(Self.self, T.self) else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: impl.codingPath, debugDescription: "\(T.self) was decoded as \(Self.self)"))
        }
        var elements = try impl.arrayContainer()
        var result: [Element] = []
        result.reserveCapacity(elements.count ?? 0)
        if !elements.isAtEnd {
            result.append(try elements.decode(Element.self))
            // Elements that are dynamic models (as the first one showed) are decoded in one
            // decoding run rather than one each (see `withinDecodingRun(_:)`). Learned from
            // the first element: asking the runtime whether `Element` conforms costs far more
            // when it does not, for every array of plain models.
            if !impl.state.dynamicModels.inDecodingRun, impl.decodedDynamicModel(Element.self) {
                return same.cast(try impl.decodeRestInOneRun(elements, after: result))
            }
        }
        while !elements.isAtEnd {
            result.append(try elements.decode(Element.self))
        }
        return same.cast(result)
    }
}
