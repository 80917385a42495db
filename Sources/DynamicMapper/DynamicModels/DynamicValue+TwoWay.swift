import Foundation

// `<->` (the operators module) in one call per mapping line. The operator is inlined into the
// model's mapping body and calls one of these, which the standard property types run
// specialized: the operator itself used to run as unspecialized generic code in its own
// frame, then ask which way the coder goes in another call, then enter the generic read,
// about 60 instructions a line (callgrind) that a model of twenty properties paid twenty times.

extension DynamicValue {
    /// `property <-> view`: written here while an encoder runs the mapping, read from here
    /// otherwise.
    @usableFromInline
    @_specialize(where T == String)
    @_specialize(where T == Int)
    @_specialize(where T == Double)
    @_specialize(where T == Bool)
    package func mapBothWays<T: Codable>(_ property: inout T) {
        if runningMappingType == .encoding {
            writeForMapping(property)
        } else {
            read(into: &property, marksKeys: true)
        }
    }

    /// `property <-> view` for an optional: `nil` removes the key while encoding, `null` reads
    /// as `nil`.
    @usableFromInline
    @_specialize(where T == String)
    @_specialize(where T == Int)
    @_specialize(where T == Double)
    @_specialize(where T == Bool)
    package func mapBothWays<T: Codable>(_ property: inout T?) {
        if runningMappingType == .encoding {
            if let property { writeForMapping(property) } else { removeForMapping() }
        } else {
            read(into: &property, marksKeys: true)
        }
    }

    /// `property <-> view` for a ``Presence``.
    @usableFromInline
    package func mapBothWays<T: Codable>(_ property: inout Presence<T>) {
        if runningMappingType == .encoding {
            writeForMapping(property)
        } else {
            read(into: &property, marksKeys: true)
        }
    }
}
