import Foundation
import Synchronization

/// A model whose properties carry their keys, defaults and options with ``Mapped``:
/// `Codable` plus an argument-free `init()`, from which each type's configuration is learned
/// once.
///
/// ```swift
/// struct User: MappedCodable {
///     var identifier: String = ""
///     var social: String?
///     @Mapped("first_name") var firstName: String
///     @Mapped(default: "+1 123456789") var phone: String
///     @Mapped("address.zipCode") var zipCode: Int
/// }
/// let user = try User.decode(from: json)
/// ```
///
/// Structs get `init()` for free when every stored property has an initial value (wrappers
/// without one count as having one); classes declare `required init()`.
///
/// The conformance is never actor-isolated (the protocol refines `SendableMetatype`): a
/// model's layout is learned once per process and shared by every decoder on every thread,
/// and learning its renamed keys runs `init()` and `init(from:)` later, on whichever thread
/// decodes the model next. A main-actor-isolated conformance (`extension User: @MainActor
/// MappedCodable`) is refused at compile time rather than run off its actor.
#if compiler(>=6.2)
public protocol MappedCodable: Codable, SendableMetatype {
    /// Makes a model with every property unset: `User()`.
    init()
}
#else
// `SendableMetatype` came with Swift 6.2 (SE-0470); the package's tools version is 6.0, and
// earlier compilers do not check where a metatype goes anyway.
public protocol MappedCodable: Codable {
    /// Makes a model with every property unset: `User()`.
    init()
}
#endif

// MARK: - Hand-written init(from:) and encode(to:)

extension MappedCodable {
    /// Makes the model with every `@Mapped` property decoded, for a hand-written
    /// `init(from:)` that then reads what the properties do not cover.
    ///
    /// ```swift
    /// struct User: MappedCodable {
    ///     @Mapped("full_name") var fullName: String = ""
    ///     var avatar: Data? = nil
    ///
    ///     init() {}
    ///
    ///     init(from decoder: any Decoder) throws {
    ///         try self.init(mappedFrom: decoder)
    ///         let container = try decoder.container(keyedBy: AnyKey.self)
    ///         avatar = try container.decodeIfPresent(String.self, forKey: "image").flatMap { Data(base64Encoded: $0) }
    ///     }
    /// }
    /// ```
    ///
    /// Works with any decoder: keys and paths are read through `AnyKey` containers, which
    /// can name any member. The values arrive the way stored properties are initialised:
    /// `Self()` runs while the decoded wrappers wait to be taken, in declaration order, by the
    /// wrappers `init()` makes.
    ///
    /// - Throws: The errors the synthesized path throws for the same properties.
    public init(mappedFrom decoder: any Decoder) throws {
        let layout = MappedLayout.of(Self.self)
        var decoded: [any MappedProperty] = []
        decoded.reserveCapacity(layout.entries.count)
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let access = try? container.decode(ObjectAccess.self, forKey: AnyKey(literal: "")) {
            for entry in layout.entries { decoded.append(try entry.prototype.decoded(from: access, entry: entry)) }
        } else {
            for entry in layout.entries { decoded.append(try entry.prototype.decoded(from: container, entry: entry)) }
        }
        self = try MappedFilling.make(Self.self, filledWith: decoded, codingPath: decoder.codingPath)
    }

    /// Encodes every `@Mapped` property and returns the container, for a hand-written
    /// `encode(to:)` that then writes more.
    ///
    /// ```swift
    /// func encode(to encoder: any Encoder) throws {
    ///     var container = try encodeMappedProperties(to: encoder)
    ///     try container.encodeIfPresent(avatar?.base64EncodedString(), forKey: "image")
    /// }
    /// ```
    ///
    /// Works with any encoder; the `@Mapped` keys and paths are written through `AnyKey`
    /// containers. With an encoder other than this package's, the container returned refuses
    /// an `AnyKey` path (`"a.b"`, `"items[0]"`) with `EncodingError.invalidValue` naming
    /// ``Keyed``, since that encoder would write it as one flat key: write such values with
    /// `encoder.encode(_:at:)`, which nests keys (not indexes) in any encoder.
    public func encodeMappedProperties(to encoder: any Encoder) throws -> KeyedEncodingContainer<AnyKey> {
        var container = encoder.container(keyedBy: AnyKey.self)
        let nested = !(encoder is StreamingEncoder || encoder is TreeEncoder)
        for (name, property) in MappedLayout.properties(of: self) {
            try property.encode(into: &container, property: name, nested: nested)
        }
        // Another encoder would write an `AnyKey` path given to this container as one flat
        // key: the container handed back refuses such keys instead.
        guard !ForeignCoderKeys.isOwn(encoder) else { return container }
        return KeyedEncodingContainer(ForeignPathCheckingContainer(base: container))
    }
}

/// Hands decoded wrappers to the wrappers that `Self()` initialises, one per `@Mapped`
/// property in declaration order (a subclass's own first, as `init()` initialises them).
///
/// `Self()` takes no arguments, so the pending wrappers cannot travel with it as decoding
/// state travels with the decoder: they are this thread's only while `Self()` runs (a scoped
/// ``ThreadSlot``; `init()` is synchronous, so it runs on the thread that set them, and a
/// task it starts does not inherit them as it would a task-local value). A wrapper takes the
/// next pending one only when it has the same type and key, so wrappers made while
/// evaluating an initial value (a nested model's) are left alone.
@usableFromInline
final class MappedFilling {
    private let pending: [any MappedProperty]
    private var next = 0

    private init(pending: [any MappedProperty]) {
        self.pending = pending
    }

    static func make<Model: MappedCodable>(_ type: Model.Type, filledWith values: [any MappedProperty], codingPath: [any CodingKey]) throws -> Model {
        let filling = MappedFilling(pending: values)
        let model: Model
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            FillingCount.running.wrappingAdd(1, ordering: .relaxed)
            defer { FillingCount.running.wrappingSubtract(1, ordering: .relaxed) }
            model = slot.withValue(filling) { Model() }
        } else {
            model = slot.withValue(filling) { Model() }
        }
        // Every value taken, and by the model's own properties: a wrapper of the same type and
        // key made while evaluating an initial value (a nested model's) could take one first.
        let filled = MappedLayout.properties(of: model).filter { $0.property.configuration.flags.contains(.filled) }.count
        guard filling.next == values.count, filled == values.count else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "\(Model.self)() did not give every @Mapped property its decoded value (an initial value that makes another model with @Mapped properties can take them); decode it with its synthesized init(from:)."
                ))
        }
        return model
    }

    /// Runs `body` with no decoded wrappers pending on this thread. A decode can start inside
    /// another model's `init()` (an initial value that decodes, or that decodes a type for the
    /// first time and so learns its layout), and the wrappers it makes, declared ones included
    /// (Swift runs initial values in a synthesized `init(from:)` too), must not take that
    /// model's values. Every root decode of this package and every layout's `Model()` runs
    /// through here; a decode by another decoder (`JSONDecoder`) inside an initial value is
    /// still caught by ``make(_:filledWith:codingPath:)``'s check, as an error.
    static func withoutPending<Result>(_ body: () throws -> Result) rethrows -> Result {
        try slot.withoutValue(body)
    }

    /// Whether wrappers being initialised on this thread should look for a decoded one.
    ///
    /// Every wrapper a declaration makes asks, in every synthesized `init(from:)` too, and
    /// nearly always while no `Self()` is being filled anywhere: then the count of fillings
    /// running answers without the thread-specific lookup. The count is never 0 on a thread
    /// whose slot holds a filling, so the answer stays exact: that thread raised the count
    /// itself, an atomic's later reads on a thread see that thread's own writes (relaxed
    /// ordering is enough for that), and other threads only take back their own additions.
    @usableFromInline
    static var isFilling: Bool {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            if FillingCount.running.load(ordering: .relaxed) == 0 { return false }
        }
        return slot.current != nil
    }

    /// The decoded wrapper for a wrapper being initialised, if one is pending for it.
    @usableFromInline
    static func take<Value>(_ type: Mapped<Value>.Type, key: String?) -> Mapped<Value>? {
        slot.current?.takeNext(type, key: key)
    }

    private func takeNext<Value>(_ type: Mapped<Value>.Type, key: String?) -> Mapped<Value>? {
        guard next < pending.count, let candidate = pending[next] as? Mapped<Value>, candidate.configuration.key == key else { return nil }
        next += 1
        return Mapped(storage: candidate.storage, defaultValue: candidate.defaultValue, configuration: candidate.configuration.marked(.filled))
    }

    private static let slot = ThreadSlot<MappedFilling>()
}

/// How many ``MappedFilling/make(_:filledWith:codingPath:)`` calls are running in the process,
/// on any thread (see ``MappedFilling/isFilling``).
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
private enum FillingCount {
    static let running = Atomic<Int>(0)
}
