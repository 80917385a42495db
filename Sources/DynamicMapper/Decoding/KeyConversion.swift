import Foundation

/// `JSONDecoder.KeyDecodingStrategy`, applied to the keys of an object before lookup.
enum KeyConversion {
    static func convert(_ key: String, strategy: JSONDecoder.KeyDecodingStrategy, path: () -> [any CodingKey]) -> String {
        switch strategy {
        case .useDefaultKeys:
            return key
        case .convertFromSnakeCase:
            return fromSnakeCase(key)
        case .custom(let converter):
            return converter(path() + [StringKey(key)]).stringValue
        @unknown default:
            return key
        }
    }

    /// `snake_case_key` → `snakeCaseKey`, keeping leading and trailing underscores, with
    /// Foundation's rules: the first word is lowercased, the others capitalised (the rest of
    /// each word lowercased), and a key with no inner underscore is unchanged.
    static func fromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { last = key.index(before: last) }
        let core = key[first...last]
        let words = core.split(separator: "_")
        let leading = key[key.startIndex..<first]
        let trailing = key[key.index(after: last)...]
        guard words.count > 1 else { return key }
        var joined = words[0].lowercased()
        for word in words.dropFirst() {
            joined += word.capitalized
        }
        return leading + joined + trailing
    }
}
