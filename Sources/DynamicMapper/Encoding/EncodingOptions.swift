import Foundation

/// A snapshot of a `JSONEncoder`'s settings, taken once per top-level call so that the hot
/// paths never go through the encoder's locked property accessors.
struct EncodingOptions {
    enum KeyMode: UInt8 { case useDefaultKeys, snakeCase, custom }

    let formatting: JSONEncoder.OutputFormatting
    let dateStrategy: JSONEncoder.DateEncodingStrategy
    let dataStrategy: JSONEncoder.DataEncodingStrategy
    let floatStrategy: JSONEncoder.NonConformingFloatEncodingStrategy
    let keyStrategy: JSONEncoder.KeyEncodingStrategy
    let keyMode: KeyMode
    var userInfo: [CodingUserInfoKey: Any]
    /// ``DynamicJSONEncoder/keyOptions``.
    let keyOptions: KeyOptions
    /// ``DynamicJSONEncoder/mappingConflictHandler``.
    let mappingConflictHandler: (@Sendable (DynamicMappingConflict) -> Void)?
    /// ``DynamicJSONEncoder/includesNilValues``.
    let includesNilValues: Bool
    /// Where the tree encoder notes the Swift numbers it writes; `nil` (the default) notes nothing.
    var scalarRecord: ScalarRecord?
    /// Where the tree encoder reports container misuse that `JSONEncoder` stops on; `nil`
    /// where nobody reports it (the misuse then resolves as a replacement).
    var misuse: ContainerMisuse?

    init(_ encoder: JSONEncoder) {
        formatting = encoder.outputFormatting
        dateStrategy = encoder.dateEncodingStrategy
        dataStrategy = encoder.dataEncodingStrategy
        floatStrategy = encoder.nonConformingFloatEncodingStrategy
        keyStrategy = encoder.keyEncodingStrategy
        switch keyStrategy {
        case .useDefaultKeys: keyMode = .useDefaultKeys
        case .convertToSnakeCase: keyMode = .snakeCase
        case .custom: keyMode = .custom
        @unknown default: keyMode = .useDefaultKeys
        }
        let userInfo = encoder.userInfo
        self.userInfo = userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }
        keyOptions = (encoder as? DynamicJSONEncoder)?.keyOptions ?? KeyOptions()
        mappingConflictHandler = (encoder as? DynamicJSONEncoder)?.mappingConflictHandler
        includesNilValues = (encoder as? DynamicJSONEncoder)?.includesNilValues ?? false
    }

    /// The key written for `key`, given the coding path of the container it is written into.
    /// `containerPath` is only evaluated for custom strategies.
    @inline(__always)
    func convert(_ key: some CodingKey, containerPath: @autoclosure () -> [any CodingKey]) -> String {
        switch keyMode {
        case .useDefaultKeys: return key.stringValue
        case .snakeCase: return SnakeCase.convert(key.stringValue)
        case .custom:
            guard case .custom(let converter) = keyStrategy else { return key.stringValue }
            var path = containerPath()
            path.append(key)
            return converter(path).stringValue
        }
    }
}

/// `[String: V]` dictionaries keep their keys as they are whatever the key strategy, as
/// Foundation decides; this marker lets the encoders find them without knowing `V`.
protocol StringKeyedDictionaryEncodable {
    func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows {
        for (key, value) in self { try body(key, value) }
    }
}

/// How a `Date` or `Data` is written, decided once from the strategies for both encoders so
/// that the streaming and the tree encoder cannot disagree on a case.
enum StrategyForm {
    /// Encoded by a closure against a child encoder (deferred and custom strategies); a
    /// closure that writes nothing leaves an empty object, as `JSONEncoder` does.
    case encoded((any Encoder) throws -> Void)
    /// A number; Foundation ignores the non-conforming float strategy for dates, so it throws.
    case number(Double)
    case string(String)
}

extension EncodingOptions {
    func form(of date: Date) -> StrategyForm {
        switch dateStrategy {
        case .deferredToDate: return .encoded { try date.encode(to: $0) }
        case .secondsSince1970: return .number(date.timeIntervalSince1970)
        case .millisecondsSince1970: return .number(1000.0 * date.timeIntervalSince1970)
        case .iso8601: return .string(DateText.iso8601(date))
        #if canImport(Darwin)
        case .formatted(let formatter): return .string(DateText.text(of: date, formatter: formatter))
        #endif
        case .custom(let closure): return .encoded { try closure(date, $0) }
        #if canImport(Darwin)
        @unknown default: return .encoded { try date.encode(to: $0) }
        #endif
        }
    }

    func form(of data: Data) -> StrategyForm {
        switch dataStrategy {
        case .deferredToData: return .encoded { try data.encode(to: $0) }
        case .base64: return .string(data.base64EncodedString())
        case .custom(let closure): return .encoded { try closure(data, $0) }
        #if canImport(Darwin)
        @unknown default: return .string(data.base64EncodedString())
        #endif
        }
    }
}
