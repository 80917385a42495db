/// Types a coder has already found not to conform to a protocol it checks for (a dynamic
/// model, a `[String: V]` dictionary, a ``KeyedKey``): a conformance check is a runtime
/// lookup that costs far more than scanning this short list. Bounded, so a coder that meets
/// many types stays small and simply checks the rest each time.
struct KnownPlainTypes {
    private var identifiers: [ObjectIdentifier] = []
    /// The remembered types again, each at a slot picked by a hash of its identifier (a later
    /// one takes the slot of an earlier one that hashes alike, which the list still has): a
    /// type met again is mostly found in one look instead of a scan of the list, which costs a
    /// model near the end of it a dozen compares per value. Made with the first type remembered.
    private var slots: [UInt] = []

    private static var slotCount: Int { 64 }

    @inline(__always)
    private static func slot(of identifier: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: Int(bitPattern: identifier))) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    @inline(__always)
    func contains(_ identifier: ObjectIdentifier) -> Bool {
        guard !slots.isEmpty else { return false }
        let held = slots[Self.slot(of: identifier)]
        if held == UInt(bitPattern: Int(bitPattern: identifier)) { return true }
        // A slot no type was ever put in means this type was never remembered either (every
        // remembered type wrote its slot, and slots are never cleared): the list, scanned
        // otherwise, holds it only when a later type took its slot. Array and model types,
        // never remembered, are answered here in one look.
        if held == 0 { return false }
        return identifiers.contains(identifier)
    }

    @inline(__always)
    mutating func remember(_ identifier: ObjectIdentifier) {
        guard identifiers.count < 32 else { return }
        identifiers.append(identifier)
        if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
        slots[Self.slot(of: identifier)] = UInt(bitPattern: Int(bitPattern: identifier))
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
