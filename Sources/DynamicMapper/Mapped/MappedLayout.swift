import Foundation

/// A ``Mapped`` wrapper seen without its value type, as the layout keeps prototypes.
protocol MappedProperty {
    /// The key or path written on the property, or nil for the property's name.
    var mappedKey: String? { get }
    /// Everything written on the property.
    var configuration: MappedConfiguration { get }
    /// The wrapper's `Value` type.
    static var valueType: ObjectIdentifier { get }
    /// The default in a ``MappedDefault`` (nil when there is none).
    var defaultBox: AnyObject? { get }
    /// The current value, as `Any` (an optional stays an optional).
    var anyValue: Any { get }
    /// The value, default or zero value when there is one, as `Any`; never traps.
    var anyCurrentValue: Any? { get }
    /// A copy of this wrapper holding the value decoded from `access`'s object at `entry`.
    func decoded(from access: ObjectAccess, entry: MappedEntry) throws -> any MappedProperty
    /// The same through any decoder's containers.
    func decoded(from container: KeyedDecodingContainer<AnyKey>, entry: MappedEntry) throws -> any MappedProperty
    /// A copy of this wrapper holding `value`, or nil when `value` is not of its type.
    func replacingValue(with value: Any?) -> (any MappedProperty)?
    /// Writes this wrapper's value into `container`, under its key or path; `nested` writes a
    /// path through nested containers (for encoders other than this package's).
    func encode(into container: inout KeyedEncodingContainer<AnyKey>, property: String, nested: Bool) throws
}

/// A `@Mapped` property's default, kept by its layout entry.
final class MappedDefault<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// One `@Mapped` property of a model type, learned from a prototype.
@usableFromInline
final class MappedEntry: @unchecked Sendable {
    // @unchecked: every member is immutable; the prototype is a value only ever copied.

    /// The property's name as declared (`firstName`), which is also its coding key.
    let name: String
    /// The wrapper's `Value`, to check that a lookup by name found the property of the right type.
    let valueType: ObjectIdentifier
    /// The wrapper as the model's `init()` makes it: key, default, options.
    let prototype: any MappedProperty
    /// Where the value is, from the model's object: the key or path, or the name. For a key
    /// that is malformed path text, one step that names no place (see ``syntaxError``).
    let path: [Path.Component]
    /// What is wrong with the key written on the property, when it is malformed path text:
    /// decoding and encoding the property throw rather than read or write nothing.
    let syntaxError: PathSyntaxError?
    /// The prototype's configuration, kept apart so that decoding needs no cast.
    let configuration: MappedConfiguration
    /// The property's key or path is made of keys and it has no transformer or option that
    /// changes decoding: a value that is there is decoded like a plain property's.
    let isPlain: Bool
    /// The key of a plain property whose path is one key.
    let plainKey: String?
    /// The two steps of a plain property whose path is two keys (`address.city`): this
    /// package's decoder reads it without making an ``ObjectAccess``, whose two strong
    /// references cost more (atomically counted) than the rest of the look-up.
    let plainKeyPair: (first: String, second: Path.Component)?
    /// The first key, as the coding key of a one-key path.
    let codingKey: any CodingKey
    /// The prototype's default in a ``MappedDefault`` of the wrapper's `Value`, read only when
    /// a key is missing: unboxed without the dynamic cast an `Any` would need.
    private let defaultBox: AnyObject?

    /// `renamedTo`: the key the model's `CodingKeys` gives the property, when not its name.
    init(name: String, prototype: any MappedProperty, renamedTo: String? = nil) {
        self.name = name
        self.prototype = prototype
        configuration = prototype.configuration.declared
        valueType = type(of: prototype).valueType
        let written = prototype.mappedKey.map { Path($0) }
        syntaxError = written?.syntaxError
        path = written?.components ?? [.key(renamedTo ?? name)]
        let keysOnly = !path.isEmpty && path.allSatisfy { if case .key = $0 { true } else { false } }
        isPlain = keysOnly && configuration.typed == nil && configuration.flags.subtracting([.encodeNil, .hasCoder, .filled]).isEmpty
        if case .key(let first)? = path.first { codingKey = StringKey(first) } else { codingKey = StringKey(name) }
        if isPlain, path.count == 1, case .key(let key) = path[0] { plainKey = key } else { plainKey = nil }
        if isPlain, path.count == 2, case .key(let first) = path[0] { plainKeyPair = (first, path[1]) } else { plainKeyPair = nil }
        defaultBox = prototype.defaultBox
    }

    /// Throws the error for a property whose key is malformed path text; `parent` is the
    /// coding path of the model's object.
    @inline(never)
    func checkKey(parent: () -> [any CodingKey]) throws {
        guard let syntaxError else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: parent() + [StringKey(name)], debugDescription: Self.malformedMessage(syntaxError, property: name)))
    }

    /// The message for the @Mapped property `property` whose key is malformed path text.
    static func malformedMessage(_ error: PathSyntaxError, property: String) -> String {
        "The @Mapped key of the property \(property) is malformed path text: \(error). Write ['…'] for a key with brackets in it, or \\ before such a character."
    }

    /// The default as a `Value`.
    func defaultValue<Value>(_ type: Value.Type) -> Value? {
        guard let defaultBox else { return nil }
        // The box holds the prototype's `Value`, which `valueType` names.
        guard valueType == ObjectIdentifier(Value.self) else { return (defaultBox as? MappedDefault<Value>)?.value }
        return unsafeDowncast(defaultBox, to: MappedDefault<Value>.self).value
    }
}

/// Every `@Mapped` property of a model type, learned once per type from `Model()` with a
/// `Mirror` (the swift-argument-parser way) and shared by all decoders.
final class MappedLayout: Sendable {
    let entries: [MappedEntry]
    /// Entry index by property name.
    private let positions: [String: Int]
    /// The model is also a dynamic model (it gets its view after decoding).
    let isDynamic: Bool
    /// The model type's name, for errors.
    let modelName: String
    /// Learns the coding keys that the model's `CodingKeys` give its properties (see
    /// ``MappedProbe``); run only when a property is asked for under a key that is not a name.
    private let probe: @Sendable () -> [String: String]
    private let renamed = RenamedEntries()

    private init(entries: [MappedEntry], isDynamic: Bool, modelName: String, probe: @escaping @Sendable () -> [String: String]) {
        self.entries = entries
        self.isDynamic = isDynamic
        self.modelName = modelName
        self.probe = probe
        var positions: [String: Int] = [:]
        for (position, entry) in entries.enumerated() where positions[entry.name] == nil {
            positions[entry.name] = position
        }
        self.positions = positions
    }

    /// The entry for the property `name` whose value type is `valueType`. `cursor` is where the
    /// previous lookup ended: synthesized `init(from:)` asks in declaration order, which is
    /// the order of the entries, so the next one is usually right.
    @inline(__always)
    func entry(named name: String, valueType: ObjectIdentifier, cursor: inout Int) -> MappedEntry? {
        unretainedEntry(named: name, valueType: valueType, cursor: &cursor)?.object
    }

    /// ``entry(named:valueType:cursor:)`` without a retain, valid while this layout lives.
    @inline(__always)
    func unretainedEntry(named name: String, valueType: ObjectIdentifier, cursor: inout Int) -> Unretained<MappedEntry>? {
        if cursor < entries.count {
            let next = Unretained(entries[cursor])
            if next.with({ $0.valueType == valueType && $0.name == name }) {
                cursor += 1
                return next
            }
        }
        guard let position = positions[name], entries[position].valueType == valueType else { return nil }
        cursor = position + 1
        return Unretained(entries[position])
    }

    /// The entry for the property that the model's `CodingKeys` name `codingKey` (`case count =
    /// "n"`), reading from that key unless the property gives its own; learned once per model
    /// type, the first time a property is asked for under a key that is not a property name.
    func renamedEntry(codingKey: String, valueType: ObjectIdentifier) -> MappedEntry? {
        let known = renamed.entries ?? renamed.store(learnRenamedEntries())
        guard let entry = known[codingKey], entry.valueType == valueType else { return nil }
        return entry
    }

    /// Whether running the model's `init(from:)` on zero values taught nothing (it threw, or
    /// asked for no property under another key), once it was tried.
    var learnedNoRenames: Bool { renamed.entries?.isEmpty ?? false }

    private func learnRenamedEntries() -> [String: MappedEntry] {
        var result: [String: MappedEntry] = [:]
        for (codingKey, name) in probe() {
            guard let position = positions[name] else { continue }
            result[codingKey] = MappedEntry(name: name, prototype: entries[position].prototype, renamedTo: codingKey)
        }
        return result
    }

    /// The layout of `Model`, learned on first use. Concurrent first uses may each learn it;
    /// the first one stored wins, and `Model()` never runs under the lock (it may need other
    /// layouts).
    static func of<Model: MappedCodable>(_ type: Model.Type) -> MappedLayout {
        let identifier = ObjectIdentifier(Model.self)
        if let known = cache.layout(for: identifier) { return known }
        return cache.store(learn(Model.self), for: identifier)
    }

    private static func learn<Model: MappedCodable>(_ type: Model.Type) -> MappedLayout {
        let entries = properties(of: MappedFilling.withoutPending { Model() }).map { MappedEntry(name: $0.name, prototype: $0.property) }
        // The probe keeps `Model.self` for a later decode on any thread: a Sendable metatype,
        // since `MappedCodable` refines `SendableMetatype` (no actor-isolated conformance).
        return MappedLayout(entries: entries, isDynamic: Model.self is any DynamicDecodable.Type, modelName: String(describing: Model.self)) {
            MappedProbe.codingKeys(of: Model.self)
        }
    }

    /// The `@Mapped` properties of `model` with their names, a subclass's own first (as its
    /// `init()` initialises them first), then its superclasses'.
    static func properties(of model: Any) -> [(name: String, property: any MappedProperty)] {
        var result: [(name: String, property: any MappedProperty)] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"), let property = child.value as? any MappedProperty else { continue }
                result.append((String(label.dropFirst()), property))
            }
            mirror = current.superclassMirror
        }
        return result
    }

    private static let cache = LayoutCache()
}

private final class LayoutCache: @unchecked Sendable {
    // @unchecked: `layouts` is only touched under `lock`.
    private let lock = NSLock()
    private var layouts: [ObjectIdentifier: MappedLayout] = [:]

    func layout(for type: ObjectIdentifier) -> MappedLayout? {
        lock.lock()
        defer { lock.unlock() }
        return layouts[type]
    }

    func store(_ layout: MappedLayout, for type: ObjectIdentifier) -> MappedLayout {
        lock.lock()
        defer { lock.unlock() }
        if let earlier = layouts[type] { return earlier }
        layouts[type] = layout
        return layout
    }
}

/// The renamed entries of a layout, learned once; the first stored wins, and learning (which
/// runs the model's `init(from:)`) happens outside the lock.
private final class RenamedEntries: @unchecked Sendable {
    // @unchecked: `known` is only touched under `lock`.
    private let lock = NSLock()
    private var known: [String: MappedEntry]?

    var entries: [String: MappedEntry]? { lock.withLock { known } }

    func store(_ entries: [String: MappedEntry]) -> [String: MappedEntry] {
        lock.withLock {
            if let earlier = known { return earlier }
            known = entries
            return entries
        }
    }
}

/// Learns which coding key a model's `init(from:)` asks for each `@Mapped` property under,
/// for models whose `CodingKeys` rename them: `Model(from:)` runs once on a decoder that
/// answers every request with a zero value, and each `@Mapped` property it asks for is handed
/// a wrapper that records the key. The properties then tell their keys by name, with no
/// assumption about order. A model that cannot be made from zero values learns nothing.
@usableFromInline
final class MappedProbe: @unchecked Sendable {
    // @unchecked: a probe runs on the one thread that runs its model's `init(from:)`, and
    // `fills` never changes.

    /// Thrown by the probe's container for a `@Mapped` property, and caught by the `decode`
    /// overloads for ``Mapped``, which hand back the recording wrapper.
    @usableFromInline
    struct Signal: Error {
        @usableFromInline let codingKey: String
        @usableFromInline let probe: MappedProbe
    }

    /// A value of each `@Mapped` value type, from the model's `init()`: the recording wrapper
    /// holds one, so that an `init(from:)` that reads its properties finds a value.
    private let fills: [ObjectIdentifier: Any]

    private init(fills: [ObjectIdentifier: Any]) {
        self.fills = fills
    }

    /// A value for a recording wrapper of `Value`, when the model's `init()` has one.
    func fill<Value>(for type: Value.Type) -> Value? {
        fills[ObjectIdentifier(Value.self)] as? Value
    }

    /// The coding key whose next value request is a `@Mapped` property's own.
    private var pending: String?

    /// Called by the probe's container for every value it is asked for. A `@Mapped` property
    /// first asks for the container's object (``ObjectAccess``), then, through a decoder that
    /// has none, for its value under the same key: both get the signal.
    func check<T>(_ type: T.Type, key: String) throws {
        if T.self == ObjectAccess.self || T.self == MappedModelAccess.self {
            pending = key
            throw Signal(codingKey: key, probe: self)
        }
        if pending == key {
            pending = nil
            throw Signal(codingKey: key, probe: self)
        }
        pending = nil
    }

    /// Coding key to property name, for the properties asked for under a key that is not their name.
    static func codingKeys<Model: MappedCodable>(of type: Model.Type) -> [String: String] {
        var fills: [ObjectIdentifier: Any] = [:]
        for (_, property) in MappedLayout.properties(of: MappedFilling.withoutPending { Model() }) {
            let valueType = Swift.type(of: property).valueType
            if fills[valueType] == nil, let value = property.anyCurrentValue { fills[valueType] = value }
        }
        let decoder = ZeroDecoder(codingPath: [], depth: 0, probe: MappedProbe(fills: fills))
        guard let model = try? Model(from: decoder) else { return [:] }
        var names: [String: String] = [:]
        for (name, property) in MappedLayout.properties(of: model) {
            let configuration = property.configuration
            guard configuration.flags.contains(.probed), let key = configuration.key, key != name else { continue }
            names[key] = name
        }
        return names
    }
}
