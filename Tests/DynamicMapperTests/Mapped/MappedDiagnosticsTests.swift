import Foundation
import Testing
import DynamicMapper

// `@Mapped` where its declaration was not found (issue 17, item 4): in a type that is not
// `MappedCodable`, and under a `CodingKeys` case that renames it. Both were decoded by the
// coding key alone, quietly losing the key, default and options. The first now throws and
// says why; renames are learned and followed, or refused when they cannot be learned.

/// Not `MappedCodable`: its key and default cannot be learned.
private struct MDPlain: Codable {
    @Mapped("full_name", default: "none") var name: String
}

private struct MDHolder: MappedCodable {
    @Mapped var id: Int
    @Mapped var plain: MDPlain?
}

/// Renames `@Mapped` properties in its `CodingKeys`.
private struct MDRenamed: MappedCodable, Equatable {
    @Mapped(default: 5) var count: Int
    @Mapped var title: String
    @Mapped("own", default: "d") var label: String
    @Mapped(using: MDBoxTransformer()) var box: MDBox
    var plain = 0

    enum CodingKeys: String, CodingKey {
        case count = "n"
        case title
        case label = "l"
        case box = "b"
        case plain = "p"
    }
}

/// Not `Codable`: read only through its transformer.
private struct MDBox: Equatable {
    var number: Int
}

private struct MDBoxTransformer: Transformer, Sendable {
    func decode(_ raw: Int) throws -> MDBox { MDBox(number: raw) }
    func encode(_ value: MDBox) throws -> Int { value.number }
}

/// Renames a property, and cannot be made from zero values (`URL` has none), so the renames
/// cannot be learned.
private struct MDUnlearnable: MappedCodable {
    @Mapped(default: 5) var count: Int
    var link = URL(fileURLWithPath: "/")

    enum CodingKeys: String, CodingKey {
        case count = "n"
        case link
    }
}

private enum MDKind: String, Codable { case a, b }

/// Renames its properties and reads one in its own `init(from:)`: the probe that learns the
/// renames must not hand it a wrapper with no value (an enum has no zero value).
private struct MDReadsInInit: MappedCodable {
    @Mapped var kind: MDKind = .b
    @Mapped var count: Int
    var isA = false

    enum CodingKeys: String, CodingKey {
        case kind = "type"
        case count = "n"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _kind = try container.decode(Mapped<MDKind>.self, forKey: .kind)
        _count = try container.decode(Mapped<Int>.self, forKey: .count)
        isA = kind == .a
    }
}

/// The key on the wrapper and `CodingKeys` that keep the names.
private struct MDKeyed: MappedCodable, Equatable {
    @Mapped("n", default: 5) var count: Int
    @Mapped var title: String

    enum CodingKeys: String, CodingKey {
        case count, title
    }
}

private func mdCorrupted<T: Decodable>(_ type: T.Type, _ json: String) -> (path: [String], message: String)? {
    do {
        _ = try DynamicJSONDecoder().decode(T.self, from: Data(json.utf8))
        return nil
    } catch DecodingError.dataCorrupted(let context) {
        return (context.codingPath.map(\.stringValue), context.debugDescription)
    } catch {
        return ([], "\(error)")
    }
}

@Suite("@Mapped diagnostics")
struct MappedDiagnosticsTests {
    @Test("@Mapped in a type that is not MappedCodable is refused with its path, at the top and nested")
    func notMappedCodable() throws {
        let expectedMessage =
            "The @Mapped property name is in a type that is not MappedCodable, or one whose init(from:) was called directly: its key, default and options are only known to a MappedCodable model decoded through a container or at the top level. Conform the type to MappedCodable (Codable with init()), or decode it with container.decode(_:forKey:)."
        let top = mdCorrupted(MDPlain.self, #"{"full_name": "Ada"}"#)
        #expect(top?.path == ["name"])
        #expect(top?.message == expectedMessage)
        // Even where the value would have been found by the property's name.
        #expect(mdCorrupted(MDPlain.self, #"{"name": "Ada"}"#)?.message == expectedMessage)
        let nested = mdCorrupted(MDHolder.self, #"{"id": 1, "plain": {"full_name": "Ada"}}"#)
        #expect(nested?.path == ["plain", "name"])
        #expect(nested?.message == expectedMessage)
        // Absent, the nested model is never decoded, so nothing is refused.
        #expect(try MDHolder.decode(from: #"{"id": 1}"#).plain == nil)
    }

    @Test("a CodingKeys case that renames a @Mapped property is followed, with its default, options and transformer")
    func renamedByCodingKeys() throws {
        let empty = try MDRenamed.decode(from: #"{"title": "a", "b": 1, "p": 0}"#)
        #expect(empty.count == 5 && empty.title == "a" && empty.label == "d" && empty.box == MDBox(number: 1))
        let given = try MDRenamed.decode(from: #"{"n": 3, "title": "b", "own": "x", "l": "ignored", "b": 2, "p": 4}"#)
        #expect(given.count == 3 && given.label == "x" && given.box == MDBox(number: 2) && given.plain == 4)
        let encoder = DynamicJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(given), as: UTF8.self)
        #expect(text == #"{"b":2,"n":3,"own":"x","p":4,"title":"b"}"#)
        #expect(try MDRenamed.decode(from: text) == given)
        // A missing renamed key without a default names the coding key and the property.
        do {
            _ = try MDRenamed.decode(from: #"{"title": "a", "p": 0}"#)
            Issue.record("expected keyNotFound")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "b")
            #expect(context.debugDescription == "No value for the @Mapped property box at b.")
        }
    }

    @Test("a rename that cannot be learned reads the value under its coding key, and refuses a missing one naming the key and the likely property")
    func unlearnableRename() throws {
        let decoded = try DynamicJSONDecoder().decode(MDUnlearnable.self, from: Data(#"{"n": 1, "link": "file:///"}"#.utf8))
        #expect(decoded.count == 1)
        let error = mdCorrupted(MDUnlearnable.self, #"{"link": "file:///"}"#)
        #expect(error?.path == ["n"])
        #expect(
            error?.message
                == #"MDUnlearnable asks for a @Mapped property of type Int under the coding key "n" (the property count?), which is not a property name, and running its init(from:) once on zero values to learn the keys its CodingKeys give did not tell (it threw, or asked for no property under that key). Write the key on the wrapper (@Mapped("n")) and keep the case's name in CodingKeys."#
        )
    }

    @Test("a model that reads a renamed property of a type with no zero value in its init(from:) decodes (the probe does not trap)")
    func probeDoesNotHandOutEmptyWrappers() throws {
        for (text, kind, count) in [(#"{"type": "a", "n": 3}"#, MDKind.a, 3), (#"{"n": 4, "type": "b"}"#, .b, 4)] {
            let model = try DynamicJSONDecoder().decode(MDReadsInInit.self, from: Data(text.utf8))
            #expect(model.kind == kind && model.count == count && model.isA == (kind == .a))
        }
    }

    @Test("the key on the wrapper, with CodingKeys that keep the names, decodes, defaults and encodes")
    func keyOnTheWrapper() throws {
        let empty = try MDKeyed.decode(from: #"{"title": "a"}"#)
        #expect(empty.count == 5 && empty.title == "a")
        let given = try MDKeyed.decode(from: #"{"n": 3, "title": "b"}"#)
        #expect(given.count == 3)
        #expect(String(decoding: try DynamicJSONEncoder().encode(given), as: UTF8.self) == #"{"n":3,"title":"b"}"#)
    }
}
