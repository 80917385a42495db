import Testing
import Foundation
import DynamicMapper
import DynamicMapperTestSupport

/// Random nested arrays, each opened by one of the ways an unkeyed container comes to be (from
/// the decoder, nested in a keyed or unkeyed container, through a super decoder, through a
/// single-value container, or kept in a decoded value and used after its siblings), logging
/// `codingPath`, `count`, `currentIndex` and `isAtEnd` at every step and the error of reading
/// past the end. The log must be the one `JSONDecoder` produces.
///
/// The container finds its array through its path node, so this checks that every route
/// gives the container a path naming its own array, and that a path node kept by a container
/// is never handed to another value.
@Suite("Unkeyed containers by every route, against JSONDecoder")
struct DecoderUnkeyedRouteTests {
    @Test func everyRouteMatchesFoundation() {
        for seed in UInt64(1)...200 {
            var random = SeededRandom(state: seed)
            let members = (0..<Int.random(in: 1...6, using: &random)).map { position in
                "\"k\(position)\": \(Self.array(depth: 0, random: &random))"
            }
            let json = "{" + members.joined(separator: ", ") + "}"
            expectSameDecoding(RouteProbe.self, data: Data(json.utf8), note: "seed \(seed)", isEqual: ==)
        }
    }

    /// An array of numbers and (up to three levels down) arrays.
    private static func array(depth: Int, random: inout SeededRandom) -> String {
        let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            depth < 3 && Bool.random(using: &random)
                ? array(depth: depth + 1, random: &random)
                : String(Int.random(in: -99...99, using: &random))
        }
        return "[" + elements.joined(separator: ",") + "]"
    }
}

private struct RouteKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Appends what an unkeyed container shows while it is read to end.
private func walk(_ array: inout any UnkeyedDecodingContainer, into log: inout [String]) throws {
    log.append("array \(render(array.codingPath)) count \(array.count.map(String.init) ?? "nil")")
    var kept: [Stash] = []
    while !array.isAtEnd {
        let index = array.currentIndex
        if let number = try? array.decode(Int.self) {
            log.append("number #\(index) \(number)")
            continue
        }
        switch (render(array.codingPath).count + index) % 4 {
        case 0:
            var nested = try array.nestedUnkeyedContainer()
            try walk(&nested, into: &log)
        case 1:
            var nested = try array.superDecoder().unkeyedContainer()
            try walk(&nested, into: &log)
        case 2:
            log += try array.decode(ArrayProbe.self).log
        default:
            kept.append(try array.decode(Stash.self))
        }
    }
    log.append("end \(render(array.codingPath)) at \(array.currentIndex) count \(array.count.map(String.init) ?? "nil") \(array.isAtEnd)")
    do {
        _ = try array.decode(Int.self)
        log.append("read past the end")
    } catch DecodingError.valueNotFound(_, let context) {
        log.append("past the end \(render(context.codingPath))")
    }
    // Containers kept inside decoded values, used once their siblings are done.
    for stash in kept {
        var container = stash.container
        try walk(&container, into: &log)
    }
}

private func render(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
}

/// An array read through the decoder's own `unkeyedContainer()`.
private struct ArrayProbe: Decodable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        log.append("decoder \(render(decoder.codingPath))")
        var array = try decoder.unkeyedContainer()
        try walk(&array, into: &log)
    }
}

/// An array read through a single-value container.
private struct SingleValueProbe: Decodable {
    var log: [String]

    init(from decoder: any Decoder) throws {
        log = try decoder.singleValueContainer().decode(ArrayProbe.self).log
    }
}

/// A container opened in `init(from:)` and kept, unread, for later.
private struct Stash: Decodable {
    var container: any UnkeyedDecodingContainer

    init(from decoder: any Decoder) throws {
        container = try decoder.unkeyedContainer()
    }
}

private struct RouteProbe: Decodable, Equatable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: RouteKey.self)
        var kept: [(String, Stash)] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            switch key.stringValue.utf8.last.map({ Int($0) % 5 }) ?? 0 {
            case 0:
                var nested = try object.nestedUnkeyedContainer(forKey: key)
                try walk(&nested, into: &log)
            case 1:
                var nested = try object.superDecoder(forKey: key).unkeyedContainer()
                try walk(&nested, into: &log)
            case 2:
                log += try object.decode(ArrayProbe.self, forKey: key).log
            case 3:
                log += try object.decode(SingleValueProbe.self, forKey: key).log
            default:
                kept.append((key.stringValue, try object.decode(Stash.self, forKey: key)))
            }
        }
        for (name, stash) in kept {
            log.append("kept \(name)")
            var container = stash.container
            try walk(&container, into: &log)
        }
    }
}
