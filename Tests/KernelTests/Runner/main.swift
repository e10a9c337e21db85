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
let conformance = path(after: "--feedbackd").flatMap { feedbackd in
    path(after: "--fbcli").flatMap { fbcli in
        path(after: "--conformance-plan").flatMap { plan in
            daemonPrograms.map {
                ConformanceTests.Setup(
                    feedbackd: feedbackd, hapticsd: $0.hapticsd,
                    tools: FeedbackDaemon.Tools(dbusDaemon: $0.dbusDaemon, busctl: $0.busctl, fbcli: fbcli), plan: plan)
            }
        }
    }
}
let filter = arguments.firstIndex(of: "--filter").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

var passed = 0
var failed = 0
let tests =
    UinputTests.all(haptics: haptics) + DualSenseTests.all(haptics: haptics) + OtherPadTests.all()
    + DaemonTests.all(programs: daemonPrograms)
    + ConformanceTests.all(setup: conformance)
    + LatencyBenchmark.all(setup: conformance, rounds: path(after: "--feedbackd-latency").flatMap { Int($0) })
for test in tests where filter.map({ test.name.contains($0) }) ?? true {
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
