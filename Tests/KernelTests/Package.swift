// swift-tools-version: 6.0
import PackageDescription

// The kernel tests: the evdev driver, the `haptics` CLI and `hapticsd` against the real Linux
// input stack, run as root inside a QEMU VM by scripts/kernel-tests.sh. A package of its own
// (as swift-log keeps its benchmarks), so the library's manifest lists only the products and
// their unit tests; it uses the products alone, and drives the executables as a user would.
// The same strict settings as the library's manifest.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "KernelTests",
    products: [
        // The virtual pad, for the VM benchmark (bench/Package.swift) too.
        .library(name: "VirtualDevices", targets: ["VirtualDevices"])
    ],
    dependencies: [
        .package(name: "Haptics", path: "../..")
    ],
    targets: [
        // uinput and uhid ioctls whose macros do not import into Swift, and the kernel's
        // input constants.
        .systemLibrary(name: "CKernelTestSupport", path: "CKernelTestSupport"),
        // Virtual devices for the VM: a uinput gamepad recording what the kernel hands it.
        .target(name: "VirtualDevices", dependencies: ["CKernelTestSupport"], path: "VirtualDevices", swiftSettings: strict),
        .executableTarget(
            name: "haptics-kernel-tests",
            dependencies: [
                .product(name: "Haptics", package: "Haptics"),
                .product(name: "HapticsEvdev", package: "Haptics"),
                .product(name: "HapticsTesting", package: "Haptics"),
                "CKernelTestSupport",
                "VirtualDevices",
            ],
            path: "Runner",
            swiftSettings: strict
        ),
    ]
)
