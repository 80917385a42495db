import Testing
import Foundation
import DynamicMapper

// Side-by-side decoding with `JSONDecoder`. The error summaries live in `FuzzChecks.swift`,
// which the fuzz targets compile too.

/// Decodes `data` with a configured `JSONDecoder` and a configured `DynamicJSONDecoder`.
public func decodeWithBoth<T: Decodable>(
    _ type: T.Type, _ data: Data, configure: (JSONDecoder) -> Void
) -> (foundation: Result<T, any Error>, ours: Result<T, any Error>) {
    let foundation = JSONDecoder()
    configure(foundation)
    let ours = DynamicJSONDecoder()
    configure(ours)
    return (Result { try foundation.decode(T.self, from: data) }, Result { try ours.decode(T.self, from: data) })
}

/// Expects `DynamicJSONDecoder` to produce what `JSONDecoder` produces: an equal value (by
/// `isEqual`), or the same `DecodingError` case, coding path, key and type.
///
/// `fullPath` states the documented difference for a call whose value may not fit its type
/// (or be a date or data the strategy cannot read): when both throw `dataCorrupted`,
/// Foundation's path may be shorter, and ours must be exactly `fullPath`, written as
/// ``renderedPath(_:)`` writes it (`[0].owner.age`). Without it, the paths must be equal.
public func expectSameDecoding<T: Decodable>(
    _ type: T.Type, data: Data, configure: (JSONDecoder) -> Void = { _ in }, fullPath: String? = nil,
    note: String? = nil, isEqual: (T, T) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
    // `note` (a random test's seed) leads every message, so a failure says how to reproduce it.
    let input = (note.map { "[\($0)] " } ?? "") + String(decoding: data, as: UTF8.self)
    let (foundation, ours) = decodeWithBoth(type, data, configure: configure)
    switch (foundation, ours) {
    case (.success(let expected), .success(let actual)):
        #expect(
            isEqual(expected, actual), "\(T.self) from \(input): Foundation \(expected), ours \(actual)",
            sourceLocation: sourceLocation)
    case (.success(let expected), .failure(let error)):
        Issue.record(
            "\(T.self) from \(input): Foundation decoded \(expected), ours threw \(DecodingErrorSummary(error)): \(error)",
            sourceLocation: sourceLocation)
    case (.failure(let error), .success(let actual)):
        Issue.record(
            "\(T.self) from \(input): Foundation threw \(DecodingErrorSummary(error)), ours decoded \(actual)",
            sourceLocation: sourceLocation)
    case (.failure(let expected), .failure(let actual)):
        let expectedSummary = DecodingErrorSummary(expected)
        let actualSummary = DecodingErrorSummary(actual)
        guard let fullPath, expectedSummary.kind == .dataCorrupted, actualSummary.kind == .dataCorrupted else {
            #expect(
                expectedSummary == actualSummary,
                "\(T.self) from \(input): Foundation threw \(expectedSummary), ours threw \(actualSummary)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            actualSummary.path.starts(with: expectedSummary.path) && renderedPath(actualSummary.path) == fullPath,
            "\(T.self) from \(input): expected ours at \(fullPath), Foundation's path a prefix of it; Foundation threw \(expectedSummary), ours threw \(actualSummary)",
            sourceLocation: sourceLocation)
    }
}

public func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, configure: (JSONDecoder) -> Void = { _ in }, fullPath: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameDecoding(type, data: Data(json.utf8), configure: configure, fullPath: fullPath, isEqual: ==, sourceLocation: sourceLocation)
}

public func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, data: Data, configure: (JSONDecoder) -> Void = { _ in }, fullPath: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameDecoding(type, data: data, configure: configure, fullPath: fullPath, isEqual: ==, sourceLocation: sourceLocation)
}

/// A coding path as the docs write it: `[0].owner.age`, `users[1].zip`, `""` for the top level.
public func renderedPath(_ path: [PathComponentSummary]) -> String {
    var text = ""
    for component in path {
        if let index = component.int {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? component.string : ".\(component.string)"
        }
    }
    return text
}

public func renderedPath(_ path: [any CodingKey]) -> String {
    renderedPath(path.map(PathComponentSummary.init))
}

/// Bit-identical floating point (so `-0.0` differs from `0.0`), with every NaN equal.
public func sameFloatingPoint<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool {
    (a.isNaN && b.isNaN) || (a == b && a.sign == b.sign)
}

public func sameFloatingPoints<F: BinaryFloatingPoint>(_ a: [F], _ b: [F]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy(sameFloatingPoint)
}
