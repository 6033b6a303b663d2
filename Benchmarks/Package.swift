// swift-tools-version:6.1
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which differs between clones.
let lecteur = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Kept apart from the main package so that the test command never builds the benchmark harness.
let package = Package(
    name: "LecteurBenchmarks",
    // As the main package (Synchronization's Mutex needs macOS 15).
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LecteurCore", package: lecteur),
                .product(name: "LecteurAudit", package: lecteur),
                .product(name: "LecteurLocales", package: lecteur),
                .product(name: "LecteurNetwork", package: lecteur),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
