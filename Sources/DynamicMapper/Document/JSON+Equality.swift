extension JSON {
    /// Whether two values are equal: the same kind, numbers of the same exact value, objects
    /// with the same members in any order, arrays with equal elements in the same order.
    ///
    /// ```swift
    /// JSON.array([1, ["a": true]]) == [1.0, ["a": true]]   // true
    /// ```
    ///
    /// Iterative, with the pairs still to compare on a heap stack, so values of any depth
    /// compare on any thread.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard a == b else { return false }
            case (.string(let a), .string(let b)):
                guard a == b else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (position, key) in a.keys.enumerated() {
                    guard let other = b[key] else { return false }
                    pending.append((a.values[position], other))
                }
            default:
                return false
            }
        }
        return true
    }
}
