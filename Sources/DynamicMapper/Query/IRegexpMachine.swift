/// A Pike VM over Unicode scalars: all threads advance together one scalar at a time, and a
/// program position holds at most one thread per step, so a run costs at most the program's
/// size per scalar and never backtracks.
///
/// A machine keeps its thread lists between runs, so one evaluation that tests a pattern on
/// many strings allocates them once.
struct IRegexpMachine {
    private let regexp: IRegexp
    private var current: ThreadList
    private var next: ThreadList
    /// Positions still to follow through jumps and splits (an explicit stack, not recursion).
    private var pending: [Int] = []

    init(_ regexp: IRegexp) {
        self.regexp = regexp
        current = ThreadList(capacity: regexp.program.count)
        next = ThreadList(capacity: regexp.program.count)
    }

    /// The program's size: what keeping this machine costs.
    var size: Int { regexp.program.count }

    /// Whether `text` matches: wholly when `anchored`, anywhere otherwise. Each scalar read and
    /// each thread step taken is charged to `budget`; `nil` when it runs out.
    mutating func run(_ text: String.UnicodeScalarView, anchored: Bool, budget: inout Int) -> Bool? {
        let program = regexp.program
        // The lists are moved out while the run uses them (and back after), so that they stay
        // uniquely held and are reused in place.
        var current = ThreadList(capacity: 0)
        var next = ThreadList(capacity: 0)
        var pending: [Int] = []
        swap(&current, &self.current)
        swap(&next, &self.next)
        swap(&pending, &self.pending)
        defer {
            swap(&current, &self.current)
            swap(&next, &self.next)
            swap(&pending, &self.pending)
        }
        func addThread(_ start: Int, to list: inout ThreadList, atStart: Bool, atEnd: Bool, steps: inout Int) -> Bool {
            Self.addThread(start, to: &list, program: program, pending: &pending, atStart: atStart, atEnd: atEnd, steps: &steps)
        }
        current.clear()
        next.clear()
        var steps = 0
        let length = text.count
        var offset = 0
        budget -= length
        if addThread(0, to: &current, atStart: true, atEnd: length == 0, steps: &steps) && !anchored {
            budget -= steps
            return true
        }
        for scalar in text {
            offset += 1
            next.clear()
            var accepted = false
            let atEnd = offset == length
            for position in current.positions {
                let takes: Bool
                switch program[position] {
                case .scalar(let expected): takes = scalar == expected
                case .dot: takes = scalar != "\n" && scalar != "\r"
                case .set(let index): takes = regexp.sets[index].contains(scalar)
                case .split, .jump, .accept, .assertStart, .assertEnd: takes = false
                }
                if takes, addThread(position + 1, to: &next, atStart: false, atEnd: atEnd, steps: &steps) { accepted = true }
            }
            if !anchored {
                if accepted {
                    budget -= steps
                    return true
                }
                // A match may start at every scalar.
                if addThread(0, to: &next, atStart: false, atEnd: atEnd, steps: &steps) {
                    budget -= steps
                    return true
                }
            }
            swap(&current, &next)
            // Charged as it goes, so a long text stops as soon as the budget is spent.
            budget -= steps
            steps = 0
            if budget < 0 { return nil }
            if current.positions.isEmpty { return false }
        }
        budget -= steps
        return current.positions.contains { if case .accept = program[$0] { return true } else { return false } }
    }

    /// Adds the thread at `start` and every position reachable from it without reading,
    /// keeping only positions that read or accept; true when one accepts. Counts in `steps`
    /// every position it looks at.
    private static func addThread(
        _ start: Int, to list: inout ThreadList, program: [IRegexp.Instruction], pending: inout [Int],
        atStart: Bool, atEnd: Bool, steps: inout Int
    ) -> Bool {
        var accepts = false
        pending.append(start)
        while let position = pending.popLast() {
            steps += 1
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
