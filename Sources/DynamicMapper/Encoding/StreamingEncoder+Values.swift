import Foundation

extension StreamingEncoder {
    /// Encodes the top-level value; `false` when it wrote nothing at all.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> Bool {
        slot = Slot(depth: 0, place: ValuePath(parent: rootPath, step: nil))
        return try encodeValue(value, at: slot.place, emptyAsObject: false)
    }

    /// Writes `value` at the current position (its key or separator is already out). Types that
    /// `JSONEncoder` treats specially are recognised by type identity, which costs a pointer
    /// comparison; everything else runs its own `encode(to:)` against this encoder.
    ///
    /// `place` is where the value sits in the coding path; `member` says that a keyed container
    /// has just written its key, so that a `@Flat` value can take it back and spread into the
    /// object instead.
    @discardableResult
    func encodeValue<T: Encodable>(_ value: T, at place: consuming ValuePath, emptyAsObject: Bool = true, member: Bool = false) throws -> Bool {
        guard StackGuard.hasRoom() else { return try encodeValueOnLargerStack(value, at: place, emptyAsObject: emptyAsObject, member: member) }
        if let same = SameType(T.self, Date.self) {
            try write(options.form(of: same.cast(value)), at: place)
        } else if let same = SameType(T.self, Data.self) {
            try write(options.form(of: same.cast(value)), at: place)
        } else if let same = SameType(T.self, URL.self) {
            writer.writeString(same.cast(value).absoluteString)
        } else if let same = SameType(T.self, Decimal.self) {
            writer.writeRaw(same.cast(value).description)
        } else if let same = SameType(T.self, JSON.self) {
            writer.write(same.cast(value))
        } else if let same = SameType(T.self, DynamicClass.self) {
            // A view's untouched parts keep their original bytes.
            writer.write(same.cast(value).tree)
        } else if options.keyMode != .useDefaultKeys, let dictionary = value as? any StringKeyedDictionaryEncodable {
            try encodeStringKeyedDictionary(dictionary, at: place)
        } else if !isPlainType(of: value) {
            return try encodeModel(value, at: place, emptyAsObject: emptyAsObject, member: member)
        } else {
            return try encodeInChildSlot(at: place, emptyAsObject: emptyAsObject) { try value.encode(to: self) }
        }
        return true
    }

    /// ``encodeValue(_:at:emptyAsObject:member:)`` once this thread's stack runs low: the
    /// value is written on a continuation thread (see `StackGuard`), out of line so that the
    /// check costs the hot path nothing more.
    @inline(never)
    private func encodeValueOnLargerStack<T: Encodable>(_ value: T, at place: consuming ValuePath, emptyAsObject: Bool, member: Bool) throws -> Bool {
        let here = copy place
        let codingPath = here.codingPath
        return try StackGuard.withRoom({
            try encodeValue(value, at: here, emptyAsObject: emptyAsObject, member: member)
        }, orElse: { StackGuard.encodingTooDeep(value, codingPath: codingPath) })
    }

    /// The values ``isPlainType(of:)`` does not know as plain: dynamic models, `@Flat` values
    /// and `@Mapped` models with key paths.
    private func encodeModel<T: Encodable>(_ value: T, at place: consuming ValuePath, emptyAsObject: Bool, member: Bool) throws -> Bool {
        if let model = value as? any DynamicEncodable {
            try encodeDynamicModel(model, at: place)
            return true
        }
        if let flat = value as? any FlatEncodable, flat.spreadsIntoParent {
            // Its members go into the object being written; elsewhere, only the tree can say.
            guard member, case .key(let key)? = place.step else {
                needsFallback = true
                throw StreamingFallback()
            }
            try spreadFlat(flat, key: key, in: place.parent)
            return true
        }
        if Self.writesMappedPaths(Swift.type(of: value)) {
            // Key paths write into nested objects that several properties share.
            return try encodeInChildSlot(at: place, emptyAsObject: emptyAsObject) {
                _ = startSlotTree()
                try value.encode(to: self)
            }
        }
        return try encodeInChildSlot(at: place, emptyAsObject: emptyAsObject) { try value.encode(to: self) }
    }

    /// Whether `type` is a `@Mapped` model with a property at a key path (or an empty key),
    /// which the streaming containers cannot write in place.
    private static func writesMappedPaths(_ type: Any.Type) -> Bool {
        guard let mapped = type as? any MappedCodable.Type else { return false }
        return MappedLayout.of(mapped).entries.contains { entry in
            guard entry.path.count == 1, case .key = entry.path[0] else { return true }
            return false
        }
    }

    /// Runs `body` with a fresh slot for a nested value, then closes what it opened. A value that
    /// wrote nothing becomes `{}` when `emptyAsObject`, as in `JSONEncoder`.
    @inline(__always)
    func encodeInChildSlot(at place: consuming ValuePath, emptyAsObject: Bool, _ body: () throws -> Void) throws -> Bool {
        // Swapped in and out rather than saved and assigned, which would copy the slot's path
        // (a retain and an existential key) twice more per value.
        var outer = Slot(depth: frames.count, place: place)
        swap(&slot, &outer)
        defer { swap(&slot, &outer) }
        try markingHalfWritten(body)
        if slot.filled {
            if slot.tree != 0 { writeSlotTree() } else { closeFrames(downTo: slot.depth) }
            return true
        }
        if emptyAsObject { writer.writeEmptyObject() }
        return false
    }

    /// Runs `body`, which writes a value. If it throws, the bytes written so far may be half a
    /// value: the container that began it takes it back; if nothing does and the caller
    /// swallows the error, only a re-encode gives the right output, which `halfWritten` asks for.
    @inline(__always) @discardableResult
    func markingHalfWritten<Result>(_ body: () throws -> Result) rethrows -> Result {
        do {
            return try body()
        } catch {
            halfWritten = true
            throw error
        }
    }

    /// A `@Flat` value: the key just written for it is taken back, and its keyed container is
    /// the object it was to be a member of, so its members join that object as the tree
    /// encoder spreads them (see ``StreamingFlatEncoder``).
    /// `container` is the path of the object.
    private func spreadFlat(_ flat: any FlatEncodable, key: any CodingKey, in container: CodingPathNode) throws {
        let top = frames.count - 1
        takeBackLastMember()
        try markingHalfWritten {
            let parent = FrameRef(index: top, id: frames[top].id)
            try flat.encodeFlat(to: StreamingFlatEncoder(target: self, parent: parent, parentPath: container, key: key))
        }
    }

    /// Whether `value`'s type is known to be neither a dynamic model, `@Flat` nor a `@Mapped`
    /// model with key paths: the check is a runtime lookup that costs far more than scanning
    /// this short list. The runtime type counts, so a subclass that adopts the protocol is
    /// found behind its superclass's type.
    @inline(__always)
    private func isPlainType<T>(of value: T) -> Bool {
        let type = Swift.type(of: value)
        let identifier = ObjectIdentifier(type)
        if plainTypes.contains(identifier) { return true }
        if type is any DynamicEncodable.Type || type is any FlatEncodable.Type || Self.writesMappedPaths(type) { return false }
        plainTypes.remember(identifier)
        return true
    }

    /// A dynamic model: its document merged with its properties (see ``DynamicEncoding``),
    /// built first and then written in one go.
    private func encodeDynamicModel(_ model: any DynamicEncodable, at place: ValuePath) throws {
        // The key is already out: the container takes it back (see ``takeBack(to:frame:)``).
        try markingHalfWritten {
            writer.write(try DynamicEncoding.model(model, options: options, path: place.codingPath))
        }
    }

    /// Writes a `Date` or `Data` in the form the options chose for it.
    private func write(_ form: StrategyForm, at place: ValuePath) throws {
        switch form {
        case .encoded(let encode):
            _ = try encodeInChildSlot(at: place, emptyAsObject: true) { try encode(self) }
        case .number(let value):
            try writeFloat(value, strategy: .throw, path: place.codingPath)
        case .string(let text):
            writer.writeString(text)
        }
    }

    private func encodeStringKeyedDictionary(_ dictionary: any StringKeyedDictionaryEncodable, at place: ValuePath) throws {
        _ = try encodeInChildSlot(at: place, emptyAsObject: true) {
            let (frame, path) = openContainer(in: &slot, isObject: true)
            try dictionary.forEachMember { memberKey, value in
                guard enter(frame) else { throw StreamingFallback() }
                beginMember(memberKey)
                try encodeValue(value, at: ValuePath(parent: path, step: .key(StringKey(memberKey))))
            }
        }
    }

    /// The container for a value's slot, and its coding path; asking again returns the same
    /// container, so a subclass and its superclass that share `encoder.container(keyedBy:)`
    /// fill one object. The path comes with a container that can still be used when it is
    /// dead, as model code may ask a dead container for its path.
    func openContainer(in slot: inout Slot, isObject: Bool) -> (frame: FrameRef, path: CodingPathNode) {
        let ref = openFrame(in: &slot, isObject: isObject)
        return (ref, node(of: slot.place))
    }

    private func openFrame(in slot: inout Slot, isObject: Bool) -> FrameRef {
        if slot.frameID != 0 {
            let ref = FrameRef(index: slot.depth, id: slot.frameID)
            if isAlive(ref) && frames[ref.index].isObject == isObject {
                closeFrames(downTo: ref.index + 1)
                return ref
            }
            needsFallback = true
            return .dead
        }
        guard !slot.filled, frames.count == slot.depth else {
            needsFallback = true
            return .dead
        }
        slot.filled = true
        let ref = openFrame(isObject: isObject)
        slot.frameID = ref.id
        return ref
    }

    /// A container nested under `key` of the object at `parent`, whose path is `parentPath`.
    func openNestedContainer(in parent: FrameRef, parentPath: CodingPathNode, key: some CodingKey, isObject: Bool) -> FrameRef {
        guard enter(parent) else { return .dead }
        beginMember(convertedKey(key, in: parentPath))
        return openFrame(isObject: isObject)
    }

    /// A container appended to the array at `parent`.
    func openNestedContainer(inArray parent: FrameRef, isObject: Bool) -> FrameRef {
        guard enter(parent) else { return .dead }
        beginElement()
        return openFrame(isObject: isObject)
    }
}

// MARK: - Encoder

extension StreamingEncoder: Encoder, StreamingSingleValueTarget {
    var codingPath: [any CodingKey] { slot.place.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var target: StreamingEncoder { self }

    var singleValuePlace: ValuePath { slot.place }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.tree != 0 { return slotTree.container(keyedBy: type) }
        let keyedKeys = isKeyedKeyType(Key.self)
        if keyedKeys && !slot.filled && frames.count == slot.depth { return startSlotTree().container(keyedBy: type) }
        let (frame, path) = openContainer(in: &slot, isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self, frame: frame, path: path, keyedKeys: keyedKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.tree != 0 { return slotTree.unkeyedContainer() }
        let (frame, path) = openContainer(in: &slot, isObject: false)
        return StreamingUnkeyedContainer(encoder: self, frame: frame, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        slot.tree != 0 ? slotTree.singleValueContainer() : self
    }

    // MARK: Values built as trees

    // A value whose keys are ``KeyedKey``s writes through paths into nested objects, and
    // spreads flat members into its own: it is built as a tree from its first container on,
    // then written in one go, so that its `encode(to:)` runs once.

    private var slotTree: TreeEncoder { slotTrees[slot.tree - 1] }

    /// The tree the current value is built in, for `encoder.encode(_:at:)`: paths write into
    /// objects and arrays that later paths share, which only the tree can do. Started here
    /// when the value has not begun; otherwise the whole value falls back to the tree encoder.
    func treeForPaths() throws -> TreeEncoder {
        if slot.tree != 0 { return slotTree }
        guard !slot.filled && frames.count == slot.depth else {
            needsFallback = true
            throw StreamingFallback()
        }
        return startSlotTree()
    }

    private func startSlotTree() -> TreeEncoder {
        var treeOptions = options
        if misuse == nil { misuse = ContainerMisuse() }
        treeOptions.misuse = misuse
        let tree = TreeEncoder(options: treeOptions, codingPath: codingPath)
        slotTrees.append(tree)
        slot.tree = slotTrees.count
        slot.filled = true
        return tree
    }

    private func writeSlotTree() {
        let tree = slotTrees.remove(at: slot.tree - 1)
        writer.write(tree.value ?? .value(.object(JSON.Object())))
    }

    func beginSingleValue() throws {
        guard !slot.filled, frames.count == slot.depth else {
            needsFallback = true
            throw StreamingFallback()
        }
        slot.filled = true
    }
}

// MARK: - Single values

/// An encoder whose single-value container writes straight to the output: the shared
/// ``StreamingEncoder`` and the super encoders it hands out.
protocol StreamingSingleValueTarget: AnyObject, SingleValueEncodingContainer {
    var target: StreamingEncoder { get }
    /// Where the value goes in the coding path.
    var singleValuePlace: StreamingEncoder.ValuePath { get }
    /// Claims the slot for one value; throws ``StreamingFallback`` when it cannot be written in place.
    func beginSingleValue() throws
}

extension StreamingSingleValueTarget {
    func encodeNil() throws { try beginSingleValue(); target.writer.writeNull() }
    func encode(_ value: Bool) throws { try beginSingleValue(); target.writer.writeBool(value) }
    func encode(_ value: String) throws { try beginSingleValue(); target.writer.writeString(value) }
    func encode(_ value: Int) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: Int8) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: Int16) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: Int32) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: Int64) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: UInt) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: UInt8) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: UInt16) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: UInt32) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    func encode(_ value: UInt64) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { try beginSingleValue(); target.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { try beginSingleValue(); target.writer.writeInteger(value) }

    // The slot is claimed before the value is known to be writable: if it throws and the
    // caller catches, the slot is filled with nothing and only the tree can fill it.

    func encode(_ value: Double) throws { try encodeFloat(value) }
    func encode(_ value: Float) throws { try encodeFloat(value) }

    private func encodeFloat<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(_ value: F) throws {
        try beginSingleValue()
        try target.markingHalfWritten {
            try target.writeFloat(value, strategy: target.options.floatStrategy, path: codingPath)
        }
    }

    func encode<T: Encodable>(_ value: T) throws {
        try beginSingleValue()
        try target.markingHalfWritten { try target.encodeValue(value, at: singleValuePlace) }
    }
}
