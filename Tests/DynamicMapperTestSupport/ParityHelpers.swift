import Testing
import Foundation
import DynamicMapper

// Side-by-side encoding with `JSONEncoder`, for the parity suites that port the behaviours of
// Foundation's own coder tests (decoding helpers are in DifferentialHelpers.swift).

/// What an encode gave: its text, or the error it threw, summarised so that two coders compare.
public enum EncodeOutcome: Equatable, CustomStringConvertible {
    case json(String)
    case invalidValue(path: String)
    case other(String)

    public init(_ body: () throws -> Data) {
        do {
            self = .json(String(decoding: try body(), as: UTF8.self))
        } catch EncodingError.invalidValue(_, let context) {
            self = .invalidValue(path: renderedPath(context.codingPath))
        } catch {
            self = .other(String(reflecting: error))
        }
    }

    public var json: String? {
        if case .json(let text) = self { return text }
        return nil
    }

    public var description: String {
        switch self {
        case .json(let text): return text
        case .invalidValue(let path): return "invalidValue at \"\(path)\""
        case .other(let error): return "error \(error)"
        }
    }
}

/// A `JSONEncoder` and a `DynamicJSONEncoder` configured alike (sorted keys added unless
/// `sorted` is false, since `JSONEncoder`'s unsorted order changes from run to run).
public func parityEncoders(sorted: Bool = true, _ configure: (JSONEncoder) -> Void = { _ in }) -> (foundation: JSONEncoder, ours: JSONEncoder) {
    let pair = (foundation: JSONEncoder(), ours: DynamicJSONEncoder() as JSONEncoder)
    for encoder in [pair.foundation, pair.ours] {
        configure(encoder)
        if sorted { encoder.outputFormatting.insert(.sortedKeys) }
    }
    return pair
}

/// Expects our encoder to give `JSONEncoder`'s bytes, or the same error at the same path, and
/// `expected` when given (the text Foundation's test expects). Returns the shared outcome.
@discardableResult
public func expectSameEncoding<T: Encodable>(
    _ value: T, sorted: Bool = true, expected: String? = nil, configure: (JSONEncoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> EncodeOutcome {
    let (foundation, ours) = parityEncoders(sorted: sorted, configure)
    let theirs = EncodeOutcome { try foundation.encode(value) }
    let mine = EncodeOutcome { try ours.encode(value) }
    #expect(mine == theirs, "\(T.self): Foundation gave \(theirs), ours \(mine)", sourceLocation: sourceLocation)
    if let expected {
        #expect(mine == .json(expected), "\(T.self): expected \(expected), ours gave \(mine)", sourceLocation: sourceLocation)
    }
    return mine
}

/// Foundation's round trip, on both coders: the same bytes out (and `expected` when given),
/// then those bytes read back by both decoders to the same value, equal to `value`.
public func expectSameRoundTrip<T: Codable>(
    _ value: T, sorted: Bool = true, expected: String? = nil,
    encoder configureEncoder: (JSONEncoder) -> Void = { _ in }, decoder configureDecoder: (JSONDecoder) -> Void = { _ in },
    isEqual: (T, T) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
    let outcome = expectSameEncoding(value, sorted: sorted, expected: expected, configure: configureEncoder, sourceLocation: sourceLocation)
    guard let json = outcome.json else {
        Issue.record("\(T.self) did not encode: \(outcome)", sourceLocation: sourceLocation)
        return
    }
    let data = Data(json.utf8)
    expectSameDecoding(T.self, data: data, configure: configureDecoder, isEqual: isEqual, sourceLocation: sourceLocation)
    let decoder = DynamicJSONDecoder()
    configureDecoder(decoder)
    do {
        let decoded = try decoder.decode(T.self, from: data)
        #expect(isEqual(decoded, value), "\(T.self) from \(json): got \(decoded), expected \(value)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(T.self) from \(json): \(error)", sourceLocation: sourceLocation)
    }
}

public func expectSameRoundTrip<T: Codable & Equatable>(
    _ value: T, sorted: Bool = true, expected: String? = nil,
    encoder configureEncoder: (JSONEncoder) -> Void = { _ in }, decoder configureDecoder: (JSONDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameRoundTrip(
        value, sorted: sorted, expected: expected, encoder: configureEncoder, decoder: configureDecoder,
        isEqual: ==, sourceLocation: sourceLocation)
}

/// Whether each decoder accepted `data` as `T` (for inputs Foundation's tests only expect to
/// fail or succeed), expected alike; returns ours.
@discardableResult
public func expectSameAcceptance<T: Decodable>(
    _ type: T.Type, _ data: Data, configure: (JSONDecoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let (foundation, ours) = decodeWithBoth(type, data, configure: configure)
    let theirs = (try? foundation.get()) != nil, mine = (try? ours.get()) != nil
    #expect(
        mine == theirs,
        "\(T.self) from \(String(decoding: data, as: UTF8.self).debugDescription): Foundation \(theirs ? "accepted" : "refused"), ours \(mine ? "accepted" : "refused")",
        sourceLocation: sourceLocation)
    return mine
}

/// Keys named by their string or their index.
public struct AnyParityKey: CodingKey {
    public let stringValue: String
    public let intValue: Int?
    public init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    public init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
}

/// Keys named at run time.
public struct ParityKey: CodingKey, Hashable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
