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
    ///
    /// A value may nest at most ``maximumNesting`` arrays and objects, counted from the top of
    /// what the decoder reads: deeper, it throws `DecodingError.dataCorrupted` rather than
    /// build a value whose release would overflow the stack. Other decoders reach each level
    /// through a call of this initialiser, so their stack use grows with the depth (Foundation's
    /// `JSONDecoder` needs more than 512 KiB for 400 levels). When the thread's stack runs low,
    /// the rest of the value is decoded on a thread with an 8 MiB stack, as our decoder does
    /// with models, so no depth up to the cap crashes a small thread; ``DynamicJSONDecoder``
    /// builds the value without recursion at all, and is the faster way to read patch bodies.
    public init(from decoder: any Decoder) throws {
        if let impl = decoder as? DecoderImpl {
            self = try impl.jsonValue(at: impl.state.currentNode, codingPath: { impl.codingPath })
            return
        }
        // 256 KiB more than the usual reserve: asking another decoder for its `codingPath` (the
        // nesting check below) recurses once per level in Foundation's decoder, and that stack
        // is spent after this check.
        guard StackGuard.hasRoom(beyond: 256 * 1024) else {
            if let value = try StackGuard.continuing({ try JSON(throughContainersOf: decoder) }) {
                self = value
                return
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "Nested too deeply for the stack left on this thread (\(decoder.codingPath.count) levels), even after continuing on a thread with an 8 MiB stack."
                ))
        }
        self = try JSON(throughContainersOf: decoder)
    }

    /// The value another decoder holds, read through its containers, one level per call.
    private init(throughContainersOf decoder: any Decoder) throws { // Asked only of containers: building the coding path costs a step per level.
        func refuseTooDeep() throws {
            let codingPath = decoder.codingPath
            guard codingPath.count < Self.maximumNesting else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "A JSON value nests arrays and objects more than \(Self.maximumNesting) deep (JSON.maximumNesting)"))
            }
        }
        if let container = try? decoder.container(keyedBy: StringKey.self) {
            try refuseTooDeep()
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
            try refuseTooDeep()
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
        case .array(let elements):
            var frames = [EncodeFrame(container: .unkeyed(encoder.unkeyedContainer()), members: .array(elements))]
            try Self.encodeNested(&frames)
        case .object(let object):
            var frames = [EncodeFrame(container: .keyed(encoder.container(keyedBy: StringKey.self)), members: .object(object))]
            try Self.encodeNested(&frames)
        default:
            try encodeScalar(to: encoder)
        }
    }

    /// Encodes the containers of `frames` and everything in them without recursion: each
    /// nested array or object is opened as a nested container of its parent's and waits on
    /// the heap stack, so the stack does not grow with the depth, whatever the encoder.
    private static func encodeNested(_ frames: inout [EncodeFrame]) throws {
        while !frames.isEmpty {
            let top = frames.count - 1
            guard let (key, child) = frames[top].nextChild() else {
                frames.removeLast()
                continue
            }
            switch child {
            case .array(let elements):
                let nested = frames[top].nestedUnkeyedContainer(forKey: key)
                frames.append(EncodeFrame(container: .unkeyed(nested), members: .array(elements)))
            case .object(let object):
                let nested = frames[top].nestedKeyedContainer(forKey: key)
                frames.append(EncodeFrame(container: .keyed(nested), members: .object(object)))
            default:
                try frames[top].encode(child, forKey: key)
            }
        }
    }

    /// Encodes a value that is neither an array nor an object.
    private func encodeScalar(to encoder: any Encoder) throws {
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
        case .array, .object:
            // Containers go through `encodeNested(_:)`.
            break
        }
    }
}

/// A container being encoded by ``JSON/encode(to:)``, with the members still to write.
private struct EncodeFrame {
    enum Container {
        case unkeyed(any UnkeyedEncodingContainer)
        case keyed(KeyedEncodingContainer<StringKey>)
    }

    enum Members {
        case array([JSON])
        case object(JSON.Object)
    }

    var container: Container
    let members: Members
    var next = 0

    /// The next member's key (`nil` for an element) and value, or `nil` when all are written.
    mutating func nextChild() -> (String?, JSON)? {
        switch members {
        case .array(let elements):
            guard next < elements.count else { return nil }
            next += 1
            return (nil, elements[next - 1])
        case .object(let object):
            guard next < object.count else { return nil }
            next += 1
            return (object.keys[next - 1], object.values[next - 1])
        }
    }

    mutating func nestedUnkeyedContainer(forKey key: String?) -> any UnkeyedEncodingContainer {
        switch container {
        case .unkeyed(var unkeyed):
            let nested = unkeyed.nestedUnkeyedContainer()
            container = .unkeyed(unkeyed)
            return nested
        case .keyed(var keyed):
            let nested = keyed.nestedUnkeyedContainer(forKey: StringKey(key ?? ""))
            container = .keyed(keyed)
            return nested
        }
    }

    mutating func nestedKeyedContainer(forKey key: String?) -> KeyedEncodingContainer<StringKey> {
        switch container {
        case .unkeyed(var unkeyed):
            let nested = unkeyed.nestedContainer(keyedBy: StringKey.self)
            container = .unkeyed(unkeyed)
            return nested
        case .keyed(var keyed):
            let nested = keyed.nestedContainer(keyedBy: StringKey.self, forKey: StringKey(key ?? ""))
            container = .keyed(keyed)
            return nested
        }
    }

    mutating func encode(_ value: JSON, forKey key: String?) throws {
        switch container {
        case .unkeyed(var unkeyed):
            try unkeyed.encode(value)
            container = .unkeyed(unkeyed)
        case .keyed(var keyed):
            try keyed.encode(value, forKey: StringKey(key ?? ""))
            container = .keyed(keyed)
        }
    }
}
