import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// MARK: - Models

/// Its mapping copies `info.label` into `label`, so a non-nil label proves the mapping ran.
private struct DecodingLeaf: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var label: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        switch mappingType {
        case .decoding: label <-- ds.info.label
        case .encoding: label --> { ds.info.label.set($0) }
        }
    }
}

private struct DecodingPlainWrapper: Decodable {
    var inner: DecodingLeaf
}

/// Its mapping records the labels its children hold when it runs: children map first.
private struct DecodingTree: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var leaf: DecodingLeaf
    var leaves: [DecodingLeaf]
    var maybe: DecodingLeaf?
    var absent: DecodingLeaf?
    var byName: [String: DecodingLeaf]
    var wrapper: DecodingPlainWrapper
    var nested: [[DecodingLeaf]]
    @NotCoded var seen: [String]?
    @NotCoded var top: String?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard mappingType == .decoding else { return }
        var labels = [leaf.label ?? "-"]
        labels += leaves.map { $0.label ?? "-" }
        labels.append(maybe?.label ?? "-")
        labels.append(byName["k"]?.label ?? "-")
        labels.append(wrapper.inner.label ?? "-")
        labels += nested.flatMap { $0.map { $0.label ?? "-" } }
        seen = labels
        top <-- ds.top
    }
}

private class DecodingBase: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var baseLabel: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        baseLabel <-- ds.meta.base
    }
}

private final class DecodingSub: DecodingBase {
    var extra: String
    @NotCoded var subLabel: String?

    private enum SubKeys: String, CodingKey {
        case extra
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SubKeys.self)
        extra = try container.decode(String.self, forKey: .extra)
        try super.init(from: decoder)
    }

    override func dynamicMapping(mappingType: DynamicMappingType) {
        super.dynamicMapping(mappingType: mappingType)
        subLabel <-- ds.meta.sub
    }
}

private struct DecodingSubHolder: Decodable {
    var subs: [DecodingSub]
}

private struct DecodingCustomKeys: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var name: String
    var nick: String?

    enum CodingKeys: String, CodingKey {
        case name = "full_name"
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        nick <-- ds.profile.nick
    }
}

private struct DecodingReadSemantics: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    var preset = 42
    var presetOptional: String? = "keep"
    var outOfRange: String? = "still"
    var nulled: String? = "was set"
    var nulledPlain = 5
    var mismatched = 7
    var mismatchedOptional: Int? = 8
    var present = 0
    var presentOptional: String?

    enum CodingKeys: String, CodingKey {
        case id
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        preset <-- ds.missing.path
        presetOptional <-- ds.nope
        outOfRange <-- ds.info.list[5]
        nulled <-- ds.info.nothing
        nulledPlain <-- ds.info.nothing
        mismatched <-- ds.info.text
        mismatchedOptional <-- ds.info.text
        present <-- ds.info.number
        presentOptional <-- ds.info.text
    }
}

private struct DecodingAddress: Decodable, Equatable {
    var zip: String
}

private struct DecodingStrictUser: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var name: String
    @NotCoded var age: Int?
    @NotCoded var address: DecodingAddress?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        age <-- ds.info.age
        address <-- ds.info.address
    }
}

private struct DecodingUsers: Decodable {
    var users: [DecodingStrictUser]
}

private struct DecodingStrictRoot: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var users: [DecodingStrictUser]
    @NotCoded var total: Int?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        total <-- ds.stats[1].count
    }
}

private struct DecodingDates: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var created: Date?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        created <-- ds.meta.created
    }
}

private struct DecodingSnakePerson: Decodable, Equatable {
    var firstName: String
    var lastName: String
}

private struct DecodingSnakeHolder: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var topLevel: Int
    @NotCoded var person: DecodingSnakePerson?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        person <-- ds["data.person_info"]
    }
}

private let decodingProbeKey = CodingUserInfoKey(rawValue: "decodingProbe")!

private struct DecodingUserInfoProbe: Decodable {
    var marker: String
    var raw: Int

    init(from decoder: any Decoder) throws {
        marker = decoder.userInfo[decodingProbeKey] as? String ?? "none"
        raw = try decoder.singleValueContainer().decode(Int.self)
    }
}

private struct DecodingUserInfoHolder: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    @NotCoded var probe: DecodingUserInfoProbe?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        probe <-- ds.deep.value
    }
}

private struct DecodingBothWays: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var id: Int
    @NotCoded var city: String?
    @NotCoded var zip: String?

    init(id: Int) {
        self.id = id
    }

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        city <-> ds.address.city
        zip <-> ds.address.zip
    }
}

private struct DecodingListHolder: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    var items: [DecodingLeaf]
    @NotCoded var labelsSeen: [String]?

    mutating func dynamicMapping(mappingType: DynamicMappingType) {
        items.dynamicMapping(mappingType: mappingType)
        labelsSeen = items.map { $0.label ?? "-" }
    }
}

/// Collects what a `@Sendable` failure handler receives.
private final class DecodingFailureLog: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: [DecodingError] = []

    func append(_ error: DecodingError) {
        lock.withLock { stored.append(error) }
    }

    var errors: [DecodingError] { lock.withLock { stored } }
}

// MARK: - Helpers

private let decodingTreeInput =
    #"{"leaf":{"id":1,"info":{"label":"a"}},"leaves":[{"id":2,"info":{"label":"b"}},{"id":3,"info":{"label":"c"}}],"maybe":{"id":4,"info":{"label":"d"}},"byName":{"k":{"id":5,"info":{"label":"e"}}},"wrapper":{"inner":{"id":6,"info":{"label":"f"}}},"nested":[[{"id":7,"info":{"label":"g"}}]],"top":"t"}"#

private func decodeThroughGeneric<T: Decodable>(_ type: T.Type, _ decoder: JSONDecoder, _ data: Data) throws -> T {
    try decoder.decode(T.self, from: data)
}

private func checkTree(_ tree: DecodingTree) {
    #expect(tree.seen == ["a", "b", "c", "d", "e", "f", "g"])
    #expect(tree.top == "t")
    #expect(tree.dynamicSelf?.debugDescription == decodingTreeInput)
    #expect(tree.leaf.dynamicSelf?.debugDescription == #"{"id":1,"info":{"label":"a"}}"#)
    #expect(tree.leaves.map { $0.dynamicSelf?.debugDescription } == [#"{"id":2,"info":{"label":"b"}}"#, #"{"id":3,"info":{"label":"c"}}"#])
    #expect(tree.maybe?.dynamicSelf?.debugDescription == #"{"id":4,"info":{"label":"d"}}"#)
    #expect(tree.absent == nil)
    #expect(tree.byName["k"]?.dynamicSelf?.debugDescription == #"{"id":5,"info":{"label":"e"}}"#)
    #expect(tree.byName["k"]?.label == "e")
    #expect(tree.wrapper.inner.dynamicSelf?.debugDescription == #"{"id":6,"info":{"label":"f"}}"#)
    #expect(tree.wrapper.inner.label == "f")
    #expect(tree.nested.first?.first?.dynamicSelf?.debugDescription == #"{"id":7,"info":{"label":"g"}}"#)
    #expect(tree.leaves.map(\.label) == ["b", "c"])
}

private func codingPathStrings(_ error: DecodingError) -> [String] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
        return context.codingPath.map(\.stringValue)
    @unknown default:
        return []
    }
}

// MARK: - Tests

@Suite("Dynamic decoding: views and mappings while decoding")
struct DynamicDecodingTests {
    @Test("every dynamic value at any depth gets its view, and children map before their parents")
    func everyDepthBottomUp() throws {
        let tree = try DynamicJSONDecoder().decode(DecodingTree.self, from: Data(decodingTreeInput.utf8))
        checkTree(tree)
    }

    @Test("a JSONDecoder-typed reference still decodes dynamically")
    func throughJSONDecoderReference() throws {
        let decoder: JSONDecoder = DynamicJSONDecoder()
        let tree = try decoder.decode(DecodingTree.self, from: Data(decodingTreeInput.utf8))
        checkTree(tree)
    }

    @Test("a generic caller taking a JSONDecoder still decodes dynamically")
    func throughGenericFunction() throws {
        let tree = try decodeThroughGeneric(DecodingTree.self, DynamicJSONDecoder(), Data(decodingTreeInput.utf8))
        checkTree(tree)
        let leaves = try decodeThroughGeneric([DecodingLeaf].self, DynamicJSONDecoder(), Data(#"[{"id":1,"info":{"label":"x"}}]"#.utf8))
        #expect(leaves.map(\.label) == ["x"])
    }

    @Test("JSONDocument(parsing:).decode(_:using:) decodes dynamically")
    func throughJSONDocument() throws {
        let document = try JSONDocument(parsing: Data(decodingTreeInput.utf8))
        checkTree(try document.decode(DecodingTree.self, using: DynamicJSONDecoder()))
        checkTree(try document.decode(DecodingTree.self))
    }

    @Test("subclasses get their view and run the overriding mapping, at the top and in arrays")
    func subclasses() throws {
        let input = #"{"id":1,"extra":"x","meta":{"base":"B","sub":"S"}}"#
        let sub = try DynamicJSONDecoder().decode(DecodingSub.self, from: Data(input.utf8))
        #expect(sub.id == 1)
        #expect(sub.extra == "x")
        #expect(sub.baseLabel == "B")
        #expect(sub.subLabel == "S")
        #expect(sub.dynamicSelf?.debugDescription == input)

        let holder = try DynamicJSONDecoder().decode(DecodingSubHolder.self, from: Data(#"{"subs":[{"id":2,"extra":"y","meta":{"sub":"s2"}}]}"#.utf8))
        #expect(holder.subs.map(\.subLabel) == ["s2"])
        #expect(holder.subs.map(\.baseLabel) == [nil])
        #expect(holder.subs.first?.dynamicSelf?.debugDescription == #"{"id":2,"extra":"y","meta":{"sub":"s2"}}"#)
    }

    @Test("custom CodingKeys without a dynamicSelf case work")
    func customCodingKeys() throws {
        let model = try DynamicJSONDecoder().decode(DecodingCustomKeys.self, from: Data(#"{"full_name":"Ada L","profile":{"nick":"ada"}}"#.utf8))
        #expect(model.name == "Ada L")
        #expect(model.nick == "ada")
        #expect(model.dynamicSelf?.debugDescription == #"{"full_name":"Ada L","profile":{"nick":"ada"}}"#)
    }

    @Test("a \"dynamicSelf\" key in the input is never read")
    func dynamicSelfKeyNotRead() throws {
        let input = #"{"id":1,"dynamicSelf":"not a view","info":{"label":"a"}}"#
        let leaf = try DynamicJSONDecoder().decode(DecodingLeaf.self, from: Data(input.utf8))
        #expect(leaf.id == 1)
        #expect(leaf.label == "a")
        #expect(leaf.ds.info.label.debugDescription == #""a""#)
    }

    @Test("<--: a missing path leaves the property as it was, null makes an optional nil, a mismatch leaves it")
    func readSemantics() throws {
        let input = #"{"id":1,"info":{"nothing":null,"text":"abc","number":12,"list":[1]}}"#
        let model = try DynamicJSONDecoder().decode(DecodingReadSemantics.self, from: Data(input.utf8))
        #expect(model.id == 1)
        #expect(model.preset == 42)
        #expect(model.presetOptional == "keep")
        #expect(model.outOfRange == "still")
        #expect(model.nulled == nil)
        #expect(model.nulledPlain == 5)
        #expect(model.mismatched == 7)
        #expect(model.mismatchedOptional == 8)
        #expect(model.present == 12)
        #expect(model.presentOptional == "abc")
    }

    @Test("strictMapping throws typeMismatch with the full coding path from the document root")
    func strictMappingThrowsFullPath() throws {
        let decoder = DynamicJSONDecoder()
        decoder.strictMapping = true
        let input = #"{"users":[{"name":"a","info":{"age":1}},{"name":"b","info":{"age":"old"}}]}"#
        do {
            _ = try decoder.decode(DecodingUsers.self, from: Data(input.utf8))
            Issue.record("expected a DecodingError.typeMismatch")
        } catch let error as DecodingError {
            guard case .typeMismatch(let type, _) = error else {
                Issue.record("expected typeMismatch, got \(error)")
                return
            }
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(codingPathStrings(error) == ["users", "Index 1", "info", "age"])
        }

        let nested = #"[{"name":"a","info":{"address":{"zip":5}}}]"#
        do {
            _ = try decoder.decode([DecodingStrictUser].self, from: Data(nested.utf8))
            Issue.record("expected a DecodingError.typeMismatch")
        } catch let error as DecodingError {
            guard case .typeMismatch(let type, _) = error else {
                Issue.record("expected typeMismatch, got \(error)")
                return
            }
            #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
            #expect(codingPathStrings(error) == ["Index 0", "info", "address", "zip"])
        }

        let fine = try decoder.decode(DecodingUsers.self, from: Data(#"{"users":[{"name":"a","info":{"age":1,"address":{"zip":"z"}}},{"name":"b"}]}"#.utf8))
        #expect(fine.users.map(\.age) == [1, nil])
        #expect(fine.users.map(\.address) == [DecodingAddress(zip: "z"), nil])
    }

    @Test("strictMapping paths through dynamic parents, dictionaries, root-level reads and every decode entry point")
    func strictMappingPathsEverywhere() throws {
        let decoder = DynamicJSONDecoder()
        decoder.strictMapping = true
        func failurePath<T: Decodable>(_ type: T.Type, _ text: String, _ decode: (Data) throws -> T) -> [String]? {
            do {
                _ = try decode(Data(text.utf8))
                return nil
            } catch let error as DecodingError {
                guard case .typeMismatch = error else { return ["unexpected: \(error)"] }
                return codingPathStrings(error)
            } catch {
                return ["unexpected: \(error)"]
            }
        }

        let inDynamicParent = #"{"users":[{"name":"a"},{"name":"b","info":{"age":"old"}}]}"#
        #expect(
            failurePath(DecodingStrictRoot.self, inDynamicParent) { try decoder.decode(DecodingStrictRoot.self, from: $0) } == [
                "users", "Index 1", "info", "age",
            ])

        let rootRead = #"{"users":[],"stats":[{"count":1},{"count":"many"}]}"#
        #expect(failurePath(DecodingStrictRoot.self, rootRead) { try decoder.decode(DecodingStrictRoot.self, from: $0) } == ["stats", "Index 1", "count"])

        let inDictionary = #"{"x":{"name":"a","info":{"age":true}}}"#
        #expect(
            failurePath([String: DecodingStrictUser].self, inDictionary) { try decoder.decode([String: DecodingStrictUser].self, from: $0) } == [
                "x", "info", "age",
            ])

        let usersInput = #"{"users":[{"name":"a","info":{"age":1}},{"name":"b","info":{"age":"old"}}]}"#
        let reference: JSONDecoder = decoder
        #expect(failurePath(DecodingUsers.self, usersInput) { try reference.decode(DecodingUsers.self, from: $0) } == ["users", "Index 1", "info", "age"])
        #expect(
            failurePath(DecodingUsers.self, usersInput) { try decodeThroughGeneric(DecodingUsers.self, decoder, $0) } == ["users", "Index 1", "info", "age"])
        #expect(
            failurePath(DecodingUsers.self, usersInput) { try JSONDocument(parsing: $0).decode(DecodingUsers.self, using: decoder) } == [
                "users", "Index 1", "info", "age",
            ])
    }

    @Test("mappingFailureHandler gets every failure, in document order")
    func failureHandlerGetsEveryFailure() throws {
        let log = DecodingFailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        let input = #"{"users":[{"name":"a","info":{"age":"x"}},{"name":"b","info":{"address":{"zip":1}}}],"stats":[0,{"count":null}]}"#
        let root = try decoder.decode(DecodingStrictRoot.self, from: Data(input.utf8))
        #expect(root.users.map(\.age) == [nil, nil])
        #expect(root.total == nil)
        #expect(log.errors.map(codingPathStrings) == [["users", "Index 0", "info", "age"], ["users", "Index 1", "info", "address", "zip"]])
    }

    @Test("optional, nested-array and dictionary-of-array dynamic values at the top level")
    func topLevelContainers() throws {
        let decoder = DynamicJSONDecoder()
        let optional = try decoder.decode(DecodingLeaf?.self, from: Data(#"{"id":1,"info":{"label":"o"}}"#.utf8))
        #expect(optional?.label == "o")
        #expect(optional?.dynamicSelf?.debugDescription == #"{"id":1,"info":{"label":"o"}}"#)
        let none = try decoder.decode(DecodingLeaf?.self, from: Data("null".utf8))
        #expect(none == nil)
        let optionals = try decoder.decode([DecodingLeaf?].self, from: Data(#"[null,{"id":2,"info":{"label":"p"}}]"#.utf8))
        #expect(optionals.map { $0?.label } == [nil, "p"])
        let grouped = try decoder.decode([String: [DecodingLeaf]].self, from: Data(#"{"g":[{"id":3,"info":{"label":"q"}}]}"#.utf8))
        #expect(grouped["g"]?.map(\.label) == ["q"])
        #expect(grouped["g"]?.first?.dynamicSelf?.debugDescription == #"{"id":3,"info":{"label":"q"}}"#)
    }

    @Test("without strictMapping the decode succeeds and mappingFailureHandler gets the error")
    func failureHandlerReceivesErrors() throws {
        let log = DecodingFailureLog()
        let decoder = DynamicJSONDecoder()
        decoder.mappingFailureHandler = { log.append($0) }
        let input = #"{"users":[{"name":"a","info":{"age":1}},{"name":"b","info":{"age":"old"}}]}"#
        let decoded = try decoder.decode(DecodingUsers.self, from: Data(input.utf8))
        #expect(decoded.users.map(\.name) == ["a", "b"])
        #expect(decoded.users.map(\.age) == [1, nil])
        let errors = log.errors
        #expect(errors.count == 1)
        let first = try #require(errors.first)
        guard case .typeMismatch(let type, _) = first else {
            Issue.record("expected typeMismatch, got \(first)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(codingPathStrings(first) == ["users", "Index 1", "info", "age"])

        let quiet = try DynamicJSONDecoder().decode(DecodingUsers.self, from: Data(input.utf8))
        #expect(quiet.users.map(\.age) == [1, nil])
    }

    @Test("<-- decodes dates with the decoder's date strategy")
    func readsUseDateStrategy() throws {
        let iso = DynamicJSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        let fromISO = try iso.decode(DecodingDates.self, from: Data(#"{"meta":{"created":"2001-01-01T00:00:00Z"}}"#.utf8))
        #expect(fromISO.created == Date(timeIntervalSinceReferenceDate: 0))

        let seconds = DynamicJSONDecoder()
        seconds.dateDecodingStrategy = .secondsSince1970
        let fromSeconds = try seconds.decode(DecodingDates.self, from: Data(#"{"meta":{"created":86400}}"#.utf8))
        #expect(fromSeconds.created == Date(timeIntervalSince1970: 86_400))

        let mismatch = try seconds.decode(DecodingDates.self, from: Data(#"{"meta":{"created":"2001-01-01T00:00:00Z"}}"#.utf8))
        #expect(mismatch.created == nil)
    }

    @Test("<-- decodes a nested struct with the decoder's key strategy")
    func readsUseKeyStrategy() throws {
        let decoder = DynamicJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let input = #"{"top_level":1,"data":{"person_info":{"first_name":"Ada","last_name":"Lovelace"}}}"#
        let holder = try decoder.decode(DecodingSnakeHolder.self, from: Data(input.utf8))
        #expect(holder.topLevel == 1)
        #expect(holder.person == DecodingSnakePerson(firstName: "Ada", lastName: "Lovelace"))
    }

    @Test("<-- passes the decoder's userInfo to the type it decodes")
    func readsSeeUserInfo() throws {
        let decoder = DynamicJSONDecoder()
        decoder.userInfo[decodingProbeKey] = "from decoder"
        let holder = try decoder.decode(DecodingUserInfoHolder.self, from: Data(#"{"deep":{"value":3}}"#.utf8))
        #expect(holder.probe?.marker == "from decoder")
        #expect(holder.probe?.raw == 3)
    }

    @Test("<-> reads while decoding and writes while encoding; a nil optional removes its key")
    func twoWayOperator() throws {
        let input = #"{"id":1,"address":{"city":"Oslo","zip":"0150","street":"s"}}"#
        var model = try DynamicJSONDecoder().decode(DecodingBothWays.self, from: Data(input.utf8))
        #expect(model.city == "Oslo")
        #expect(model.zip == "0150")
        #expect(String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self) == input)

        model.city = "Bergen"
        model.zip = nil
        #expect(String(decoding: try DynamicJSONEncoder().encode(model), as: UTF8.self) == #"{"id":1,"address":{"city":"Bergen","street":"s"}}"#)

        var built = DecodingBothWays(id: 2)
        built.city = "Rome"
        #expect(String(decoding: try DynamicJSONEncoder().encode(built), as: UTF8.self) == #"{"id":2,"address":{"city":"Rome"}}"#)

        // Outside a coder's run, `<->` reads.
        model.ds.address.city.set("Paris")
        model.dynamicMapping(mappingType: .decoding)
        #expect(model.city == "Paris")
        #expect(model.zip == "0150")
    }

    @Test("running Array.dynamicMapping again after decoding changes nothing")
    func arrayMappingAgain() throws {
        let input = #"{"items":[{"id":1,"info":{"label":"a"}},{"id":2,"info":{"label":"b"}},{"id":3}]}"#
        var holder = try DynamicJSONDecoder().decode(DecodingListHolder.self, from: Data(input.utf8))
        #expect(holder.labelsSeen == ["a", "b", "-"])
        let views = holder.items.map { $0.dynamicSelf?.debugDescription }
        #expect(views == [#"{"id":1,"info":{"label":"a"}}"#, #"{"id":2,"info":{"label":"b"}}"#, #"{"id":3}"#])

        holder.items.dynamicMapping(mappingType: .decoding)
        holder.items.dynamicMapping(mappingType: .decoding)
        #expect(holder.items.map(\.label) == ["a", "b", nil])
        #expect(holder.items.map(\.id) == [1, 2, 3])
        #expect(holder.items.map { $0.dynamicSelf?.debugDescription } == views)
        #expect(holder.dynamicSelf?.debugDescription == input)
    }

    @Test("one decoder and one encoder shared by 50 concurrent tasks give correct results")
    func sharedCodersConcurrently() async throws {
        let decoder = DynamicJSONDecoder()
        let encoder = DynamicJSONEncoder()
        let results = try await withThrowingTaskGroup(of: (Int, String?, String).self) { group in
            for index in 0..<50 {
                group.addTask {
                    let input = #"{"id":\#(index),"info":{"label":"L\#(index)","keep":[\#(index),1.10]},"extra":"e\#(index)"}"#
                    var leaf = try decoder.decode(DecodingLeaf.self, from: Data(input.utf8))
                    let label = leaf.label
                    leaf.label = "M\(index)"
                    leaf.id += 1000
                    let output = String(decoding: try encoder.encode(leaf), as: UTF8.self)
                    return (index, label, output)
                }
            }
            var collected: [(Int, String?, String)] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 50)
        for (index, label, output) in results {
            #expect(label == "L\(index)")
            #expect(output == #"{"id":\#(index + 1000),"info":{"label":"M\#(index)","keep":[\#(index),1.10]},"extra":"e\#(index)"}"#)
        }
    }
}
