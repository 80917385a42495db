import Foundation

extension JSON: Codable {
    /// Decodes any JSON value. With ``DynamicJSONDecoder`` the value is read straight from the
    /// parsed document, number literals intact; other decoders go through their containers
    /// (numbers then carry the precision those decoders give them). A keyed value shaped
    /// exactly like `Decimal`'s own `Codable` form (which coders such as `PropertyListEncoder`
    /// write for a `Decimal`) is read back as that number.
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
            if Set(container.allKeys.map(\.stringValue)) == Self.decimalKeys, let decimal = try? Decimal(from: decoder) {
                self = .number(Number(decimal))
                return
            }
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

    /// The keys of `Decimal`'s keyed `Codable` form.
    private static let decimalKeys: Set<String> = ["exponent", "length", "isNegative", "isCompact", "mantissa"]

    /// Encodes the value. ``DynamicJSONEncoder`` writes number literals exactly as kept; other
    /// encoders get the Swift number that holds the literal's value exactly: an integer
    /// (`Int64`, else `UInt64`) when it is one that fits, else a `Double` when the `Double`
    /// reads back as the same number (`123.456`), else a `Decimal` (`0.1000000000000000000001`,
    /// up to 38 digits exactly); the nearest `Double` only beyond `Decimal`'s range.
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
            } else if let double = number.double, Number(double) == number {
                try container.encode(double)
            } else if let decimal = number.decimal, decimal.isFinite, Number(decimal).double == number.double {
                // Exact, or closer than `Double` (more digits, rounding to the same `Double`).
                try container.encode(decimal)
            } else {
                // Beyond `Decimal`'s range: the nearest `Double` (an infinity when it overflows).
                try container.encode(NumberParsing.double(literal: number.literal) ?? .nan)
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
