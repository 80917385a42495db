import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Bulk edits against hostile shapes: many siblings of one long array, a query refused for
/// its work, a write past the end of an array, patterns too large to compile.
@Suite("JSONPath hostile edits")
struct JSONPathHostileEditTests {
    /// Every other element of a 100,000-element array in one `remove()`: grouped by parent,
    /// one pass over the array (one update per match took minutes).
    @Test func removingHalfOfALongArrayIsOnePass() throws {
        var view = DynamicClass(["a": .array((0..<100_000).map { .number(JSON.Number($0)) })])
        let patch = try view[JSONPath("$.a[1::2]")].remove()
        #expect(patch.operations.count == 50_000)
        #expect(patch.operations.first == .remove(Path([.key("a"), .index(99_999)])))
        #expect(patch.operations.last == .remove(Path([.key("a"), .index(1)])))
        let left = try view.query("$.a[*]").values(as: Int.self)
        #expect(left.count == 50_000)
        #expect(left == Array(stride(from: 0, to: 100_000, by: 2)))
    }

    /// Matches inside a removed match go with it; the patch replays on the document as it was.
    @Test func nestedMatchesGoWithTheirRemovedAncestor() throws {
        let document: JSON = ["a": [["x": 1, "k": ["x": 2]], ["x": 3], 4], "x": 5]
        var view = DynamicClass(document)
        let patch = try view[JSONPath("$..[?@.x]")].remove()
        #expect(JSON(view) == ["a": [4], "x": 5])
        #expect(patch == [.remove("a[1]"), .remove("a[0]")])
        #expect(try document.applying(patch) == JSON(view))
        var keys = DynamicClass(["o": ["a": 1, "b": 2, "c": 3]])
        let removed = try keys[JSONPath("$.o['c','a']")].remove()
        #expect(JSON(keys) == ["o": ["b": 2]])
        #expect(Set(removed.operations.map { "\($0)" }).count == 2)
    }

    /// A `set` past the end of an array pads it with `null`s, and its patch adds each of them
    /// at a valid index before the value, so it replays on the document as it was.
    @Test func paddingWritesGiveReplayablePatches() throws {
        let document: JSON = ["lists": [["a": [1, 2]], ["a": []], ["a": [1, 2, 3, 4, 5, 6]]]]
        var view = DynamicClass(document)
        let patch = try view[JSONPath("$.lists[*].a")][5].set("x")
        #expect(JSON(view) == ["lists": [["a": [1, 2, nil, nil, nil, "x"]], ["a": [nil, nil, nil, nil, nil, "x"]], ["a": [1, 2, 3, 4, 5, "x"]]]])
        #expect(patch.operations.prefix(2) == [.replace("lists[2].a[5]", "x"), .add("lists[1].a[0]", nil)])
        #expect(patch.operations.count == 1 + 6 + 4)
        #expect(patch.operations.last == .add("lists[0].a[5]", "x"))
        #expect(try document.applying(patch) == JSON(view))
        // A missing member created with the array: one `add` of the whole of it.
        var fresh = DynamicClass(["o": [:]])
        let created = try fresh[JSONPath("$.o")][key: "list"][2].set(true)
        #expect(created == [.add("o.list", [nil, nil, true])])
        let empty: JSON = ["o": [:]]
        #expect(try empty.applying(created) == JSON(fresh))
    }

    /// An edit whose query passes the budget throws it and changes nothing, for `set`,
    /// `remove` and `transform` alike (instead of reporting no match).
    @Test func editsRefusedForTheirWorkThrow() throws {
        // A text longer than the budget: matching it is refused before it starts.
        let long = String(repeating: "a", count: JSONPath.maximumNodes + 1)
        let document: JSON = ["items": [["name": .string(long)], ["name": "b"]]]
        let query = try JSONPath("$.items[?match(@.name, 'b')]")
        var view = DynamicClass(document)
        #expect { try view[query].remove() } throws: { ($0 as? JSONPathError)?.kind == .tooManyNodes }
        #expect { try view[query].seen.set(true) } throws: { ($0 as? JSONPathError)?.kind == .tooManyNodes }
        #expect { try view[query].transform { $0 } } throws: { ($0 as? JSONPathError)?.kind == .tooManyNodes }
        #expect(JSON(view) == document)
    }

    /// A pattern whose program would pass 20,000 instructions is refused with a clear error
    /// when written in the query; read from the document it matches nothing, as a pattern that
    /// is no I-Regexp does (RFC 9535), so one string cannot fail every query over a document.
    @Test func patternsTooLargeToCompileThrow() throws {
        #expect { try JSONPath("$[?match(@, 'a{100000}')]") } throws: { error in
            guard let error = error as? JSONPathError else { return false }
            return error.kind == .patternTooLarge && error.offset == 12
                && error.reason == "the pattern 'a{100000}' compiles to more than 20000 instructions"
        }
        let json: JSON = [["s": "aa", "p": "(a|b){30000}"], ["s": "aa", "p": "a*"]]
        #expect(try json.query("$[?match(@.s, @.p)]").paths.map(\.description) == ["$[1]"])
        let fine: JSON = [["s": "aa", "p": "a*"], ["s": "ab", "p": "a*"], ["s": "ab", "p": "[ab]+"]]
        #expect(try fine.query("$[?match(@.s, @.p)]").paths.map(\.description) == ["$[0]", "$[2]"])
        // Empty groups cost nothing per copy: this compiles (19,999 instructions) and runs.
        let empties = "(a" + String(repeating: "()", count: 2_000) + "){19999}"
        let text: JSON = [.string(String(repeating: "a", count: 19_999))]
        #expect(try text.query("$[?match(@, '\(empties)')]").count == 1)
    }

    /// A write far past an array's end through a query is refused before its padding is
    /// listed: nothing changes, no patch, and no gigantic list of `add`s is ever built.
    @Test func writesFarPastTheEndAreRefusedWithoutListingPadding() throws {
        var view = DynamicClass(["a": [1]])
        let patch = try view[JSONPath("$.a[9007199254740991]")].set(1)
        #expect(patch.operations.isEmpty)
        #expect(JSON(view) == ["a": [1]])
        let near = try view[JSONPath("$.a[3]")].set(2)
        #expect(JSON(view) == ["a": [1, nil, nil, 2]])
        #expect(near.operations.count == 3)
    }
}
