import Foundation

/// The block-at-a-time scanner checked against the byte-at-a-time reference, for the tests and
/// the fuzz targets (which are built into this package, so they see `package` symbols).
package enum BlockScanCheck {
    /// Scans `text` both ways. `difference` describes how the two disagree (other nodes, or
    /// another error, offset, line or column), nil when they agree; `accepted` is whether the
    /// text is valid.
    ///
    /// ```swift
    /// let check = BlockScanCheck.compare(Data("[1, \"a\"]".utf8), allowsJSON5: false)
    /// // check.accepted == true, check.difference == nil
    /// ```
    package static func compare(_ text: Data, allowsJSON5: Bool) -> (accepted: Bool, difference: String?) {
        let blocks = outcome(text, allowsJSON5: allowsJSON5, byteByByte: false)
        let reference = outcome(text, allowsJSON5: allowsJSON5, byteByByte: true)
        let accepted = if case .success = blocks { true } else { false }
        switch (blocks, reference) {
        case (.success(let ours), .success(let theirs)):
            guard ours != theirs else { return (accepted, nil) }
            let index = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, theirs.count)
            return (accepted, "node \(index) differs: blocks \(ours.dropFirst(index).first ?? []), bytes \(theirs.dropFirst(index).first ?? [])")
        case (.failure(let ours), .failure(let theirs)):
            return (accepted, ours == theirs ? nil : "blocks: \(ours) (offset \(ours.offset)), bytes: \(theirs) (offset \(theirs.offset))")
        default:
            return (accepted, "blocks: \(blocks), bytes: \(reference)")
        }
    }

    /// Each node as its fields, or the syntax error.
    private static func outcome(_ text: Data, allowsJSON5: Bool, byteByByte: Bool) -> Result<[[UInt32]], JSONSyntaxError> {
        var options = ScanOptions(allowsJSON5: allowsJSON5)
        options.scansByteByByte = byteByByte
        do {
            let document = try Document(data: text, options: options)
            return .success(
                document.nodes.map {
                    [UInt32($0.kind.rawValue), UInt32($0.flags.rawValue), $0.offset, $0.length, $0.end]
                })
        } catch DecodingError.dataCorrupted(let context) {
            if let syntax = context.underlyingError as? JSONSyntaxError { return .failure(syntax) }
            // Not a syntax error: a stand-in compared by its text (the kind is arbitrary).
            return .failure(JSONSyntaxError(.unexpectedCharacter, reason: context.debugDescription, line: 0, column: 0, offset: -1))
        } catch {
            return .failure(JSONSyntaxError(.unexpectedCharacter, reason: "\(error)", line: 0, column: 0, offset: -1))
        }
    }
}
