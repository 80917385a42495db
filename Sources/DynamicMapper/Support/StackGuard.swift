#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Keeps a decode from running off the end of its thread's stack.
///
/// Decoding a recursive model recurses through its `init(from:)`, several frames a level. The
/// table in SECURITY.md gives the bytes per level for each kind of model (measured by
/// `StackBudgetTests`): in a release build about 1 KiB for a plain `Codable` class (as
/// `JSONDecoder`) and 2 KiB for a ``DynamicCodable`` or ``MappedCodable`` one; a debug build
/// needs 5 to 11 KiB. A 512 KiB thread (the size of secondary threads on Apple platforms)
/// therefore cannot hold the default 512 levels of every kind.
///
/// `maximumDepth` counts levels, not bytes, so before each nested value the decoder checks
/// that at least ``reserve`` bytes of stack are left. When they are not, the rest of that
/// value is decoded on a new thread with a stack of ``continuationStackSize`` bytes while the
/// calling thread waits, and the decode goes on as if nothing happened. A decode moves at
/// most once: on the second thread, running out of stack ends the decode with an error, so a
/// raised `maximumDepth` costs one extra stack, never one per level. A decode therefore ends
/// in a value or an error on any thread, with any `maximumDepth`.
enum StackGuard {
    /// Stack kept free below the deepest check: the frames of one more level (at most about
    /// 10 KiB, a `MappedCodable` class in a debug build), a model's own code between two checks
    /// and starting the continuation thread, with room to spare.
    static let reserve = 48 * 1024

    /// The stack of the thread a deep decode continues on: the default 512 levels of the
    /// largest kind in a debug build (about 5 MiB), with room to spare. Only the pages
    /// touched are ever backed by memory.
    static let continuationStackSize = 8 << 20

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

    /// Whether `extra` bytes more than ``reserve`` are left: for callers that run code of
    /// their own between two checks whose stack grows with the depth (another decoder's
    /// `codingPath`, say).
    static func hasRoom(beyond extra: Int) -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > floor + UInt(extra)
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

extension StackGuard {
    /// Runs `body` here when the stack has room, otherwise on a continuation thread
    /// (``continuing(_:)``); throws what `exhausted` makes when there is no room there either.
    /// The encoders' guard: the decoder checks in its own hot path.
    @inline(__always)
    static func withRoom<Result>(_ body: () throws -> Result, orElse exhausted: () -> any Error) throws -> Result {
        if hasRoom() { return try body() }
        if let result = try continuing(body) { return result }
        throw exhausted()
    }

    /// The error of an encode that ran out of stack on its continuation thread too.
    static func encodingTooDeep(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "Nested too deeply for the stack left on this thread (\(codingPath.count) levels), even after continuing on a thread with an 8 MiB stack."))
    }

    /// Marks the threads ``continuing(_:)`` starts, which may not start another.
    private static let continuationKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` to the end on a new thread with a stack of ``continuationStackSize`` bytes
    /// while this one waits, and gives back what it returned or threw; `nil` when this thread
    /// is already such a continuation (the caller then reports the stack as exhausted).
    ///
    /// `body` does not escape: this call returns only after the other thread has run it and
    /// let go of it. The task-local state a coder keeps (``MappingRun``) goes along; other
    /// task-local values do not, as with any new thread.
    @inline(never)
    static func continuing<Result>(_ body: () throws -> Result) throws -> Result? {
        guard pthread_getspecific(continuationKey) == nil else { return nil }
        let mappingType = MappingRun.current
        let encodingDepth = MappingRun.encodingDepth
        return try withoutActuallyEscaping(body) { body in
            let handoff = Handoff(body)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                pthread_setspecific(continuationKey, UnsafeRawPointer(bitPattern: 1))
                MappingRun.$current.withValue(mappingType) {
                    MappingRun.$encodingDepth.withValue(encodingDepth) { handoff.run() }
                }
                done.signal()
            }
            thread.stackSize = continuationStackSize
            thread.start()
            done.wait()
            return try handoff.outcome?.get()
        }
    }

    /// The work handed to a continuation thread and what came of it.
    private final class Handoff<Value>: @unchecked Sendable {
        // @unchecked: the calling thread writes `body` before starting the other thread and
        // reads `outcome` only after the semaphore says that thread is done with both.
        private var body: (() throws -> Value)?
        var outcome: Swift.Result<Value, any Error>?

        init(_ body: @escaping () throws -> Value) {
            self.body = body
        }

        /// Runs the work once and drops it at once: the closure must not outlive the
        /// `withoutActuallyEscaping` that lent it, and the thread keeps this box a while longer.
        func run() {
            guard let work = body else { return }
            body = nil
            outcome = Swift.Result { try work() }
        }
    }
}
