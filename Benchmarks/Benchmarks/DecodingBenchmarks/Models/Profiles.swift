// The two models of the Mapped/records benchmarks (see MappedBenchmarks.swift) and their
// data; kept here, without the benchmark library, so that CallgrindProbe shares them.

import DynamicMapper
import DynamicMapperOperators
import Foundation

/// What both models read, for checking that they agree.
struct ProfileValues: Equatable {
    var fields: [String]
    var numbers: [Double]
    var flags: [Bool]
}

struct MappedProfile: MappedCodable {
    @Mapped var id: Int
    @Mapped("user_name") var userName: String
    @Mapped("full_name") var fullName: String
    @Mapped var email: String
    @Mapped var age: Int
    @Mapped var score: Double
    @Mapped("is_active") var isActive: Bool
    @Mapped("is_admin") var isAdmin: Bool
    @Mapped("created_at") var createdAt: String
    @Mapped("updated_at") var updatedAt: String
    @Mapped("followers_count") var followers: Int
    @Mapped("following_count") var following: Int
    @Mapped("posts_count") var posts: Int
    @Mapped("likes_count") var likes: Int
    @Mapped var bio: String
    @Mapped var website: String
    @Mapped var country: String
    @Mapped("address.city") var city: String
    @Mapped("address.zip") var zip: String
    @Mapped(default: "unknown") var phone: String

    var values: ProfileValues {
        ProfileValues(
            fields: [userName, fullName, email, createdAt, updatedAt, bio, website, country, city, zip, phone],
            numbers: [Double(id), Double(age), score, Double(followers), Double(following), Double(posts), Double(likes)],
            flags: [isActive, isAdmin])
    }
}

/// The same record in ObjectMapper's shape: every property mapped by one `<->` line.
final class MappableProfile: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var id = 0
    var userName = ""
    var fullName = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var isAdmin = false
    var createdAt = ""
    var updatedAt = ""
    var followers = 0
    var following = 0
    var posts = 0
    var likes = 0
    var bio = ""
    var website = ""
    var country = ""
    var city = ""
    var zip = ""
    var phone = "unknown"

    required init() {}

    func mapping(_ map: DynamicMap) {
        id <-> ds.id
        userName <-> ds.user_name
        fullName <-> ds.full_name
        email <-> ds.email
        age <-> ds.age
        score <-> ds.score
        isActive <-> ds.is_active
        isAdmin <-> ds.is_admin
        createdAt <-> ds.created_at
        updatedAt <-> ds.updated_at
        followers <-> ds.followers_count
        following <-> ds.following_count
        posts <-> ds.posts_count
        likes <-> ds.likes_count
        bio <-> ds.bio
        website <-> ds.website
        country <-> ds.country
        city <-> ds.address.city
        zip <-> ds.address.zip
        phone <-> ds.phone
    }

    var values: ProfileValues {
        ProfileValues(
            fields: [userName, fullName, email, createdAt, updatedAt, bio, website, country, city, zip, phone],
            numbers: [Double(id), Double(age), score, Double(followers), Double(following), Double(posts), Double(likes)],
            flags: [isActive, isAdmin])
    }
}

/// The same mappable model as a struct: its mapping body is `mutating`, and writing its
/// stored properties needs no run-time exclusivity check (a class's does, one per line).
struct MappableProfileValue: DynamicMappable {
    var dynamicSelf: DynamicClass?
    var id = 0
    var userName = ""
    var fullName = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var isAdmin = false
    var createdAt = ""
    var updatedAt = ""
    var followers = 0
    var following = 0
    var posts = 0
    var likes = 0
    var bio = ""
    var website = ""
    var country = ""
    var city = ""
    var zip = ""
    var phone = "unknown"

    mutating func mapping(_ map: DynamicMap) {
        id <-> ds.id
        userName <-> ds.user_name
        fullName <-> ds.full_name
        email <-> ds.email
        age <-> ds.age
        score <-> ds.score
        isActive <-> ds.is_active
        isAdmin <-> ds.is_admin
        createdAt <-> ds.created_at
        updatedAt <-> ds.updated_at
        followers <-> ds.followers_count
        following <-> ds.following_count
        posts <-> ds.posts_count
        likes <-> ds.likes_count
        bio <-> ds.bio
        website <-> ds.website
        country <-> ds.country
        city <-> ds.address.city
        zip <-> ds.address.zip
        phone <-> ds.phone
    }

    var values: ProfileValues {
        ProfileValues(
            fields: [userName, fullName, email, createdAt, updatedAt, bio, website, country, city, zip, phone],
            numbers: [Double(id), Double(age), score, Double(followers), Double(following), Double(posts), Double(likes)],
            flags: [isActive, isAdmin])
    }
}

/// The plain model as a final class with synthesized `Codable`: the shape of
/// ``MappableProfile``, for the class-to-class comparison.
final class SynthesizedProfileObject: Codable {
    var id: Int
    var userName: String
    var fullName: String
    var email: String
    var age: Int
    var score: Double
    var isActive: Bool
    var isAdmin: Bool
    var createdAt: String
    var updatedAt: String
    var followers: Int
    var following: Int
    var posts: Int
    var likes: Int
    var bio: String
    var website: String
    var country: String
    var address: SynthesizedProfile.Address
    var phone: String?

    typealias CodingKeys = SynthesizedProfile.CodingKeys

    var values: ProfileValues {
        ProfileValues(
            fields: [userName, fullName, email, createdAt, updatedAt, bio, website, country, address.city, address.zip, phone ?? "unknown"],
            numbers: [Double(id), Double(age), score, Double(followers), Double(following), Double(posts), Double(likes)],
            flags: [isActive, isAdmin])
    }
}

struct SynthesizedProfile: Codable {
    struct Address: Codable {
        var city: String
        var zip: String
    }

    var id: Int
    var userName: String
    var fullName: String
    var email: String
    var age: Int
    var score: Double
    var isActive: Bool
    var isAdmin: Bool
    var createdAt: String
    var updatedAt: String
    var followers: Int
    var following: Int
    var posts: Int
    var likes: Int
    var bio: String
    var website: String
    var country: String
    var address: Address
    var phone: String?

    enum CodingKeys: String, CodingKey {
        case id
        case userName = "user_name"
        case fullName = "full_name"
        case email, age, score
        case isActive = "is_active"
        case isAdmin = "is_admin"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case followers = "followers_count"
        case following = "following_count"
        case posts = "posts_count"
        case likes = "likes_count"
        case bio, website, country, address, phone
    }

    var values: ProfileValues {
        ProfileValues(
            fields: [userName, fullName, email, createdAt, updatedAt, bio, website, country, address.city, address.zip, phone ?? "unknown"],
            numbers: [Double(id), Double(age), score, Double(followers), Double(following), Double(posts), Double(likes)],
            flags: [isActive, isAdmin])
    }
}

/// 2,000 profiles; every third has a phone number, the others take the default.
func makeProfiles(count: Int = 2_000) -> Data {
    var text = "["
    for index in 0..<count {
        if index > 0 { text += "," }
        let phone = index % 3 == 0 ? #","phone":"+1 555 \#(1000 + index)""# : ""
        text += """
            {"id":\(index),"user_name":"user\(index)","full_name":"User Number \(index)",\
            "email":"user\(index)@example.com","age":\(18 + index % 60),"score":\(Double(index) / 7),\
            "is_active":\(index % 2 == 0),"is_admin":\(index % 11 == 0),\
            "created_at":"2024-01-\(10 + index % 18)T12:00:00Z","updated_at":"2024-02-\(10 + index % 18)T08:30:00Z",\
            "followers_count":\(index * 7),"following_count":\(index * 3),"posts_count":\(index),"likes_count":\(index * 13),\
            "bio":"writes Swift","website":"https://example.com/\(index)","country":"PL",\
            "address":{"city":"City \(index % 97)","zip":"\(10000 + index)"}\(phone)}
            """
    }
    return Data((text + "]").utf8)
}
