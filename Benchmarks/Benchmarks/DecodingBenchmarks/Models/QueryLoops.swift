// The hand-written loops the query benchmarks (QueryBenchmarks.swift) race the JSONPath query
// `$.statuses[*].user.screen_name` against; kept here, without the benchmark library, so that
// CallgrindProbe shares them.

import DynamicMapper
import Foundation

/// Every status's user's screen name, read from the parsed `JSON` value by hand.
func screenNamesByHand(_ json: JSON) -> [String] {
    var names: [String] = []
    for status in json["statuses"]?.arrayValue ?? [] {
        if let name = status["user"]?["screen_name"]?.stringValue { names.append(name) }
    }
    return names
}

/// The same, from `JSONSerialization`'s output.
func screenNamesByHand(_ object: Any) -> [String] {
    var names: [String] = []
    for case let status as [String: Any] in (object as? [String: Any])?["statuses"] as? [Any] ?? [] {
        if let name = (status["user"] as? [String: Any])?["screen_name"] as? String { names.append(name) }
    }
    return names
}
