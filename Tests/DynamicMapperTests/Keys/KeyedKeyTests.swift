import Testing
import Foundation
import DynamicMapper

// MARK: - Helpers (KK prefix: private to this file)

private func kkData(_ json: String) -> Data { Data(json.utf8) }

private func kkString(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

private func kkDynamicEncoder() -> DynamicJSONEncoder {
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}

private func kkFoundationEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}

/// A coding path as strings, array positions as `[n]`.
private func kkPath(_ path: [any CodingKey]) -> [String] {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
}

/// The `DecodingError` that decoding `type` from `json` throws, or `nil`.
private func kkError<T: Decodable>(_ type: T.Type, _ json: String, decoder: JSONDecoder = DynamicJSONDecoder()) -> DecodingError? {
    do {
        _ = try decoder.decode(type, from: kkData(json))
        Issue.record("decoding \(T.self) succeeded")
        return nil
    } catch let error as DecodingError {
        return error
    } catch {
        Issue.record("not a DecodingError: \(error)")
        return nil
    }
}

// KeyedCodable README: nested keys.
private struct KKCoordinate: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double

    enum CodingKeys: String, KeyedKey {
        case latitude
        case longitude
        case elevation = "additionalInfo.elevation"
    }
}

private struct KKCoordinateList: Codable, Equatable {
    var items: [KKCoordinate]
}

// KeyedCodable README: flat classes.
private struct KKLocation: Codable, Equatable {
    let latitude: Double
    let longitude: Double
}

private struct KKInnerWithFlatExample: Codable, Equatable {
    @Flat var location: KKLocation?
    let greeting: String
}

private struct KKInnerWithFlatKeys: Codable, Equatable {
    let location: KKLocation?
    let greeting: String

    enum CodingKeys: String, KeyedKey {
        case greeting
        case location = ""
    }
}

private struct KKInnerWithRequiredFlat: Codable, Equatable {
    @Flat var location: KKLocation
    let greeting: String
}

// KeyedCodable README: flat (lossy) arrays.
private struct KKArrayElement: Codable, Equatable {
    let element: Int
}

private struct KKOptionalArrayElementsExample: Codable, Equatable {
    @Flat var array: [KKArrayElement]
}

private struct KKOptionalArrayElementsKeys: Codable, Equatable {
    let array: [KKArrayElement]

    enum CodingKeys: String, KeyedKey {
        case array = ".array"
    }
}

private struct KKLossyInts: Codable, Equatable {
    @Flat var numbers: [Int]
}

private struct KKNestedLossy: Codable, Equatable {
    let numbers: [Int]

    enum CodingKeys: String, KeyedKey {
        case numbers = ".data.numbers"
    }
}

private struct KKStrictNested: Codable, Equatable {
    let array: [KKArrayElement]

    enum CodingKeys: String, KeyedKey {
        case array = "data.array"
    }
}

// KeyedCodable README: KeyOptions.
private struct KKKeyOptionsExample: Codable, Equatable {
    let greeting: String
    let description: String
    let name: String
    let location: KKLocation
    let array: [KKArrayElement]
    let array1: [KKArrayElement]

    enum CodingKeys: String, KeyedKey {
        case location = "__"
        case name = "* name"
        case greeting = "+.greeting"
        case description = ".details.description"

        case array = "### .array"
        case array1 = "### .* array1"

        var options: KeyOptions? {
            switch self {
            case .greeting: return KeyOptions(delimiter: .character("+"), flat: .none)
            case .description: return KeyOptions(flat: .none)
            case .location: return KeyOptions(flat: .string("__"))
            case .array, .array1: return KeyOptions(flat: .string("### "))
            default: return nil
            }
        }
    }
}

private let kkKeyOptionsJSON = """
    {
        "* name": "John",
        "": {
            ".greeting": "Hallo world",
            "details": {
                "description": "Its nice here"
            }
        },
        "longitude": 3.2,
        "latitude": 3.4,
        "array": [
        {
        "element": 1
        },
        {},
        {
        "element": 3
        },
        {
        "element": 4
        }
        ],
        "* array1": [
        {
        "element": 1
        },
        {},
        {
        "element": 3
        },
        {
        "element": 4
        }
        ]
    }
    """

// KeyedCodable README: manual nested key coding.
private let kkTokenKey = AnyKey(stringValue: "data.tokens.access_token")

private struct KKTokenModel: Codable, Equatable {
    let token: String

    init(token: String) { self.token = token }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        token = try container.decode(String.self, forKey: kkTokenKey)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(token, forKey: kkTokenKey)
    }
}

private struct KKLiteralTokenModel: Codable, Equatable {
    let token: String

    init(token: String) { self.token = token }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        token = try container.decode(String.self, forKey: AnyKey(literal: "data.tokens.access_token"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(token, forKey: AnyKey(literal: "data.tokens.access_token"))
    }
}

/// `AnyKey` paths inside a nested keyed container and from an unkeyed one.
private struct KKAnyKeyNested: Decodable, Equatable {
    let first: String
    let second: Int

    init(first: String, second: Int) {
        self.first = first
        self.second = second
    }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: AnyKey.self)
        var list = try root.nestedUnkeyedContainer(forKey: AnyKey("payload.list"))
        let element = try list.nestedContainer(keyedBy: AnyKey.self)
        first = try element.decode(String.self, forKey: "user.name")
        second = try list.decode(Int.self)
    }
}

// Per-coder key options.
private struct KKSlashKeys: Codable, Equatable {
    let city: String
    let dotted: Int

    enum CodingKeys: String, KeyedKey {
        case city = "address/city"
        case dotted = "my.key"
    }
}

// Strategies on nested values.
private struct KKMeta: Codable, Equatable {
    let created: Date
    let blob: Data

    enum CodingKeys: String, KeyedKey {
        case created = "meta.created"
        case blob = "meta.blob"
    }
}

private struct KKSnake: Codable, Equatable {
    let createdAt: String

    enum CodingKeys: String, KeyedKey {
        case createdAt = "metaInfo.createdAt"
    }
}

private struct KKNestedKinds: Decodable {
    let name: String
    let location: KKLocation

    enum CodingKeys: String, KeyedKey {
        case name = "user.name"
        case location = "user.location"
    }
}

private struct KKStrictList: Decodable {
    let items: [KKArrayElement]
}

private let kkFlatJSON = #"{"longitude": 3.2, "latitude": 3.4, "greeting": "hallo"}"#

private let kkLossyJSON = """
    {
        "array": [
            {
            "element": 1
            },
            {},
            {
            "element": 3
            },
            {
            "element": 4
            }
        ]
    }
    """

private let kkOneThreeFour = [KKArrayElement(element: 1), KKArrayElement(element: 3), KKArrayElement(element: 4)]

@Suite("KeyedKey, flat and lossy coding, AnyKey")
struct KeyedKeyTests {
    // MARK: Nested keys

    @Test("Coordinate reads additionalInfo.elevation and writes the nested object back")
    func coordinate() throws {
        let json = #"{"latitude": 52.1, "longitude": 21.5, "additionalInfo": {"elevation": 110.5}}"#
        let coordinate = try DynamicJSONDecoder().decode(KKCoordinate.self, from: kkData(json))
        #expect(coordinate == KKCoordinate(latitude: 52.1, longitude: 21.5, elevation: 110.5))

        let encoded = kkString(try kkDynamicEncoder().encode(coordinate))
        #expect(encoded == #"{"additionalInfo":{"elevation":110.5},"latitude":52.1,"longitude":21.5}"#)
        #expect(try DynamicJSONDecoder().decode(KKCoordinate.self, from: kkData(encoded)) == coordinate)
    }

    @Test("Keyed<Coordinate> brings nested keys to Foundation's JSONDecoder and JSONEncoder")
    func keyedThroughFoundation() throws {
        let json = #"{"latitude": 52.1, "longitude": 21.5, "additionalInfo": {"elevation": 110.5}}"#
        let coordinate = try JSONDecoder().decode(Keyed<KKCoordinate>.self, from: kkData(json)).value
        #expect(coordinate == KKCoordinate(latitude: 52.1, longitude: 21.5, elevation: 110.5))

        let encoded = kkString(try kkFoundationEncoder().encode(Keyed(coordinate)))
        #expect(encoded == #"{"additionalInfo":{"elevation":110.5},"latitude":52.1,"longitude":21.5}"#)

        // Also inside a Foundation-decoded array, and with our own coders (where it adds nothing).
        let list = try JSONDecoder().decode([Keyed<KKCoordinate>].self, from: kkData("[\(json),\(json)]"))
        #expect(list.map(\.value) == [coordinate, coordinate])
        #expect(try DynamicJSONDecoder().decode(Keyed<KKCoordinate>.self, from: kkData(json)).value == coordinate)
        #expect(kkString(try kkDynamicEncoder().encode(Keyed(coordinate))) == encoded)
    }

    // MARK: Flat objects

    @Test("@Flat location: present gives the value, a missing or null field gives nil")
    func flatWrapper() throws {
        let decoder = DynamicJSONDecoder()
        let full = try decoder.decode(KKInnerWithFlatExample.self, from: kkData(kkFlatJSON))
        #expect(full.location == KKLocation(latitude: 3.4, longitude: 3.2))
        #expect(full.greeting == "hallo")

        let partial = try decoder.decode(KKInnerWithFlatExample.self, from: kkData(#"{"longitude": 3.2, "greeting": "hallo"}"#))
        #expect(partial.location == nil)
        #expect(partial.greeting == "hallo")

        let nulled = try decoder.decode(KKInnerWithFlatExample.self, from: kkData(#"{"latitude": null, "longitude": 3.2, "greeting": "hi"}"#))
        #expect(nulled.location == nil)
        #expect(nulled.greeting == "hi")
    }

    @Test("@Flat location spreads latitude and longitude into the parent when encoding")
    func flatWrapperEncoding() throws {
        let model = KKInnerWithFlatExample(location: KKLocation(latitude: 3.4, longitude: 3.2), greeting: "hallo")
        #expect(kkString(try kkDynamicEncoder().encode(model)) == #"{"greeting":"hallo","latitude":3.4,"longitude":3.2}"#)

        let empty = KKInnerWithFlatExample(location: nil, greeting: "hallo")
        #expect(kkString(try kkDynamicEncoder().encode(empty)) == #"{"greeting":"hallo"}"#)

        // Through Keyed<> with Foundation's coders, both directions.
        #expect(kkString(try kkFoundationEncoder().encode(Keyed(model))) == #"{"greeting":"hallo","latitude":3.4,"longitude":3.2}"#)
        #expect(try JSONDecoder().decode(Keyed<KKInnerWithFlatExample>.self, from: kkData(kkFlatJSON)).value == model)
        #expect(try JSONDecoder().decode(Keyed<KKInnerWithFlatExample>.self, from: kkData(#"{"latitude": 3.4, "greeting": "hallo"}"#)).value == empty)
    }

    @Test("a required @Flat object decodes from the parent and throws when a field is missing")
    func requiredFlat() throws {
        let model = try DynamicJSONDecoder().decode(KKInnerWithRequiredFlat.self, from: kkData(kkFlatJSON))
        #expect(model.location == KKLocation(latitude: 3.4, longitude: 3.2))
        let error = kkError(KKInnerWithRequiredFlat.self, #"{"latitude": 3.4, "greeting": "hallo"}"#)
        guard case .keyNotFound(let key, _)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "longitude")
    }

    @Test("CodingKeys location = \"\": the same flat object without the property wrapper")
    func flatKey() throws {
        let decoder = DynamicJSONDecoder()
        let full = try decoder.decode(KKInnerWithFlatKeys.self, from: kkData(kkFlatJSON))
        #expect(full == KKInnerWithFlatKeys(location: KKLocation(latitude: 3.4, longitude: 3.2), greeting: "hallo"))

        let partial = try decoder.decode(KKInnerWithFlatKeys.self, from: kkData(#"{"latitude": 3.4, "greeting": "hallo"}"#))
        #expect(partial == KKInnerWithFlatKeys(location: nil, greeting: "hallo"))

        #expect(kkString(try kkDynamicEncoder().encode(full)) == #"{"greeting":"hallo","latitude":3.4,"longitude":3.2}"#)
        #expect(kkString(try kkDynamicEncoder().encode(partial)) == #"{"greeting":"hallo"}"#)
        #expect(kkString(try kkFoundationEncoder().encode(Keyed(full))) == #"{"greeting":"hallo","latitude":3.4,"longitude":3.2}"#)
        #expect(try JSONDecoder().decode(Keyed<KKInnerWithFlatKeys>.self, from: kkData(kkFlatJSON)).value == full)
    }

    @Test("a @Flat object decoded by Foundation's JSONDecoder throws a DecodingError that points to Keyed")
    func flatWithFoundationDecoder() {
        let error = kkError(KKInnerWithFlatExample.self, kkFlatJSON, decoder: JSONDecoder())
        #expect(error != nil)
        if let error {
            #expect(String(describing: error).contains("Keyed"), "\(error)")
        }
    }

    // MARK: Lossy arrays

    @Test("@Flat array drops the element that fails: [1, 3, 4], with our decoder and Foundation's")
    func lossyWrapper() throws {
        let ours = try DynamicJSONDecoder().decode(KKOptionalArrayElementsExample.self, from: kkData(kkLossyJSON))
        #expect(ours.array == kkOneThreeFour)
        let foundation = try JSONDecoder().decode(KKOptionalArrayElementsExample.self, from: kkData(kkLossyJSON))
        #expect(foundation.array == kkOneThreeFour)

        // Encoding writes the array under its own key, with either encoder.
        let expected = #"{"array":[{"element":1},{"element":3},{"element":4}]}"#
        #expect(kkString(try kkDynamicEncoder().encode(ours)) == expected)
        #expect(kkString(try kkFoundationEncoder().encode(ours)) == expected)
    }

    @Test("CodingKeys array = \".array\" is a lossy array: [1, 3, 4]")
    func lossyKey() throws {
        let model = try DynamicJSONDecoder().decode(KKOptionalArrayElementsKeys.self, from: kkData(kkLossyJSON))
        #expect(model.array == kkOneThreeFour)
        #expect(kkString(try kkDynamicEncoder().encode(model)) == #"{"array":[{"element":1},{"element":3},{"element":4}]}"#)
        #expect(try JSONDecoder().decode(Keyed<KKOptionalArrayElementsKeys>.self, from: kkData(kkLossyJSON)).value == model)
    }

    @Test("a lossy array drops elements of any wrong kind and never hangs", .timeLimit(.minutes(1)))
    func lossyMixed() throws {
        let json = #"{"numbers": [1, {"a": [1, 2]}, 2, [3, [4]], null, "5", 6.5, 4]}"#
        #expect(try DynamicJSONDecoder().decode(KKLossyInts.self, from: kkData(json)).numbers == [1, 2, 4])
        #expect(try JSONDecoder().decode(KKLossyInts.self, from: kkData(json)).numbers == [1, 2, 4])

        let nested = #"{"data": {"numbers": [1, {"a": [1, 2]}, 2, [3, [4]], null, "5", 6.5, 4]}}"#
        #expect(try DynamicJSONDecoder().decode(KKNestedLossy.self, from: kkData(nested)).numbers == [1, 2, 4])
        #expect(kkString(try kkDynamicEncoder().encode(KKNestedLossy(numbers: [1, 2]))) == #"{"data":{"numbers":[1,2]}}"#)
    }

    @Test("a lossy array whose every element fails is empty")
    func lossyAllBad() throws {
        let elements = #"{"array": [{}, {"element": "x"}, null, 7]}"#
        #expect(try DynamicJSONDecoder().decode(KKOptionalArrayElementsExample.self, from: kkData(elements)).array == [])
        #expect(try JSONDecoder().decode(KKOptionalArrayElementsExample.self, from: kkData(elements)).array == [])
        #expect(try DynamicJSONDecoder().decode(KKOptionalArrayElementsKeys.self, from: kkData(elements)).array == [])
        #expect(try DynamicJSONDecoder().decode(KKOptionalArrayElementsKeys.self, from: kkData(#"{"array": []}"#)).array == [])
    }

    @Test("a bad element in a normal array is a DecodingError naming its index")
    func strictArrayError() {
        let nested = kkError(KKStrictNested.self, #"{"data": {"array": [{"element": 1}, {}]}}"#)
        guard case .keyNotFound(let key, let context)? = nested else {
            Issue.record("expected keyNotFound, got \(String(describing: nested))")
            return
        }
        #expect(key.stringValue == "element")
        #expect(kkPath(context.codingPath) == ["data", "array", "[1]"])

        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            let plain = kkError(KKStrictList.self, #"{"items": [{"element": 1}, {"element": 2}, {"element": "3"}]}"#, decoder: decoder)
            guard case .typeMismatch(_, let context)? = plain else {
                Issue.record("expected typeMismatch, got \(String(describing: plain))")
                continue
            }
            #expect(kkPath(context.codingPath) == ["items", "[2]", "element"])
        }
    }

    // MARK: KeyOptions

    @Test("KeyOptionsExample: custom delimiter +, flat marker __, ### prefixes, the \"* name\" key")
    func keyOptionsExample() throws {
        let model = try DynamicJSONDecoder().decode(KKKeyOptionsExample.self, from: kkData(kkKeyOptionsJSON))
        #expect(model.greeting == "Hallo world")
        #expect(model.description == "Its nice here")
        #expect(model.name == "John")
        #expect(model.location == KKLocation(latitude: 3.4, longitude: 3.2))
        #expect(model.array == kkOneThreeFour)
        #expect(model.array1 == kkOneThreeFour)

        // Through Keyed<> with Foundation's decoder too.
        #expect(try JSONDecoder().decode(Keyed<KKKeyOptionsExample>.self, from: kkData(kkKeyOptionsJSON)).value == model)

        // Encoding writes every key where it was read from.
        let encoded = kkString(try kkDynamicEncoder().encode(model))
        let elements = #"[{"element":1},{"element":3},{"element":4}]"#
        #expect(
            encoded == #"{"":{".greeting":"Hallo world","details":{"description":"Its nice here"}},"* array1":"# + elements + #","* name":"John","array":"#
                + elements + #","latitude":3.4,"longitude":3.2}"#)
        #expect(try DynamicJSONDecoder().decode(KKKeyOptionsExample.self, from: kkData(encoded)) == model)
    }

    @Test("per-coder keyOptions: decoder and encoder defaults, no shared state")
    func perCoderOptions() throws {
        let json = #"{"address": {"city": "Paris"}, "my.key": 7}"#
        let slash = DynamicJSONDecoder()
        slash.keyOptions = KeyOptions(delimiter: .character("/"))
        #expect(slash.keyOptions == KeyOptions(delimiter: .character("/"), flat: .string("")))
        #expect(try slash.decode(KKSlashKeys.self, from: kkData(json)) == KKSlashKeys(city: "Paris", dotted: 7))

        // A decoder with the defaults is untouched: "address/city" is one key there.
        let plain = DynamicJSONDecoder()
        #expect(plain.keyOptions == KeyOptions())
        let error = kkError(KKSlashKeys.self, json, decoder: plain)
        guard case .keyNotFound(let key, _)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "address/city")
        #expect(try plain.decode(KKSlashKeys.self, from: kkData(#"{"address/city": "Rome", "my": {"key": 1}}"#)) == KKSlashKeys(city: "Rome", dotted: 1))
        // And the first decoder still uses its own.
        #expect(try slash.decode(KKSlashKeys.self, from: kkData(json)) == KKSlashKeys(city: "Paris", dotted: 7))

        let encoder = kkDynamicEncoder()
        encoder.keyOptions = KeyOptions(delimiter: .character("/"))
        #expect(kkString(try encoder.encode(KKSlashKeys(city: "Paris", dotted: 7))) == #"{"address":{"city":"Paris"},"my.key":7}"#)
        // (Foundation's JSONEncoder escapes "/" as well unless told .withoutEscapingSlashes.)
        #expect(kkString(try kkDynamicEncoder().encode(KKSlashKeys(city: "Paris", dotted: 7))) == #"{"address\/city":"Paris","my":{"key":7}}"#)

        // A coder-wide flat marker of none makes ".array" a plain path: the empty key, then "array".
        let noFlat = DynamicJSONDecoder()
        noFlat.keyOptions = KeyOptions(flat: .none)
        let keyed = try noFlat.decode(KKOptionalArrayElementsKeys.self, from: kkData(#"{"": {"array": [{"element": 1}]}, "array": []}"#))
        #expect(keyed.array == [KKArrayElement(element: 1)])
        let strict = kkError(KKOptionalArrayElementsKeys.self, #"{"": {"array": [{"element": 1}, {}]}}"#, decoder: noFlat)
        guard case .keyNotFound(let elementKey, let context)? = strict else {
            Issue.record("expected keyNotFound, got \(String(describing: strict))")
            return
        }
        #expect(elementKey.stringValue == "element")
        #expect(kkPath(context.codingPath) == ["", "array", "[1]"])
    }

    // MARK: Strategies

    @Test("date and data strategies apply to values at nested paths")
    func strategiesOnNestedValues() throws {
        let json = #"{"meta": {"created": "2012-05-01T10:20:30Z", "blob": "AQID"}}"#
        let decoder = DynamicJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let meta = try decoder.decode(KKMeta.self, from: kkData(json))
        #expect(meta.created == Date(timeIntervalSince1970: 1_335_867_630))
        #expect(meta.blob == Data([1, 2, 3]))

        let encoder = kkDynamicEncoder()
        encoder.dateEncodingStrategy = .iso8601
        #expect(kkString(try encoder.encode(meta)) == #"{"meta":{"blob":"AQID","created":"2012-05-01T10:20:30Z"}}"#)

        let seconds = DynamicJSONDecoder()
        seconds.dateDecodingStrategy = .secondsSince1970
        seconds.dataDecodingStrategy = .custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8)
        }
        let other = try seconds.decode(KKMeta.self, from: kkData(#"{"meta": {"created": 1335867630, "blob": "hi"}}"#))
        #expect(other == KKMeta(created: Date(timeIntervalSince1970: 1_335_867_630), blob: Data("hi".utf8)))
    }

    @Test("key conversion applies to every step of a nested key, both ways")
    func keyStrategyOnNestedSteps() throws {
        let snakeEncoder = kkDynamicEncoder()
        snakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(kkString(try snakeEncoder.encode(KKSnake(createdAt: "today"))) == #"{"meta_info":{"created_at":"today"}}"#)
        let snakeDecoder = DynamicJSONDecoder()
        snakeDecoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try snakeDecoder.decode(KKSnake.self, from: kkData(#"{"meta_info":{"created_at":"today"}}"#)) == KKSnake(createdAt: "today"))
    }

    // MARK: AnyKey

    @Test("AnyKey(\"data.tokens.access_token\") in hand-written coding, both ways")
    func anyKeyToken() throws {
        let json = #"{"data":{"tokens":{"access_token":"abc123"}}}"#
        let model = try DynamicJSONDecoder().decode(KKTokenModel.self, from: kkData(json))
        #expect(model == KKTokenModel(token: "abc123"))
        #expect(kkString(try kkDynamicEncoder().encode(model)) == json)

        // Through Keyed<> with Foundation's coders.
        #expect(try JSONDecoder().decode(Keyed<KKTokenModel>.self, from: kkData(json)).value == model)
        #expect(kkString(try kkFoundationEncoder().encode(Keyed(model))) == json)

        // Foundation's own coders take the key literally.
        #expect(try JSONDecoder().decode(KKTokenModel.self, from: kkData(#"{"data.tokens.access_token":"lit"}"#)) == KKTokenModel(token: "lit"))

        // The key's own properties.
        #expect(kkTokenKey.stringValue == "data.tokens.access_token")
        #expect(kkTokenKey.intValue == nil)
        #expect(kkTokenKey.options == nil)
        let literalKey: AnyKey = "a.b"
        #expect(literalKey == AnyKey("a.b"))
        #expect(AnyKey(intValue: 2).intValue == 2)
        #expect(AnyKey(intValue: 2).stringValue == "2")
    }

    @Test("AnyKey(literal:) reads and writes a key with dots as one key")
    func anyKeyLiteral() throws {
        let json = #"{"data.tokens.access_token":"flat"}"#
        let model = try DynamicJSONDecoder().decode(KKLiteralTokenModel.self, from: kkData(json))
        #expect(model == KKLiteralTokenModel(token: "flat"))
        #expect(kkString(try kkDynamicEncoder().encode(model)) == json)
        #expect(AnyKey(literal: "a.b").options == KeyOptions(delimiter: .none, flat: .none))
        #expect(AnyKey(literal: "a.b").stringValue == "a.b")

        // The nested document has no such key.
        let error = kkError(KKLiteralTokenModel.self, #"{"data":{"tokens":{"access_token":"abc"}}}"#)
        guard case .keyNotFound(let key, _)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "data.tokens.access_token")
    }

    @Test("AnyKey paths in nested keyed containers and from unkeyed ones")
    func anyKeyNested() throws {
        let json = #"{"payload": {"list": [{"user": {"name": "Ada"}}, 42]}}"#
        #expect(try DynamicJSONDecoder().decode(KKAnyKeyNested.self, from: kkData(json)) == KKAnyKeyNested(first: "Ada", second: 42))
    }

    // MARK: Errors

    @Test("a missing nested key is keyNotFound where the path broke, naming the whole path")
    func missingNestedKey() {
        // The last step is missing.
        let last = kkError(KKCoordinate.self, #"{"latitude": 1, "longitude": 2, "additionalInfo": {}}"#)
        guard case .keyNotFound(let key, let context)? = last else {
            Issue.record("expected keyNotFound, got \(String(describing: last))")
            return
        }
        #expect(key.stringValue == "elevation")
        #expect(kkPath(context.codingPath) == ["additionalInfo"])
        #expect(context.debugDescription.contains("additionalInfo.elevation"), "\(context.debugDescription)")

        // The first step is missing.
        let first = kkError(KKCoordinate.self, #"{"latitude": 1, "longitude": 2}"#)
        guard case .keyNotFound(let firstKey, let firstContext)? = first else {
            Issue.record("expected keyNotFound, got \(String(describing: first))")
            return
        }
        #expect(firstKey.stringValue == "additionalInfo")
        #expect(kkPath(firstContext.codingPath) == [])
        #expect(firstContext.debugDescription.contains("additionalInfo.elevation"), "\(firstContext.debugDescription)")

        // Deeper in the document, the coding path starts at the root.
        let deep = kkError(
            KKCoordinateList.self,
            #"{"items": [{"latitude": 1, "longitude": 2, "additionalInfo": {"elevation": 3}}, {"latitude": 1, "longitude": 2, "additionalInfo": {"height": 3}}]}"#
        )
        guard case .keyNotFound(let deepKey, let deepContext)? = deep else {
            Issue.record("expected keyNotFound, got \(String(describing: deep))")
            return
        }
        #expect(deepKey.stringValue == "elevation")
        #expect(kkPath(deepContext.codingPath) == ["items", "[1]", "additionalInfo"])
        #expect(deepContext.debugDescription.contains("additionalInfo.elevation"), "\(deepContext.debugDescription)")
    }

    @Test("a nested key whose value has the wrong type is typeMismatch at the full path")
    func nestedTypeMismatch() {
        // A model at a nested key.
        let model = kkError(KKNestedKinds.self, #"{"user": {"name": "Ada", "location": {"latitude": "x", "longitude": 1}}}"#)
        guard case .typeMismatch(_, let modelContext)? = model else {
            Issue.record("expected typeMismatch, got \(String(describing: model))")
            return
        }
        #expect(kkPath(modelContext.codingPath) == ["user", "location", "latitude"])

        // A string at a nested key.
        let string = kkError(KKNestedKinds.self, #"{"user": {"name": 5, "location": {"latitude": 1, "longitude": 1}}}"#)
        guard case .typeMismatch(_, let stringContext)? = string else {
            Issue.record("expected typeMismatch, got \(String(describing: string))")
            return
        }
        #expect(kkPath(stringContext.codingPath) == ["user", "name"])
        #expect(Path(codingPath: stringContext.codingPath).description == "user.name")

        // A number at a nested key.
        let error = kkError(KKCoordinate.self, #"{"latitude": 1, "longitude": 2, "additionalInfo": {"elevation": "high"}}"#)
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(kkPath(context.codingPath) == ["additionalInfo", "elevation"])
    }
}
