import Foundation
import DynamicMapper

// Fuzz target (i): a model edited through ds → mergePatch() and jsonPatch() applied to the decoded
// document give the re-encode. The property lives in
// Tests/DynamicMapperTestSupport/FuzzChecks+Patching.swift, shared with the regression tests. Built and run by Fuzz/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try FuzzChecks.modelChanges(bytes)
    } catch {
        // A broken property is a finding: crash, so libFuzzer keeps the input.
        fatalError("\(error)")
    }
    return 0
}
