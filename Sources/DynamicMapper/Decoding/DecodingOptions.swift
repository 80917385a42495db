import Foundation

/// The decoder's settings, read once per `decode` call so the hot path never goes back to the
/// (lock-protected) properties of `JSONDecoder`.
struct DecodingOptions {
    let dateStrategy: JSONDecoder.DateDecodingStrategy
    let dataStrategy: JSONDecoder.DataDecodingStrategy
    let floatStrategy: JSONDecoder.NonConformingFloatDecodingStrategy
    let keyStrategy: JSONDecoder.KeyDecodingStrategy
    /// Converted once here: `Decoder.userInfo` asks for `Any` values, and converting the
    /// decoder's `Sendable` dictionary on every access would copy it each time.
    var userInfo: [CodingUserInfoKey: Any]
    let usesDefaultKeys: Bool
    /// ``DynamicJSONDecoder/strictMapping``.
    let strictMapping: Bool
    let mappingFailureHandler: (@Sendable (DecodingError) -> Void)?
    /// ``DynamicJSONDecoder/keyOptions``.
    let keyOptions: KeyOptions
    /// Set only by the decodes that report (``DecodeReport``); checked on slow paths only.
    var reporting: DecodeReporting?

    init(_ decoder: JSONDecoder) {
        dateStrategy = decoder.dateDecodingStrategy
        dataStrategy = decoder.dataDecodingStrategy
        floatStrategy = decoder.nonConformingFloatDecodingStrategy
        keyStrategy = decoder.keyDecodingStrategy
        userInfo = decoder.userInfo
        if case .useDefaultKeys = keyStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        let dynamic = decoder as? DynamicJSONDecoder
        strictMapping = dynamic?.strictMapping ?? false
        mappingFailureHandler = dynamic?.mappingFailureHandler
        keyOptions = dynamic?.keyOptions ?? KeyOptions()
    }
}
