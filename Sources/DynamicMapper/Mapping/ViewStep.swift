/// One step from a view to a child: an object key or an array index (negative counts from
/// the end).
enum ViewStep: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// The coding-path component of this step, for error messages.
    var pathComponent: PathComponent {
        switch self {
        case .key(let key): return .key(StringKey(key))
        case .index(let index): return .index(index)
        }
    }

    /// Parses the path grammar `ds[...]` accepts: keys separated by `.`, `[n]` indexes (with
    /// or without a dot before them), and `\` escaping the next character so that keys may
    /// hold dots or brackets. `"a.b[0].c"`, `"a.b.[0].c"` and `"a.b[0]c"` are the same path;
    /// `""` is the root. Text inside brackets that is not an integer is taken as a key, so
    /// `"a[x]"` reaches key `x` of `a`.
    static func parse(_ text: String) -> [ViewStep] {
        var steps: [ViewStep] = []
        var key = ""
        var hasKey = false
        var characters = text.makeIterator()
        func finishKey() {
            if hasKey { steps.append(.key(key)) }
            key = ""
            hasKey = false
        }
        while let character = characters.next() {
            switch character {
            case "\\":
                key.append(characters.next() ?? "\\")
                hasKey = true
            case ".":
                finishKey()
            case "[":
                finishKey()
                var inside = ""
                while let next = characters.next(), next != "]" { inside.append(next) }
                steps.append(Int(inside).map(ViewStep.index) ?? .key(inside))
            default:
                key.append(character)
                hasKey = true
            }
        }
        finishKey()
        return steps
    }
}
