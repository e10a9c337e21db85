// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Haptics",
    products: [
        .library(name: "Haptics", targets: ["Haptics"]),
        .library(name: "HapticsEvdev", targets: ["HapticsEvdev"]),
        .library(name: "PullToRefresh", targets: ["PullToRefresh"]),
        .executable(name: "haptics", targets: ["haptics"]),
    ],
    targets: [
        .systemLibrary(
            name: "CEvdev",
            path: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .target(
            name: "Haptics",
            resources: [.embedInCode("Presets")],
            swiftSettings: strict
        ),
        .target(name: "HapticsEvdev", dependencies: ["Haptics", "CEvdev"], swiftSettings: strict),
        .target(name: "PullToRefresh", dependencies: ["Haptics"], swiftSettings: strict),
        .target(
            name: "HapticsCLI",
            dependencies: ["Haptics", "HapticsEvdev", "PullToRefresh"],
            swiftSettings: strict
        ),
        .executableTarget(name: "haptics", dependencies: ["HapticsCLI"], swiftSettings: strict),
        .testTarget(name: "HapticsTests", dependencies: ["Haptics"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "HapticsEvdevTests", dependencies: ["HapticsEvdev"], swiftSettings: strict),
        .testTarget(name: "PullToRefreshTests", dependencies: ["PullToRefresh"], swiftSettings: strict),
        .testTarget(name: "HapticsCLITests", dependencies: ["HapticsCLI"], swiftSettings: strict),
    ]
)
package.targets += [
    .systemLibrary(name: "CKernelTestSupport", path: "Tests/KernelTests/CKernelTestSupport"),
    .executableTarget(
        name: "haptics-kernel-tests",
        dependencies: ["Haptics", "HapticsEvdev", "CEvdev", "CKernelTestSupport"],
        path: "Tests/KernelTests/Runner",
        swiftSettings: strict
    ),
]
package.targets.append(.executableTarget(name: "haptics-bench", dependencies: ["Haptics"], path: "bench/HapticsBench", swiftSettings: strict))
