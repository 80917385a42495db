import Testing
import Foundation
import DynamicMapper

// MARK: - Helpers (PT prefix: private to this file)

private func ptKey(_ key: String) -> Path.Component { .key(key) }
private func ptIndex(_ index: Int) -> Path.Component { .index(index) }

private struct PTAddress: Decodable {
    let zip: String
}

private struct PTDirectory: Decodable {
    let users: [PTAddress]
}

@Suite("Path grammar")
struct PathTests {
    // MARK: Equivalent spellings

    @Test("indexes with or without a dot before them, and text right after an index, read the same")
    func equivalentSpellings() {
        // Codix's three spellings of one path.
        let codix: [Path.Component] = [ptKey("response"), ptIndex(0), ptKey("users"), ptIndex(1), ptKey("name")]
        #expect(Path("response[0]users[1]name").components == codix)
        #expect(Path("response[0].users[1].name").components == codix)
        #expect(Path("response.[0].users.[1].name").components == codix)
        #expect(Path("response[0]users[1]name") == Path("response.[0].users.[1].name"))

        // And the everyday spelling, in the same three ways.
        let users: [Path.Component] = [ptKey("response"), ptKey("users"), ptIndex(0), ptKey("name")]
        #expect(Path("response.users[0].name").components == users)
        #expect(Path("response.users[0]name").components == users)
        #expect(Path("response.users.[0].name").components == users)
        #expect(Path("response.users[0].name") == Path("response.users.[0].name"))
        #expect(Path("response.users[0].name") != Path("response[0]users[1]name"))

        let literal: Path = "response.users[0].name"
        #expect(literal.components == users)
        #expect(Path("[0][1]").components == [ptIndex(0), ptIndex(1)])
        #expect(Path("a[0][1].b").components == [ptKey("a"), ptIndex(0), ptIndex(1), ptKey("b")])
        #expect(Path("a.[0].[1]").components == [ptKey("a"), ptIndex(0), ptIndex(1)])
    }

    @Test("negative indexes count from the end")
    func negativeIndexes() {
        #expect(Path("users[-1]").components == [ptKey("users"), ptIndex(-1)])
        #expect(Path("users.[-2].name").components == [ptKey("users"), ptIndex(-2), ptKey("name")])
        #expect(Path("[-10]").components == [ptIndex(-10)])
        #expect(Path("users[-1]").description == "users[-1]")
    }

    // MARK: Keys with dots

    @Test("a custom separator reaches keys with dots")
    func customSeparator() {
        #expect(Path("response/my.user", separator: "/").components == [ptKey("response"), ptKey("my.user")])
        #expect(Path("a/b.c[1]/d", separator: "/").components == [ptKey("a"), ptKey("b.c"), ptIndex(1), ptKey("d")])
        #expect(Path("a/[0]/b", separator: "/").components == [ptKey("a"), ptIndex(0), ptKey("b")])
        #expect(Path("response/my.user", separator: "/") == Path([.key("response"), .key("my.user")]))
        #expect(Path("response/my.user", separator: "/").description == #"response.my\.user"#)
    }

    @Test("components are taken literally")
    func fromComponents() {
        let path = Path([.key("my.user"), .index(0)])
        #expect(path.components == [ptKey("my.user"), ptIndex(0)])
        #expect(path.description == #"my\.user[0]"#)
        #expect(Path([.key("a[0]"), .key(#"b\c"#)]).components == [ptKey("a[0]"), ptKey(#"b\c"#)])
        #expect(Path("users").appending(.index(0)) == Path("users[0]"))
        #expect(Path("users").appending(.key("a.b")).components == [ptKey("users"), ptKey("a.b")])
    }

    @Test("a backslash takes the next character literally")
    func escapes() {
        #expect(Path(#"my\.user"#).components == [ptKey("my.user")])
        #expect(Path(#"response.my\.user.name"#).components == [ptKey("response"), ptKey("my.user"), ptKey("name")])
        #expect(Path(#"a\[0\]"#).components == [ptKey("a[0]")])
        #expect(Path(#"a\\b"#).components == [ptKey(#"a\b"#)])
        #expect(Path(#"a\\.b"#).components == [ptKey(#"a\"#), ptKey("b")])
        #expect(Path(#"\x"#).components == [ptKey("x")])
        // Escapes work inside quoted brackets too.
        #expect(Path(#"a['x\'y']"#).components == [ptKey("a"), ptKey("x'y")])
        #expect(Path(#"a['x]y']"#).components == [ptKey("a"), ptKey("x]y")])
    }

    // MARK: Empty keys and the root

    @Test("the empty string is the root; an empty segment is the empty key")
    func rootAndEmptyKeys() {
        #expect(Path("").components.isEmpty)
        #expect(Path("") == Path.root)
        #expect(Path.root.description == "")
        #expect(Path(".a").components == [ptKey(""), ptKey("a")])
        #expect(Path("a.").components == [ptKey("a"), ptKey("")])
        #expect(Path("a..b").components == [ptKey("a"), ptKey(""), ptKey("b")])
        #expect(Path(".").components == [ptKey(""), ptKey("")])
        #expect(Path("['']").components == [ptKey("")])
        #expect(Path("a['']").components == [ptKey("a"), ptKey("")])
        #expect(Path(".[0]").components == [ptKey(""), ptIndex(0)])
    }

    // MARK: Brackets

    @Test("spaces around an index are allowed")
    func spacedIndex() {
        #expect(Path("[ 1 ]").components == [ptIndex(1)])
        #expect(Path("a[ -2 ].b").components == [ptKey("a"), ptIndex(-2), ptKey("b")])
    }

    @Test("a quoted key in brackets is taken literally, dots and all")
    func bracketedKey() {
        #expect(Path("['x.y']").components == [ptKey("x.y")])
        #expect(Path("a['x.y'].b").components == [ptKey("a"), ptKey("x.y"), ptKey("b")])
        #expect(Path(#"a[" x "]"#).components == [ptKey("a"), ptKey(" x ")])
        #expect(Path("a['1.5']").components == [ptKey("a"), ptKey("1.5")])
        #expect(Path("a]b").components == [ptKey("a]b")])
    }

    @Test("unquoted text in brackets and a bracket never closed are malformed, not keys")
    func malformedBrackets() {
        for text in ["a[0", "[", "a[", "a[b.c", "[x.y]", "a[ x ]", "a[1.5]", "a[]"] {
            #expect(Path(text) != Path([.key(text)]), "\(text)")
            #expect(throws: PathSyntaxError.self, "\(text)") { try Path(validating: text) }
        }
    }

    // MARK: Printing

    @Test("description prints the grammar and parses back to the same path")
    func descriptionRoundTrips() {
        let paths: [Path] = [
            Path.root,
            Path("response.users[0].name"),
            Path("response[0]users[1]name"),
            Path("users[-1]"),
            Path([.index(0)]),
            Path([.index(-3), .index(2)]),
            Path([.key("my.user"), .index(0)]),
            Path([.key("a.b.c")]),
            Path([.key("[0]")]),
            Path([.key("a[1]b")]),
            Path([.key("x]")]),
            Path([.key(#"back\slash"#)]),
            Path([.key(#"\"#), .key(#"\."#)]),
            Path([.key("")]),
            Path([.key(""), .key("")]),
            Path([.key(""), .key("a")]),
            Path([.key("a"), .key("")]),
            Path([.key(""), .index(1), .key("")]),
            Path([.index(0), .key("a")]),
            Path([.key("0")]),
            Path([.key("-1"), .index(-1)]),
            Path([.key(" ")]),
            Path([.key(" 1 ")]),
            Path([.key("* name")]),
            Path([.key("a/b")]),
            Path([.key("ünï.cødé"), .key("🙂")]),
            Path([.key("+"), .key(".greeting")]),
        ]
        for path in paths {
            #expect(Path(path.description) == path, "\(path.components) printed as \(path.description)")
        }
        #expect(Path([.key("a.b"), .index(2), .key("c")]).description == #"a\.b[2].c"#)
        #expect(Path([.key(""), .key("a")]).description == "[''].a")
        #expect(Path([.key("a"), .key("")]).description == "a['']")
        #expect(Path([.key("x[0]")]).description == #"x\[0\]"#)
        #expect(Path([.key(#"a\b"#)]).description == #"a\\b"#)
        #expect(Path("response.[0].users.[1].name").description == "response[0].users[1].name")
        #expect("\(Path("a.b[0]"))" == "a.b[0]")
    }

    @Test("a coding path prints as a path: users[3].zip")
    func codingPath() throws {
        let keys: [any CodingKey] = [AnyKey("users"), AnyKey(intValue: 3), AnyKey("zip")]
        #expect(Path(codingPath: keys).description == "users[3].zip")
        #expect(Path(codingPath: keys).components == [ptKey("users"), ptIndex(3), ptKey("zip")])
        #expect(Path(codingPath: [AnyKey(literal: "my.user")]).description == #"my\.user"#)
        #expect(Path(codingPath: []) == Path.root)

        // The coding path of a real error, from both decoders.
        let json = Data(#"{"users":[{"zip":"1"},{"zip":"2"},{"zip":"3"},{"zip":4}]}"#.utf8)
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            do {
                _ = try decoder.decode(PTDirectory.self, from: json)
                Issue.record("expected a type mismatch from \(type(of: decoder))")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(Path(codingPath: context.codingPath).description == "users[3].zip", "\(type(of: decoder))")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("Path is hashable and a string literal")
    func hashable() {
        let set: Set<Path> = ["a.b", "a.['b']", "a[0]", "a.[0]", #"a\.b"#]
        #expect(set.count == 3)
        #expect(set.contains(Path([.key("a.b")])))
    }

    // MARK: Dynamic views

    @Test("ds[Path(...)] and ds[\"…\"] agree")
    func viewSubscripts() throws {
        let ds = DynamicClass([
            "response": [
                "my.user": ["name": "Jerry", "tags": ["a", "b", "c"]],
                "users": [["name": "Tom"], ["name": "Ann"]],
                "": ["x": 1],
            ]
        ])
        let pairs: [(Path, String)] = [
            (Path("response/my.user/name", separator: "/"), #"response.my\.user.name"#),
            (Path([.key("response"), .key("my.user"), .key("tags"), .index(-1)]), #"response.my\.user.tags[-1]"#),
            (Path("response.users[1].name"), "response['users'][1]name"),
            (Path("response.users.[0].name"), "response.users[0]name"),
            (Path([.key("response"), .key(""), .key("x")]), "response..x"),
            (Path([.key("response"), .key("missing")]), "response.missing"),
            (Path.root, ""),
        ]
        for (path, text) in pairs {
            #expect(JSON(ds[path]) == JSON(ds[text]), "\(path) vs \(text)")
        }
        #expect(JSON(ds[Path("response/my.user/name", separator: "/")]) == "Jerry")
        #expect(JSON(ds[#"response.my\.user.tags[-1]"#]) == "c")
        #expect(JSON(ds["response.users[1].name"]) == "Ann")
        #expect(JSON(ds["response..x"]) == 1)
        #expect(JSON(ds["response.missing"]) == nil)
        #expect(JSON(ds["response.my.user"]) == nil)
        #expect(JSON(ds.response[Path([.key("my.user"), .key("name")])]) == JSON(ds.response[#"my\.user.name"#]))
    }
}
