#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a decode from running off the end of its thread's stack.
///
/// Decoding a recursive model recurses through its `init(from:)`, several frames a level:
/// measured in a debug build, 4.4 KiB a level for a plain `Codable` class, 5.2 KiB for a
/// ``DynamicCodable`` one and 10.3 KiB for a ``MappedCodable`` one (an optimised build needs
/// far less). `maximumDepth` counts levels, not bytes, so before each nested value the decoder
/// checks that at least ``reserve`` bytes of stack are left and otherwise stops with an error.
/// A decode therefore ends in a value or an error on any thread, with any `maximumDepth`.
enum StackGuard {
    /// Stack kept free below the deepest check: the frames of one more level, the model's own
    /// code and the unwinding of the error, with room to spare.
    static let reserve = 64 * 1024

    /// The lowest address a check passes at on this thread (cached per thread), or 1 where the
    /// stack's bounds are unknown.
    private static let floorKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether a nested value may be decoded here, with ``reserve`` bytes of stack to spare.
    @inline(__always)
    static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > floor
    }

    private static var floor: UInt {
        if let cached = pthread_getspecific(floorKey) { return UInt(bitPattern: cached) }
        let computed = lowestStackAddress().map { $0 + UInt(reserve) } ?? 1
        pthread_setspecific(floorKey, UnsafeRawPointer(bitPattern: computed))
        return computed
    }

    /// The low end of this thread's stack (stacks grow down on every supported platform).
    private static func lowestStackAddress() -> UInt? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        return top - UInt(pthread_get_stacksize_np(pthread_self()))
        #elseif canImport(Glibc) || canImport(Musl)
        // `pthread_getattr_np` is a GNU extension the C module does not export: found at run
        // time (glibc and musl both have it).
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        var attributes = pthread_attr_t()
        guard unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #else
        return nil
        #endif
    }
}
