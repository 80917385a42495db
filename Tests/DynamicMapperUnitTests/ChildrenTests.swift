import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// `Document.Children`, the one walk over a container's members and elements, against an
// oracle that knows nothing of it: each node's parent, found from the `end` fields alone with
// a stack. A container's children are the nodes whose parent it is (an object's at even
// offsets: its keys), in document order.

@Suite("Document children")
struct ChildrenTests {
    @Test("random documents: every container's children are its direct children, from any start")
    func childrenMatchParents() throws {
        var random = SeededRandom(state: 25)
        for round in 0..<300 {
            let kind: ShapedDocument.Kind = round.isMultiple(of: 2) ? .object : .array
            let text = ShapedDocument.value(kind: kind, depth: 0, random: &random)
            let document = try Document(data: Data(text.utf8), options: ScanOptions())
            let expected = Self.directChildren(of: document)
            for index in 0..<document.nodes.count {
                let node = document.nodes[index]
                guard node.kind == .object || node.kind == .array else { continue }
                let children = Array(document.children(of: index))
                #expect(children == expected[index], "container \(index) of \(text)")
                #expect(children.count == Int(node.length))
                if node.kind == .object {
                    #expect(children.allSatisfy { document.nodes[$0].kind == .string })
                    #expect(Array(document.members(ofObject: index, node: node)) == children)
                }
                // Resuming at any child, or at the end, yields the rest.
                for (offset, start) in (children + [Int(node.end)]).enumerated() {
                    #expect(Array(document.children(of: index, node: node, from: start)) == Array(children.dropFirst(offset)))
                }
            }
        }
    }

    @Test("a walk stopped after a child resumes at the next one")
    func positionAfterChild() throws {
        let document = try Document(data: Data(#"{"a":[1,[2]],"b":{"c":3},"d":4}"#.utf8), options: ScanOptions())
        var members = document.members(ofObject: 0, node: document.nodes[0])
        #expect(members.next() == 1)
        #expect(members.position == 6)
        #expect(members.next() == 6)
        #expect(members.position == 10)
        #expect(members.next() == 10)
        #expect(members.position == 12)
        #expect(members.next() == nil)
    }

    @Test("random arrays: element(of:at:) finds each element by position, negative ones from the end")
    func elementByPosition() throws {
        var random = SeededRandom(state: 26)
        for _ in 0..<200 {
            let text = ShapedDocument.value(kind: .array, depth: 0, random: &random)
            let document = try Document(data: Data(text.utf8), options: ScanOptions())
            let elements = try #require(Self.directChildren(of: document)[0])
            let count = elements.count
            for position in -count - 2..<count + 2 {
                let resolved = position < 0 ? position + count : position
                let expected = (0..<count).contains(resolved) ? elements[resolved] : nil
                #expect(document.element(of: 0, at: position) == expected, "\(position) in \(text)")
            }
        }
    }

    /// Each container's direct children (an object's keys), by container node: the nodes whose
    /// innermost enclosing container it is, every other one for an object (key, value, key...).
    private static func directChildren(of document: Document) -> [Int: [Int]] {
        let nodes = document.nodes
        var inside: [Int: [Int]] = [:]
        var open: [Int] = []
        for index in 0..<nodes.count {
            while let last = open.last, index >= Int(nodes[last].end) { open.removeLast() }
            if let parent = open.last { inside[parent, default: []].append(index) }
            if nodes[index].kind == .object || nodes[index].kind == .array {
                inside[index] = inside[index] ?? []
                open.append(index)
            }
        }
        for (container, children) in inside where nodes[container].kind == .object {
            inside[container] = children.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        }
        return inside
    }
}
