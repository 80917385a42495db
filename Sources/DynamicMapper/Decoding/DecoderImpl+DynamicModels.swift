import Foundation

/// The decoder's state for dynamic models (`DynamicModels/DynamicDecoding.swift` runs them): what
/// their views share, the last model type met, and what a mapping's run leaves for the next.
struct DynamicModels {
    /// What the views of this decode's models share, made with the first.
    var viewOrigin: ViewOrigin?
    /// The dynamic model type `unwrapHere` last found (past the checks before it), so that the
    /// elements of an array of models skip two run-time conformance lookups and a layout
    /// lookup each; a type's answers to those never change.
    var last: (type: ObjectIdentifier, model: any DynamicDecodable.Type)?
    /// A closed mapping session no view holds, for the next dynamic model's mapping (see
    /// `runMapping`). Closed, it holds no reference back to the decoder.
    var spareSession: MappingSession?
    /// The first view made by `viewForChoosingType()`, whose origin the later ones share.
    var choosingView: DynamicClass?
    /// The transformer of the transformed read the decoder runs (see
    /// `withReadTransformer(_:_:)`), until the read's `init(from:)` takes it.
    var readTransformer: Any?
    /// `MappingRun.current` is `.decoding` by this decoder's doing (see
    /// `withinDecodingRun(_:)`).
    var inDecodingRun = false
}

extension DecoderImpl {
    /// Runs `body` with `MappingRun.current` at `.decoding` (which tells mapping code that a
    /// coder maps the nested models itself), set once for all the models `body` decodes: a
    /// nested model, or the next element of an array of models, finds it set already. Setting
    /// a task-local value and taking it back cost about 500 instructions a model (callgrind).
    func withinDecodingRun<T>(_ body: () throws -> T) rethrows -> T {
        if state.dynamicModels.inDecodingRun { return try body() }
        state.dynamicModels.inDecodingRun = true
        defer { state.dynamicModels.inDecodingRun = false }
        return try MappingRun.$current.withValue(.decoding) { try body() }
    }

    /// What the views of this decode's models share.
    var viewOrigin: ViewOrigin {
        if let origin = state.dynamicModels.viewOrigin { return origin }
        let origin = ViewOrigin(options: options, usage: keyUsage)
        state.dynamicModels.viewOrigin = origin
        return origin
    }

    /// Runs `body`, a transformed read of a dynamic view (``TransformedValue``), with its
    /// transformer kept here for the read's `init(from:)`, which this decoder is handed and has
    /// no other way to learn it. Being this decoder's, no other decode can see it; the first
    /// `init(from:)` to ask takes it, so one that `Raw`'s own decoding runs does not.
    func withReadTransformer<T>(_ transformer: Any?, _ body: () throws -> T) rethrows -> T {
        guard let transformer else { return try body() }
        let saved = state.dynamicModels.readTransformer
        state.dynamicModels.readTransformer = transformer
        defer { state.dynamicModels.readTransformer = saved }
        return try body()
    }

    /// The transformer that ``withReadTransformer(_:_:)`` keeps, taken once.
    func takeReadTransformer() -> Any? {
        defer { state.dynamicModels.readTransformer = nil }
        return state.dynamicModels.readTransformer
    }
}
