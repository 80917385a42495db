import Foundation
import DynamicMapper

/// Foundation's coders and ours, for tests that run every case through both.
public enum CoderKind: String, CaseIterable, Sendable {
    case foundation, dynamic

    public var decoder: JSONDecoder {
        switch self {
        case .foundation: return JSONDecoder()
        case .dynamic: return DynamicJSONDecoder()
        }
    }

    /// Sorted keys and unescaped slashes, so that expected output reads plainly.
    public var encoder: JSONEncoder {
        let encoder: JSONEncoder
        switch self {
        case .foundation: encoder = JSONEncoder()
        case .dynamic: encoder = DynamicJSONEncoder()
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public func decode<T: Decodable>(_ type: T.Type, _ json: String, using decoder: JSONDecoder? = nil) throws -> T {
        try (decoder ?? self.decoder).decode(type, from: Data(json.utf8))
    }

    public func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The `DecodingError` decoding `json` throws, or `nil` when it decodes.
    public func decodingError<T: Decodable>(_ type: T.Type, _ json: String) -> DecodingError? {
        do {
            _ = try decode(type, json)
            return nil
        } catch {
            return error as? DecodingError
        }
    }
}
