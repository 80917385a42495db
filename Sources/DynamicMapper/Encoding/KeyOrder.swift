/// The order `JSONEncoder` sorts keys in for `.sortedKeys`: by their UTF-8 bytes, not by
/// `String`'s Unicode ordering. Every writer that sorts members (the streaming encoder, the
/// tree encoder's ``JSONWriter``, overlays written back) goes through here so that they agree.
enum KeyOrder {
    /// Three-way lexicographic comparison of bytes (-1, 0 or 1), read in place.
    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index] ? -1 : 1
        }
        return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
    }

    /// The same for keys held as arrays of their bytes.
    static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { compare(left, $0) } }
    }

    /// Whether the key `left` sorts before `right`.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Member positions `0..<count` in writing order: by key (`key` gives a position's key)
    /// when `sorted`, as they are otherwise.
    static func positions(count: Int, sorted: Bool, key: (Int) -> String) -> [Int] {
        var order = Array(0..<count)
        if sorted { order.sort { precedes(key($0), key($1)) } }
        return order
    }
}
