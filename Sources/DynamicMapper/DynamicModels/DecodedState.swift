/// What a decoded model's view remembers of its decode: the node it came from, so that an
/// encoder can tell the model's changes from the document's, and the `<--`/`<->` reads that
/// left their property without the document's value.
struct DecodedState: Sendable {
    let document: Document
    let index: Int
    /// By path below the model: what the property held after a read that found nothing it
    /// could use (a missing value, a value of another type, or `null`). While the property
    /// still holds that, the program has not changed it, and encoding writes nothing there.
    var unchangedReads = UnchangedReads()

    /// The value the document held at `steps` below the model, if any.
    func original(at steps: some Collection<Path.Component>) -> OverlayNode? {
        OverlayNode.source(document, index).descendant(at: steps)
    }
}

/// The ``ReadSnapshot``s of one model's reads, by the path below the model. A model has few
/// (its missing, `null` or unreadable keys), so they are kept in a list searched in order, with
/// a dictionary beside it only for a model that has many: a dictionary alone hashed every path
/// on insert and on each lookup, and an array key had to be made for it each time, which cost
/// a read that left its property alone more than the rest of the read.
struct UnchangedReads: Sendable {
    private var list: [(steps: ViewSteps, snapshot: ReadSnapshot)] = []
    /// Positions in `list`, made once it holds `indexedCount` snapshots.
    private var index: [[Path.Component]: Int]?
    private static var indexedCount: Int { 16 }

    var isEmpty: Bool { list.isEmpty }

    /// The snapshot of the read at `steps`, if that read left its property alone.
    subscript(steps: ViewSteps) -> ReadSnapshot? {
        position(of: steps).map { list[$0].snapshot }
    }

    /// Records `snapshot` for the read at `steps`, replacing an earlier one.
    mutating func record(_ snapshot: ReadSnapshot, at steps: ViewSteps) {
        if let position = position(of: steps) {
            list[position].snapshot = snapshot
            return
        }
        list.append((steps, snapshot))
        if index != nil {
            index?[steps.array] = list.count - 1
        } else if list.count >= Self.indexedCount {
            var positions: [[Path.Component]: Int] = [:]
            for (position, entry) in list.enumerated() { positions[entry.steps.array] = position }
            index = positions
        }
    }

    private func position(of steps: ViewSteps) -> Int? {
        if let index { return index[steps.array] }
        // Compared in place: a closure over the entries copied each entry's steps.
        for position in list.indices where list[position].steps == steps { return position }
        return nil
    }
}

/// A property's value right after a read that did not give it the document's value, as the
/// default encoder writes it (`null` for `nil`).
struct ReadSnapshot: Sendable, Equatable {
    let value: JSON
    /// `true` for `<--` (whose write back, if any, is a `-->` closure's `set`); `false` for `<->`.
    let oneWay: Bool

    /// `value` as the default encoder writes it, or `nil` when it cannot be encoded.
    static func encoding<T: Encodable>(_ value: T) -> JSON? {
        // The kinds most properties have, written as the encoder writes them without building
        // an encoder (a model's defaults for missing keys come here once per decode).
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .number(JSON.Number(validated: String(number)))
        case let flag as Bool: return .bool(flag)
        case let optional as any AnyOptional where optional.isNone: return .null
        default: return try? TreeEncoder.wrap(value, options: .defaultEncoding, path: [])?.json
        }
    }
}
