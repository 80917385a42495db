import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport
import DynamicMapperOperators

// A write through a view whose path or pointer meets a value of another kind (a token that is
// not an index for an array, a key step on an array, an index step on an object, any step on a
// string, number or Boolean) is refused: it returns `false` and the document is unchanged, as
// JSON Patch refuses the same pointer. A `null` on the way is refused too: it is a value, and
// only the last step's own value is ever replaced.

@Suite("Writes through a value of another kind")
struct WriteKindRefusalTests {
    @Test(
        "a pointer token that is not an index for the array it meets refuses the write",
        arguments: ["/list/01", "/list/-1", "/list/foo", "/list/12345678901234567890", "/list/1e0", "/list/ 1"])
    func nonIndexTokenOnArray(pointer: String) throws {
        let text = #"{"list":[1,2,3],"s":"str"}"#
        var view = try DynamicClass(parsing: text)
        do {
            let written = view[pointer: pointer].set("x")
            #expect(!written)
        }
        do {
            let written = view[pointer: pointer].append("x")
            #expect(!written)
        }
        do {
            let written = view[pointer: pointer].remove()
            #expect(!written)
        }
        let below = String(pointer.dropFirst("/list".count))
        let writtenBelow = view.list[pointer: below].set("x")
        #expect(!writtenBelow)
        #expect(JSON(view) == (try JSON(parsing: text)))
        // JSON Patch refuses the same pointer.
        var json = try JSON(parsing: text)
        #expect(throws: JSONPatchError.self) { try json.apply([.add(try Path(pointer: pointer), "x")]) }
    }

    @Test("any token on a string, number or Boolean refuses the write", arguments: ["/s/0", "/s/-", "/s/k", "/n/0", "/b/x", "/list/0/0"])
    func tokenOnScalar(pointer: String) throws {
        let text = #"{"list":[1,2,3],"s":"str","n":5,"b":true,"z":null}"#
        var view = try DynamicClass(parsing: text)
        do {
            let written = view[pointer: pointer].set("x")
            #expect(!written)
        }
        #expect(JSON(view).serializedString() == text)
    }

    @Test("a null on the way is refused too; a padded slot is filled by writing the element itself")
    func nullOnTheWay() throws {
        let text = #"{"z":null,"w":null}"#
        var view = try DynamicClass(parsing: text)
        let refused = [view[pointer: "/z/0"].set("x"), view[pointer: "/w/k"].set("y"), view.z.k.append(1)]
        #expect(refused == [false, false, false])
        #expect(JSON(view).serializedString() == text)
        // The null itself is the last step's value: replaced. Padding leaves nulls; a path
        // through one is refused, the slot itself is written.
        let written = [view.z.set(["k": 1]), view.items[2].id.set(3), view.items[0].id.set(1), view.items[0].set(["id": 1])]
        #expect(written == [true, true, false, true])
        #expect(JSON(view).serializedString() == #"{"z":{"k":1},"w":null,"items":[{"id":1},null,{"id":3}]}"#)
    }

    @Test("the same pointers still write where they name a place")
    func validPointersStillWrite() throws {
        var view = try DynamicClass(parsing: #"{"list":[1,2,3],"o":{"01":0}}"#)
        do {
            let written = view[pointer: "/list/1"].set("x")
            #expect(written)
        }
        do {
            let written = view[pointer: "/list/-"].set("end")
            #expect(written)
        }
        do {
            let written = view[pointer: "/o/01"].set("key")
            #expect(written)
        }
        do {
            let written = view[pointer: "/o/-1"].set("dash")
            #expect(written)
        }
        do {
            let written = view[pointer: "/list/0"].set(["k": 1])
            #expect(written)
        }
        #expect(JSON(view).serializedString() == #"{"list":[{"k":1},"x",3,"end"],"o":{"01":"key","-1":"dash"}}"#)
    }

    @Test("path text through a value of another kind refuses the write in a decoded document")
    func pathTextThroughOtherKinds() throws {
        struct Model: DynamicCodable {
            var dynamicSelf: DynamicClass?
        }
        let text = #"{"list":[1,{"k":2}],"obj":{"a":1},"s":"str"}"#
        var model = try DynamicJSONDecoder().decode(Model.self, from: Data(text.utf8))
        do {
            let written = model.ds["list.k"].set(1)
            #expect(!written)
        }
        do {
            let written = model.ds["obj[0]"].set(1)
            #expect(!written)
        }
        do {
            let written = model.ds["s.x.y"].set(1)
            #expect(!written)
        }
        do {
            let written = model.ds["list[0].k"].set(1)
            #expect(!written)
        }
        do {
            let written = model.ds["list[1][0]"].set(1)
            #expect(!written)
        }
        do {
            let written = model.ds["list[1].k"].set(3)
            #expect(written)
        }
        let out = try DynamicJSONEncoder().encode(model)
        #expect(String(decoding: out, as: UTF8.self) == #"{"list":[1,{"k":3}],"obj":{"a":1},"s":"str"}"#)
    }

    @Test("random pointers: a view write succeeds exactly when every step meets nothing or a container of its kind")
    func randomPointers() throws {
        var random = SeededRandom(state: 29_05)
        let tokens = ["0", "1", "2", "01", "-1", "-", "a", "b", "00", "99999999999999999999"]
        for round in 0..<400 {
            let document = randomDocument(depth: 3, using: &random)
            let steps = (0..<Int.random(in: 1...4, using: &random)).map { _ in tokens.randomElement(using: &random)! }
            let pointer = steps.map { "/" + $0 }.joined()
            var view = DynamicClass(document)
            let written = view[pointer: pointer].set("x")
            let expected = Self.isWritable(document, tokens: steps)
            #expect(written == expected, "round \(round): \(pointer) on \(document)")
            if written {
                #expect(JSON(view[pointer: pointer.replacingOccurrences(of: "/-", with: "/0")]) != nil || pointer.contains("-"), "round \(round)")
            } else {
                #expect(JSON(view) == document, "round \(round): \(pointer) changed \(document)")
            }
        }
    }

    /// The reference rule: each token meets nothing (then it is created), an object (a key),
    /// or an array (canonical digits within 100,000 past the end, or `-`); anything else,
    /// `null` included, refuses.
    private static func isWritable(_ document: JSON, tokens: [String]) -> Bool {
        var current: JSON? = document
        for token in tokens {
            switch current {
            case .object(let object)?:
                current = object[token]
            case .array(let elements)?:
                if token == "-" {
                    current = nil
                    continue
                }
                guard token == "0" || (token.first != "0" && token.allSatisfy { $0.isASCII && $0.isNumber }),
                    let index = Int(token), index - elements.count <= 100_000
                else { return false }
                // Not a ternary with `nil`: that would read `nil` as the literal `JSON.null`.
                current = index < elements.count ? elements[index] : Optional.none
            case nil:
                // Created by the write: `-` or digits start an array.
                current = nil
            default:
                return false
            }
        }
        return true
    }

    private func randomDocument(depth: Int, using random: inout SeededRandom) -> JSON {
        let choice = depth == 0 ? Int.random(in: 0..<3, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0: return .string("s")
        case 1: return .null
        case 2: return 7
        case 3, 4:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomDocument(depth: depth - 1, using: &random) })
        default:
            var object = JSON.Object()
            for key in ["0", "a", "01", "-1"] where Bool.random(using: &random) {
                object[key] = randomDocument(depth: depth - 1, using: &random)
            }
            return .object(object)
        }
    }
}

private final class WKProfile: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id = 0
    @NotCoded var avatar: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        avatar <-> ds.profile.avatar
    }
}

@Suite("Writes through a value of another kind: mapping writes")
struct WriteKindRefusalMappingTests {
    /// A `<->` write the view refuses (here through `"profile": null`) fails the encode with the
    /// property's path, instead of leaving the edit out of the output unseen.
    @Test("a refused <-> write fails the encode, naming where")
    func refusedMappingWriteIsAnError() throws {
        let model = try DynamicJSONDecoder().decode(WKProfile.self, from: Data(#"{"id": 1, "profile": null}"#.utf8))
        #expect(model.avatar == nil)
        // Unedited, it re-encodes as it was.
        #expect(String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self) == #"{"id":1,"profile":null}"#)
        model.avatar = "a.png"
        do {
            _ = try DynamicJSONEncoder().encode(model)
            Issue.record("the edit was dropped without an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription == "Cannot write at profile.avatar: a step on the way holds a value of another kind")
        }
    }
}
