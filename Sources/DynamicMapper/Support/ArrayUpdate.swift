extension Array {
    /// Changes the element at `index`, which must be in bounds (checked in debug builds only),
    /// with one check that the storage is not shared: a hot path that reads an element and
    /// then writes it through the subscript would pay a bounds check on each access.
    /// `body` must not touch the array itself.
    @inline(__always)
    mutating func update(at index: Int, _ body: (inout Element) -> Void) {
        withUnsafeMutableBufferPointer { elements in body(&elements[index]) }
    }
}
