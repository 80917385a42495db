// An ObjectMapper model moved to DynamicMapper. The ObjectMapper original:
//
//     class User: Mappable {
//         var username: String?
//         var age = 0
//         var city: String?
//         var friends: [User] = []
//         required init?(map: Map) {}
//         func mapping(map: Map) {
//             username <- map["username"]
//             age      <- map["profile.age"]
//             city     <- map["profile.address.city"]
//             friends  <- map["friends"]
//         }
//     }
//
// becomes a `DynamicMappable` class with the same body, `<-` written `<->`: one line per
// property for both directions, and initial values kept when a key is missing.
//
//   swift run ObjectMapperMigration

import DynamicMapper
import DynamicMapperOperators
import Foundation

final class User: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var username: String?
    var age = 0
    var city: String?
    var friends: [User] = []
    required init() {}

    func mapping(_ map: DynamicMap) {
        username <-> map["username"]
        age <-> map["profile.age"]
        city <-> map["profile.address.city"]
        friends <-> map["friends"]
    }
}

let input = Data(
    """
    {
      "username": "ada",
      "profile": {"age": 36, "address": {"city": "London", "zip": "NW1"}, "score": 1.50},
      "friends": [{"username": "charles"}],
      "plan": "pro"
    }
    """.utf8)

do {
    let user = try DynamicJSONDecoder().decode(User.self, from: input)
    print("username: \(user.username ?? "-"), age: \(user.age), city: \(user.city ?? "-")")
    print("friend: \(user.friends.first?.username ?? "-"), age \(user.friends.first?.age ?? -1) (no age in the JSON: the initial value)")

    user.age = 37
    user.city = nil // a nil optional removes its key
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted]
    print(String(decoding: try encoder.encode(user), as: UTF8.self))

    // Mapper().map(JSON:toObject:): a payload mapped into the model already held.
    var friend = user.friends[0]
    try DynamicJSONDecoder().decode(into: &friend, from: Data(#"{"profile": {"age": 46}}"#.utf8))
    print("after the update: \(user.friends[0].username ?? "-") is \(user.friends[0].age)")
} catch {
    print("ObjectMapperMigration failed: \(error)")
    exit(1)
}
