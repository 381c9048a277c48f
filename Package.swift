// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "timeline-cards",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TimelineKit", targets: ["TimelineKit"]),
        // Golden images: comparing rendered images with committed ones (`check`, the snapshot
        // assertions); a product of its own so the renderer ships no test tooling.
        .library(name: "TimelineGolden", targets: ["TimelineGolden"]),
        // assertTimelineSnapshot for users' XCTest and Swift Testing suites; kept out of TimelineKit
        // so the renderer library links no test framework (docs/testing.md).
        .library(name: "TimelineSnapshotTesting", targets: ["TimelineSnapshotTesting"]),
        // `assertSnapshot(of: text, as: .timeline(.svg))`: strategies for pointfreeco's
        // swift-snapshot-testing, with our SVG and pixel comparisons (docs/testing.md).
        .library(name: "TimelineSnapshotStrategies", targets: ["TimelineSnapshotStrategies"]),
        .executable(name: "timeline-cards", targets: ["timeline-cards"]),
        // `swift package render-timelines`: timeline files in DocC catalogs → light and dark images
        // in their Resources/ (docs/docc.md).
        .plugin(name: "render-timelines", targets: ["render-timelines"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        // IssueReporting: fails the running XCTest or Swift Testing test without linking either.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", exact: "1.13.1"),
        // TimelineSnapshotStrategies' Snapshotting and Diffing. Its other products (and the
        // swift-syntax they need) are resolved, not built.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // `make docc`: swift package generate-documentation (a plugin; no target links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // libyaml's C API, all the YAML reader needs (Yams would bring full Foundation with it).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // zlib, for PNG files compressed in parts at once (PNGEncoder.swift).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Linux calls declared only for _GNU_SOURCE (its module.modulemap).
        .systemLibrary(name: "CLinux"),
        // The policies every field goes through (links), upstream of the modules that apply them.
        .target(name: "TimelinePolicy"),
        .target(name: "TimelineModel"),
        .target(name: "TimelineSpec", dependencies: ["TimelineModel", "TimelinePolicy", "TimelineICU", "CYAML"]),
        // Where lines break: UAX #14 (ICU's iterator on bundled rules), tailoring, hyphenation
        // from bundled patterns. Pure: the Cairo measurer and the tests' fake one break alike.
        // The machine's ICU, opened with dlopen once for line breaking, dates and zones.
        .target(name: "TimelineICU", dependencies: ["CLinux"]),
        .target(name: "TimelineBreaks", dependencies: ["TimelineThreads", "TimelineICU"], exclude: ["Data"]),
        .target(name: "TimelineScene", dependencies: ["TimelinePolicy", "TimelineBreaks"]),
        .target(name: "TimelineFontTables"),
        // Lock, Lanes, PoolJob and ThreadRoom: Dispatch and the platform's limits, for every module that
        // runs work at once; nothing of cairo in them.
        .target(name: "TimelineThreads"),
        .target(name: "TimelinePNG", dependencies: ["TimelineScene", "TimelineThreads", "CZlib"]),
        .target(
            name: "TimelineLayout",
            dependencies: ["TimelineModel", "TimelineScene", "TimelinePolicy", "TimelineBreaks"]),
        .target(
            name: "TimelineCairo",
            dependencies: [
                "TimelineScene", "TimelinePolicy", "TimelineFontTables", "TimelineThreads", "TimelinePNG",
                "TimelineBreaks",
                "CCairo",
                "CPangoCairo",
                "CZlib",
                "CLinux",
            ],
            // Not a SwiftPM resource: its generated `Bundle.module` accessor imports full Foundation.
            // FontLibrary finds the folder itself (BundledFonts.swift).
            exclude: ["Fonts/Bundled"]
        ),
        .target(
            name: "TimelineKit",
            dependencies: [
                "TimelineModel", "TimelinePolicy", "TimelineSpec", "TimelineScene", "TimelineLayout", "TimelineCairo",
                "TimelineBreaks",
                "TimelineThreads", "CLinux",
            ]),
        // The command line's plumbing: standard streams, output folders, staged atomic writes,
        // batches on several threads, Markdown pages, shards. Not a product: TimelineKit's public
        // surface is what docs/swift.md shows.
        .target(
            name: "TimelineCommandSupport",
            dependencies: [
                "TimelineKit", "TimelineModel", "TimelinePolicy", "TimelineSpec", "TimelineScene", "TimelineCairo",
                "TimelineThreads", "CLinux",
            ]),
        .target(
            name: "TimelineGolden",
            dependencies: [
                "TimelineKit", "TimelineCommandSupport", "TimelineCairo", "TimelinePNG", "TimelinePolicy",
                "TimelineSpec", "TimelineModel",
                "CCairo",
            ]),
        .target(
            name: "TimelineSnapshotTesting",
            dependencies: [
                "TimelineKit", "TimelineCommandSupport", "TimelineGolden",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ]),
        .target(
            name: "TimelineSnapshotStrategies",
            dependencies: [
                "TimelineKit", "TimelineGolden", .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        .executableTarget(
            name: "timeline-cards",
            dependencies: [
                "TimelineKit", "TimelineCommandSupport", "TimelineCairo", "TimelineGolden", "TimelinePolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `--version` names the commit (scripts/build-commit.sh).
            plugins: ["BuildCommit"]
        ),
        .plugin(name: "BuildCommit", capability: .buildTool(), path: "Plugins/BuildCommit"),
        // libFuzzer harness: `make fuzz`. A plain build replays files through the same code.
        // The export lets its `main` find libFuzzer's driver when -sanitize=fuzzer links it in.
        .executableTarget(
            name: "timeline-fuzz",
            dependencies: [
                "TimelineKit", "TimelineCommandSupport", "TimelineModel", "TimelineSpec", "TimelineScene",
                "TimelinePolicy", "TimelineTestSupport",
            ],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=LLVMFuzzerRunDriver"], .when(platforms: [.linux]))
            ]),
        // Finds the DocC catalogs and runs the package's own executable on them (`docc-resources`),
        // built in release by the plugin itself (a dependency on the tool would be built in debug).
        .plugin(
            name: "render-timelines",
            capability: .command(
                intent: .custom(
                    verb: "render-timelines",
                    description: "Render the timeline files of DocC catalogs into light and dark images in Resources/"),
                permissions: [
                    .writeToPackageDirectory(reason: "writes each catalog's timeline images into its Resources/ folder")
                ]),
            path: "Plugins/RenderTimelines"),
        // What several test targets and the fuzzer share: seeded random values, icon files.
        .target(name: "TimelineTestSupport", dependencies: ["CZlib"]),
        .testTarget(name: "TimelineSceneTests", dependencies: ["TimelineScene", "CCairo"]),
        .testTarget(name: "TimelineModelTests", dependencies: ["TimelineModel", "TimelineTestSupport"]),
        .testTarget(name: "TimelinePolicyTests", dependencies: ["TimelinePolicy"]),
        .testTarget(name: "TimelineFontTablesTests", dependencies: ["TimelineFontTables"]),
        .testTarget(name: "TimelineThreadsTests", dependencies: ["TimelineThreads"]),
        .testTarget(name: "TimelineBreaksTests", dependencies: ["TimelineBreaks", "TimelineTestSupport"]),
        .testTarget(name: "TimelineICUTests", dependencies: ["TimelineICU"]),
        .testTarget(name: "TimelinePNGTests", dependencies: ["TimelinePNG", "TimelineScene", "CZlib"]),
        .testTarget(
            name: "TimelineSpecTests",
            dependencies: ["TimelineSpec", "TimelineModel", "TimelinePolicy", "TimelineTestSupport"]),
        .testTarget(
            name: "TimelineLayoutTests",
            dependencies: ["TimelineLayout", "TimelineSpec", "TimelineScene", "TimelineBreaks", "TimelineTestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "TimelineCairoTests",
            dependencies: [
                "TimelineCairo", "TimelineFontTables", "TimelinePolicy", "TimelineScene", "TimelineGolden",
                "TimelineTestSupport", "TimelineBreaks",
                "TimelineThreads", "TimelinePNG", "CCairo", "CPangoCairo", "CZlib",
            ]),
        .testTarget(
            name: "TimelineKitTests",
            dependencies: [
                "TimelineKit", "TimelineCommandSupport", "TimelineCairo", "TimelineGolden", "TimelineScene",
                "TimelineBreaks", "TimelineTestSupport", "CCairo",
            ],
            exclude: ["Inputs"]),
        .testTarget(
            name: "TimelineCommandSupportTests",
            dependencies: [
                "TimelineCommandSupport", "TimelineKit", "TimelineCairo", "TimelineSpec", "TimelineTestSupport",
            ]),
        .testTarget(name: "TimelineGoldenTests", dependencies: ["TimelineGolden", "TimelineKit"]),
        .testTarget(
            name: "timeline-cardsTests",
            dependencies: [
                "timeline-cards", "TimelineKit", "TimelineCommandSupport", "TimelineGolden", "TimelineTestSupport",
                "TimelinePolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The Swift snippets of README.md and docs/, generated by scripts/doc-snippets.py (`make snippets`).
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: ["TimelineKit", "TimelineSnapshotTesting", "TimelineSnapshotStrategies"],
            exclude: ["__Snapshots__", "release.yaml"]),
        .testTarget(
            name: "TimelineSnapshotTestingTests",
            dependencies: ["TimelineSnapshotTesting", "TimelineGolden", "TimelineKit"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "TimelineSnapshotStrategiesTests",
            dependencies: ["TimelineSnapshotStrategies", "TimelineGolden"],
            exclude: ["__Snapshots__"]),
    ]
)

// CI compiles the package's own targets with warnings as errors (`make tsan`, and `make warnings`,
// set this in a build folder of their own, so plain builds are not rebuilt); dependencies and
// packages depending on timeline-cards never get the flag.
if Context.environment["TIMELINE_CARDS_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
