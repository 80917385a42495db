import Foundation
import Testing
@testable import DynamicMapper
import DynamicMapperTestSupport

// The node storage on its own (growth past its first estimate, writes in place, handing the
// storage over), and the spans of the tape the scanner leaves in it: each container's `end`
// is where its descendants stop, so readers can skip a value in one step.

@Suite("Node buffer")
struct NodeBufferTests {
    /// A node that says where it was appended.
    private static func node(_ position: Int) -> Node {
        let kinds: [Node.Kind] = [.null, .true, .false, .number, .string, .array, .object]
        return Node(
            kind: kinds[position % kinds.count], flags: Node.Flags(rawValue: UInt8(position % 32)),
            offset: UInt32(position), length: UInt32(position * 3), end: UInt32(position + 1))
    }

    @Test("appending far past the estimate keeps every node, in order")
    func growth() {
        for estimate in [0, 1, 16, 17, 100] {
            var buffer = NodeBuffer(estimatedCount: estimate)
            for position in 0..<1_000 {
                buffer.append(Self.node(position))
            }
            #expect(buffer.count == 1_000)
            let read = (0..<1_000).map { Token(buffer[$0]) }
            #expect(read == (0..<1_000).map { Token(Self.node($0)) }, "estimate \(estimate)")
        }
    }

    @Test("a node is changed in place through the subscript, as the scanner closes a container")
    func writeInPlace() {
        var buffer = NodeBuffer(estimatedCount: 4)
        for position in 0..<40 { buffer.append(Self.node(position)) }
        buffer[20].length = 7
        buffer[20].end = 40
        #expect(Token(buffer[20]) == Token(.object, Node.Flags(rawValue: 20), offset: 20, length: 7, end: 40))
        #expect(Token(buffer[19]) == Token(Self.node(19)))
        #expect(Token(buffer[21]) == Token(Self.node(21)))
    }

    @Test("take hands over exactly the appended nodes, for random counts")
    func take() {
        for seed in UInt64(0)..<100 {
            var random = SeededRandom(state: seed)
            let count = Int.random(in: 0...300, using: &random)
            var buffer = NodeBuffer(estimatedCount: Int.random(in: 0...64, using: &random))
            for position in 0..<count { buffer.append(Self.node(position)) }
            let taken = buffer.take()
            #expect(taken.count == count, "seed \(seed)")
            #expect(taken.map(Token.init) == (0..<count).map { Token(Self.node($0)) }, "seed \(seed)")
            taken.deallocate()
        }
    }

    @Test("in a scanned document, each container's span holds exactly its children and nests in its parent's")
    func spans() throws {
        for seed in UInt64(0)..<300 {
            let text = RandomTape(seed: seed, maximumDepth: 6).text
            let document = try Document(data: Data(text), options: ScanOptions())
            let nodes = document.nodes
            #expect(nodes.count > 0 && Int(nodes[0].end == 0 ? 1 : nodes[0].end) == nodes.count, "seed \(seed)")
            for index in nodes.indices where nodes[index].kind == .array || nodes[index].kind == .object {
                let node = nodes[index]
                // An object's members are a key node then the value.
                let hopsPerChild = node.kind == .object ? 2 : 1
                var child = index + 1
                var hops = 0
                while child < Int(node.end) {
                    child = document.next(after: child)
                    hops += 1
                }
                #expect(
                    child == Int(node.end) && hops == Int(node.length) * hopsPerChild,
                    "seed \(seed): node \(index) spans \(index + 1)..<\(node.end) in \(hops) steps for \(node.length) children")
            }
        }
    }
}
