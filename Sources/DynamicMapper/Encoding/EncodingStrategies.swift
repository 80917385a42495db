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

/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, reproduced rule for rule: words break
/// before an upper-case letter that follows a lower-case run, and a run of several capitals is
/// its own word except for the capital that starts the next word (`myURLValue` → `my_url_value`).
/// The first character never starts a word, so leading and trailing underscores survive.
///
/// Like Foundation, it looks for upper- and lower-case letters scalar by scalar but steps over
/// whole characters (a letter with its combining marks) when it skips the first character and
/// decides whether a capital starts a run: `aBC\u{301}d` becomes `a_b_c\u{301}d`. Using the same
/// `String` index steps keeps the keys byte-identical, marks and all.
enum SnakeCase {
    static func convert(_ key: String) -> String {
        let scalars = key.unicodeScalars
        // Keys with no capital (the usual case) come out unchanged.
        guard !key.isEmpty, scalars.contains(where: isUpper) else { return key }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: key.startIndex)
        while let upper = firstScalar(in: scalars, from: searchStart, where: isUpper) {
            words.append(wordStart..<max(wordStart, upper))
            guard let lower = firstScalar(in: scalars, from: upper, where: isLower) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let beforeLower = key.index(before: lower)
                words.append(upper..<max(upper, beforeLower))
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<key.endIndex)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    private static func firstScalar(in scalars: String.UnicodeScalarView, from start: String.Index, where predicate: (Unicode.Scalar) -> Bool) -> String.Index? {
        var index = start
        while index < scalars.endIndex {
            if predicate(scalars[index]) { return index }
            scalars.formIndex(after: &index)
        }
        return nil
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}

enum FloatText {
    /// The JSON text of a float: a number, or a string when the strategy converts non-finite
    /// values. Throws the error `JSONEncoder` throws otherwise.
    static func text<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy, path: @autoclosure () -> [any CodingKey]
    ) throws -> (text: String, isString: Bool) {
        if value.isFinite { return (NumberFormatting.text(for: value), false) }
        if case .convertToString(let positive, let negative, let nan) = strategy {
            if value.isNaN { return (nan, true) }
            return (value < 0 ? negative : positive, true)
        }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: path(),
            debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }
}

enum DateText {
    /// `JSONEncoder`'s `.iso8601`: internet date-time in UTC, whole seconds.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// What a `.formatted(formatter)` date decoding strategy reads, with `JSONDecoder`'s error.
    /// Only Darwin's strategy enum has that case (on Linux `.formatted` is a `.custom` closure),
    /// but this is compiled and tested everywhere, so the Darwin-only branch is one line.
    static func date(from text: String, formatter: DateFormatter, codingPath: [any CodingKey]) throws -> Date {
        guard let date = formatter.date(from: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Date string does not match format expected by formatter."))
        }
        return date
    }

    /// What a `.formatted(formatter)` date encoding strategy writes (Darwin's case; compiled everywhere).
    static func text(of date: Date, formatter: DateFormatter) -> String {
        formatter.string(from: date)
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
