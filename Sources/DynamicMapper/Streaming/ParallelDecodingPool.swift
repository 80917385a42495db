import Foundation

/// The worker threads every parallel stream of the process decodes on: one pool, made when a
/// parallel stream first has work for it, of at most as many threads as the system has active
/// processors. Several parallel streams at once share it, so they use the cores, not K streams
/// times the cores in threads.
///
/// Threads rather than Dispatch or tasks: a decode is long CPU work that must not wait for a
/// thread of a pool that other work may hold (the cooperative pool has one a core, and a
/// program may block one), and a global queue would start more threads than cores when its
/// work blocks. Jobs run in the order they were submitted; a thread starts only when work is
/// waiting and every thread is busy, and ends after a while with nothing to do.
final class ParallelDecodingPool: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written with `condition` locked.

    /// The pool of the process, sized to the active processor count.
    static let shared = ParallelDecodingPool(size: ProcessInfo.processInfo.activeProcessorCount)

    /// The most threads the pool runs.
    let size: Int
    /// How long a thread waits for work before it ends.
    private let idleTimeout: TimeInterval
    private let condition = NSCondition()
    /// Submitted jobs not yet started.
    private var jobs = JobQueue()
    private var threads = 0
    private var idle = 0
    private var running = 0
    private var completed = 0

    init(size: Int, idleTimeout: TimeInterval = 10) {
        self.size = max(1, size)
        self.idleTimeout = idleTimeout
    }

    /// Threads alive now (never more than ``size``): `pool.threadCount`.
    var threadCount: Int { condition.withLock { threads } }

    /// Jobs waiting or running now: `pool.unfinishedJobs`.
    var unfinishedJobs: Int { condition.withLock { jobs.count + running } }

    /// Jobs finished so far: a pool whose count stays the same while jobs wait is held.
    var completedJobs: Int { condition.withLock { completed } }

    /// Runs `job` on a thread of the pool, after the jobs submitted before it have started.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let startsThread = condition.withLock { () -> Bool in
            jobs.append(job)
            // An idle thread takes it; a new one only when every thread is busy.
            if jobs.count > idle, threads < size {
                threads += 1
                return true
            }
            condition.signal()
            return false
        }
        if startsThread {
            Thread { [self] in
                // Named from inside, and short: Linux keeps 15 bytes of a thread's name and
                // drops a longer one altogether.
                Thread.current.name = "DM-parallel"
                work()
            }.start()
        }
    }

    /// A thread's loop: the oldest job waiting, until none comes for `idleTimeout`.
    private func work() {
        condition.lock()
        while true {
            var next = jobs.removeFirst()
            while next == nil {
                idle += 1
                let signalled = condition.wait(until: Date(timeIntervalSinceNow: idleTimeout))
                idle -= 1
                next = jobs.removeFirst()
                if !signalled, next == nil {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            guard let job = next else { continue }
            running += 1
            condition.unlock()
            job()
            condition.lock()
            running -= 1
            completed &+= 1
        }
    }
}

/// One parallel iteration's share of the pool: at most `limit` of its batches run at once (its
/// `maximumConcurrency`); the others wait here, in order, and each goes to the pool when one
/// of the iteration's batches finishes. Waiting here rather than in the pool's queue lets other
/// streams' batches through meanwhile.
final class PoolLane: @unchecked Sendable {
    // @unchecked: `running` and `waiting` are read and written under `lock`.
    private let lock = NSLock()
    private let pool: ParallelDecodingPool
    private let limit: Int
    private var running = 0
    private var waiting = JobQueue()

    init(pool: ParallelDecodingPool, limit: Int) {
        self.pool = pool
        self.limit = max(1, limit)
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        let startsNow = lock.withLock { () -> Bool in
            if running < limit {
                running += 1
                return true
            }
            waiting.append(job)
            return false
        }
        if startsNow { start(job) }
    }

    private func start(_ job: @escaping @Sendable () -> Void) {
        pool.submit { [self] in
            job()
            finished()
        }
    }

    /// A batch ended: the next one waiting takes its place.
    private func finished() {
        let next = lock.withLock { () -> (@Sendable () -> Void)? in
            guard let job = waiting.removeFirst() else {
                running -= 1
                return nil
            }
            return job
        }
        if let next { start(next) }
    }
}

/// Jobs first in, first out. A job taken is let go at once (with what it captured, a batch's
/// bytes), and the slots before the first job are reclaimed once they are half the storage, so
/// a queue that never drains does not grow.
struct JobQueue {
    private var slots: [(@Sendable () -> Void)?] = []
    private var head = 0

    /// Jobs waiting.
    var count: Int { slots.count - head }

    mutating func append(_ job: @escaping @Sendable () -> Void) {
        slots.append(job)
    }

    /// The oldest job, or `nil` when none waits.
    mutating func removeFirst() -> (@Sendable () -> Void)? {
        guard head < slots.count else { return nil }
        let job = slots[head]
        slots[head] = nil
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
        return job
    }
}
