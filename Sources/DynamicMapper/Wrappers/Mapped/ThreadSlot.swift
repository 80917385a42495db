import Foundation

/// One object reference per thread (POSIX thread-specific data), not retained: the code that
/// sets it keeps the object alive until it puts the previous one back.
final class ThreadSlot<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: the key is written once, in `init`; each thread only sees its own value.
    private var key = pthread_key_t()

    init() {
        pthread_key_create(&key, nil)
    }

    func get() -> Object? {
        pthread_getspecific(key).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    func set(_ object: Object?) {
        pthread_setspecific(key, object.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
