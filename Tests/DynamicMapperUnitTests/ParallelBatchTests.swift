import Foundation
import Testing
@testable import DynamicMapper

/// The parallel stream's bookkeeping of work in flight: dropping an iteration (a `break` out of
/// `for try await`) stops its workers, and a cancelled consumer stops waiting for a batch.
@Suite("Parallel stream batches")
struct ParallelBatchTests {
    @Test func droppingTheIterationCancelsItsBatches() {
        let first = BatchResults<Int>()
        let second = BatchResults<Int>()
        do {
            let inFlight = InFlightBatches<Int>()
            inFlight.started(first)
            inFlight.started(second)
            inFlight.delivered() // the first was delivered: only the second is in flight
            #expect(!first.isCancelled && !second.isCancelled)
        }
        #expect(!first.isCancelled)
        #expect(second.isCancelled)
    }

    @Test func stoppingCancelsEveryBatchInFlight() {
        let inFlight = InFlightBatches<Int>()
        let batches = (0..<3).map { _ in BatchResults<Int>() }
        for batch in batches { inFlight.started(batch) }
        inFlight.cancelAll()
        #expect(batches.allSatisfy { $0.isCancelled })
    }

    @Test func aCancelledConsumerStopsWaiting() async {
        let batch = BatchResults<Int>()
        let waiting = Task { await batch.value(claimingAfter: .seconds(60)) }
        waiting.cancel()
        // The worker never completes this batch: only the cancellation can end the wait.
        let results = await waiting.value
        #expect(results.isEmpty)
        #expect(batch.isCancelled)
    }

    @Test func aCompletedBatchIsDelivered() async throws {
        let batch = BatchResults<Int>()
        batch.complete([.success(1), .success(2)])
        let results = await batch.value(claimingAfter: .seconds(60))
        #expect(try results.map { try $0.get() } == [1, 2])
    }

    @Test func aBatchNoWorkerStartsIsDecodedByItsConsumer() async throws {
        // No pool runs this work: only the consumer's patience running out gets it done.
        let batch = BatchResults<Int> { _ in [.success(7), .success(8)] }
        let results = await batch.value(claimingAfter: .milliseconds(5))
        #expect(try results.map { try $0.get() } == [7, 8])
        // Run once only: a worker that comes late finds the work taken.
        batch.runIfUnclaimed()
        #expect(try await batch.value(claimingAfter: .seconds(60)).map { try $0.get() } == [7, 8])
    }

    @Test func aBatchAWorkerStartsIsNotDecodedTwice() async throws {
        let runs = PoolProbe()
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let threads = ThreadIDs()
        let batch = BatchResults<Int> { _ in
            runs.enter(threads: 0)
            threads.record()
            started.signal()
            gate.wait() // still running when the consumer's patience runs out
            runs.leave()
            return [.success(1)]
        }
        let worker = ThreadIDs()
        Thread {
            worker.record()
            batch.runIfUnclaimed()
        }.start()
        started.wait() // the worker has the work before the consumer begins to wait
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(60)) { gate.signal() }
        let results = await batch.value(claimingAfter: .milliseconds(5))
        #expect(try results.map { try $0.get() } == [1])
        #expect(runs.ran == 1)
        #expect(threads.all == worker.all)
    }

    @Test("A consumer waits for a pool that is busy but finishing jobs, and does not decode the batch itself")
    func aBusyPoolIsWaitedFor() async throws {
        let pool = ParallelDecodingPool(size: 1, idleTimeout: 0.5)
        // Three seconds of short jobs ahead of the batch: one finishes every 10 ms, so each
        // 500 ms of the consumer's patience sees the pool move, even on a loaded machine
        // (without the check for progress the consumer takes the batch after 500 ms).
        let poolThread = ThreadIDs()
        pool.submit { poolThread.record() }
        for _ in 0..<300 { pool.submit { Thread.sleep(forTimeInterval: 0.01) } }
        let threads = ThreadIDs()
        let batch = BatchResults<Int> { _ in
            threads.record()
            return [.success(2)]
        }
        pool.submit { batch.runIfUnclaimed() }
        let results = await batch.value(claimingAfter: .milliseconds(500), unlessProgressIn: pool)
        #expect(try results.map { try $0.get() } == [2])
        #expect(threads.all == poolThread.all, "decoded on another thread than the pool's")
    }

    @Test("A parallel stream finishes while every thread of its pool is held (as by decodes that wait for a nested stream)")
    func aStreamOnAHeldPoolFinishes() async throws {
        // A pool of the test's own, so that holding it slows no other test's streams.
        let pool = ParallelDecodingPool(size: 2, idleTimeout: 0.5)
        // Every thread of the pool waits at the gate until the stream below has ended. A
        // stream that waits for the pool would end only once the gate gives up (after five
        // minutes: the consumer's task may itself wait long for a thread when the whole suite
        // keeps the cooperative pool busy, so no shorter time tells the two apart).
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        let probe = PoolProbe()
        for _ in 0..<pool.size {
            pool.submit {
                held.signal()
                if gate.wait(timeout: .now() + 300) == .timedOut { probe.enter(threads: 0) }
            }
        }
        for _ in 0..<pool.size { held.wait() }
        let lines = (0..<200).map { #"{"id": \#($0)}"# }.joined(separator: "\n")
        let stream = DynamicJSONDecoder().jsonLines(of: NestedRecord.self, in: Data(lines.utf8))
        var ids: [Int] = []
        for try await record in ParallelJSONStream<NestedRecord>(2, 256, 1 << 24, pool: pool, makeSource: { stream.makeIterator() }) {
            ids.append(record.id)
        }
        for _ in 0..<pool.size { gate.signal() }
        #expect(ids == Array(0..<200))
        #expect(probe.ran == 0, "the stream waited for the held pool")
    }

    @Test func thePoolRunsEveryJobOnNoMoreThreadsThanItsSize() async {
        let pool = ParallelDecodingPool(size: 2, idleTimeout: 0.2)
        let probe = PoolProbe()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = PoolProbe.Countdown(100) { done.resume() }
            for _ in 0..<100 {
                pool.submit {
                    probe.enter(threads: pool.threadCount)
                    Thread.sleep(forTimeInterval: 0.0005)
                    probe.leave()
                    remaining.tick()
                }
            }
        }
        #expect(probe.ran == 100)
        #expect(probe.mostAtOnce <= 2)
        #expect(probe.mostThreads <= 2)
        #expect(pool.threadCount <= 2)
    }

    @Test func aLaneRunsNoMoreOfItsJobsAtOnceThanItsLimit() async {
        let pool = ParallelDecodingPool(size: 4, idleTimeout: 0.2)
        let lane = PoolLane(pool: pool, limit: 1)
        let probe = PoolProbe()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = PoolProbe.Countdown(40) { done.resume() }
            for _ in 0..<40 {
                lane.submit {
                    probe.enter(threads: 0)
                    Thread.sleep(forTimeInterval: 0.0002)
                    probe.leave()
                    remaining.tick()
                }
            }
        }
        #expect(probe.ran == 40)
        #expect(probe.mostAtOnce == 1)
    }

    @Test func idleThreadsEnd() async throws {
        let pool = ParallelDecodingPool(size: 2, idleTimeout: 0.05)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            pool.submit { done.resume() }
        }
        for _ in 0..<100 where pool.threadCount > 0 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(pool.threadCount == 0)
        #expect(pool.unfinishedJobs == 0)
    }

    @Test func parallelLimitsAreCappedAtThePoolSize() {
        #expect(ParallelLimits(concurrency: 64, elements: 100, bytes: 1 << 20, poolSize: 2).concurrency == 2)
        #expect(ParallelLimits(concurrency: 0, elements: 100, bytes: 1 << 20, poolSize: 2).concurrency == 1)
        #expect(ParallelLimits(concurrency: 16, elements: 100, bytes: 1 << 20).concurrency <= ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// What jobs run on a pool saw: how many ran, the most at once, the most threads alive.
private final class PoolProbe: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written under `lock`.
    private let lock = NSLock()
    private var running = 0
    private(set) var ran = 0
    private(set) var mostAtOnce = 0
    private(set) var mostThreads = 0

    func enter(threads: Int) {
        lock.withLock {
            running += 1
            ran += 1
            mostAtOnce = max(mostAtOnce, running)
            mostThreads = max(mostThreads, threads)
        }
    }

    func leave() {
        lock.withLock { running -= 1 }
    }

    /// Calls `done` once `count` ticks have come, from whichever thread.
    final class Countdown: @unchecked Sendable {
        // @unchecked: `count` is read and written under `lock`; `done` runs once.
        private let lock = NSLock()
        private var count: Int
        private let done: @Sendable () -> Void

        init(_ count: Int, done: @escaping @Sendable () -> Void) {
            self.count = count
            self.done = done
        }

        func tick() {
            let finished = lock.withLock { () -> Bool in
                count -= 1
                return count == 0
            }
            if finished { done() }
        }
    }
}

private struct NestedRecord: Decodable, Sendable {
    var id: Int
}

/// The threads some work ran on (by `pthread_self()`: a `Thread`'s name is not reliable on
/// Linux, where a thread starts with its creator's name).
private final class ThreadIDs: @unchecked Sendable {
    // @unchecked: `recorded` is read and written under `lock`.
    private let lock = NSLock()
    private var recorded: [pthread_t] = []

    func record() {
        let current = pthread_self()
        lock.withLock { recorded.append(current) }
    }

    var all: [pthread_t] { lock.withLock { recorded } }
}
