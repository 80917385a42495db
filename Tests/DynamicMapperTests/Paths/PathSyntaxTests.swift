import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators
import DynamicMapperTestSupport

// Malformed path text is an error, never a key (issue 30, item 4): an unclosed `[`, brackets
// holding neither an integer nor one quoted key, empty brackets, an unclosed quote and a
// dangling `\`. `Path(validating:)` says where; everywhere else such a path names no place:
// reads find nothing, writes are refused and change nothing, and keys written as such text
// (`KeyedKey`, `AnyKey`, `@Mapped`) fail at the first decode or encode, naming the text.

// MARK: - Models (PS prefix: private to this file)

private struct PSKeyed: Codable {
    var name: String
    var elevation: Double?

    enum CodingKeys: String, KeyedKey {
        case name
        case elevation = "info.elev["
    }
}

private struct PSHandWritten: Codable {
    var token: String?

    init(token: String?) { self.token = token }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        token = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "data.tokens[x]"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(token, forKey: AnyKey(stringValue: "data.tokens[x]"))
    }
}

private struct PSMapped: MappedCodable {
    @Mapped("a.b[") var broken: Int?
    @Mapped("name") var name: String = ""
}

private struct PSMappable: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var read: Int?
    var written = 5
    init() {}

    mutating func mapping(_ map: DynamicMap) {
        read <-> map["a.b[x]"]
        written --> { ds["a.c["].set($0) }
    }
}

private struct PSImmutable: DynamicImmutableMappable {
    var dynamicSelf: DynamicClass?
    let name: String

    init(map: DynamicMap) throws {
        name = try map.value("user.name[")
    }

    func mapping(_ map: DynamicMap) {
        name --> ds.user.name
    }
}

@Suite("Path syntax errors")
struct PathSyntaxTests {
    // MARK: Malformed forms and their positions

    @Test(
        "each malformed form is reported at its position, with what is wrong",
        arguments: [
            ("a.b[", 3, "'[' is never closed"),
            ("a[0", 1, "'[' is never closed"),
            ("a['b'", 1, "'[' is never closed"),
            ("a.b[x]", 3, "'[x]' is neither an index (an integer) nor a quoted key ('…')"),
            ("a[1.5]", 1, "'[1.5]' is neither an index (an integer) nor a quoted key ('…')"),
            ("a[x.y].b", 1, "'[x.y]' is neither an index (an integer) nor a quoted key ('…')"),
            ("['a'b]", 4, "expected ']' after the quoted key, found 'b'"),
            ("a[]", 1, "empty brackets name nothing (an index is [0], the empty key [''])"),
            ("a[  ]", 1, "empty brackets name nothing (an index is [0], the empty key [''])"),
            ("a['b]", 2, "the quoted key is never closed (no ' after it)"),
            (#"a["b]"#, 2, #"the quoted key is never closed (no " after it)"#),
            (#"a\"#, 1, #"'\' at the end escapes nothing"#),
            (#"a['b\"#, 4, #"'\' at the end escapes nothing"#),
            ("e\u{301}.x[", 4, "'[' is never closed"),
        ])
    func malformed(text: String, offset: Int, reason: String) {
        do {
            _ = try Path(validating: text)
            Issue.record("\(text.debugDescription) was accepted")
        } catch {
            #expect(error.text == text)
            #expect(error.offset == offset, "\(text.debugDescription)")
            #expect(error.reason == reason, "\(text.debugDescription)")
            #expect(error.description == "\(reason) at offset \(offset) of \"\(text)\"")
        }
        // The non-throwing spellings keep the error: the path names no place.
        let path = Path(text)
        #expect(path != Path.root)
        #expect(path == Path(text))
        #expect(path.description == text)
        #expect(Path(path.description) == path)
    }

    @Test("the message says where and what")
    func message() {
        #expect(throws: PathSyntaxError(text: "a.b[", offset: 3, reason: "'[' is never closed")) { try Path(validating: "a.b[") }
        let error = PathSyntaxError(text: "a.b[", offset: 3, reason: "'[' is never closed")
        #expect("\(error)" == #"'[' is never closed at offset 3 of "a.b[""#)
        #expect(error.localizedDescription == #"'[' is never closed at offset 3 of "a.b[""#)
    }

    @Test("a separator or a delimiter of any length: the same errors, at scalar offsets")
    func separators() throws {
        #expect(throws: PathSyntaxError(text: "a/b[", offset: 3, reason: "'[' is never closed")) { try Path(validating: "a/b[", separator: "/") }
        #expect(throws: PathSyntaxError(text: "a->b[x]", offset: 4, reason: "'[x]' is neither an index (an integer) nor a quoted key ('…')")) {
            try Path(validating: "a->b[x]", delimiter: "->")
        }
        #expect(try Path(validating: "a->b['c.d']", delimiter: "->").components == [.key("a"), .key("b"), .key("c.d")])
        #expect(try Path(validating: "a/b.c[1]", separator: "/") == Path([.key("a"), .key("b.c"), .index(1)]))
        // An empty delimiter splits nothing: the text is one key, whatever it holds.
        #expect(try Path(validating: "a.b[", delimiter: "") == Path([.key("a.b[")]))
    }

    // MARK: Valid forms

    @Test("indexes, quoted keys and escapes")
    func validForms() throws {
        #expect(try Path(validating: "a.b[0]").components == [.key("a"), .key("b"), .index(0)])
        #expect(try Path(validating: "a[ -2 ].b").components == [.key("a"), .index(-2), .key("b")])
        #expect(try Path(validating: "a['x.y']").components == [.key("a"), .key("x.y")])
        #expect(try Path(validating: #"a["x.y"]"#).components == [.key("a"), .key("x.y")])
        #expect(try Path(validating: "a[ 'x' ]").components == [.key("a"), .key("x")])
        #expect(try Path(validating: "['']").components == [.key("")])
        #expect(try Path(validating: "a['']").components == [.key("a"), .key("")])
        #expect(try Path(validating: "['0']").components == [.key("0")])
        #expect(try Path(validating: "['a]b[c']").components == [.key("a]b[c")])
        #expect(try Path(validating: #"['it\'s']"#).components == [.key("it's")])
        #expect(try Path(validating: #"["say \"hi\""]"#).components == [.key(#"say "hi""#)])
        #expect(try Path(validating: #"["it's"]"#).components == [.key("it's")])
        #expect(try Path(validating: #"['a\\b']"#).components == [.key(#"a\b"#)])
        #expect(try Path(validating: #"a\[0\]"#).components == [.key("a[0]")])
        #expect(try Path(validating: #"a\\"#).components == [.key(#"a\"#)])
        #expect(try Path(validating: "a]b").components == [.key("a]b")])
        #expect(try Path(validating: "a['b']c").components == [.key("a"), .key("b"), .key("c")])
        #expect(try Path(validating: "").components.isEmpty)
        #expect(try Path(validating: "a['b.c'][1]") == Path("a['b.c'].[1]"))
    }

    @Test("a path made from components, or with components set, is well-formed")
    func componentsAreWellFormed() {
        var path = Path("a.b[")
        #expect(path.appending(.key("c")) == path)
        path.components = [.key("a"), .key("b[")]
        #expect(path == Path([.key("a"), .key("b[")]))
        #expect(path.description == #"a.b\["#)
        #expect(Path(path.description) == path)
    }

    // MARK: Printing and reading back

    @Test("the empty key prints as [''] and reads back")
    func emptyKeyDescription() {
        #expect(Path([.key("")]).description == "['']")
        #expect(Path([.key("a"), .key(""), .key("b")]).description == "a[''].b")
        #expect(Path([.key(""), .index(0)]).description == "[''][0]")
        for path in [Path([.key("")]), Path([.key("a"), .key(""), .key("b")]), Path([.key(""), .index(0)]), Path([.key(""), .key("")])] {
            #expect(Path(path.description) == path)
            #expect((try? Path(validating: path.description)) == path)
        }
    }

    @Test("random components: description reads back to the same path")
    func randomComponentsRoundTrip() throws {
        let pieces = [".", "[", "]", "\\", "'", "\"", "0", "-1", " ", "a", "é", "\u{301}", "日", "['x']", "[0]", "->"]
        for seed in UInt64(0)..<1_000 {
            var random = SeededRandom(state: seed)
            let components = Self.randomComponents(&random, pieces: pieces)
            let path = Path(components)
            let text = path.description
            let validated = try Path(validating: text)
            #expect(validated == path, "seed \(seed): \(components) printed as \(text.debugDescription)")
            #expect(Path(text) == path, "seed \(seed)")
        }
    }

    // MARK: Views

    @Test(
        "a malformed path reads missing and refuses writes; the document stays",
        arguments: [
            "a.b[x]", "a.b[", "a.b[]", "a.b[1.5]", #"a.b\"#, "a['b", "a.b['x'y]", "[x]", "a.b[0]c[",
        ])
    func viewsRefuse(text: String) throws {
        let original: JSON = ["a": ["b": [1, 2, 3]], "a.b[x]": 1, "b[": 2]
        var view = DynamicClass(original)
        #expect(JSON(view[text]) == nil)
        #expect(JSON(view[Path(text)]) == nil)
        #expect(JSON(view.a[text]) == nil)
        do {
            let written = view[text].set(7)
            #expect(!written)
        }
        do {
            let written = view[Path(text)].set(JSON.null)
            #expect(!written)
        }
        do {
            let written = view[text].append(7)
            #expect(!written)
        }
        do {
            let removed = view[text].remove()
            #expect(!removed)
        }
        do {
            let written = view.a[text].set(7)
            #expect(!written)
        }
        do {
            let written = view[text].deeper.set(7)
            #expect(!written)
        }
        #expect(JSON(view) == original)
    }

    @Test("the issue's typo: a.b[x] no longer turns an array into an object")
    func issueTypo() {
        var view = DynamicClass(["a": ["b": [1, 2, 3]]])
        let written = view["a.b[x]"].set(7)
        #expect(!written)
        #expect(JSON(view) == ["a": ["b": [1, 2, 3]]])
        let quoted = view["a.b['x']"].set(7)
        #expect(!quoted) // a key step on an array is refused too (item 3)
        let keyed = view["a['b[x]']"].set(7)
        #expect(keyed)
        #expect(JSON(view) == ["a": ["b": [1, 2, 3], "b[x]": 7]])
    }

    @Test("keys that really hold brackets stay reachable")
    func bracketKeysReachable() {
        var view = DynamicClass(["a": ["b[": 1, "[x]": 2, "": 3]])
        #expect(JSON(view.a[key: "b["]) == 1)
        #expect(JSON(view[#"a.b\["#]) == 1)
        #expect(JSON(view["a['b[']"]) == 1)
        #expect(JSON(view[#"a.\[x\]"#]) == 2)
        #expect(JSON(view["a['[x]']"]) == 2)
        #expect(JSON(view["a['']"]) == 3)
        #expect(JSON(view["a."]) == 3)
        let written = view["a['b[']"].set(9)
        #expect(written)
        #expect(JSON(view.a[key: "b["]) == 9)
    }

    @Test("DynamicMap: a malformed path reads nothing and writes nothing")
    func dynamicMap() throws {
        let data = Data(#"{"a":{"b":[1,2,3]}}"#.utf8)
        let model = try DynamicJSONDecoder().decode(PSMappable.self, from: data)
        #expect(model.read == nil)
        let encoded = try DynamicJSONEncoder().encode(model)
        #expect(try JSON(parsing: encoded) == ["a": ["b": [1, 2, 3]]])
    }

    @Test("map.value with malformed path text: missing, and the message says why")
    func immutableMappable() {
        do {
            _ = try DynamicJSONDecoder().decode(PSImmutable.self, from: Data(#"{"user":{"name":"n"}}"#.utf8))
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.debugDescription == #"No String at "user.name[": the path text is malformed: '[' is never closed at offset 9 of "user.name[""#)
        } catch {
            Issue.record("\(error)")
        }
    }

    // MARK: Keys

    @Test("a KeyedKey with malformed path text fails at decode and encode, naming the key and the text")
    func keyedKey() throws {
        let data = Data(#"{"name":"n","info":{"elev[":1}}"#.utf8)
        do {
            _ = try DynamicJSONDecoder().decode(PSKeyed.self, from: data)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains(#"The raw value "info.elev[" of a PSKeyed.CodingKeys key is malformed path text"#))
            #expect(context.debugDescription.contains(#"'[' is never closed at offset 9 of "info.elev[""#))
            #expect(context.codingPath.map(\.stringValue) == ["info.elev["])
        }
        do {
            _ = try DynamicJSONEncoder().encode(PSKeyed(name: "n", elevation: 1))
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription.contains("PSKeyed.CodingKeys"))
            #expect(context.debugDescription.contains(#"of "info.elev[""#))
        }
    }

    @Test("AnyKey(stringValue:) with malformed path text fails, optional or not")
    func anyKey() throws {
        let data = Data(#"{"data":{"tokens":{"x":"t"}}}"#.utf8)
        do {
            _ = try DynamicJSONDecoder().decode(PSHandWritten.self, from: data)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains(#"of "data.tokens[x]""#))
        }
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(PSHandWritten(token: "t")) }
        // A literal key is one key, whatever it holds.
        let literal = AnyKey(literal: "a[")
        #expect(literal.options == KeyOptions(delimiter: .none, flat: .none))
    }

    @Test("@Mapped with malformed path text fails at the first decode and encode, naming the property")
    func mapped() throws {
        let data = Data(#"{"a":{"b":[1]},"name":"n"}"#.utf8)
        do {
            _ = try DynamicJSONDecoder().decode(PSMapped.self, from: data)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("broken"))
            #expect(context.debugDescription.contains(#"'[' is never closed at offset 3 of "a.b[""#))
            #expect(context.codingPath.map(\.stringValue) == ["broken"])
        }
        var model = PSMapped()
        model.broken = 1
        do {
            _ = try DynamicJSONEncoder().encode(model)
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription.contains("broken"))
            #expect(context.debugDescription.contains(#"of "a.b[""#))
        }
    }

    // MARK: Decoding and encoding at a path

    @Test("decoding at a malformed path: missing, and the message says why")
    func decodeAtPath() throws {
        let data = Data(#"{"a":{"b":[1,2,3]}}"#.utf8)
        do {
            _ = try DynamicJSONDecoder().decode(Int.self, from: data, at: "a.b[x]")
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(
                context.debugDescription
                    == #"No Int at "a.b[x]": the path text is malformed: '[x]' is neither an index (an integer) nor a quoted key ('…') at offset 3 of "a.b[x]""#
            )
        }
        #expect(throws: EncodingError.self) { try DynamicJSONEncoder().encode(1, at: "a.b[") }
    }

    /// A hand-written `init(from:)` that reads an optional at a malformed path learns of the
    /// typo, with both decoders: the text names no place, which is not the same as a missing key.
    @Test("decodeIfPresent(at:) with malformed path text throws, as decode(at:) does")
    func decodeIfPresentAtMalformedPath() throws {
        struct Model: Decodable {
            var value: Int?
            init(from decoder: any Decoder) throws { value = try decoder.decodeIfPresent(at: "a.b[x]") }
        }
        let data = Data(#"{"a":{"b":[1,2,3]}}"#.utf8)
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            do {
                _ = try decoder.decode(Model.self, from: data)
                Issue.record("decoded with \(type(of: decoder))")
            } catch DecodingError.valueNotFound(let type, let context) {
                #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
                #expect(context.debugDescription.hasPrefix(#"No Int at "a.b[x]": the path text is malformed: "#))
            }
        }
    }

    // MARK: Property: random path texts on random documents

    @Test("random path texts on random documents: a write reads back, or returns false and changes nothing")
    func randomTextsAndDocuments() throws {
        let pieces = ["a", "b", "0", "1", "-1", ".", "[", "]", "[0]", "[1]", "[-1]", "['a']", "[\"b\"]", "[x]", "[]", "'", "\\", " ", "[ 2 ]", "['", "[1.5]"]
        var writes = 0
        var refusals = 0
        var malformed = 0
        for seed in UInt64(0)..<3_000 {
            var random = SeededRandom(state: seed)
            let document = Self.randomDocument(depth: 3, using: &random)
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let value = JSON.number(JSON.Number(Int.random(in: 0...99, using: &random)))
            let isMalformed = (try? Path(validating: text)) == nil
            if isMalformed { malformed += 1 }
            var view = DynamicClass(document)
            let action = Int.random(in: 0..<3, using: &random)
            let changed: Bool
            switch action {
            case 0: changed = view[text].set(value)
            case 1: changed = view[text].append(value)
            default: changed = view[text].remove()
            }
            if isMalformed {
                #expect(!changed, "seed \(seed): \(text.debugDescription) is malformed but took a write")
            }
            if changed {
                writes += 1
                switch action {
                case 0:
                    #expect(JSON(view[text]) == value, "seed \(seed): \(text.debugDescription) on \(document)")
                case 1:
                    if case .array(let elements)? = JSON(view[text]) {
                        #expect(elements.last == value, "seed \(seed)")
                    } else {
                        Issue.record("seed \(seed): append to \(text.debugDescription) left no array")
                    }
                default:
                    break
                }
            } else {
                refusals += 1
                #expect(JSON(view) == document, "seed \(seed): \(text.debugDescription) changed \(document) and returned false")
            }
        }
        // The generator exercises all three outcomes.
        #expect(writes > 100 && refusals > 100 && malformed > 100, "writes \(writes), refusals \(refusals), malformed \(malformed)")
    }

    // MARK: Helpers

    private static func randomComponents(_ random: inout SeededRandom, pieces: [String]) -> [Path.Component] {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in
            if Int.random(in: 0..<4, using: &random) == 0 { return .index(Int.random(in: -30...30, using: &random)) }
            return .key((0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
    }

    private static func randomDocument(depth: Int, using random: inout SeededRandom) -> JSON {
        let choice = depth == 0 ? Int.random(in: 0..<3, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0: return .string("s")
        case 1: return .null
        case 2: return 7
        case 3, 4:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomDocument(depth: depth - 1, using: &random) })
        default:
            var object = JSON.Object()
            for key in ["a", "b", "0", "[x]", "a[", ""] where Bool.random(using: &random) {
                object[key] = randomDocument(depth: depth - 1, using: &random)
            }
            return .object(object)
        }
    }
}
