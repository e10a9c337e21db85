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
        .library(name: "HapticsHidraw", targets: ["HapticsHidraw"]),
        .library(name: "PullToRefresh", targets: ["PullToRefresh"]),
        .library(name: "HapticsTesting", targets: ["HapticsTesting"]),
        .library(name: "FeedbackTheme", targets: ["FeedbackTheme"]),
        // hapticsd's service as a library: the service, its limits, and how it reads each call's
        // arguments (`MethodArguments`), which the fuzzers' package (Tests/Fuzz) fuzzes.
        .library(name: "HapticsDaemon", targets: ["HapticsDaemon"]),
        .executable(name: "haptics", targets: ["haptics"]),
        .executable(name: "hapticsd", targets: ["hapticsd"]),
        // libhaptics for C (and Python, through ctypes): `make install` names it
        // libhaptics.so.0, linked with its soname and with the Swift runtime inside.
        .library(name: "HapticsC", type: .dynamic, targets: ["HapticsC"]),
    ],
    targets: [
        // What the model takes from the C library, behind one module: errno, files, libm's pow.
        .target(name: "HapticsPlatform", swiftSettings: strict),
        // The model, pure: patterns, formats, JSON, rendering, the driver and feedback protocols.
        .target(name: "HapticsModel", dependencies: ["HapticsPlatform"], resources: [.embedInCode("Presets")], swiftSettings: strict),
        // The engine: the player, its state machine and mixer, clocks and timer threads, drivers
        // that touch no device.
        .target(name: "HapticsPlayback", dependencies: ["HapticsModel", "HapticsPlatform", "CFutex"], swiftSettings: strict),
        // The timer threads' futex wait, which Glibc's module does not offer.
        .systemLibrary(name: "CFutex", path: "CFutex"),
        // The module apps import: the model and the engine as one API.
        .target(name: "Haptics", dependencies: ["HapticsModel", "HapticsPlatform", "HapticsPlayback"], swiftSettings: strict),
        // Stand-ins for app tests: a manual clock, a recording HapticFeedback, and the engine's
        // recording driver.
        .target(name: "HapticsTesting", dependencies: ["HapticsModel", "HapticsPlayback"], swiftSettings: strict),
        // The evdev force-feedback driver, over libevdev.
        .systemLibrary(name: "CEvdev", path: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .target(
            name: "HapticsEvdev", dependencies: ["HapticsModel", "HapticsPlatform", "CEvdev"], swiftSettings: strict),
        // The hidraw driver: output reports written to pads beside their kernel drivers (HD
        // Rumble, adaptive triggers, trigger motors).
        .target(
            name: "HapticsHidraw", dependencies: ["HapticsModel", "HapticsPlatform", "HapticsEvdev", "CHidrawGuardian"],
            swiftSettings: strict),
        // The hidraw driver's guardian: a forked child that resets a pad when its player dies.
        .target(name: "CHidrawGuardian"),
        // The audio driver's PCM: the DualSense's voice coils on its USB audio card, through the
        // kernel's ALSA ioctls (one static executable, no alsa-lib), and the card beside a pad.
        .target(
            name: "HapticsAudio", dependencies: ["HapticsModel", "HapticsPlatform", "HapticsEvdev", "CSoundPCM"], swiftSettings: strict),
        // The ALSA PCM ioctls of <sound/asound.h>, which Swift cannot call (variadic ioctl).
        .systemLibrary(name: "CSoundPCM", path: "CSoundPCM"),
        // MJRefresh's state machine, firing feedback through the core's protocol.
        .target(name: "PullToRefresh", dependencies: ["HapticsModel"], swiftSettings: strict),
        // What plays where: the driver a `--driver` choice makes, which path plays which of a
        // pad's parts at a locality, a handle locality's frames on two rumble levels, and the
        // words for the drivers' errors.
        .target(
            name: "HapticsRouting", dependencies: ["HapticsModel", "HapticsPlayback", "HapticsEvdev", "HapticsHidraw", "HapticsAudio"],
            swiftSettings: strict),
        // The command-line kit both programs share: option declarations, parsing, help, usage
        // errors, exit codes, the console and the playing options.
        .target(
            name: "HapticsCommandLine",
            dependencies: ["HapticsModel", "HapticsPlatform", "HapticsEvdev", "HapticsRouting"], swiftSettings: strict),
        // The `haptics` commands and the demo, in a library so tests can run them.
        .target(
            name: "HapticsTool",
            dependencies: [
                "HapticsModel", "HapticsPlatform", "HapticsPlayback", "HapticsEvdev", "HapticsHidraw", "HapticsRouting",
                "HapticsCommandLine", "PullToRefresh", "FeedbackTheme", "HapticsAudio",
            ], swiftSettings: strict),
        .executableTarget(name: "haptics", dependencies: ["HapticsTool"], swiftSettings: strict),
        // feedbackd's theme format, read as feedbackd writes it: pure, no bus, no engine.
        .target(name: "FeedbackTheme", dependencies: ["HapticsModel"], swiftSettings: strict),
        // sd-bus, from libsystemd: the daemon's D-Bus.
        .systemLibrary(name: "CSDBus", path: "CSDBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // The session service speaking feedbackd's D-Bus API on the engine.
        .target(
            name: "HapticsDaemon",
            dependencies: [
                "HapticsModel", "HapticsPlatform", "HapticsPlayback", "HapticsEvdev", "HapticsHidraw", "HapticsRouting",
                "FeedbackTheme", "CSDBus", "HapticsAudio",
            ], swiftSettings: strict),
        // hapticsd's command line: its options, help, exit statuses, and the words for what
        // stops it from starting, over the service.
        .target(
            name: "HapticsDaemonTool",
            dependencies: ["HapticsDaemon", "HapticsCommandLine", "HapticsRouting", "HapticsEvdev", "FeedbackTheme"],
            swiftSettings: strict),
        .executableTarget(name: "hapticsd", dependencies: ["HapticsDaemon", "HapticsDaemonTool"], swiftSettings: strict),
        // The C interface's header (installed as haptics.h), for the Swift side to share its types.
        .systemLibrary(name: "CHaptics", path: "CHaptics"),
        // The C interface: haptics.h's functions over the engine, on the drivers `--driver` names (HapticsRouting).
        // Linked as libhaptics.so.0 that needs no Swift toolchain: the Swift runtime linked in,
        // and only haptics.h's functions exported (haptics.map), so the runtime inside clashes
        // with no other in the process. (These flags reach every product that links the
        // target, and only the library does: its tests are C and Python programs.)
        .target(
            name: "HapticsC",
            dependencies: ["CHaptics", "HapticsModel", "HapticsPlayback", "HapticsEvdev", "HapticsRouting", "HapticsHidraw"],
            swiftSettings: strict,
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib", "-Xlinker", "-soname=libhaptics.so.0",
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/CHaptics/haptics.map",
                ])
            ]),
        // Writes the manual pages and the shell completions from the programs' declarations, for
        // `make install`; no product, so it is no part of what the package offers.
        .executableTarget(
            name: "haptics-docgen",
            dependencies: ["HapticsTool", "HapticsDaemon", "HapticsDaemonTool", "HapticsCommandLine", "HapticsModel", "HapticsRouting"],
            swiftSettings: strict),

        .testTarget(
            name: "HapticsTests", dependencies: ["Haptics", "HapticsModel", "HapticsPlayback", "HapticsTesting"],
            exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "HapticsTestingTests", dependencies: ["Haptics", "HapticsModel", "HapticsPlayback", "HapticsTesting"],
            swiftSettings: strict),
        .testTarget(name: "HapticsEvdevTests", dependencies: ["HapticsEvdev", "Haptics", "CEvdev"], swiftSettings: strict),
        .testTarget(
            name: "HapticsHidrawTests", dependencies: ["HapticsHidraw", "HapticsEvdev", "HapticsModel", "HapticsPlatform"],
            swiftSettings: strict),
        .testTarget(name: "PullToRefreshTests", dependencies: ["PullToRefresh", "Haptics", "HapticsTesting"], swiftSettings: strict),
        .testTarget(name: "FeedbackThemeTests", dependencies: ["FeedbackTheme", "HapticsModel"], swiftSettings: strict),
        .testTarget(
            name: "HapticsRoutingTests",
            dependencies: [
                "HapticsRouting", "HapticsModel", "HapticsPlatform", "HapticsPlayback", "HapticsEvdev", "HapticsHidraw", "HapticsAudio",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HapticsCommandLineTests", dependencies: ["HapticsCommandLine"], swiftSettings: strict),
        .testTarget(
            name: "HapticsDaemonTests",
            dependencies: [
                "HapticsDaemon", "HapticsTesting", "HapticsEvdev", "HapticsHidraw", "HapticsAudio", "Haptics", "HapticsModel",
                "HapticsPlayback", "FeedbackTheme", "CSDBus",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HapticsDaemonToolTests",
            dependencies: ["HapticsDaemonTool", "HapticsDaemon", "HapticsCommandLine", "HapticsEvdev", "Haptics"], swiftSettings: strict),
        .testTarget(
            name: "HapticsToolTests",
            dependencies: [
                "HapticsTool", "HapticsTesting", "HapticsRouting", "HapticsCommandLine", "HapticsDaemon", "HapticsDaemonTool", "Haptics",
                "HapticsModel", "HapticsEvdev", "HapticsHidraw", "PullToRefresh", "CEvdev", "HapticsAudio",
            ], swiftSettings: strict),
        .testTarget(
            name: "HapticsAudioTests", dependencies: ["HapticsAudio", "HapticsModel", "HapticsPlatform", "HapticsEvdev"],
            swiftSettings: strict),
    ]
)
