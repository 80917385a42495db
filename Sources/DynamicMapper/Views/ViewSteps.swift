/// The steps from a view's root to it. Up to four are stored inline (`ds.a.b[0].c`), so
/// walking down a view allocates nothing in the usual case; longer paths spill to an array.
struct ViewSteps: RandomAccessCollection, Sendable {
    private var inline: (Path.Component, Path.Component, Path.Component, Path.Component)
    private var inlineCount: Int
    private var overflow: [Path.Component]

    init() {
        inline = (.index(0), .index(0), .index(0), .index(0))
        inlineCount = 0
        overflow = []
    }

    /// One step: `ds.key`, which a mapping body makes for every line. Stored as it is made,
    /// rather than by ``append(_:)``, which first destroys what the slot held.
    init(_ first: Path.Component) {
        inline = (first, .index(0), .index(0), .index(0))
        inlineCount = 1
        overflow = []
    }

    init(_ steps: some Sequence<Path.Component>) {
        self.init()
        for step in steps { append(step) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { inlineCount + overflow.count }

    subscript(position: Int) -> Path.Component {
        switch position {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        case 3: return inline.3
        default: return overflow[position - 4]
        }
    }

    /// The steps as an array (the key of ``DecodedState/unchangedReads``). Short paths are
    /// built directly: `Array(steps)` went through the general collection copy, which cost a
    /// read that left its property alone more than the rest of remembering it.
    var array: [Path.Component] {
        guard overflow.isEmpty else { return Array(self) }
        switch inlineCount {
        case 0: return []
        case 1: return [inline.0]
        case 2: return [inline.0, inline.1]
        case 3: return [inline.0, inline.1, inline.2]
        default: return [inline.0, inline.1, inline.2, inline.3]
        }
    }

    mutating func append(_ step: Path.Component) {
        switch inlineCount {
        case 0: inline.0 = step
        case 1: inline.1 = step
        case 2: inline.2 = step
        case 3: inline.3 = step
        default:
            overflow.append(step)
            return
        }
        inlineCount += 1
    }
}

extension ViewSteps: Equatable {
    static func == (lhs: ViewSteps, rhs: ViewSteps) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for position in 0..<lhs.count where lhs[position] != rhs[position] { return false }
        return true
    }
}
