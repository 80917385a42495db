import Foundation

/// Why a ``JSONPatch`` did not apply: which operation failed, at which pointer, and why. The
/// target is left as it was.
///
/// ```swift
/// do {
///     try document.apply(patch)
/// } catch let error as JSONPatchError {
///     print(error)   // operation 2 (remove) at "/tags/7": index 7 is out of range for an array of 3 elements
/// }
/// ```
public struct JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 0-based position of the failing operation in the patch.
    public let operationIndex: Int
    /// The failing operation's `op`: `"add"`, `"remove"`, and so on.
    public let operation: String
    /// The pointer that could not be followed: the operation's `path`, or its `from` when
    /// that is the one that failed.
    public let pointer: String
    /// What went wrong.
    public let reason: Reason

    /// What went wrong at ``pointer``.
    ///
    /// ```swift
    /// if case .testFailed(let actual) = error.reason { print("document holds", actual) }
    /// ```
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The object at `parent` has no member at this step (missing members are not created).
        case noValue(at: String)
        /// The step below `parent` needs an object or array, and the value there is neither.
        case notAContainer(at: String)
        /// `token` is not a usable index into the array of `count` elements at that step:
        /// not canonical digits, or out of range.
        case invalidIndex(String, count: Int)
        /// A `test` found `actual` instead of the expected value.
        case testFailed(actual: JSON)
        /// A `move` into its own descendant (`from` is a proper prefix of `path`).
        case moveIntoDescendant(from: String)
        /// A `remove` (or `move`) of the whole document.
        case removesRoot
        /// The operation would put a value deeper than `limit` (``JSON/maximumNesting``)
        /// arrays and objects, as a `copy` of the document into itself does when repeated.
        ///
        /// ```swift
        /// // {"a": {}} and 1,024 times {"op": "copy", "from": "", "path": "/a/a/…/a"}
        /// error.reason   // .nestingLimitExceeded(limit: 1024)
        /// ```
        case nestingLimitExceeded(limit: Int)
        /// The operations would add more than `limit` values to the document: the
        /// `maximumAddedNodes` of ``JSON/apply(_:maximumAddedNodes:)``, by default a few
        /// times the size of the document and the patch.
        ///
        /// ```swift
        /// // {"a": 1} and 30 times {"op": "copy", "from": "", "path": "/cN"}: the document
        /// // doubles each time, and the tenth copy passes 4 × (2 + 30) + 1,024 values
        /// error.reason   // .growthLimitExceeded(limit: 1152)
        /// ```
        case growthLimitExceeded(limit: Int)

        /// The reason in words.
        ///
        /// ```swift
        /// JSONPatchError.Reason.noValue(at: "/a").description   // no value at "/a"
        /// ```
        public var description: String {
            switch self {
            case .noValue(let at): return "no value at \"\(at)\""
            case .notAContainer(let at): return "the value at \"\(at)\" is neither an object nor an array"
            case .invalidIndex(let token, let count):
                if let index = Path.arrayIndex(forToken: token) {
                    return "index \(index) is out of range for an array of \(count) element\(count == 1 ? "" : "s")"
                }
                return "\"\(token)\" is not an array index (digits without a leading zero)"
            case .testFailed(let actual): return "test failed: the value is \(actual)"
            case .moveIntoDescendant(let from): return "cannot move \"\(from)\" into itself"
            case .removesRoot: return "cannot remove the whole document"
            case .nestingLimitExceeded(let limit):
                return "the value would nest arrays and objects more than \(limit) deep (JSON.maximumNesting)"
            case .growthLimitExceeded(let limit):
                return "the patch would add more than \(limit) values to the document (maximumAddedNodes)"
            }
        }
    }

    /// An error for operation `operationIndex`, for code that checks patches itself.
    ///
    /// ```swift
    /// JSONPatchError(operationIndex: 0, operation: "remove", pointer: "/a", reason: .noValue(at: "/a"))
    /// ```
    ///
    /// - Parameters:
    ///   - operationIndex: The 0-based index of the failing operation in the patch.
    ///   - operation: Its `op` text.
    ///   - pointer: The JSON Pointer it failed at.
    ///   - reason: Why it failed.
    public init(operationIndex: Int, operation: String, pointer: String, reason: Reason) {
        self.operationIndex = operationIndex
        self.operation = operation
        self.pointer = pointer
        self.reason = reason
    }

    /// `operation <index> (<op>) at "<pointer>": <reason>`.
    public var description: String {
        "operation \(operationIndex) (\(operation)) at \"\(pointer)\": \(reason)"
    }
}

/// A failure inside one operation, before it is tagged with the operation's position.
struct PatchFailure: Error {
    let pointer: String
    let reason: JSONPatchError.Reason
}

extension JSONPatchError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` (what server code often
    /// puts in a response body) says what is wrong rather than "The operation couldn't be
    /// completed".
    ///
    /// ```swift
    /// error.localizedDescription   // the same text as "\(error)"
    /// ```
    public var errorDescription: String? { description }
}
