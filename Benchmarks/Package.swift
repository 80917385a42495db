// swift-tools-version: 6.1
// Benchmarks live in their own package so that the library itself keeps zero
// dependencies: ordo-one/benchmark (formerly package-benchmark) and its malloc
// interposer are only pulled in by people who run `swift package benchmark`
// from this directory.
import PackageDescription

let package = Package(
    name: "DynamicMapperBenchmarks",
    dependencies: [
        .package(name: "DynamicMapper", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark",
            from: "1.29.0",
            traits: ["MallocInterposer"]
        ),
    ],
    targets: [
        .executableTarget(
            name: "DecodingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DynamicMapper", package: "DynamicMapper"),
                .product(name: "DynamicMapperOperators", package: "DynamicMapper"),
            ],
            path: "Benchmarks/DecodingBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
