/// The one reading of an array index in paths, views, `JSON` subscripts and path decoding:
/// a negative index counts from the end, so `-1` is the last element.
enum RelativeIndex {
    /// The position `index` names in an array of `count` elements, or `nil` when it names none.
    static func resolve(_ index: Int, count: Int) -> Int? {
        let position = index < 0 ? count &+ index : index
        return position >= 0 && position < count ? position : nil
    }
}
