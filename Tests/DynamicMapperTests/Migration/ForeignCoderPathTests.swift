import Foundation
import Testing
import DynamicMapper

// Path-shaped keys and Foundation's coders (issue 31, item 1): where this package's code stands
// between the key and the other coder, the misuse is an error that names Keyed; where only the
// compiler-synthesized code and Foundation's container see the key, it is written flat, which
// the guides say (these tests pin both, so a guide sentence cannot go stale unnoticed).

private struct FCTransformer: Transformer, DefaultInitializable {
    func decode(_ raw: Int) throws -> Int { raw * 10 }
    func encode(_ value: Int) throws -> Int { value / 10 }
}

private struct FCZero: Codable, Equatable {
    @Zero var elevation: Double
    enum CodingKeys: String, KeyedKey { case elevation = "additionalInfo.elevation" }
}

private struct FCZeroOptional: Codable, Equatable {
    @Zero var elevation: Double?
    enum CodingKeys: String, KeyedKey { case elevation = "additionalInfo.elevation" }
}

private struct FCCoded: Codable, Equatable {
    @CodedBy<FCTransformer> var id: Int
    enum CodingKeys: String, KeyedKey { case id = "items[0].id" }
}

private struct FCCodedOptional: Codable, Equatable {
    @CodedBy<OptionalTransformer<FCTransformer>> var id: Int?
    enum CodingKeys: String, KeyedKey { case id = "items[0].id" }
}

private struct FCDecodedBy: Codable, Equatable {
    @DecodedBy<FCTransformer> var id: Int
    enum CodingKeys: String, KeyedKey { case id = "a.id" }
}

private struct FCEncodedBy: Codable, Equatable {
    @EncodedBy<FCTransformer> var id: Int
    enum CodingKeys: String, KeyedKey { case id = "a.id" }
}

private struct FCLossy: Codable, Equatable {
    @Flat var numbers: [Int]
    enum CodingKeys: String, KeyedKey { case numbers = ".numbers" }
}

private struct FCPlain: Codable, Equatable {
    var id: Int
    var elevation: Double?
    enum CodingKeys: String, KeyedKey {
        case id = "items[0].id"
        case elevation = "additionalInfo.elevation"
    }
}

private struct FCMappedHandWritten: MappedCodable, Equatable {
    @Mapped("user.name") var name: String
    var note = ""

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
        note = try decoder.decodeIfPresent(at: "meta.note") ?? ""
    }

    func encode(to encoder: any Encoder) throws {
        var container = try encodeMappedProperties(to: encoder)
        try container.encode(note, forKey: "meta.note")
    }
}

private struct FCMappedAtPath: MappedCodable, Equatable {
    @Mapped("user.name") var name: String
    var note = ""

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(mappedFrom: decoder)
        note = try decoder.decodeIfPresent(at: "meta.note") ?? ""
    }

    func encode(to encoder: any Encoder) throws {
        _ = try encodeMappedProperties(to: encoder)
        try encoder.encode(note, at: "meta.note")
    }
}

private func sortedJSON(_ value: some Encodable, with encoder: JSONEncoder = JSONEncoder()) throws -> String {
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// The message and coding path of an `EncodingError.invalidValue`.
private func invalidValue(_ error: any Error) -> (message: String, path: String)? {
    guard case .invalidValue(_, let context)? = error as? EncodingError else { return nil }
    return (context.debugDescription, Path(codingPath: context.codingPath).description)
}

/// The message and coding path of a `DecodingError.dataCorrupted`.
private func dataCorrupted(_ error: any Error) -> (message: String, path: String)? {
    guard case .dataCorrupted(let context)? = error as? DecodingError else { return nil }
    return (context.debugDescription, Path(codingPath: context.codingPath).description)
}

@Suite("Path-shaped keys reaching Foundation's coders")
struct ForeignCoderPathTests {
    // MARK: Detected: the wrappers

    @Test("@Zero with a key path: JSONDecoder throws naming Keyed instead of giving 0")
    func zeroDecode() throws {
        let data = Data(#"{"additionalInfo": {"elevation": 34}}"#.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCZero.self, from: data) }
        let found = try #require(error.flatMap(dataCorrupted))
        #expect(found.path == #"additionalInfo\.elevation"#)
        #expect(
            found.message
                == #"The key path "additionalInfo.elevation" of FCZero.CodingKeys needs DynamicJSONDecoder, or Keyed<Model> with this decoder: JSONDecoder or PropertyListDecoder would look it up as one flat key."#
        )
        // The same model through this package's decoder, and through Keyed.
        #expect(try DynamicJSONDecoder().decode(FCZero.self, from: data).elevation == 34)
        #expect(try JSONDecoder().decode(Keyed<FCZero>.self, from: data).value.elevation == 34)
    }

    @Test("@Zero with a key path: JSONEncoder throws instead of writing a flat key")
    func zeroEncode() throws {
        let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCZero(elevation: 34)) }
        let found = try #require(error.flatMap(invalidValue))
        #expect(found.path == #"additionalInfo\.elevation"#)
        #expect(
            found.message
                == #"The key path "additionalInfo.elevation" of FCZero.CodingKeys needs DynamicJSONEncoder, or Keyed(model) with this encoder: JSONEncoder or PropertyListEncoder would write it as one flat key."#
        )
        #expect(try sortedJSON(FCZero(elevation: 34), with: DynamicJSONEncoder()) == #"{"additionalInfo":{"elevation":34}}"#)
        #expect(try sortedJSON(Keyed(FCZero(elevation: 34))) == #"{"additionalInfo":{"elevation":34}}"#)
    }

    @Test("an optional @Zero: a value throws, nil writes nothing as before")
    func zeroOptionalEncode() throws {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCZeroOptional(elevation: 1)) }
        #expect(try sortedJSON(FCZeroOptional(elevation: nil)) == "{}")
        #expect(try sortedJSON(FCZeroOptional(elevation: 1), with: DynamicJSONEncoder()) == #"{"additionalInfo":{"elevation":1}}"#)
    }

    @Test("@CodedBy with an index path: both directions throw with Foundation's coders, work with ours")
    func codedBy() throws {
        let data = Data(#"{"items": [{"id": 7}]}"#.utf8)
        let decoding = #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCCoded.self, from: data) }
        #expect(try #require(decoding.flatMap(dataCorrupted)).path == #"items\[0\]\.id"#)
        let encoding = #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCCoded(id: 70)) }
        #expect(try #require(encoding.flatMap(invalidValue)).message.hasPrefix(#"The key path "items[0].id" of FCCoded.CodingKeys needs DynamicJSONEncoder"#))
        #expect(try DynamicJSONDecoder().decode(FCCoded.self, from: data).id == 70)
        #expect(try sortedJSON(FCCoded(id: 70), with: DynamicJSONEncoder()) == #"{"items":[{"id":7}]}"#)
    }

    @Test("an optional @CodedBy: JSONDecoder throws instead of a silent nil")
    func codedByOptional() throws {
        let data = Data(#"{"items": [{"id": 7}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCCodedOptional.self, from: data) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCCodedOptional(id: 70)) }
        #expect(try DynamicJSONDecoder().decode(FCCodedOptional.self, from: data).id == 70)
    }

    @Test("@DecodedBy and @EncodedBy with a key path: both directions throw with Foundation's coders")
    func decodedAndEncodedBy() throws {
        let data = Data(#"{"a": {"id": 7}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCDecodedBy.self, from: data) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCDecodedBy(id: 7)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCEncodedBy.self, from: data) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCEncodedBy(id: 70)) }
        #expect(try DynamicJSONDecoder().decode(FCDecodedBy.self, from: data).id == 70)
        #expect(try sortedJSON(FCEncodedBy(id: 70), with: DynamicJSONEncoder()) == #"{"a":{"id":7}}"#)
    }

    @Test("@Flat with a lossy-array key: throws with Foundation's coders")
    func lossyArrayKey() throws {
        let data = Data(#"{"numbers": [1, "x", 3]}"#.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCLossy.self, from: data) }
        #expect(try #require(error.flatMap(dataCorrupted)).message.hasPrefix(#"The lossy-array key ".numbers" of FCLossy.CodingKeys"#))
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(FCLossy(numbers: [1])) }
        #expect(try DynamicJSONDecoder().decode(FCLossy.self, from: data).numbers == [1, 3])
    }

    @Test("property lists: the same errors")
    func propertyLists() throws {
        #expect(throws: EncodingError.self) { try PropertyListEncoder().encode(FCZero(elevation: 1)) }
        let plist = try PropertyListEncoder().encode(Keyed(FCZero(elevation: 1)))
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(FCZero.self, from: plist) }
        #expect(try PropertyListDecoder().decode(Keyed<FCZero>.self, from: plist).value == FCZero(elevation: 1))
    }

    @Test("the container encodeMappedProperties returns refuses AnyKey paths with JSONEncoder")
    func encodeMappedPropertiesContainer() throws {
        var model = FCMappedHandWritten()
        model.name = "Ada"
        model.note = "hi"
        let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(model) }
        let found = try #require(error.flatMap(invalidValue))
        #expect(found.path == #"meta\.note"#)
        #expect(found.message.hasPrefix(#"The key path "meta.note" of AnyKey needs DynamicJSONEncoder"#))
        #expect(try sortedJSON(model, with: DynamicJSONEncoder()) == #"{"meta":{"note":"hi"},"user":{"name":"Ada"}}"#)
    }

    @Test("encoder.encode(_:at:) nests keys in JSONEncoder; decodeIfPresent(at:) reads them back")
    func atPathWithFoundation() throws {
        var model = FCMappedAtPath()
        model.name = "Ada"
        model.note = "hi"
        let data = try JSONEncoder().encode(model)
        #expect(try sortedJSON(model) == #"{"meta":{"note":"hi"},"user":{"name":"Ada"}}"#)
        #expect(try JSONDecoder().decode(FCMappedAtPath.self, from: data) == model)
        #expect(try DynamicJSONDecoder().decode(FCMappedAtPath.self, from: data) == model)
    }

    // MARK: Not detectable: only Foundation's code sees the key

    @Test("a plain property with a KeyedKey path through JSONEncoder is written under one flat key (the guides say so)")
    func plainPropertiesAreFlat() throws {
        let model = FCPlain(id: 1, elevation: 34)
        #expect(try sortedJSON(model) == #"{"additionalInfo.elevation":34,"items[0].id":1}"#)
        let nested = Data(#"{"items": [{"id": 1}], "additionalInfo": {"elevation": 34}}"#.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(FCPlain.self, from: nested) }
        guard case .keyNotFound(let key, _)? = error else { Issue.record("expected keyNotFound"); return }
        #expect(key.stringValue == "items[0].id")
        #expect(try DynamicJSONDecoder().decode(FCPlain.self, from: nested) == model)
        #expect(try sortedJSON(model, with: DynamicJSONEncoder()) == #"{"additionalInfo":{"elevation":34},"items":[{"id":1}]}"#)
    }

    @Test("an optional plain property with a KeyedKey path through JSONDecoder is quietly nil (the guides say so)")
    func optionalPlainPropertyIsNil() throws {
        let data = Data(#"{"items": {"0": 1}, "items[0].id": 1, "additionalInfo": {"elevation": 34}}"#.utf8)
        #expect(try JSONDecoder().decode(FCPlain.self, from: data) == FCPlain(id: 1, elevation: nil))
    }

    @Test("an AnyKey path in a hand-written container of JSONEncoder is one flat key (the guides say so)")
    func anyKeyIsFlat() throws {
        struct Cats: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1653, forKey: AnyKey("cats[1]"))
            }
        }
        #expect(try sortedJSON(Cats()) == #"{"cats[1]":1653}"#)
        #expect(try sortedJSON(Cats(), with: DynamicJSONEncoder()) == #"{"cats":[null,1653]}"#)
        #expect(try sortedJSON(Keyed(Cats())) == #"{"cats":[null,1653]}"#)
    }
}
