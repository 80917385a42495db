import Foundation

/// An `Object` that code on one thread can see only while one call runs: ``withValue(_:_:)``
/// sets it, runs the call and puts back what was there before (POSIX thread-specific data).
///
/// Decoding state never travels this way: it reaches `init(from:)` through the decoder it is
/// handed. The one use left is ``MappedFilling``, for `init()`, which takes no arguments.
final class ThreadSlot<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: the key never changes; each thread only sees its own value.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The object set on this thread by the ``withValue(_:_:)`` call running here, if any.
    @inline(__always)
    var current: Object? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with `object` as this thread's ``current``; kept alive (the slot holds it
    /// unretained) and taken away again when `body` returns or throws.
    func withValue<Result>(_ object: Object, _ body: () throws -> Result) rethrows -> Result {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
        defer { pthread_setspecific(key, outer) }
        return try withExtendedLifetime(object) { try body() }
    }

    /// Runs `body` with no ``current`` object on this thread, and puts back what was there.
    func withoutValue<Result>(_ body: () throws -> Result) rethrows -> Result {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, nil)
        defer { pthread_setspecific(key, outer) }
        return try body()
    }
}
