import DynamicMapper
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `/users/{id}`: `GET`, `POST` (create), `PUT` (create or replace) and `PATCH` (merge patch or
/// JSON Patch, `If-Match` required). Every failure answers with a problem document.
struct UserRoutes: Sendable {
    let store: UserStore
    let coders: Coders
    let maximumBodySize: Int

    static let mergePatch = "application/merge-patch+json"
    static let jsonPatch = "application/json-patch+json"
    static let json = "application/json"

    func add(to router: Router<BasicRequestContext>) {
        router.get("/users/:id") { request, context in await respond(context) { try await get(request, context) } }
        router.post("/users/:id") { request, context in await respond(context) { try await create(request, context) } }
        router.put("/users/:id") { request, context in await respond(context) { try await replace(request, context) } }
        router.patch("/users/:id") { request, context in await respond(context) { try await patch(request, context) } }
    }

    // MARK: Handlers

    func get(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let stored = try await store.read(id: id) else { throw Problem(.notFound, detail: "no user \(id)") }
        // The stored bytes pass through the model on the way out, as a handler that works
        // with the model would do; a document that no longer fits is a server fault.
        let body: Data
        do {
            body = try coders.validatedDocument(from: stored.body, logger: context.logger)
        } catch {
            // Only documents that passed are stored, so this is the server's fault, not the client's.
            context.logger.error("stored document fails the model", metadata: ["id": "\(id)", "error": "\(error)"])
            throw Problem(.internalServerError, detail: "the stored document no longer fits the model")
        }
        return document(body, version: stored.version, status: .ok)
    }

    func create(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        try requireMediaType(request, [Self.json])
        let body = try await readBody(request)
        let document = try validated(body, context)
        guard let version = try await store.create(id: id, body: document) else {
            throw Problem(.conflict, detail: "user \(id) exists; replace it with PUT or change it with PATCH")
        }
        return self.document(document, version: version, status: .created)
    }

    func replace(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        try requireMediaType(request, [Self.json])
        let condition = ifMatch(request)
        let body = try await readBody(request)
        let document = try validated(body, context)
        if let condition {
            // A conditional replace is checked in the same statement that writes.
            guard let current = try await store.read(id: id), let expected = condition.version(matching: current.version),
                let version = try await store.update(id: id, body: document, expectedVersion: expected)
            else { throw Problem(.preconditionFailed, detail: "the user changed since that ETag") }
            return self.document(document, version: version, status: .ok)
        }
        let (version, created) = try await store.upsert(id: id, body: document)
        return self.document(document, version: version, status: created ? .created : .ok)
    }

    func patch(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let mediaType = try requireMediaType(request, [Self.mergePatch, Self.jsonPatch])
        guard let condition = ifMatch(request) else {
            throw Problem(.preconditionRequired, detail: "PATCH needs If-Match with the user's ETag")
        }
        let body = try await readBody(request)
        guard let stored = try await store.read(id: id) else { throw Problem(.notFound, detail: "no user \(id)") }
        guard let expected = condition.version(matching: stored.version) else {
            throw Problem(.preconditionFailed, detail: "the user is at ETag \(ETag.string(stored.version))")
        }

        // Everything below works on a copy; the store is written once, at the end, and only if
        // that write still finds the version this request read.
        var updated: JSON
        do {
            updated = try coders.decoder.decode(JSON.self, from: stored.body)
        } catch {
            throw Problem(.internalServerError, detail: "the stored document does not parse")
        }
        do {
            if mediaType == Self.mergePatch {
                updated.apply(mergePatch: try coders.decodeBody(JSON.self, from: body, logger: context.logger))
            } else {
                // All or nothing: a failing operation leaves `updated` as it was, and we throw.
                try updated.apply(coders.decodeBody(JSONPatch.self, from: body, logger: context.logger))
            }
        } catch {
            throw Problem.from(error, stage: .requestSyntax)
        }
        let document = try validated(updated.serialized(), context)
        guard let version = try await store.update(id: id, body: document, expectedVersion: expected) else {
            throw Problem(.preconditionFailed, detail: "another request changed the user first")
        }
        return self.document(document, version: version, status: .ok)
    }

    // MARK: Pieces

    private func validated(_ body: Data, _ context: BasicRequestContext) throws -> Data {
        do {
            return try coders.validatedDocument(from: body, logger: context.logger)
        } catch {
            throw Problem.from(error, stage: .model)
        }
    }

    /// The body, refused with `413` past the limit: at once when `Content-Length` says so, or
    /// as soon as a chunked body passes it.
    private func readBody(_ request: Request) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBodySize {
            throw Problem(.contentTooLarge, detail: "the body has \(length) bytes; the limit is \(maximumBodySize)")
        }
        do {
            let buffer = try await request.body.collect(upTo: maximumBodySize)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw Problem(.contentTooLarge, detail: "the body passed the limit of \(maximumBodySize) bytes")
        }
    }

    /// The request's media type, if it is one of `accepted` (parameters such as `charset` are
    /// ignored); `415` otherwise.
    @discardableResult
    private func requireMediaType(_ request: Request, _ accepted: [String]) throws -> String {
        let value = request.headers[.contentType] ?? ""
        let mediaType =
            value.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard accepted.contains(mediaType) else {
            throw Problem(
                .unsupportedMediaType,
                detail: "Content-Type \(value.isEmpty ? "(none)" : value) is not accepted; send \(accepted.joined(separator: " or "))"
            )
        }
        return mediaType
    }

    private func ifMatch(_ request: Request) -> ETag.Condition? {
        let values = request.headers[values: .ifMatch]
        guard !values.isEmpty else { return nil }
        return ETag.Condition(headerValues: values)
    }

    private func document(_ body: Data, version: Int, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: Self.json, .eTag: ETag.string(version)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    /// Runs a handler and turns whatever it throws into a problem document.
    private func respond(
        _ context: BasicRequestContext, _ handler: () async throws -> Response
    ) async -> Response {
        do {
            return try await handler()
        } catch {
            let problem = Problem.from(error, stage: .requestSyntax)
            if problem.status >= 500 {
                context.logger.error("request failed", metadata: ["error": "\(error)"])
            }
            let body: Data
            do {
                body = try coders.encoder.encode(problem)
            } catch {
                body = Data(#"{"title":"Internal Server Error","status":500}"#.utf8)
            }
            return Response(
                status: problem.httpStatus,
                headers: [.contentType: "application/problem+json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        }
    }
}

/// Strong ETags from versions: version 3 is `"3"`.
enum ETag {
    static func string(_ version: Int) -> String { "\"\(version)\"" }

    /// An `If-Match` header: `*`, or a list of entity tags.
    enum Condition {
        case any
        case versions([Int])

        init(headerValues: [String]) {
            var versions: [Int] = []
            for value in headerValues {
                for item in value.split(separator: ",") {
                    let tag = item.trimmingCharacters(in: .whitespaces)
                    if tag == "*" {
                        self = .any
                        return
                    }
                    // If-Match compares strongly (RFC 9110 §13.1.1), so a weak tag never
                    // matches; anything that is not one of our tags is simply not a match.
                    if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\""), let version = Int(tag.dropFirst().dropLast()) {
                        versions.append(version)
                    }
                }
            }
            self = .versions(versions)
        }

        /// The version a write must still find: the current one when the condition holds.
        func version(matching current: Int) -> Int? {
            switch self {
            case .any: return current
            case .versions(let versions): return versions.contains(current) ? current : nil
            }
        }
    }
}
