/// Finding a query's member names among an object's keys, in place.
extension Document {
    /// The value node of the first member named `name` of the object at `index`. Keys are
    /// compared byte by byte with the name's UTF-8; only a key that is escaped, or that may be
    /// canonically equivalent to the name in other bytes (either side not ASCII), is read as a
    /// `String`.
    func member(of index: Int, named name: QueryName) -> Int? {
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        let count = name.utf8.count
        return name.utf8.withUnsafeBufferPointer { utf8 -> Int? in
            var walk = members(ofObject: index, node: node)
            while let child = walk.next() {
                let key = nodes[child]
                if key.flags.contains(.escaped) {
                    if string(key) == name.text { return child + 1 }
                    continue
                }
                if Int(key.length) == count,
                    count == 0 || memcmpEqual(pointer(key), utf8.baseAddress.unsafelyUnwrapped, count)
                {
                    return child + 1
                }
                if !name.isASCII || key.flags.contains(.nonASCII), string(key) == name.text { return child + 1 }
            }
            return nil
        }
    }
}
