/// The opt-in check that no object repeats a key (`rejectsDuplicateKeys`).
///
/// Readers disagree on repeated keys: this package and `JSONDecoder` take the first, and
/// `JSONSerialization` and many other parsers the last. A service that validates a document
/// and forwards it can therefore pass on a value it never checked; rejecting such documents
/// outright closes that gap.
extension Document {
    /// The error for the first key that repeats an earlier key of its object, or nil. Keys
    /// compare as Swift strings, after escapes are resolved: `"a"`, `"\u0061"` and (in JSON5)
    /// `a` are one key, and so are canonically equivalent spellings such as `"é"` and `"e\u0301"`.
    /// One pass over the nodes: every key is hashed once.
    ///
    /// The table is never cleared: each entry notes the object its key was last seen in, and
    /// only an entry of the current object is a repeat. Clearing it before every object cost
    /// the largest table so far each time (one big object, then many small ones: quadratic).
    func duplicateKeyError() -> JSONSyntaxError? {
        var seen: [String: (key: Int, object: Int)] = [:]
        for object in 0..<nodes.count where nodes[object].kind == .object {
            for key in children(of: object) {
                let text = string(nodes[key])
                if let previous = seen.updateValue((key, object), forKey: text), previous.object == object {
                    let earlier = position(ofKey: previous.key)
                    return JSONSyntaxError(
                        .duplicateKey, reason: "Duplicate key \"\(text)\" in an object (first at line \(earlier.line), column \(earlier.column))",
                        offset: keyStart(key), in: UnsafeBufferPointer(bytes))
                }
            }
        }
        return nil
    }

    /// Where a key begins: its opening quote, or its first character when unquoted (JSON5).
    private func keyStart(_ key: Int) -> Int {
        let offset = Int(nodes[key].offset)
        guard offset > 0 else { return offset }
        let before = bytes[offset - 1]
        return before == UInt8(ascii: "\"") || before == UInt8(ascii: "'") ? offset - 1 : offset
    }

    private func position(ofKey key: Int) -> (line: Int, column: Int) {
        let located = JSONSyntaxError(.duplicateKey, reason: "", offset: keyStart(key), in: UnsafeBufferPointer(bytes))
        return (located.line, located.column)
    }
}
