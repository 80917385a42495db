import Foundation
import DynamicMapper

// The properties the fuzz targets in `Fuzz/` check, one function per target. The fuzz script
// compiles this file into each target, and `FuzzRegressionTests` runs every kept input through
// the same function, so a finding stays fixed. Only the public API is used here.
//
// A broken property throws `FuzzCheckFailure`; a fuzz target turns that into a crash, a test
// into a failure.

/// A property the fuzz checks found broken, with what was expected and what came out.
struct FuzzCheckFailure: Error, CustomStringConvertible {
    var description: String
}

enum FuzzChecks {
    // MARK: (a) parse → serialise → parse

    /// Parses `bytes` (JSON5 when the first byte is odd; the rest is the text), serialises the
    /// value and parses it again: the result must be equal, and serialising it again must give
    /// the same bytes. A rejected input must be rejected with a position inside the input.
    static func parseRoundTrip(_ bytes: Data) throws {
        guard let first = bytes.first else { return }
        let allowsJSON5 = first & 1 == 1
        let formatting: JSONEncoder.OutputFormatting = first & 2 == 2 ? [.prettyPrinted, .sortedKeys] : []
        let text = bytes.dropFirst()
        let value: JSON
        do {
            value = try JSON(parsing: Data(text), allowsJSON5: allowsJSON5)
        } catch {
            try expectPositionedError(error, inputCount: text.count)
            return
        }
        let serialized = value.serialized(formatting: formatting)
        let again: JSON
        do {
            again = try JSON(parsing: serialized, allowsJSON5: allowsJSON5)
        } catch {
            throw FuzzCheckFailure(description: "the serialised value does not parse: \(error)\n\(String(decoding: serialized, as: UTF8.self))")
        }
        guard again == value else {
            throw FuzzCheckFailure(description: "parse → serialise → parse changed the value:\n\(value)\n\(again)")
        }
        guard again.serialized(formatting: formatting) == serialized else {
            throw FuzzCheckFailure(description: "serialising twice gave different bytes")
        }
    }

    /// A syntax error must say where: a line and column at or after 1, an offset within the
    /// input (or just past its end).
    static func expectPositionedError(_ error: any Error, inputCount: Int) throws {
        if let syntax = error as? JSONSyntaxError {
            // The offset counts bytes of the UTF-8 text scanned, so UTF-16 input transcoded
            // to UTF-8 may reach half as far again as its own length.
            guard syntax.line >= 1, syntax.column >= 1, syntax.offset >= 0, syntax.offset <= inputCount * 3 / 2 + 1 else {
                throw FuzzCheckFailure(description: "badly positioned syntax error: \(syntax) (offset \(syntax.offset) of \(inputCount))")
            }
            return
        }
        if case DecodingError.dataCorrupted(let context) = error,
           let underlying = context.underlyingError {
            try expectPositionedError(underlying, inputCount: inputCount)
            return
        }
        throw FuzzCheckFailure(description: "rejected input without a position: \(error)")
    }

    // MARK: (b) decode a model, compared with Foundation

    /// Decodes `bytes` (the first byte picks the type and the strategies, the rest is the
    /// text) with `DynamicJSONDecoder` and with `JSONDecoder`. When both parsers accept the
    /// text, the two decoders must agree: both fail, or both give equal values.
    static func decodeModel(_ bytes: Data) throws {
        guard let first = bytes.first else { return }
        let text = Data(bytes.dropFirst())
        switch first % 3 {
        case 0: try compareDecoders(FuzzRecord.self, text, settings: first / 3)
        case 1: try compareDecoders([FuzzRecord].self, text, settings: first / 3)
        default: try compareDecoders([String: FuzzPerson].self, text, settings: first / 3)
        }
    }

    private static func compareDecoders<T: Decodable & Equatable>(_ type: T.Type, _ text: Data, settings: UInt8) throws {
        let ours = DynamicJSONDecoder()
        let foundation = JSONDecoder()
        for decoder in [ours, foundation] {
            switch settings % 4 {
            case 0: decoder.dateDecodingStrategy = .deferredToDate
            case 1: decoder.dateDecodingStrategy = .secondsSince1970
            case 2: decoder.dateDecodingStrategy = .millisecondsSince1970
            default: decoder.dateDecodingStrategy = .iso8601
            }
            if settings & 4 == 4 { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        }
        let ourResult = Result { try ours.decode(T.self, from: text) }
        guard let ourValue = try? JSON(parsing: text),
              let foundationValue = try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed]) else {
            return // not valid JSON for one of the parsers: no verdict to compare
        }
        // Duplicate keys: the first wins for us; `JSONDecoder` decodes every duplicate into a
        // `[String: T]` and keeps the last (a documented difference). `JSONSerialization`
        // keeps the last too, so where the two values differ, the input has duplicates.
        guard sameValue(ourValue, foundationValue) else { return }
        let foundationResult = Result { try foundation.decode(T.self, from: text) }
        switch (ourResult, foundationResult) {
        case (.success(let mine), .success(let theirs)):
            guard mine == theirs else {
                throw FuzzCheckFailure(description: "\(T.self): ours \(mine), Foundation \(theirs)")
            }
        case (.success(let mine), .failure(let error)):
            throw FuzzCheckFailure(description: "\(T.self): ours decoded \(mine), Foundation threw \(error)")
        case (.failure(let error), .success(let theirs)):
            if refusesFractionFoundationTruncates(error) { return }
            throw FuzzCheckFailure(description: "\(T.self): ours threw \(error), Foundation decoded \(theirs)")
        case (.failure, .failure):
            break
        }
    }

    /// Whether a ``JSON`` value and a `JSONSerialization` value hold the same data (numbers
    /// compared as `Double`s).
    private static func sameValue(_ json: JSON, _ object: Any) -> Bool {
        switch json {
        case .null: return object is NSNull
        case .bool(let value): return object as? Bool == value
        case .number(let number): return (object as? NSNumber)?.doubleValue == Double(number.literal)
        case .string(let text): return object as? String == text
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { sameValue($0, $1) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, value in others[key].map { sameValue(value, $0) } ?? false }
        }
    }

    /// The one intended difference a model can meet: from 2^53 up, Foundation reads a number
    /// with a fraction into an integer by dropping the fraction (`584467440737095516.5` as
    /// `584467440737095516`); `DynamicJSONDecoder` refuses a literal that is not whole.
    private static func refusesFractionFoundationTruncates(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error,
              context.debugDescription.hasPrefix("Number "),
              context.debugDescription.hasSuffix(" is not representable in Swift."),
              let literal = context.debugDescription.dropFirst(7).split(separator: " ").first,
              var value = Decimal(string: String(literal), locale: Locale(identifier: "en_US_POSIX")) else {
            return false
        }
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .down)
        return whole != value && abs(value) >= 9_007_199_254_740_992
    }

    // MARK: (c) edits through ds

    /// Reads the edits from the front of `bytes` (see ``FuzzEdit/script(from:)``) and the
    /// document from the rest, then runs ``dynamicEdits(document:edits:)``.
    static func dynamicEdits(_ bytes: Data) throws {
        let (edits, rest) = FuzzEdit.script(from: bytes)
        _ = try dynamicEdits(document: Data(rest), edits: edits)
    }

    /// Decodes a `DynamicCodable` model from `document`, applies `edits` through `ds` and
    /// checks, against the same edits applied to the parsed ``JSON`` by ``FuzzEdit/apply(to:)``:
    /// every read sees the expected value, the encoded model parses to the expected document,
    /// encoding twice gives the same bytes, and decoding the output and encoding it again
    /// gives those bytes too. Without edits, the output is the input document. Returns
    /// `false` when `document` is not a model's (not an object, or a `name` not a string).
    @discardableResult
    static func dynamicEdits(document: Data, edits: [FuzzEdit]) throws -> Bool {
        guard let model = try? DynamicJSONDecoder().decode(FuzzEditModel.self, from: document),
              case .object(var input) = try JSON(parsing: document) else {
            return false
        }
        _ = input.removeValue(forKey: "dynamicSelf")
        var expected = JSON.object(input)
        var edited = model
        for edit in edits {
            let path = Path(edit.steps)
            let before = expected
            edit.apply(to: &expected)
            switch edit.action {
            case .read:
                let seen = JSON(edited.ds[path])
                guard seen == before.value(at: edit.steps) else {
                    throw FuzzCheckFailure(description: "read \(path): ds gave \(seen.map(\.description) ?? "missing"), expected \(before.value(at: edit.steps).map(\.description) ?? "missing")")
                }
            case .set(let value):
                edited.ds[path].set(value)
            case .append(let value):
                edited.ds[path].append(value)
            case .remove:
                edited.ds[path].remove()
            }
        }
        // A model is an object written over its document: when the edits made the document
        // something else, the model's own properties make up the whole output, and the
        // model's `name` (never edited here) is written over whatever the edits left.
        var expectedObject = expected.objectValue ?? JSON.Object()
        if let name = model.name { expectedObject["name"] = .string(name) }
        expected = .object(expectedObject)
        let encoder = DynamicJSONEncoder()
        let output = try encoder.encode(edited)
        guard try encoder.encode(edited) == output else {
            throw FuzzCheckFailure(description: "encoding the same model twice gave different bytes")
        }
        // Compared as text, so the order of members and the number literals count too.
        let parsed = try JSON(parsing: output)
        guard parsed.serializedString() == expected.serializedString() else {
            throw FuzzCheckFailure(description: "after \(edits):\n got      \(parsed)\n expected \(expected)")
        }
        let again = try DynamicJSONDecoder().decode(FuzzEditModel.self, from: output)
        guard try encoder.encode(again) == output else {
            throw FuzzCheckFailure(description: "decode → encode of the output changed it")
        }
        return true
    }
}

// MARK: - Models

/// The model of the decoding target: nested objects, arrays, optionals, dates and dictionaries.
struct FuzzRecord: Codable, Equatable {
    var id: Int
    var name: String?
    var ratio: Double?
    var small: Float?
    var big: UInt64?
    var flags: [Bool]
    var created: Date?
    var counts: [String: Int]?
    var owner: FuzzPerson?
    var people: [FuzzPerson]?
    var grid: [[Int8]]?
    var createdAt: [Date]?
}

struct FuzzPerson: Codable, Equatable {
    var name: String
    var age: UInt8?
    var tags: [String]?
    var friends: [FuzzPerson]?
    var meta: [String: String?]?
}

/// The model of the edit target: one declared property (never edited), everything else
/// reached through `ds`.
struct FuzzEditModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String?
}

// MARK: - Edits

/// One operation through `ds` at a path, with what it must do to the plain ``JSON`` value.
struct FuzzEdit: CustomStringConvertible {
    enum Action {
        case read
        case set(JSON)
        case append(JSON)
        case remove
    }

    var steps: [Path.Component]
    var action: Action

    var description: String { "\(action) at \(Path(steps))" }

    /// Keys and indexes the byte-driven edits draw from: a few keys that seeds use, keys that
    /// need escaping or quoting in a path, and indexes in, at and past the ends.
    static let stepVocabulary: [Path.Component] = [
        .key("a"), .key("b"), .key("id"), .key("list"), .key(""), .key("k.k"), .key("é"), .key("x y"),
        .index(0), .index(1), .index(2), .index(3), .index(-1), .index(-2), .index(7), .index(-9),
    ]

    /// Values the byte-driven edits write.
    static let valueVocabulary: [JSON] = [
        .null, true, 0, -1.5e3, "s", "", [], [:], [1, ["z": 2]], ["q": [nil, "\u{1F600}"]],
        .number(JSON.Number(literal: "12345678901234567890123")!), "line\nbreak\u{0}",
    ]

    /// Reads up to 15 edits from the front of `bytes`: a count, then three bytes an edit
    /// (action and length, two bytes of steps). Returns the edits and the bytes left over.
    static func script(from bytes: Data) -> ([FuzzEdit], Data.SubSequence) {
        guard let first = bytes.first else { return ([], bytes[...]) }
        var rest = bytes.dropFirst()
        var edits: [FuzzEdit] = []
        for _ in 0..<Int(first % 16) {
            guard rest.count >= 3 else { break }
            let bytes = Array(rest.prefix(3))
            rest = rest.dropFirst(3)
            let code = UInt16(bytes[1]) << 8 | UInt16(bytes[2])
            let length = 1 + Int(bytes[0] >> 4) % 3
            let steps = (0..<length).map { stepVocabulary[Int(code >> (4 * $0)) & 15] }
            let value = valueVocabulary[Int(code >> 12) % valueVocabulary.count]
            let action: Action
            switch bytes[0] & 3 {
            case 0: action = .read
            case 1: action = .set(value)
            case 2: action = .append(value)
            default: action = .remove
            }
            edits.append(FuzzEdit(steps: steps, action: action))
        }
        return (edits, rest)
    }

    /// What this edit must do to a plain value, following the behaviour table: reads change
    /// nothing; `set` creates missing parents (an array when the next step is an index),
    /// replaces parents of another kind and pads with `null` past the end; a negative index
    /// before the start changes nothing; `remove` deletes a present member or element;
    /// `append` turns a missing value or a non-array into a one-element array.
    func apply(to json: inout JSON) {
        switch action {
        case .read:
            return
        case .set(let value):
            Self.update(&json, at: steps[...]) { $0 = value }
        case .append(let value):
            Self.update(&json, at: steps[...]) { node in
                if case .array(var elements) = node {
                    elements.append(value)
                    node = .array(elements)
                } else {
                    node = .array([value])
                }
            }
        case .remove:
            guard json.value(at: steps) != nil else { return }
            Self.update(&json, at: steps[...]) { $0 = nil }
        }
    }

    /// Runs `body` on the value at `steps` (`nil` when missing; left `nil` removes it).
    /// Returns `false` when nothing was written.
    @discardableResult
    private static func update(_ json: inout JSON, at steps: ArraySlice<Path.Component>, _ body: (inout JSON?) -> Void) -> Bool {
        var optional: JSON? = json
        let changed = update(&optional, at: steps, body)
        json = optional ?? .null
        return changed
    }

    @discardableResult
    private static func update(_ node: inout JSON?, at steps: ArraySlice<Path.Component>, _ body: (inout JSON?) -> Void) -> Bool {
        guard let step = steps.first else {
            body(&node)
            return true
        }
        let rest = steps.dropFirst()
        switch step {
        case .key(let key):
            var object = node?.objectValue ?? JSON.Object()
            var child = object[key]
            let existed = child != nil
            guard update(&child, at: rest, body) else { return false }
            if let child {
                object[key] = child
            } else if existed {
                _ = object.removeValue(forKey: key)
            } else {
                return false
            }
            node = .object(object)
        case .index(let index):
            var elements = node?.arrayValue ?? []
            let position = index < 0 ? elements.count + index : index
            if position < 0 { return false }
            if position < elements.count {
                var child: JSON? = elements[position]
                guard update(&child, at: rest, body) else { return false }
                if let child { elements[position] = child } else { elements.remove(at: position) }
            } else {
                var child: JSON?
                guard update(&child, at: rest, body), let child else { return false }
                // Past the end: `null` up to the index, so the written path reads back.
                elements.append(contentsOf: repeatElement(JSON.null, count: position - elements.count))
                elements.append(child)
            }
            node = .array(elements)
        }
        return true
    }
}

extension JSON {
    /// The value at `steps`, or `nil` when missing, with the reading rules of `ds`.
    func value(at steps: [Path.Component]) -> JSON? {
        var current = self
        for step in steps {
            switch step {
            case .key(let key):
                guard let next = current.objectValue?[key] else { return nil }
                current = next
            case .index(let index):
                guard let elements = current.arrayValue else { return nil }
                let position = index < 0 ? elements.count + index : index
                guard position >= 0, position < elements.count else { return nil }
                current = elements[position]
            }
        }
        return current
    }
}
