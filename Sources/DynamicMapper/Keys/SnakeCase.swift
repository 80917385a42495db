import Foundation

/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, reproduced rule for rule: words break
/// before an upper-case letter that follows a lower-case run, and a run of several capitals is
/// its own word except for the capital that starts the next word (`myURLValue` → `my_url_value`).
/// The first character never starts a word, so leading and trailing underscores survive.
///
/// Like Foundation, it looks for upper- and lower-case letters scalar by scalar but steps over
/// whole characters (a letter with its combining marks) when it skips the first character and
/// decides whether a capital starts a run: `aBC\u{301}d` becomes `a_b_c\u{301}d`. Using the same
/// `String` index steps keeps the keys byte-identical, marks and all.
enum SnakeCase {
    static func convert(_ key: String) -> String {
        let scalars = key.unicodeScalars
        // Keys with no capital (the usual case) come out unchanged.
        guard !key.isEmpty, scalars.contains(where: isUpper) else { return key }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: key.startIndex)
        while let upper = firstScalar(in: scalars, from: searchStart, where: isUpper) {
            words.append(wordStart..<max(wordStart, upper))
            guard let lower = firstScalar(in: scalars, from: upper, where: isLower) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let beforeLower = key.index(before: lower)
                words.append(upper..<max(upper, beforeLower))
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<key.endIndex)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    private static func firstScalar(in scalars: String.UnicodeScalarView, from start: String.Index, where predicate: (Unicode.Scalar) -> Bool) -> String.Index?
    {
        var index = start
        while index < scalars.endIndex {
            if predicate(scalars[index]) { return index }
            scalars.formIndex(after: &index)
        }
        return nil
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
