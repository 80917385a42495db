// An ObjectMapper model moved to DynamicMapper. The ObjectMapper original:
//
//     class User: Mappable {
//         var username: String?
//         var age: Int?
//         var city: String?
//         var friends: [User]?
//         required init?(map: Map) {}
//         func mapping(map: Map) {
//             username <- map["username"]
//             age      <- map["profile.age"]
//             city     <- map["profile.address.city"]
//             friends  <- map["friends"]
//         }
//     }
//
// becomes a `DynamicCodable` class whose nested values use `<->`: one line per property
// for both directions, as with ObjectMapper's `<-`. Top-level keys need no line at all.
//
//   swift run ObjectMapperMigration

import DynamicMapper
import DynamicMapperOperators
import Foundation

final class User: DynamicCodable {
    var dynamicSelf: DynamicClass?
    var username: String?
    var friends: [User]?
    @NotCoded var age: Int?
    @NotCoded var city: String?

    func dynamicMapping(mappingType: DynamicMappingType) {
        age <-> ds.profile.age
        city <-> ds.profile.address.city
    }
}

let input = Data("""
{
  "username": "ada",
  "profile": {"age": 36, "address": {"city": "London", "zip": "NW1"}, "score": 1.50},
  "friends": [{"username": "charles", "profile": {"age": 45}}],
  "plan": "pro"
}
""".utf8)

do {
    let user = try DynamicJSONDecoder().decode(User.self, from: input)
    print("username: \(user.username ?? "-"), age: \(user.age ?? 0), city: \(user.city ?? "-")")
    print("friend: \(user.friends?.first?.username ?? "-"), age \(user.friends?.first?.age ?? 0)")

    user.age = 37
    user.city = nil   // a nil optional removes its key when mapped with <->
    let encoder = DynamicJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted]
    print(String(decoding: try encoder.encode(user), as: UTF8.self))
} catch {
    print("ObjectMapperMigration failed: \(error)")
    exit(1)
}
