import Foundation

/// A decoded value that a ``Mapped`` property's ``MappedOption/validate(_:)`` refused.
///
/// ```swift
/// struct Image: MappedCodable {
///     @Mapped(.validate { $0 > 500 }) var width: Int
/// }
/// do {
///     _ = try Image.decode(from: #"{"width": 400}"#)
/// } catch let error as MappedValidationError {
///     error.property      // "width"
///     error.path          // Path("width")
///     error.value         // "400"
///     print(error)        // Validation failed for property width at width: 400
/// }
/// ```
public struct MappedValidationError: Error, CustomStringConvertible, Sendable {
    /// The name of the property, as declared: `"width"`.
    public let property: String
    /// Where the value was in the document: `images[2].width`.
    public let path: Path
    /// The coding path of the value, as in a `DecodingError`.
    public var codingPath: [any CodingKey] { path.components.map(\.codingPathStep.codingKey) }
    /// The refused value, described: `"400"`.
    public let value: String

    init(property: String, codingPath: [any CodingKey], value: Any) {
        self.property = property
        self.path = Path(codingPath: codingPath)
        // An optional's value, not `Optional(400)`.
        if let optional = value as? any AnyOptional {
            self.value = optional.isNone ? "nil" : String(describing: optional.unwrappedAny)
        } else {
            self.value = String(describing: value)
        }
    }

    /// `Validation failed for property width at images[2].width: 400`.
    public var description: String {
        "Validation failed for property \(property) at \(path.components.isEmpty ? "the top level" : path.description): \(value)"
    }
}

extension MappedValidationError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// error.localizedDescription   // Validation failed for property width at width: ...
    /// ```
    public var errorDescription: String? { description }
}
