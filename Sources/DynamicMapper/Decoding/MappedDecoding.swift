import Foundation

/// Reads one value at a node with this package's decoder: the value type's own decoding.
typealias PlainMappedDecoding<Value> = (DecoderImpl, Int, () -> CodingPathNode) throws -> Value

/// Reading `@Mapped` values. Functions generic over the value type rather than methods of a
/// generic type: each generic type used here would cost a metadata lookup per property.
enum MappedDecoding {
    /// The value of the layout's property `entry` below `access`'s object.
    /// `lookedUp` is the node at the entry's path when the caller has already looked for it
    /// (nil inside: missing).
    static func value<Value>(_ type: Value.Type, entry: MappedEntry, from access: ObjectAccess, lookedUp: Int?? = nil, plain: PlainMappedDecoding<Value>) throws
        -> Value
    {
        if entry.syntaxError != nil { try entry.checkKey(parent: { access.path.codingPath }) }
        return try value(
            Value.self, configuration: entry.configuration, defaultValue: entry.defaultValue(Value.self), from: access, path: entry.path, property: entry.name,
            lookedUp: lookedUp, plain: plain)
    }

    /// The value at `path` below `access`'s object, with the property's default and options.
    /// `lookedUp` is the node at `path` when the caller has already looked for it.
    static func value<Value>(
        _ type: Value.Type, configuration: MappedConfiguration, defaultValue: Value?, from access: ObjectAccess, path: [Path.Component], property: String,
        lookedUp: Int?? = nil, plain: PlainMappedDecoding<Value>
    ) throws -> Value {
        let impl = access.impl
        let location = MappedLocation(access: access, path: path)
        let found: Int?
        if let lookedUp {
            found = lookedUp
        } else {
            do {
                found = try node(at: path, in: access)
            } catch  where configuration.flags.contains(.lossy) {
                let value = try recovered(Value.self, defaultValue: defaultValue, from: error)
                impl.report(.defaultAfterFailure, missingAt: path, below: access.object, codingPath: location.codingPath, failure: error)
                impl.keep(value, missingAt: path, below: access.object)
                return value
            }
        }
        guard let node = found else {
            let value = try absentValue(
                Value.self, configuration: configuration, defaultValue: defaultValue, isNull: false, property: property, path: path,
                parent: { access.path.codingPath })
            if takesDefault(Value.self, defaultValue: defaultValue, isNull: false, flags: configuration.flags) {
                impl.report(.defaultForMissingKey, missingAt: path, below: access.object, codingPath: location.codingPath)
                impl.keep(value, missingAt: path, below: access.object)
            }
            return value
        }
        if impl.nodes[node].kind == .null {
            let value = try absentValue(
                Value.self, configuration: configuration, defaultValue: defaultValue, isNull: true, property: property, path: path,
                parent: { access.path.codingPath })
            if takesDefault(Value.self, defaultValue: defaultValue, isNull: true, flags: configuration.flags) {
                impl.report(.defaultForNull, node: node, codingPath: location.codingPath)
                impl.keep(value, node: node)
            }
            return value
        }
        let value: Value
        do {
            value = try present(Value.self, configuration: configuration, at: node, impl: impl, location: location, plain: plain)
        } catch  where configuration.flags.contains(.lossy) {
            // The default (or nil) is taken as it is, as for a missing key.
            let recovered = try recovered(Value.self, defaultValue: defaultValue, from: error)
            let refused = configuration.flags.contains(.hasCoder) && isRefusal(error)
            impl.report(refused ? .transformerRefusal : .defaultAfterFailure, node: node, codingPath: location.codingPath, failure: error)
            impl.keep(recovered, node: node)
            return recovered
        }
        guard configuration.typed != nil, let typed = configuration.typed(Value.self), !typed.adjustments.isEmpty else { return value }
        return try typed.adjust(value, property: property, codingPath: { location.codingPath })
    }

    /// The value for a missing key, or for `null` (`isNull`): the default or `nil` when the
    /// property allows, or else `keyNotFound` or `valueNotFound`. `parent` gives the coding
    /// path of the object `path` starts from, built only for an error.
    static func absentValue<Value>(
        _ type: Value.Type, configuration: MappedConfiguration, defaultValue: Value?, isNull: Bool, property: String, path: [Path.Component],
        parent: () -> [any CodingKey]
    ) throws -> Value {
        // A missing key with a default takes it whatever the type: checked first, because the
        // casts below look up conformances at run time.
        if !isNull, let defaultValue { return defaultValue }
        let flags = configuration.flags
        if let presence = Value.self as? any AnyPresence.Type {
            // A `Presence` holds `null` itself, unless the property counts it as missing.
            if isNull, !flags.contains(.nullIsMissing), let null = presence.nullValue as? Value { return null }
            if let defaultValue { return defaultValue }
            if let absent = presence.absentValue as? Value { return absent }
        }
        if let defaultValue, !isNull || flags.contains(.nullIsMissing) || flags.contains(.lossy) {
            return defaultValue
        }
        if let none = none(Value.self) { return none }
        if isNull {
            throw DecodingError.valueNotFound(
                Value.self,
                DecodingError.Context(
                    codingPath: parent() + path.map(\.codingPathStep.codingKey),
                    debugDescription: "Expected \(Value.self) for the @Mapped property \(property) but found null instead."))
        }
        let key = path.last?.codingPathStep.codingKey ?? StringKey(property)
        throw DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: parent() + path.dropLast().map(\.codingPathStep.codingKey),
                debugDescription: "No value for the @Mapped property \(property) at \(Path(path))."))
    }

    /// Whether ``absentValue(_:configuration:defaultValue:isNull:property:path:parent:)``
    /// gives the property's default (which a report records), rather than `nil`, a
    /// `Presence`'s own state or an error.
    static func takesDefault<Value>(_ type: Value.Type, defaultValue: Value?, isNull: Bool, flags: MappedFlags) -> Bool {
        guard defaultValue != nil else { return false }
        if !isNull { return true }
        if Value.self is any AnyPresence.Type { return !isNull || flags.contains(.nullIsMissing) }
        return !isNull || flags.contains(.nullIsMissing) || flags.contains(.lossy)
    }

    /// Whether a coder's `error` is its refusal of the value (rather than a raw value of the
    /// wrong type, say): transformers' refusals and date strategies' become `dataCorrupted`.
    static func isRefusal(_ error: any Error) -> Bool {
        if case .dataCorrupted? = error as? DecodingError { return true }
        return !(error is DecodingError)
    }

    /// What a lossy property takes when its value failed to decode: the default, `nil` or
    /// `.absent` (a `Presence`), or else the error.
    static func recovered<Value>(_ type: Value.Type, defaultValue: Value?, from error: any Error) throws -> Value {
        if let defaultValue { return defaultValue }
        if let none = none(Value.self) { return none }
        if let absent = absent(Value.self) { return absent }
        throw error
    }

    /// `.absent` as a `Value`, when `Value` is a ``Presence``.
    static func absent<Value>(_ type: Value.Type) -> Value? {
        (Value.self as? any AnyPresence.Type)?.absentValue as? Value
    }

    /// `nil` as a `Value`, when `Value` is an optional.
    static func none<Value>(_ type: Value.Type) -> Value? {
        guard let optional = Value.self as? any AnyOptional.Type else { return nil }
        return optional.noneValue as? Value
    }

    /// The node at `path` from the object, or nil when a step is missing or `null`.
    ///
    /// - Throws: `DecodingError.typeMismatch` when a step on the way is a value other than an
    ///   object (or an array, for an index): the document is not shaped as the path says.
    static func node(at path: [Path.Component], in access: ObjectAccess) throws -> Int? {
        guard case .key(let first)? = path.first else {
            return path.isEmpty ? access.object : nil
        }
        if path.count == 1 { return access.valueNode(named: first) }
        let impl = access.impl
        guard let member = access.firstPathMember(named: first) else { return nil }
        // The coding path is only needed to convert keys with a strategy (or to mark the keys
        // a dynamic model's path passes through).
        let found: Document.PathLookup
        if impl.options.usesDefaultKeys && !impl.recordsKeyUsage {
            // A path of two steps, the common one, takes its last step without the general walk.
            if path.count == 2 {
                found = impl.document.lookUpStep(path[1], from: member, step: 0)
            } else {
                found = impl.document.lookUp(path.dropFirst(), from: member)
            }
        } else {
            found = impl.lookUp(path.dropFirst(), from: member, base: access.path.codingPath(appending: .key(StringKey(first))))
        }
        switch found {
        case .found(let node):
            impl.markRouteForReport(to: node)
            return node
        case .missing:
            return nil
        case .wrongKind(let step, let parent):
            throw impl.pathError(.wrongKind(step: step + 1, parent: parent), components: path, base: access.path.codingPath)
        }
    }

    private static func present<Value>(
        _ type: Value.Type, configuration: MappedConfiguration, at node: Int, impl: DecoderImpl, location: MappedLocation, plain: PlainMappedDecoding<Value>
    ) throws -> Value {
        if configuration.typed != nil, let coder = configuration.coder(Value.self) {
            return try coder.decode(from: impl, at: node, codingPath: { location.codingPath })
        }
        if configuration.flags.contains(.lossy), let lossy = Value.self as? any LossyArray.Type {
            return try lossy.decodeDroppingFailures(from: impl, at: node, path: location.node) as! Value
        }
        do {
            return try plain(impl, node, { location.node })
        } catch let error as DecodingError where !configuration.flags.contains(.strict) {
            return try converted(Value.self, at: node, impl: impl, failure: error)
        }
    }

    /// The value converted losslessly after its own decoding failed with `failure`, or that
    /// failure. Kept apart: its `Value?` costs a metadata lookup, which only failures pay.
    @inline(never)
    static func converted<Value>(_ type: Value.Type, at node: Int, impl: DecoderImpl, failure: DecodingError) throws -> Value {
        guard case .typeMismatch(_, let context) = failure, let value = impl.document.json(at: node, maximumNesting: JSON.maximumNesting),
            let converted = LosslessValue.convert(value, to: Value.self)
        else {
            throw failure
        }
        impl.report(.losslessConversion, node: node, codingPath: context.codingPath)
        impl.keep(converted, node: node)
        return converted
    }

    /// ``converted(_:at:impl:failure:)`` for any `error`: only a `DecodingError` is converted.
    @inline(never)
    static func converted<Value>(_ type: Value.Type, at node: Int, impl: DecoderImpl, error: any Error) throws -> Value {
        guard let failure = error as? DecodingError else { throw error }
        return try converted(Value.self, at: node, impl: impl, failure: failure)
    }
}

/// Where a `@Mapped` value is, for error paths, which are only built when needed.
struct MappedLocation {
    let access: ObjectAccess
    let path: [Path.Component]

    var node: CodingPathNode { access.path.appending(contentsOf: path.lazy.map(\.codingPathStep)) }
    var codingPath: [any CodingKey] { access.path.codingPath + path.map(\.codingPathStep.codingKey) }
}
