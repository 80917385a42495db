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
            inFlight.delivered()   // the first was delivered: only the second is in flight
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
        let waiting = Task { await batch.value() }
        waiting.cancel()
        // The worker never completes this batch: only the cancellation can end the wait.
        let results = await waiting.value
        #expect(results.isEmpty)
        #expect(batch.isCancelled)
    }

    @Test func aCompletedBatchIsDelivered() async throws {
        let batch = BatchResults<Int>()
        batch.complete([.success(1), .success(2)])
        let results = await batch.value()
        #expect(try results.map { try $0.get() } == [1, 2])
    }
}
