// swift-tools-version: 6.0
import PackageDescription

// The fuzzers (`make fuzz`, scripts/fuzz.sh): a package of their own, as swift-log keeps its
// benchmarks, so the library's manifest lists only the products and their unit tests. Each
// fuzzer is an executable of one file, built with `-sanitize=fuzzer,address`, that uses the
// Haptics product's public API alone; its top-level code runs libFuzzer's driver on its test
// function (CLibFuzzer/shim.h says why). The same strict settings as the library's manifest.
// A package reaches another's modules only through its products, and a target's sources lie
// inside its own package: so the daemon's argument reading is public API of the HapticsDaemon
// product (`MethodArguments`, `DaemonMethod`, `BusMessage`), which the D-Bus fuzzer calls on
// calls it builds with sd-bus itself (CSDBusMessage; the library's own sd-bus module is not a
// product).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let fuzzerDependencies: [Target.Dependency] = [.product(name: "Haptics", package: "Haptics"), "CLibFuzzer"]

let package = Package(
    name: "HapticsFuzzers",
    dependencies: [
        .package(name: "Haptics", path: "../..")
    ],
    targets: [
        // libFuzzer's driver, which `-sanitize=fuzzer` links from the toolchain.
        .systemLibrary(name: "CLibFuzzer", path: "CLibFuzzer"),
        // The AHAP loader and the renderer.
        .executableTarget(name: "ahap-fuzzer", dependencies: fuzzerDependencies, path: "AHAPLoaderFuzzer", swiftSettings: strict),
        // The `.haptic` loader, and the AHAP writer's round trip of what it loads.
        .executableTarget(name: "haptic-fuzzer", dependencies: fuzzerDependencies, path: "LofeltHapticLoaderFuzzer", swiftSettings: strict),
        // The Haptica parser.
        .executableTarget(name: "haptica-fuzzer", dependencies: fuzzerDependencies, path: "HapticaPatternFuzzer", swiftSettings: strict),
        // The AHAP writer's round trip of what the AHAP loader loads.
        .executableTarget(name: "ahap-writer-fuzzer", dependencies: fuzzerDependencies, path: "AHAPWriterFuzzer", swiftSettings: strict),
        // The feedbackd theme loader and the theme renderer.
        .executableTarget(
            name: "theme-fuzzer", dependencies: fuzzerDependencies + [.product(name: "FeedbackTheme", package: "Haptics")],
            path: "ThemeLoaderFuzzer", exclude: ["seeds"], swiftSettings: strict),
        // The WAV reader and the sound analysis.
        .executableTarget(
            name: "wav-fuzzer", dependencies: fuzzerDependencies, path: "WAVReaderFuzzer", exclude: ["seeds"], swiftSettings: strict),
        // sd-bus, to build the calls the D-Bus fuzzer reads.
        .systemLibrary(name: "CSDBusMessage", path: "CSDBusMessage"),
        // hapticsd's reading of each method's arguments from a sealed sd-bus call.
        .executableTarget(
            name: "dbus-fuzzer", dependencies: ["CLibFuzzer", "CSDBusMessage", .product(name: "HapticsDaemon", package: "Haptics")],
            path: "DBusArgumentsFuzzer", swiftSettings: strict),
    ]
)
