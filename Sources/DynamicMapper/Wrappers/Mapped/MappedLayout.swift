import Foundation

/// A ``Mapped`` wrapper seen without its value type, as the layout keeps prototypes.
protocol MappedProperty {
    /// The key or path written on the property, or nil for the property's name.
    var mappedKey: String? { get }
    /// Everything written on the property.
    var configuration: MappedConfiguration { get }
    /// The wrapper's `Value` type.
    static var valueType: ObjectIdentifier { get }
    /// The default, as `Any` (nil when there is none).
    var anyDefaultValue: Any? { get }
    /// The current value, as `Any` (an optional stays an optional).
    var anyValue: Any { get }
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

/// One `@Mapped` property of a model type, learned from a prototype.
final class MappedEntry: @unchecked Sendable {
    // @unchecked: every member is immutable; the prototype is a value only ever copied.

    /// The property's name as declared (`firstName`), which is also its coding key.
    let name: String
    /// The wrapper's `Value`, to check that a lookup by name found the property of the right type.
    let valueType: ObjectIdentifier
    /// The wrapper as the model's `init()` makes it: key, default, options.
    let prototype: any MappedProperty
    /// Where the value is, from the model's object: the key or path, or the name.
    let path: [Path.Component]
    /// The prototype's configuration, kept apart so that decoding needs no cast.
    let configuration: MappedConfiguration
    /// The property's key or path is made of keys and it has no transformer or option that
    /// changes decoding: a value that is there is decoded like a plain property's.
    let isPlain: Bool
    /// The key of a plain property whose path is one key.
    let plainKey: String?
    /// The first key, as the coding key of a one-key path.
    let codingKey: any CodingKey
    /// The prototype's default, read only when a key is missing.
    private let defaultValue: Any?

    init(name: String, prototype: any MappedProperty) {
        self.name = name
        self.prototype = prototype
        configuration = prototype.configuration
        valueType = type(of: prototype).valueType
        path = prototype.mappedKey.map { Path($0).components } ?? [.key(name)]
        let keysOnly = !path.isEmpty && path.allSatisfy { if case .key = $0 { true } else { false } }
        isPlain = keysOnly && configuration.typed == nil && configuration.flags.subtracting([.encodeNil, .hasCoder, .filled]).isEmpty
        if case .key(let first)? = path.first { codingKey = StringKey(first) } else { codingKey = StringKey(name) }
        if isPlain, path.count == 1, case .key(let key) = path[0] { plainKey = key } else { plainKey = nil }
        defaultValue = prototype.anyDefaultValue
    }

    /// The default as a `Value`.
    func defaultValue<Value>(_ type: Value.Type) -> Value? {
        // Unwrapped first: a nil `Any?` would cast to an optional `Value` as a successful `nil`.
        guard let defaultValue else { return nil }
        return defaultValue as? Value
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

    private init(entries: [MappedEntry], isDynamic: Bool) {
        self.entries = entries
        self.isDynamic = isDynamic
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
        if cursor < entries.count {
            let next = entries[cursor]
            if next.valueType == valueType && next.name == name {
                cursor += 1
                return next
            }
        }
        guard let position = positions[name], entries[position].valueType == valueType else { return nil }
        cursor = position + 1
        return entries[position]
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
        let entries = properties(of: Model()).map { MappedEntry(name: $0.name, prototype: $0.property) }
        return MappedLayout(entries: entries, isDynamic: Model.self is any DynamicDecodable.Type)
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
