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

extension JSON {
    /// Hashes the value consistently with `==`: numbers by exact value, objects whatever their
    /// key order.
    ///
    /// ```swift
    /// Set<JSON>([["a": 1, "b": 2], ["b": 2, "a": 1.0]]).count   // 1
    /// ```
    ///
    /// Iterative, like `==`: each container's digest is made from its children's, with the
    /// values still to visit on a heap stack, so values of any depth hash on any thread.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// A hash of the whole value, computed bottom-up without recursion.
    var digest: Int {
        // `false`: visit the value; `true`: its children's digests are on `digests`, combine them.
        var pending: [(value: JSON, childrenDone: Bool)] = [(self, false)]
        var digests: [Int] = []
        while let (value, childrenDone) = pending.popLast() {
            switch value {
            case .array(let elements):
                if childrenDone {
                    var hasher = Hasher()
                    hasher.combine(4)
                    hasher.combine(elements.count)
                    for digest in digests.suffix(elements.count) { hasher.combine(digest) }
                    digests.removeLast(elements.count)
                    digests.append(hasher.finalize())
                } else {
                    pending.append((value, true))
                    for element in elements.reversed() { pending.append((element, false)) }
                }
            case .object(let object):
                if childrenDone {
                    // Order-independent: each member's hash is summed, as `==` ignores order.
                    var combined = 0
                    for (key, digest) in zip(object.keys, digests.suffix(object.count)) {
                        var member = Hasher()
                        member.combine(key)
                        member.combine(digest)
                        combined = combined &+ member.finalize()
                    }
                    digests.removeLast(object.count)
                    var hasher = Hasher()
                    hasher.combine(5)
                    hasher.combine(object.count)
                    hasher.combine(combined)
                    digests.append(hasher.finalize())
                } else {
                    pending.append((value, true))
                    for member in object.values.reversed() { pending.append((member, false)) }
                }
            default:
                var hasher = Hasher()
                switch value {
                case .null: hasher.combine(0)
                case .bool(let flag): hasher.combine(1); hasher.combine(flag)
                case .number(let number): hasher.combine(2); hasher.combine(number)
                case .string(let text): hasher.combine(3); hasher.combine(text)
                case .array, .object: break
                }
                digests.append(hasher.finalize())
            }
        }
        return digests.last ?? 0
    }
}
