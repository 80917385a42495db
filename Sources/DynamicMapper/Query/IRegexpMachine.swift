/// A Pike VM over Unicode scalars: all threads advance together one scalar at a time, and a
/// program position holds at most one thread per step, so a run costs at most the program's
/// size per scalar and never backtracks.
struct IRegexpMachine {
    private let regexp: IRegexp

    init(_ regexp: IRegexp) {
        self.regexp = regexp
    }

    /// Whether `text` matches: wholly when `anchored`, anywhere otherwise.
    func run(_ text: String.UnicodeScalarView, anchored: Bool) -> Bool {
        let program = regexp.program
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        // Positions still to follow through jumps and splits (an explicit stack, not recursion).
        var pending: [Int] = []
        let length = text.count
        var offset = 0
        func addThread(_ start: Int, to list: inout ThreadList) -> Bool {
            Self.addThread(start, to: &list, program: program, pending: &pending, atStart: offset == 0, atEnd: offset == length)
        }
        if addThread(0, to: &current) && !anchored { return true }
        for scalar in text {
            offset += 1
            next.clear()
            var accepted = false
            for position in current.positions {
                let takes: Bool
                switch program[position] {
                case .scalar(let expected): takes = scalar == expected
                case .dot: takes = scalar != "\n" && scalar != "\r"
                case .set(let index): takes = regexp.sets[index].contains(scalar)
                case .split, .jump, .accept, .assertStart, .assertEnd: takes = false
                }
                if takes, addThread(position + 1, to: &next) { accepted = true }
            }
            if !anchored {
                if accepted { return true }
                // A match may start at every scalar.
                if addThread(0, to: &next) { return true }
            }
            swap(&current, &next)
            if current.positions.isEmpty { return false }
        }
        return current.positions.contains { if case .accept = program[$0] { return true } else { return false } }
    }

    /// Adds the thread at `start` and every position reachable from it without reading,
    /// keeping only positions that read or accept; true when one accepts.
    private static func addThread(_ start: Int, to list: inout ThreadList, program: [IRegexp.Instruction], pending: inout [Int],
                                  atStart: Bool, atEnd: Bool) -> Bool {
        var accepts = false
        pending.append(start)
        while let position = pending.popLast() {
            guard list.insert(position) else { continue }
            switch program[position] {
            case .jump(let target): pending.append(target)
            case .assertStart: if atStart { pending.append(position + 1) }
            case .assertEnd: if atEnd { pending.append(position + 1) }
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .accept:
                accepts = true
                list.positions.append(position)
            case .scalar, .dot, .set:
                list.positions.append(position)
            }
        }
        return accepts
    }

    /// The positions of one step's threads, with constant-time membership (a sparse set
    /// stamped by generation, so clearing costs nothing).
    private struct ThreadList {
        var positions: [Int] = []
        private var stamps: [Int]
        private var generation = 1

        init(capacity: Int) {
            stamps = Array(repeating: 0, count: capacity)
        }

        mutating func clear() {
            positions.removeAll(keepingCapacity: true)
            generation += 1
        }

        /// Marks `position` seen this step; false when it already was.
        mutating func insert(_ position: Int) -> Bool {
            guard stamps[position] != generation else { return false }
            stamps[position] = generation
            return true
        }
    }
}
