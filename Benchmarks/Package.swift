// swift-tools-version: 6.2
import PackageDescription

// Benchmarks, kept out of the root package so that Courier itself has no dependencies: this one
// compares Courier with the clients it builds on, AsyncHTTPClient among them.
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Courier", path: ".."),
        .package(path: "../Transports/courier-async-http-client"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
        .executableTarget(
            name: "CourierBenchmark",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "courier-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
        .executableTarget(
            name: "JSONDecodingBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "Courier", package: "Courier")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
        .executableTarget(
            name: "TransferBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "courier-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
