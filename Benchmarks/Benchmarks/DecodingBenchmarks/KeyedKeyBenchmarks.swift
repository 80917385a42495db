// Nested keys: a record with ten properties at nested paths, decoded through `KeyedKey`
// coding keys by DynamicJSONDecoder, beside Foundation's JSONDecoder decoding the same data
// with hand-written nested containers (what KeyedKey saves writing).
//
// - KeyedKey/records/Foundation: hand-written nestedContainer calls, JSONDecoder.
// - KeyedKey/records/DynamicMapper: `case city = "profile.address.city"`, DynamicJSONDecoder.

import Benchmark
import DynamicMapper
import Foundation

/// The ten nested values both models read.
struct RecordValues: Equatable {
    var name: String
    var age: Int
    var city: String
    var zip: String
    var followers: Int
    var following: Int
    var verified: Bool
    var premium: Bool
    var score: Double
    var created: String
}

struct KeyedRecord: Decodable {
    var name: String
    var age: Int
    var city: String
    var zip: String
    var followers: Int
    var following: Int
    var verified: Bool
    var premium: Bool
    var score: Double
    var created: String

    enum CodingKeys: String, KeyedKey {
        case name = "profile.name"
        case age = "profile.age"
        case city = "profile.address.city"
        case zip = "profile.address.zip"
        case followers = "stats.followers"
        case following = "stats.following"
        case verified = "flags.verified"
        case premium = "flags.premium"
        case score = "meta.score"
        case created = "meta.created"
    }

    var values: RecordValues {
        RecordValues(
            name: name, age: age, city: city, zip: zip, followers: followers, following: following,
            verified: verified, premium: premium, score: score, created: created)
    }
}

struct NestedRecord: Decodable {
    var values: RecordValues

    enum Keys: String, CodingKey { case profile, stats, flags, meta }
    enum ProfileKeys: String, CodingKey { case name, age, address }
    enum AddressKeys: String, CodingKey { case city, zip }
    enum StatsKeys: String, CodingKey { case followers, following }
    enum FlagsKeys: String, CodingKey { case verified, premium }
    enum MetaKeys: String, CodingKey { case score, created }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        let profile = try root.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile)
        let address = try profile.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        let stats = try root.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats)
        let flags = try root.nestedContainer(keyedBy: FlagsKeys.self, forKey: .flags)
        let meta = try root.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        values = RecordValues(
            name: try profile.decode(String.self, forKey: .name),
            age: try profile.decode(Int.self, forKey: .age),
            city: try address.decode(String.self, forKey: .city),
            zip: try address.decode(String.self, forKey: .zip),
            followers: try stats.decode(Int.self, forKey: .followers),
            following: try stats.decode(Int.self, forKey: .following),
            verified: try flags.decode(Bool.self, forKey: .verified),
            premium: try flags.decode(Bool.self, forKey: .premium),
            score: try meta.decode(Double.self, forKey: .score),
            created: try meta.decode(String.self, forKey: .created))
    }
}

/// 2,000 records with a few keys besides the ten, so lookups have something to skip.
func makeRecords(count: Int = 2_000) -> Data {
    var text = "["
    for index in 0..<count {
        if index > 0 { text += "," }
        text += """
            {"id":\(index),"profile":{"name":"user \(index)","age":\(20 + index % 50),"bio":"likes JSON",\
            "address":{"street":"\(index) Main St","city":"City \(index % 97)","zip":"\(10000 + index)"}},\
            "stats":{"followers":\(index * 7),"following":\(index * 3),"posts":\(index)},\
            "flags":{"verified":\(index % 2 == 0),"premium":\(index % 3 == 0)},\
            "meta":{"score":\(Double(index) / 8),"created":"2024-01-\(10 + index % 18)T12:00:00Z"}}
            """
    }
    return Data((text + "]").utf8)
}

func registerKeyedKeyBenchmarks(problems: inout [String]) {
    let data = makeRecords()
    do {
        let reference = try JSONDecoder().decode([NestedRecord].self, from: data).map(\.values)
        let keyed = try DynamicJSONDecoder().decode([KeyedRecord].self, from: data).map(\.values)
        if keyed != reference {
            problems.append("KeyedKey/records/DynamicMapper decodes different values than the hand-written model")
        }
    } catch {
        problems.append("KeyedKey/records skipped: \(error)")
        return
    }
    Benchmark("KeyedKey/records/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDecoder().decode([NestedRecord].self, from: data))
        }
    }
    Benchmark("KeyedKey/records/DynamicMapper") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try DynamicJSONDecoder().decode([KeyedRecord].self, from: data))
        }
    }
}
