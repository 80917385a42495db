import Foundation

/// One decode's reporting, carried by its ``DecodingOptions`` so that every decoder of the
/// decode (nested, super, flat) finds it: where events go, where the decode's root sits when
/// it runs inside another decoder's document (``Keyed``), and which nodes were read.
///
/// Only the slow paths look at it (a default used, an element dropped, a value converted); a
/// decode without a report has none and pays nothing more.
final class DecodeReporting: @unchecked Sendable {
    // @unchecked: used by the one thread running the decode; the recorder locks.
    let recorder: DecodeReport.Recorder
    let document: Document
    /// The coding path of the decode's root in an outer decode (empty for a decode of its own).
    let codingPrefix: [any CodingKey]
    /// Which nodes were read, when unread keys are asked for.
    let readTracker: ReadTracker?

    init(recorder: DecodeReport.Recorder, document: Document, codingPrefix: [any CodingKey]) {
        self.recorder = recorder
        self.document = document
        self.codingPrefix = codingPrefix
        readTracker = recorder.options.contains(.unreadKeys) ? ReadTracker(document: document) : nil
    }

    /// Where walks to reported nodes of ``document`` entered its arrays (see
    /// ``Document/components(to:cursors:)``).
    private var arrayCursors: Document.ArrayCursors = [:]

    /// The keys and indexes from the root of `document` to its node `target`.
    func components(to target: Int, in document: Document) -> [Path.Component] {
        guard document === self.document else {
            var cursors: Document.ArrayCursors = [:]
            return document.components(to: target, cursors: &cursors)
        }
        return document.components(to: target, cursors: &arrayCursors)
    }

    /// Records an event whose document place is `components` in `document` (or, for another
    /// document, the coding path).
    func record(
        _ kind: DecodeReport.Kind, in document: Document, components: [Path.Component], codingPath: [any CodingKey], value: String?, failure: (any Error)?
    ) {
        let prefix = Path(codingPath: codingPrefix).components
        let place = document === self.document ? prefix + components : Path(codingPath: codingPrefix + codingPath).components
        recorder.record(
            DecodeReport.Event(
                kind: kind, path: Path(place), codingPath: Path(codingPath: codingPrefix + codingPath),
                value: value, failure: failure.map(DecodeReport.Failure.init)))
    }

    /// Adds an event for each document key that no model read, after the decode: the topmost
    /// one of each unread subtree, in document order.
    func recordUnreadKeys(modelReads: NodeBits?) {
        guard let tracker = readTracker else { return }
        let nodes = document.nodes
        var unread: [(key: Int, components: [Path.Component])] = []
        var pending: [(node: Int, components: [Path.Component])] = [(0, [])]
        while let (container, components) = pending.popLast() {
            let node = nodes[container]
            guard node.kind == .object || node.kind == .array, !tracker.isMarked(container) else { continue }
            for (position, child) in document.children(of: container).enumerated() {
                if node.kind == .array {
                    pending.append((child, components + [.index(position)]))
                } else {
                    let place = components + [.key(document.string(nodes[child]))]
                    if tracker.isMarked(child) || modelReads?.isMarked(child) == true {
                        pending.append((child + 1, place))
                    } else {
                        unread.append((child, place))
                    }
                }
            }
        }
        for (key, components) in unread.sorted(by: { $0.key < $1.key }) {
            record(
                .unreadKey, in: document, components: components, codingPath: components.map(\.codingPathStep.codingKey),
                value: document.reportText(at: key + 1), failure: nil)
        }
    }
}

/// Which nodes of a document a reporting decode read: key nodes asked for, and containers
/// taken whole (a ``JSON`` or ``DynamicClass`` property), in one bit per node.
/// Owns its bits' memory, freed in `deinit`.
final class ReadTracker {
    let document: Document
    let bits: NodeBits
    /// Each node's container (-1 for the root), made when a read by path first needs it.
    private var parents: [Int32] = []

    init(document: Document) {
        self.document = document
        bits = .allocate(count: document.nodes.count)
    }

    deinit {
        bits.deallocate()
    }

    func isMarked(_ index: Int) -> Bool { bits.isMarked(index) }

    /// Marks the container at `index` as read whole.
    func markConsumed(_ index: Int) {
        bits.mark(index)
    }

    /// Marks the keys on the way from the root to `index`: a value reached by a path (a nested
    /// key, a `<--` read, a flat object) is read, and so are the keys leading to it.
    func markRoute(to index: Int) {
        if parents.isEmpty { parents = Self.parents(of: document) }
        var node = index
        while node > 0 {
            let parent = Int(parents[node])
            guard parent >= 0 else { return }
            if document.nodes[parent].kind == .object { bits.mark(node - 1) }
            node = parent
        }
    }

    private static func parents(of document: Document) -> [Int32] {
        let nodes = document.nodes
        var parents = [Int32](repeating: -1, count: nodes.count)
        var open: [Int] = []
        for index in 0..<nodes.count {
            while let last = open.last, index >= Int(nodes[last].end) { open.removeLast() }
            parents[index] = Int32(truncatingIfNeeded: open.last ?? -1)
            if nodes[index].kind == .object || nodes[index].kind == .array { open.append(index) }
        }
        return parents
    }
}

extension Document {
    /// Where a walk last entered each array, by the array's node: its element node and index.
    typealias ArrayCursors = [Int: (child: Int, position: Int)]

    /// The keys and indexes from the root to the node `target`.
    ///
    /// An array's index is counted by stepping over the elements before it; `cursors` lets a
    /// later walk into the same array start at the element an earlier one entered, when the
    /// target lies at or after it, so that reporting every element of a long array costs
    /// linear time, not quadratic.
    func components(to target: Int, cursors: inout ArrayCursors) -> [Path.Component] {
        var components: [Path.Component] = []
        var container = 0
        while container != target {
            let node = nodes[container]
            guard node.kind == .object || node.kind == .array, target < Int(node.end) else { break }
            var start = container + 1
            var position = 0
            if node.kind == .array, let cursor = cursors[container], cursor.child <= target {
                (start, position) = cursor
            }
            var descended = false
            var members = children(of: container, node: node, from: start)
            while let child = members.next() {
                // The member's value (an object's) or the element, with its descendants.
                let value = child + members.valueOffset
                if target >= value && target < members.position {
                    if node.kind == .array {
                        components.append(.index(position))
                        cursors[container] = (child, position)
                    } else {
                        components.append(.key(string(nodes[child])))
                    }
                    container = value
                    descended = true
                    break
                }
                position += 1
            }
            if !descended { break }
        }
        return components
    }

    /// The JSON text of the node `index` for a report: compact, shortened to 100 characters.
    /// A value nested deeper than ``JSON/maximumNesting`` (a document read with a raised
    /// `maximumDepth`) is described rather than built: releasing it would overflow the stack.
    func reportText(at index: Int) -> String {
        json(at: index, maximumNesting: JSON.maximumNesting)?.reportText
            ?? "(arrays and objects nested more than \(JSON.maximumNesting) deep)"
    }
}

extension JSON {
    /// The value's compact JSON text for a report, shortened to 100 characters.
    var reportText: String {
        let text = serializedString()
        let limit = 100
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}

extension DecoderImpl {
    /// Records `kind` for the value at `node`, whose coding path `codingPath` gives, when
    /// this decode reports.
    @inline(never)
    func report(_ kind: DecodeReport.Kind, node: Int, codingPath: @autoclosure () -> [any CodingKey], failure: (any Error)? = nil) {
        guard let reporting = options.reporting, !reporting.recorder.countIfFull() else { return }
        reporting.record(
            kind, in: document, components: reporting.components(to: node, in: document), codingPath: codingPath(),
            value: document.reportText(at: node), failure: failure)
    }

    /// Records `kind` for a value missing at `components` below the object `object`.
    ///
    /// Whether a report is being made is checked in the caller: a `@Mapped` default taken for
    /// a missing key passes a coding path that captures references, and making that closure
    /// for an out-of-line call retained them on every such property, report or not.
    @inline(__always)
    func report(
        _ kind: DecodeReport.Kind, missingAt components: [Path.Component], below object: Int, codingPath: @autoclosure () -> [any CodingKey],
        failure: (any Error)? = nil
    ) {
        guard options.reporting != nil else { return }
        recordMissing(kind, at: components, below: object, codingPath: codingPath(), failure: failure)
    }

    @inline(never)
    private func recordMissing(
        _ kind: DecodeReport.Kind, at components: [Path.Component], below object: Int, codingPath: @autoclosure () -> [any CodingKey],
        failure: (any Error)?
    ) {
        guard let reporting = options.reporting, !reporting.recorder.countIfFull() else { return }
        reporting.record(
            kind, in: document, components: reporting.components(to: object, in: document) + components, codingPath: codingPath(),
            value: nil, failure: failure)
    }

    /// Marks the container at `index` as read whole, when unread keys are reported.
    @inline(__always)
    func markConsumed(_ index: Int) {
        if let tracker = readTrackerForThisDocument { tracker.markConsumed(index) }
    }

    /// Marks the keys from the root to `index` as read (a value reached by a path).
    func markRouteForReport(to index: Int) {
        if let tracker = readTrackerForThisDocument { tracker.markRoute(to: index) }
    }

    /// The report's read tracker, when it tracks this decoder's document: a decoder over
    /// another document (a super decoder's `null` for a missing key) has node indexes that
    /// mean nothing there.
    private var readTrackerForThisDocument: ReadTracker? {
        guard let tracker = options.reporting?.readTracker, tracker.document === document else { return nil }
        return tracker
    }

    /// Starts a reporting decode: with unread keys asked for, every key lookup outside a
    /// dynamic model's own (which ``KeyUsage`` records) is marked too.
    func startReport() {
        guard let tracker = readTrackerForThisDocument else { return }
        setBaseKeyMarking(tracker.bits)
    }

    /// Ends a reporting decode: lists the keys nobody read, when asked.
    func finishReport() {
        options.reporting?.recordUnreadKeys(modelReads: modelKeyReads)
    }
}

extension JSONDocument {
    /// Decodes `type` as ``decode(_:using:)`` does, reporting to `recorder` (when there is one)
    /// with paths below `codingPrefix`.
    func decode<T: Decodable>(_ type: T.Type, using decoder: DynamicJSONDecoder, reportingTo recorder: DecodeReport.Recorder?, codingPrefix: [any CodingKey])
        throws -> T
    {
        var options = DecodingOptions(decoder)
        options.reporting = recorder.map { DecodeReporting(recorder: $0, document: storage, codingPrefix: codingPrefix) }
        let impl = DecoderImpl(document: storage, options: options, node: 0)
        impl.startReport()
        let value = try MappedFilling.withoutPending {
            type != T.self ? try impl.unwrap(dynamicType: type, at: 0) : try impl.unwrap(T.self, at: 0)
        }
        impl.finishReport()
        return value
    }
}
