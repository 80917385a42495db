import Foundation
import NIOCore
import SQLiteNIO

/// The users table: each document stored whole, as the bytes the server wrote, with a version
/// that starts at 1 and grows by one on every write. The version is the `ETag`.
///
/// Every write that depends on what the client saw is one statement with the expected version
/// in its `WHERE` clause, so the check and the write cannot be split by another request; the
/// `RETURNING` clause tells whether a row changed.
public final class UserStore: Sendable {
    public struct Stored: Sendable {
        public var body: Data
        public var version: Int
    }

    let connection: SQLiteConnection

    /// Opens (and creates if needed) the table, in memory when `path` is nil.
    public static func open(path: String?) async throws -> UserStore {
        let connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory)
        _ = try await connection.query(
            "CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, body BLOB NOT NULL, version INTEGER NOT NULL)"
        )
        return UserStore(connection: connection)
    }

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    public func close() async throws {
        try await connection.close()
    }

    public func read(id: String) async throws -> Stored? {
        let rows = try await connection.query("SELECT body, version FROM users WHERE id = ?", [.text(id)])
        guard let row = rows.first,
            let body = row.column("body")?.blob,
            let version = row.column("version")?.integer
        else { return nil }
        return Stored(body: Data(body.readableBytesView), version: Int(version))
    }

    /// Inserts a new document; nil when the id is taken.
    public func create(id: String, body: Data) async throws -> Int? {
        let rows = try await connection.query(
            "INSERT INTO users (id, body, version) VALUES (?, ?, 1) ON CONFLICT (id) DO NOTHING RETURNING version",
            [.text(id), .blob(ByteBuffer(bytes: body))]
        )
        return rows.first?.column("version")?.integer.map { Int($0) }
    }

    /// Inserts or replaces, whatever the version: the new version, and whether it was created.
    public func upsert(id: String, body: Data) async throws -> (version: Int, created: Bool) {
        let rows = try await connection.query(
            """
            INSERT INTO users (id, body, version) VALUES (?, ?, 1)
            ON CONFLICT (id) DO UPDATE SET body = excluded.body, version = users.version + 1
            RETURNING version
            """,
            [.text(id), .blob(ByteBuffer(bytes: body))]
        )
        guard let version = rows.first?.column("version")?.integer.map({ Int($0) }) else {
            throw StoreError.noRowReturned
        }
        return (version, version == 1)
    }

    /// Replaces the document only if it is still at `expectedVersion`: the new version, or nil
    /// when another write came first (or the row is gone).
    public func update(id: String, body: Data, expectedVersion: Int) async throws -> Int? {
        let rows = try await connection.query(
            "UPDATE users SET body = ?, version = version + 1 WHERE id = ? AND version = ? RETURNING version",
            [.blob(ByteBuffer(bytes: body)), .text(id), .integer(SQLiteInt64(expectedVersion))]
        )
        return rows.first?.column("version")?.integer.map { Int($0) }
    }

    enum StoreError: Error {
        case noRowReturned
    }
}
