// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DynamicMapper",
    // The oldest systems the code is written for: the newer APIs it uses (atomics, Int128) sit
    // behind `#available` checks. CI builds and tests on Linux only (README, Requirements).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "DynamicMapper", targets: ["DynamicMapper"]),
        .library(name: "DynamicMapperOperators", targets: ["DynamicMapperOperators"]),
    ],
    targets: [
        .target(name: "DynamicMapper"),
        .target(name: "DynamicMapperOperators", dependencies: ["DynamicMapper"]),
        // Helpers shared by the test targets and compiled into the fuzz targets (Fuzz/fuzz.sh):
        // coders side by side, shared data, seeded randomness, the fuzz properties. Not a product.
        .target(
            name: "DynamicMapperTestSupport",
            dependencies: ["DynamicMapper"],
            path: "Tests/DynamicMapperTestSupport"
        ),
        // End-to-end: the public API against documents, Foundation's coders and the shared data.
        .testTarget(
            name: "DynamicMapperTests",
            dependencies: ["DynamicMapper", "DynamicMapperOperators", "DynamicMapperTestSupport"],
            // The port's table of ObjectMapper's tests and what each shows.
            exclude: ["ObjectMapper/README.md"]
        ),
        // Every test that reaches internals (`@testable import`): one internal piece at a time
        // (scanner, node buffer, path parser, overlay, key order) and the checks that compare
        // internal routes with each other. The end-to-end target above uses only the public
        // API, as a user does.
        .testTarget(
            name: "DynamicMapperUnitTests",
            dependencies: ["DynamicMapper", "DynamicMapperOperators", "DynamicMapperTestSupport"]
        ),
        .executableTarget(
            name: "CorpusRoundTrip",
            dependencies: ["DynamicMapper"],
            path: "Examples/CorpusRoundTrip"
        ),
        .executableTarget(
            name: "PatchTwitterStatus",
            dependencies: ["DynamicMapper", "DynamicMapperOperators"],
            path: "Examples/PatchTwitterStatus"
        ),
        .executableTarget(
            name: "BuildRequestBody",
            dependencies: ["DynamicMapper"],
            path: "Examples/BuildRequestBody"
        ),
        .executableTarget(
            name: "ObjectMapperMigration",
            dependencies: ["DynamicMapper", "DynamicMapperOperators"],
            path: "Examples/ObjectMapperMigration"
        ),
        .executableTarget(
            name: "PatchRequest",
            dependencies: ["DynamicMapper", "DynamicMapperOperators"],
            path: "Examples/PatchRequest"
        ),
        .executableTarget(
            name: "StreamingPatch",
            dependencies: ["DynamicMapper"],
            path: "Examples/StreamingPatch"
        ),
    ],
    swiftLanguageModes: [.v6]
)
