import Foundation

extension StreamingEncoder {
    /// Encodes the top-level value; `false` when it wrote nothing at all.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> Bool {
        state.slot = Slot(depth: 0, place: ValuePath(parent: rootPath, step: nil))
        return try encodeValue(value, at: state.slot.place, emptyAsObject: false)
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
            state.writer.writeString(same.cast(value).absoluteString)
        } else if let same = SameType(T.self, Decimal.self) {
            state.writer.writeRaw(same.cast(value).description)
        } else if let same = SameType(T.self, JSON.self) {
            state.writer.write(same.cast(value))
        } else if let same = SameType(T.self, DynamicClass.self) {
            // A view's untouched parts keep their original bytes.
            state.writer.write(same.cast(value).tree)
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
        return try StackGuard.withRoom(
            {
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
                state.needsFallback = true
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
        var outer = Slot(depth: state.frames.count, place: place)
        swap(&state.slot, &outer)
        defer { swap(&state.slot, &outer) }
        try markingHalfWritten(body)
        if state.slot.filled {
            if state.slot.tree != 0 { writeSlotTree() } else { closeFrames(downTo: state.slot.depth) }
            return true
        }
        if emptyAsObject { state.writer.writeEmptyObject() }
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
            state.halfWritten = true
            throw error
        }
    }

    /// A `@Flat` value: the key just written for it is taken back, and its keyed container is
    /// the object it was to be a member of, so its members join that object as the tree
    /// encoder spreads them (see ``StreamingFlatEncoder``).
    /// `container` is the path of the object.
    private func spreadFlat(_ flat: any FlatEncodable, key: any CodingKey, in container: CodingPathNode) throws {
        let top = state.frames.count - 1
        takeBackLastMember()
        try markingHalfWritten {
            let parent = FrameRef(index: top, id: state.frames[top].id)
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
        if state.plainTypes.contains(identifier) { return true }
        if type is any DynamicEncodable.Type || type is any FlatEncodable.Type || Self.writesMappedPaths(type) { return false }
        state.plainTypes.remember(identifier)
        return true
    }

    /// A dynamic model: its document merged with its properties (see ``DynamicEncoding``),
    /// built first and then written in one go.
    private func encodeDynamicModel(_ model: any DynamicEncodable, at place: ValuePath) throws {
        // The key is already out: the container takes it back (see ``takeBack(to:frame:)``).
        try markingHalfWritten {
            state.writer.write(try DynamicEncoding.model(model, options: options, path: place.codingPath))
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
            state.writer.writeString(text)
        }
    }

    private func encodeStringKeyedDictionary(_ dictionary: any StringKeyedDictionaryEncodable, at place: ValuePath) throws {
        _ = try encodeInChildSlot(at: place, emptyAsObject: true) {
            let (frame, path) = openSlotContainer(isObject: true)
            try dictionary.forEachMember { memberKey, value in
                guard enter(frame) else { throw StreamingFallback() }
                beginMember(memberKey)
                try encodeValue(value, at: ValuePath(parent: path, step: .key(StringKey(memberKey))))
            }
        }
    }

    /// The container for the value's slot (`state.slot`), and its coding path; asking again
    /// returns the same container, so a subclass and its superclass that share
    /// `encoder.container(keyedBy:)` fill one object. The path comes with a container that can
    /// still be used when it is dead, as model code may ask a dead container for its path.
    /// The slot is read and written in place rather than passed `inout`: an `inout` access
    /// to it would last across the frame work below, which touches the rest of `state`.
    func openSlotContainer(isObject: Bool) -> (frame: FrameRef, path: CodingPathNode) {
        let ref = openSlotFrame(isObject: isObject)
        return (ref, node(of: state.slot.place))
    }

    private func openSlotFrame(isObject: Bool) -> FrameRef {
        if state.slot.frameID != 0 {
            let ref = FrameRef(index: state.slot.depth, id: state.slot.frameID)
            if isAlive(ref) && state.frames[ref.index].isObject == isObject {
                closeFrames(downTo: ref.index + 1)
                return ref
            }
            state.needsFallback = true
            return .dead
        }
        guard !state.slot.filled, state.frames.count == state.slot.depth else {
            state.needsFallback = true
            return .dead
        }
        state.slot.filled = true
        let ref = openFrame(isObject: isObject)
        state.slot.frameID = ref.id
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
    var codingPath: [any CodingKey] { state.slot.place.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var target: StreamingEncoder { self }

    var singleValuePlace: ValuePath { state.slot.place }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.slot.tree != 0 { return slotTree.container(keyedBy: type) }
        let keyedKeys = isKeyedKeyType(Key.self)
        if keyedKeys && !state.slot.filled && state.frames.count == state.slot.depth { return startSlotTree().container(keyedBy: type) }
        let (frame, path) = openSlotContainer(isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self, frame: frame, path: path, keyedKeys: keyedKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if state.slot.tree != 0 { return slotTree.unkeyedContainer() }
        let (frame, path) = openSlotContainer(isObject: false)
        return StreamingUnkeyedContainer(encoder: self, frame: frame, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        state.slot.tree != 0 ? slotTree.singleValueContainer() : self
    }

    // MARK: Values built as trees

    // A value whose keys are ``KeyedKey``s writes through paths into nested objects, and
    // spreads flat members into its own: it is built as a tree from its first container on,
    // then written in one go, so that its `encode(to:)` runs once.

    private var slotTree: TreeEncoder { state.slotTrees[state.slot.tree - 1] }

    /// The tree the current value is built in, for `encoder.encode(_:at:)`: paths write into
    /// objects and arrays that later paths share, which only the tree can do. Started here
    /// when the value has not begun; otherwise the whole value falls back to the tree encoder.
    func treeForPaths() throws -> TreeEncoder {
        if state.slot.tree != 0 { return slotTree }
        guard !state.slot.filled && state.frames.count == state.slot.depth else {
            state.needsFallback = true
            throw StreamingFallback()
        }
        return startSlotTree()
    }

    private func startSlotTree() -> TreeEncoder {
        var treeOptions = options
        if state.misuse == nil { state.misuse = ContainerMisuse() }
        treeOptions.misuse = state.misuse
        let tree = TreeEncoder(options: treeOptions, codingPath: codingPath)
        state.slotTrees.append(tree)
        state.slot.tree = state.slotTrees.count
        state.slot.filled = true
        return tree
    }

    private func writeSlotTree() {
        let tree = state.slotTrees.remove(at: state.slot.tree - 1)
        state.writer.write(tree.value ?? .value(.object(JSON.Object())))
    }

    func beginSingleValue() throws {
        guard !state.slot.filled, state.frames.count == state.slot.depth else {
            state.needsFallback = true
            throw StreamingFallback()
        }
        state.slot.filled = true
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
    func encodeNil() throws { try beginSingleValue(); target.state.writer.writeNull() }
    func encode(_ value: Bool) throws { try beginSingleValue(); target.state.writer.writeBool(value) }
    func encode(_ value: String) throws { try beginSingleValue(); target.state.writer.writeString(value) }
    func encode(_ value: Int) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: Int8) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: Int16) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: Int32) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: Int64) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: UInt) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: UInt8) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: UInt16) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: UInt32) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    func encode(_ value: UInt64) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { try beginSingleValue(); target.state.writer.writeInteger(value) }

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
