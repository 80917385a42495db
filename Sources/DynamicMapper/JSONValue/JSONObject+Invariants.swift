/// What ``JSON/Object`` lookups rely on, checked after every insertion and removal when the
/// package is built with `-Xswiftc -DDYNAMICMAPPER_INVARIANTS`; otherwise no check runs.
///
/// Once an object is big, a lookup trusts its `KeyIndex` alone: a stale entry would answer with
/// another member's value, or miss a key that is there and let a second copy be appended.
extension JSON.Object {
    @inline(__always)
    func checkInvariants(appended: String? = nil) {
        #if DYNAMICMAPPER_INVARIANTS
        if let violation = invariantViolation(appended: appended) {
            preconditionFailure("DynamicMapper internal invariant broken in a JSON.Object: \(violation)")
        }
        #endif
    }

    /// What is wrong with the object, or nil. After an append of `appended` only what the
    /// append changed is checked: a full check per append would make building a
    /// 200,000-member object quadratic.
    func invariantViolation(appended: String? = nil) -> String? {
        guard keys.count == values.count else { return "\(keys.count) keys but \(values.count) values" }
        guard let index = keyIndex else {
            return Set(keys).count == keys.count ? nil : "a key repeats in \(keys)"
        }
        if let appended {
            let last = keys.count - 1
            return index.position(of: appended, hash: KeyIndex.hash(appended), in: keys) == last && keys.last == appended
                ? nil : "the index does not put the appended key \(appended.debugDescription) last"
        }
        // Counting filed positions reads the whole table, so only the full check does it.
        guard index.count == keys.count else {
            return "the index holds \(index.count) keys, the object \(keys.count)"
        }
        for (position, key) in keys.enumerated() {
            let found = index.position(of: key, hash: KeyIndex.hash(key), in: keys)
            if found != position {
                return "the index puts \(key.debugDescription) at \(String(describing: found)), not at \(position)"
            }
        }
        return nil
    }
}
