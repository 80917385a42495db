#if DYNAMICMAPPER_INVARIANTS
extension StreamingEncoder {
    /// Stops with the broken rule when the open frames disagree with each other or with the
    /// output, which only a bug in this encoder can cause (no input can). Compiled only with
    /// the `DYNAMICMAPPER_INVARIANTS` flag, which a CI test build sets; the take-back of a
    /// value that threw relies on these rules. Once the output is bound for the tree (a
    /// fallback, or a half-written value nothing took back), frames a failed value left open
    /// may disagree with the output, and nothing of the stream is used, so nothing is checked.
    func checkOpenFrames() {
        guard !state.needsFallback && !state.halfWritten else { return }
        if let broken = brokenFrameRule() {
            preconditionFailure("StreamingEncoder: \(broken)")
        }
    }

    private func brokenFrameRule() -> String? {
        if state.writer.depth != state.frames.count { return "writer depth \(state.writer.depth) with \(state.frames.count) open frames" }
        var previous: Frame?
        for (index, frame) in state.frames.enumerated() {
            let ownedEnd = index + 1 < state.frames.count ? state.frames[index + 1].membersStart : state.members.count
            if let previous {
                if frame.id <= previous.id { return "frame \(index) has id \(frame.id) after \(previous.id)" }
            }
            if frame.id > state.lastFrameID { return "frame \(index) has an id never handed out" }
            if frame.membersStart > ownedEnd { return "frame \(index) starts its members past the next frame's" }
            let owned = ownedEnd - frame.membersStart
            if owned != (frame.isObject ? frame.count : 0) {
                return "frame \(index) has \(frame.count) elements and \(owned) members"
            }
            var end = frame.membersStart > 0 ? state.members[frame.membersStart - 1].keyEnd : 0
            for member in state.members[frame.membersStart..<ownedEnd] {
                guard end <= member.separatorStart, member.separatorStart <= member.keyStart,
                    member.keyStart < member.keyEnd, member.keyEnd <= state.writer.count
                else {
                    return "frame \(index) has a member outside the output or before the one ahead of it"
                }
                end = member.keyEnd
            }
            previous = frame
        }
        return nil
    }
}
#endif
