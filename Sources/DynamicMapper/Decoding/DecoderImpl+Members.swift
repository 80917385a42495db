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
        if let found = name.utf8.withContiguousStorageIfAvailable({ walk(object: object, depth: depth, to: name, utf8: $0) }) {
            return found
        }
        var bytes = name
        return bytes.withUTF8 { walk(object: object, depth: depth, to: name, utf8: $0) }
    }

    @inline(__always)
    private func walk(object: Int, depth: Int, to name: String, utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let node = nodes[object]
        let first = object + 1
        let end = Int(node.end)
        var start = keyHint(depth: depth, object: object) ?? first
        if start >= end { start = first }
        var child = start
        var wrapped = false
        var nameIsASCII: Bool?
        while true {
            if child >= end {
                if wrapped || start == first { return nil }
                wrapped = true
                child = first
            }
            if wrapped && child >= start { return nil }
            let keyNode = nodes[child]
            let valueIndex = child + 1
            if document.stringEquals(keyNode, name, utf8: utf8, textIsASCII: &nameIsASCII) {
                // An earlier duplicate, skipped by starting at the hint, would win.
                if !wrapped && start != first && !hasUniqueKeys(depth: depth, object: object),
                   let earlier = firstOccurrence(of: name, utf8: utf8, in: object, before: start) {
                    return earlier
                }
                setKeyHint(depth: depth, object: object, next: document.next(after: valueIndex))
                return valueIndex
            }
            child = document.next(after: valueIndex)
        }
    }

    /// The value node of the first member named `name` whose key comes before `limit`.
    private func firstOccurrence(of name: String, utf8: UnsafeBufferPointer<UInt8>, in object: Int, before limit: Int) -> Int? {
        var nameIsASCII: Bool?
        for child in document.children(of: object) {
            if child >= limit { break }
            if document.stringEquals(nodes[child], name, utf8: utf8, textIsASCII: &nameIsASCII) { return child + 1 }
        }
        return nil
    }
}
