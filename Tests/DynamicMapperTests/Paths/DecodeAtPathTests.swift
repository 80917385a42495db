import Testing
import Foundation
import DynamicMapper

// MARK: - Helpers (DP prefix: private to this file)

private let dpPathKey = CodingUserInfoKey(rawValue: "DecodeAtPathTests.path")!

/// Decodes its value at the path in `userInfo` with `decoder.decode(at:)`, so the path is
/// followed through Foundation's containers with `JSONDecoder` and through the index with ours.
private struct DPAt<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        let path = decoder.userInfo[dpPathKey] as? Path ?? Path.root
        value = try decoder.decode(at: path)
    }
}

/// The ways to decode a value at a path.
private enum DPWay: String, CaseIterable, CustomStringConvertible {
    /// `JSONDecoder().decode(T.self, from: data, at: path)`.
    case foundationAt
    /// `DynamicJSONDecoder().decode(T.self, from: data, at: path)`.
    case dynamicAt
    /// `decoder.decode(at: path)` inside `init(from:)`, decoded by Foundation's `JSONDecoder`.
    case foundationContainers
    /// `decoder.decode(at: path)` inside `init(from:)`, decoded by `DynamicJSONDecoder`.
    case dynamicContainers

    var description: String { rawValue }

    /// Whether errors come from this package's decoder (whose messages print whole paths).
    var isOurDecoder: Bool { self != .foundationContainers }

    func decode<T: Decodable>(_ type: T.Type, _ json: String, at path: Path) throws -> T {
        let data = Data(json.utf8)
        switch self {
        case .foundationAt:
            return try JSONDecoder().decode(T.self, from: data, at: path)
        case .dynamicAt:
            return try DynamicJSONDecoder().decode(T.self, from: data, at: path)
        case .foundationContainers:
            let decoder = JSONDecoder()
            decoder.userInfo[dpPathKey] = path
            return try decoder.decode(DPAt<T>.self, from: data).value
        case .dynamicContainers:
            let decoder = DynamicJSONDecoder()
            decoder.userInfo[dpPathKey] = path
            return try decoder.decode(DPAt<T>.self, from: data).value
        }
    }

    func error<T: Decodable>(_ type: T.Type, _ json: String, at path: Path) -> DecodingError? {
        do {
            _ = try decode(type, json, at: path)
            Issue.record("\(self): decoding \(T.self) at \(path) succeeded")
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("\(self): not a DecodingError: \(error)")
            return nil
        }
    }
}

/// A coding path as strings, array positions as `[n]`.
private func dpPath(_ path: [any CodingKey]) -> [String] {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
}

// Codix README: the first example.
private struct DPSimpleUser: Decodable, Equatable {
    let id: Int
    let name: String
}

// Codix README: the hand-written init(from:).
private enum DPRole: String, Decodable, Equatable {
    case student
    case teacher
    case parent
}

private enum DPSalary: Equatable {
    case usd(Int)
    case rmb(Int)
}

private struct DPSalaryTransformer: DecodingTransformer {
    func decode(_ raw: String) throws -> DPSalary {
        let components = raw.split(separator: ":")
        guard components.count == 2,
            components[0] == "usd" || components[0] == "rmb",
            let amount = Int(components[1])
        else {
            throw TransformerError(value: raw, reason: "is not a salary like usd:4500")
        }
        if components[0] == "usd" {
            return .usd(amount)
        } else {
            return .rmb(amount)
        }
    }
}

private struct DPUser: Decodable, Equatable {
    let id: Int
    let name: String
    let birthdate: Date?
    let avatar: URL?
    let role: DPRole
    let salary: DPSalary
    let isMale: Bool

    init(id: Int, name: String, birthdate: Date?, avatar: URL?, role: DPRole, salary: DPSalary, isMale: Bool) {
        self.id = id
        self.name = name
        self.birthdate = birthdate
        self.avatar = avatar
        self.role = role
        self.salary = salary
        self.isMale = isMale
    }

    init(from decoder: any Decoder) throws {
        id = try decoder.decode(at: "my_id")
        name = try decoder.decode(at: "nick_name")
        birthdate = try decoder.decodeIfPresent(at: "profile.birth_day", using: DateFormatTransformer(format: "yyyy/MM/dd"))
        avatar = try decoder.decodeIfPresent(at: "profile.avatar")
        role = try decoder.decode(at: "profile.role")
        salary = try decoder.decode(at: "salary", using: DPSalaryTransformer())
        isMale = try decoder.decode(at: "male", using: { $0 == "true" ? true : false })
    }
}

/// The README's document, with the missing comma after `profile` added and `users` an array
/// (the README reads it at `response.users[0]`).
private let dpUserJSON = """
    {
    "response": {
    "users": [
    {
    "my_id": 78893,
    "nick_name": "Jerry",
    "profile": {
    "birth_day": "2000/08/12",
    "avatar": "https://images.baidu.com/avatars/27883.jpg",
    "role": "student"
    },
    "salary": "usd:4500",
    "male": "true"
    }
    ]
    }
    }
    """

private func dpUserJSONWith(birthDay: String = #""2000/08/12""#, salary: String = "usd:4500", male: String = "true") -> String {
    """
    {"response": {"users": [{"my_id": 78893, "nick_name": "Jerry", "profile": {"birth_day": \(birthDay), "avatar": "https://images.baidu.com/avatars/27883.jpg", "role": "student"}, "salary": "\(salary)", "male": "\(male)"}]}}
    """
}

/// 2000-08-12 00:00:00 UTC.
private let dpBirthday = Date(timeIntervalSince1970: 966_038_400)

private let dpJerry = DPUser(
    id: 78893, name: "Jerry", birthdate: dpBirthday,
    avatar: URL(string: "https://images.baidu.com/avatars/27883.jpg"),
    role: .student, salary: .usd(4500), isMale: true)

// Codix README: a key with a dot.
private struct DPNamed: Decodable, Equatable {
    let name: String
}

private let dpDottedJSON = """
    {
    "response": {
    "my.user": {
    "name": "Jerry"
    }
    }
    }
    """

/// Reads optional values at paths that lead nowhere in several ways.
private struct DPOptionals: Decodable {
    let missingKey: String?
    let missingParent: String?
    let nullValue: String?
    let nullParent: String?
    let outOfRange: String?
    let negativeOutOfRange: String?
    let nullArray: String?
    let present: String?
    let last: String?
    let first: String?
    let transformedMissing: Date?
    let transformedNull: Date?
    let transformedPresent: Date?
    let closureMissing: Bool?
    let closurePresent: Bool?

    init(from decoder: any Decoder) throws {
        missingKey = try decoder.decodeIfPresent(at: "profile.nickname")
        missingParent = try decoder.decodeIfPresent(at: "nothing.deeper.name")
        nullValue = try decoder.decodeIfPresent(at: "profile.note")
        nullParent = try decoder.decodeIfPresent(at: "extra.name")
        outOfRange = try decoder.decodeIfPresent(at: "tags[5]")
        negativeOutOfRange = try decoder.decodeIfPresent(at: "tags[-3]")
        nullArray = try decoder.decodeIfPresent(at: "empty[0]")
        present = try decoder.decodeIfPresent(at: "profile.name")
        last = try decoder.decodeIfPresent(at: "tags[-1]")
        first = try decoder.decodeIfPresent(at: "tags.[0]", as: String.self)
        transformedMissing = try decoder.decodeIfPresent(at: "profile.born", using: DateFormatTransformer(format: "yyyy/MM/dd"))
        transformedNull = try decoder.decodeIfPresent(at: "profile.note", using: DateFormatTransformer(format: "yyyy/MM/dd"))
        transformedPresent = try decoder.decodeIfPresent(at: "profile.birth_day", using: DateFormatTransformer(format: "yyyy/MM/dd"))
        closureMissing = try decoder.decodeIfPresent(at: "flags.male", using: { (text: String) in text == "true" })
        closurePresent = try decoder.decodeIfPresent(at: "profile.male", using: { (text: String) in text == "true" })
    }
}

private let dpOptionalsJSON =
    #"{"profile": {"name": "Ada", "note": null, "male": "true", "birth_day": "2000/08/12"}, "extra": null, "tags": ["a", "b"], "empty": null}"#

/// A path that breaks in the middle.
private struct DPCity: Decodable {
    let city: String
    init(from decoder: any Decoder) throws {
        city = try decoder.decode(at: "profile.address.city")
    }
}

/// A path whose step is a string where an object or array is needed, even for decodeIfPresent.
private struct DPOptionalThroughString: Decodable {
    let value: String?
    init(from decoder: any Decoder) throws {
        value = try decoder.decodeIfPresent(at: "name.first")
    }
}

private struct DPNotBool: Error, CustomStringConvertible {
    var description: String { "not a boolean" }
}

/// A closure that refuses values.
private struct DPStrictMale: Decodable {
    let isMale: Bool
    init(from decoder: any Decoder) throws {
        isMale = try decoder.decode(
            at: "profile.male",
            using: { (text: String) throws -> Bool in
                guard text == "true" || text == "false" else { throw DPNotBool() }
                return text == "true"
            })
    }
}

@Suite("Decoding at a path")
struct DecodeAtPathTests {
    // MARK: Codix README

    @Test("decode(User.self, from: json, at: \"response.users[0]\")", arguments: DPWay.allCases)
    private func rootPath(way: DPWay) throws {
        let json = """
            {
            "response": {
            "users": [
            {
            "id": 78893,
            "name": "Jerry"
            }
            ]
            }
            }
            """
        #expect(try way.decode(DPSimpleUser.self, json, at: "response.users[0]") == DPSimpleUser(id: 78893, name: "Jerry"))
        #expect(try way.decode(DPSimpleUser.self, json, at: "response.users[-1]") == DPSimpleUser(id: 78893, name: "Jerry"))
        #expect(try way.decode(DPSimpleUser.self, json, at: "response.users.[0]") == DPSimpleUser(id: 78893, name: "Jerry"))
        #expect(try way.decode(Int.self, json, at: "response.users[0].id") == 78893)
        #expect(try way.decode([DPSimpleUser].self, json, at: "response.users") == [DPSimpleUser(id: 78893, name: "Jerry")])
    }

    @Test("the hand-written User.init(from:): my_id, nick_name, profile.*, SalaryTransformer and the closure", arguments: DPWay.allCases)
    private func handWrittenUser(way: DPWay) throws {
        #expect(try way.decode(DPUser.self, dpUserJSON, at: "response.users[0]") == dpJerry)

        // Optional values absent or null, other salaries and booleans.
        let sparse = #"{"my_id": 1, "nick_name": "Tom", "profile": {"avatar": null, "role": "teacher"}, "salary": "rmb:300", "male": "false"}"#
        let tom = try way.decode(DPUser.self, sparse, at: "")
        #expect(tom == DPUser(id: 1, name: "Tom", birthdate: nil, avatar: nil, role: .teacher, salary: .rmb(300), isMale: false))

        let other = #"{"wrap": [0, {"my_id": 2, "nick_name": "Ann", "profile": {"birth_day": null, "role": "parent"}, "salary": "usd:0", "male": "yes"}]}"#
        #expect(
            try way.decode(DPUser.self, other, at: "wrap[1]")
                == DPUser(id: 2, name: "Ann", birthdate: nil, avatar: nil, role: .parent, salary: .usd(0), isMale: false))
    }

    @Test("the date transformer gives exactly 2000-08-12 00:00 UTC")
    func birthday() throws {
        #expect(try DateFormatTransformer(format: "yyyy/MM/dd").decode("2000/08/12") == dpBirthday)
        let user = try JSONDecoder().decode(DPUser.self, from: Data(dpUserJSON.utf8), at: "response.users[0]")
        #expect(user.birthdate?.timeIntervalSince1970 == 966_038_400)
        #expect(user.avatar?.absoluteString == "https://images.baidu.com/avatars/27883.jpg")
        #expect(user.salary == .usd(4500))
    }

    @Test("the my.user key, by separator, by components and by escape", arguments: DPWay.allCases)
    private func dottedKey(way: DPWay) throws {
        let jerry = DPNamed(name: "Jerry")
        #expect(try way.decode(DPNamed.self, dpDottedJSON, at: Path("response/my.user", separator: "/")) == jerry)
        #expect(try way.decode(DPNamed.self, dpDottedJSON, at: Path([.key("response"), .key("my.user")])) == jerry)
        #expect(try way.decode(DPNamed.self, dpDottedJSON, at: #"response.my\.user"#) == jerry)
        #expect(try way.decode(String.self, dpDottedJSON, at: Path([.key("response"), .key("my.user"), .key("name")])) == "Jerry")
        // Without the escape, the dot separates: response.my.user does not exist.
        guard case .keyNotFound(let key, let context)? = way.error(DPNamed.self, dpDottedJSON, at: "response.my.user") else {
            Issue.record("expected keyNotFound")
            return
        }
        #expect(key.stringValue == "my")
        #expect(dpPath(context.codingPath) == ["response"])
    }

    @Test("the empty path is the value itself", arguments: DPWay.allCases)
    private func rootIsEmptyPath(way: DPWay) throws {
        #expect(try way.decode(DPSimpleUser.self, #"{"id": 1, "name": "A"}"#, at: "") == DPSimpleUser(id: 1, name: "A"))
        #expect(try way.decode(DPSimpleUser.self, #"{"id": 1, "name": "A"}"#, at: Path.root) == DPSimpleUser(id: 1, name: "A"))
        #expect(try way.decode([Int].self, "[1, 2]", at: "") == [1, 2])
    }

    // MARK: decodeIfPresent

    @Test("decodeIfPresent(at:) is nil for missing steps, null values and null on the way", arguments: DPWay.allCases)
    private func decodeIfPresent(way: DPWay) throws {
        let values = try way.decode(DPOptionals.self, dpOptionalsJSON, at: "")
        #expect(values.missingKey == nil)
        #expect(values.missingParent == nil)
        #expect(values.nullValue == nil)
        #expect(values.nullParent == nil)
        #expect(values.outOfRange == nil)
        #expect(values.negativeOutOfRange == nil)
        #expect(values.nullArray == nil)
        #expect(values.present == "Ada")
        #expect(values.last == "b")
        #expect(values.first == "a")
        #expect(values.transformedMissing == nil)
        #expect(values.transformedNull == nil)
        #expect(values.transformedPresent == dpBirthday)
        #expect(values.closureMissing == nil)
        #expect(values.closurePresent == true)
    }

    @Test("decodeIfPresent(at:) still throws when a step is the wrong kind", arguments: DPWay.allCases)
    private func decodeIfPresentWrongKind(way: DPWay) {
        let error = way.error(DPOptionalThroughString.self, #"{"name": "Ada"}"#, at: "")
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("\(way): expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(dpPath(context.codingPath) == ["name"])
    }

    // MARK: Errors

    @Test("a missing key is keyNotFound at the step where the path broke", arguments: DPWay.allCases)
    private func missingKey(way: DPWay) {
        // Inside init(from:), below a path the decoder was given.
        let json = #"{"response": {"users": [{"profile": {"street": "x"}}]}}"#
        let error = way.error(DPCity.self, json, at: "response.users[0]")
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("\(way): expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "address")
        #expect(dpPath(context.codingPath) == ["response", "users", "[0]", "profile"])
        if way.isOurDecoder {
            #expect(context.debugDescription.contains("profile.address.city"), "\(context.debugDescription)")
        }

        // In the path given to the decoder.
        let outer = way.error(DPSimpleUser.self, json, at: "response.people[0]")
        guard case .keyNotFound(let outerKey, let outerContext)? = outer else {
            Issue.record("\(way): expected keyNotFound, got \(String(describing: outer))")
            return
        }
        #expect(outerKey.stringValue == "people")
        #expect(dpPath(outerContext.codingPath) == ["response"])
        if way.isOurDecoder {
            #expect(outerContext.debugDescription.contains("response.people[0]"), "\(outerContext.debugDescription)")
        }

        // The last step is missing.
        let last = way.error(DPUser.self, #"{"my_id": 1}"#, at: "")
        guard case .keyNotFound(let lastKey, let lastContext)? = last else {
            Issue.record("\(way): expected keyNotFound, got \(String(describing: last))")
            return
        }
        #expect(lastKey.stringValue == "nick_name")
        #expect(dpPath(lastContext.codingPath) == [])
        if way.isOurDecoder {
            #expect(lastContext.debugDescription.contains("nick_name"), "\(lastContext.debugDescription)")
        }
    }

    @Test("an index out of range is valueNotFound at the array", arguments: DPWay.allCases)
    private func indexOutOfRange(way: DPWay) {
        let json = #"{"response": {"users": [{"id": 1, "name": "A"}]}}"#
        for path in ["response.users[3]", "response.users[-2]", "response.users[1].name"] {
            let error = way.error(DPSimpleUser.self, json, at: Path(path))
            guard case .valueNotFound(_, let context)? = error else {
                Issue.record("\(way) \(path): expected valueNotFound, got \(String(describing: error))")
                continue
            }
            #expect(dpPath(context.codingPath) == ["response", "users"], "\(way) \(path)")
            if way.isOurDecoder {
                #expect(context.debugDescription.contains(path), "\(context.debugDescription)")
            }
        }
    }

    @Test("a step that meets the wrong kind of value is typeMismatch", arguments: DPWay.allCases)
    private func wrongKind(way: DPWay) {
        let json = #"{"response": {"users": [{"id": 1, "name": "A"}]}}"#
        let cases: [(path: String, codingPath: [String])] = [
            ("response.users.name", ["response", "users"]),
            ("response[0]", ["response"]),
            ("response.users[0].name.first", ["response", "users", "[0]", "name"]),
            ("response.users[0].id[0]", ["response", "users", "[0]", "id"]),
        ]
        for (path, codingPath) in cases {
            let error = way.error(String.self, json, at: Path(path))
            guard case .typeMismatch(_, let context)? = error else {
                Issue.record("\(way) \(path): expected typeMismatch, got \(String(describing: error))")
                continue
            }
            #expect(dpPath(context.codingPath) == codingPath, "\(way) \(path)")
        }
        // The value at the end has the wrong type.
        guard case .typeMismatch(_, let context)? = way.error(Int.self, json, at: "response.users[0].name") else {
            Issue.record("\(way): expected typeMismatch")
            return
        }
        #expect(dpPath(context.codingPath) == ["response", "users", "[0]", "name"])
    }

    @Test("a transformer's refusal is dataCorrupted with the value in the message and the path", arguments: DPWay.allCases)
    private func transformerRefusal(way: DPWay) {
        let salary = way.error(DPUser.self, dpUserJSONWith(salary: "eur:10"), at: "response.users[0]")
        guard case .dataCorrupted(let context)? = salary else {
            Issue.record("\(way): expected dataCorrupted, got \(String(describing: salary))")
            return
        }
        #expect(context.debugDescription == #""eur:10" is not a salary like usd:4500"#)
        #expect(dpPath(context.codingPath) == ["response", "users", "[0]", "salary"])
        #expect(context.underlyingError is TransformerError)

        let date = way.error(DPUser.self, dpUserJSONWith(birthDay: #""12th of August""#), at: "response.users[0]")
        guard case .dataCorrupted(let dateContext)? = date else {
            Issue.record("\(way): expected dataCorrupted, got \(String(describing: date))")
            return
        }
        #expect(dateContext.debugDescription == #""12th of August" is not a date in the format yyyy/MM/dd"#)
        #expect(dpPath(dateContext.codingPath) == ["response", "users", "[0]", "profile", "birth_day"])

        let closure = way.error(DPStrictMale.self, #"{"profile": {"male": "yes"}}"#, at: "")
        guard case .dataCorrupted(let closureContext)? = closure else {
            Issue.record("\(way): expected dataCorrupted, got \(String(describing: closure))")
            return
        }
        #expect(closureContext.debugDescription.contains(#""yes""#), "\(closureContext.debugDescription)")
        #expect(dpPath(closureContext.codingPath) == ["profile", "male"])
    }

    @Test("decode(_:from:at:) keeps the decoder's strategies")
    func strategies() throws {
        let json = Data(#"{"meta": {"events": [{"at": 1335867630}]}}"#.utf8)
        for decoder in [JSONDecoder(), DynamicJSONDecoder()] {
            decoder.dateDecodingStrategy = .secondsSince1970
            #expect(try decoder.decode(Date.self, from: json, at: "meta.events[0].at") == Date(timeIntervalSince1970: 1_335_867_630))
        }
    }
}
