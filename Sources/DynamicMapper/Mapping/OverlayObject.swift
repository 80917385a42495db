/// An object materialised for editing: its members in order, and for larger objects an
/// index from key to first position, so that setting many keys one by one stays linear.
///
/// Keys compare as Swift strings (canonical equivalence), and so does the index, whose hashing
/// follows the same rule. A document may hold a key more than once; the first one is the one
/// read (as `JSONDecoder` reads it), and an edit of it drops the others, so that no later
/// duplicate can carry a different value past a reader that keeps the last one.
struct OverlayObject: Sendable {
    private(set) var members: [OverlayMember]
    /// First position of each key, kept once the object has more than `indexThreshold`
    /// members (a short scan is cheaper below that).
    private var positions: [String: Int]?
    /// Whether some key appears twice; only members read from a document can be duplicates.
    private(set) var hasDuplicateKeys = false

    private static let indexThreshold = 16

    init(_ members: [OverlayMember] = []) {
        self.members = members
        rebuildIndex()
    }

    var count: Int { members.count }

    subscript(position: Int) -> OverlayMember { members[position] }

    func firstIndex(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    mutating func append(_ member: OverlayMember) {
        if positions != nil {
            if positions?[member.key] == nil {
                positions?[member.key] = members.count
            } else {
                hasDuplicateKeys = true
            }
        } else if !hasDuplicateKeys, members.contains(where: { $0.key == member.key }) {
            hasDuplicateKeys = true
        }
        members.append(member)
        if positions == nil, members.count > Self.indexThreshold { rebuildIndex() }
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

    /// Drops every member with `key` except the one at `position`.
    mutating func removeDuplicates(of key: String, keeping position: Int) {
        guard hasDuplicateKeys else { return }
        var kept = position
        var index = members.count - 1
        var removed = false
        while index >= 0 {
            if index != kept, members[index].key == key {
                members.remove(at: index)
                if index < kept { kept -= 1 }
                removed = true
            }
            index -= 1
        }
        if removed { rebuildIndex() }
    }

    /// Drops every member with `key`.
    mutating func removeAll(_ key: String) {
        members.removeAll { $0.key == key }
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        hasDuplicateKeys = false
        guard members.count > Self.indexThreshold else {
            positions = nil
            // A pairwise scan: at most 120 comparisons, and no allocation.
            for later in members.indices.dropFirst() where members[..<later].contains(where: { $0.key == members[later].key }) {
                hasDuplicateKeys = true
                break
            }
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
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
