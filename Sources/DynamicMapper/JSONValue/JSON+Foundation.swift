import Foundation

extension JSON {
    /// The value of a Foundation object graph (`[String: Any]`, `[Any]`, `String`, numbers,
    /// `Bool`, `NSNull`), as `JSONSerialization` would make or take one.
    ///
    /// ```swift
    /// let json = try JSON(foundationObject: ["name": "Ada", "age": 36, "tags": ["a"]])
    /// ```
    ///
    /// Every Swift integer type, `Float`, `Double`, `Decimal` and every `NSNumber` is a number;
    /// only `Bool` and Foundation's Boolean numbers (`NSNumber(value: true)`, `kCFBooleanTrue`,
    /// `JSONSerialization`'s `true`) are Booleans, so `["v": Int8(1)]` gives `{"v":1}`.
    ///
    /// - Throws: `EncodingError.invalidValue` for anything else (a `Date`, a non-finite number),
    ///   naming where it is.
    public init(foundationObject object: Any) throws {
        self = try Self.convert(object, path: [])
    }

    private static func convert(_ object: Any, path: [any CodingKey]) throws -> JSON {
        // Swift values first, by their exact type: a Swift `Int` in an `Any` also casts to
        // `NSNumber`, and an `NSNumber` holding 0 or 1 also casts to `Bool`.
        switch object {
        case let flag as Bool where type(of: object) == Bool.self: return .bool(flag)
        case let text as String: return .string(text)
        case let json as JSON: return json
        case is NSNull: return .null
        case let optional as any AnyOptional where optional.isNone: return .null
        case let array as [Any]:
            return .array(try array.enumerated().map { try convert($1, path: path + [IndexKey($0)]) })
        case let dictionary as [String: Any]:
            var members = JSON.Object()
            for key in dictionary.keys.sorted(by: KeyOrder.precedes) {
                members[key] = try convert(dictionary[key] as Any, path: path + [StringKey(key)])
            }
            return .object(members)
        default:
            break
        }
        if let number = try exactNumber(object, path: path) { return number }
        if let number = object as? NSNumber { return try convert(number, path: path) }
        throw EncodingError.invalidValue(
            object,
            EncodingError.Context(
                codingPath: path, debugDescription: "\(type(of: object)) is not a JSON value."))
    }

    /// A Swift number, by its exact type: each integer type is a number whatever its width
    /// (an `Int8` bridges to an `NSNumber` of type char, which must not read as a `Bool`).
    private static func exactNumber(_ object: Any, path: [any CodingKey]) throws -> JSON? {
        switch object {
        case let value as Int where type(of: object) == Int.self: return .number(Number(value))
        case let value as Double where type(of: object) == Double.self: return .number(Number(try finite(value, path: path)))
        case let value as Int64 where type(of: object) == Int64.self: return .number(Number(value))
        case let value as UInt64 where type(of: object) == UInt64.self: return .number(Number(value))
        case let value as Int32 where type(of: object) == Int32.self: return .number(Number(value))
        case let value as Int16 where type(of: object) == Int16.self: return .number(Number(value))
        case let value as Int8 where type(of: object) == Int8.self: return .number(Number(value))
        case let value as UInt where type(of: object) == UInt.self: return .number(Number(value))
        case let value as UInt32 where type(of: object) == UInt32.self: return .number(Number(value))
        case let value as UInt16 where type(of: object) == UInt16.self: return .number(Number(value))
        case let value as UInt8 where type(of: object) == UInt8.self: return .number(Number(value))
        case let value as Float where type(of: object) == Float.self: return .number(Number(Float(try finite(Double(value), path: path))))
        case let value as Decimal where type(of: object) == Decimal.self: return .number(Number(try finite(value, path: path)))
        default: return nil
        }
    }

    /// The class of Foundation's boolean numbers (`NSNumber(value: true)`, `kCFBooleanTrue`,
    /// `JSONSerialization`'s `true`), on Apple platforms and in swift-corelibs-foundation alike.
    /// An `NSNumber` made from an `Int8` has the same type code (`c`) but not this class.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// A Foundation number: a Boolean only when Foundation made it from one (see
    /// ``booleanClass``), else a number of its stored type.
    private static func convert(_ number: NSNumber, path: [any CodingKey]) throws -> JSON {
        if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
        if let decimal = number as? NSDecimalNumber { return .number(Number(try finite(decimal.decimalValue, path: path))) }
        switch String(cString: number.objCType) {
        case "B": return .bool(number.boolValue)
        case "f", "d": return .number(Number(try finite(number.doubleValue, path: path)))
        case "c", "s", "i", "l", "q": return .number(Number(number.int64Value))
        case "C", "S", "I", "L", "Q": return .number(Number(number.uint64Value))
        default: return .number(Number(validated: number.stringValue))
        }
    }

    private static func finite(_ value: Decimal, path: [any CodingKey]) throws -> Decimal {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not a JSON number."))
        }
        return value
    }

    private static func finite(_ value: Double, path: [any CodingKey]) throws -> Double {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not a JSON number."))
        }
        return value
    }

    /// This value as a Foundation object graph: `[String: Any]`, `[Any]`, `String`,
    /// `NSNumber` (`Int`, `Int64`, `UInt64`, `Double` or `Decimal` as the literal needs), `Bool`
    /// and `NSNull`.
    ///
    /// ```swift
    /// let object = (["name": "Ada", "age": 36] as JSON).foundationObject as? [String: Any]
    /// ```
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .string(let text): return text
        case .number(let number):
            if let integer = number.int { return integer }
            if let integer = number.int64 { return integer }
            if let integer = number.uint64 { return integer }
            if let double = number.double, Number(double) == number { return double }
            if let decimal = number.decimal { return decimal }
            // Beyond Decimal's range too: the nearest Double, which may be an infinity.
            return Double(number.literal) ?? 0
        case .array(let elements): return elements.map(\.foundationObject)
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, value) in members { dictionary[key] = value.foundationObject }
            return dictionary
        }
    }
}
