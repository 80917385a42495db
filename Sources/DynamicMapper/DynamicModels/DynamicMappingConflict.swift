/// A place where both a decoded model's property and its `ds` view were changed since the
/// decode, with different values. The property wins; the encoder reports the view's value here
/// so that the lost edit is never silent.
///
/// ```swift
/// let encoder = DynamicJSONEncoder()
/// encoder.mappingConflictHandler = { conflict in
///     print(conflict)   // user.name: the property's "Ada" replaced the view's "Grace"
/// }
/// ```
public struct DynamicMappingConflict: Sendable, Equatable, CustomStringConvertible {
    /// Where, from the top of the encoded value: `users[3].name`.
    public let path: Path
    /// What the `ds` view held there, which the encoder did not write.
    public let viewValue: JSON
    /// What the property wrote there; `nil` when it wrote nothing (an optional set to `nil`,
    /// which removes the key).
    public let propertyValue: JSON?

    /// Creates a report.
    ///
    /// ```swift
    /// let conflict = DynamicMappingConflict(path: "user.name", viewValue: "Grace", propertyValue: "Ada")
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the view and the property disagreed.
    ///   - viewValue: What the view held there.
    ///   - propertyValue: What the property wrote there, or `nil` for nothing.
    public init(path: Path, viewValue: JSON, propertyValue: JSON?) {
        self.path = path
        self.viewValue = viewValue
        self.propertyValue = propertyValue
    }

    /// One line: `user.name: the property's "Ada" replaced the view's "Grace"`.
    ///
    /// ```swift
    /// print(conflict.description)
    /// ```
    public var description: String {
        let view = String(decoding: viewValue.serialized(), as: UTF8.self)
        guard let propertyValue else {
            return "\(path): the property's nil removed the view's \(view)"
        }
        return "\(path): the property's \(String(decoding: propertyValue.serialized(), as: UTF8.self)) replaced the view's \(view)"
    }
}
