import Foundation

/// Where key lookups resume: per container depth, the object last searched and the member
/// after the last match (the next lookup in that object starts there), and whether the
/// object's keys are known to be unique.
struct KeyCursors {
    struct Cursor {
        var object: Int
        var next: Int
        var uniqueKeys: Bool?
    }

    var byDepth: [Cursor] = []
    /// Scratch space for ``Document/hasUniqueKeys(object:scratch:)``.
    var signatures: [UInt64] = []
}

extension DecoderImpl {
    @inline(__always)
    func keyHint(depth: Int, object: Int) -> Int? {
        guard depth < state.keyCursors.byDepth.count, state.keyCursors.byDepth[depth].object == object else { return nil }
        return state.keyCursors.byDepth[depth].next
    }

    // Each of the two below changes the cursors once: every change of an array checks that the
    // array is not shared, a call that cost a percent of a decode when made twice per lookup.

    @inline(__always)
    func setKeyHint(depth: Int, object: Int, next: Int) {
        if depth >= state.keyCursors.byDepth.count { addCursorSlots(through: depth) }
        state.keyCursors.byDepth.update(at: depth) { cursor in
            if cursor.object == object {
                cursor.next = next
            } else {
                cursor = KeyCursors.Cursor(object: object, next: next, uniqueKeys: nil)
            }
        }
    }

    /// Whether no key of `object` repeats, worked out once per object (most lookups then need
    /// no check for an earlier duplicate, which would win).
    @inline(__always)
    func hasUniqueKeys(depth: Int, object: Int) -> Bool {
        if depth < state.keyCursors.byDepth.count, state.keyCursors.byDepth[depth].object == object, let known = state.keyCursors.byDepth[depth].uniqueKeys {
            return known
        }
        let unique = document.hasUniqueKeys(object: object, scratch: &state.keyCursors.signatures)
        if depth >= state.keyCursors.byDepth.count { addCursorSlots(through: depth) }
        state.keyCursors.byDepth.update(at: depth) { cursor in
            if cursor.object == object {
                cursor.uniqueKeys = unique
            } else {
                cursor = KeyCursors.Cursor(object: object, next: object + 1, uniqueKeys: unique)
            }
        }
        return unique
    }

    @inline(never)
    private func addCursorSlots(through depth: Int) {
        while state.keyCursors.byDepth.count <= depth { state.keyCursors.byDepth.append(KeyCursors.Cursor(object: -1, next: 0, uniqueKeys: nil)) }
    }
}
