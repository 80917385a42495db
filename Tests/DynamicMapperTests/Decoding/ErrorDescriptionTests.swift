import Foundation
import Testing
import DynamicMapper
import DynamicMapperTestSupport

// Errors that say what (issue 30, item 5): every public error type's `localizedDescription` is
// its one-line description; decoding at a path names the requested type and the step where the
// path broke; a printed syntax error names its position once.

// MARK: - Models (ED prefix: private to this file)

private struct EDImage: MappedCodable {
    @Mapped(.validate { $0 > 500 }) var width: Int
}

private struct EDUser: MappedCodable {
    @Mapped("user_name") var userName: String
}

/// Decodes `a.b[5]` in its own `init(from:)`, with whichever decoder runs it.
private struct EDAtPath: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try decoder.decode(at: "a.b[5]")
    }
}

@Suite("Error descriptions")
struct ErrorDescriptionTests {
    // MARK: localizedDescription of every public error type

    @Test("JSONPatchError: localizedDescription is its description")
    func patchError() throws {
        var document: JSON = ["tags": ["a"]]
        do {
            try document.apply([.remove(try Path(pointer: "/tags/7"))])
            Issue.record("applied")
        } catch {
            #expect(error.localizedDescription.hasPrefix(#"operation 0 (remove) at "/tags/7""#))
            #expect(error.localizedDescription == "\(error)")
            #expect(!error.localizedDescription.contains("The operation"))
        }
    }

    @Test("JSONPointerError: localizedDescription is its description")
    func pointerError() {
        do {
            _ = try Path(pointer: "a/b")
            Issue.record("parsed")
        } catch {
            #expect(error.localizedDescription == #"A JSON Pointer starts with '/' at offset 0 of "a/b""#)
        }
    }

    @Test("PathSyntaxError: localizedDescription is its description")
    func pathSyntaxError() {
        do {
            _ = try Path(validating: "a.b[")
            Issue.record("parsed")
        } catch {
            #expect((error as any Error).localizedDescription == #"'[' is never closed at offset 3 of "a.b[""#)
        }
    }

    @Test("JSONSyntaxError: localizedDescription is its description")
    func syntaxError() throws {
        let syntax = try #require(underlyingSyntaxError { try JSON(parsing: "[1,]") })
        #expect((syntax as any Error).localizedDescription == "\(syntax)")
        #expect(syntax.localizedDescription.hasSuffix("at line 1, column 4"))
    }

    @Test("TransformerError: localizedDescription is its description")
    func transformerError() {
        let error: any Error = TransformerError(value: "x", reason: "is not a date")
        #expect(error.localizedDescription == #""x" is not a date"#)
    }

    @Test("MappedValidationError: localizedDescription is its description")
    func validationError() {
        do {
            _ = try EDImage.decode(from: #"{"width": 400}"#)
            Issue.record("decoded")
        } catch {
            #expect(error.localizedDescription == "Validation failed for property width at width: 400")
        }
    }

    @Test("MappedKeyError: localizedDescription is its description")
    func mappedKeyError() {
        var user = EDUser()
        do {
            try user.setValue(42, forMappedKey: "user_name")
            Issue.record("set")
        } catch {
            #expect(error.localizedDescription == #"Cannot set "user_name": Int is not the type of the property userName"#)
        }
    }

    // MARK: Decoding at a path

    private static let document = Data(#"{"a":{"b":[1,2,3],"n":null,"s":"text"}}"#.utf8)

    @Test("an index out of range: valueNotFound of the requested type, at the array")
    func indexOutOfRange() {
        for decoder in [DynamicJSONDecoder(), JSONDecoder()] {
            do {
                _ = try decoder.decode(Int.self, from: Self.document, at: "a.b[5]")
                Issue.record("decoded")
            } catch DecodingError.valueNotFound(let type, let context) {
                #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
                #expect(context.codingPath.map(\.stringValue) == ["a", "b"])
                #expect(context.debugDescription == "No Int at a.b[5]: index 5 is out of range (the array at a.b has 3 elements)")
                let printed = String(describing: DecodingError.valueNotFound(type, context))
                #expect(printed.contains("Expected value of type Int"))
                #expect(!printed.contains("type Any"))
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("a missing key: keyNotFound naming the key and the object")
    func missingKey() {
        do {
            _ = try DynamicJSONDecoder().decode(Int.self, from: Self.document, at: "a.c.d")
            Issue.record("decoded")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "c")
            #expect(context.codingPath.map(\.stringValue) == ["a"])
            #expect(context.debugDescription == #"No Int at a.c.d: key "c" not found in the object at a"#)
        } catch {
            Issue.record("\(error)")
        }
        do {
            _ = try DynamicJSONDecoder().decode(String.self, from: Self.document, at: "x")
            Issue.record("decoded")
        } catch DecodingError.keyNotFound(_, let context) {
            #expect(context.debugDescription == #"No String at x: key "x" not found in the object at the top level"#)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a null on the way: valueNotFound naming where")
    func nullOnTheWay() {
        do {
            _ = try DynamicJSONDecoder().decode(Int.self, from: Self.document, at: "a.n.x")
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.debugDescription == "No Int at a.n.x: a.n is null")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a step on a value of another kind: typeMismatch naming it")
    func wrongKind() {
        do {
            _ = try DynamicJSONDecoder().decode(Int.self, from: Self.document, at: "a.b.c")
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "b"])
            #expect(context.debugDescription == "No Int at a.b.c: a.b is an array, not an object")
        } catch {
            Issue.record("\(error)")
        }
        do {
            _ = try DynamicJSONDecoder().decode(Int.self, from: Self.document, at: "a.s[0]")
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == "No Int at a.s[0]: a.s is a string, not an array")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("decoder.decode(at:) in init(from:) names the type and the step, with either decoder")
    func decodeAtInInitFrom() {
        for decoder in [DynamicJSONDecoder(), JSONDecoder()] {
            do {
                _ = try decoder.decode(EDAtPath.self, from: Self.document)
                Issue.record("decoded")
            } catch DecodingError.valueNotFound(let type, let context) {
                #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self), "\(Swift.type(of: decoder))")
                #expect(
                    context.debugDescription == "No Int at a.b[5]: index 5 is out of range (the array at a.b has 3 elements)",
                    "\(Swift.type(of: decoder))")
            } catch {
                Issue.record("\(Swift.type(of: decoder)): \(error)")
            }
        }
    }

    // MARK: Printed syntax errors

    @Test("a printed syntax error names its position once")
    func printedSyntaxError() {
        do {
            _ = try DynamicJSONDecoder().decode([Int].self, from: Data("[1,\n 2,,]".utf8))
            Issue.record("decoded")
        } catch {
            #expect(
                String(describing: error)
                    == "DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON. Underlying error: Unexpected character ',': expected a value at line 2, column 4"
            )
            if case DecodingError.dataCorrupted(let context) = error {
                #expect(context.debugDescription == "The given data was not valid JSON")
                let syntax = context.underlyingError as? JSONSyntaxError
                #expect(syntax?.description == "Unexpected character ',': expected a value at line 2, column 4")
            } else {
                Issue.record("\(error)")
            }
        }
    }
}
