import Foundation
import DynamicMapper

// The properties the fuzz targets in `Fuzz/` check, one function per target. The fuzz script
// compiles this file into each target, and `FuzzRegressionTests` runs every kept input through
// the same function, so a finding stays fixed. Only the public API is used here, and
// `BlockScanCheck`, which the package exposes to its tests and fuzz targets.
//
// A broken property throws `FuzzCheckFailure`; a fuzz target turns that into a crash, a test
// into a failure.

/// A property the fuzz checks found broken, with what was expected and what came out.
struct FuzzCheckFailure: Error, CustomStringConvertible {
    var description: String
}

public enum FuzzChecks {
    // MARK: (a) parse → serialise → parse

    /// Parses `bytes` (JSON5 when the first byte is odd; the rest is the text), checks that the
    /// block-at-a-time scan agrees with the byte-by-byte one, serialises the value and parses
    /// it again: the result must be equal, and serialising it again must give the same bytes.
    /// A rejected input must be rejected with a position inside the input. Plain JSON is also
    /// read by `JSONSerialization`: both must accept the same texts and read the same values,
    /// except for the documented differences.
    public static func parseRoundTrip(_ bytes: Data) throws {
        guard let first = bytes.first else { return }
        let allowsJSON5 = first & 1 == 1
        let formatting: JSONEncoder.OutputFormatting = first & 2 == 2 ? [.prettyPrinted, .sortedKeys] : []
        let text = Data(bytes.dropFirst())
        let parsed = Result { try JSON(parsing: text, allowsJSON5: allowsJSON5) }
        if let difference = BlockScanCheck.compare(text, allowsJSON5: allowsJSON5).difference {
            throw FuzzCheckFailure(description: "the block and byte-by-byte scans differ: \(difference)")
        }
        if !allowsJSON5 { try compareParsers(text, parsed) }
        let value: JSON
        do {
            value = try parsed.get()
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

    /// Our parser and `JSONSerialization` must accept the same texts and read the same values;
    /// each exception is a ``DocumentedDifference`` checked on the text itself. Returns the
    /// text's shape when both accepted it.
    @discardableResult
    static func compareParsers(_ text: Data, _ parsed: Result<JSON, any Error>) throws -> TextShape? {
        let foundation = Result { try JSONSerialization.jsonObject(with: foundationInput(text), options: [.fragmentsAllowed]) }
        switch (parsed, foundation) {
        case (.success(let ours), .success(let theirs)):
            guard let shape = TextShape(text) else {
                throw FuzzCheckFailure(description: "both parsers accept a text the oracle cannot transcode: \(Array(text.prefix(16)))")
            }
            if shape.hasDuplicateKeys { return shape } // DocumentedDifference.duplicateKeys: JSONSerialization keeps the last
            guard sameValue(ours, theirs) else {
                throw FuzzCheckFailure(description: "the parsers read different values: ours \(ours), Foundation \(theirs)")
            }
            return shape
        case (.success(let ours), .failure(let error)):
            let shape = TextShape(text)
            if shape?.hasInfiniteNumbers == true { return shape } // DocumentedDifference.implementationDefined
            throw FuzzCheckFailure(description: "ours accepts \(ours), Foundation rejects: \(error)")
        case (.failure(let error), .success(let theirs)):
            try expectPositionedError(error, inputCount: text.count)
            if let syntax = syntaxError(error), let shape = TextShape(text), shape.isTrailingComma(atUTF8Offset: syntax.offset) {
                return nil // DocumentedDifference.trailingCommas
            }
            if DocumentedDifference.isThreeByteUTF16Guess(text) { return nil } // DocumentedDifference.threeByteInput
            throw FuzzCheckFailure(description: "ours rejects (\(error)), Foundation accepts \(theirs)")
        case (.failure(let error), .failure):
            try expectPositionedError(error, inputCount: text.count)
            return nil
        }
    }

    /// DocumentedDifference.utf32LittleEndianWithBOM: Foundation reads `FF FE 00 00` as UTF-16,
    /// and `JSONSerialization` refuses text after `FE FF 00 00`, which `JSONDecoder` (and the
    /// library) read as UTF-32 little-endian. So Foundation is given such text transcoded to
    /// UTF-8 (by the oracle's own transcoder), after a UTF-8 byte order mark: without one,
    /// Foundation guesses the encoding again from the zero bytes a U+0000 leaves (`1` then
    /// three U+0000 is `31 00 00 00`, UTF-32 to Foundation).
    static func foundationInput(_ text: Data) -> Data {
        guard text.starts(with: [0xFF, 0xFE, 0, 0]) || text.starts(with: [0xFE, 0xFF, 0, 0]),
            let string = TextShape.transcoded(text)
        else { return text }
        return Data([0xEF, 0xBB, 0xBF]) + Data(string.utf8)
    }

    /// Whether `JSONDecoder` (swift-foundation, in this toolchain) would trap on `text` rather
    /// than throw: text that ends with the `[` one past its nesting limit of 512 (`[` 513 times)
    /// traps while it works out the error's location; one more byte after it, and it throws.
    /// Not a difference of ours: the oracle is not asked.
    static func crashesFoundationsDecoder(_ text: Data) -> Bool {
        guard text.last == UInt8(ascii: "[") else { return false }
        var depth = 0
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return depth > 512
    }

    /// The syntax error inside `error`, if any.
    public static func syntaxError(_ error: any Error) -> JSONSyntaxError? {
        if let syntax = error as? JSONSyntaxError { return syntax }
        if case DecodingError.dataCorrupted(let context) = error { return context.underlyingError.flatMap(syntaxError) }
        return nil
    }

    /// A syntax error must say where: a line and column at or after 1, an offset within the
    /// input (or just past its end).
    static func expectPositionedError(_ error: any Error, inputCount: Int) throws {
        guard let syntax = syntaxError(error) else {
            throw FuzzCheckFailure(description: "rejected input without a position: \(error)")
        }
        // The offset counts bytes of the UTF-8 text scanned, so UTF-16 input transcoded
        // to UTF-8 may reach half as far again as its own length.
        guard syntax.line >= 1, syntax.column >= 1, syntax.offset >= 0, syntax.offset <= inputCount * 3 / 2 + 1 else {
            throw FuzzCheckFailure(description: "badly positioned syntax error: \(syntax) (offset \(syntax.offset) of \(inputCount))")
        }
    }

    // MARK: (b) decode a model, compared with Foundation

    /// Decodes `bytes` (the first byte picks the type and the strategies, the rest is the
    /// text) with `DynamicJSONDecoder` and with `JSONDecoder`. The parsers must agree as in
    /// ``compareParsers(_:_:)``; then the decoders must give equal values, or errors of the
    /// same case at the same coding path, except for the documented differences, each
    /// checked on the input. The text is also decoded as a `@Mapped` model by both of our
    /// decoder's routes (see ``compareMappedRoutes(_:)``).
    public static func decodeModel(_ bytes: Data) throws {
        guard let first = bytes.first else { return }
        let text = Data(bytes.dropFirst())
        switch first % 3 {
        case 0: try compareDecoders(FuzzRecord.self, text, settings: first / 3)
        case 1: try compareDecoders([FuzzRecord].self, text, settings: first / 3)
        default: try compareDecoders([String: FuzzPerson].self, text, settings: first / 3)
        }
        try compareMappedRoutes(FuzzMappedRecord.self, text)
        try compareMappedRoutes([FuzzMappedRecord].self, text)
    }

    /// A `@Mapped` model decoded with the default keys and with a key strategy that changes
    /// no key: the first reads a path of one or two keys whose value is simply there without
    /// the object access the second always makes, so the two must give equal values, or errors
    /// of the same case at the same coding path.
    static func compareMappedRoutes<T: Decodable & FuzzMappedValues>(_ type: T.Type, _ text: Data) throws {
        let general = DynamicJSONDecoder()
        general.keyDecodingStrategy = .custom { path in path.last ?? AnyKey(literal: "") }
        let direct = Result { try DynamicJSONDecoder().decode(T.self, from: text) }
        let other = Result { try general.decode(T.self, from: text) }
        switch (direct, other) {
        case (.success(let mine), .success(let theirs)):
            guard mine.mappedValues == theirs.mappedValues else {
                throw FuzzCheckFailure(description: "\(T.self): default keys \(mine.mappedValues), general route \(theirs.mappedValues)")
            }
        case (.failure(let mine), .failure(let theirs)):
            guard DecodingErrorSummary(mine) == DecodingErrorSummary(theirs) else {
                throw FuzzCheckFailure(description: "\(T.self): default keys threw \(mine), general route \(theirs)")
            }
        case (.success(let mine), .failure(let error)):
            throw FuzzCheckFailure(description: "\(T.self): default keys decoded \(mine.mappedValues), general route threw \(error)")
        case (.failure(let error), .success(let theirs)):
            throw FuzzCheckFailure(description: "\(T.self): default keys threw \(error), general route decoded \(theirs.mappedValues)")
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
        let parsed = Result { try JSON(parsing: text) }
        let shape = try compareParsers(text, parsed)
        // DocumentedDifference.duplicateKeys: `JSONDecoder` decodes every duplicate into a
        // `[String: T]` and keeps the last; we keep the first.
        if shape?.hasDuplicateKeys == true { return }
        // DocumentedDifference.zeroWithExponent: `JSONDecoder` refuses `0e2` as a floating-point
        // value; the same numbers written `0.0e2` must give what we give for `0e2`.
        var foundationText = foundationInput(text)
        if let shape, !shape.zerosWithExponent.isEmpty { foundationText = shape.withZeroFractions }
        if crashesFoundationsDecoder(foundationText) { return }
        let ourResult = Result { try ours.decode(T.self, from: text) }
        let foundationResult = Result { try foundation.decode(T.self, from: foundationText) }
        switch (ourResult, foundationResult) {
        case (.success(let mine), .success(let theirs)):
            guard mine == theirs else {
                throw FuzzCheckFailure(description: "\(T.self): ours \(mine), Foundation \(theirs)")
            }
        case (.success(let mine), .failure(let error)):
            // DocumentedDifference.implementationDefined: numbers beyond `Double` make
            // Foundation refuse the whole document; we refuse only a model that reads them.
            if shape?.hasInfiniteNumbers == true { return }
            throw FuzzCheckFailure(description: "\(T.self): ours decoded \(mine), Foundation threw \(error)")
        case (.failure(let error), .success(let theirs)):
            if refusesFractionFoundationTruncates(error) { return }
            // DocumentedDifference.validatedUpFront (and trailingCommas): text our parser rejects,
            // as `compareParsers` allowed, may still give Foundation's lazy decoder a model
            // that never reads the bad part.
            if case .failure = parsed { return }
            throw FuzzCheckFailure(description: "\(T.self): ours threw \(error), Foundation decoded \(theirs)")
        case (.failure(let mine), .failure(let theirs)):
            guard case .success(let value) = parsed else { return } // a syntax error, positioned (checked above)
            try compareErrors(
                mine, theirs, parsed: value, shape: shape, topLevelIsDictionary: T.self == [String: FuzzPerson].self, convertsKeys: settings & 4 == 4)
        }
    }

    /// Both decoders failed on text both parsers accept: the same case at the same coding path,
    /// or a documented difference: our full path where Foundation reports a shorter one for a
    /// value that does not fit, our stop at a fraction Foundation drops, or our first bad entry
    /// of a dictionary where Foundation's hash order picked another.
    private static func compareErrors(
        _ mine: any Error, _ theirs: any Error, parsed: JSON, shape: TextShape?, topLevelIsDictionary: Bool, convertsKeys: Bool
    ) throws {
        var ours = DecodingErrorSummary(mine)
        var foundation = DecodingErrorSummary(theirs)
        // DocumentedDifference.dictionaryKeyIntegers: under a key strategy, Foundation names a
        // dictionary key spelled as an integer without its integer value.
        if convertsKeys {
            ours = ours.withoutKeyIntegers
            foundation = foundation.withoutKeyIntegers
        }
        if ours == foundation { return }
        // DocumentedDifference.integersWithFractions: we stopped at a number Foundation read
        // by dropping its fraction, and Foundation failed later on.
        if refusesFractionFoundationTruncates(mine) { return }
        if failsEarlierInDictionary(ours, than: foundation, parsed: parsed, topLevelIsDictionary: topLevelIsDictionary) { return }
        if shape?.hasInfiniteNumbers == true, ours.kind == .dataCorrupted { return } // DocumentedDifference.implementationDefined
        // DocumentedDifference.fullCodingPaths: our path must lead to the scalar that did not fit.
        if ours.kind == .dataCorrupted, foundation.kind == .dataCorrupted, ours.path.starts(with: foundation.path),
            let value = value(in: parsed, at: ours.path)
        {
            switch value {
            case .number, .string: return
            default: break
            }
        }
        throw FuzzCheckFailure(description: "ours threw \(ours) (\(mine)), Foundation threw \(foundation) (\(theirs))")
    }

    /// DocumentedDifference.dictionaryOrder: in a `[String: T]` (the fuzz models' `counts` and
    /// `meta`, or the whole value) with several entries that do not fit, we fail at the first
    /// one in the document; `JSONDecoder` at the first in its hash order, which changes from
    /// run to run. So where our path passes through an entry of such a dictionary, Foundation's
    /// may name a later entry of it; or, for a number that does not fit there, a shorter path
    /// (DocumentedDifference.fullCodingPaths: `JSONDecoder` gives none), when a later entry is
    /// or holds a number (`{"a": 1, "b": {"age": 300}}` as `[String: Person]` with a `UInt8`
    /// age: Foundation may meet `b` first and say only that the data is not valid JSON).
    private static func failsEarlierInDictionary(
        _ ours: DecodingErrorSummary, than foundation: DecodingErrorSummary, parsed: JSON, topLevelIsDictionary: Bool
    ) -> Bool {
        for entry in ours.path.indices {
            let isDictionaryEntry =
                entry == 0
                ? topLevelIsDictionary
                : ours.path[entry - 1].int == nil && ["counts", "meta"].contains(ours.path[entry - 1].string)
            let parentPath = Array(ours.path[..<entry])
            guard isDictionaryEntry, case .object(let members)? = value(in: parsed, at: parentPath) else { continue }
            // As `value(in:at:)` matches keys: exactly, else as `convertFromSnakeCase` may have
            // changed them.
            let loose = { (key: String) in key.lowercased().filter { $0 != "_" } }
            func position(_ component: PathComponentSummary) -> Int? {
                members.keys.firstIndex(of: component.string) ?? members.keys.firstIndex { loose($0) == loose(component.string) }
            }
            guard let mine = position(ours.path[entry]) else { continue }
            if foundation.path.count > entry, Array(foundation.path[..<entry]) == parentPath,
                let theirs = position(foundation.path[entry]), mine < theirs
            {
                return true
            }
            if foundation.kind == .dataCorrupted, parentPath.starts(with: foundation.path),
                members.values[(mine + 1)...].contains(where: holdsNumber)
            {
                return true
            }
        }
        return false
    }

    /// Whether `value` is a number or has one at any depth.
    private static func holdsNumber(_ value: JSON) -> Bool {
        switch value {
        case .number: return true
        case .array(let elements): return elements.contains(where: holdsNumber)
        case .object(let members): return members.values.contains(where: holdsNumber)
        default: return false
        }
    }

    /// DocumentedDifference.integersWithFractions: from 2^53 up, Foundation reads a number
    /// with a fraction into an integer by dropping the fraction (`584467440737095516.5` as
    /// `584467440737095516`); `DynamicJSONDecoder` refuses a literal that is not whole.
    private static func refusesFractionFoundationTruncates(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error,
            context.debugDescription.hasPrefix("Number "),
            context.debugDescription.hasSuffix(" is not representable in Swift."),
            let literal = context.debugDescription.dropFirst(7).split(separator: " ").first,
            var value = Decimal(string: String(literal), locale: Locale(identifier: "en_US_POSIX"))
        else {
            return false
        }
        guard abs(value) >= 9_007_199_254_740_992 else { return false }
        // Without an exponent the text tells: a nonzero digit after the point. (`Decimal` keeps
        // 38 digits, so a long fraction after a large whole part rounds away in it.)
        if !literal.contains(where: { $0 == "e" || $0 == "E" }), let point = literal.firstIndex(of: ".") {
            return literal[point...].contains { $0 >= "1" && $0 <= "9" }
        }
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .down)
        return whole != value
    }

    // MARK: (c) edits through ds

    /// A document the edit model was not decoded from must be one no model can come from, and
    /// the error must say why: the parser's own positioned syntax error, a missing value at the
    /// top for `null`, a type mismatch at the top for another value that is not an object, or at
    /// `name` for a `name` that is not a string.
    private static func expectRefusedModel(_ decoded: Result<FuzzEditModel, any Error>, _ parsed: Result<JSON, any Error>, inputCount: Int) throws {
        switch (parsed, decoded) {
        case (.failure(let parseError), .failure(let decodeError)):
            try expectPositionedError(decodeError, inputCount: inputCount)
            guard syntaxError(decodeError) == syntaxError(parseError) else {
                throw FuzzCheckFailure(description: "the decoder and the parser disagree on the syntax error: \(decodeError) vs \(parseError)")
            }
        case (.success(let json), .failure(let error)):
            let summary = DecodingErrorSummary(error)
            var expectedPath: [String] = []
            if case .object(let members) = json {
                switch members["name"] {
                case .string?, .null?, nil:
                    throw FuzzCheckFailure(description: "an object with a string or no name was refused: \(error)")
                default:
                    expectedPath = ["name"]
                }
            }
            // A top-level `null` is a missing value to a keyed container, as in `JSONDecoder`.
            if json == .null {
                guard case .valueNotFound = summary.kind, summary.path.isEmpty else {
                    throw FuzzCheckFailure(description: "expected a missing value at the top for null, got \(summary): \(error)")
                }
                return
            }
            guard case .typeMismatch = summary.kind, summary.path.map(\.string) == expectedPath else {
                throw FuzzCheckFailure(description: "expected a type mismatch at \(expectedPath), got \(summary): \(error)")
            }
        case (.success(let json), .success):
            throw FuzzCheckFailure(description: "a model was decoded from a value that is not an object: \(json)")
        case (.failure(let error), .success):
            throw FuzzCheckFailure(description: "a model was decoded from text the parser rejects: \(error)")
        }
    }

    /// Reads the edits from the front of `bytes` (see ``FuzzEdit/script(from:)``) and the
    /// document from the rest, then runs ``dynamicEdits(document:edits:)``.
    @discardableResult
    public static func dynamicEdits(_ bytes: Data) throws -> Bool {
        let (edits, rest) = FuzzEdit.script(from: bytes)
        return try dynamicEdits(document: Data(rest), edits: edits)
    }

    /// Decodes a `DynamicCodable` model from `document`, applies `edits` through `ds` and
    /// checks, against the same edits applied to the parsed ``JSON`` by ``FuzzEdit/apply(to:)``:
    /// every read sees the expected value, the encoded model parses to the expected document,
    /// encoding twice gives the same bytes, and decoding the output and encoding it again
    /// gives those bytes too (or, where an edit left something other than a string at
    /// `name`, the decoder refuses the output for that reason). Without edits, the output is
    /// the input document. Returns `false` when `document` is not a model's (not JSON, not an
    /// object, or a `name` neither a string nor `null`), after checking that the decoder
    /// refused it for that reason.
    @discardableResult
    public static func dynamicEdits(document: Data, edits: [FuzzEdit]) throws -> Bool {
        let decoded = Result { try DynamicJSONDecoder().decode(FuzzEditModel.self, from: document) }
        let source = Result { try JSON(parsing: document) }
        guard case .success(let model) = decoded, case .success(.object(var input)) = source else {
            try expectRefusedModel(decoded, source, inputCount: document.count)
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
                    throw FuzzCheckFailure(
                        description:
                            "read \(path): ds gave \(seen.map(\.description) ?? "missing"), expected \(before.value(at: edit.steps).map(\.description) ?? "missing")"
                    )
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
        // something else, the model's own properties make up the whole output. A `ds` edit of
        // a declared key wins over a property that still holds its decoded value (`name` is
        // never changed here), so the model's `name` is written only where the edits left
        // none: after removing it, or replacing the whole document.
        var expectedObject = expected.objectValue ?? JSON.Object()
        if expectedObject["name"] == nil, let name = model.name { expectedObject["name"] = .string(name) }
        // The model's `dynamicSelf` is never a key of its JSON (README): not the document's,
        // and not one an edit writes at the top either. Nested ones are plain keys.
        _ = expectedObject.removeValue(forKey: "dynamicSelf")
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
        // An edit that left another kind of value at `name` (it wins over the property) makes
        // a document no model comes from, refused for that reason.
        switch expectedObject["name"] {
        case .string?, .null?, nil:
            break
        default:
            try expectRefusedModel(
                Result { try DynamicJSONDecoder().decode(FuzzEditModel.self, from: output) },
                Result { try JSON(parsing: output) }, inputCount: output.count)
            return true
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

/// What a decoded `@Mapped` model holds, to compare two decodes of it.
protocol FuzzMappedValues {
    var mappedValues: [String] { get }
}

/// A `@Mapped` model over the documents the decode target meets: paths of two keys (read
/// directly when their value is there), one key, an index and three keys (the general route
/// for both decodes), defaults, optionals and nested models.
struct FuzzMappedRecord: MappedCodable, FuzzMappedValues {
    @Mapped var id: Int?
    @Mapped("owner.name") var ownerName: String?
    @Mapped("owner.age", default: 7) var ownerAge: UInt8
    @Mapped("owner.tags") var ownerTags: [String]?
    @Mapped("owner.friends") var friends: [FuzzPerson]?
    @Mapped("counts.a") var countA: Int?
    @Mapped("people[0].name") var firstName: String?
    @Mapped("owner.meta.k", default: "none") var metaK: String

    var mappedValues: [String] {
        [
            "\(id as Any)", "\(ownerName as Any)", "\(ownerAge)", "\(ownerTags as Any)", "\(friends as Any)", "\(countA as Any)",
            "\(firstName as Any)", metaK,
        ]
    }
}

extension Array: FuzzMappedValues where Element == FuzzMappedRecord {
    var mappedValues: [String] { flatMap(\.mappedValues) }
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
public struct FuzzEdit: CustomStringConvertible {
    public enum Action {
        case read
        case set(JSON)
        case append(JSON)
        case remove
    }

    public var steps: [Path.Component]
    public var action: Action

    public init(steps: [Path.Component], action: Action) {
        self.steps = steps
        self.action = action
    }

    public var description: String { "\(action) at \(Path(steps))" }

    /// The most steps a write through a view takes (SECURITY.md's limits).
    static let maximumWriteSteps = 512

    private var isRead: Bool {
        if case .read = action { return true }
        return false
    }

    /// Keys and indexes the byte-driven edits draw from: a few keys that seeds use, keys that
    /// need escaping or quoting in a path, and indexes in, at and past the ends.
    public static let stepVocabulary: [Path.Component] = [
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
    /// refuses a step that meets a value of another kind (a key on an array, an index on an
    /// object, any step on a scalar, `null` included) and
    /// pads with `null` past the end (refusing a
    /// gap of more than 100,000); a negative index before the start changes nothing; `remove`
    /// deletes a present member or element (and empties the root); `append` turns a missing
    /// value or a non-array into a one-element array. A write of more than 512 steps changes
    /// nothing (the documented bound on the steps of a view write).
    public func apply(to json: inout JSON) {
        if steps.count > Self.maximumWriteSteps, !isRead { return }
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
            // The root has no key to delete: removing it leaves an empty object, as
            // `DynamicClass.remove()` documents (a model is an object).
            guard !steps.isEmpty else {
                json = .object(JSON.Object())
                return
            }
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
            if let node, node.objectValue == nil { return false }
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
            if let node, node.arrayValue == nil { return false }
            var elements = node?.arrayValue ?? []
            let position = index < 0 ? elements.count + index : index
            if position < 0 { return false }
            if position < elements.count {
                var child: JSON? = elements[position]
                guard update(&child, at: rest, body) else { return false }
                if let child { elements[position] = child } else { elements.remove(at: position) }
            } else {
                // More than 100,000 past the end is refused, as `DynamicValue.set` documents:
                // the padding would allocate without limit for one call.
                if position - elements.count > 100_000 { return false }
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
    public func value(at steps: [Path.Component]) -> JSON? {
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
