// The twitter models of the Mapping/twitter benchmarks (see MappingBenchmarks.swift): three
// nested values of every status read through `ds` with `<--`, and the same three read by
// `KeyedKey` nested keys. Kept here, without the benchmark library, so that CallgrindProbe
// shares them.

import DynamicMapper
import DynamicMapperOperators
import Foundation

/// The full twitter model with dynamic statuses.
struct MappedTwitterSearch: Decodable {
    var statuses: [MappedStatus]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

/// A status decoded in full (through the plain model's `init(from:)`) plus three values
/// read by path.
final class MappedStatus: DynamicDecodable {
    var dynamicSelf: DynamicClass?
    let status: Status
    var userName: String?
    var followers: Int?
    var firstHashtag: String?

    init(from decoder: any Decoder) throws {
        status = try Status(from: decoder)
    }

    func dynamicMapping(mappingType: DynamicMappingType) {
        userName <-- ds.user.name
        followers <-- ds.user.followers_count
        firstHashtag <-- ds.entities.hashtags[0].text
    }
}

/// The plain model with dynamic statuses' counterpart: the same three values read by nested
/// `KeyedKey` coding keys.
struct NestedKeysTwitterSearch: Decodable {
    var statuses: [NestedKeysStatus]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

final class NestedKeysStatus: Decodable {
    let status: Status
    var userName: String?
    var followers: Int?
    var firstHashtag: String?

    enum Keys: String, KeyedKey {
        case userName = "user.name"
        case followers = "user.followers_count"
        case firstHashtag = "entities.hashtags[0].text"
    }

    init(from decoder: any Decoder) throws {
        status = try Status(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        userName = try container.decodeIfPresent(String.self, forKey: .userName)
        followers = try container.decodeIfPresent(Int.self, forKey: .followers)
        firstHashtag = try container.decodeIfPresent(String.self, forKey: .firstHashtag)
    }
}
