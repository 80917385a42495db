import Foundation

extension JSON: Encodable {
    /// Encodes the value through any encoder. ``DynamicJSONEncoder`` writes it verbatim, numbers
    /// with their literal text; other encoders get the nearest integer or `Double`.
    ///
    /// ```swift
    /// let json: JSON = ["price": .number(JSON.Number(literal: "1.10")!)]
    /// try DynamicJSONEncoder().encode(json)   // {"price":1.10}
    /// try JSONEncoder().encode(json)          // {"price":1.1}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let integer = number.int64 {
                try container.encode(integer)
            } else if let integer = number.uint64 {
                try container.encode(integer)
            } else {
                try container.encode(number.double ?? .nan)
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: StringCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: StringCodingKey(key)) }
        }
    }
}
