import Foundation

/// SplitMix64 for the property tests: small, fast and the same sequence on every platform, so
/// a failure's seed reproduces it.
public struct SeededRandom: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Runs `body` on a new thread with `stackSize` bytes of stack and waits for it: the size of
/// secondary threads on Apple platforms is 512 KiB, and a decode there must not overflow.
public func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
    let box = ThreadResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
}

/// What a thread started by ``onThread(stackSize:_:)`` hands back.
private final class ThreadResult<T>: @unchecked Sendable {
    // @unchecked: written by the thread before it signals, read after the wait.
    var value: T?
}

/// The name the older property tests use for ``SeededRandom``.
public typealias SeededGenerator = SeededRandom
