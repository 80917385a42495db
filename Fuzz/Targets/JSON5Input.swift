import Foundation
import DynamicMapper

// Fuzz target (e): JSON5 text, parsed, serialised, checked for repeated keys and decoded
// as numbers side by side with JSONDecoder. The property Tests/DynamicMapperTestSupport/FuzzChecks+PathsAndJSON5.swift, shared with the regression
// tests. Built and run by Fuzz/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try FuzzChecks.json5Input(bytes)
    } catch {
        // A broken property is a finding: crash, so libFuzzer keeps the input.
        fatalError("\(error)")
    }
    return 0
}
