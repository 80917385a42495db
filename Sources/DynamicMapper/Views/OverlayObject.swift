/// An object materialised for editing: its members in order, and, once an object larger than
/// `indexThreshold` is searched more than once, an index from key to first position, so that
/// setting many keys one by one stays linear while a one-off edit costs no hashing.
///
/// Keys compare as Swift strings (canonical equivalence), and so does the index, whose hashing
/// follows the same rule. A document may hold a key more than once; the first one is the one
/// read (as `JSONDecoder` reads it), and an edit of it drops the others, so that no later
/// duplicate can carry a different value past a reader that keeps the last one.
struct OverlayObject: Sendable {
    private(set) var members: [OverlayMember]
    /// First position of each key, once built.
    private var positions: [String: Int]?
    /// While `positions` is built: whether some key appears twice.
    private var hasDuplicateKeys = false
    /// Searches of a large object without an index; the second one builds it.
    private var unindexedSearches = 0

    private static let indexThreshold = 16

    init(_ members: [OverlayMember] = []) {
        self.members = members
    }

    var count: Int { members.count }

    subscript(position: Int) -> OverlayMember { members[position] }

    func firstIndex(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// ``firstIndex(of:)`` for an edit: builds the index when a large object is searched again.
    mutating func searchForEdit(_ key: String) -> Int? {
        if positions == nil, members.count > Self.indexThreshold {
            unindexedSearches += 1
            if unindexedSearches > 1 { rebuildIndex() }
        }
        return firstIndex(of: key)
    }

    /// Builds the index now for a large object about to be searched once per member.
    mutating func prepareForSearches() {
        if positions == nil, members.count > Self.indexThreshold { rebuildIndex() }
    }

    mutating func append(_ member: OverlayMember) {
        if positions != nil {
            if positions?[member.key] == nil {
                positions?[member.key] = members.count
            } else {
                hasDuplicateKeys = true
            }
        }
        members.append(member)
    }

    /// Moves the value at `position` out, leaving `null` in its place, so that the caller
    /// holds the only reference while it edits it.
    mutating func takeValue(at position: Int) -> OverlayNode {
        let value = members[position].value
        members[position].value = .value(.null)
        return value
    }

    mutating func replaceValue(at position: Int, with value: OverlayNode) {
        members[position].value = value
    }

    /// Drops every member with `key` except the one at `position` (the first).
    mutating func removeDuplicates(of key: String, keeping position: Int) {
        if positions != nil, !hasDuplicateKeys { return }
        guard members[(position + 1)...].contains(where: { $0.key == key }) else { return }
        let kept = members[position]
        members.removeAll { $0.key == key }
        members.insert(kept, at: position)
        if positions != nil { rebuildIndex() }
    }

    /// Drops every member with `key`.
    mutating func removeAll(_ key: String) {
        members.removeAll { $0.key == key }
        if positions != nil { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        hasDuplicateKeys = false
        for (position, member) in members.enumerated() {
            if index[member.key] == nil {
                index[member.key] = position
            } else {
                hasDuplicateKeys = true
            }
        }
        positions = index
    }
}
