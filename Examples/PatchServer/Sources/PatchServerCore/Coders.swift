import DynamicMapper
import Foundation
import Logging

/// Which coders the server reads and writes bodies with. Foundation's are here only so the load
/// test can compare both in one build of the same server (`--coders foundation`).
public enum CoderKind: String, Sendable, CaseIterable {
    case dynamic
    case foundation
}

/// Every body the server reads or writes goes through these: the stored document, request bodies,
/// patches, responses and problem documents.
struct Coders: Sendable {
    let kind: CoderKind
    let decoder: JSONDecoder
    let encoder: JSONEncoder

    init(_ kind: CoderKind) {
        self.kind = kind
        switch kind {
        case .dynamic:
            decoder = DynamicJSONDecoder()
            encoder = DynamicJSONEncoder()
        case .foundation:
            decoder = JSONDecoder()
            encoder = JSONEncoder()
        }
        encoder.outputFormatting = [.withoutEscapingSlashes]
    }

    /// Checks `data` against the model and returns the document to store: the model's members
    /// and every other member of `data`.
    ///
    /// With DynamicMapper the decoded model remembers its document, so encoding it writes the
    /// unknown members back with their literals. Foundation's coders have no such memory; to keep
    /// the same behaviour they decode the document a second time as a `JSON` value and store that.
    /// Both paths reject the same bodies, so the load test compares equal work.
    func validatedDocument(from data: Data, logger: Logger) throws -> Data {
        switch kind {
        case .dynamic:
            guard let decoder = decoder as? DynamicJSONDecoder else { return try foundationValidated(data) }
            // The report lists what the decode recovered from and the members no model read
            // (kept, but worth a line when debugging a client).
            let (user, report) = try decoder.decodeWithReport(User.self, from: data, options: .unreadKeys)
            if !report.isEmpty {
                logger.debug("decode report", metadata: ["report": "\(report)"])
            }
            return try encoder.encode(user)
        case .foundation:
            return try foundationValidated(data)
        }
    }

    private func foundationValidated(_ data: Data) throws -> Data {
        _ = try decoder.decode(User.self, from: data)
        return try encoder.encode(decoder.decode(JSON.self, from: data))
    }

    /// Decodes a request body that is not the model (a patch), logging the decode report when
    /// the coders can make one.
    func decodeBody<T: Decodable>(_ type: T.Type, from data: Data, logger: Logger) throws -> T {
        if let decoder = decoder as? DynamicJSONDecoder {
            let (value, report) = try decoder.decodeWithReport(type, from: data)
            if !report.isEmpty {
                logger.debug("decode report", metadata: ["report": "\(report)"])
            }
            return value
        }
        return try decoder.decode(type, from: data)
    }
}
