import Foundation

/// What the decoder has learnt about ``KeyedKey`` coding keys, once per decode: which key
/// types are plain, and what each keyed key's text means (a key, or a path).
struct KeyedKeyCache {
    /// Coding-key types known to be plain (not ``KeyedKey``).
    var plainKeyTypes = KnownPlainTypes()
    /// Keyed keys' meanings, by their text, for keys with the coder's options.
    var meanings: [String: KeyMeaning] = [:]
}

extension DecoderImpl {
    /// Whether `Key` is a ``KeyedKey`` type, whose raw values may be paths.
    @inline(__always)
    func isKeyedKeyType<Key: CodingKey>(_ type: Key.Type) -> Bool {
        state.keyedKeys.plainKeyTypes.isKeyedKeyType(type)
    }

    /// What a keyed key asks for, read once per decode and key.
    func meaning(of key: some KeyedKey) -> KeyMeaning {
        // Only keys with the coder's options share cache entries by their text.
        if let own = key.options { return KeyMeaning(key.stringValue, options: own) }
        let raw = key.stringValue
        if let known = state.keyedKeys.meanings[raw] { return known }
        let meaning = KeyMeaning(raw, options: options.keyOptions)
        state.keyedKeys.meanings[raw] = meaning
        return meaning
    }
}
