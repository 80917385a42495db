import Testing
@testable import DynamicMapper

// An edit through a view changes the document in place: while it runs, the view being edited
// is the only reference to the document (see `DocumentHolding.subscript(moving:)`). A second
// reference makes every edit copy the array it appends to, which tests of a few elements do
// not notice (the result is the same) and a million appends turn quadratic. Here the storage
// of the array is watched: appending grows it by doubling, so its address changes about
// log2(n) times; a copy per append changes it every time.

/// Where the array at `steps` keeps its elements.
private func arrayStorage(_ view: DynamicClass, _ steps: [Path.Component]) -> UnsafeRawPointer? {
    var node: OverlayNode? = view.tree
    for step in steps { node = node?.child(step) }
    switch node {
    case .array(let elements)?: return elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    case .value(.array(let elements))?: return elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    default: return nil
    }
}

/// How many times the storage moved over `count` appends made by `append`.
private func storageMoves(
    count: Int, at steps: [Path.Component], _ view: inout DynamicClass,
    _ append: (inout DynamicClass, Int) -> Void
) -> Int {
    var moves = 0
    var last: UnsafeRawPointer?
    for value in 0..<count {
        append(&view, value)
        let now = arrayStorage(view, steps)
        if now != last { moves += 1 }
        last = now
    }
    return moves
}

@Suite("Views: edits copy nothing")
struct ViewEditCopyTests {
    static let count = 2_000
    /// Doubling from one element to 2,000 moves the storage about 11 times; copying would
    /// move it 2,000 times. The margin allows for growth policies other than doubling.
    static let mostMoves = 40

    @Test("Appending through a member, a path, a pointer, a nested place and the whole view keeps the array's storage")
    func appendsKeepTheStorage() {
        let routes: [(String, [Path.Component], (inout DynamicClass, Int) -> Void)] = [
            ("view.items", [.key("items")], { view, value in view.items.append(value) }),
            ("view.a.items", [.key("a"), .key("items")], { view, value in view.a.items.append(value) }),
            ("view[\"a.items\"]", [.key("a"), .key("items")], { view, value in view["a.items"].append(value) }),
            ("view[pointer:]", [.key("items")], { view, value in view[pointer: "/items"].append(value) }),
            ("view.a[pointer:]", [.key("a"), .key("items")], { view, value in view.a[pointer: "/items"].append(value) }),
            ("view[key:]", [.key("items")], { view, value in view[key: "items"].append(value) }),
        ]
        for (name, steps, append) in routes {
            var view = DynamicClass()
            let moves = storageMoves(count: Self.count, at: steps, &view, append)
            #expect(moves <= Self.mostMoves, "\(name): the storage moved \(moves) times in \(Self.count) appends")
            #expect(JSON(view[Path(steps)])?.arrayValue?.count == Self.count, "\(name)")
        }
    }

    @Test("Appending to the whole view keeps its storage")
    func wholeViewAppendKeepsTheStorage() {
        var list = DynamicClass(JSON.array([]))
        let moves = storageMoves(count: Self.count, at: [], &list) { view, value in view.append(value) }
        #expect(moves <= Self.mostMoves, "the storage moved \(moves) times in \(Self.count) appends")
        #expect(JSON(list).arrayValue?.count == Self.count)
    }

    @Test("Writing past an array's end through a query keeps the array's storage")
    func queryWritesKeepTheStorage() throws {
        var view = DynamicClass()
        view.items.append(0)
        var moves = 0
        var last = arrayStorage(view, [.key("items")])
        for value in 1..<Self.count {
            try view[JSONPath("$.items[\(value)]")].set(value)
            let now = arrayStorage(view, [.key("items")])
            if now != last { moves += 1 }
            last = now
        }
        #expect(moves <= Self.mostMoves, "the storage moved \(moves) times in \(Self.count - 1) writes")
        #expect(JSON(view.items)?.arrayValue?.count == Self.count)
    }

    @Test("A copy of the view still gets its own array: the first append after the copy copies once")
    func copiesStayApart() {
        var view = DynamicClass()
        for value in 0..<10 { view.items.append(value) }
        let copy = view
        view.items.append(10)
        #expect(JSON(copy.items)?.arrayValue?.count == 10)
        #expect(JSON(view.items)?.arrayValue?.count == 11)
        #expect(arrayStorage(copy, [.key("items")]) != arrayStorage(view, [.key("items")]))
    }
}
