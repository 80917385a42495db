import Foundation

/// Locates `../shared/data` (beside the repository) for the tests that read it.
public enum SharedData {
    /// The data folder, or nil when it is absent (then those tests skip with a message).
    public static let folder: URL? = {
        if let override = ProcessInfo.processInfo.environment["DYNAMICMAPPER_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("shared/data")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("bench").path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    public static var isAvailable: Bool { folder != nil }

    /// Set by `.ci/run`: the shared-data tests then run, and fail, when the data is missing,
    /// instead of skipping.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["DYNAMICMAPPER_REQUIRE_SHARED_DATA"] == "1" }

    /// Whether the shared-data suites run: when the data is there, or when CI requires it.
    public static var runsSuites: Bool { isAvailable || isRequired }

    public static let missingMessage = "../shared/data not found beside the repository: shared-data tests skipped"

    public static func files(in subfolder: String) -> [URL] {
        guard let folder else { return [] }
        let directory = folder.appendingPathComponent(subfolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    public static func data(_ relativePath: String) throws -> Data {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: folder.appendingPathComponent(relativePath))
    }
}
