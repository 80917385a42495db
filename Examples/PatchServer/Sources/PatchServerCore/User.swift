import DynamicMapper
import Foundation

/// The model every stored document must decode into. It owns three members and checks them;
/// everything else in the document is the client's and is kept as it came (through
/// `dynamicSelf` with DynamicMapper's coders).
public struct User: DynamicCodable, Sendable {
    public var dynamicSelf: DynamicClass?
    public var name: String
    public var email: String
    public var age: Int?

    enum CodingKeys: String, CodingKey {
        case name, email, age
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        email = try container.decode(String.self, forKey: .email)
        age = try container.decodeIfPresent(Int.self, forKey: .age)
        // The rules throw DecodingErrors at their key, so a failure carries the same coding path
        // as a type mismatch would and the problem document can name the member.
        guard !name.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "must not be empty")
        }
        guard email.contains("@") else {
            throw DecodingError.dataCorruptedError(forKey: .email, in: container, debugDescription: "must contain @")
        }
        if let age, !(0...150).contains(age) {
            throw DecodingError.dataCorruptedError(forKey: .age, in: container, debugDescription: "must be between 0 and 150")
        }
    }
}
