import Foundation

/// One object reference per thread (POSIX thread-specific data), not retained: the code that
/// sets it keeps the object alive until it puts the previous one back. Not generic: a generic
/// class's metadata would be looked up at run time on every use.
final class ThreadSlot: @unchecked Sendable {
    // @unchecked: the key never changes; each thread only sees its own value.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The object set on this thread, which the caller knows to be an `Object`.
    @inline(__always)
    func get<Object: AnyObject>(_ type: Object.Type) -> Object? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    func set(_ object: AnyObject?) {
        pthread_setspecific(key, object.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
