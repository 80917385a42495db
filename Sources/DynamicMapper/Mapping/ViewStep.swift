import Foundation

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
    /// or without a dot before them, spaces allowed inside the brackets), and `\` escaping the
    /// next character so that keys may hold dots or brackets. `"a.b[0].c"`, `"a.b.[0].c"` and
    /// `"a.b[0]c"` are the same path; empty segments are skipped, so `""` and `"."` are the
    /// root. Text inside brackets that is not an integer is a key (`"a[x.y]"` reaches key
    /// `x.y` of `a`); a `[` that is never closed is part of the key.
    static func parse(_ text: String) -> [ViewStep] {
        var steps: [ViewStep] = []
        var key = ""
        var hasKey = false
        var characters = Array(text)[...]
        func finishKey() {
            if hasKey { steps.append(.key(key)) }
            key = ""
            hasKey = false
        }
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                key.append(characters.popFirst() ?? "\\")
                hasKey = true
            case ".":
                finishKey()
            case "[":
                guard let bracket = Self.bracket(in: characters) else {
                    key.append(character)
                    hasKey = true
                    continue
                }
                finishKey()
                characters = characters[bracket.end...]
                let trimmed = bracket.text.trimmingCharacters(in: .whitespaces)
                steps.append(Int(trimmed).map(ViewStep.index) ?? .key(bracket.text))
            default:
                key.append(character)
                hasKey = true
            }
        }
        finishKey()
        return steps
    }

    /// The text up to the `]` that closes a bracket (escapes resolved), and where it ends.
    private static func bracket(in characters: ArraySlice<Character>) -> (text: String, end: Int)? {
        var text = ""
        var position = characters.startIndex
        while position < characters.endIndex {
            let character = characters[position]
            if character == "]" { return (text, position + 1) }
            if character == "\\", position + 1 < characters.endIndex {
                position += 1
                text.append(characters[position])
            } else {
                text.append(character)
            }
            position += 1
        }
        return nil
    }
}

/// The steps from a view's root to it. Up to four are stored inline (`ds.a.b[0].c`), so
/// walking down a view allocates nothing in the usual case; longer paths spill to an array.
struct ViewSteps: RandomAccessCollection, Sendable {
    private var inline: (ViewStep, ViewStep, ViewStep, ViewStep) = (.index(0), .index(0), .index(0), .index(0))
    private var inlineCount = 0
    private var overflow: [ViewStep] = []

    init() {}

    init(_ steps: some Sequence<ViewStep>) {
        for step in steps { append(step) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { inlineCount + overflow.count }

    subscript(position: Int) -> ViewStep {
        switch position {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        case 3: return inline.3
        default: return overflow[position - 4]
        }
    }

    mutating func append(_ step: ViewStep) {
        switch inlineCount {
        case 0: inline.0 = step
        case 1: inline.1 = step
        case 2: inline.2 = step
        case 3: inline.3 = step
        default:
            overflow.append(step)
            return
        }
        inlineCount += 1
    }
}
