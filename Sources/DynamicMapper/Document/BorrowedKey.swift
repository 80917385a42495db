/// A name's UTF-8, borrowed for one walk over an object's members, so that code outside the
/// tape compares keys without holding a pointer itself: comparing with
/// ``Document/stringEquals(_:_:_:textIsASCII:)`` reaches the bytes in place, where reaching a
/// string's bytes for every key compared cost as much as the comparisons.
///
/// Valid only inside the ``Swift/String/withBorrowedKey(_:)`` call that made it: it must not
/// be stored or returned.
struct BorrowedKey {
    let utf8: UnsafeBufferPointer<UInt8>
}

extension String {
    /// Runs `body` with this string's UTF-8 borrowed as a ``BorrowedKey``.
    @inline(__always)
    func withBorrowedKey<Result>(_ body: (BorrowedKey) -> Result) -> Result {
        // Native strings (coding keys' literals among them) expose their UTF-8 in place; only
        // bridged or lazy ones need `withUTF8`, which may copy.
        if let result = utf8.withContiguousStorageIfAvailable({ body(BorrowedKey(utf8: $0)) }) {
            return result
        }
        var bytes = self
        return bytes.withUTF8 { body(BorrowedKey(utf8: $0)) }
    }
}
