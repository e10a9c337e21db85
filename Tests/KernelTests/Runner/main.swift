import Glibc
import Haptics
import VirtualDevices

// The kernel tests, run as root inside a throwaway VM (scripts/vm/run.sh) where uinput and
// uhid exist: uinput pads, then uhid pads bound by the kernel's own gamepad drivers. One
// line per test, then a closing "N passed, M failed".
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--child-play"), index + 1 < arguments.count {
    await UinputTests.playForever(on: arguments[index + 1])
    exit(0)
}
let haptics = arguments.firstIndex(of: "--haptics").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
func path(after option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let daemonPrograms = path(after: "--hapticsd").flatMap { hapticsd in
    path(after: "--dbus-daemon").flatMap { dbus in
        path(after: "--busctl").map { DaemonTests.Programs(hapticsd: hapticsd, dbusDaemon: dbus, busctl: $0) }
    }
}
let golden = path(after: "--golden").map { directory in
    GoldenTests.Options(
        directory: directory, ahapFile: path(after: "--golden-ahap") ?? "", update: arguments.contains("--update-golden"))
}
// Debian 12's feedbackd (`--feedbackd`) and, given its command and schemas, a newer one run on
// libraries of its own (`--newer-feedbackd "LOADER --library-path DIR BINARY"`).
let conformance: [ConformanceTests.Setup] =
    daemonPrograms.flatMap { programs in
        path(after: "--fbcli").map { fbcli in
            let tools = FeedbackDaemon.Tools(dbusDaemon: programs.dbusDaemon, busctl: programs.busctl, fbcli: fbcli)
            let debian = path(after: "--feedbackd").flatMap { feedbackd in
                path(after: "--conformance-plan").map {
                    ConformanceTests.Setup(
                        version: "0.0.3", feedbackd: [feedbackd], environment: [:], hapticsd: programs.hapticsd, tools: tools, plan: $0)
                }
            }
            let newer = path(after: "--newer-feedbackd").flatMap { command in
                path(after: "--newer-feedbackd-version").flatMap { version in
                    path(after: "--newer-feedbackd-schemas").flatMap { schemas in
                        path(after: "--newer-feedbackd-plan").map {
                            ConformanceTests.Setup(
                                version: version, feedbackd: command.split(separator: " ").map(String.init),
                                environment: ["GSETTINGS_SCHEMA_DIR": schemas], hapticsd: programs.hapticsd, tools: tools, plan: $0)
                        }
                    }
                }
            }
            return [debian, newer].compactMap { $0 }
        }
    } ?? []
// The hidraw tests play the test's AHAP fixtures (`--fixtures DIR`) with `haptics`.
let hidrawPrograms = haptics.flatMap { haptics in path(after: "--fixtures").map { HidrawTests.Programs(haptics: haptics, fixtures: $0) } }
let filter = arguments.firstIndex(of: "--filter").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

var passed = 0
var failed = 0
let tests =
    UinputTests.all(haptics: haptics) + TouchpadTests.all(haptics: haptics) + DualSenseTests.all(haptics: haptics)
    + OtherPadTests.all() + SwitchProTests.all(haptics: haptics) + HidrawTests.all(programs: hidrawPrograms)
    + DaemonTests.all(programs: daemonPrograms)
    + TriggerModeTests.all(programs: hidrawPrograms)
    + GoldenTests.all(options: golden)
    + ConformanceTests.all(setups: conformance)
    + LatencyBenchmark.all(setup: conformance.first, rounds: path(after: "--feedbackd-latency").flatMap { Int($0) })
    + USBAudioTests.all(
        toneWriter: path(after: "--tone-writer"), haptics: haptics,
        latencyRounds: path(after: "--usb-audio-latency").flatMap { Int($0) })
    + DualShock4LightTests.all(haptics: haptics)
    + LightDaemonTests.all(
        hapticsd: daemonPrograms?.hapticsd,
        tools: daemonPrograms.flatMap { programs in
            path(after: "--fbcli").map { FeedbackDaemon.Tools(dbusDaemon: programs.dbusDaemon, busctl: programs.busctl, fbcli: $0) }
        })
    + SteamDeckTests.all(programs: hidrawPrograms)
    + USBAudioDriverTests.all(haptics: haptics)
    + LibraryTriggerTests.all(program: path(after: "--libhaptics-trigger"), haptics: haptics)
    + BluetoothVoiceCoilTests.all(haptics: haptics)
    + TriggerStatusTests.all(programs: hidrawPrograms, library: path(after: "--libhaptics-trigger"))
    + XboxTriggerTests.all(programs: hidrawPrograms)
let repeats = path(after: "--repeat").flatMap { Int($0) } ?? 1
for test in Array(repeating: tests, count: repeats).joined() where filter.map({ test.name.contains($0) }) ?? true {
    let start = Monotonic.now
    do {
        try await test.body()
        passed += 1
        print("PASS \(test.name) (\(Int((Monotonic.now - start).inMilliseconds)) ms)")
    } catch {
        failed += 1
        print("FAIL \(test.name): \(error)")
    }
}
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
