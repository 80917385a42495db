import Foundation
import DynamicMapper

// Fuzz target (a) parse into JSON, serialise, parse again: the same value, the same bytes.
// The property lives in Tests/DynamicMapperTestSupport/FuzzChecks.swift, shared with the
// regression tests. Built and run by Fuzz/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try FuzzChecks.parseRoundTrip(bytes)
    } catch {
        // A broken property is a finding: crash, so libFuzzer keeps the input.
        fatalError("\(error)")
    }
    return 0
}
