import Foundation

/// The first container misuse of one top-level encode: a container asked for where a value of
/// another kind already is (a keyed container under a key that holds a number or an array, an
/// unkeyed container where a keyed one was made, a second single value). `JSONEncoder` stops
/// the process with a precondition failure there; we make the `encode` call throw this error
/// instead. Container requests cannot throw, so the tree encoder notes the misuse here and
/// the top-level call throws it when the value is done.
final class ContainerMisuse {
    private(set) var error: EncodingError?

    /// Notes a misuse at `path`, where a container of `requested` kind met `existing`.
    func note(_ requested: String, existing: String, path: [any CodingKey]) {
        guard error == nil else { return }
        let place = path.isEmpty ? "the top level" : "\"\(path.map(\.stringValue).joined(separator: "."))\""
        error = EncodingError.invalidValue(
            requested,
            EncodingError.Context(
                codingPath: path,
                debugDescription:
                    "Cannot encode \(requested) at \(place): \(existing) was already encoded there. JSONEncoder stops with a precondition failure here."))
    }

    /// Runs one top-level encode with misuse reporting on, and throws the first misuse, which
    /// also wins over an error it caused (writes into the discarded container).
    static func reporting<Result>(_ options: EncodingOptions, _ body: (EncodingOptions) throws -> Result) throws -> Result {
        var options = options
        let misuse = ContainerMisuse()
        options.misuse = misuse
        let result: Result
        do {
            result = try body(options)
        } catch {
            throw misuse.error ?? error
        }
        if let error = misuse.error { throw error }
        return result
    }
}

extension TreeNode {
    /// Whether a keyed container can continue this value.
    var isObject: Bool {
        switch self {
        case .object, .value(.object): return true
        default: return false
        }
    }

    /// How a misuse message names what is already at a place.
    var kindDescription: String {
        switch self {
        case .object: return "a keyed container"
        case .array: return "an unkeyed container"
        case .overlay: return "a value"
        case .value(let json):
            switch json {
            case .object: return "an object value"
            case .array: return "an array value"
            default: return "a single value"
            }
        }
    }
}
