extension JSON {
    /// How many values this one holds, itself included (a scalar is 1, `[1, [2]]` is 4), and
    /// how many arrays and objects nest on its deepest path (0 for a scalar, 2 for `[1, [2]]`);
    /// `nil` as soon as the count passes `nodeLimit`, so that measuring a value too large to
    /// accept costs no more than the limit.
    ///
    /// Iterative, so values of any depth are measured on any thread.
    func measure(nodeLimit: Int = .max) -> (nodes: Int, nesting: Int)? {
        var nodes = 0
        var nesting = 0
        var pending: [(value: JSON, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            nodes += 1
            guard nodes <= nodeLimit else { return nil }
            switch value {
            case .array(let elements):
                nesting = max(nesting, depth + 1)
                for element in elements { pending.append((element, depth + 1)) }
            case .object(let object):
                nesting = max(nesting, depth + 1)
                for member in object.values { pending.append((member, depth + 1)) }
            default:
                break
            }
        }
        return (nodes, nesting)
    }
}
