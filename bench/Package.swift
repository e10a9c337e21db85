// swift-tools-version: 6.0
import PackageDescription

// The benchmarks (`make bench`, BENCHMARKS.md): a package of their own, as swift-log keeps its
// benchmarks, so the library's manifest lists only the products and their unit tests. They
// use the library's products, and the kernel tests' virtual pad for the VM benchmark. The
// same strict settings as the library's manifest.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "HapticsBenchmarks",
    dependencies: [
        .package(name: "Haptics", path: ".."),
        .package(name: "KernelTests", path: "../Tests/KernelTests"),
    ],
    targets: [
        // The engine's figures on the host: schedule error, latency, render rate, idle cost,
        // memory, and the per-frame cost against a plain C loop (frame_cost_loop.c).
        .executableTarget(
            name: "haptics-bench",
            dependencies: [.product(name: "Haptics", package: "Haptics"), .product(name: "HapticsTesting", package: "Haptics")],
            path: "HapticsBench",
            swiftSettings: strict
        ),
        // The evdev structs and the EVIOCSFF ioctl, for the per-frame cost (and the input
        // constants, for the pull latency).
        .systemLibrary(name: "CBenchSupport", path: "CBenchSupport"),
        // The Haptics side of the per-frame cost, run under callgrind by haptics-bench.
        .executableTarget(
            name: "haptics-frame-cost",
            dependencies: [
                .product(name: "Haptics", package: "Haptics"), .product(name: "HapticsTesting", package: "Haptics"), "CBenchSupport",
            ],
            path: "FrameCost",
            swiftSettings: strict
        ),
        // In the VM (scripts/bench-vm.sh): Haptics, plain C, SDL2 and python-evdev side by side
        // on one virtual pad.
        .executableTarget(
            name: "haptics-vm-bench",
            dependencies: [
                .product(name: "Haptics", package: "Haptics"),
                .product(name: "HapticsEvdev", package: "Haptics"),
                .product(name: "VirtualDevices", package: "KernelTests"),
            ],
            path: "VMBench",
            swiftSettings: strict
        ),
        // In the VM (scripts/bench-latency-vm.sh): a trigger pulled past the threshold to the
        // pad's impact, for `haptics demo --input` and a plain C program.
        .executableTarget(
            name: "haptics-pull-latency",
            dependencies: [
                .product(name: "Haptics", package: "Haptics"),
                .product(name: "VirtualDevices", package: "KernelTests"),
                "CBenchSupport",
            ],
            path: "PullLatency",
            swiftSettings: strict
        ),
    ]
)
