/// Proof that two static types are one and the same: the only way this package reinterprets
/// a value of a generic type as a known type (or back), for the type dispatch of its hot paths
/// (`String` read straight from the document instead of through `init(from:)`, say).
///
/// ```swift
/// if let same = SameType(String.self, T.self) { return same.cast(try decodeString(node)) }
/// ```
///
/// Comparing metatypes is a pointer compare that specialised code folds away, and the cast is
/// then between identical types; `as!` would ask the runtime every time. The comparison and
/// the cast are one step here, so no caller can cast on a weaker check. Both the metatypes
/// passed in and the static types must match exactly: a subclass metatype passed as its base
/// (`Derived.self as Base.Type`) is not its base here, so dispatch never builds the base class
/// where the caller named a subclass (the release-only bug that
/// `DecoderImpl.unwrap(dynamicType:at:)` fixed and `SameTypeTests` guards in both builds).
@usableFromInline
struct SameType<Value, Other> {
    /// Nil unless `value` and `other` are exactly the same type, statically and at run time.
    @inlinable @inline(__always)
    init?(_ value: Value.Type, _ other: Other.Type) {
        guard value == other, Value.self == Other.self else { return nil }
    }

    /// `value` as an `Other`: the same bits, because the types are the same.
    @inlinable @inline(__always)
    func cast(_ value: Value) -> Other {
        assert(Value.self == Other.self)
        return unsafeBitCast(value, to: Other.self)
    }
}
