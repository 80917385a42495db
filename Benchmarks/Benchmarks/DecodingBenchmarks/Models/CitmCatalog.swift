// Full Codable model of the `citm_catalog.json` corpus (a concert-hall ticket
// catalogue). Its shape stresses different paths than twitter.json: large
// dictionaries keyed by numeric strings, many small integer arrays, and few
// strings.
//
// The property names match the JSON keys, so no `CodingKeys` are needed.

struct CitmCatalog: Codable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: CitmEvent]
    var performances: [CitmPerformance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

struct CitmEvent: Codable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
}

struct CitmPerformance: Codable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [CitmPrice]
    var seatCategories: [CitmSeatCategory]
    var seatMapImage: String?
    /// Milliseconds since 1970; kept as an integer because that is what the
    /// wire format carries and a date strategy would dominate the measurement.
    var start: Int
    var venueCode: String
}

struct CitmPrice: Codable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

struct CitmSeatCategory: Codable {
    var areas: [CitmArea]
    var seatCategoryId: Int
}

struct CitmArea: Codable {
    var areaId: Int
    var blockIds: [Int]
}
