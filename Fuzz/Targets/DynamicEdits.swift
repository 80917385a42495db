import Foundation
import DynamicMapper

// Fuzz target (c) reads and writes through ds driven by the input, then re-encode and parse back.
// The property lives in Tests/DynamicMapperTestSupport/FuzzChecks.swift, shared with the
// regression tests. Built and run by Fuzz/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try FuzzChecks.dynamicEdits(bytes)
    } catch {
        // A broken property is a finding: crash, so libFuzzer keeps the input.
        fatalError("\(error)")
    }
    return 0
}
