// Codable model of the `canada.json` corpus: a GeoJSON FeatureCollection whose
// single polygon holds ~111k coordinate pairs. Almost all of the work is
// floating-point parsing and printing inside deeply nested arrays.

struct FeatureCollection: Codable {
    var type: String
    var features: [Feature]
}

struct Feature: Codable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry
}

struct Geometry: Codable {
    var type: String
    /// Polygon rings, each a list of `[longitude, latitude]` pairs.
    var coordinates: [[[Double]]]
}
