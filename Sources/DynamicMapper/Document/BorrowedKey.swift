/// A name's UTF-8, borrowed for one walk over an object's members, so that code outside the
/// tape compares keys without holding a pointer itself: comparing with
/// ``Document/stringEquals(_:_:_:textIsASCII:)`` reaches the bytes in place, where reaching a
/// string's bytes for every key compared cost as much as the comparisons.
///
/// Valid only inside the closure that lent the bytes (`withContiguousStorageIfAvailable` or
/// `withUTF8`, on the name or its `utf8`): it must not be stored or returned.
///
/// Callers wrap the lent buffer themselves, in a closure of their own for each of the two
/// calls: a helper that took the walk as a closure and lent the bytes to it had the walk
/// outlined into that closure, which cost 1.7 % of a twitter.json decode (callgrind).
struct BorrowedKey {
    let utf8: UnsafeBufferPointer<UInt8>

    @inline(__always)
    init(lending utf8: UnsafeBufferPointer<UInt8>) {
        self.utf8 = utf8
    }
}
