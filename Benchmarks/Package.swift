// swift-tools-version: 6.1
// Benchmarks live in their own package so that the library itself keeps zero
// dependencies: ordo-one/benchmark (formerly package-benchmark) and its malloc
// interposer are only pulled in by people who run `swift package benchmark`
// from this directory.
//
// `Benchmarks/compare.sh` runs the suite twice: once with
// BENCHMARK_DISABLE_MALLOC_INTERPOSER set (plain wall clock, what a stopwatch
// sees; it has no allocation counts) and once with package-benchmark's malloc
// interposer, which counts allocations but charges each one, and so flatters
// whichever side allocates less. The variable is the one package-benchmark
// itself reads; it has to be honoured here because this manifest names the
// trait explicitly.
import Foundation
import PackageDescription

let interposed = ProcessInfo.processInfo.environment["BENCHMARK_DISABLE_MALLOC_INTERPOSER"] == nil

let package = Package(
    name: "DynamicMapperBenchmarks",
    // As the root package (a package cannot target older systems than what it depends on).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "DynamicMapper", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark",
            from: "1.29.0",
            traits: interposed ? ["MallocInterposer"] : []
        ),
        // The JSON Lines baseline of the streaming benchmarks (issue 32).
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        .executableTarget(
            name: "DecodingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DynamicMapper", package: "DynamicMapper"),
                .product(name: "DynamicMapperOperators", package: "DynamicMapper"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Benchmarks/DecodingBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        // One operation of the suite, N times, for callgrind.sh (valgrind cannot run the
        // benchmark binary). Its Models folder is a link to the benchmarks' own. Not under
        // Benchmarks/: the benchmark plugin runs every executable target there.
        .executableTarget(
            name: "CallgrindProbe",
            dependencies: [
                .product(name: "DynamicMapper", package: "DynamicMapper"),
                .product(name: "DynamicMapperOperators", package: "DynamicMapper"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                "MallocStats",
            ],
            path: "Tools/CallgrindProbe"
        ),
        // glibc's heap statistics for CallgrindProbe's memory measurement.
        .target(name: "MallocStats", path: "Tools/MallocStats"),
    ],
    swiftLanguageModes: [.v6]
)
