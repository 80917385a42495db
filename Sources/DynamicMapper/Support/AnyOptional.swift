/// `Optional`, seen without its wrapped type.
protocol AnyOptional {
    static var noneValue: Any { get }
    var isNone: Bool { get }
    /// The wrapped value, or `self` when `nil`.
    var unwrappedAny: Any { get }
}

extension Optional: AnyOptional {
    static var noneValue: Any { Optional.none as Any }
    var isNone: Bool { self == nil }
    var unwrappedAny: Any { self.map { $0 as Any } ?? self as Any }
}
