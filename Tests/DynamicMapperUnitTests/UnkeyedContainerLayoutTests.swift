import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// `unkeyedContainer()` returns an existential, which holds three words inline and boxes
// anything larger on the heap: one allocation per array decoded through `init(from:)`.

@Suite("Unkeyed container layout")
struct UnkeyedContainerLayoutTests {
    @Test("an unkeyed container fits the existential's inline buffer")
    func fitsInline() {
        #expect(MemoryLayout<UnkeyedContainer>.size <= 3 * MemoryLayout<Int>.size)
    }

    @Test("a path node names its document node, and a copy names another without changing it")
    func pathValues() {
        let root = CodingPathNode(value: 0)
        #expect(root.value == 0)
        #expect(root.naming(0) === root)
        let child = root.appending(.key(StringKey("a")), value: 7)
        let renamed = child.naming(9)
        #expect(renamed !== child)
        #expect(child.value == 7)
        #expect(renamed.value == 9)
        #expect(renamed.depth == child.depth)
        #expect(renamed.codingPath.map(\.stringValue) == ["a"])
        #expect(root.appending(.index(3)).value == CodingPathNode.unknownValue)
        #expect(CodingPathNode().naming(4).value == 4)
        #expect(CodingPathNode().naming(4).depth == 0)
    }
}
