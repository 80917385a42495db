/// One step of a coding path, kept cheap to push and pop: the `[CodingKey]` array that
/// `codingPath` promises is built only when someone asks (mostly for an error).
enum CodingPathStep {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return IndexKey(index)
        }
    }
}

/// What a container knows about its own coding path beyond its depth.
///
/// The decoder keeps one path stack. A container opened by `init(from:)` owns the top of it
/// while that `init(from:)` runs, so its depth is enough. A nested container (from
/// `nestedContainer`/`nestedUnkeyedContainer`) may be used after work on its parent has
/// replaced its part of the stack, so it keeps a copy of its whole path and puts it back
/// before pushing a child. Only hand-written `init(from:)` makes nested containers.
protocol PathAnchor {
    var ownPath: [CodingPathStep]? { get }
}

/// A container whose path is the decoder's current path up to its depth.
struct CurrentPath: PathAnchor {
    var ownPath: [CodingPathStep]? { nil }
}

/// A nested container's own copy of its path.
struct NestedPath: PathAnchor {
    let path: [CodingPathStep]
    var ownPath: [CodingPathStep]? { path }
}
