/// Writing a view's overlay: edited containers member by member, untouched document parts
/// straight from the document's bytes.
extension JSONWriter {
    mutating func write(_ node: OverlayNode) {
        switch node {
        case .value(let value):
            write(value)
        case .source(let document, let index):
            writeSource(document, index)
        case .array(let elements):
            openContainer(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                beginElement(isFirst: position == 0)
                write(element)
            }
            closeContainer(UInt8(ascii: "]"))
        case .object(let members):
            openContainer(UInt8(ascii: "{"))
            var order = Array(members.indices)
            if sortedKeys {
                order.sort { members[$0].key.utf8.lexicographicallyPrecedes(members[$1].key.utf8) }
            }
            for (position, member) in order.enumerated() {
                beginElement(isFirst: position == 0)
                writeString(members[member].key)
                writeKeySeparator()
                write(members[member].value)
            }
            closeContainer(UInt8(ascii: "}"))
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
                writeRaw(document.numberLiteral(node))
            } else {
                bytes.append(contentsOf: UnsafeBufferPointer(start: document.pointer(node), count: Int(node.length)))
            }
        case .string:
            writeSourceString(document, node)
        case .array:
            openContainer(UInt8(ascii: "["))
            var child = index + 1
            var isFirst = true
            while child < Int(node.end) {
                beginElement(isFirst: isFirst)
                isFirst = false
                writeSource(document, child)
                child = document.next(after: child)
            }
            closeContainer(UInt8(ascii: "]"))
        case .object:
            openContainer(UInt8(ascii: "{"))
            var keys: [Int] = []
            keys.reserveCapacity(Int(node.length))
            var child = index + 1
            while child < Int(node.end) {
                keys.append(child)
                child = document.next(after: child + 1)
            }
            if sortedKeys {
                let texts = keys.map { document.string(document.nodes[$0]) }
                let order = texts.indices.sorted { texts[$0].utf8.lexicographicallyPrecedes(texts[$1].utf8) }
                keys = order.map { keys[$0] }
            }
            for (position, key) in keys.enumerated() {
                beginElement(isFirst: position == 0)
                writeSourceString(document, document.nodes[key])
                writeKeySeparator()
                writeSource(document, key + 1)
            }
            closeContainer(UInt8(ascii: "}"))
        }
    }

    private mutating func writeSourceString(_ document: Document, _ node: Node) {
        // JSON5 strings may use quotes and escapes that JSON lacks: write their value instead.
        if document.isJSON5 {
            writeString(document.string(node))
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: document.pointer(node), count: Int(node.length)))
        bytes.append(UInt8(ascii: "\""))
    }
}
