import Foundation

/// Where a decoded model's view came from: the decoder's settings (so that `<--` decodes as
/// the decoder would) and which keys the models asked for.
final class ViewOrigin: @unchecked Sendable {
    // @unchecked: immutable; `DecodingOptions` holds `userInfo` as `Any`, read-only here.
    let options: DecodingOptions
    let usage: KeyUsage

    init(options: DecodingOptions, usage: KeyUsage) {
        // Views outlive the decode: reads through them later must not add to its report.
        var options = options
        options.reporting = nil
        self.options = options
        self.usage = usage
    }

    /// The settings of a default `DynamicJSONDecoder`, for views made in code.
    nonisolated(unsafe) static let defaultDecoding = DecodingOptions(DynamicJSONDecoder())
    // nonisolated(unsafe): an immutable value built once.
}
