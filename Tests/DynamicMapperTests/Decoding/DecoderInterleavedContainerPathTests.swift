import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random documents walked by an `init(from:)` that keeps every nested container it opens and
/// takes the next step in whichever open container a hash of the walk so far picks: containers
/// of all depths, keyed and unkeyed, are used interleaved, long after their parents moved on.
/// Each step logs the container's `codingPath`; the log, and the path of a failure (one leaf in
/// forty is not an `Int`), must be `JSONDecoder`'s.
@Suite("Coding paths of nested containers used out of order, against JSONDecoder")
struct DecoderInterleavedContainerPathTests {
    @Test func interleavedContainersKeepTheirPaths() {
        for seed in UInt64(1)...200 {
            var random = SeededRandom(state: seed)
            let json = ShapedDocument.value(kind: .object, depth: 0, random: &random)
            expectSameDecoding(InterleavedProbe.self, data: Data(json.utf8), note: "seed \(seed)", isEqual: ==)
        }
    }
}

private struct InterleavedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An unkeyed container kept in a list: it is a value that changes as it is read.
private final class ArrayCursor {
    var container: any UnkeyedDecodingContainer
    init(_ container: any UnkeyedDecodingContainer) { self.container = container }
}

/// An open container and what is left to read in it.
private enum OpenContainer {
    case object(KeyedDecodingContainer<InterleavedKey>, keys: [InterleavedKey])
    case array(ArrayCursor)
}

private struct InterleavedProbe: Decodable, Equatable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        log.append("decoder \(Self.render(path))")
        let kind: ShapedDocument.Kind
        if let last = path.last {
            kind = last.intValue.map { ShapedDocument.elementKind(depth: path.count, index: $0) } ?? ShapedDocument.kind(ofKey: last.stringValue)
        } else {
            kind = .object
        }
        var open: [OpenContainer] = []
        switch kind {
        case .object: open.append(Self.opened(try decoder.container(keyedBy: InterleavedKey.self)))
        case .array: open.append(.array(ArrayCursor(try decoder.unkeyedContainer())))
        case .number:
            let value = try decoder.singleValueContainer()
            log.append("value \(Self.render(value.codingPath)) \(try value.decode(Int.self))")
        }
        while !open.isEmpty {
            // Both decoders log the same lines, so they pick the same container each time.
            let pick = Int(Self.hash(log.joined(separator: "\n")) % UInt64(open.count))
            if let next = try step(open[pick]) {
                open[pick] = next.rest
                open += next.opened
            } else {
                open.remove(at: pick)
            }
        }
    }

    private static func opened(_ object: KeyedDecodingContainer<InterleavedKey>) -> OpenContainer {
        .object(object, keys: object.allKeys.sorted { $0.stringValue < $1.stringValue })
    }

    /// Reads one member or element of `container`: nil when it had none left, else what is
    /// left of it and the containers the read opened.
    private mutating func step(_ container: OpenContainer) throws -> (rest: OpenContainer, opened: [OpenContainer])? {
        switch container {
        case .object(let object, let keys):
            guard let key = keys.first else {
                log.append("done \(Self.render(object.codingPath))")
                return nil
            }
            let rest = OpenContainer.object(object, keys: Array(keys.dropFirst()))
            let place = object.codingPath + [key]
            log.append("member \(Self.render(place)) of \(Self.render(object.codingPath))")
            switch (Self.hash(Self.render(place)) % 3, ShapedDocument.kind(ofKey: key.stringValue)) {
            case (_, .number):
                log.append("number \(try object.decode(Int.self, forKey: key))")
            case (0, _):
                log += try object.decode(InterleavedProbe.self, forKey: key).log
            case (_, .object):
                return (rest, [Self.opened(try object.nestedContainer(keyedBy: InterleavedKey.self, forKey: key))])
            case (_, .array):
                return (rest, [.array(ArrayCursor(try object.nestedUnkeyedContainer(forKey: key)))])
            }
            return (rest, [])
        case .array(let cursor):
            let array = cursor.container.codingPath
            guard !cursor.container.isAtEnd else {
                log.append("end \(Self.render(array)) at \(cursor.container.currentIndex)")
                return nil
            }
            let index = cursor.container.currentIndex
            log.append("element \(index) of \(Self.render(array))")
            switch (Self.hash(Self.render(array) + "#\(index)") % 3, ShapedDocument.elementKind(depth: array.count + 1, index: index)) {
            case (_, .number):
                log.append("number \(try cursor.container.decode(Int.self))")
            case (0, _):
                log += try cursor.container.decode(InterleavedProbe.self).log
            case (_, .object):
                return (container, [Self.opened(try cursor.container.nestedContainer(keyedBy: InterleavedKey.self))])
            case (_, .array):
                return (container, [.array(ArrayCursor(try cursor.container.nestedUnkeyedContainer()))])
            }
            return (container, [])
        }
    }

    /// FNV-1a, the same on every run.
    private static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func render(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
