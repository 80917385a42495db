import Foundation

extension JSON: Codable {
    /// Decodes any JSON value. With ``DynamicJSONDecoder`` the value is read straight from the
    /// parsed document, number literals intact; other decoders go through their containers
    /// (numbers then carry the precision those decoders give them).
    ///
    /// ```swift
    /// let json = try JSONDecoder().decode(JSON.self, from: Data(#"{"a": [1, null]}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        if let impl = decoder as? DecoderImpl {
            self = impl.document.json(at: impl.currentNode)
            return
        }
        if let container = try? decoder.container(keyedBy: StringKey.self) {
            var object = Object()
            for key in container.allKeys where object.index(forKey: key.stringValue) == nil {
                object.append(key: key.stringValue, value: try container.decode(JSON.self, forKey: key))
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSON] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSON.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(Number(integer))
        } else if let integer = try? container.decode(UInt64.self) {
            self = .number(Number(integer))
        } else if let decimal = try? container.decode(Decimal.self), decimal.isFinite, decimal.description.contains(".") {
            self = .number(Number(decimal))
        } else {
            self = .number(Number(try container.decode(Double.self)))
        }
    }

    /// Encodes the value. ``DynamicJSONEncoder`` writes number literals exactly as kept; other
    /// encoders get the closest integer, `Decimal` or `Double`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(JSON(["a": 1]))
    /// ```
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let integer = number.int64 {
                try container.encode(integer)
            } else if let integer = number.uint64 {
                try container.encode(integer)
            } else if let decimal = number.decimal, number.double.map({ Decimal($0) != decimal }) ?? true {
                try container.encode(decimal)
            } else {
                try container.encode(number.double ?? .nan)
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: StringKey.self)
            for (key, value) in object { try container.encode(value, forKey: StringKey(key)) }
        }
    }
}
