// Full Codable model of the `twitter.json` corpus (a Twitter search API
// response). Every field present in the file is modelled so that a decode
// touches every byte the way a real client would; fields that are `null` or
// absent in some records are optionals.
//
// Swift property names are camelCase with explicit `CodingKeys`, because that
// is how production models look and it exercises keyed containers with
// custom string keys rather than a key decoding strategy.

struct TwitterSearch: Codable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

struct SearchMetadata: Codable {
    var completedIn: Double
    var maxId: UInt64
    var maxIdStr: String
    var nextResults: String
    var query: String
    var refreshUrl: String
    var count: Int
    var sinceId: UInt64
    var sinceIdStr: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshUrl = "refresh_url"
        case count
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }
}

// A class rather than a struct: a status can embed the status it retweets, and
// a value type cannot contain itself.
final class Status: Codable {
    let metadata: StatusMetadata
    let createdAt: String
    let id: UInt64
    let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusId: UInt64?
    let inReplyToStatusIdStr: String?
    let inReplyToUserId: UInt64?
    let inReplyToUserIdStr: String?
    let inReplyToScreenName: String?
    let user: User
    let geo: Geo?
    let coordinates: Geo?
    let place: Place?
    let contributors: [UInt64]?
    let retweetedStatus: Status?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: StatusEntities
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case geo
        case coordinates
        case place
        case contributors
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }
}

struct StatusMetadata: Codable {
    var resultType: String
    var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

// Always null in this corpus, but typed as the API documents them so that the
// model would also accept geotagged tweets.
struct Geo: Codable {
    var type: String
    var coordinates: [Double]
}

struct Place: Codable {
    var id: String
    var name: String
    var fullName: String
    var country: String
    var countryCode: String
    var placeType: String
    var url: String

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case fullName = "full_name"
        case country
        case countryCode = "country_code"
        case placeType = "place_type"
        case url
    }
}

struct User: Codable {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: UserEntities
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var isTranslationEnabled: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageUrl: String
    var profileBackgroundImageUrlHttps: String
    var profileBackgroundTile: Bool
    var profileImageUrl: String
    var profileImageUrlHttps: String
    var profileBannerUrl: String?
    var profileLinkColor: String
    var profileSidebarBorderColor: String
    var profileSidebarFillColor: String
    var profileTextColor: String
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location
        case description
        case url
        case entities
        case protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageUrl = "profile_background_image_url"
        case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageUrl = "profile_image_url"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}

struct UserEntities: Codable {
    var url: URLEntities?
    var description: URLEntities
}

struct URLEntities: Codable {
    var urls: [URLEntity]
}

struct URLEntity: Codable {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
        case indices
    }
}

struct StatusEntities: Codable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case symbols
        case urls
        case userMentions = "user_mentions"
        case media
    }
}

// Symbols (cashtags) share the hashtag shape: text plus indices.
struct Hashtag: Codable {
    var text: String
    var indices: [Int]
}

struct UserMention: Codable {
    var screenName: String
    var name: String
    var id: UInt64
    var idStr: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name
        case id
        case idStr = "id_str"
        case indices
    }
}

struct Media: Codable {
    var id: UInt64
    var idStr: String
    var indices: [Int]
    var mediaUrl: String
    var mediaUrlHttps: String
    var url: String
    var displayUrl: String
    var expandedUrl: String
    var type: String
    var sizes: MediaSizes
    var sourceStatusId: UInt64?
    var sourceStatusIdStr: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case indices
        case mediaUrl = "media_url"
        case mediaUrlHttps = "media_url_https"
        case url
        case displayUrl = "display_url"
        case expandedUrl = "expanded_url"
        case type
        case sizes
        case sourceStatusId = "source_status_id"
        case sourceStatusIdStr = "source_status_id_str"
    }
}

struct MediaSizes: Codable {
    var medium: MediaSize
    var small: MediaSize
    var thumb: MediaSize
    var large: MediaSize
}

struct MediaSize: Codable {
    var w: Int
    var h: Int
    var resize: String
}
