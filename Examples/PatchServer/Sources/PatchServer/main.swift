// Serves /users/{id} from SQLite: GET, POST, PUT, and PATCH with a merge patch or a JSON Patch.
//
//   swift run PatchServer [--port 8080] [--host 127.0.0.1] [--database users.sqlite]
//                         [--coders dynamic|foundation] [--max-body BYTES]
//
// LOG_LEVEL=debug shows the decode report of each request body.

import Foundation
import Logging
import PatchServerCore

func usage() -> Never {
    print("usage: PatchServer [--port N] [--host H] [--database FILE] [--coders dynamic|foundation] [--max-body BYTES]")
    exit(2)
}

func parseOptions() -> ServerOptions {
    var options = ServerOptions()
    var arguments = CommandLine.arguments.dropFirst()
    while let flag = arguments.popFirst() {
        guard let value = arguments.popFirst() else { usage() }
        switch flag {
        case "--port":
            guard let port = Int(value) else { usage() }
            options.port = port
        case "--host": options.host = value
        case "--database": options.databasePath = value
        case "--coders":
            guard let coders = CoderKind(rawValue: value) else { usage() }
            options.coders = coders
        case "--max-body":
            guard let size = Int(value) else { usage() }
            options.maximumBodySize = size
        default: usage()
        }
    }
    return options
}

let options = parseOptions()
var logger = Logger(label: "PatchServer")
logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .info

let store = try await UserStore.open(path: options.databasePath)
let app = buildApplication(options: options, store: store, logger: logger) { address in
    let host = address?.ipAddress ?? options.host
    let port = address?.port ?? options.port
    let line =
        "PatchServer listening on http://\(host):\(port)/users/{id} (coders: \(options.coders.rawValue), database: \(options.databasePath ?? "in memory"))\n"
    // Unbuffered, so a script waiting for this line sees it while the server runs.
    FileHandle.standardOutput.write(Data(line.utf8))
}
try await app.runService()
try await store.close()
