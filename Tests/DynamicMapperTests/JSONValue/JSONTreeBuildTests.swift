import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Building a `JSON` tree from a parsed document: exact capacities, keys shared between objects,
// an object's key index filed from hashes computed once, long number literals packed. Random
// documents (with repeated, escaped and canonically equivalent keys, and numbers of every
// length) must build exactly the tree that plain `JSON.Object` insertion gives, first key
// winning, with key order, key spelling and number text intact.

/// Random JSON text, and the tree it must build, made by the public API alone.
private struct TreeTextGenerator {
    var random: SeededRandom

    /// Plain, non-ASCII, canonically equivalent (`é` twice, Kelvin sign and `K`) and long keys.
    static let keys = [
        "id", "name", "a", "b", "", "\u{E9}", "e\u{301}", "K", "\u{212A}", "profile_background_image_url_https",
        "in_reply_to_status_id_str", "x y", "\u{1F600}", "tab\there", "quote\"",
    ]
    static let strings = ["", "plain", "caf\u{E9}", "line\nbreak", "a/b\\c", "\u{1}", "a string long enough to be allocated"]

    /// A number literal of 1 to about 40 characters, so short, packed and too-long-to-pack
    /// literals all occur.
    mutating func numberLiteral() -> String {
        var text = Bool.random(using: &random) ? "-" : ""
        let integerDigits = Int.random(in: 1...22, using: &random)
        text += String(Int.random(in: 1...9, using: &random))
        for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
        if integerDigits == 1, Bool.random(using: &random) { text = text.dropLast() + "0" }
        if Bool.random(using: &random) {
            text += "."
            for _ in 0..<Int.random(in: 1...16, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            text += ["e", "E", "e+", "E-", "e-"].randomElement(using: &random)!
            text += String(Int.random(in: 0...400, using: &random))
        }
        return text
    }

    /// A key written raw or with every character a `\u` escape.
    mutating func keyText(_ key: String) -> String {
        guard Bool.random(using: &random) else { return quoted(key) }
        return "\"" + key.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
    }

    func quoted(_ text: String) -> String {
        String(decoding: JSON.string(text).serialized(), as: UTF8.self)
    }

    mutating func space() -> String {
        ["", " ", "\n  ", "\t"].randomElement(using: &random)!
    }

    /// JSON text and the value it must build.
    mutating func document(depth: Int = 0) -> (text: String, value: JSON) {
        switch Int.random(in: 0..<(depth >= 4 ? 4 : 7), using: &random) {
        case 0: return ("null", .null)
        case 1:
            let flag = Bool.random(using: &random)
            return (flag ? "true" : "false", .bool(flag))
        case 2:
            let literal = numberLiteral()
            return (literal, .number(JSON.Number(literal: literal)!))
        case 3:
            let text = Self.strings.randomElement(using: &random)!
            return (quoted(text), .string(text))
        case 4:
            var parts: [String] = []
            var elements: [JSON] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let (text, value) = document(depth: depth + 1)
                parts.append(space() + text + space())
                elements.append(value)
            }
            return ("[" + parts.joined(separator: ",") + "]", .array(elements))
        default:
            // Up to 30 members, past the size at which an object gets its key index, with
            // keys repeated (the first one wins).
            var parts: [String] = []
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                let key =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? Self.keys.randomElement(using: &random)!
                    : "k\(Int.random(in: 0..<40, using: &random))"
                let (text, value) = document(depth: depth + 1)
                parts.append(space() + keyText(key) + space() + ":" + space() + text)
                if object[key] == nil { object[key] = value }
            }
            return ("{" + parts.joined(separator: ",") + "}", .object(object))
        }
    }
}

/// Whether `lhs` and `rhs` are the same tree exactly: key order and spelling (by Unicode
/// scalars, not canonical equivalence), number text and string scalars, where `==` forgives all
/// of those.
private func identical(_ lhs: JSON, _ rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.literal == b.literal
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(identical)
    case (.object(let a), .object(let b)):
        return a.keys.count == b.keys.count
            && zip(a.keys, b.keys).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
            && zip(a.values, b.values).allSatisfy(identical)
    default: return false
    }
}

@Suite("JSON tree building")
struct JSONTreeBuildTests {
    static let seeds: [UInt64] = Array(1...12)

    @Test(arguments: seeds)
    func randomDocumentsBuildTheTreeInsertionGives(seed: UInt64) throws {
        var generator = TreeTextGenerator(random: SeededRandom(state: seed))
        for round in 0..<40 {
            let (text, expected) = generator.document()
            let parsed = try JSON(parsing: text)
            #expect(identical(parsed, expected), "seed \(seed), round \(round): \(text)")
            #expect(parsed == expected, "seed \(seed), round \(round)")
            #expect(parsed.serialized() == expected.serialized(), "seed \(seed), round \(round)")
            #expect(parsed.serialized(formatting: .sortedKeys) == expected.serialized(formatting: .sortedKeys), "seed \(seed), round \(round)")
            #expect(parsed.hashValue == expected.hashValue, "seed \(seed), round \(round)")
            let again = try JSON(parsing: parsed.serialized())
            #expect(identical(again, parsed), "seed \(seed), round \(round)")
        }
    }

    /// Records of a few shapes, most repeated exactly (which share the first such object's
    /// keys and key index), others changed in one place: a key dropped, added, repeated,
    /// swapped, escaped or made non-ASCII, or replaced by one with the same length and the
    /// same first and last eight bytes. Each must build what insertion gives, and editing one
    /// object must leave the others sharing its keys as they were.
    @Test(arguments: seeds)
    func recordsRepeatingAndVaryingAShapeBuildWhatInsertionGives(seed: UInt64) throws {
        var generator = TreeTextGenerator(random: SeededRandom(state: seed))
        let long = (0..<6).map { "profile_background_\($0)_image_url_https" }
        let pool = ["id", "name", "a", "b", "", "x y"] + long + (0..<20).map { "field\($0)" }
        for round in 0..<12 {
            // A few shapes beginning with the same key, some past the key index threshold.
            let shapes: [[String]] = (0..<3).map { _ in
                let count = Int.random(in: 1...20, using: &generator.random)
                return ["id"] + Array(pool.dropFirst().shuffled(using: &generator.random).prefix(count - 1))
            }
            var parts: [String] = []
            var records: [JSON] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator.random) {
                var keys = shapes.randomElement(using: &generator.random)!
                var escaped = -1
                switch Int.random(in: 0..<10, using: &generator.random) {
                case 0: if keys.count > 1 { keys.removeLast() }
                case 1: keys.append(pool.randomElement(using: &generator.random)!)
                case 2: keys.insert(keys.randomElement(using: &generator.random)!, at: Int.random(in: 0...keys.count, using: &generator.random))
                case 3: if keys.count > 2 { keys.swapAt(1, keys.count - 1) }
                case 4: escaped = Int.random(in: 0..<keys.count, using: &generator.random)
                case 5: keys[Int.random(in: 0..<keys.count, using: &generator.random)] = "\u{E9}"
                case 6:
                    if let position = keys.firstIndex(where: { long.contains($0) }) {
                        keys[position] = long.filter { $0 != keys[position] }.randomElement(using: &generator.random)!
                    }
                default: break
                }
                var texts: [String] = []
                var object = JSON.Object()
                for (position, key) in keys.enumerated() {
                    let (text, value) = Bool.random(using: &generator.random) ? generator.document(depth: 3) : ("1", .number(1))
                    let keyText =
                        position == escaped
                        ? "\"" + key.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
                        : generator.quoted(key)
                    texts.append(keyText + ":" + text)
                    if object[key] == nil { object[key] = value }
                }
                parts.append("{" + texts.joined(separator: ",") + "}")
                records.append(.object(object))
            }
            let text = "[" + parts.joined(separator: ",") + "]"
            let parsed = try JSON(parsing: text)
            #expect(identical(parsed, .array(records)), "seed \(seed), round \(round): \(text)")
            var built = try #require(parsed.arrayValue).compactMap(\.objectValue)
            try #require(built.count == records.count)
            // Edit the first record; every other one still reads as built.
            built[0]["added"] = .null
            built[0][built[0].keys[0]] = nil
            for (position, record) in records.enumerated().dropFirst() {
                #expect(identical(.object(built[position]), record), "seed \(seed), round \(round), record \(position)")
                for key in pool + ["added"] {
                    #expect(built[position][key] == record[key], "seed \(seed), round \(round), record \(position): \(key)")
                }
            }
            #expect(built[0]["added"] == .null)
        }
    }

    /// Records alternating among more shapes that begin with one key than the build keeps
    /// for it (four), many alike (one a prefix of another, one differing in its last key or
    /// its length only), in random order and in runs: each record must build what insertion
    /// gives, whichever kept shape it matched, was moved ahead to or replaced.
    @Test(arguments: seeds)
    func recordsAlternatingAmongManyShapesOfOneFirstKeyBuildWhatInsertionGives(seed: UInt64) throws {
        var generator = TreeTextGenerator(random: SeededRandom(state: seed))
        let pool = (0..<30).map { "key\($0)" }
        for round in 0..<10 {
            let base = ["id"] + Array(pool.shuffled(using: &generator.random).prefix(Int.random(in: 2...18, using: &generator.random)))
            let shapes: [[String]] = (0..<Int.random(in: 2...9, using: &generator.random)).map { variant in
                var keys = base
                switch variant % 4 {
                case 0: break
                case 1: keys.removeLast(Int.random(in: 1...keys.count - 1, using: &generator.random))
                case 2: keys[keys.count - 1] = pool.filter { !keys.contains($0) }.randomElement(using: &generator.random)!
                default: keys.append(pool.filter { !keys.contains($0) }.randomElement(using: &generator.random)!)
                }
                return keys
            }
            var parts: [String] = []
            var records: [JSON] = []
            var shape = 0
            for _ in 0..<Int.random(in: 1...60, using: &generator.random) {
                // Runs of one shape as well as single records.
                if Int.random(in: 0..<3, using: &generator.random) > 0 { shape = Int.random(in: 0..<shapes.count, using: &generator.random) }
                var texts: [String] = []
                var object = JSON.Object()
                for key in shapes[shape] {
                    let (text, value) = Bool.random(using: &generator.random) ? generator.document(depth: 3) : ("true", .bool(true))
                    texts.append(generator.quoted(key) + ":" + text)
                    object[key] = value
                }
                parts.append("{" + texts.joined(separator: ",") + "}")
                records.append(.object(object))
            }
            let text = "[" + parts.joined(separator: ",") + "]"
            let parsed = try JSON(parsing: text)
            #expect(identical(parsed, .array(records)), "seed \(seed), round \(round): \(text)")
            let built = try #require(parsed.arrayValue).compactMap(\.objectValue)
            try #require(built.count == records.count)
            for (position, record) in records.enumerated() {
                for key in ["id"] + pool {
                    #expect(built[position][key] == record[key], "seed \(seed), round \(round), record \(position): \(key)")
                }
            }
        }
    }

    @Test(arguments: seeds)
    func builtObjectsLookUpEditAndRemoveLikeInsertedOnes(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let keys = (0..<40).map { "key\($0)" } + TreeTextGenerator.keys
        for round in 0..<20 {
            var reference = JSON.Object()
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                let key = keys.randomElement(using: &random)!
                if reference[key] == nil { reference[key] = .number(JSON.Number(Int.random(in: 0...99, using: &random))) }
            }
            var built = try #require(try JSON(parsing: JSON.object(reference).serialized()).objectValue)
            for step in 0..<30 {
                let key = keys.randomElement(using: &random)!
                #expect(built.index(forKey: key) == reference.index(forKey: key), "seed \(seed), round \(round), step \(step), \(key)")
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    built[key] = nil
                    reference[key] = nil
                case 1:
                    let value = JSON.string("v\(step)")
                    built[key] = value
                    reference[key] = value
                default:
                    #expect(built.removeValue(forKey: key) == reference.removeValue(forKey: key), "seed \(seed), round \(round), step \(step)")
                }
                #expect(built.keys == reference.keys, "seed \(seed), round \(round), step \(step)")
                #expect(identical(.object(built), .object(reference)), "seed \(seed), round \(round), step \(step)")
            }
        }
    }

    @Test
    func canonicallyEquivalentKeysAreOneKeyInAnIndexedObject() throws {
        let filler = (0..<20).map { "\"f\($0)\": \($0)" }.joined(separator: ", ")
        let json = try JSON(parsing: #"{\#(filler), "\u00e9": 1, "e\u0301": 2, "\u212a": 3, "K": 4}"#)
        let object = try #require(json.objectValue)
        #expect(object.count == 22)
        #expect(object.keys.suffix(2).map { Array($0.unicodeScalars) } == [["\u{E9}"], ["\u{212A}"]])
        #expect(object["e\u{301}"] == .number(1))
        #expect(object["K"] == .number(3))
    }

    @Test
    func longNumberLiteralsKeepTheirTextAndValue() throws {
        let literals = [
            "-65.613616999999977", "12345678901234567890123456789012", "123456789012345678901234567890123",
            "1.0000000000000000", "-1.5e+308000000000", "0.000000000000000000001E-5",
        ]
        let json = try JSON(parsing: "[" + literals.joined(separator: ",") + "]")
        let numbers = try #require(json.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.literal) == literals)
        #expect(numbers[0].double == -65.613616999999977)
        #expect(numbers[3] == JSON.Number(1))
        #expect(numbers[3].int == 1)
        #expect(numbers[1] == JSON.Number(literal: "12345678901234567890123456789012"))
        #expect(numbers[1] != JSON.Number(literal: "12345678901234567890123456789013"))
        #expect(Set(numbers + [JSON.Number(literal: "1")!]).count == literals.count)
        #expect(String(decoding: json.serialized(), as: UTF8.self) == "[" + literals.joined(separator: ",") + "]")
    }

    /// Arrays of two numbers inside containers (GeoJSON coordinates, which the frame loop
    /// builds on a path of their own) among arrays that look alike but are not such pairs: one
    /// or three numbers, a non-number, a nested array, JSON5 literals. Each must be the value
    /// the same array gives parsed on its own (as a whole document, built as a leaf).
    @Test(arguments: seeds)
    func numberPairsInContainersBuildWhatTheArrayAloneGives(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let json5Literals = ["0x1F", "+1", "Infinity", "-Infinity", ".5", "5.", "NaN", "0XaB"]
        for round in 0..<20 {
            let allowsJSON5 = round % 4 == 3
            func number(_ random: inout SeededRandom) -> String {
                if allowsJSON5, Int.random(in: 0..<3, using: &random) == 0 { return json5Literals.randomElement(using: &random)! }
                return strictLiteral(length: Int.random(in: 1...40, using: &random), random: &random)
            }
            var elements: [String] = []
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: elements.append("[\(number(&random))]")
                case 1: elements.append("[\(number(&random)),\(number(&random)),\(number(&random))]")
                case 2: elements.append("[\(number(&random)),\"s\"]")
                case 3: elements.append("[null,\(number(&random))]")
                case 4: elements.append("[\(number(&random)),[\(number(&random)),\(number(&random))]]")
                default: elements.append("[ \(number(&random)) ,\(number(&random))]")
                }
            }
            // Inside a ring inside a polygon, and as an object's member.
            let text = "{\"coordinates\":[[" + elements.joined(separator: ",") + "]],\"first\":" + elements[0] + "}"
            let parsed = try JSON(parsing: text, allowsJSON5: allowsJSON5)
            let ring = try #require(parsed["coordinates"]?[0]?.arrayValue)
            try #require(ring.count == elements.count)
            for (position, element) in elements.enumerated() {
                let alone = try JSON(parsing: element, allowsJSON5: allowsJSON5)
                #expect(identical(ring[position], alone), "seed \(seed), round \(round): \(element)")
                #expect(ring[position] == alone, "seed \(seed), round \(round): \(element)")
            }
            let first = try #require(parsed["first"])
            #expect(identical(first, try JSON(parsing: elements[0], allowsJSON5: allowsJSON5)), "seed \(seed), round \(round)")
        }
    }
}

/// A strict number literal of `length` characters (at least 1) using every character a
/// literal may have: sign, digits, point, `e` or `E` and an exponent sign.
private func strictLiteral(length: Int, random: inout SeededRandom) -> String {
    func digit(_ random: inout SeededRandom) -> String { String(Int.random(in: 0...9, using: &random)) }
    let sign = length >= 2 && Bool.random(using: &random) ? "-" : ""
    var remaining = length - sign.count
    var exponent = ""
    if remaining >= 3, Bool.random(using: &random) {
        // A marker, maybe a sign, one to three digits, and at least one mantissa digit left.
        exponent = ["e", "E"].randomElement(using: &random)!
        if remaining >= 4 { exponent += ["", "+", "-"].randomElement(using: &random)! }
        let digits = Int.random(in: 1...min(3, remaining - 1 - exponent.count), using: &random)
        for _ in 0..<digits { exponent += digit(&random) }
        remaining -= exponent.count
    }
    guard remaining > 1 else { return sign + digit(&random) + exponent }
    var mantissa = String(Int.random(in: 1...9, using: &random))
    if remaining >= 3, Bool.random(using: &random) {
        let integerDigits = Int.random(in: 1...(remaining - 2), using: &random)
        for _ in 1..<integerDigits { mantissa += digit(&random) }
        mantissa += "."
    }
    while mantissa.count < remaining { mantissa += digit(&random) }
    return sign + mantissa + exponent
}

/// An object as a list of members, first key winning, looked up by `String` equality: the
/// model `JSON.Object` must agree with, however it files its keys.
private struct ObjectModel {
    var members: [(key: String, value: JSON)] = []

    func position(of key: String) -> Int? { members.firstIndex { $0.key == key } }

    subscript(key: String) -> JSON? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?): members[position].value = value
            case (let position?, nil): members.remove(at: position)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }
}

@Suite("JSON tree building: literals and keys against reference models")
struct JSONTreeModelTests {
    static let seeds: [UInt64] = Array(1...8)

    @Test(arguments: seeds)
    func randomLiteralsRoundTripByteForByte(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        // Every length up to past the packed limit, each several times, alone (so the literal
        // ends the input) and among other values.
        for length in 1...40 {
            for _ in 0..<6 {
                let literal = strictLiteral(length: length, random: &random)
                #expect(literal.utf8.count == length, "\(literal)")
                let expected = try #require(JSON.Number(literal: literal), "\(literal)")
                for text in [literal, "[" + literal + "]", #"{"n":\#(literal),"m":[\#(literal),1]}"#] {
                    let parsed = try JSON(parsing: text)
                    #expect(parsed.serializedString() == text, "seed \(seed): \(text)")
                    let number = try #require(text == literal ? parsed.numberValue : (parsed[0] ?? parsed["n"])?.numberValue)
                    #expect(number.literal == literal, "seed \(seed)")
                    #expect(number == expected, "seed \(seed): \(literal)")
                    #expect(number.hashValue == expected.hashValue, "seed \(seed): \(literal)")
                    #expect(number.double == expected.double, "seed \(seed): \(literal)")
                    #expect(number.int64 == expected.int64, "seed \(seed): \(literal)")
                    #expect(number.description == literal, "seed \(seed)")
                }
            }
        }
    }

    @Test(arguments: seeds)
    func literalsOfOneLengthDifferingInOneCharacterStayDifferent(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        for _ in 0..<200 {
            let length = Int.random(in: 16...32, using: &random)
            let literal = strictLiteral(length: length, random: &random)
            // Changing one digit changes the value, so packed equality must see it.
            var bytes = Array(literal.utf8)
            guard let position = bytes.indices.filter({ (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[$0]) }).randomElement(using: &random) else {
                continue
            }
            bytes[position] = bytes[position] == UInt8(ascii: "9") ? UInt8(ascii: "8") : bytes[position] + 1
            let other = String(decoding: bytes, as: UTF8.self)
            let parsed = try #require(try JSON(parsing: "[\(literal),\(other)]").arrayValue)
            #expect(parsed[0] != parsed[1], "seed \(seed): \(literal) and \(other)")
            #expect(parsed[1].numberValue?.literal == other)
        }
    }

    @Test(arguments: seeds)
    func randomObjectsWithRepeatedKeysAgreeWithAListModel(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        // Few names, so most objects repeat some; escaped and canonically equivalent spellings.
        let names = (0..<18).map { "key\($0)" } + ["\u{E9}", "e\u{301}", "K", "\u{212A}", "", "quote\""]
        func keyText(_ key: String, random: inout SeededRandom) -> String {
            guard Int.random(in: 0..<4, using: &random) == 0 else { return String(decoding: JSON.string(key).serialized(), as: UTF8.self) }
            return "\"" + key.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
        }
        for round in 0..<60 {
            var model = ObjectModel()
            var parts: [String] = []
            for member in 0..<Int.random(in: 0...40, using: &random) {
                let key = names.randomElement(using: &random)!
                // Scalars, empty containers and nested objects that repeat the outer keys.
                let value: JSON
                switch Int.random(in: 0..<5, using: &random) {
                case 0: value = .number(JSON.Number(member))
                case 1: value = .array([])
                case 2: value = .object(JSON.Object())
                case 3: value = .string("v\(member)")
                default:
                    let inner = key
                    value = .object([inner: .number(JSON.Number(member)), "key0": .bool(true)])
                }
                var valueText = value.serializedString()
                if case .object(let inner) = value, inner.count == 2, inner.keys[0] != "key0" {
                    // The nested object written with its first key repeated last: the first wins.
                    valueText =
                        "{" + keyText(inner.keys[0], random: &random) + ":\(member),\"key0\":true,"
                        + keyText(inner.keys[0], random: &random) + ":null}"
                }
                parts.append(keyText(key, random: &random) + ":" + valueText)
                if model[key] == nil { model[key] = value }
            }
            var object = try #require(try JSON(parsing: "{" + parts.joined(separator: ",") + "}").objectValue)
            let context = "seed \(seed), round \(round)"
            #expect(object.keys.map { Array($0.unicodeScalars) } == model.members.map { Array($0.key.unicodeScalars) }, "\(context)")
            #expect(object.values == model.members.map(\.value), "\(context)")
            for step in 0..<40 {
                let key = names.randomElement(using: &random)!
                #expect(object.index(forKey: key) == model.position(of: key), "\(context), step \(step): \(key)")
                #expect(object[key] == model[key], "\(context), step \(step): \(key)")
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    object[key] = nil
                    model[key] = nil
                case 1:
                    #expect(object.removeValue(forKey: key) == model[key], "\(context), step \(step)")
                    model[key] = nil
                case 2:
                    object[key] = .number(JSON.Number(step))
                    model[key] = .number(JSON.Number(step))
                default:
                    break
                }
                #expect(object.keys == model.members.map(\.key), "\(context), step \(step)")
                #expect(object.values == model.members.map(\.value), "\(context), step \(step)")
            }
        }
    }
}
