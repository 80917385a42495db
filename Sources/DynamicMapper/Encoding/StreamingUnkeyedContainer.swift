import Foundation

/// Appends elements straight into an open array of a ``StreamingEncoder``.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamingEncoder
    let frame: StreamingEncoder.FrameRef
    /// Set for a container nested in another, so that its coding path outlives its frame.
    var nesting: StreamingEncoder.Nesting? = nil

    var codingPath: [any CodingKey] { encoder.containerPath(frame, nesting: nesting) }

    var count: Int { encoder.isAlive(frame) ? encoder.frames[frame.index].count : 0 }

    /// Positions the output for the next element and returns its index.
    @inline(__always)
    @discardableResult
    private func begin() throws -> Int {
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let index = encoder.frames[frame.index].count
        encoder.beginElement()
        return index
    }

    mutating func encodeNil() throws { try begin(); encoder.writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.writeBool(value) }
    mutating func encode(_ value: String) throws { try begin(); encoder.writer.writeString(value) }
    mutating func encode(_ value: Int) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try begin(); encoder.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try begin(); encoder.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try begin(); encoder.writer.writeInteger(value) }

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
            try encoder.encodeValue(value, key: IndexKey(index))
        } catch {
            encoder.takeBack(to: mark, frame: frame)
            throw error
        }
    }

    /// A plain value runs no code of its own, so only its separator can need taking back.
    @inline(__always)
    private func encodePlain(_ plain: PlainValue) throws {
        guard encoder.enter(frame) else { throw StreamingFallback() }
        let start = encoder.writer.bytes.count
        let index = encoder.frames[frame.index].count
        encoder.beginElement()
        do {
            try encoder.write(plain) { codingPath + [IndexKey(index)] }
        } catch {
            encoder.writer.bytes.removeSubrange(start...)
            encoder.frames[frame.index].count = index
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let place = StreamingEncoder.Nesting(parent: frame, key: IndexKey(count))
        let nested = encoder.openNestedContainer(inArray: frame, isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, frame: nested, nesting: place))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let place = StreamingEncoder.Nesting(parent: frame, key: IndexKey(count))
        return StreamingUnkeyedContainer(encoder: encoder, frame: encoder.openNestedContainer(inArray: frame, isObject: false), nesting: place)
    }

    mutating func superEncoder() -> any Encoder {
        StreamingSuperEncoder(target: encoder, parent: frame, position: count)
    }
}
