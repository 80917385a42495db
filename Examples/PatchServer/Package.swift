// swift-tools-version: 6.0
// A separate package so that the library itself keeps zero dependencies: the server example
// brings Hummingbird and an embedded SQLite, which only this folder builds.
import PackageDescription

let package = Package(
    name: "PatchServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "DynamicMapper", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
    ],
    targets: [
        // The routes, the store and the problem documents, as a library so the tests can start
        // the same application on a loopback port.
        .target(
            name: "PatchServerCore",
            dependencies: [
                .product(name: "DynamicMapper", package: "DynamicMapper"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        .executableTarget(
            name: "PatchServer",
            dependencies: ["PatchServerCore"]
        ),
        .testTarget(
            name: "PatchServerTests",
            dependencies: [
                "PatchServerCore",
                .product(name: "DynamicMapper", package: "DynamicMapper"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
