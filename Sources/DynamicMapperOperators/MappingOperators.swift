import DynamicMapper

infix operator <-- : DynamicMappingPrecedence
infix operator --> : DynamicMappingPrecedence
infix operator <-> : DynamicMappingPrecedence

/// Reads the value at a view into a property, decoding it exactly as the decoder would decode
/// a property of that type there (its date, data, float and key strategies and `userInfo`).
///
/// ```swift
/// numberOfChildren <-- ds.familyInfo.childrenCount
/// ```
///
/// Missing: the property keeps its value. A value that does not decode as `T`: the property
/// keeps its value and the failure is reported to the decoder (which throws it when
/// `strictMapping` is on).
@inlinable
public func <-- <T: Decodable>(property: inout T, view: DynamicValue) {
    view.read(into: &property)
}

/// Reads the value at a view into an optional property; `null` makes it `nil`.
///
/// ```swift
/// bestFamilyPhoto <-- ds.alboms.familyAlbom.bestPhoto
/// ```
@inlinable
public func <-- <T: Decodable>(property: inout T?, view: DynamicValue) {
    view.read(into: &property)
}

/// Reads the value at a view into a `Presence` property: `.absent` when missing, `.null`
/// for `null`, `.value` otherwise.
///
/// ```swift
/// nickname <-- ds.profile.nickname   // var nickname: Presence<String> = .absent
/// ```
///
/// A value that does not decode as `T` leaves the property alone and is reported, as with `<--`.
@inlinable
public func <-- <T: Decodable>(property: inout Presence<T>, view: DynamicValue) {
    view.read(into: &property)
}

/// Hands a property's value to a closure that writes it into the view.
///
/// ```swift
/// bestFamilyPhoto --> { ds.alboms.familyAlbom.bestPhoto.set($0) }
/// ```
public func --> <T>(property: T, write: (T) -> Void) {
    write(property)
}

/// Writes a property to the view while an encoder runs the mapping, as `<->` writes it; does
/// nothing while decoding. For `let` properties (`DynamicImmutableMappable`) and values the
/// model only sends.
///
/// ```swift
/// name --> ds.user.name
/// ```
public func --> <T: Encodable>(property: T, view: DynamicValue) {
    guard view.runningMappingType == .encoding else { return }
    view.writeForMapping(property)
}

/// Writes an optional property to the view while encoding; `nil` removes the key, as with `<->`.
///
/// ```swift
/// nickname --> ds.user.nickname
/// ```
public func --> <T: Encodable>(property: T?, view: DynamicValue) {
    guard view.runningMappingType == .encoding else { return }
    if let property { view.writeForMapping(property) } else { view.removeForMapping() }
}

/// Reads the view into the property while decoding and writes the property to the view
/// while encoding: one line for both directions.
///
/// ```swift
/// numberOfChildren <-> ds.familyInfo.childrenCount
/// ```
///
/// Outside a coder's run of the mapping it reads, like `<--`.
// Inlinable, as the other mapping operators: the model's body calls the view's read (which
// the standard property types run specialized) directly, instead of entering this operator
// unspecialized in a frame of its own for every line (about 50 instructions a line).
@inlinable
public func <-> <T: Codable>(property: inout T, view: DynamicValue) {
    if view.runningMappingType == .encoding {
        view.writeForMapping(property)
    } else {
        view.read(into: &property, marksKeys: true)
    }
}

/// `<->` for an optional property: `null` reads as `nil`, and `nil` removes the key when
/// encoding (as a `nil` property's own key is removed).
///
/// ```swift
/// nickname <-> ds.profile.nickname
/// ```
@inlinable
public func <-> <T: Codable>(property: inout T?, view: DynamicValue) {
    if view.runningMappingType == .encoding {
        if let property { view.writeForMapping(property) } else { view.removeForMapping() }
    } else {
        view.read(into: &property, marksKeys: true)
    }
}

/// `<->` for a `Presence` property: reads missing, `null` and a value apart, and while
/// encoding writes `.absent` as no key and `.null` as `null`.
///
/// ```swift
/// nickname <-> ds.profile.nickname   // var nickname: Presence<String> = .absent
/// ```
@inlinable
public func <-> <T: Codable>(property: inout Presence<T>, view: DynamicValue) {
    if view.runningMappingType == .encoding {
        view.writeForMapping(property)
    } else {
        view.read(into: &property, marksKeys: true)
    }
}
