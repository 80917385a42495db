import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// MARK: - Helpers

/// A model with no properties of its own: decoding it gives a view backed by the parsed document.
private struct ViewDocument: DynamicCodable {
    var dynamicSelf: DynamicClass?
}

/// Where a view comes from: a decoded document (nodes read from the parsed bytes) or a `JSON`
/// value built in code. Every behaviour must be the same for both.
private enum ViewSourceKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case decoded
    case built

    var testDescription: String { rawValue }

    func view(_ text: String) throws -> DynamicClass {
        switch self {
        case .decoded:
            let model = try DynamicJSONDecoder().decode(ViewDocument.self, from: Data(text.utf8))
            return try #require(model.dynamicSelf)
        case .built:
            return DynamicClass(try JSON(parsing: text))
        }
    }
}

private struct ViewPerson: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var name: String
}

private struct ViewAddress: Encodable {
    var city: String
    var zip: Int?
    var tags: [String]
}

private struct ViewMappedModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var city: String?
    @NotCoded var note: String?

    init(id: Int, city: String?, note: String?) {
        self.id = id
        self.city = city
        self.note = note
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        city <-> ds.address.city
        if mappingType == .encoding {
            note --> { ds.meta.note.set($0) }
        }
    }
}

private struct ViewKeywordModel: DynamicCodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var kind: String?
    @NotCoded var total: Int?
    @NotCoded var text: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        kind <-> ds.type
        total <-> ds.count
        text <-> ds.description
    }
}

private func viewText(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

private let viewReadSample = #"{"name":"Ada","n":1.10,"list":[1,2,3],"user":{"id":7,"tags":["a"]},"nothing":null}"#

// MARK: - Tests

@Suite("Dynamic views: DynamicClass and DynamicValue")
struct DynamicViewTests {
    // MARK: Reads never mutate

    @Test("missing key, out-of-range and negative-beyond-start indexes and wrong kinds read as missing", arguments: ViewSourceKind.allCases)
    private func missingReadsChangeNothing(kind: ViewSourceKind) throws {
        let ds = try kind.view(viewReadSample)
        let before = ds.debugDescription
        #expect(before == viewReadSample)

        let missing: [(String, DynamicValue)] = [
            ("nope", ds.nope),
            ("user.nope", ds.user.nope),
            ("nope.deeper.still", ds.nope.deeper.still),
            ("list[3]", ds.list[3]),
            ("list[100]", ds.list[100]),
            ("list[-4]", ds.list[-4]),
            ("list[-100]", ds.list[-100]),
            ("user.tags[1]", ds.user.tags[1]),
            ("user.tags[-2]", ds.user.tags[-2]),
            ("name[0]", ds.name[0]),
            ("name.first", ds.name.first),
            ("list.first", ds.list.first),
            ("list.count", ds.list.count),
            ("user[0]", ds.user[0]),
            ("n.x", ds.n.x),
            ("n[0]", ds.n[0]),
            ("nothing.x", ds.nothing.x),
            ("nothing[0]", ds.nothing[0]),
            ("[0]", ds[0]),
            ("[-1]", ds[-1]),
            ("path user.tags[5].x", ds["user.tags[5].x"]),
            ("key user.id", ds[key: "user.id"]),
        ]
        for (label, view) in missing {
            #expect(JSON(view) == nil, "\(label)")
            #expect(view.debugDescription == "<missing>", "\(label)")
        }

        // Reads through a `var` and through `<--` outside a coder change nothing either.
        var copy = ds
        _ = JSON(copy.nope.deeper[4])
        _ = JSON(copy.list[-9].x)
        var optionalInt: Int? = 5
        optionalInt <-- copy.nope.deeper
        var plainInt = 9
        plainInt <-- copy.list[7]
        var text: String? = "keep"
        text <-- copy.list[-4]
        var mismatch = 1
        mismatch <-- copy.name
        #expect(optionalInt == 5)
        #expect(plainInt == 9)
        #expect(text == "keep")
        #expect(mismatch == 1)
        copy.list[0].remove() // an edit of the copy only

        #expect(ds.debugDescription == before)
        let parsed = try JSON(parsing: viewReadSample)
        #expect(JSON(ds) == parsed)
    }

    @Test("present values read as their JSON, in every source kind", arguments: ViewSourceKind.allCases)
    private func presentReads(kind: ViewSourceKind) throws {
        let ds = try kind.view(viewReadSample)
        #expect(ds.name.debugDescription == #""Ada""#)
        #expect(ds.n.debugDescription == "1.10")
        #expect(ds.list[0].debugDescription == "1")
        #expect(ds.list[2].debugDescription == "3")
        #expect(ds.user.id.debugDescription == "7")
        #expect(ds.user.tags[0].debugDescription == #""a""#)
        #expect(ds.nothing.debugDescription == "null")
        #expect(JSON(ds.nothing) == .null)
        #expect(ds.debugDescription == viewReadSample)
    }

    @Test("reads on a decoded model leave its re-encoded bytes identical")
    func readsKeepModelBytes() throws {
        let input = #"{"name":"Ada","extra":{"k":[1,2.50,{"deep":"caf\u00e9"}]},"z":1e2}"#
        let person = try DynamicJSONDecoder().decode(ViewPerson.self, from: Data(input.utf8))
        let encoder = DynamicJSONEncoder()
        let before = viewText(try encoder.encode(person))
        #expect(before == input)

        let scratch = person
        _ = JSON(scratch.ds.extra.k[7])
        _ = JSON(scratch.ds.extra.k[-4].deep)
        _ = JSON(scratch.ds.name.first)
        _ = JSON(scratch.ds.z[0])
        _ = JSON(scratch.ds["extra.k[2].deep.x"])
        var value: Int? = 3
        value <-- scratch.ds.extra.missing

        #expect(viewText(try encoder.encode(person)) == before)
        #expect(viewText(try encoder.encode(scratch)) == before)
        #expect(person.ds.debugDescription == input)
        #expect(scratch.ds.debugDescription == input)
    }

    // MARK: Negative indexes

    @Test("negative indexes count from the end for reads, writes and removes", arguments: ViewSourceKind.allCases)
    private func negativeIndexes(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"list":[1,2,3],"tags":["a","b"]}"#)
        #expect(ds.list[-1].debugDescription == "3")
        #expect(ds.list[-3].debugDescription == "1")
        #expect(ds.tags[-2].debugDescription == #""a""#)
        ds.list[-2].set(20)
        #expect(ds.debugDescription == #"{"list":[1,20,3],"tags":["a","b"]}"#)
        ds.tags[-1].remove()
        #expect(ds.debugDescription == #"{"list":[1,20,3],"tags":["a"]}"#)
        ds.list[-3].set(JSON.object(["k": 1]))
        ds.list[-3].v.set("x")
        #expect(ds.debugDescription == #"{"list":[{"k":1,"v":"x"},20,3],"tags":["a"]}"#)
    }

    @Test("a write at a negative index before the start is ignored", arguments: ViewSourceKind.allCases)
    private func negativeBeyondStartWritesIgnored(kind: ViewSourceKind) throws {
        let input = #"{"list":[1,2,3],"name":"n"}"#
        var ds = try kind.view(input)
        ds.list[-4].set(0)
        ds.list[-4].k.set(0)
        ds.list[-100].append(1)
        ds.name[-1].set(0)
        #expect(ds.debugDescription == input)
        ds.nope[-1].set(0)
        #expect(ds.debugDescription == input)
        ds.nope.deeper[-1].set(0)
        #expect(ds.debugDescription == input, "a write that is ignored must not create its parents")
        ds["other.list[-2].x"].set(0)
        #expect(ds.debugDescription == input, "a write that is ignored must not create its parents")
    }

    // MARK: Writes

    @Test("set under missing parents creates objects, or arrays when the next step is an index", arguments: ViewSourceKind.allCases)
    private func setCreatesParents(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"x":1}"#)
        ds.a.b.c.set(1)
        #expect(ds.debugDescription == #"{"x":1,"a":{"b":{"c":1}}}"#)
        ds.p.list[0].name.set("n")
        #expect(ds.debugDescription == #"{"x":1,"a":{"b":{"c":1}},"p":{"list":[{"name":"n"}]}}"#)
        ds.m[0][0].set(true)
        ds.q[3].set(1)
        ds.a.b.d.set("more")
        #expect(ds.debugDescription == #"{"x":1,"a":{"b":{"c":1,"d":"more"}},"p":{"list":[{"name":"n"}]},"m":[[true]],"q":[null,null,null,1]}"#)

        var empty = DynamicClass()
        #expect(empty.debugDescription == "{}")
        empty.user.tags[0].set("admin")
        empty["meta.version"].set(2)
        #expect(empty.debugDescription == #"{"user":{"tags":["admin"]},"meta":{"version":2}}"#)
    }

    @Test("set at an index at or past the end pads with null up to it", arguments: ViewSourceKind.allCases)
    private func setPastEndPads(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"list":[1,2,3]}"#)
        ds.list[3].set(4)
        #expect(ds.debugDescription == #"{"list":[1,2,3,4]}"#)
        ds.list[6].set(5)
        #expect(ds.debugDescription == #"{"list":[1,2,3,4,null,null,5]}"#)
        ds.list[8].k.set(6)
        #expect(ds.debugDescription == #"{"list":[1,2,3,4,null,null,5,null,{"k":6}]}"#)
        #expect(JSON(ds.list[8].k) == 6)
        ds.list[1].set(JSON.string("two"))
        ds.list[4].set(JSON.string("filled"))
        #expect(ds.debugDescription == #"{"list":[1,"two",3,4,"filled",null,5,null,{"k":6}]}"#)
    }

    @Test("set(nil) writes null", arguments: ViewSourceKind.allCases)
    private func setNilWritesNull(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"name":"Ada","list":[1,2]}"#)
        ds.name.set(nil)
        ds.list[0].set(nil)
        ds.fresh.set(nil)
        ds.deep.er.set(nil)
        #expect(ds.debugDescription == #"{"name":null,"list":[null,2],"fresh":null,"deep":{"er":null}}"#)
        #expect(JSON(ds.name) == .null)
        #expect(JSON(ds.fresh) == .null)
    }

    @Test("remove deletes the key or element and is a no-op when missing", arguments: ViewSourceKind.allCases)
    private func removeDeletes(kind: ViewSourceKind) throws {
        let input = #"{"name":"Ada","list":[1,2,3],"user":{"tags":["a"],"id":1}}"#
        var ds = try kind.view(input)
        ds.nope.remove()
        ds.nope.deeper.remove()
        ds.list[3].remove()
        ds.list[-4].remove()
        ds.name.x.remove()
        ds.name[0].remove()
        ds.user.tags[1].remove()
        ds["user.missing[0].x"].remove()
        #expect(ds.debugDescription == input)

        ds.name.remove()
        #expect(ds.debugDescription == #"{"list":[1,2,3],"user":{"tags":["a"],"id":1}}"#)
        ds.list[1].remove()
        #expect(ds.debugDescription == #"{"list":[1,3],"user":{"tags":["a"],"id":1}}"#)
        ds.user.tags[0].remove()
        #expect(ds.debugDescription == #"{"list":[1,3],"user":{"tags":[],"id":1}}"#)
        ds.user.remove()
        #expect(ds.debugDescription == #"{"list":[1,3]}"#)
        ds.remove()
        #expect(ds.debugDescription == "{}")
    }

    @Test("with duplicate keys the first one is read, and remove deletes them all")
    func duplicateKeys() throws {
        var ds = try ViewSourceKind.decoded.view(#"{"a":1,"b":2,"a":3}"#)
        #expect(ds.a.debugDescription == "1")
        ds.a.remove()
        #expect(ds.debugDescription == #"{"b":2}"#)
        #expect(JSON(ds.a) == nil)
    }

    // MARK: Paths

    @Test("path subscripts: dots, indexes with or without a dot, escapes and literal keys", arguments: ViewSourceKind.allCases)
    private func pathGrammar(kind: ViewSourceKind) throws {
        let input = #"{"a":{"b":[{"c":1}]},"arr":[{"b":5},6],"my.key":2,"weird key":3,"a.b":4,"x[0]":7}"#
        var ds = try kind.view(input)
        #expect(ds["a.b[0].c"].debugDescription == "1")
        #expect(ds["a.b.[0].c"].debugDescription == "1")
        #expect(ds["a.b[0]c"].debugDescription == "1")
        #expect(ds["arr.[0]"].debugDescription == #"{"b":5}"#)
        #expect(ds["arr[0]b"].debugDescription == "5")
        #expect(ds["arr.[1]"].debugDescription == "6")
        #expect(ds["arr[-1]"].debugDescription == "6")
        #expect(ds["my\\.key"].debugDescription == "2")
        #expect(ds["my.key"].debugDescription == "<missing>")
        #expect(ds[key: "my.key"].debugDescription == "2")
        #expect(ds[key: "a.b"].debugDescription == "4")
        #expect(ds["a.b"].debugDescription == #"[{"c":1}]"#)
        #expect(ds["weird key"].debugDescription == "3")
        #expect(ds[key: "x[0]"].debugDescription == "7")
        #expect(ds.a["b[0].c"].debugDescription == "1")
        #expect(ds.a[key: "b"][0].c.debugDescription == "1")
        #expect(ds.debugDescription == input)

        ds["n.list[0].v"].set(1)
        ds[key: "new.key"].set(true)
        ds["esc\\.aped"].set(2)
        ds["with space"].set("s")
        ds["a.b[0].c"].set(10)
        ds.a["b[1]"].set(11)
        #expect(
            ds.debugDescription
                == #"{"a":{"b":[{"c":10},11]},"arr":[{"b":5},6],"my.key":2,"weird key":3,"a.b":4,"x[0]":7,"n":{"list":[{"v":1}]},"new.key":true,"esc.aped":2,"with space":"s"}"#
        )
        ds[key: "a.b"].remove()
        ds["my\\.key"].remove()
        #expect(
            ds.debugDescription
                == #"{"a":{"b":[{"c":10},11]},"arr":[{"b":5},6],"weird key":3,"x[0]":7,"n":{"list":[{"v":1}]},"new.key":true,"esc.aped":2,"with space":"s"}"#)
    }

    // MARK: Keys that look like members

    @Test("keys named like common members are reached with dot syntax, read and write", arguments: ViewSourceKind.allCases)
    private func memberLikeKeys(kind: ViewSourceKind) throws {
        let input =
            #"{"description":"d","count":2,"type":"t","name":"n","id":1,"value":true,"first":"f","isEmpty":false,"user":{"description":"ud","count":3,"first":[1]}}"#
        var ds = try kind.view(input)
        #expect(ds.description.debugDescription == #""d""#)
        #expect(ds.count.debugDescription == "2")
        #expect(ds.type.debugDescription == #""t""#)
        #expect(ds.name.debugDescription == #""n""#)
        #expect(ds.id.debugDescription == "1")
        #expect(ds.value.debugDescription == "true")
        #expect(ds.first.debugDescription == #""f""#)
        #expect(ds.isEmpty.debugDescription == "false")
        #expect(ds.user.description.debugDescription == #""ud""#)
        #expect(ds.user.count.debugDescription == "3")
        #expect(ds.user.first[0].debugDescription == "1")
        #expect(ds.user.type.debugDescription == "<missing>")

        ds.description.set("D")
        ds.count.set(20)
        ds.type.set("T")
        ds.name.set("N")
        ds.id.set(10)
        ds.value.set(false)
        ds.first.set(nil)
        ds.isEmpty.set(true)
        ds.user.description.set("UD")
        ds.user.count.set(30)
        ds.user.first.append(2)
        ds.user.value.set(1)
        #expect(
            ds.debugDescription
                == #"{"description":"D","count":20,"type":"T","name":"N","id":10,"value":false,"first":null,"isEmpty":true,"user":{"description":"UD","count":30,"first":[1,2],"value":1}}"#
        )
    }

    @Test("member-like keys work from a model's mapping in both directions")
    func memberLikeKeysInMapping() throws {
        let input = #"{"type":"t","count":2,"description":"d","other":0}"#
        var model = try DynamicJSONDecoder().decode(ViewKeywordModel.self, from: Data(input.utf8))
        #expect(model.kind == "t")
        #expect(model.total == 2)
        #expect(model.text == "d")
        model.kind = "k"
        model.total = 5
        model.text = nil
        #expect(viewText(try DynamicJSONEncoder().encode(model)) == #"{"type":"k","count":5,"other":0}"#)
    }

    // MARK: Append

    @Test("append adds to arrays and turns missing or non-array values into one-element arrays", arguments: ViewSourceKind.allCases)
    private func appendValues(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"list":[1],"name":"n"}"#)
        ds.list.append(2)
        ds.tags.append("a")
        ds.name.append(1)
        ds.deep.er.append(JSON.null)
        ds.list.append(ViewAddress(city: "Oslo", zip: nil, tags: []))
        ds.list[1].append(3)
        #expect(ds.debugDescription == #"{"list":[1,[3],{"city":"Oslo","tags":[]}],"name":[1],"tags":["a"],"deep":{"er":[null]}}"#)

        var array = DynamicClass([1, 2])
        array.append(3)
        #expect(array.debugDescription == "[1,2,3]")
        var object = DynamicClass()
        object.append("x")
        #expect(object.debugDescription == #"["x"]"#)
    }

    // MARK: Materialising

    @Test("JSON(view) materialises the value, edits included, and is nil when missing", arguments: ViewSourceKind.allCases)
    private func materialise(kind: ViewSourceKind) throws {
        var ds = try kind.view(viewReadSample)
        let parsed = try JSON(parsing: viewReadSample)
        #expect(JSON(ds) == parsed)
        #expect(JSON(ds.user) == ["id": 7, "tags": ["a"]])
        #expect(JSON(ds.list) == [1, 2, 3])
        #expect(JSON(ds.name) == "Ada")
        #expect(JSON(ds.n)?.numberValue?.literal == "1.10")
        #expect(JSON(ds.user.tags[0]) == "a")
        #expect(JSON(ds.nope) == nil)
        #expect(JSON(ds.list[5]) == nil)

        ds.user.tags.append("b")
        ds.user.id.set(8)
        let user = try #require(JSON(ds.user))
        #expect(user == ["id": 8, "tags": ["a", "b"]])
        #expect(user.serializedString() == #"{"id":8,"tags":["a","b"]}"#)
        #expect(JSON(ds).serializedString() == #"{"name":"Ada","n":1.10,"list":[1,2,3],"user":{"id":8,"tags":["a","b"]},"nothing":null}"#)
    }

    // MARK: Value semantics

    @Test("copies of a DynamicClass never share edits", arguments: ViewSourceKind.allCases)
    private func dynamicClassCopies(kind: ViewSourceKind) throws {
        let input = #"{"user":{"id":1},"list":[1]}"#
        var original = try kind.view(input)
        var copy = original
        copy.user.id.set(2)
        copy.list.append(2)
        #expect(original.debugDescription == input)
        #expect(copy.debugDescription == #"{"user":{"id":2},"list":[1,2]}"#)

        original.extra.set(true)
        original.list[0].remove()
        #expect(original.debugDescription == #"{"user":{"id":1},"list":[],"extra":true}"#)
        #expect(copy.debugDescription == #"{"user":{"id":2},"list":[1,2]}"#)

        // A DynamicValue is a value too: editing one taken from the view does not edit the view.
        var user = original.user
        user.id.set(99)
        #expect(user.debugDescription == #"{"id":99}"#)
        #expect(original.user.debugDescription == #"{"id":1}"#)
    }

    @Test("copies of a struct model never share edits of their views or properties")
    func structModelCopies() throws {
        let input = #"{"name":"Ada","extra":{"k":1}}"#
        var original = try DynamicJSONDecoder().decode(ViewPerson.self, from: Data(input.utf8))
        var copy = original
        copy.ds.extra.k.set(2)
        copy.name = "Bob"
        #expect(original.name == "Ada")
        #expect(original.ds.debugDescription == input)
        #expect(copy.ds.debugDescription == #"{"name":"Ada","extra":{"k":2}}"#)

        original.ds.extra.z.set(true)
        #expect(copy.ds.debugDescription == #"{"name":"Ada","extra":{"k":2}}"#)
        #expect(original.ds.debugDescription == #"{"name":"Ada","extra":{"k":1,"z":true}}"#)

        let encoder = DynamicJSONEncoder()
        #expect(viewText(try encoder.encode(original)) == #"{"name":"Ada","extra":{"k":1,"z":true}}"#)
        #expect(viewText(try encoder.encode(copy)) == #"{"name":"Bob","extra":{"k":2}}"#)

        var list = [original]
        list[0].ds.extra.set(nil)
        #expect(original.ds.debugDescription == #"{"name":"Ada","extra":{"k":1,"z":true}}"#)
        #expect(list[0].ds.debugDescription == #"{"name":"Ada","extra":null}"#)
    }

    @Test("writing through ds on a model with no document creates one")
    func dsOnModelWithoutDocument() throws {
        var person = ViewPerson(dynamicSelf: nil, name: "Ada")
        #expect(person.ds.debugDescription == "{}")
        person.ds.address.city.set("London")
        #expect(person.dynamicSelf?.debugDescription == #"{"address":{"city":"London"}}"#)
        #expect(viewText(try DynamicJSONEncoder().encode(person)) == #"{"address":{"city":"London"},"name":"Ada"}"#)
    }

    // MARK: Wrong-kind parents

    @Test("a write through a parent of another kind is refused and replaces nothing", arguments: ViewSourceKind.allCases)
    private func wrongKindParentRefused(kind: ViewSourceKind) throws {
        let text = #"{"s":"text","o":{"k":1},"a":[1],"n":5,"z":null}"#
        var ds = try kind.view(text)
        do {
            let written = ds.s.b.set(1)
            #expect(!written)
        }
        do {
            let written = ds.o[0].set(1)
            #expect(!written)
        }
        do {
            let written = ds.a.k.set(1)
            #expect(!written)
        }
        do {
            let written = ds.n[0].x.set(1)
            #expect(!written)
        }
        do {
            let written = ds.a.k.remove()
            #expect(!written)
        }
        #expect(ds.debugDescription == text)
        // The last step's own value is replaced whatever its kind.
        do {
            let written = ds.s.set(["b": 1])
            #expect(written)
        }
        #expect(ds.debugDescription == #"{"s":{"b":1},"o":{"k":1},"a":[1],"n":5,"z":null}"#)
        // A `null` on the way is a value of its own kind: refused too.
        do {
            let written = ds.z.y.set(1)
            #expect(!written)
        }
        #expect(ds.debugDescription == #"{"s":{"b":1},"o":{"k":1},"a":[1],"n":5,"z":null}"#)

        // A decoded model's view is always an object, so an array root is built in code.
        var arrayRoot = DynamicClass([1, 2])
        do {
            let written = arrayRoot.k.set(1)
            #expect(!written)
        }
        #expect(arrayRoot.debugDescription == "[1,2]")
        var objectRoot = try kind.view(#"{"k":1}"#)
        do {
            let written = objectRoot[0].set("first")
            #expect(!written)
        }
        #expect(objectRoot.debugDescription == #"{"k":1}"#)
    }

    // MARK: Setting values

    @Test("set writes Encodable values with the default encoder settings", arguments: ViewSourceKind.allCases)
    private func setEncodable(kind: ViewSourceKind) throws {
        var ds = try kind.view(#"{"list":[0,0]}"#)
        ds.address.set(ViewAddress(city: "Paris", zip: nil, tags: ["a"]))
        ds.list[1].set(ViewAddress(city: "Rome", zip: 100, tags: []))
        ds.number.set(1.5)
        ds.big.set(Int64.max)
        ds.flags.set([true, false])
        ds.map.set(["only": 1])
        ds.optional.set(Optional<Int>.none)
        ds.json.set(JSON.object(["b": 2, "a": 1]))
        #expect(
            ds.debugDescription
                == #"{"list":[0,{"city":"Rome","zip":100,"tags":[]}],"address":{"city":"Paris","tags":["a"]},"number":1.5,"big":9223372036854775807,"flags":[true,false],"map":{"only":1},"optional":null,"json":{"b":2,"a":1}}"#
        )

        var root = DynamicClass()
        root.set(ViewAddress(city: "Oslo", zip: 1, tags: []))
        #expect(root.debugDescription == #"{"city":"Oslo","zip":1,"tags":[]}"#)
        root.set(JSON.array([1, 2]))
        #expect(root.debugDescription == "[1,2]")
    }

    @Test("set of a dynamic model writes its document merged with its properties and mapping writes")
    func setDynamicModel() throws {
        var person = try DynamicJSONDecoder().decode(ViewPerson.self, from: Data(#"{"name":"Ada","extra":{"k":1},"dynamicSelf":{"x":1}}"#.utf8))
        person.name = "Bob"
        var ds = DynamicClass()
        ds.person.set(person)
        ds.people.append(person)
        #expect(ds.debugDescription == #"{"person":{"name":"Bob","extra":{"k":1}},"people":[{"name":"Bob","extra":{"k":1}}]}"#)

        let built = ViewMappedModel(id: 1, city: "Oslo", note: "hi")
        var body = DynamicClass()
        body.item.set(built)
        #expect(JSON(body) == ["item": ["id": 1, "address": ["city": "Oslo"], "meta": ["note": "hi"]]])

        let decoded = try DynamicJSONDecoder().decode(ViewMappedModel.self, from: Data(#"{"id":2,"address":{"city":"Rome","zip":"00100"},"other":true}"#.utf8))
        #expect(decoded.city == "Rome")
        var holder = try ViewSourceKind.decoded.view(#"{"items":[]}"#)
        holder.items[0].set(decoded)
        #expect(holder.debugDescription == #"{"items":[{"id":2,"address":{"city":"Rome","zip":"00100"},"other":true,"meta":{"note":null}}]}"#)
    }

    @Test("mapping writes of a model set into a view come out in statement order")
    func mappingWritesInStatementOrder() throws {
        var body = DynamicClass()
        body.item.set(ViewMappedModel(id: 1, city: "Oslo", note: "hi"))
        // `city <-> ds.address.city` runs before `note --> { ds.meta.note.set($0) }`.
        #expect(body.debugDescription == #"{"item":{"id":1,"address":{"city":"Oslo"},"meta":{"note":"hi"}}}"#)
    }

    @Test("debugDescription is compact JSON")
    func debugDescriptions() throws {
        #expect(DynamicClass().debugDescription == "{}")
        #expect(DynamicClass(["a": 1]).debugDescription == #"{"a":1}"#)
        #expect(DynamicClass(["a": [1, nil, "x"]]).a.debugDescription == #"[1,null,"x"]"#)
        #expect(DynamicClass(["a": 1]).b.debugDescription == "<missing>")
    }
}
