import Glibc
import Testing

/// `hapticsd` as a process: the bus name, signals, themes at start and on reload.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct HapticsDaemonCommandTests {
    @Test func aSecondDaemonSaysWhoOwnsTheNameAndExits69() throws {
        let harness = try DaemonHarness()
        let second = try harness.run(DaemonHarness.daemonPath, ["--driver", "record"], timeout: .seconds(10))
        #expect(second.status == 69)
        let pid = harness.daemon?.pid ?? 0
        #expect(second.errors.contains("org.sigxcpu.Feedback is owned by :1."))
        #expect(second.errors.contains("(hapticsd, pid \(pid))"))
        #expect(second.errors.contains("--replace"))
    }

    @Test func replaceTakesTheNameAndTheFirstExits() throws {
        let harness = try DaemonHarness()
        let second = try harness.client(DaemonHarness.daemonPath, ["--driver", "record", "--replace"])
        #expect(harness.daemon?.wait(timeout: .seconds(5)) == 0)
        #expect(harness.log.contains("another process took org.sigxcpu.Feedback"))
        second.process.signal(SIGTERM)
        #expect(second.process.wait(timeout: .seconds(5)) == 0)
    }

    @Test func aFanOutMemberWithNoPadWaitsWhileTheRecorderPlaysEverything() throws {
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--driver", "record,evdev", "--device", "no pad has this name"])
        #expect(try harness.busctl(HapticsInterfaceTests.interface, "Notify", ["ss", "app", "success"]).status == 0)
        let frames = harness.frames { $0.last?.isSilent == true && $0.count > 2 }
        let sounding = frames.filter { !$0.isSilent }
        #expect(sounding.reduce(0) { $0 + $1.duration } >= 270, "\(harness.recorded)")
        #expect(!harness.recorded.contains("{\"stop\":true}"), "\(harness.recorded)")
    }

    @Test func aFanOutMemberThatFailsEndsTheFeedbackWithReason2AndLogsIt() throws {
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--driver", "record,evdev", "--device", "/dev/null"])
        let result = try harness.python(Clients.libfeedback, ["button-pressed", "-1", "-1"])
        #expect(result.output.contains("ended 2"), "\(result.output)")
        #expect(
            poll(timeout: .seconds(5)) {
                harness.log.contains("ended with reason 2, its engine stopped (system-error): /dev/null is not an input device")
            },
            "\(harness.log)")
    }

    @Test func sigtermStopsTheMotorsAndExits() throws {
        let harness = try DaemonHarness()
        let fbcli = try harness.client("/usr/bin/fbcli", ["-E", "button-pressed", "-t", "0"])
        harness.frames { !$0.isEmpty }
        harness.daemon?.signal(SIGTERM)
        #expect(harness.daemon?.wait(timeout: .seconds(5)) == 0)
        #expect(harness.recorded.hasSuffix("{\"stop\":true}\n"))
        #expect(harness.log.contains("SIGTERM: stopping every motor"))
        fbcli.process.signal(SIGKILL)
    }

    @Test func sigintStopsTheMotorsToo() throws {
        let harness = try DaemonHarness()
        _ = try harness.client("/usr/bin/fbcli", ["-E", "button-pressed", "-t", "0"])
        harness.frames { !$0.isEmpty }
        harness.daemon?.signal(SIGINT)
        #expect(harness.daemon?.wait(timeout: .seconds(5)) == 130)
        #expect(harness.recorded.hasSuffix("{\"stop\":true}\n"))
    }

    /// The bus gone, the daemon cannot serve: it stops the motors and exits with a failure,
    /// which systemd's `Restart=on-failure` (systemd/hapticsd.service.in) restarts.
    @Test func losingTheBusStopsTheMotorsAndExitsWithAFailure() throws {
        let harness = try DaemonHarness()
        let fbcli = try harness.client("/usr/bin/fbcli", ["-E", "button-pressed", "-t", "0"])
        harness.frames { !$0.isEmpty }
        harness.killBus()
        let status = harness.daemon?.wait(timeout: .seconds(5))
        #expect(status != nil)
        #expect(status != 0)
        #expect(harness.recorded.hasSuffix("{\"stop\":true}\n"))
        fbcli.process.signal(SIGKILL)
    }

    @Test func sighupReloadsAndABrokenThemeKeepsTheOldOne() throws {
        let harness = try DaemonHarness(start: false)
        let theme = { (duration: Int) in
            #"{"name": "t\#(duration)", "profiles": [{"name": "quiet", "feedbacks": [{"event-name": "button-pressed", "type": "VibraRumble", "duration": \#(duration)}]}]}"#
        }
        let path = try harness.file("theme.json", theme(100))
        try harness.startDaemon(["--theme", path])
        #expect(try harness.run("/usr/bin/fbcli", ["-E", "button-pressed"], timeout: .seconds(5)).status == 0)
        _ = try harness.file("theme.json", theme(200))
        harness.daemon?.signal(SIGHUP)
        #expect(poll(timeout: .seconds(5)) { harness.log.contains("reloaded the theme 't200'") })
        #expect(try harness.run("/usr/bin/fbcli", ["-E", "button-pressed"], timeout: .seconds(5)).status == 0)
        _ = try harness.file("theme.json", #"{"name": "broken", "profiles": [{"name": "loud"}]}"#)
        harness.daemon?.signal(SIGHUP)
        #expect(poll(timeout: .seconds(5)) { harness.log.contains("keeping the theme 't200'") })
        #expect(harness.log.contains("theme.json: profiles[0].name: expected one of full, quiet, silent, found the string \"loud\""))
        #expect(try harness.run("/usr/bin/fbcli", ["-E", "button-pressed"], timeout: .seconds(5)).status == 0)
        let pulses = harness.frames { $0.filter { !$0.isSilent }.count == 3 }.filter { !$0.isSilent }
        #expect(pulses.map(\.duration) == [100, 200, 200])
    }

    @Test func aBrokenThemeAtStartExits65NamingTheFileAndPath() throws {
        let harness = try DaemonHarness(start: false)
        let path = try harness.file(
            "bad.json",
            #"{"name": "b", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "magnitude": -1}]}]}"#
        )
        let result = try harness.run(DaemonHarness.daemonPath, ["--driver", "record", "--theme", path], timeout: .seconds(10))
        #expect(result.status == 65)
        #expect(result.errors.contains("bad.json: profiles[0].feedbacks[0].magnitude: expected a magnitude"))
    }

    @Test func theThemeIsLookedUpInTheEnvironmentThenTheConfigFolderThenBuiltIn() throws {
        let fromEnvironment = try DaemonHarness(start: false)
        let path = try fromEnvironment.file("env.json", #"{"name": "from-env", "profiles": []}"#)
        try fromEnvironment.startDaemon([], environment: ["FEEDBACK_THEME": path])
        #expect(fromEnvironment.log.contains("with the theme 'from-env'"))

        let fromConfig = try DaemonHarness(start: false)
        let config = fromConfig.directory + "/config"
        for folder in [config, config + "/feedbackd", config + "/feedbackd/themes"] { mkdir(folder, 0o755) }
        _ = try fromConfig.file("config/feedbackd/themes/default.json", #"{"name": "from-config", "profiles": []}"#)
        try fromConfig.startDaemon([], environment: ["XDG_CONFIG_HOME": config, "FEEDBACK_THEME": ""])
        #expect(fromConfig.log.contains("with the theme 'from-config'"))
        unlink(config + "/feedbackd/themes/default.json")
        for folder in [config + "/feedbackd/themes", config + "/feedbackd", config] { rmdir(folder) }

        let builtIn = try DaemonHarness(start: false)
        try builtIn.startDaemon([], environment: ["XDG_CONFIG_HOME": builtIn.directory, "FEEDBACK_THEME": ""])
        #expect(builtIn.log.contains("with the theme 'gamepad' (built in)"))
    }
}
