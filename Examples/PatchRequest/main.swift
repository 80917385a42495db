// Sends only what changed: edits a decoded resource (and, with no model, a parsed payload)
// and prints the PATCH body in both standard forms. Then plays the server: applies an
// incoming patch to the stored document, decodes the result into the model (so its rules
// run) and rejects bad patches with the position of the problem.
//
//   swift run PatchRequest

import DynamicMapper
import DynamicMapperOperators
import Foundation

struct Article: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var title: String
    var tags: [String]
    @NotCoded var authorName: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        authorName <-> ds.author.name
    }
}

struct ArticleRuleError: Error, CustomStringConvertible {
    var description: String
}

let stored = Data(
    #"""
    {"id": 7, "title": "Draft", "tags": ["swift"], "author": {"name": "Ada", "id": 9007199254740993},
     "stats": {"views": 1.10}}
    """#.utf8)

// MARK: Client: edit, then send only the changes

let bodyEncoder = DynamicJSONEncoder()
bodyEncoder.outputFormatting = [.withoutEscapingSlashes]

do {
    var article = try DynamicJSONDecoder().decode(Article.self, from: stored)
    article.title = "Patching, explained"
    article.tags.append("json")
    article.authorName = "Ada Lovelace"
    article.ds.stats.remove()

    print("Content-Type: application/merge-patch+json")
    print(try article.mergePatch().serializedString())
    print("Content-Type: application/json-patch+json")
    print(try article.jsonPatch().encodedString(using: bodyEncoder))
} catch {
    print("client failed: \(error)")
}

// MARK: Client without a model: the parsed payload tells its own edits

do {
    var payload = try DynamicClass(parsing: stored)
    payload[pointer: "/author/name"].set("Ada Lovelace")
    payload.tags.append("json")

    print("Content-Type: application/merge-patch+json")
    print(payload.mergePatch().serializedString())
    print("Content-Type: application/json-patch+json")
    print(try payload.jsonPatch().encodedString(using: bodyEncoder))
} catch {
    print("model-free client failed: \(error)")
}

// MARK: Server: apply an incoming patch, validate, store

enum PatchBody {
    case merge(Data)
    case jsonPatch(Data)
}

/// Applies `body` to `document` and returns the new document, or throws why it was refused:
/// a malformed patch (`DecodingError`), an operation that does not apply (`JSONPatchError`), or
/// a result the model rejects.
func handle(_ body: PatchBody, on document: JSON) throws -> JSON {
    var updated = document
    switch body {
    case .merge(let data):
        updated.apply(mergePatch: try JSON(parsing: data))
    case .jsonPatch(let data):
        try updated.apply(JSONDecoder().decode(JSONPatch.self, from: data))
    }
    let article = try Article.decode(from: updated)
    guard !article.title.isEmpty else { throw ArticleRuleError(description: "title: must not be empty") }
    return updated
}

let requests: [(String, PatchBody)] = [
    ("merge patch", .merge(Data(#"{"title": "Final", "stats": null}"#.utf8))),
    ("JSON Patch", .jsonPatch(Data(#"[{"op": "test", "path": "/id", "value": 7}, {"op": "add", "path": "/tags/-", "value": "server"}]"#.utf8))),
    ("test failure", .jsonPatch(Data(#"[{"op": "add", "path": "/tags/0", "value": "x"}, {"op": "test", "path": "/id", "value": 8}]"#.utf8))),
    ("bad pointer", .jsonPatch(Data(#"[{"op": "remove", "path": "tags/0"}]"#.utf8))),
    ("index out of range", .jsonPatch(Data(#"[{"op": "remove", "path": "/tags/5"}]"#.utf8))),
    ("breaks the model", .merge(Data(#"{"title": null}"#.utf8))),
    ("breaks a rule", .merge(Data(#"{"title": ""}"#.utf8))),
]

do {
    let document = try JSON(parsing: stored)
    for (name, body) in requests {
        do {
            let updated = try handle(body, on: document)
            print("\(name): 200 \(updated)")
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                print("\(name): 422 at \(Path(codingPath: context.codingPath + [key])): missing")
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                print("\(name): 422 at \(Path(codingPath: context.codingPath)): \(context.debugDescription)")
            @unknown default:
                print("\(name): 422 \(error)")
            }
        } catch {
            print("\(name): 422 \(error)")
        }
    }
} catch {
    print("server failed: \(error)")
}
