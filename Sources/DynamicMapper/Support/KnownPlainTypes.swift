/// Types a coder has already found not to conform to a protocol it checks for (a dynamic
/// model, a `[String: V]` dictionary, a ``KeyedKey``): a conformance check is a runtime
/// lookup that costs far more than scanning this short list. Bounded, so a coder that meets
/// many types stays small and simply checks the rest each time.
struct KnownPlainTypes {
    private var identifiers: [ObjectIdentifier] = []

    @inline(__always)
    func contains(_ identifier: ObjectIdentifier) -> Bool {
        identifiers.contains(identifier)
    }

    @inline(__always)
    mutating func remember(_ identifier: ObjectIdentifier) {
        if identifiers.count < 32 { identifiers.append(identifier) }
    }

    /// Whether `Key` is a ``KeyedKey`` type, whose raw values may be paths; a plain key type
    /// is remembered.
    @inline(__always)
    mutating func isKeyedKeyType<Key: CodingKey>(_: Key.Type) -> Bool {
        let identifier = ObjectIdentifier(Key.self)
        if contains(identifier) { return false }
        if Key.self is any KeyedKey.Type { return true }
        remember(identifier)
        return false
    }
}
