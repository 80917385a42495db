import DynamicMapper
import Foundation

/// Collects the decoder's mapping failures as paths.
public final class FailureLog: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    public init() {}
    public var paths: [String] { lock.withLock { stored } }

    public func append(_ error: DecodingError) {
        let context: DecodingError.Context? =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
            @unknown default: nil
            }
        lock.withLock { stored.append(context.map { Path(codingPath: $0.codingPath).description } ?? "?") }
    }
}
