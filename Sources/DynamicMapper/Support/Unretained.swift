/// A reference read without retaining it, for the decoder's per-property paths, where a
/// retain and release cost more than the read they surround.
///
/// The one rule (SECURITY.md, "Unsafe code"): an `Unretained` is only made from an object that
/// something else holds strongly for longer than every use of the `Unretained`, and the comment
/// where it is stored says what holds it.
@usableFromInline
struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    /// `object`, which the caller promises stays held elsewhere while this is used.
    @inlinable @inline(__always)
    init(_ object: Object) {
        reference = Unmanaged.passUnretained(object)
    }

    /// The object behind `reference`, under the same promise.
    @inline(__always)
    init(reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// A strong reference to the object (retained, when kept).
    @inlinable @inline(__always)
    var object: Object { reference.takeUnretainedValue() }

    /// Runs `body` with the object, without a retain around the call.
    @inlinable @inline(__always)
    func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }
}
