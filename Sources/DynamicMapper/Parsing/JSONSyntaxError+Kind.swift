extension JSONSyntaxError {
    /// The class of a syntax error: stable across releases, unlike the wording of
    /// ``JSONSyntaxError/reason``, so code can switch on it.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSON(parsing: request.body)
    /// } catch DecodingError.dataCorrupted(let context) {
    ///     switch (context.underlyingError as? JSONSyntaxError)?.kind {
    ///     case .unexpectedEnd?, .emptyInput?: reply(.incomplete)
    ///     case .tooDeep?, .inputTooLarge?: reply(.tooLarge)
    ///     default: reply(.badRequest)
    ///     }
    /// }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// The input holds no value: it is empty or only white space (and, in JSON5, comments).
        case emptyInput
        /// The input ends inside a value, e.g. `[1, 2` or `{"a":`.
        case unexpectedEnd
        /// A byte that cannot start or continue what is expected at that place, e.g. the second
        /// comma of `[1,,2]`, a missing colon in `{"a" 1}` or an unquoted key in strict JSON.
        case unexpectedCharacter
        /// A value after the top-level value, e.g. `[1] 2` or `{}}`.
        case trailingContent
        /// A comma before `]` or `}`, e.g. `[1,]`; JSON5 allows it (`allowsJSON5`).
        case trailingComma
        /// A word that starts like `true`, `false` or `null` but is not one, e.g. `nul` or `True`.
        case invalidLiteral
        /// A malformed number, e.g. `01`, `1.`, `-` or `1e+`.
        case invalidNumber
        /// A number that no JSON number type can hold: in JSON5, a hexadecimal literal wider
        /// than 64 bits. (Decimal numbers of any size parse; a too-large value is a decoding
        /// error of the property that reads it.)
        case numberOutOfRange
        /// A string without its closing quote.
        case unterminatedString
        /// A byte below U+0020 (a tab, a line break, ...) written inside a string unescaped.
        case controlCharacterInString
        /// A backslash followed by something that is not an escape, e.g. `"\a"`.
        case invalidEscape
        /// A `\u` escape without four hexadecimal digits, e.g. `"\u12"`.
        case invalidUnicodeEscape
        /// A `\u` escape of half a surrogate pair without its other half, e.g. `"\uD800"`.
        case unpairedSurrogate
        /// Bytes that are not valid UTF-8: a stray continuation byte, an overlong form, an
        /// encoded surrogate or a sequence cut short.
        case invalidUTF8
        /// UTF-16 or UTF-32 input (recognised by its byte order mark or its zero bytes) with a
        /// code unit sequence that is not valid in that encoding.
        case invalidUTF16OrUTF32
        /// A `/*` comment without its `*/` (JSON5 only).
        case unterminatedComment
        /// More nested arrays and objects than `maximumDepth` allows.
        case tooDeep
        /// Input longer than 4 GiB, the most the node index can address.
        case inputTooLarge
        /// An object repeats a key, and `rejectsDuplicateKeys` is on. ``JSONSyntaxError/line``
        /// and ``JSONSyntaxError/column`` point at the repeat; the reason names the first.
        case duplicateKey
    }
}
