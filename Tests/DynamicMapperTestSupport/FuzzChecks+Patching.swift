import Foundation
import DynamicMapper

// The properties of the fuzz targets for patching: JSON Patch, JSON Merge Patch, pointers on
// views, and the patches an edited model gives (see FuzzChecks.swift for how targets, seeds
// and regressions share them). The references they compare with are in
// FuzzOracles+Patching.swift.

extension FuzzChecks {
    /// The document a patch applies to when the input holds no document of its own.
    static var patchDocument: JSON {
        ["name": "n", "a": ["b": [1, ["c": "d"]]], "": [[]], "k~/k": ["é": nil], "0": [0, 1, 2], "list": ["x", "y"]]
    }

    /// Splits `text` at its first zero byte (which no JSON text holds outside a string):
    /// the document before it, the rest after. With no zero byte there is no document.
    static func splitAtZero(_ text: Data) -> (document: Data?, rest: Data) {
        guard let zero = text.firstIndex(of: 0) else { return (nil, text) }
        return (Data(text[..<zero]), Data(text[text.index(after: zero)...]))
    }

    // MARK: (f) JSON Patch

    /// The first byte is settings (unused for now, so shared files are seeds as they are);
    /// the rest is a document, a zero byte, and a patch (with no zero byte, all of it is the
    /// patch and the document is ``patchDocument``). The patch is read by
    /// `DynamicJSONDecoder`, which must accept exactly the patches the reference reads, and
    /// applied with the default limits: the outcome must be the reference's (the same
    /// document, or a failure at the same operation, for a limit or not), a failed patch must
    /// leave the document (and a view of it) unchanged, and on success `JSON.jsonPatch(from:to:)`
    /// must turn the document into the result, both applied by the library and by the
    /// reference.
    public static func jsonPatchApply(_ bytes: Data) throws {
        guard bytes.first != nil else { return }
        let (documentText, patchText) = splitAtZero(Data(bytes.dropFirst()))
        let document: JSON
        if let documentText {
            guard let parsed = try? JSON(parsing: documentText) else { return }
            document = parsed
        } else {
            document = patchDocument
        }
        let decoded = Result { try DynamicJSONDecoder().decode(JSONPatch.self, from: patchText) }
        let reference = (try? JSON(parsing: patchText)).flatMap(ReferenceJSONPatch.operations)
        let patch: JSONPatch
        switch (decoded, reference) {
        case (.success(let read), let operations?):
            guard read.operations.count == operations.count else {
                throw FuzzCheckFailure(description: "the decoder read \(read.operations.count) operations, the reference \(operations.count)")
            }
            patch = read
        case (.failure, nil):
            return
        case (.success(let read), nil):
            throw FuzzCheckFailure(description: "the decoder read a patch the reference refuses: \(read)")
        case (.failure(let error), let operations?):
            throw FuzzCheckFailure(description: "the decoder refused a patch the reference reads (\(operations)): \(error)")
        }
        let expected = ReferenceJSONPatch.apply(reference ?? [], to: document)
        var patched = document
        var view = DynamicClass(document)
        do {
            try patched.apply(patch)
        } catch let error as JSONPatchError {
            _ = error.description // printing a failure must be cheap and safe
            guard patched == document else {
                throw FuzzCheckFailure(description: "a failed patch changed the document: \(error)")
            }
            let atLimit: Bool
            switch error.reason {
            case .growthLimitExceeded, .nestingLimitExceeded: atLimit = true
            default: atLimit = false
            }
            guard expected == .failed(operation: error.operationIndex, atLimit: atLimit) else {
                throw FuzzCheckFailure(description: "the patch failed with \(error); the reference: \(expected)")
            }
            do {
                try view.apply(patch)
                throw FuzzCheckFailure(description: "a view applied a patch JSON refuses: \(error)")
            } catch is JSONPatchError {
                guard JSON(view) == document else { throw FuzzCheckFailure(description: "a failed patch changed a view") }
            }
            return
        }
        guard expected == .applied(patched) else {
            throw FuzzCheckFailure(description: "the patch gave \(patched); the reference: \(expected)")
        }
        guard ReferenceJSONPatch.size(patched).nesting <= JSON.maximumNesting else {
            throw FuzzCheckFailure(description: "a patch nested a value deeper than JSON.maximumNesting")
        }
        try view.apply(patch)
        guard JSON(view) == patched else {
            throw FuzzCheckFailure(description: "the view's patch gave \(JSON(view)), JSON's \(patched)")
        }
        try checkDiff(from: document, to: patched)
    }

    /// `JSON.jsonPatch(from:to:)` turns `old` into `new`, applied by the library with its default
    /// limits and by the reference; its encoding decodes back to it.
    static func checkDiff(from old: JSON, to new: JSON) throws {
        let diff = JSON.jsonPatch(from: old, to: new)
        let applied: JSON
        do {
            applied = try old.applying(diff)
        } catch {
            throw FuzzCheckFailure(description: "the diff from \(old) to \(new) does not apply: \(error)")
        }
        guard applied == new else {
            throw FuzzCheckFailure(description: "the diff from \(old) to \(new) gave \(applied)")
        }
        let encoded = try DynamicJSONEncoder().encode(diff)
        guard try DynamicJSONDecoder().decode(JSONPatch.self, from: encoded) == diff else {
            throw FuzzCheckFailure(description: "the diff does not decode back: \(String(decoding: encoded, as: UTF8.self))")
        }
        guard let operations = ReferenceJSONPatch.operations(try JSON(parsing: encoded)),
            ReferenceJSONPatch.apply(operations, to: old) == .applied(new)
        else {
            throw FuzzCheckFailure(description: "the reference does not take \(old) to \(new) with the diff \(String(decoding: encoded, as: UTF8.self))")
        }
    }

    // MARK: (g) JSON Merge Patch

    /// The first byte is settings (unused); the rest is a document, a zero byte and a second
    /// value (with no zero byte, all of it is the second value, applied to ``patchDocument``).
    /// Applying the second value as a merge patch must give the reference's result, on `JSON`
    /// and on a view; `JSON.mergePatch(from:to:)` must turn the document into the second value
    /// (when that has no `null` member, which a merge patch cannot write), `{}` between equal
    /// objects.
    public static func mergePatch(_ bytes: Data) throws {
        guard bytes.first != nil else { return }
        let (documentText, patchText) = splitAtZero(Data(bytes.dropFirst()))
        let document: JSON
        if let documentText {
            guard let parsed = try? JSON(parsing: documentText) else { return }
            document = parsed
        } else {
            document = patchDocument
        }
        guard let patch = try? JSON(parsing: patchText) else { return }
        let expected = ReferenceMergePatch.apply(patch, to: document)
        let merged = document.applying(mergePatch: patch)
        guard merged.serializedString() == expected.serializedString() else {
            throw FuzzCheckFailure(description: "merging \(patch) into \(document) gave \(merged), the reference \(expected)")
        }
        var view = DynamicClass(document)
        view.apply(mergePatch: patch)
        guard JSON(view) == expected else {
            throw FuzzCheckFailure(description: "merging \(patch) into a view gave \(JSON(view)), the reference \(expected)")
        }
        for (old, new) in [(document, patch), (patch, document), (document, merged)] {
            let diff = JSON.mergePatch(from: old, to: new)
            if case .object = old, old == new, diff != .object(JSON.Object()) {
                throw FuzzCheckFailure(description: "the merge patch between equal objects is \(diff)")
            }
            guard !ReferenceMergePatch.hasNullMember(new) else { continue }
            guard old.applying(mergePatch: diff) == new, ReferenceMergePatch.apply(diff, to: old) == new else {
                throw FuzzCheckFailure(description: "the merge patch \(diff) does not take \(old) to \(new)")
            }
        }
    }

    // MARK: (h) pointers on views

    /// Reads up to 7 pointer edits from the front of `bytes`: a count, then for each an
    /// action byte (as ``FuzzEdit/script(from:)``'s: two bits of action, the rest picks the
    /// value) and the pointer text up to a newline. The rest is the document (``patchDocument``
    /// when it does not parse).
    static func pointerScript(from bytes: Data) -> ([(pointer: String, action: FuzzEdit.Action)], Data) {
        guard let first = bytes.first else { return ([], Data()) }
        var rest = bytes.dropFirst()
        var edits: [(pointer: String, action: FuzzEdit.Action)] = []
        for _ in 0..<Int(first % 8) {
            guard let code = rest.first else { break }
            rest = rest.dropFirst()
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let pointer = String(decoding: rest[..<end], as: UTF8.self)
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            let value = FuzzEdit.valueVocabulary[Int(code >> 2) % FuzzEdit.valueVocabulary.count]
            let actions: [FuzzEdit.Action] = [.read, .set(value), .append(value), .remove]
            edits.append((pointer, actions[Int(code & 3)]))
        }
        return (edits, Data(rest))
    }

    /// Pointer edits through `DynamicClass.subscript(pointer:)` on a view of a document must
    /// do what the same edits do to the plain value when each pointer is read against the
    /// value it meets as the reference reads it (``ReferencePointer/viewSteps(_:in:)``), with
    /// the edit rules of paths (``FuzzEdit/apply(to:)``): every read sees the expected value,
    /// a malformed pointer reads as missing and writes nothing, and the view ends as the
    /// expected document, whose JSON Patch and merge patch from the original the view's
    /// `jsonPatch()` and `mergePatch()` are.
    public static func pointerEdits(_ bytes: Data) throws {
        let (edits, text) = pointerScript(from: bytes)
        let document = (try? JSON(parsing: text)) ?? patchDocument
        var view = DynamicClass(document)
        var expected = document
        for (pointer, action) in edits {
            let before = expected
            guard let steps = ReferencePointer.viewSteps(pointer, in: expected) else {
                switch action {
                case .read:
                    guard JSON(view[pointer: pointer]) == nil else {
                        throw FuzzCheckFailure(description: "the malformed pointer \(pointer.debugDescription) read a value")
                    }
                case .set(let value):
                    guard !view[pointer: pointer].set(value) else {
                        throw FuzzCheckFailure(description: "the malformed pointer \(pointer.debugDescription) took a write")
                    }
                case .append(let value):
                    _ = view[pointer: pointer].append(value)
                case .remove:
                    _ = view[pointer: pointer].remove()
                }
                guard JSON(view) == expected else {
                    throw FuzzCheckFailure(description: "the malformed pointer \(pointer.debugDescription) changed the view: \(JSON(view))")
                }
                continue
            }
            FuzzEdit(steps: steps, action: action).apply(to: &expected)
            switch action {
            case .read:
                let seen = JSON(view[pointer: pointer])
                guard seen == before.value(at: steps) else {
                    throw FuzzCheckFailure(description: "read \(pointer.debugDescription) of \(before): the view gave \(seen.map(\.description) ?? "missing")")
                }
            case .set(let value):
                _ = view[pointer: pointer].set(value)
            case .append(let value):
                _ = view[pointer: pointer].append(value)
            case .remove:
                _ = view[pointer: pointer].remove()
            }
        }
        // Compared once, as text (so the order of members counts too): edits far past the end
        // of an array make large documents, and comparing after each edit cost most of a run.
        let now = JSON(view)
        guard now.serializedString() == expected.serializedString() else {
            throw FuzzCheckFailure(
                description: "after \(edits.map { "\($0.action) at \($0.pointer.debugDescription)" }) on \(document):\n got      \(now)\n expected \(expected)")
        }
        let operations = view.jsonPatch()
        guard (try? document.applying(operations)) == expected else {
            throw FuzzCheckFailure(description: "the view's patch operations \(operations) do not take \(document) to \(expected)")
        }
        if !ReferenceMergePatch.hasNullMember(expected) {
            let changes = view.mergePatch()
            guard document.applying(mergePatch: changes) == expected else {
                throw FuzzCheckFailure(description: "the view's changes \(changes) do not take \(document) to \(expected)")
            }
        }
    }

    // MARK: (i) the patches of an edited model

    /// Decodes a `DynamicCodable` model from the document after the edit script (as
    /// ``dynamicEdits(_:)`` reads them): unedited, its `mergePatch()` must be `{}` and its
    /// `jsonPatch()` empty. Then, after the edits through `ds`, its
    /// `jsonPatch()` applied to the decoded document (by the library and by the
    /// reference) must give what the encoder writes for it, and so must its `mergePatch()`
    /// merged in (when the output has no `null` member, which a merge patch cannot write);
    /// the same for `ds` alone against the model's document (`"dynamicSelf"` included: a
    /// view holds every key).
    public static func modelChanges(_ bytes: Data) throws {
        let (edits, rest) = FuzzEdit.script(from: bytes)
        let text = Data(rest)
        guard let model = try? DynamicJSONDecoder().decode(FuzzEditModel.self, from: text),
            case .object(var object)? = try? JSON(parsing: text)
        else { return }
        // A model's `dynamicSelf` is never a key of its JSON (README): neither the encoder nor
        // the patches write it, so they are compared with the document without it.
        let document = JSON.object(object)
        _ = object.removeValue(forKey: "dynamicSelf")
        let original = JSON.object(object)
        let unchanged = try model.mergePatch()
        guard unchanged == .object(JSON.Object()) else {
            throw FuzzCheckFailure(description: "an unedited model has changes \(unchanged)")
        }
        let unedited = try model.jsonPatch()
        guard unedited.isEmpty else {
            throw FuzzCheckFailure(description: "an unedited model has patch operations \(unedited)")
        }
        var edited = model
        for edit in edits {
            let path = Path(edit.steps)
            switch edit.action {
            case .read: _ = JSON(edited.ds[path])
            case .set(let value): _ = edited.ds[path].set(value)
            case .append(let value): _ = edited.ds[path].append(value)
            case .remove: _ = edited.ds[path].remove()
            }
        }
        let output = try JSON(parsing: DynamicJSONEncoder().encode(edited))
        let operations = try edited.jsonPatch()
        let patched: JSON
        do {
            patched = try original.applying(operations)
        } catch {
            throw FuzzCheckFailure(description: "the model's patch operations \(operations) do not apply to \(original): \(error)")
        }
        guard patched == output else {
            throw FuzzCheckFailure(description: "after \(edits) the model's patch operations give \(patched), the encoder \(output)")
        }
        let encoded = try DynamicJSONEncoder().encode(operations)
        guard let reference = ReferenceJSONPatch.operations(try JSON(parsing: encoded)),
            ReferenceJSONPatch.apply(reference, to: original) == .applied(output)
        else {
            throw FuzzCheckFailure(description: "the reference does not take \(original) to \(output) with \(String(decoding: encoded, as: UTF8.self))")
        }
        if !ReferenceMergePatch.hasNullMember(output) {
            let changes = try edited.mergePatch()
            guard original.applying(mergePatch: changes) == output else {
                throw FuzzCheckFailure(
                    description: "after \(edits) the model's changes \(changes) give \(original.applying(mergePatch: changes)), the encoder \(output)")
            }
        }
        // `ds` alone: its own edits against the model's document.
        let ds = edited.ds
        let viewOperations = ds.jsonPatch()
        guard (try? document.applying(viewOperations)) == JSON(ds) else {
            throw FuzzCheckFailure(description: "ds's patch operations \(viewOperations) do not take \(document) to \(JSON(ds))")
        }
    }
}
