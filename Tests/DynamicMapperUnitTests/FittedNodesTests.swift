#if canImport(Glibc)
import Glibc
import Foundation
import Testing
@testable import DynamicMapper

/// A document that is kept holds a node index of its nodes' size, not the scanner's first guess
/// (one node per 6 input bytes); a plain model's decode skips the copy. Measured with glibc's
/// `malloc_usable_size`, the size of the block the nodes live in.
@Suite("Fitted node index")
struct FittedNodesTests {
    /// Records with a long string each: about one node per 10 input bytes.
    static let data: Data = {
        let records = (0..<2_000).map { #"{"id":\#($0),"text":"a status of some length, as a timeline has","user":{"name":"user \#($0)"}}"# }
        return Data(("[" + records.joined(separator: ",") + "]").utf8)
    }()

    /// glibc's `malloc_usable_size`, looked up at run time (Swift's Glibc module leaves out
    /// `malloc.h`).
    private static let usableSize: (@convention(c) (UnsafeMutableRawPointer?) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Int).self)
    }()

    private static func blockBytes(_ document: Document) -> Int {
        guard let usableSize else { return 0 }
        return usableSize(UnsafeMutableRawPointer(mutating: document.nodes.baseAddress))
    }

    private static func nodeBytes(_ document: Document) -> Int {
        document.nodes.count * MemoryLayout<Node>.stride
    }

    @Test func keptDocumentsHoldTheirNodesOnly() throws {
        let kept = try JSONDocument(parsing: Self.data).storage
        #expect(Self.blockBytes(kept) <= Self.nodeBytes(kept) + 64)
        let view = try DynamicClass(parsing: Self.data)
        guard case .source(let document, _) = view.root else {
            Issue.record("a parsed view reads its document in place")
            return
        }
        #expect(Self.blockBytes(document) <= Self.nodeBytes(document) + 64)
    }

    @Test(.enabled(if: usableSize != nil)) func aPlainParseKeepsTheFirstGuess() throws {
        let document = try Document(data: Self.data, options: ScanOptions())
        // One node per 6 bytes was reserved; the records hold one per 10 or so.
        #expect(Self.blockBytes(document) * 2 >= 3 * Self.nodeBytes(document))
    }

    struct Whole: DynamicCodable { var dynamicSelf: DynamicClass? }
    struct Wrapper: Decodable { var items: [Whole] }

    @Test func decodedDynamicModelsKeepAFittedDocument() throws {
        let object = Data(#"{"list":"#.utf8) + Self.data + Data("}".utf8)
        let whole = try DynamicJSONDecoder().decode(Whole.self, from: object)
        let decoded = try #require(whole.dynamicSelf?.decoded)
        #expect(Self.blockBytes(decoded.document) <= Self.nodeBytes(decoded.document) + 64)
        // A plain type holding dynamic models is learned from its first decode.
        let items = Data(#"{"items":[{"a":1},{"b":2}]}"#.utf8)
        _ = try DynamicJSONDecoder().decode(Wrapper.self, from: items)
        #expect(KeptDocuments.expected(for: Wrapper.self))
        #expect(!KeptDocuments.expected(for: [Int].self))
    }
}
#endif
