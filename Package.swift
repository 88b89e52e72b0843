// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Courier",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .executable(name: "courier-demo", targets: ["CourierDemo"]),
        .executable(name: "courier", targets: ["CourierGeneratorCLI"]),
    ],
    targets: [
        .target(name: "Courier", swiftSettings: strictSettings),
        .target(name: "CourierTesting", dependencies: ["Courier"], swiftSettings: strictSettings),
        .target(name: "CourierGenerator", swiftSettings: strictSettings),
        .executableTarget(name: "CourierGeneratorCLI", dependencies: ["CourierGenerator"], swiftSettings: strictSettings),
        .executableTarget(name: "CourierDemo", dependencies: ["Courier"], swiftSettings: strictSettings),
        .executableTarget(
            name: "CourierBenchmark",
            dependencies: ["Courier"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: ["Courier", "CourierTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CourierGeneratorTests", dependencies: ["CourierGenerator"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
