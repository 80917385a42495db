import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// MARK: - Models

private struct EncodingPlainModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var name: String
}

private struct EncodingOuterModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var child: EncodingPlainModel
    var children: [EncodingPlainModel]
}

private struct EncodingNumbersModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var bigInt: Int
    var price: Double
    var hundred: Double
    var negativeZero: Double
    var list: [Double]
}

private struct EncodingRoundedDoubleModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var big: Double
    var long: Double
}

private struct EncodingOptionalModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var nick: String?
}

private struct EncodingProfile: Codable {
    var city: String
    var age: Int?
}

private struct EncodingTag: Codable {
    var label: String
}

private struct EncodingProfileModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var profile: EncodingProfile?
    var tags: [EncodingTag]?
}

private struct EncodingWinsModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var title: String
    var count: Int

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .encoding else { return }
        ds.title.set("from mapping")
        ds.extra.flag.set(true)
        ds.extra.list.append(count)
    }
}

private final class EncodingClassModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var city: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        city <-> ds.address.city
        if mappingType == .encoding {
            ds.stamp.set(1)
            name --> { ds.copyOfName.set($0) }
        }
    }
}

private struct EncodingDatedModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var when: Date?
    @NotCoded var also: Date?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding:
            when <-- ds.meta.when
        case .encoding:
            when --> { ds.meta.when.set($0) }
        }
        also <-> ds.meta.also
    }
}

private struct EncodingMeta: Codable {
    var name: String
}

private struct EncodingStatementOrderModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var meta: EncodingMeta?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        meta <-> ds.meta
        if mappingType == .encoding {
            ds.meta.version.set(2)
        }
    }
}

private struct EncodingSnakeModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var userName: String
    var homeCity: String?
}

private struct EncodingBuiltModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var name: String?
    @NotCoded var city: String?
    @NotCoded var zip: String?

    init(id: Int, name: String?, city: String?, zip: String?) {
        self.id = id
        self.name = name
        self.city = city
        self.zip = zip
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .encoding else { return }
        city --> { ds.address.city.set($0) }
        zip <-> ds.address.zip
        ds.version.set(2)
    }
}

// MARK: - Helpers

/// The output of a `DynamicJSONEncoder`, or the error it threw as text (so that a failed
/// expectation shows the actual output).
private func encodedText<T: Encodable>(_ value: T, _ formatting: JSONEncoder.OutputFormatting = [], configure: (DynamicJSONEncoder) -> Void = { _ in })
    -> String
{
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = formatting
    configure(encoder)
    do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        return "error: \(error)"
    }
}

private func decodedModel<T: Decodable>(_ type: T.Type, _ text: String, configure: (DynamicJSONDecoder) -> Void = { _ in }) throws -> T {
    let decoder = DynamicJSONDecoder()
    configure(decoder)
    return try decoder.decode(T.self, from: Data(text.utf8))
}

// MARK: - Tests

@Suite("Dynamic encoding: the model owns its keys, the document owns the rest")
struct DynamicEncodingTests {
    @Test("unknown keys are kept at every depth, in their original order")
    func unknownKeysKept() throws {
        let input = #"{"zeta":1,"id":7,"nested":{"b":2,"a":[3,{"d":4,"c":5}]},"name":"Ada","alpha":"x"}"#
        var model = try decodedModel(EncodingPlainModel.self, input)
        #expect(encodedText(model) == input)
        model.name = "Bob"
        model.id = 8
        #expect(encodedText(model) == #"{"zeta":1,"id":8,"nested":{"b":2,"a":[3,{"d":4,"c":5}]},"name":"Bob","alpha":"x"}"#)
    }

    @Test("nested dynamic models keep their unknown keys too")
    func nestedDynamicModelsKeepKeys() throws {
        let input = #"{"w":0,"child":{"id":1,"u":"k","name":"c"},"children":[{"name":"n","v":[1],"id":2},{"id":3,"name":"m","x":{}}],"tail":{"t":1}}"#
        var model = try decodedModel(EncodingOuterModel.self, input)
        #expect(encodedText(model) == input)
        model.children[0].name = "N"
        model.child.id = 10
        #expect(
            encodedText(model)
                == #"{"w":0,"child":{"id":10,"u":"k","name":"c"},"children":[{"name":"N","v":[1],"id":2},{"id":3,"name":"m","x":{}}],"tail":{"t":1}}"#)
    }

    @Test("number literals come back as written, in unmodelled keys and unchanged properties")
    func numberLiteralsKept() throws {
        let input =
            #"{"bigInt":9007199254740993,"price":1.10,"hundred":1e2,"negativeZero":-0.0,"list":[1.10,2,3E0],"rawBig":9007199254740993,"rawPrice":1.10,"rawHundred":1e2,"rawZero":-0.0,"rawDeep":[{"n":0.50}]}"#
        var model = try decodedModel(EncodingNumbersModel.self, input)
        #expect(model.bigInt == 9_007_199_254_740_993)
        #expect(model.price == 1.1)
        #expect(model.hundred == 100)
        #expect(model.negativeZero == 0 && model.negativeZero.sign == .minus)
        #expect(encodedText(model) == input)

        model.price = 2.25
        model.hundred = 100 // the same value: the literal stays
        model.list[1] = 5
        #expect(
            encodedText(model)
                == #"{"bigInt":9007199254740993,"price":2.25,"hundred":1e2,"negativeZero":-0.0,"list":[1.10,5,3E0],"rawBig":9007199254740993,"rawPrice":1.10,"rawHundred":1e2,"rawZero":-0.0,"rawDeep":[{"n":0.50}]}"#
        )
    }

    @Test("an unchanged Double property keeps its literal even when the Double had to round it")
    func roundedDoubleLiteralKept() throws {
        let input = #"{"big":9007199254740993,"long":1.00000000000000001,"raw":9007199254740993}"#
        var model = try decodedModel(EncodingRoundedDoubleModel.self, input)
        #expect(model.big == 9_007_199_254_740_992)
        #expect(model.long == 1)
        #expect(encodedText(model) == input)
        model.long = 2
        #expect(encodedText(model) == #"{"big":9007199254740993,"long":2,"raw":9007199254740993}"#)
    }

    @Test("untouched strings keep their escapes; a changed string is written")
    func stringEscapesKept() throws {
        let input = #"{"id":1,"name":"caf\u00e9","other":"a\/b\n\u0041","emoji":"\ud83d\ude00"}"#
        var model = try decodedModel(EncodingPlainModel.self, input)
        #expect(model.name == "café")
        #expect(encodedText(model) == input)
        model.name = "thé"
        #expect(encodedText(model) == #"{"id":1,"name":"thé","other":"a\/b\n\u0041","emoji":"\ud83d\ude00"}"#)
    }

    @Test("a nil optional property removes its key (a null one stays); a new one is appended")
    func nilOptionalRemovesKey() throws {
        var model = try decodedModel(EncodingOptionalModel.self, #"{"id":1,"nick":"n","x":2}"#)
        #expect(model.nick == "n")
        model.nick = nil
        #expect(encodedText(model) == #"{"id":1,"x":2}"#)

        var other = try decodedModel(EncodingOptionalModel.self, #"{"x":2,"id":1}"#)
        other.nick = "new"
        #expect(encodedText(other) == #"{"x":2,"id":1,"nick":"new"}"#)

        // A `null` read as `nil` is unchanged while the property stays `nil`, so decode → encode
        // gives the document back.
        var withNull = try decodedModel(EncodingOptionalModel.self, #"{"id":1,"nick":null,"x":2}"#)
        #expect(encodedText(withNull) == #"{"id":1,"nick":null,"x":2}"#)
        withNull.nick = "set"
        #expect(encodedText(withNull) == #"{"id":1,"nick":"set","x":2}"#)
    }

    @Test("nested plain Codable objects keep the keys they never read")
    func nestedPlainObjectsMerge() throws {
        let input = #"{"id":1,"profile":{"city":"Oslo","zip":"0150","age":30,"geo":{"lat":1.50}},"end":true}"#
        var model = try decodedModel(EncodingProfileModel.self, input)
        #expect(encodedText(model) == input)
        model.profile?.city = "Bergen"
        model.profile?.age = nil
        #expect(encodedText(model) == #"{"id":1,"profile":{"city":"Bergen","zip":"0150","geo":{"lat":1.50}},"end":true}"#)
        model.profile = nil
        #expect(encodedText(model) == #"{"id":1,"end":true}"#)
    }

    @Test("arrays of equal length merge element by element; other lengths are replaced")
    func arraysMergeElementWise() throws {
        let input = #"{"id":1,"tags":[{"label":"a","color":"red"},{"label":"b","color":"blue"}]}"#
        var model = try decodedModel(EncodingProfileModel.self, input)
        #expect(encodedText(model) == input)
        model.tags?[1].label = "B"
        #expect(encodedText(model) == #"{"id":1,"tags":[{"label":"a","color":"red"},{"label":"B","color":"blue"}]}"#)
        model.tags?.append(EncodingTag(label: "c"))
        #expect(encodedText(model) == #"{"id":1,"tags":[{"label":"a"},{"label":"B"},{"label":"c"}]}"#)
    }

    @Test("the encoding mapping's writes win over the properties")
    func mappingWritesWin() throws {
        var model = try decodedModel(EncodingWinsModel.self, #"{"title":"t","count":1,"extra":{"flag":false,"k":1}}"#)
        model.title = "property"
        #expect(encodedText(model) == #"{"title":"from mapping","count":1,"extra":{"flag":true,"k":1,"list":[1]}}"#)
    }

    @Test("mapping statements take effect in order: a set below a path written by <-> is kept")
    func mappingStatementsInOrder() throws {
        var model = try decodedModel(EncodingStatementOrderModel.self, #"{"id":1,"meta":{"name":"m","old":true}}"#)
        #expect(model.meta?.name == "m")
        model.meta?.name = "n"
        // `<->` writes like an own property: merged, so "old" (which `meta` never read) stays.
        #expect(encodedText(model) == #"{"id":1,"meta":{"name":"n","old":true,"version":2}}"#)
    }

    @Test("a \"dynamicSelf\" key in the input is never read and never emitted")
    func dynamicSelfKeyIgnored() throws {
        let input = #"{"id":1,"dynamicSelf":{"evil":true},"name":"a"}"#
        var model = try decodedModel(EncodingPlainModel.self, input)
        #expect(model.id == 1 && model.name == "a")
        #expect(encodedText(model) == #"{"id":1,"name":"a"}"#)
        model.ds.dynamicSelf.set(5)
        #expect(encodedText(model) == #"{"id":1,"name":"a"}"#)

        let nonObject = try decodedModel(EncodingPlainModel.self, #"{"dynamicSelf":5,"id":2,"name":"b"}"#)
        #expect(encodedText(nonObject) == #"{"id":2,"name":"b"}"#)
    }

    @Test("Foundation's coders neither read nor write a \"dynamicSelf\" key of a dynamic model")
    func foundationCodersSkipDynamicSelf() throws {
        let decoded = try JSONDecoder().decode(EncodingPlainModel.self, from: Data(#"{"id":1,"dynamicSelf":5,"name":"a"}"#.utf8))
        #expect(decoded.dynamicSelf == nil)
        #expect(decoded.id == 1 && decoded.name == "a")

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var model = EncodingPlainModel(dynamicSelf: DynamicClass(["dynamicSelf": 1, "x": 2]), id: 3, name: "c")
        #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == #"{"id":3,"name":"c"}"#)
        model.dynamicSelf = nil
        #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == #"{"id":3,"name":"c"}"#)
    }

    @Test("encoding a struct twice gives identical bytes and leaves the model unchanged")
    func encodingTwiceStruct() throws {
        var model = try decodedModel(EncodingWinsModel.self, #"{"title":"t","count":1,"extra":{"k":1}}"#)
        model.count = 4
        let viewBefore = model.ds.debugDescription
        let first = encodedText(model)
        let second = encodedText(model)
        #expect(first == #"{"title":"from mapping","count":4,"extra":{"k":1,"flag":true,"list":[4]}}"#)
        #expect(second == first)
        #expect(model.ds.debugDescription == viewBefore)
        #expect(viewBefore == #"{"title":"t","count":1,"extra":{"k":1}}"#)
        #expect(model.title == "t")
        #expect(model.count == 4)
    }

    @Test("encoding a class twice gives identical bytes and leaves the instance unchanged")
    func encodingTwiceClass() throws {
        let input = #"{"name":"Ada","address":{"city":"Oslo","zip":"0150"},"x":[1]}"#
        let model = try decodedModel(EncodingClassModel.self, input)
        #expect(model.city == "Oslo")
        model.city = "Bergen"
        let first = encodedText(model)
        let second = encodedText(model)
        #expect(first == #"{"name":"Ada","address":{"city":"Bergen","zip":"0150"},"x":[1],"stamp":1,"copyOfName":"Ada"}"#)
        #expect(second == first)
        #expect(model.ds.debugDescription == input)
        #expect(model.dynamicSelf?.debugDescription == input)
        #expect(model.name == "Ada")
        #expect(model.city == "Bergen")
    }

    @Test(".sortedKeys sorts the untouched parts of the document too")
    func sortedKeysSortsEverything() throws {
        var model = try decodedModel(EncodingPlainModel.self, #"{"name":"n","b":{"z":1,"y":[{"d":1,"c":2}]},"id":1,"a":0}"#)
        #expect(encodedText(model, [.sortedKeys]) == #"{"a":0,"b":{"y":[{"c":2,"d":1}],"z":1},"id":1,"name":"n"}"#)
        model.name = "m"
        model.ds.b.x.set(true)
        #expect(encodedText(model, [.sortedKeys]) == #"{"a":0,"b":{"x":true,"y":[{"c":2,"d":1}],"z":1},"id":1,"name":"m"}"#)
    }

    @Test(".prettyPrinted lays out a re-encoded document exactly as JSONEncoder lays out the same value")
    func prettyPrintedMatchesFoundation() throws {
        let input = #"{"name":"n","b":{"z":1,"y":[{"d":true,"c":null},[],{}],"e":"text"},"id":1,"a":[0,-2]}"#
        var model = try decodedModel(EncodingPlainModel.self, input)
        model.name = "m"
        let expectedValue = try JSON(parsing: #"{"name":"m","b":{"z":1,"y":[{"d":true,"c":null},[],{}],"e":"text"},"id":1,"a":[0,-2]}"#)

        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        let foundationText = String(decoding: try foundation.encode(expectedValue), as: UTF8.self)
        #expect(encodedText(model, [.prettyPrinted, .sortedKeys]) == foundationText)

        // Without .sortedKeys the layout is the same and the order is the document's.
        let unsorted = encodedText(model, [.prettyPrinted])
        #expect(
            unsorted == """
                {
                  "name" : "m",
                  "b" : {
                    "z" : 1,
                    "y" : [
                      {
                        "d" : true,
                        "c" : null
                      },
                      [

                      ],
                      {

                      }
                    ],
                    "e" : "text"
                  },
                  "id" : 1,
                  "a" : [
                    0,
                    -2
                  ]
                }
                """)
        let reordered = try JSON(parsing: unsorted)
        #expect(reordered == expectedValue)
    }

    @Test("date strategies apply to values the encoding mapping writes with set and <->")
    func dateStrategyAppliesToMappingWrites() throws {
        let input = #"{"id":1,"meta":{"when":"2001-01-01T00:00:00Z","keep":0}}"#
        var model = try decodedModel(EncodingDatedModel.self, input) { $0.dateDecodingStrategy = .iso8601 }
        #expect(model.when == Date(timeIntervalSinceReferenceDate: 0))
        model.when = Date(timeIntervalSince1970: 0)
        model.also = Date(timeIntervalSince1970: 86_400)
        let iso = encodedText(model) { $0.dateEncodingStrategy = .iso8601 }
        #expect(iso == #"{"id":1,"meta":{"when":"1970-01-01T00:00:00Z","keep":0,"also":"1970-01-02T00:00:00Z"}}"#)
        let seconds = encodedText(model) { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(seconds == #"{"id":1,"meta":{"when":0,"keep":0,"also":86400}}"#)
    }

    @Test("a snake_case round trip keeps the unknown keys as they were")
    func snakeCaseRoundTrip() throws {
        let input = #"{"user_name":"a","extra_key":{"inner_key":1,"camelKey":2},"home_city":"x"}"#
        var model = try decodedModel(EncodingSnakeModel.self, input) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(model.userName == "a")
        #expect(model.homeCity == "x")
        let snake: (DynamicJSONEncoder) -> Void = { $0.keyEncodingStrategy = .convertToSnakeCase }
        #expect(encodedText(model, configure: snake) == input)
        model.userName = "b"
        #expect(encodedText(model, configure: snake) == #"{"user_name":"b","extra_key":{"inner_key":1,"camelKey":2},"home_city":"x"}"#)
        model.homeCity = nil
        #expect(encodedText(model, configure: snake) == #"{"user_name":"b","extra_key":{"inner_key":1,"camelKey":2}}"#)
    }

    @Test("a model built in code encodes its properties, then the mapping writes create their paths")
    func modelBuiltInCode() throws {
        let model = EncodingBuiltModel(id: 1, name: "n", city: "Oslo", zip: "0150")
        #expect(encodedText(model) == #"{"id":1,"name":"n","address":{"city":"Oslo","zip":"0150"},"version":2}"#)
        let noName = EncodingBuiltModel(id: 2, name: nil, city: "Rome", zip: nil)
        #expect(encodedText(noName) == #"{"id":2,"address":{"city":"Rome"},"version":2}"#)
        #expect(model.dynamicSelf == nil)
        #expect(encodedText(model) == #"{"id":1,"name":"n","address":{"city":"Oslo","zip":"0150"},"version":2}"#)
    }

    @Test("a dynamic model nested in plain containers is merged with its own document")
    func dynamicModelInsidePlainContainers() throws {
        let input = #"[{"id":1,"name":"a","u":1},{"name":"b","id":2,"v":[true]}]"#
        var models = try decodedModel([EncodingPlainModel].self, input)
        #expect(encodedText(models) == input)
        models[1].name = "B"
        #expect(encodedText(models) == #"[{"id":1,"name":"a","u":1},{"name":"B","id":2,"v":[true]}]"#)
        let byKey = try decodedModel([String: EncodingPlainModel].self, #"{"k":{"name":"c","id":3,"w":null}}"#)
        #expect(encodedText(byKey) == #"{"k":{"name":"c","id":3,"w":null}}"#)
    }
}
