/// What the server is started with; `swift run PatchServer --help` lists the flags.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    /// 0 asks the system for a free port; the server prints the one it got.
    public var port = 8080
    public var coders = CoderKind.dynamic
    /// The SQLite file; nil keeps the database in memory for the life of the process.
    public var databasePath: String?
    /// Larger bodies get `413` before the server reads them whole.
    public var maximumBodySize = 1 << 20

    public init() {}
}
