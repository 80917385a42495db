import Foundation

/// Which types keep the document they were decoded from, so that a decode of one asks for a
/// fitted node index (see ``NodeBuffer``) before the scan, the one moment the nodes can move.
///
/// A dynamic model keeps its document for its whole life through `ds`; a plain model drops it
/// when the decode returns, and a fitted index would only cost it a copy. A top-level dynamic
/// type is known at once; a type that holds dynamic models deeper (an array of them, a plain
/// response with dynamic statuses) is learned from its first decode, which is left unfitted:
/// after it the document is still referenced, and the type is remembered.
enum KeptDocuments {
    private static let lock = NSLock()
    // Guarded by `lock`; types are only ever added, a few per program.
    nonisolated(unsafe) private static var learned: Set<ObjectIdentifier> = []

    /// Whether a decode of `type` should fit its node index.
    static func expected(for type: Any.Type) -> Bool {
        if type is any DynamicDecodable.Type { return true }
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        return learned.contains(key)
    }

    /// Remembers that decodes of `type` keep their document.
    static func learn(_ type: Any.Type) {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        learned.insert(key)
    }
}
