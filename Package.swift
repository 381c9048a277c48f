// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "timeline-cards",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TimelineKit", targets: ["TimelineKit"]),
        .executable(name: "timeline-cards", targets: ["timeline-cards"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // libyaml's C API, all the YAML reader needs (Yams would bring full Foundation with it).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // libdeflate, for PNG files compressed in one call, 2 – 3 times as fast as zlib (PNGEncoder.swift).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "TimelineModel"),
        .target(name: "TimelineSpec", dependencies: ["TimelineModel", "CYAML"]),
        .target(name: "TimelineScene"),
        .target(name: "TimelineLayout", dependencies: ["TimelineModel", "TimelineScene"]),
        .target(
            name: "TimelineCairo",
            dependencies: ["TimelineScene", "CCairo", "CPangoCairo", "CDeflate"],
            // Not a SwiftPM resource: its generated `Bundle.module` accessor imports full Foundation.
            // FontLibrary finds the folder itself (BundledFonts.swift).
            exclude: ["Fonts"]
        ),
        .target(name: "TimelineKit", dependencies: ["TimelineModel", "TimelineSpec", "TimelineScene", "TimelineLayout", "TimelineCairo"]),
        .executableTarget(
            name: "timeline-cards",
            dependencies: ["TimelineKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // libFuzzer harness: `make fuzz`. A plain build replays files through the same code.
        // The export lets its `main` find libFuzzer's driver when -sanitize=fuzzer links it in.
        .executableTarget(name: "timeline-fuzz", dependencies: ["TimelineKit", "TimelineSpec"],
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=LLVMFuzzerRunDriver"], .when(platforms: [.linux]))]),
        .testTarget(name: "TimelineSpecTests", dependencies: ["TimelineSpec", "TimelineModel"]),
        .testTarget(name: "TimelineLayoutTests", dependencies: ["TimelineLayout", "TimelineSpec", "TimelineScene"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "TimelineKitTests", dependencies: ["TimelineKit", "TimelineScene"]),
        .testTarget(name: "timeline-cardsTests", dependencies: ["TimelineKit"]),
    ]
)
