/// The scanner's stack of open containers: a plain growable buffer that owns its memory.
///
/// A plain buffer, not an `Array`: an array's uniqueness and capacity checks cost more than the
/// rest of opening a container. It is its own noncopyable owner (freed in its `deinit`) so the
/// scanner itself needs no `deinit` and can hand its ``NodeBuffer`` over by consuming it.
///
/// `Element` is `BitwiseCopyable` because the buffer relies on it: slots are assigned without
/// being initialised first, `grow` moves every slot up to `capacity` (written or not), and
/// `deinit` frees the memory without deinitialising anything. A type holding references would
/// leak, or release garbage, under those rules.
struct FrameStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity = 16

    init() {
        base = .allocate(capacity: capacity)
    }

    /// The element at `position`, which must be below the count the caller keeps.
    subscript(position: Int) -> Element {
        @inline(__always) get {
            assert(position >= 0 && position < capacity, "FrameStack read at \(position) of \(capacity)")
            return base[position]
        }
        @inline(__always) set {
            if position >= capacity { grow(to: position + 1) }
            base[position] = newValue
        }
    }

    private mutating func grow(to needed: Int) {
        var grownCapacity = capacity * 2
        while grownCapacity < needed { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: grownCapacity)
        grown.moveInitialize(from: base, count: capacity)
        base.deallocate()
        base = grown
        capacity = grownCapacity
    }

    deinit { base.deallocate() }
}
