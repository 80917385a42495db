import Foundation

/// Where a parallel stream's framed elements come from: a sequential iterator, driven a frame
/// and a read at a time.
protocol FrameSource<Element> {
    associatedtype Element
    var recipe: StreamRecipe<Element> { get }
    /// The next element from the bytes already read, its bytes appended to `batch`, or
    /// `needMore`.
    mutating func nextFrame(appendingTo batch: inout [UInt8]) throws(JSONStreamError) -> BatchFramePull
    /// Moves more bytes in (or marks the end); stops with `CancellationError` once the task is
    /// cancelled. Any error ends the source.
    mutating func readMore() async throws
}

extension JSONStream where Element: Sendable {
    /// The same elements, decoded on up to `maximumConcurrency` cores at once (at most the
    /// active processor count: every parallel stream shares one pool of worker threads) and
    /// delivered in input order.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "events.jsonl")
    /// for try await event in decoder.jsonLines(of: Event.self, contentsOf: url).parallel() {
    ///     print(event.id)
    /// }
    /// ```
    ///
    /// See ``ParallelJSONStream`` for what is read ahead, and how errors and skipped elements
    /// are reported (exactly as this stream reports them).
    public func parallel(
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        lookAhead: Int = 1024, lookAheadBytes: Int = 16 * 1024 * 1024
    ) -> ParallelJSONStream<Element> {
        ParallelJSONStream(maximumConcurrency, lookAhead, lookAheadBytes) { makeIterator() }
    }
}

extension AsyncJSONStream where Element: Sendable {
    /// The same elements, decoded on up to `maximumConcurrency` cores at once (at most the
    /// active processor count: every parallel stream shares one pool of worker threads) and
    /// delivered in input order.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await status in decoder.elements(of: Status.self, in: bytes, at: "statuses").parallel(lookAhead: 64) {
    ///     print(status.id)
    /// }
    /// ```
    ///
    /// See ``ParallelJSONStream`` for what is read ahead.
    public func parallel(
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        lookAhead: Int = 1024, lookAheadBytes: Int = 16 * 1024 * 1024
    ) -> ParallelJSONStream<Element> {
        ParallelJSONStream(maximumConcurrency, lookAhead, lookAheadBytes) { makeAsyncIterator() }
    }
}

/// How far a parallel stream may run ahead of its consumer.
struct ParallelLimits: Sendable {
    let concurrency: Int
    let elements: Int
    let bytes: Int
    /// Elements and bytes handed to one task: enough to pay for the task, few enough that
    /// every worker gets some of the look-ahead.
    let batchElements: Int
    let batchBytes: Int
    /// Two batches a worker: each has the next one queued when it finishes, however late the
    /// consumer is scheduled to hand it more.
    var batchesInFlight: Int { 2 * concurrency }

    init(concurrency: Int, elements: Int, bytes: Int, poolSize: Int = ParallelDecodingPool.shared.size) {
        // The shared pool has a thread a core: more batches at once would only wait for one.
        self.concurrency = min(poolSize, max(1, concurrency))
        self.elements = max(1, elements)
        self.bytes = max(1, bytes)
        batchElements = max(1, self.elements / (2 * self.concurrency))
        batchBytes = max(1, min(64 * 1024, self.bytes / (2 * self.concurrency)))
    }
}

/// Elements of a ``JSONStream`` or ``AsyncJSONStream`` decoded on several cores, delivered in
/// input order. Made by `stream.parallel(maximumConcurrency:lookAhead:lookAheadBytes:)`:
///
/// ```swift
/// let lines = decoder.jsonLines(of: LogLine.self, contentsOf: url)
/// for try await line in lines.parallel(maximumConcurrency: 4, lookAhead: 256) {
///     print(line.message)
/// }
/// ```
///
/// One framer finds where each element starts and ends, as the sequential stream does; the
/// framed bytes are decoded in batches on worker threads, at most `maximumConcurrency`
/// batches at a time; the results are put back in input order. The worker threads are one
/// pool for the whole process, made when first needed and no larger than the active
/// processor count, which every parallel stream shares: several streams at once take turns
/// on the cores rather than each starting threads of its own. At most `lookAhead` elements and about `lookAheadBytes` of their bytes are framed
/// ahead of the element being delivered, so memory stays bounded; reading stops when either
/// limit is reached and resumes as the consumer catches up.
///
/// What the consumer sees is what the sequential stream gives: the same elements in the same
/// order, then the same ``JSONStreamError`` (same kind, index, offset, line and column) in
/// place of the first element that fails, after every element before it.
/// ``JSONStreamOptions/onSkippedElement`` is called in input order, on the consumer's task. A
/// cancelled task stops before the next read with `CancellationError`; decoding already under
/// way for elements read ahead is abandoned. The element type must be `Sendable`, since
/// elements are made on other threads; each iteration reads the source again from the start.
/// `maximumConcurrency` is capped at the active processor count (the size of the pool). A
/// batch that no worker has started 50 milliseconds after the consumer began to wait for it,
/// while the pool finished no job, is decoded on the consumer's thread, so that a stream
/// finishes even when every pool thread is held (for instance by decodes that wait for a
/// parallel stream of their own).
public struct ParallelJSONStream<Element: Sendable>: AsyncSequence {
    let limits: ParallelLimits
    let makeSource: () -> any FrameSource<Element>
    /// The process's pool, or a test's own.
    let pool: ParallelDecodingPool

    init(
        _ concurrency: Int, _ elements: Int, _ bytes: Int, pool: ParallelDecodingPool = .shared,
        makeSource: @escaping () -> any FrameSource<Element>
    ) {
        limits = ParallelLimits(concurrency: concurrency, elements: elements, bytes: bytes, poolSize: pool.size)
        self.pool = pool
        self.makeSource = makeSource
    }

    /// An iterator for `for try await`: `var iterator = stream.makeAsyncIterator()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: makeSource(), limits: limits, pool: pool)
    }

    /// The iterator of a ``ParallelJSONStream``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// while let status = try await iterator.next() { print(status.id) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private typealias Results = [Result<Element, JSONStreamError>]

        /// What waits to be delivered, in input order.
        private enum Pending {
            case batch(BatchResults<Element>, elements: Int, bytes: Int)
            /// What ended the source (a framing or reading error), after the batches before it.
            case failure(any Error)
        }

        private var source: any FrameSource<Element>
        private let recipe: StreamRecipe<Element>
        private let limits: ParallelLimits
        private var pending: [Pending] = []
        private var ready: Results = []
        private var readyIndex = 0
        private var readyBytes = 0
        /// The batch being gathered: its elements' bytes, one after another in one buffer
        /// (one allocation a batch, let go by the worker, instead of one an element), and
        /// where each element is in it.
        private var batchBytes: [UInt8] = []
        private var batch: [(Range<Int>, Frame)] = []
        /// Elements and bytes framed and not yet delivered.
        private var elementsAhead = 0
        private var bytesAhead = 0
        private var sourceEnded = false
        private var finished = false
        /// This iteration's share of the process's worker threads: at most
        /// `limits.concurrency` of its batches run at once; the batches in flight bound the
        /// work queued.
        private let lane: PoolLane
        private let pool: ParallelDecodingPool
        /// The batches started and not yet delivered, shared by copies of this iterator: when
        /// the last copy goes (a `break` out of the loop), its `deinit` tells their workers to
        /// stop, as an error or cancellation does.
        private let inFlight = InFlightBatches<Element>()

        init(source: any FrameSource<Element>, limits: ParallelLimits, pool: ParallelDecodingPool) {
            self.source = source
            recipe = source.recipe
            self.limits = limits
            self.pool = pool
            lane = PoolLane(pool: pool, limit: limits.concurrency)
            batchBytes.reserveCapacity(limits.batchBytes)
        }

        /// The next element in input order, `nil` after the last one or after an error.
        ///
        /// ```swift
        /// let first = try await iterator.next()
        /// ```
        ///
        /// - Throws: ``JSONStreamError``, the source's error, or `CancellationError`.
        public mutating func next() async throws -> Element? {
            while !finished {
                if readyIndex < ready.count {
                    let result = ready[readyIndex]
                    readyIndex += 1
                    elementsAhead -= 1
                    if readyIndex == ready.count {
                        ready = []
                        readyIndex = 0
                        bytesAhead -= readyBytes
                        readyBytes = 0
                    }
                    switch result {
                    case .success(let element): return element
                    case .failure(let failure):
                        if recipe.skips(failure) { continue }
                        stop()
                        throw failure
                    }
                }
                do {
                    try await fill(reading: true)
                    try Task.checkCancellation()
                } catch {
                    stop()
                    throw error
                }
                guard !pending.isEmpty else {
                    finished = true
                    return nil
                }
                switch pending.removeFirst() {
                case .batch(let results, let elements, let bytes):
                    ready = await results.value(claimingAfter: .milliseconds(50), unlessProgressIn: pool)
                    inFlight.delivered()
                    if Task.isCancelled {
                        stop()
                        throw CancellationError()
                    }
                    readyBytes = bytes
                    elementsAhead -= elements - ready.count
                    // Keeps the workers busy while the consumer takes this batch, from what
                    // has been read already: a slow source never holds back a ready element.
                    try? await fill(reading: false)
                case .failure(let error):
                    stop()
                    throw error
                }
            }
            return nil
        }

        /// Frames elements and hands them to tasks, until the limits, the end of the source,
        /// or (without `reading`) the end of what was read.
        private mutating func fill(reading: Bool) async throws {
            while !sourceEnded, pending.count < limits.batchesInFlight,
                elementsAhead < limits.elements, bytesAhead < limits.bytes
            {
                let pull: BatchFramePull
                do {
                    pull = try source.nextFrame(appendingTo: &batchBytes)
                } catch {
                    end(with: error)
                    return
                }
                switch pull {
                case .frame(let range, let frame):
                    batch.append((range, frame))
                    elementsAhead += 1
                    bytesAhead += range.count
                    if batch.count >= limits.batchElements || batchBytes.count >= limits.batchBytes { startBatch() }
                case .needMore:
                    // What was framed goes to work before the wait for more bytes.
                    startBatch()
                    guard reading else { return }
                    do {
                        try await source.readMore()
                    } catch let error as CancellationError {
                        throw error
                    } catch {
                        end(with: error)
                        return
                    }
                case .finished:
                    startBatch()
                    sourceEnded = true
                }
            }
            startBatch()
        }

        /// The source failed: its error comes after the elements framed before it.
        private mutating func end(with error: any Error) {
            startBatch()
            pending.append(.failure(error))
            sourceEnded = true
        }

        /// Hands the frames gathered so far to the pool. Its threads rather than a task: the
        /// decoding is long work for the CPU, which must not wait for a thread of the
        /// cooperative pool (a program may hold one blocked, and it has one a core).
        private mutating func startBatch() {
            guard !batch.isEmpty else { return }
            let frames = batch
            let bytes = batchBytes
            let recipe = recipe
            let results = BatchResults<Element> { results in
                var decoded: Results = []
                decoded.reserveCapacity(frames.count)
                var context = recipe.makeContext()
                for (range, frame) in frames {
                    // The second: a batch the consumer decodes itself, whose task is cancelled.
                    if results.isCancelled || Task.isCancelled { break }
                    let result = recipe.decodeElement(bytes[range], frame, in: &context)
                    decoded.append(result)
                    // Elements after a failure that ends the stream would never be delivered.
                    if case .failure = result, !recipe.options.skipsFailingElements { break }
                }
                return decoded
            }
            // Weak: a batch the consumer decoded itself (the pool held) must not stay reachable,
            // with its elements, from a job the lane has not started.
            lane.submit { [weak results] in results?.runIfUnclaimed() }
            pending.append(.batch(results, elements: frames.count, bytes: bytes.count))
            inFlight.started(results)
            batch = []
            batchBytes = []
            batchBytes.reserveCapacity(limits.batchBytes)
        }

        /// Ends the iteration: abandons the decoding under way.
        private mutating func stop() {
            inFlight.cancelAll()
            pending = []
            ready = []
            readyIndex = 0
            batch = []
            batchBytes = []
            finished = true
        }
    }
}

/// The results of one batch: made by a worker, or by the consumer when no worker has taken the
/// work after a while, and awaited by the consumer.
final class BatchResults<Element: Sendable>: @unchecked Sendable {
    typealias Results = [Result<Element, JSONStreamError>]
    typealias Work = @Sendable (BatchResults) -> Results

    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    /// The decoding still to do, until a thread claims it.
    private var work: Work?
    private var results: Results?
    /// The consumer's wait: resumed with the results, with none when it is cancelled, or
    /// with `nil` to have it do the work itself.
    private var waiter: CheckedContinuation<Results?, Never>?
    private var cancelled = false
    /// The patience ran out before the consumer began to wait: the wait ends at once.
    private var nudged = false

    /// A batch whose results `work` makes (it is passed the batch, to see a cancellation).
    init(work: Work? = nil) {
        self.work = work
    }

    /// Whether the consumer gave up on these results: the worker stops.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// The consumer gave up on these results: the work, with the bytes it holds, is let go
    /// at once rather than when a pool thread comes to it.
    func cancel() {
        let dropped = lock.withLock { () -> Work? in
            cancelled = true
            defer { work = nil }
            return work
        }
        _ = dropped // let go here, outside the lock
    }

    /// Does the work on this thread unless another claimed it first: `batch.runIfUnclaimed()`.
    func runIfUnclaimed() {
        let claimed = lock.withLock { () -> Work? in
            defer { work = nil }
            return cancelled ? nil : work
        }
        if let claimed { complete(claimed(self)) }
    }

    /// Called once, by the thread that did the work.
    func complete(_ results: Results) {
        let waiter = lock.withLock { () -> CheckedContinuation<Results?, Never>? in
            defer { self.waiter = nil }
            if self.waiter == nil { self.results = results }
            return self.waiter
        }
        waiter?.resume(returning: results)
    }

    /// The results (none, at once, when the waiting task is cancelled: the worker then stops
    /// at its next element); when no worker has started the work `patience` after the wait began and
    /// `pool` has finished no job meanwhile, the consumer does it. A pool that finishes jobs
    /// will come to this one, and the consumer waits on: the decodes at once stay within the
    /// pool's threads. One that finishes none has every thread held, perhaps by decodes that
    /// themselves wait for this stream (a model whose decoding reads a parallel stream), which
    /// only the consumer can then free. Without a pool (a test's batch), `patience` alone.
    func value(claimingAfter patience: DispatchTimeInterval, unlessProgressIn pool: ParallelDecodingPool? = nil) async -> Results {
        while true {
            let unclaimed = lock.withLock { work != nil }
            if unclaimed { scheduleNudge(after: patience, watching: pool) }
            if let results = await wait() { return results }
            runIfUnclaimed()
        }
    }

    /// After `patience`, ``nudge()``, unless `pool` finished a job meanwhile: then the same
    /// again while the work is unclaimed.
    private func scheduleNudge(after patience: DispatchTimeInterval, watching pool: ParallelDecodingPool?) {
        let seen = pool?.completedJobs
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) { [weak self] in
            guard let self else { return }
            if let pool, pool.completedJobs != seen {
                if self.lock.withLock({ self.work != nil && !self.cancelled }) { self.scheduleNudge(after: patience, watching: pool) }
                return
            }
            self.nudge()
        }
    }

    /// The results, none when cancelled, or `nil` after ``nudge()``.
    private func wait() async -> Results? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Resumed now (with the results, none, or `nil` for a nudge) or by whoever
                // ends the wait.
                var now = true
                var answer: Results?
                lock.withLock {
                    if let results {
                        answer = results
                    } else if cancelled {
                        answer = []
                    } else if nudged, work != nil {
                        nudged = false
                    } else {
                        waiter = continuation
                        now = false
                    }
                }
                if now { continuation.resume(returning: answer) }
            }
        } onCancel: {
            abandon()
        }
    }

    /// The patience ran out: if the work is still unclaimed, the waiting consumer takes it.
    private func nudge() {
        lock.lock()
        let waiting = work != nil && !cancelled ? waiter : nil
        if work != nil, !cancelled, waiting == nil { nudged = true }
        if waiting != nil { waiter = nil }
        lock.unlock()
        waiting?.resume(returning: nil)
    }

    /// The waiting task was cancelled: the worker stops, and the wait ends with no results.
    private func abandon() {
        let (waiter, dropped) = lock.withLock { () -> (CheckedContinuation<Results?, Never>?, Work?) in
            cancelled = true
            defer {
                self.waiter = nil
                work = nil
            }
            return (self.waiter, work)
        }
        _ = dropped // let go here, outside the lock
        waiter?.resume(returning: [])
    }
}

/// The batches an iteration started and has not delivered, oldest first. A class, so that the
/// iteration's end, however it comes, stops their workers: a `break` out of `for try await`
/// just drops the iterator.
final class InFlightBatches<Element: Sendable>: @unchecked Sendable {
    // @unchecked: used only by the iterator that owns it, which is not shared between tasks
    // (`AsyncIteratorProtocol`'s `next()` is mutating); the workers never see it.
    private var batches: [BatchResults<Element>] = []

    func started(_ batch: BatchResults<Element>) { batches.append(batch) }

    /// The oldest batch was delivered.
    func delivered() {
        if !batches.isEmpty { batches.removeFirst() }
    }

    func cancelAll() {
        for batch in batches { batch.cancel() }
        batches = []
    }

    deinit {
        for batch in batches { batch.cancel() }
    }
}
