/// Enum cases (any `RawRepresentable`) written as their raw values, RawValue <-> Value: the
/// counterpart of ObjectMapper's `EnumTransform`, for types that are not `Codable` themselves.
///
/// ```swift
/// enum Status: String { case active, banned }
/// let status = try RawValueTransformer<Status>().decode("active")   // .active
/// try RawValueTransformer<Status>().encode(.banned)                  // "banned"
/// status <-> ds.account.status.using(RawValueTransformer<Status>())
/// ```
public struct RawValueTransformer<Value: RawRepresentable>: Transformer, DefaultInitializable, Sendable
where Value.RawValue: Codable {
    /// Makes the transformer: `RawValueTransformer<Status>()`.
    public init() {}

    /// The case with this raw value: `try RawValueTransformer<Status>().decode("active")`.
    ///
    /// - Throws: ``TransformerError`` (`"paused" is not a raw value of Status`).
    public func decode(_ raw: Value.RawValue) throws -> Value {
        guard let value = Value(rawValue: raw) else {
            throw TransformerError(value: raw, reason: "is not a raw value of \(Value.self)")
        }
        return value
    }

    /// The case's raw value: `try RawValueTransformer<Status>().encode(.active)` gives `"active"`.
    public func encode(_ value: Value) throws -> Value.RawValue {
        value.rawValue
    }
}
