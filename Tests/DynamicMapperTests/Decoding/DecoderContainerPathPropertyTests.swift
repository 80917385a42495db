import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random documents walked by a hand-written `init(from:)` that mixes the three ways a
/// container reaches a child (a nested `init(from:)`, a nested container used at once, a nested
/// container kept and used again after its siblings), logging `codingPath` at every step. The
/// log must be the one `JSONDecoder` produces, and so must the path of a failure.
@Suite("Coding paths of containers at every depth, against JSONDecoder")
struct DecoderContainerPathPropertyTests {
    @Test func pathsMatchFoundationAtEveryDepth() {
        for seed in UInt64(1)...150 {
            var random = SeededRandom(state: seed)
            let json = ShapedDocument.value(kind: .object, depth: 0, random: &random)
            expectSameDecoding(PathProbe.self, data: Data(json.utf8), note: "seed \(seed)", isEqual: ==)
        }
    }
}

private struct ProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct PathProbe: Decodable, Equatable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        log.append("decoder \(Self.render(decoder.codingPath))")
        let depth = decoder.codingPath.count
        let isElement = decoder.codingPath.last?.intValue != nil
        let kind: ShapedDocument.Kind
        if depth == 0 {
            kind = .object
        } else if isElement, let index = decoder.codingPath.last?.intValue {
            kind = ShapedDocument.elementKind(depth: depth, index: index)
        } else {
            kind = ShapedDocument.kind(ofKey: decoder.codingPath.last!.stringValue)
        }
        switch kind {
        case .object: try walk(try decoder.container(keyedBy: ProbeKey.self))
        case .array:
            var elements = try decoder.unkeyedContainer()
            try walk(&elements)
        case .number:
            let value = try decoder.singleValueContainer()
            log.append("value \(Self.render(value.codingPath)) \(try value.decode(Int.self))")
        }
    }

    private mutating func walk(_ object: KeyedDecodingContainer<ProbeKey>) throws {
        log.append("object \(Self.render(object.codingPath))")
        var kept: [KeyedDecodingContainer<ProbeKey>] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let kind = ShapedDocument.kind(ofKey: key.stringValue)
            switch (Self.choice(object.codingPath, key.stringValue), kind) {
            case (1, .object):
                let nested = try object.nestedContainer(keyedBy: ProbeKey.self, forKey: key)
                try walk(nested)
                kept.append(nested)
            case (1, .array):
                var nested = try object.nestedUnkeyedContainer(forKey: key)
                try walk(&nested)
            case (2, .number):
                log.append("number \(Self.render(object.codingPath + [key])) \(try object.decode(Int.self, forKey: key))")
            default:
                log += try object.decode(PathProbe.self, forKey: key).log
            }
        }
        // Containers used again once their siblings are done: their paths must not have moved.
        for nested in kept {
            log.append("kept \(Self.render(nested.codingPath))")
            if let first = nested.allKeys.min(by: { $0.stringValue < $1.stringValue }) {
                log += try nested.decode(PathProbe.self, forKey: first).log
            }
        }
    }

    private mutating func walk(_ array: inout any UnkeyedDecodingContainer) throws {
        log.append("array \(Self.render(array.codingPath))")
        let depth = array.codingPath.count + 1
        while !array.isAtEnd {
            let index = array.currentIndex
            let kind = ShapedDocument.elementKind(depth: depth, index: index)
            switch (Self.choice(array.codingPath, String(index)), kind) {
            case (1, .object):
                try walk(try array.nestedContainer(keyedBy: ProbeKey.self))
            case (1, .array):
                var nested = try array.nestedUnkeyedContainer()
                try walk(&nested)
            case (2, .number):
                log.append("number \(Self.render(array.codingPath)) #\(index) \(try array.decode(Int.self))")
            default:
                log += try array.decode(PathProbe.self).log
            }
        }
        log.append("end \(Self.render(array.codingPath)) at \(array.currentIndex)")
    }

    /// 0, 1 or 2 from the place alone (FNV-1a), so both decoders take the same turns.
    private static func choice(_ path: [any CodingKey], _ last: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (render(path) + "/" + last).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % 3)
    }

    private static func render(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
