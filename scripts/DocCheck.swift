// Compiled into the documentation check's runner by scripts/check-doc-snippets.sh (not part
// of the package): compares what a block gives with the output its comments show.
import Foundation

enum __DocCheck {
    enum Kind { case value, printed, thrown }

    struct Entry {
        var `where`: String
        var block: String
        var kind: Kind
        var shown: String
    }

    nonisolated(unsafe) static var table: [Entry] = []
    nonisolated(unsafe) static var current = ""
    nonisolated(unsafe) static var output = ""
    nonisolated(unsafe) static var ran = Set<Int>()
    nonisolated(unsafe) static var failures: [String] = []
    static let lock = NSLock()

    static func write(_ text: String) {
        lock.withLock { output += text }
    }

    /// Forgets what was printed so far: the next `printed` check sees only what follows.
    static func mark() {
        lock.withLock { output = "" }
    }

    /// Compares what was printed since the last check or mark with the shown text.
    static func printed(_ id: Int) {
        let text = lock.withLock {
            defer { output = "" }
            return output.hasSuffix("\n") ? String(output.dropLast()) : output
        }
        compare([text], id)
    }

    /// Compares a line's value with the value its `// →` comment shows.
    static func value<T>(_ value: T, _ id: Int) {
        compare(renderings(of: value), id)
    }

    /// Compares the description of the error a `// throws` line threw with the shown text.
    static func thrown(_ error: any Error, _ id: Int) {
        compare(["\(error)"], id)
    }

    /// A `// throws` line that returned.
    static func notThrown(_ id: Int) {
        ran.insert(id)
        failures.append("error: \(table[id].where): the text says this line throws, but it returned")
    }

    static func compare(_ candidates: [String], _ id: Int) {
        ran.insert(id)
        let entry = table[id]
        if candidates.contains(where: { matches($0, shown: entry.shown) }) { return }
        let kind =
            switch entry.kind {
            case .value: "gives"
            case .printed: "prints"
            case .thrown: "throws"
            }
        failures.append("error: \(entry.where): the text shows \(entry.shown.debugDescription), the code \(kind) \(candidates[0].debugDescription)")
    }

    /// The shown text, where `…` stands for any text.
    static func matches(_ actual: String, shown: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        if parts.count == 1 { return actual == shown }
        guard actual.hasPrefix(parts[0]), actual.hasSuffix(parts[parts.count - 1]),
            actual.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = Substring(actual.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// The ways a value may be shown: Swift's description, with optionals unwrapped (nil as
    /// `nil`), strings quoted or not, `Data` as its UTF-8 text, enum cases with a leading dot.
    static func renderings(of value: Any) -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return ["nil"] }
            return renderings(of: wrapped)
        }
        if let text = value as? String { return [text.debugDescription, text] }
        if let text = value as? Substring { return [String(text).debugDescription, String(text)] }
        if let data = value as? Data { return [String(decoding: data, as: UTF8.self)] }
        let described = String(describing: value)
        if mirror.displayStyle == .enum { return [described, "." + described] }
        return [described, unqualified(described)]
    }

    /// `DynamicMapper.Path.Component.key("a")` as `.key("a")`, `DynamicMapper.JSONPatch` as `JSONPatch`.
    static func unqualified(_ text: String) -> String {
        text.replacingOccurrences(of: #"DynamicMapper\.(?:[A-Z]\w*\.)*(?=[a-z])"#, with: ".", options: .regularExpression)
            .replacingOccurrences(of: "DynamicMapper.", with: "")
    }

    static func report(ranBlocks: Set<String>) -> Int {
        for (id, entry) in table.enumerated() where ranBlocks.contains(entry.block) && !ran.contains(id) {
            failures.append("error: \(entry.where): this line never ran, so its shown output was not checked")
        }
        for failure in failures { Swift.print(failure) }
        return failures.count
    }
}
