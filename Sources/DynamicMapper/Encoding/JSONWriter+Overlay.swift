/// Writing what the tree encoder and the views build: edited containers member by member,
/// untouched document parts straight from the document's bytes.
extension JSONWriter {
    /// A value the tree encoder built, with dynamic models' documents written from their bytes.
    mutating func write(_ node: TreeNode) {
        switch node {
        case .value(let value):
            write(value)
        case .overlay(let overlay):
            write(overlay)
        case .array(let array):
            if movedToLargerStack({ $0.write(node) }) { return }
            writeArray(count: array.nodes.count) { $0.write(array.nodes[$1]) }
        case .object(let object):
            if movedToLargerStack({ $0.write(node) }) { return }
            writeObject(count: object.keys.count, key: { object.keys[$0] }) { $0.write(object.nodes[$1]) }
        }
    }

    /// Writing a tree recurses once per level of nesting, and a model's tree is as deep as its
    /// document (the encoders guard their own recursion the same way): when this thread's stack
    /// runs low, `write` runs on a continuation thread instead (see `StackGuard`) and this
    /// returns `true`. Checked at containers only, so scalars cost nothing more. On a
    /// continuation thread that runs low too it returns `false` and the write goes on here.
    private mutating func movedToLargerStack(_ write: (inout JSONWriter) -> Void) -> Bool {
        if StackGuard.hasRoom() { return false }
        let moved: Void? = try? StackGuard.continuing { write(&self) }
        return moved != nil
    }

    mutating func write(_ node: OverlayNode) {
        switch node {
        case .value(let value):
            write(value)
        case .source(let document, let index):
            writeSource(document, index)
        case .array(let elements):
            if movedToLargerStack({ $0.write(node) }) { return }
            writeArray(count: elements.count) { $0.write(elements[$1]) }
        case .object(let object):
            if movedToLargerStack({ $0.write(node) }) { return }
            writeObject(count: object.count, key: { object[$0].key }) { $0.write(object[$1].value) }
        }
    }

    /// A document subtree as it was read: strings keep their original escapes and numbers their
    /// literal text; only the layout (and, with `.sortedKeys`, member order) follows this writer.
    private mutating func writeSource(_ document: Document, _ index: Int) {
        let node = document.nodes[index]
        switch node.kind {
        case .null: writeNull()
        case .true: writeBool(true)
        case .false: writeBool(false)
        case .number:
            if node.flags.contains(.json5) {
                writeNumber(literal: document.numberLiteral(node))
            } else {
                document.withBytes(of: node) { append(contentsOf: UnsafeBufferPointer(start: $0, count: $1)) }
            }
        case .string:
            writeSourceString(document, node)
        case .array:
            if movedToLargerStack({ $0.writeSource(document, index) }) { return }
            let elements = Array(document.children(of: index))
            writeArray(count: elements.count) { $0.writeSource(document, elements[$1]) }
        case .object:
            if movedToLargerStack({ $0.writeSource(document, index) }) { return }
            writeSourceObject(document, keys: Array(document.children(of: index)))
        }
    }

    /// An object's members with their keys as read (sorted by value when keys are sorted).
    private mutating func writeSourceObject(_ document: Document, keys: [Int]) {
        var order = keys
        if sortedKeys {
            let texts = keys.map { document.string(document.nodes[$0]) }
            order = KeyOrder.positions(count: keys.count, sorted: true) { texts[$0] }.map { keys[$0] }
        }
        openContainer(UInt8(ascii: "{"))
        for (position, key) in order.enumerated() {
            beginElement(isFirst: position == 0)
            writeSourceString(document, document.nodes[key])
            writeKeySeparator()
            writeSource(document, key + 1)
        }
        closeContainer(UInt8(ascii: "}"))
    }

    private mutating func writeSourceString(_ document: Document, _ node: Node) {
        // JSON5 strings may use quotes and escapes that JSON lacks: write their value instead.
        if document.isJSON5 {
            writeString(document.string(node))
            return
        }
        append(UInt8(ascii: "\""))
        document.withBytes(of: node) { append(contentsOf: UnsafeBufferPointer(start: $0, count: $1)) }
        append(UInt8(ascii: "\""))
    }
}
