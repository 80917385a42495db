import Foundation

/// Reading values out of the index: only here do bytes become Swift strings and numbers.
extension Document {
    @inline(__always)
    func node(_ index: Int) -> Node { nodes[index] }

    /// Index of the node after `index` and its descendants.
    @inline(__always)
    func next(after index: Int) -> Int {
        assert(index >= 0 && index < nodes.count, "node \(index) outside the document's 0..<\(nodes.count)")
        return Self.next(after: index, in: UnsafePointer(nodes.baseAddress.unsafelyUnwrapped))
    }

    /// ``next(after:)`` in the nodes starting at `nodes`, for an iterator that holds only
    /// their start (see ``Children``).
    @inline(__always)
    static func next(after index: Int, in nodes: UnsafePointer<Node>) -> Int {
        let node = nodes[index]
        return node.kind.rawValue >= Node.Kind.array.rawValue ? Int(node.end) : index &+ 1
    }

    /// Where `node`'s bytes start. For the `Document/` files only: code outside borrows the
    /// bytes through ``withBytes(of:_:)``, so that no pointer outlives the call that has it.
    @inline(__always)
    func pointer(_ node: Node) -> UnsafePointer<UInt8> {
        UnsafePointer(bytes.baseAddress.unsafelyUnwrapped + Int(node.offset))
    }

    /// Lends `body` the raw bytes of `node` (a number's literal, a string's contents without
    /// its quotes, escapes unresolved); they are valid only while `body` runs.
    ///
    /// ```swift
    /// let value = document.withBytes(of: node) { NumberParsing.double(bytes: $0, count: $1) }
    /// ```
    @inline(__always)
    func withBytes<Result>(of node: Node, _ body: (UnsafePointer<UInt8>, Int) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(pointer(node), Int(node.length)) }
    }

    /// The string value of a string node (escapes resolved).
    func string(_ node: Node) -> String {
        let raw = UnsafeBufferPointer(start: pointer(node), count: Int(node.length))
        if !node.flags.contains(.escaped) {
            return String(decoding: raw, as: UTF8.self)
        }
        return StringUnescaping.unescape(raw)
    }

    /// Whether a string node's value equals `text` as Swift compares strings (canonical
    /// equivalence: `"\u{E9}"` equals `"e\u{301}"`), as `JSONDecoder` matches keys.
    ///
    /// Equal bytes decide without building a `String`. Different bytes only need a second look
    /// when either side has a non-ASCII byte: two different ASCII spellings are never equivalent.
    @inline(__always)
    func stringEquals(_ node: Node, _ text: String) -> Bool {
        var textIsASCII: Bool?
        return stringEquals(node, text, textIsASCII: &textIsASCII)
    }

    /// The same, remembering in `textIsASCII` whether `text` is ASCII: a walk over an object's
    /// members compares one name with many keys, and scanning the name on every different key
    /// cost as much as the comparisons.
    @inline(__always)
    func stringEquals(_ node: Node, _ text: String, textIsASCII: inout Bool?) -> Bool {
        if node.flags.contains(.escaped) { return string(node) == text }
        // Native strings (coding keys' literals among them) expose their UTF-8 in place; only
        // bridged or lazy ones need `withUTF8`, which may copy.
        if let outcome = text.utf8.withContiguousStorageIfAvailable({ stringEquals(node, text, utf8: $0, textIsASCII: &textIsASCII) }) {
            return outcome
        }
        var bytes = text
        return bytes.withUTF8 { stringEquals(node, text, utf8: $0, textIsASCII: &textIsASCII) }
    }

    /// The same, with `text`'s UTF-8 at hand in `utf8`: a walk over an object's members borrows
    /// the name's bytes once, where reaching a string's bytes for every key it was compared
    /// with cost more than most comparisons.
    @inline(__always)
    func stringEquals(_ node: Node, _ text: String, utf8: UnsafeBufferPointer<UInt8>, textIsASCII: inout Bool?) -> Bool {
        if node.flags.contains(.escaped) { return string(node) == text }
        switch Self.compareKey(pointer(node), count: Int(node.length), nonASCII: node.flags.contains(.nonASCII), utf8, textIsASCII: &textIsASCII) {
        case .equal: return true
        case .different: return false
        case .unsure: return string(node) == text
        }
    }

    /// ``stringEquals(_:_:utf8:textIsASCII:)`` for a name whose bytes a walk borrowed once
    /// (see ``BorrowedKey``).
    @inline(__always)
    func stringEquals(_ node: Node, _ text: String, _ key: BorrowedKey, textIsASCII: inout Bool?) -> Bool {
        stringEquals(node, text, utf8: key.utf8, textIsASCII: &textIsASCII)
    }

    enum KeyComparison { case equal, different, unsure }

    @inline(__always)
    private static func compareKey(
        _ start: UnsafePointer<UInt8>, count: Int, nonASCII: Bool, _ utf8: UnsafeBufferPointer<UInt8>, textIsASCII: inout Bool?
    ) -> KeyComparison {
        if utf8.count == count && (count == 0 || memcmpEqual(start, utf8.baseAddress.unsafelyUnwrapped, count)) { return .equal }
        if nonASCII { return .unsure }
        let ascii = textIsASCII ?? !ASCIIScan.containsNonASCII(utf8)
        textIsASCII = ascii
        return ascii ? .different : .unsure
    }

    /// Whether the keys of the object at `index` are all different. Keys are compared by a
    /// 64-bit hash of their bytes, put in an open-addressing set at most half full (`scratch`
    /// holds it); a hash collision or an escaped key (whose bytes do not show its value)
    /// answers `false`, which only costs the caller a slower exact path. Every object read by
    /// key past its first member is asked once, and sorting the hashes instead cost more than
    /// hashing them.
    func hasUniqueKeys(object index: Int, scratch: inout [UInt64]) -> Bool {
        let node = nodes[index]
        guard node.length > 1 else { return true }
        var capacity = 16
        while capacity < 2 * Int(node.length) { capacity &<<= 1 }
        if scratch.count < capacity {
            scratch = [UInt64](repeating: 0, count: capacity)
        }
        return scratch.withUnsafeMutableBufferPointer { storage in
            let table = UnsafeMutableBufferPointer(rebasing: storage[..<capacity])
            table.update(repeating: 0)
            let mask = capacity - 1
            for child in members(ofObject: index, node: node) {
                let key = nodes[child]
                // Escaped keys do not show their value in their bytes; non-ASCII ones may equal
                // another spelling.
                if !key.flags.isDisjoint(with: [.escaped, .nonASCII]) { return false }
                // Zero marks an empty slot, so no signature is zero; the slot comes from the
                // high bits, which the last multiplication mixed best.
                let signature = Self.keySignature(pointer(key), count: Int(key.length)) | 1
                var slot = Int(truncatingIfNeeded: signature &>> 32) & mask
                while true {
                    let occupant = table[slot]
                    if occupant == 0 {
                        table[slot] = signature
                        break
                    }
                    if occupant == signature { return false }
                    slot = (slot &+ 1) & mask
                }
            }
            return true
        }
    }

    /// Whether the object at `index`, whose keys ``hasUniqueKeys(object:scratch:)`` last
    /// found all different (leaving their signatures in `scratch`), may have a key whose
    /// ASCII bytes are `utf8`: `false` means it has none, since its keys are ASCII without
    /// escapes too (that answer needs them so), and equal ASCII keys have equal bytes and so
    /// equal signatures.
    func mayHaveKey(object index: Int, key: BorrowedKey, signatures scratch: [UInt64]) -> Bool {
        let utf8 = key.utf8
        // An object of one member is answered without filling the table.
        guard nodes[index].length > 1 else { return true }
        var capacity = 16
        while capacity < 2 * Int(nodes[index].length) { capacity &<<= 1 }
        guard scratch.count >= capacity, let base = utf8.baseAddress else { return true }
        let signature = Self.keySignature(base, count: utf8.count) | 1
        let mask = capacity - 1
        var slot = Int(truncatingIfNeeded: signature &>> 32) & mask
        return scratch.withUnsafeBufferPointer { table in
            while true {
                let occupant = table[slot]
                if occupant == 0 { return false }
                if occupant == signature { return true }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// A 64-bit hash of a key's bytes for ``hasUniqueKeys(object:scratch:)``, eight bytes at a
    /// time (FNV-1a's steps on words): every object a model reads by key gets one per member,
    /// and a byte at a time cost more than the rest of that check.
    @inline(__always)
    static func keySignature(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash = (0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: count)) &* prime
        guard count >= 8 else {
            for offset in 0..<count { hash = (hash ^ UInt64(bytes[offset])) &* prime }
            return hash
        }
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while offset + 8 < count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            offset += 8
        }
        // The last eight bytes, overlapping the previous word when the length is not a multiple.
        return (hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* prime
    }

    /// The literal text of a number node, in strict spelling.
    func numberLiteral(_ node: Node) -> String {
        let text = String(decoding: UnsafeBufferPointer(start: pointer(node), count: Int(node.length)), as: UTF8.self)
        return node.flags.contains(.json5) ? NumberGrammar.normalizedJSON5(text) : text
    }
}

/// Resolves backslash escapes (JSON's, and JSON5's extras, which the scanner admits only in
/// JSON5 mode) of already validated string content.
enum StringUnescaping {
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: raw.count) { output in
            var read = 0
            var written = 0
            let count = raw.count
            func put(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            func putScalar(_ value: UInt32) {
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                for byte in UTF8.encode(scalar).unsafelyUnwrapped { put(byte) }
            }
            func hex(_ at: Int, _ digits: Int) -> UInt32 {
                var value: UInt32 = 0
                for offset in 0..<digits {
                    value = value << 4 | UInt32(ScanBytes.hexValue(raw[at + offset]) ?? 0)
                }
                return value
            }
            while read < count {
                // The bytes before the next backslash are copied as one run: escaped strings
                // are mostly plain text (a URL with `\/`, one `\n` in a paragraph). Byte by
                // byte, they cost 2.6 % of building `twitter.json`'s tree.
                let run = plainRunLength(raw, from: read)
                if run > 0 {
                    (output.baseAddress.unsafelyUnwrapped + written).initialize(from: raw.baseAddress.unsafelyUnwrapped + read, count: run)
                    written += run
                    read += run
                    continue
                }
                // A backslash at `read`; one that ends the content (never validated input) is
                // kept as it is.
                guard read + 1 < count else {
                    put(raw[read])
                    read += 1
                    continue
                }
                let escaped = raw[read + 1]
                read += 2
                switch escaped {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                case UInt8(ascii: "v"): put(0x0B)
                case UInt8(ascii: "0"): put(0x00)
                case UInt8(ascii: "x"):
                    putScalar(hex(read, 2))
                    read += 2
                case UInt8(ascii: "u"):
                    var value = hex(read, 4)
                    read += 4
                    if (0xD800...0xDBFF).contains(value), read + 6 <= count {
                        let low = hex(read + 2, 4)
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        read += 6
                    }
                    putScalar(value)
                case UInt8(ascii: "\r"):
                    // JSON5 line continuation: the escaped line break is dropped.
                    if read < count && raw[read] == UInt8(ascii: "\n") { read += 1 }
                case UInt8(ascii: "\n"):
                    break
                case 0xE2:
                    // JSON5 line continuation over U+2028 or U+2029.
                    read += 2
                default:
                    put(escaped)
                }
            }
            return written
        }
    }

    /// How many bytes from `start` come before the next backslash (or the end).
    @inline(__always)
    static func plainRunLength(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let base = raw.baseAddress.unsafelyUnwrapped + start
        let remaining = raw.count - start
        guard let backslash = memchr(base, Int32(UInt8(ascii: "\\")), remaining) else { return remaining }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(backslash))
    }
}
