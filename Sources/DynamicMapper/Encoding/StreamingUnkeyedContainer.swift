import Foundation

/// Appends elements straight into an open array of a ``StreamingEncoder``.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamingEncoder
    let frame: StreamingEncoder.FrameRef
    /// This container's coding path, which outlives its frame.
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.codingPath }

    /// Once the frame has closed, the stream no longer knows how many elements it got: the
    /// tree encoder, which does, runs the value again and answers there.
    var count: Int {
        guard encoder.isAlive(frame) else {
            encoder.state.needsFallback = true
            return 0
        }
        return encoder.state.frames[frame.index].count
    }

    /// Positions the output for the next element and returns its index.
    @inline(__always)
    @discardableResult
    private func begin() throws -> Int {
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let index = encoder.state.frames[frame.index].count
        encoder.beginElement()
        return index
    }

    mutating func encodeNil() throws { try begin(); encoder.state.writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.state.writer.writeBool(value) }
    mutating func encode(_ value: String) throws { try begin(); encoder.state.writer.writeString(value) }
    mutating func encode(_ value: Int) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try begin(); encoder.state.writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try begin(); encoder.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try begin(); encoder.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try begin(); encoder.state.writer.writeInteger(value) }

    // A value that throws is taken back whole, as `JSONEncoder` appends nothing for it (see
    // `StreamingEncoder.takeBack(to:frame:)`).

    mutating func encode(_ value: Double) throws { try encodePlain(.double(value)) }
    mutating func encode(_ value: Float) throws { try encodePlain(.float(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let plain = PlainValue(value) { return try encodePlain(plain) }
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let mark = encoder.mark(frame)
        let index = mark.elements
        encoder.beginElement()
        do {
            try encoder.encodeValue(value, at: .init(parent: path, step: .index(index)))
        } catch {
            encoder.takeBack(to: mark, frame: frame)
            throw error
        }
    }

    /// A plain value runs no code of its own, so only its separator can need taking back.
    @inline(__always)
    private func encodePlain(_ plain: PlainValue) throws {
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let start = encoder.state.writer.count
        let index = encoder.state.frames[frame.index].count
        encoder.beginElement()
        do {
            // Unretained: the closure runs (if ever) inside this call, while `self` holds the
            // node; a strong capture cost two retains and releases per value.
            let node = Unretained(path)
            try encoder.write(plain) { node.object.codingPath(appending: .index(index)) }
        } catch {
            encoder.state.writer.truncate(to: start)
            encoder.state.frames[frame.index].count = index
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nestedPath = encoder.state.pathSpares.child(of: path, .index(count))
        let nested = encoder.openNestedContainer(inArray: frame, isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, frame: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nestedPath = encoder.state.pathSpares.child(of: path, .index(count))
        return StreamingUnkeyedContainer(encoder: encoder, frame: encoder.openNestedContainer(inArray: frame, isObject: false), path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        StreamingSuperEncoder(target: encoder, parent: frame, parentPath: path, position: count)
    }
}
