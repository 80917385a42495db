import DynamicMapper
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PatchServerCore
import Synchronization
import Testing

// Every test starts the real server on a loopback port (`.live`) over a fresh in-memory store
// and talks HTTP to it.

let user = #"{"name":"Ada","email":"ada@example.com","age":36,"extra":{"ratio":1.10,"id":9007199254740993,"tags":["a"]}}"#

func withServer<T>(
    maximumBodySize: Int = 1 << 20,
    coders: CoderKind = .dynamic,
    _ test: @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
    var options = ServerOptions()
    options.port = 0
    options.coders = coders
    options.maximumBodySize = maximumBodySize
    var logger = Logger(label: "PatchServerTests")
    logger.logLevel = .warning
    let store = try await UserStore.open(path: nil)
    let app = buildApplication(options: options, store: store, logger: logger)
    let value = try await app.test(.live, test)
    try await store.close()
    return value
}

extension TestClientProtocol {
    func send(
        _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil,
        contentType: String? = "application/json", ifMatch: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let contentType, body != nil { headers[.contentType] = contentType }
        if let ifMatch { headers[.ifMatch] = ifMatch }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    func patch(_ uri: String, _ body: String, merge: Bool = true, ifMatch: String?) async throws -> TestResponse {
        try await send(
            .patch, uri, body, contentType: merge ? "application/merge-patch+json" : "application/json-patch+json",
            ifMatch: ifMatch)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var json: JSON? { try? JSON(parsing: text) }

    /// The problem document's members, after checking that it is one.
    func problem(_ status: HTTPResponse.Status) throws -> JSON {
        #expect(self.status == status, "\(text)")
        #expect(headers[.contentType] == "application/problem+json")
        let problem = try JSON(parsing: text)
        #expect(problem["status"] == JSON.number(.init(status.code)))
        #expect(problem["title"] == JSON.string(status.reasonPhrase))
        return problem
    }
}

@Suite struct ResourceTests {
    @Test func putCreatesThenReplacesAndGetReturnsTheDocumentWithItsETag() async throws {
        try await withServer { client in
            let created = try await client.send(.put, "/users/ada", user)
            #expect(created.status == .created)
            #expect(created.headers[.eTag] == #""1""#)
            let replaced = try await client.send(.put, "/users/ada", user)
            #expect(replaced.status == .ok)
            #expect(replaced.headers[.eTag] == #""2""#)

            let got = try await client.send(.get, "/users/ada")
            #expect(got.status == .ok)
            #expect(got.headers[.eTag] == #""2""#)
            #expect(got.headers[.contentType] == "application/json")
            // Unknown members and their literals survive the model: byte for byte.
            #expect(got.text.contains(#""extra":{"ratio":1.10,"id":9007199254740993,"tags":["a"]}"#), "\(got.text)")
        }
    }

    @Test func postCreatesOnceThenConflicts() async throws {
        try await withServer { client in
            #expect(try await client.send(.post, "/users/ada", user).status == .created)
            _ = try await client.send(.post, "/users/ada", user).problem(.conflict)
        }
    }

    @Test func missingUserIsNotFound() async throws {
        try await withServer { client in
            _ = try await client.send(.get, "/users/nobody").problem(.notFound)
            _ = try await client.patch("/users/nobody", #"{"age":1}"#, ifMatch: #""1""#).problem(.notFound)
        }
    }

    @Test func documentsTheModelRejectsAre422WithThePath() async throws {
        try await withServer { client in
            let missing = try await client.send(.put, "/users/ada", #"{"name":"Ada"}"#).problem(.unprocessableContent)
            #expect(missing["pointer"] == "/email")
            let rule = try await client.send(.put, "/users/ada", #"{"name":"Ada","email":"nope"}"#).problem(.unprocessableContent)
            #expect(rule["pointer"] == "/email")
            let type = try await client.send(.put, "/users/ada", #"{"name":"Ada","email":"a@b","age":"old"}"#).problem(.unprocessableContent)
            #expect(type["pointer"] == "/age")
            _ = try await client.send(.get, "/users/ada").problem(.notFound)
        }
    }

    @Test func malformedJSONIs400() async throws {
        try await withServer { client in
            _ = try await client.send(.put, "/users/ada", #"{"name": "Ada",,}"#).problem(.badRequest)
        }
    }

    @Test func otherMediaTypesAre415() async throws {
        try await withServer { client in
            _ = try await client.send(.put, "/users/ada", user, contentType: "text/plain").problem(.unsupportedMediaType)
            #expect(try await client.send(.put, "/users/ada", user, contentType: "application/json; charset=utf-8").status == .created)
            _ = try await client.patch("/users/ada", #"{"age":1}"#, ifMatch: #""1""#).status
            let wrong = try await client.send(.patch, "/users/ada", #"{"age":2}"#, contentType: "application/json", ifMatch: #""2""#)
            _ = try wrong.problem(.unsupportedMediaType)
        }
    }

    @Test func bodiesOverTheLimitAre413() async throws {
        try await withServer(maximumBodySize: 1024) { client in
            let big = #"{"name":"Ada","email":"a@b","pad":""# + String(repeating: "x", count: 4096) + #""}"#
            _ = try await client.send(.put, "/users/ada", big).problem(.contentTooLarge)
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            _ = try await client.patch("/users/ada", big, ifMatch: #""1""#).problem(.contentTooLarge)
            #expect(try await client.send(.get, "/users/ada").headers[.eTag] == #""1""#)
        }
    }

    @Test func aHundredMegabyteBodyIs413() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 100 << 20)
            let response = try await client.execute(
                uri: "/users/ada", method: .patch,
                headers: [.contentType: "application/merge-patch+json", .ifMatch: #""1""#], body: huge)
            _ = try response.problem(.contentTooLarge)
        }
    }
}

@Suite struct PatchTests {
    @Test func mergePatchKeepsUnknownMembersAndNumberLiteralsByteForByte() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let patched = try await client.patch("/users/ada", #"{"age":37,"nickname":"countess"}"#, ifMatch: #""1""#)
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.headers[.eTag] == #""2""#)
            let got = try await client.send(.get, "/users/ada")
            #expect(
                got.text
                    == #"{"name":"Ada","email":"ada@example.com","age":37,"extra":{"ratio":1.10,"id":9007199254740993,"tags":["a"]},"nickname":"countess"}"#)
            #expect(got.text == patched.text)
        }
    }

    @Test func jsonPatchAppliesAndKeepsLiterals() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let ops =
                #"[{"op":"test","path":"/extra/id","value":9007199254740993},{"op":"add","path":"/extra/tags/-","value":2.50},{"op":"replace","path":"/name","value":"Ada L."}]"#
            let patched = try await client.patch("/users/ada", ops, merge: false, ifMatch: #""1""#)
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.text == #"{"name":"Ada L.","email":"ada@example.com","age":36,"extra":{"ratio":1.10,"id":9007199254740993,"tags":["a",2.50]}}"#)
        }
    }

    @Test func patchNeedsIfMatch() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            _ = try await client.patch("/users/ada", #"{"age":1}"#, ifMatch: nil).problem(.preconditionRequired)
        }
    }

    @Test func staleOrWeakETagIs412() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            #expect(try await client.patch("/users/ada", #"{"age":1}"#, ifMatch: #""1""#).status == .ok)
            _ = try await client.patch("/users/ada", #"{"age":2}"#, ifMatch: #""1""#).problem(.preconditionFailed)
            _ = try await client.patch("/users/ada", #"{"age":2}"#, ifMatch: #"W/"2""#).problem(.preconditionFailed)
            #expect(try await client.patch("/users/ada", #"{"age":2}"#, ifMatch: #""7", "2""#).status == .ok)
            #expect(try await client.patch("/users/ada", #"{"age":3}"#, ifMatch: "*").status == .ok)
            _ = try await client.send(.put, "/users/ada", user, ifMatch: #""1""#).problem(.preconditionFailed)
            #expect(try await client.send(.get, "/users/ada").json?["age"] == 3)
        }
    }

    @Test func failingOperationNamesIndexOpAndPointerAndChangesNothing() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let ops = #"[{"op":"replace","path":"/name","value":"Eve"},{"op":"remove","path":"/extra/tags/5"}]"#
            let problem = try await client.patch("/users/ada", ops, merge: false, ifMatch: #""1""#).problem(.conflict)
            #expect(problem["operationIndex"] == 1)
            #expect(problem["op"] == "remove")
            #expect(problem["pointer"] == "/extra/tags/5")

            let intoNothing = #"[{"op":"add","path":"/missing/child","value":1}]"#
            let second = try await client.patch("/users/ada", intoNothing, merge: false, ifMatch: #""1""#).problem(.conflict)
            #expect(second["operationIndex"] == 0)
            #expect(second["pointer"] == "/missing/child")

            let got = try await client.send(.get, "/users/ada")
            #expect(got.headers[.eTag] == #""1""#)
            #expect(got.json?["name"] == "Ada")
        }
    }

    @Test func malformedPatchesAre400() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            _ = try await client.patch("/users/ada", #"{"op":"add"}"#, merge: false, ifMatch: #""1""#).problem(.badRequest)
            let unknownOp = try await client.patch(
                "/users/ada", #"[{"op":"add","path":"/a","value":1},{"op":"frobnicate","path":"/a"}]"#, merge: false,
                ifMatch: #""1""#
            ).problem(.badRequest)
            #expect(unknownOp["pointer"]?.stringValue?.hasPrefix("/1") == true, "\(unknownOp)")
            _ = try await client.patch("/users/ada", #"{"age": }"#, ifMatch: #""1""#).problem(.badRequest)
            #expect(try await client.send(.get, "/users/ada").headers[.eTag] == #""1""#)
        }
    }

    @Test func patchThatBreaksTheModelIs422AndStoresNothing() async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let rule = try await client.patch("/users/ada", #"{"email":"nope"}"#, ifMatch: #""1""#).problem(.unprocessableContent)
            #expect(rule["pointer"] == "/email")
            let removed = try await client.patch("/users/ada", #"{"name":null}"#, ifMatch: #""1""#).problem(.unprocessableContent)
            #expect(removed["pointer"] == "/name")
            let ops = #"[{"op":"replace","path":"/age","value":-1}]"#
            let age = try await client.patch("/users/ada", ops, merge: false, ifMatch: #""1""#).problem(.unprocessableContent)
            #expect(age["pointer"] == "/age")
            let got = try await client.send(.get, "/users/ada")
            #expect(got.headers[.eTag] == #""1""#)
            #expect(got.text.contains(#""email":"ada@example.com""#))
        }
    }
}

@Suite struct ConcurrencyTests {
    /// Two clients on their own connections PATCH with the same ETag at once: one wins, the
    /// other gets 412, and after it retries on the new ETag both edits are there.
    @Test(arguments: 0..<10)
    func twoClientsRacingOnOneETag(round: Int) async throws {
        try await withServer { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            guard let port = client.port else {
                Issue.record("the live test client has a port")
                return
            }
            let statuses = try await withThrowingTaskGroup(of: (String, HTTPResponse.Status).self) { group in
                for member in ["first", "second"] {
                    group.addTask {
                        let own = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(20)))
                        own.connect()
                        defer { Task { try? await own.shutdown() } }
                        let request = TestClient.Request(
                            "/users/ada", method: .patch, authority: "localhost",
                            headers: [.contentType: "application/merge-patch+json", .ifMatch: #""1""#],
                            body: ByteBuffer(string: #"{"\#(member)":true}"#))
                        let response = try await own.execute(request)
                        return (member, response.status)
                    }
                }
                var statuses: [String: HTTPResponse.Status] = [:]
                for try await (member, status) in group { statuses[member] = status }
                return statuses
            }
            let winners = statuses.filter { $0.value == .ok }.map(\.key)
            let losers = statuses.filter { $0.value == .preconditionFailed }.map(\.key)
            #expect(winners.count == 1 && losers.count == 1, "\(statuses)")
            guard let loser = losers.first, let winner = winners.first else { return }

            let retried = try await client.patch("/users/ada", #"{"\#(loser)":true}"#, ifMatch: #""2""#)
            #expect(retried.status == .ok)
            let final = try await client.send(.get, "/users/ada")
            #expect(final.headers[.eTag] == #""3""#)
            #expect(final.json?[winner] == true)
            #expect(final.json?[loser] == true)
            #expect(final.text.contains(#""ratio":1.10,"id":9007199254740993"#))
        }
    }

    /// The store's conditional write on its own: of many writers that read the same version,
    /// exactly one changes the row.
    @Test func conditionalUpdateChangesTheRowOnce() async throws {
        let store = try await UserStore.open(path: nil)
        _ = try await store.upsert(id: "ada", body: Data(user.utf8))
        let results = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<20 {
                group.addTask { try await store.update(id: "ada", body: Data("{\"n\":\(index)}".utf8), expectedVersion: 1) }
            }
            var results: [Int?] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.compactMap { $0 } == [2])
        #expect(try await store.read(id: "ada")?.version == 2)
        try await store.close()
    }
}

@Suite struct FoundationCodersTests {
    /// The comparison build answers the same way; only the literals differ, which Foundation's
    /// coders do not keep.
    @Test func foundationCodersServeTheSameResource() async throws {
        try await withServer(coders: .foundation) { client in
            #expect(try await client.send(.put, "/users/ada", user).status == .created)
            let patched = try await client.patch("/users/ada", #"{"age":37}"#, ifMatch: #""1""#)
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.json?["extra"]?["tags"] == ["a"])
            _ = try await client.patch("/users/ada", #"{"email":"x"}"#, ifMatch: #""2""#).problem(.unprocessableContent)
        }
    }
}

/// Keeps every message logged through it, for the test that reads the decode report.
final class CapturingLogHandler: LogHandler, Sendable {
    let lines = Mutex<[String]>([])
    var logLevel: Logger.Level {
        get { .debug }
        set {}
    }
    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let text = "\(event.message) \(event.metadata.map { "\($0)" } ?? "")"
        lines.withLock { $0.append(text) }
    }
}

@Suite struct LoggingTests {
    @Test func theDecodeReportOfARequestBodyIsLogged() async throws {
        let handler = CapturingLogHandler()
        var options = ServerOptions()
        options.port = 0
        let store = try await UserStore.open(path: nil)
        let app = buildApplication(options: options, store: store, logger: Logger(label: "test") { _ in handler })
        let status = try await app.test(.live) { client in
            try await client.send(.put, "/users/ada", user).status
        }
        try await store.close()
        #expect(status == .created)
        let reports = handler.lines.withLock { $0 }.filter { $0.hasPrefix("decode report") }
        // The unknown member is reported as a key no model read (and kept in the document).
        #expect(reports.contains { $0.contains("extra") }, "\(reports)")
    }
}
