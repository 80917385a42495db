// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DynamicMapper",
    products: [
        .library(name: "DynamicMapper", targets: ["DynamicMapper"]),
        .library(name: "DynamicMapperOperators", targets: ["DynamicMapperOperators"]),
    ],
    targets: [
        .target(name: "DynamicMapper"),
        .target(name: "DynamicMapperOperators", dependencies: ["DynamicMapper"]),
        .testTarget(
            name: "DynamicMapperTests",
            dependencies: ["DynamicMapper", "DynamicMapperOperators"]
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
    ],
    swiftLanguageModes: [.v6]
)
