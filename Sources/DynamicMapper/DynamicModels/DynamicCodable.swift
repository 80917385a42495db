/// Whether `dynamicMapping(mappingType:)` runs after decoding or before encoding.
///
/// ```swift
/// mutating func dynamicMapping(mappingType: DynamicMappingType) {
///     switch mappingType {
///     case .decoding: photo <-- ds.albums.family.best
///     case .encoding: photo --> { ds.albums.family.best.set($0) }
///     }
/// }
/// ```
public enum DynamicMappingType: Sendable, Hashable {
    /// The model has just been decoded; `ds` is the JSON object it came from.
    case decoding
    /// The model is being encoded; `ds` holds its document with its own properties written in.
    case encoding
}

/// What every dynamic model has: a view of the JSON object it came from, and a mapping hook.
///
/// Adopt ``DynamicDecodable``, ``DynamicEncodable`` or ``DynamicCodable`` rather than this.
///
/// ```swift
/// struct Temperature: DynamicCodable {
///     var dynamicSelf: DynamicClass?
///     var celsius: Double?
/// }
/// ```
public protocol BaseDynamicCodable {
    /// The view of the JSON object this value was decoded from (`nil` for a value made in
    /// code). Declare it as a stored `var dynamicSelf: DynamicClass?`; it is never read from
    /// nor written to JSON as a key.
    ///
    /// ```swift
    /// var dynamicSelf: DynamicClass?
    /// ```
    var dynamicSelf: DynamicClass? { get set }

    /// Reads nested values into properties after decoding (`<--`, `<->`) and writes them
    /// back before encoding (`-->`, `<->`). The default does nothing.
    ///
    /// ```swift
    /// mutating func dynamicMapping(mappingType: DynamicMappingType) {
    ///     numberOfChildren <-> ds.familyInfo.childrenCount
    /// }
    /// ```
    mutating func dynamicMapping(mappingType: DynamicMappingType)
}

/// A `Decodable` model that gets ``BaseDynamicCodable/dynamicSelf`` and runs its mapping
/// whenever ``DynamicJSONDecoder`` decodes it, at any depth.
///
/// ```swift
/// final class Subject: DynamicDecodable {
///     var dynamicSelf: DynamicClass?
///     var title: String
///     @NotCoded var teacherName: String?
///     func dynamicMapping(mappingType: DynamicMappingType) {
///         teacherName <-- ds.teacher.firstName
///     }
/// }
/// ```
public protocol DynamicDecodable: BaseDynamicCodable, Decodable {}

/// An `Encodable` model whose encoding keeps every key of its document that it does not own,
/// and whose mapping can write into that document.
///
/// ```swift
/// struct Album: DynamicEncodable {
///     var dynamicSelf: DynamicClass?
///     var title: String
///     var cover: URL?
///     mutating func dynamicMapping(mappingType: DynamicMappingType) {
///         cover --> { ds.images.cover.set($0) }
///     }
/// }
/// ```
public protocol DynamicEncodable: BaseDynamicCodable, Encodable {}

/// A model that is both ``DynamicDecodable`` and ``DynamicEncodable``.
///
/// ```swift
/// struct User: DynamicCodable {
///     var dynamicSelf: DynamicClass?
///     var name: String
///     @NotCoded var city: String?
///     mutating func dynamicMapping(mappingType: DynamicMappingType) {
///         city <-> ds.address.city
///     }
/// }
/// ```
public protocol DynamicCodable: DynamicDecodable, DynamicEncodable {}

extension BaseDynamicCodable {
    /// Does nothing; implement it to map nested values.
    ///
    /// ```swift
    /// struct Plain: DynamicCodable { var dynamicSelf: DynamicClass?; var id: Int }
    /// ```
    public mutating func dynamicMapping(mappingType: DynamicMappingType) {}

    /// ``dynamicSelf`` without the optional: an empty object when there is none yet, and
    /// writing through it creates one.
    ///
    /// ```swift
    /// var user = User(name: "Ada")
    /// user.ds.address.city.set("London")
    /// ```
    public var ds: DynamicClass {
        // Inlinable (it uses only public API) so that a model's own module reads its stored
        // `dynamicSelf` directly: a mapping body reads `ds` once per line.
        @inlinable get { dynamicSelf ?? DynamicClass() }
        _modify {
            // Moved out while it is edited, so that `model.ds.items.append(x)` edits in place.
            var view = dynamicSelf ?? DynamicClass()
            dynamicSelf = nil
            defer { dynamicSelf = view }
            yield &view
        }
    }
}

extension BaseDynamicCodable where Self: AnyObject {
    /// ``dynamicSelf`` without the optional, writable from a class's non-mutating methods.
    ///
    /// ```swift
    /// func dynamicMapping(mappingType: DynamicMappingType) {
    ///     teacherName --> { ds.teacher.firstName.set($0) }
    /// }
    /// ```
    public var ds: DynamicClass {
        @inlinable get { dynamicSelf ?? DynamicClass() }
        nonmutating _modify {
            // A class's accessor changes the instance, not `self`: a copy of the reference
            // will do. The view is moved out while it is edited, so that edits are in place.
            var instance = self
            var view = instance.dynamicSelf ?? DynamicClass()
            instance.dynamicSelf = nil
            defer { instance.dynamicSelf = view }
            yield &view
        }
    }
}
