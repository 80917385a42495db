/// The positions of a ``JSON/Object``'s keys by hash: an open-addressing table (linear
/// probing, at most half full) of 64-bit slots, each the member's position plus one in the low
/// half and the high half of its key's hash in the high half (0 is an empty slot).
///
/// It holds no keys: a probe that matches a hash compares the key in the object's `keys`.
/// Keys hash with `Hasher`, as `String` does, so keys that Swift calls equal (`"\u{E9}"` and
/// `"e\u{301}"`) find each other. Invariant: every position of `keys` is in the table exactly
/// once, in the probe sequence of its key's hash, and nothing else is.
struct KeyIndex: Sendable {
    private(set) var slots: [UInt64]

    /// The hash a key is filed under.
    @inline(__always)
    static func hash(_ key: String) -> Int { key.hashValue }

    /// How many positions are filed (for the invariant check).
    var count: Int { slots.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// An empty table with room for `capacity` keys.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// A table of `keys`, with room for `capacity` of them.
    init(keys: [String], capacity: Int) {
        self.init(capacity: max(capacity, keys.count))
        for (position, key) in keys.enumerated() {
            place(UInt64(truncatingIfNeeded: position + 1), hash: Self.hash(key))
        }
    }

    /// The position in `keys` of `key`, whose hash is `hash`.
    @inline(__always)
    func position(of key: String, hash: Int, in keys: [String]) -> Int? {
        let mask = slots.count - 1
        let tag = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
        var slot = hash & mask
        return slots.withUnsafeBufferPointer { table in
            while true {
                let entry = table[slot]
                if entry == 0 { return nil }
                if entry & 0xFFFF_FFFF_0000_0000 == tag {
                    let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                    if keys[position] == key { return position }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Files `position` (not yet in the table), growing the table when it would be over half
    /// full; `keys` are the keys before `position`, rehashed when it grows.
    mutating func insert(position: Int, hash: Int, keys: [String]) {
        if (position + 1) * 2 > slots.count {
            self = KeyIndex(keys: keys, capacity: position + 1)
        }
        place(UInt64(truncatingIfNeeded: position + 1), hash: hash)
    }

    /// Files `position` under `hash` in a table made with room for it (no growth, and
    /// nothing checked: for a builder filing the keys of an object it sized the table for).
    @inline(__always)
    mutating func file(position: Int, hash: Int) {
        place(UInt64(truncatingIfNeeded: position + 1), hash: hash)
    }

    /// Takes `position` out of the table, where `keys` (the keys before the removal) file it
    /// under `hash`, and files every later position one lower, as the removal from `keys`
    /// shifts them. No key is rehashed but the few in the probe run after the freed slot, so
    /// removing a member costs a pass over the table's integers, not a rebuild of the index
    /// (which hashed every key again: a merge patch removing 40,000 members took 26 s).
    mutating func remove(position: Int, hash: Int, keys: [String]) {
        let mask = slots.count - 1
        let filed = UInt64(truncatingIfNeeded: position + 1)
        slots.withUnsafeMutableBufferPointer { table in
            var slot = hash & mask
            // The position is filed: the probe meets it before an empty slot.
            while table[slot] != 0 && table[slot] & 0xFFFF_FFFF != filed { slot = (slot + 1) & mask }
            guard table[slot] != 0 else { return }
            // Backward-shift deletion: later entries of the probe run that may sit in the freed
            // slot move into it, so no lookup ever stops early at a gap.
            var hole = slot
            var next = (slot + 1) & mask
            while table[next] != 0 {
                let home = Self.hash(keys[Int(truncatingIfNeeded: table[next] & 0xFFFF_FFFF) - 1]) & mask
                // `next` may fill `hole` unless its home lies cyclically in (hole, next].
                let homeBetween = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
                if !homeBetween {
                    table[hole] = table[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            table[hole] = 0
            guard position < keys.count - 1 else { return }
            for index in table.indices where table[index] & 0xFFFF_FFFF > filed {
                table[index] -= 1
            }
        }
    }

    private mutating func place(_ entry: UInt64, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        slots.withUnsafeMutableBufferPointer { table in
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = entry | (UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000)
        }
    }
}
