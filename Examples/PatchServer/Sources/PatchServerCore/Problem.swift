import DynamicMapper
import Foundation
import HTTPTypes
import NIOCore

/// An RFC 9457 problem document (`application/problem+json`), with the members this server adds
/// to say where a patch or a document went wrong.
struct Problem: Error, Codable, Sendable {
    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String?
    /// JSON Patch failures: the 0-based position of the failing operation and its `op`.
    var operationIndex: Int?
    var op: String?
    /// A JSON Pointer into the document (or, for a malformed patch, into the patch) at the
    /// value that failed.
    var pointer: String?

    init(_ status: HTTPResponse.Status, detail: String? = nil) {
        self.title = status.reasonPhrase
        self.status = status.code
        self.detail = detail
    }

    var httpStatus: HTTPResponse.Status { HTTPResponse.Status(code: status) }

    /// The problem a thrown error stands for. `stage` tells a decoding error of a body the client
    /// wrote (`400`) from one of the model's rules on a well-formed document (`422`).
    static func from(_ error: any Error, stage: DecodeStage) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as JSONPatchError:
            // RFC 5789: a patch that is well formed but cannot apply to the resource's current
            // state is a conflict.
            var problem = Problem(.conflict, detail: error.description)
            problem.operationIndex = error.operationIndex
            problem.op = error.operation
            problem.pointer = error.pointer
            return problem
        case let error as DecodingError:
            return from(error, stage: stage)
        case is NIOTooManyBytesError:
            return Problem(.contentTooLarge, detail: "the body is larger than the server accepts")
        default:
            return Problem(.internalServerError, detail: nil)
        }
    }

    enum DecodeStage {
        /// A patch body: every decoding failure is the client's syntax.
        case requestSyntax
        /// A document checked against the model: a parse failure is syntax, anything else
        /// breaks the model.
        case model
    }

    private static func from(_ error: DecodingError, stage: DecodeStage) -> Problem {
        let (path, description): ([any CodingKey], String)
        switch error {
        case .keyNotFound(let key, let context):
            (path, description) = (context.codingPath + [key], "missing: \(context.debugDescription)")
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            (path, description) = (context.codingPath, context.debugDescription)
        @unknown default:
            (path, description) = ([], "\(error)")
        }
        // A parse failure has no coding path and is reported as corrupted data; a rule of the
        // model always names its member, and a wrong top-level type is a type mismatch.
        let isSyntax: Bool
        if case .dataCorrupted = error, path.isEmpty { isSyntax = true } else { isSyntax = false }
        var problem = Problem(stage == .model && !isSyntax ? .unprocessableContent : .badRequest, detail: description)
        if !path.isEmpty || !isSyntax {
            problem.pointer = Path(codingPath: path).pointer
        }
        return problem
    }
}
