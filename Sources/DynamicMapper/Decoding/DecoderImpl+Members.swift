import Foundation

extension DecoderImpl {
    /// The value node of the member `name` of `object` (a container at `depth`), or nil,
    /// through `index` when the container built one (many members, or a key strategy) and by
    /// walking the members otherwise. Inside a dynamic model, a key asked for belongs to the
    /// model (see ``KeyUsage``), so the key found is marked: as read, or as passed through
    /// (`traversing`) when it is the first step of a longer path.
    @inline(__always)
    func member(named name: String, of object: Int, depth: Int, index: [String: Int]?, traversing: Bool = false) -> Int? {
        let found = index.map { $0[name] } ?? walk(object: object, depth: depth, to: name)
        if let found {
            if traversing { markKeyTraversed(found - 1) } else { markKeyRead(found - 1) }
        }
        return found
    }

    /// The value node of the member `name` of `object` (a container at `depth`), or nil.
    ///
    /// The walk starts where the previous lookup in this object ended (most JSON arrives in
    /// declaration order, so the next key is usually the next member) and compares raw key
    /// bytes without building strings, with the name's bytes borrowed once for the whole walk.
    /// Duplicate keys: the first occurrence wins.
    private func walk(object: Int, depth: Int, to name: String) -> Int? {
        // Native strings (coding keys' literals among them) expose their UTF-8 in place; only
        // bridged or lazy ones need `withUTF8`, which may copy.
        if let found = name.utf8.withContiguousStorageIfAvailable({ walk(object: object, depth: depth, to: name, key: BorrowedKey(lending: $0)) }) {
            return found
        }
        var bytes = name
        return bytes.withUTF8 { walk(object: object, depth: depth, to: name, key: BorrowedKey(lending: $0)) }
    }

    @inline(__always)
    private func walk(object: Int, depth: Int, to name: String, key: BorrowedKey) -> Int? {
        let node = nodes[object]
        let first = object + 1
        var start = keyHint(depth: depth, object: object) ?? first
        if start >= Int(node.end) { start = first }
        var nameIsASCII: Bool?
        // From the hint to the end, then (when the hint was not the first member) from the
        // first member up to the hint.
        var members = document.members(ofObject: object, node: node, from: start)
        while let child = members.next() {
            guard document.stringEquals(nodes[child], name, key, textIsASCII: &nameIsASCII) else { continue }
            // An earlier duplicate, skipped by starting at the hint, would win.
            if start != first && !hasUniqueKeys(depth: depth, object: object),
                let earlier = firstOccurrence(of: name, key: key, in: object, before: start)
            {
                return earlier
            }
            setKeyHint(depth: depth, object: object, next: members.position)
            return child + 1
        }
        guard start != first else { return nil }
        members = document.members(ofObject: object, node: node)
        while let child = members.next(), child < start {
            if document.stringEquals(nodes[child], name, key, textIsASCII: &nameIsASCII) {
                setKeyHint(depth: depth, object: object, next: members.position)
                return child + 1
            }
        }
        return nil
    }

    /// The value node of the first member named `name` whose key comes before `limit`.
    private func firstOccurrence(of name: String, key: BorrowedKey, in object: Int, before limit: Int) -> Int? {
        var nameIsASCII: Bool?
        for child in document.children(of: object) {
            if child >= limit { break }
            if document.stringEquals(nodes[child], name, key, textIsASCII: &nameIsASCII) { return child + 1 }
        }
        return nil
    }
}
