// swift-tools-version: 6.0
import PackageDescription

// The same strict settings for every target (as swift-log): existentials spelled `any`, and
// imports internal unless a file says `public import` (so a module's public API shows which
// modules it exposes). Not MemberImportVisibility: on Linux it credits Glibc's types to
// whichever C module first includes their header (the terminal's `winsize` to CEvdev), and
// would have the code import modules it does not use.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Haptics",
    products: [
        .library(name: "Haptics", targets: ["Haptics"]),
        .library(name: "HapticsEvdev", targets: ["HapticsEvdev"]),
        .library(name: "PullToRefresh", targets: ["PullToRefresh"]),
        .library(name: "HapticsTesting", targets: ["HapticsTesting"]),
        .library(name: "FeedbackTheme", targets: ["FeedbackTheme"]),
        .executable(name: "haptics", targets: ["haptics"]),
        .executable(name: "hapticsd", targets: ["hapticsd"]),
    ],
    targets: [
        // The pure core: patterns, loaders, renderer, player, drivers that touch no device.
        .target(name: "Haptics", dependencies: ["CFutex"], resources: [.embedInCode("Presets")], swiftSettings: strict),
        // The timer thread's futex wait, which Glibc's module does not offer.
        .systemLibrary(name: "CFutex", path: "CFutex"),
        // Stand-ins for app tests: a recording HapticFeedback. (ManualClock and RecordingDriver
        // live in the core, since the CLI's `--driver record` plays on them.)
        .target(name: "HapticsTesting", dependencies: ["Haptics"], swiftSettings: strict),
        // The evdev force-feedback driver, over libevdev.
        .systemLibrary(name: "CEvdev", path: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .target(name: "HapticsEvdev", dependencies: ["Haptics", "CEvdev"], swiftSettings: strict),
        // MJRefresh's state machine, firing feedback through the core's protocol.
        .target(name: "PullToRefresh", dependencies: ["Haptics"], swiftSettings: strict),
        // The command line: parsing and wiring in a library, so tests can run it.
        .target(name: "HapticsCLI", dependencies: ["Haptics", "HapticsEvdev", "PullToRefresh", "FeedbackTheme"], swiftSettings: strict),
        .executableTarget(name: "haptics", dependencies: ["HapticsCLI"], swiftSettings: strict),
        // feedbackd's theme format, read as feedbackd writes it: pure, no bus, no engine.
        .target(name: "FeedbackTheme", dependencies: ["Haptics"], swiftSettings: strict),
        // sd-bus, from libsystemd: the daemon's D-Bus.
        .systemLibrary(name: "CSDBus", path: "CSDBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // The session service speaking feedbackd's D-Bus API on the engine.
        .target(name: "HapticsDaemon", dependencies: ["Haptics", "HapticsEvdev", "HapticsCLI", "FeedbackTheme", "CSDBus"], swiftSettings: strict),
        .executableTarget(name: "hapticsd", dependencies: ["HapticsDaemon"], swiftSettings: strict),

        .testTarget(name: "HapticsTests", dependencies: ["Haptics"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "HapticsTestingTests", dependencies: ["Haptics", "HapticsTesting"], swiftSettings: strict),
        .testTarget(name: "HapticsEvdevTests", dependencies: ["HapticsEvdev", "Haptics"], swiftSettings: strict),
        .testTarget(name: "PullToRefreshTests", dependencies: ["PullToRefresh", "HapticsTesting"], swiftSettings: strict),
        .testTarget(name: "FeedbackThemeTests", dependencies: ["FeedbackTheme", "Haptics"], swiftSettings: strict),
        .testTarget(name: "HapticsDaemonTests", dependencies: ["HapticsDaemon", "HapticsCLI", "HapticsEvdev", "Haptics", "FeedbackTheme"], swiftSettings: strict),
        .testTarget(name: "HapticsCLITests", dependencies: ["HapticsCLI", "HapticsDaemon", "Haptics", "HapticsEvdev", "PullToRefresh"], swiftSettings: strict),
    ]
)
