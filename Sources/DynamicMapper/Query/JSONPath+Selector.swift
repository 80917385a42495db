extension JSONPath {
    /// A selector for the typed spelling of a query in a view: `ds.statuses[.all]`.
    ///
    /// ```swift
    /// try ds.statuses[.all].user.email.remove()           // $['statuses'][*]['user']['email']
    /// ds.statuses[.slice(0, 10)].id.values(as: Int.self)   // the first ten
    /// try ds.statuses[try .filter("@.lang == 'en'")].text.set("…")
    /// ```
    public struct Selector: Sendable {
        let selector: QuerySelector
        /// The selector as query text: `[*]`.
        let text: String

        /// Every element of an array, every member value of an object (`[*]`):
        /// `ds.users[.all].name`.
        public static let all = Selector(selector: .wildcard, text: "[*]")

        /// The element at `index`, negative counting from the end (`[index]`): `ds.users[.index(-1)]`.
        public static func index(_ index: Int) -> Selector {
            Selector(selector: .index(index), text: "[\(index)]")
        }

        /// The elements from `start` up to `end`, `step` apart, as RFC 9535 slices arrays
        /// (`[start:end:step]`; negative steps walk backwards).
        ///
        /// ```swift
        /// ds.items[.slice(nil, nil, -1)]   // every element, last first
        /// ds.items[.slice(1, 3)]           // elements 1 and 2
        /// ```
        ///
        /// Each bound is clamped to ±(2^53−1), the range RFC 9535 allows in query text (and
        /// far past any array), so no argument overflows the slice arithmetic.
        public static func slice(_ start: Int? = nil, _ end: Int? = nil, _ step: Int? = nil) -> Selector {
            let limit = JSONPathParser.integerLimit
            func clamped(_ value: Int?) -> Int? { value.map { min(max($0, -limit), limit) } }
            let (start, end, step) = (clamped(start), clamped(end), clamped(step))
            return Selector(
                selector: .slice(start: start, end: end, step: step),
                text: "[\(start.map(String.init) ?? ""):\(end.map(String.init) ?? ""):\(step.map(String.init) ?? "")]")
        }

        /// The elements (or member values) for which the filter `expression` holds, written
        /// as after `?` in RFC 9535 (`@` is the element).
        ///
        /// ```swift
        /// let english = try JSONPath.Selector.filter("@.lang == 'en' && @.retweet_count > 10")
        /// ```
        ///
        /// - Throws: ``JSONPathError`` for a malformed or ill-typed expression; its offset
        ///   counts from the start of `expression`.
        public static func filter(_ expression: String) throws(JSONPathError) -> Selector {
            let text = "$[?" + expression + "]"
            do throws(JSONPathError) {
                let path = try JSONPath(text)
                guard path.segments.count == 1, path.segments[0].selectors.count == 1,
                    case .filter = path.segments[0].selectors[0]
                else {
                    throw JSONPathError(kind: .syntax, query: text, offset: 3, reason: "not one filter expression")
                }
                return Selector(selector: path.segments[0].selectors[0], text: "[?" + expression + "]")
            } catch {
                throw JSONPathError(
                    kind: error.kind, query: expression, offset: max(0, min(error.offset - 3, expression.unicodeScalars.count)),
                    reason: error.reason)
            }
        }
    }
}
