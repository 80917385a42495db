import DynamicMapper

/// Reads the value at a view through a transformer into a property: the view's raw value is
/// decoded as `<--` decodes a property of the transformer's `Raw` type, then transformed.
///
/// ```swift
/// created <-- ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
/// ```
///
/// Missing: the property keeps its value. A value that does not decode, or that the
/// transformer refuses (an enum's unknown raw value): the property keeps its value and the
/// failure is reported to the decoder (which throws it when `strictMapping` is on).
public func <-- <Transform: DecodingTransformer>(property: inout Transform.Value, view: TransformedValue<Transform>) {
    view.read(into: &property)
}

/// Reads the value at a view through a transformer into an optional property; `null` makes it
/// `nil` (the transformer is not asked).
///
/// ```swift
/// homepage <-- ds.links.homepage.using(URLTransformer())
/// ```
public func <-- <Transform: DecodingTransformer>(property: inout Transform.Value?, view: TransformedValue<Transform>) {
    view.read(into: &property)
}

/// Writes a property through a transformer to a view while an encoder runs the mapping, as
/// `<->` writes it (outside an encoder's run it does nothing: use `set` in a closure there).
///
/// ```swift
/// created --> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
/// ```
///
/// A value the transformer refuses makes the encoder throw `EncodingError.invalidValue` at the
/// view's path.
public func --> <Transform: EncodingTransformer>(property: Transform.Value, view: TransformedValue<Transform>) {
    view.writeForMapping(property)
}

/// Writes an optional property through a transformer while encoding; `nil` removes the key,
/// as `<->` does.
///
/// ```swift
/// homepage --> ds.links.homepage.using(URLTransformer())
/// ```
public func --> <Transform: EncodingTransformer>(property: Transform.Value?, view: TransformedValue<Transform>) {
    view.writeForMapping(property)
}

/// Reads the view through a two-way transformer while decoding and writes the property back
/// through it while encoding: an ObjectMapper `<-` with a transform, in one line.
///
/// ```swift
/// created <-> ds.meta.created.using(DateFormatTransformer(format: "yyyy-MM-dd"))
/// ```
///
/// Outside a coder's run of the mapping it reads, like `<--`.
public func <-> <Transform: Transformer>(property: inout Transform.Value, view: TransformedValue<Transform>) {
    if view.runningMappingType == .encoding {
        view.writeForMapping(property)
    } else {
        view.read(into: &property, marksKeys: true)
    }
}

/// `<->` through a transformer for an optional property: `null` reads as `nil`, and `nil`
/// removes the key when encoding.
///
/// ```swift
/// homepage <-> ds.links.homepage.using(URLTransformer())
/// ```
public func <-> <Transform: Transformer>(property: inout Transform.Value?, view: TransformedValue<Transform>) {
    if view.runningMappingType == .encoding {
        view.writeForMapping(property)
    } else {
        view.read(into: &property, marksKeys: true)
    }
}
