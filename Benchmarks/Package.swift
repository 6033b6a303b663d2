// swift-tools-version:6.1
import PackageDescription

// Kept apart from the main package so that the test command never builds the benchmark harness.
let package = Package(
    name: "LecteurBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LecteurCore", package: "Lecteur"),
                .product(name: "LecteurApp", package: "Lecteur"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
