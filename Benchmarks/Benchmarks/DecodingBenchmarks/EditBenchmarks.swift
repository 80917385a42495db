// The cost of edits through views, against the bounds in SECURITY.md: each edit is amortised
// constant time (appends, new keys) or proportional to the path's depth (one value of a large
// array), never to the size of what is already there.
//
// - Edits/append/1M: one million `append`s to one array.
// - Edits/keys/100k: one hundred thousand distinct keys set on one object.
// - Edits/array-element/100k: one value of a 100,000-element array changed, 1,000 times.

import Benchmark
import DynamicMapper
import Foundation

func appendMillion() -> DynamicClass {
    var view = DynamicClass()
    for value in 0..<1_000_000 { view.items.append(value) }
    return view
}

func setHundredThousandKeys() -> DynamicClass {
    var view = DynamicClass()
    for key in 0..<100_000 { view.object[key: "key\(key)"].set(key) }
    return view
}

func editOneElement(of view: inout DynamicClass, times: Int) {
    for round in 0..<times { view.items[(round &* 7919) % 100_000].set(round) }
}

func registerEditBenchmarks(problems: inout [String]) {
    let appended = appendMillion()
    if JSON(appended.items)?.arrayValue?.count != 1_000_000 || JSON(appended.items[-1]) != 999_999 {
        problems.append("Edits/append/1M did not build the array it should")
    }
    let keyed = setHundredThousandKeys()
    if JSON(keyed.object)?.objectValue?.count != 100_000 || JSON(keyed.object[key: "key99999"]) != 99_999 {
        problems.append("Edits/keys/100k did not build the object it should")
    }
    let large = DynamicClass(["items": .array((0..<100_000).map { JSON.number(JSON.Number($0)) })])

    let seconds = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds)
    Benchmark("Edits/append/1M", configuration: seconds) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(appendMillion()) }
    }
    Benchmark("Edits/keys/100k", configuration: seconds) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(setHundredThousandKeys()) }
    }
    Benchmark("Edits/array-element/100k", configuration: seconds) { benchmark in
        var view = large
        // The first edit materialises the array once; the 1,000 after it must each cost
        // O(depth), not O(100,000).
        view.items[0].set(0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { editOneElement(of: &view, times: 1_000) }
        benchmark.stopMeasurement()
        blackHole(view)
    }
}
