import Foundation
import DynamicMapper

// The properties of the fuzz targets for path text and for JSON5 input (see FuzzChecks.swift
// for how targets, seeds and regressions share them).

extension FuzzChecks {
    // MARK: (d) path text → Path → ds edits

    /// The longest path an edit through `ds` is asked to follow. Parsing and the round trip of
    /// the description are checked at any length.
    static let maximumEditSteps = 500

    /// The document the path edits start from. Made for each input: a lazily made global
    /// would count as a leak of the first input under libFuzzer's leak check.
    static var pathEditDocument: Data { Data(#"{"name":"n","a":{"b":[1,{"c":"d"}]},"":[[]],"k.k":{"é":null}}"#.utf8) }

    /// The first byte picks the separator and the edit (the action and the value written); the
    /// rest, as UTF-8 with invalid bytes replaced, is path text. `Path` must parse it, its
    /// description must parse back to the same components, and the edit through `ds` must do
    /// what it does to a plain value (``dynamicEdits(document:edits:)``).
    public static func pathEdits(_ bytes: Data) throws {
        guard let settings = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let separators: [Character] = [".", "/", "[", "\u{301}"]
        let path = Path(text, separator: separators[Int(settings >> 6)])
        let again = Path(path.description)
        guard again.components == path.components else {
            throw FuzzCheckFailure(description: "\(path.components) → \(path.description.debugDescription) → \(again.components)")
        }
        guard path.components.count <= maximumEditSteps else { return }
        let value = FuzzEdit.valueVocabulary[Int(settings >> 2 & 15) % FuzzEdit.valueVocabulary.count]
        let actions: [FuzzEdit.Action] = [.read, .set(value), .append(value), .remove]
        let edits = [FuzzEdit(steps: path.components, action: actions[Int(settings & 3)]), FuzzEdit(steps: path.components, action: .read)]
        guard try dynamicEdits(document: pathEditDocument, edits: edits) else {
            throw FuzzCheckFailure(description: "the path edit document no longer decodes")
        }
    }

    // MARK: (e) JSON5 input

    /// The first byte picks the options; the rest is JSON5 text. Parsing must end in a value or
    /// a positioned error; a value must survive serialise → parse; rejecting duplicate keys
    /// must reject exactly what takes the first of a repeated key; and numbers decoded by
    /// `DynamicJSONDecoder` must equal `JSONDecoder`'s wherever both decode them.
    public static func json5Input(_ bytes: Data) throws {
        guard let settings = bytes.first else { return }
        let text = Data(bytes.dropFirst())
        let value: JSON
        do {
            value = try JSON(parsing: text, allowsJSON5: true)
        } catch {
            try expectPositionedError(error, inputCount: text.count)
            return
        }
        let serialized = value.serialized()
        guard let again = try? JSON(parsing: serialized, allowsJSON5: true), again == value else {
            throw FuzzCheckFailure(description: "serialise → parse changed \(value)")
        }
        do {
            let checked = try JSON(parsing: text, allowsJSON5: true, rejectsDuplicateKeys: true)
            guard checked == value else { throw FuzzCheckFailure(description: "rejectsDuplicateKeys changed the value") }
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error,
                let syntax = context.underlyingError as? JSONSyntaxError, syntax.kind == .duplicateKey
            else {
                throw FuzzCheckFailure(description: "rejectsDuplicateKeys failed otherwise: \(error)")
            }
        }
        switch settings % 4 {
        case 0: try compareJSON5Numbers([Int64].self, text)
        case 1: try compareJSON5Numbers([UInt64].self, text)
        case 2: try compareJSON5Numbers([Double].self, text)
        default: try compareJSON5Numbers([Int8].self, text)
        }
    }

    private static func compareJSON5Numbers<T: Decodable & Equatable>(_ type: T.Type, _ text: Data) throws {
        let ours = DynamicJSONDecoder()
        ours.allowsJSON5 = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        guard !crashesFoundationsDecoder(text), let mine = try? ours.decode(T.self, from: text), let theirs = try? foundation.decode(T.self, from: text)
        else { return }
        // NaN is the one value not equal to itself.
        guard mine == theirs || "\(mine)" == "\(theirs)" else {
            throw FuzzCheckFailure(description: "\(T.self): DynamicJSONDecoder gave \(mine), JSONDecoder \(theirs)")
        }
    }
}
