extension JSON {
    /// The members of a JSON object, in the order they were read or inserted.
    ///
    /// ```swift
    /// var object = JSON.Object()
    /// object["b"] = 1
    /// object["a"] = 2
    /// object.keys          // ["b", "a"]
    /// object["b"] = nil    // removes "b"
    /// ```
    ///
    /// Keys are unique: setting an existing key replaces its value in place. Equality ignores
    /// order, as JSON does.
    public struct Object: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
        /// The keys in order: `(["b": 1, "a": 2] as JSON.Object).keys` is `["b", "a"]`.
        public private(set) var keys: [String] = []
        /// The values in the order of ``keys``: `(["b": 1, "a": 2] as JSON.Object).values` is `[1, 2]`.
        public private(set) var values: [JSON] = []
        /// Positions by key, built only once an object is big enough for linear search to hurt.
        private(set) var keyIndex: KeyIndex?

        static let indexThreshold = 12

        /// An empty object: `JSON.Object()`.
        public init() {}

        /// `let object: JSON.Object = ["a": 1]`; a repeated key keeps its first value.
        public init(dictionaryLiteral elements: (String, JSON)...) {
            for (key, value) in elements where index(forKey: key) == nil {
                append(key: key, value: value)
            }
        }

        /// An empty object with room for `capacity` members, indexed from the start when it
        /// will need it, for a builder that knows the member count.
        init(reservingCapacity capacity: Int) {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
            if capacity > Self.indexThreshold { keyIndex = KeyIndex(capacity: capacity) }
        }

        /// An object of `keys`, which a builder has checked are all different, with the
        /// `values` built so far (the rest follow through ``appendValue(_:)``, room reserved)
        /// and `keyIndex`, which must file every key when there are more than
        /// ``indexThreshold`` and be `nil` otherwise.
        init(uniqueKeys keys: [String], values: [JSON], keyIndex: KeyIndex?) {
            self.keys = keys
            self.values = values
            self.keyIndex = keyIndex
            if values.count < keys.count { self.values.reserveCapacity(keys.count) }
            if values.count == keys.count { checkInvariants() }
        }

        /// The number of members: `(["a": 1] as JSON.Object).count` is `1`.
        public var count: Int { keys.count }

        /// `true` when the object has no members: `JSON.Object().isEmpty` is `true`.
        public var isEmpty: Bool { keys.isEmpty }

        /// The position of `key` in ``keys``, or `nil`.
        ///
        /// ```swift
        /// let object: JSON.Object = ["a": 1, "b": 2]
        /// object.index(forKey: "b")   // 1
        /// ```
        public func index(forKey key: String) -> Int? {
            if let keyIndex { return keyIndex.position(of: key, hash: KeyIndex.hash(key), in: keys) }
            return keys.firstIndex(of: key)
        }

        /// The value for `key`; assigning `nil` removes the member, assigning a value replaces it
        /// in place or appends it.
        ///
        /// ```swift
        /// var object: JSON.Object = ["a": 1]
        /// object["a"] = "one"
        /// object["a"]   // .string("one")
        /// ```
        public subscript(key: String) -> JSON? {
            get {
                guard let position = index(forKey: key) else { return nil }
                return values[position]
            }
            set {
                if let position = index(forKey: key) {
                    if let newValue {
                        values[position] = newValue
                    } else {
                        removeMember(at: position)
                    }
                } else if let newValue {
                    append(key: key, value: newValue)
                }
            }
        }

        /// Removes and returns the value for `key`.
        ///
        /// ```swift
        /// var object: JSON.Object = ["a": 1]
        /// object.removeValue(forKey: "a")   // .number(1)
        /// ```
        @discardableResult
        public mutating func removeValue(forKey key: String) -> JSON? {
            guard let position = index(forKey: key) else { return nil }
            let value = values[position]
            removeMember(at: position)
            return value
        }

        /// Iterates `(key, value)` pairs in order.
        ///
        /// ```swift
        /// for (key, value) in object { print(key, value) }
        /// ```
        public func makeIterator() -> some IteratorProtocol<(key: String, value: JSON)> {
            var position = 0
            let keys = self.keys, values = self.values
            return AnyIterator {
                guard position < keys.count else { return nil }
                defer { position += 1 }
                return (keys[position], values[position])
            }
        }

        /// Adds a member known not to be present yet.
        mutating func append(key: String, value: JSON) {
            if keyIndex == nil, keys.count >= Self.indexThreshold {
                keyIndex = KeyIndex(keys: keys, capacity: keys.count + 1)
            }
            keyIndex?.insert(position: keys.count, hash: KeyIndex.hash(key), keys: keys)
            keys.append(key)
            values.append(value)
            checkInvariants(appended: key)
        }

        /// Adds `key` unless present, with its ``KeyIndex/hash(_:)`` computed once by the
        /// caller (a builder that reuses repeated keys), for a builder that appends its value
        /// with ``appendValue(_:)`` once built; `false` when the key was present.
        mutating func insertKeyIfAbsent(_ key: String, hash: Int) -> Bool {
            if var index = keyIndex {
                // Taken out while it changes, so the table is not copied on write.
                keyIndex = nil
                defer { keyIndex = index }
                guard index.position(of: key, hash: hash, in: keys) == nil else { return false }
                index.insert(position: keys.count, hash: hash, keys: keys)
            } else {
                guard !keys.contains(key) else { return false }
                if keys.count >= Self.indexThreshold {
                    var built = KeyIndex(keys: keys, capacity: keys.count + 1)
                    built.insert(position: keys.count, hash: hash, keys: keys)
                    keyIndex = built
                }
            }
            keys.append(key)
            return true
        }

        /// The value of the member whose key ``insertKeyIfAbsent(_:hash:)`` added last, or of
        /// the next key of an object made with ``init(uniqueKeys:values:keyIndex:)``.
        mutating func appendValue(_ value: JSON) {
            values.append(value)
            // Keys set up front (``init(uniqueKeys:values:keyIndex:)``) leave the object
            // incomplete until its last value.
            if values.count == keys.count { checkInvariants(appended: keys.last) }
        }

        /// Puts `value` at `position` and returns the value that was there, so that a caller
        /// editing a member in place holds its only reference.
        mutating func exchangeValue(at position: Int, with value: JSON) -> JSON {
            var value = value
            swap(&value, &values[position])
            return value
        }

        private mutating func removeMember(at position: Int) {
            if var index = keyIndex {
                // Taken out while it changes, so the table is not copied on write.
                keyIndex = nil
                index.remove(position: position, hash: KeyIndex.hash(keys[position]), keys: keys)
                keyIndex = index
            }
            keys.remove(at: position)
            values.remove(at: position)
            checkInvariants()
        }

        /// Removes the members at `positions` (any order, repeats allowed) in one pass: one
        /// shift of the keys and values and one rebuild of the index, whatever their number,
        /// for a caller that removes many members at once (a merge patch's `null`s).
        mutating func removeMembers(at positions: [Int]) {
            guard !positions.isEmpty else { return }
            guard positions.count > 1 else {
                removeMember(at: positions[0])
                return
            }
            var removed = Array(repeating: false, count: keys.count)
            for position in positions { removed[position] = true }
            var kept = 0
            for position in keys.indices where !removed[position] {
                if kept != position {
                    keys.swapAt(kept, position)
                    values.swapAt(kept, position)
                }
                kept += 1
            }
            keys.removeSubrange(kept...)
            values.removeSubrange(kept...)
            keyIndex = keys.count > Self.indexThreshold ? KeyIndex(keys: keys, capacity: keys.count) : nil
            checkInvariants()
        }

        /// Equal when both have the same keys with equal values, in any order:
        /// `(["a": 1, "b": 2] as JSON.Object) == ["b": 2, "a": 1]` is `true`.
        public static func == (lhs: Object, rhs: Object) -> Bool {
            guard lhs.count == rhs.count else { return false }
            for (position, key) in lhs.keys.enumerated() {
                guard let other = rhs[key], other == lhs.values[position] else { return false }
            }
            return true
        }

        /// Hashes the members independently of their order, consistent with `==`:
        /// `Set<JSON.Object>([["a": 1, "b": 2], ["b": 2, "a": 1]]).count` is `1`. Iterative,
        /// as ``JSON`` hashes.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(JSON.object(self).digest)
        }
    }
}
