import Foundation
import HapticsTool
import Testing

@testable import HapticsCommandLine

@Suite struct HapticsCommandTests {
    @Test func withoutArgumentsPrintsUsageAndExits64() async {
        let (code, console) = await CapturedConsole.run()
        #expect(code == .usage)
        #expect(console.err.contains("USAGE: haptics <subcommand>"))
    }

    @Test func helpListsEverySubcommand() async {
        let (code, console) = await CapturedConsole.run("--help")
        #expect(code == .success)
        for name in ["impact", "notify", "select", "play", "render", "validate", "list", "demo"] {
            #expect(console.out.contains("\n  \(name) "))
        }
    }

    @Test func everySubcommandTheHelpListsRunsByItsName() async {
        let names = HapticsCommand.configuration.subcommands.map(\.name)
        #expect(names.count >= 12)
        for name in names {
            let (code, console) = await CapturedConsole.run(name, "--help")
            #expect(code == .success, "haptics \(name) --help")
            #expect(console.out.contains("USAGE: haptics \(name)"), "haptics \(name) --help")
        }
    }

    @Test(arguments: ["impact", "play", "demo"])
    func helpNamingASubcommandPrintsThatSubcommandsHelp(_ name: String) async {
        let (code, console) = await CapturedConsole.run("help", name)
        #expect(code == .success)
        #expect(console.out.contains("\n\nUSAGE: haptics \(name)"))
        let (bareCode, bare) = await CapturedConsole.run("help")
        #expect(bareCode == .success)
        #expect(bare.out.hasPrefix("OVERVIEW: Haptic patterns"))
        let (unknownCode, unknown) = await CapturedConsole.run("help", "plya")
        #expect(unknownCode == .usage)
        #expect(unknown.err.hasPrefix("Error: unknown subcommand 'plya'"))
    }

    @Test(arguments: ["impact", "notify", "select", "play", "render", "validate", "list", "demo"])
    func everySubcommandHasHelpWithAnOverview(_ name: String) async throws {
        for flag in ["-h", "--help"] {
            let (code, console) = await CapturedConsole.run(name, flag)
            #expect(code == .success)
            let overview = try #require(HapticsCommand.configuration.subcommands.first { $0.name == name }).abstract
            #expect(console.out.hasPrefix("OVERVIEW: \(overview.prefix(40))"))
            #expect(console.out.contains("\n\nUSAGE: haptics \(name)"))
        }
    }

    @Test func printsTheVersion() async {
        let (code, console) = await CapturedConsole.run("--version")
        #expect(code == .success)
        #expect(console.out == HapticsCommand.version)
    }

    @Test(arguments: [
        (["dance"], "Error: unknown subcommand 'dance'"),
        (["impact"], "Error: missing <style>"),
        (["impact", "huge"], "Error: unknown impact style 'huge'"),
        (["impact", "light", "--intensity", "2"], "Error: the value '2' of '--intensity' is not a number from 0 to 1"),
        (["impact", "light", "--fast"], "Error: unknown option '--fast'"),
        (["notify", "maybe"], "Error: unknown notification type 'maybe'"),
        (["select", "now"], "Error: unexpected argument 'now'"),
        (["play", "heavy", "--loop", "0"], "Error: the value '0' of '--loop' is not a count of at least 1 or 'forever'"),
        (
            ["play", "heavy", "--driver", "laser"],
            "Error: the value 'laser' of '--driver' is not one of auto, stdout, record, evdev, hidraw, audio"
        ),
        (["play", "heavy", "light"], "Error: unexpected argument 'light'"),
        (["render", "heavy", "--format", "png"], "Error: the value 'png' of '--format' is not one of text, json, svg, wav"),
        (["render", "heavy", "--step"], "Error: missing value for '--step'"),
        (["validate"], "Error: missing <file>"),
    ])
    func badUsageSaysWhatIsWrongThenWhereTheHelpIsAndExits64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: captured.console)
        #expect(code == .usage)
        let command = ["dance", "help"].contains(arguments[0]) ? "haptics" : "haptics \(arguments[0])"
        #expect(captured.err.split(separator: "\n").map(String.init) == [message, "See '\(command) --help'."])
    }

    @Test func rendersAPresetAsJSON() async {
        let (code, console) = await CapturedConsole.run("render", "heavy", "--format", "json")
        #expect(code == .success)
        #expect(console.out == "[\n  {\"t_ms\":0,\"duration_ms\":60,\"strong\":1,\"weak\":1}\n]")
    }

    @Test func rendersWithAnotherStepAsText() async {
        let (code, console) = await CapturedConsole.run("render", "success", "--step=20")
        #expect(code == .success)
        let lines = console.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("      0 ms  strong 0.16 ███▎") == true)
        #expect(lines.last?.hasSuffix("240 ms") == true)
    }

    @Test func rendersBothMotorLanesAsSVG() async {
        let (code, console) = await CapturedConsole.run("render", "warning", "--format", "svg")
        #expect(code == .success)
        #expect(console.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(console.out.hasSuffix("</svg>"))
        #expect(console.out.components(separatedBy: "<path ").count == 3)
        #expect(console.out.contains("strong motor") && console.out.contains("weak motor"))
    }

    @Test func playsOnTheRecordingDriverInstantly() async {
        let (code, console) = await CapturedConsole.run("play", "light", "--loop", "2", "--gain", "0.5", "--driver", "record")
        #expect(code == .success)
        #expect(
            console.out == """
                {"t_ms":0,"duration_ms":80,"strong":0.08,"weak":0.08}
                {"t_ms":80,"duration_ms":0,"strong":0,"weak":0}
                """)
    }

    @Test func impactIntensityScalesTheFrames() async {
        let (code, console) = await CapturedConsole.run("impact", "heavy", "--intensity", "0.5", "--driver", "record")
        #expect(code == .success)
        #expect(console.out.hasPrefix(#"{"t_ms":0,"duration_ms":60,"strong":0.25,"weak":0.25}"#))
    }

    @Test func notifyAndSelectPlayTheirPresets() async {
        let (notifyCode, notify) = await CapturedConsole.run("notify", "error", "--driver", "record")
        #expect(notifyCode == .success)
        #expect(notify.out.split(separator: "\n").count == 8)
        let (selectCode, select) = await CapturedConsole.run("select", "--driver", "record")
        #expect(selectCode == .success)
        #expect(select.out.hasPrefix(#"{"t_ms":0,"duration_ms":40,"strong":0.05,"weak":0.25}"#))
    }

    @Test func aLoopForeverCannotBeRecorded() async {
        let (code, console) = await CapturedConsole.run("play", "heavy", "--loop", "forever", "--driver", "record")
        #expect(code == .usage)
        #expect(console.err.contains("give --loop a count"))
    }

    @Test func validateExits0WhenEveryFileLoads() async throws {
        try await withTemporaryFolder { folder in
            let path = try writeFile(
                #"{"Version": 1, "Pattern": [{"Event": {"EventType": "HapticTransient"}}]}"#, named: "tap.ahap", in: folder)
            let (code, console) = await CapturedConsole.run("validate", path)
            #expect(code == .success)
            #expect(console.out == "ok: \(path) (1 events, 0 curves, 0.0 s)")
        }
    }

    @Test func validateExits65AndNamesTheJSONPathOfEachProblem() async throws {
        try await withTemporaryFolder { folder in
            let good = try writeFile(#"{"Pattern": []}"#, named: "good.ahap", in: folder)
            let bad = try writeFile(#"{"Pattern": [{"Event": {"EventType": "HapticContinuous"}}]}"#, named: "bad.ahap", in: folder)
            let (code, console) = await CapturedConsole.run("validate", good, bad, "/nonexistent.ahap")
            #expect(code == .dataError)
            #expect(
                console.err.split(separator: "\n") == [
                    "Error: \(bad): Pattern[0].Event.EventDuration: expected a duration in seconds (continuous events need one), found nothing (the key is missing)",
                    "Error: /nonexistent.ahap: cannot read the file: No such file or directory; check the path and its permissions",
                ])
        }
    }

    @Test func validateChecksFeedbackdThemesToo() async throws {
        try await withTemporaryFolder { folder in
            let good = try writeFile(
                #"{"name": "g", "profiles": [{"name": "quiet", "feedbacks": [{"event-name": "e", "type": "VibraRumble"}, {"event-name": "e", "type": "Sound", "effect": "x"}]}]}"#,
                named: "good.json", in: folder)
            let bad = try writeFile(
                #"{"name": "b", "profiles": [{"name": "quiet", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "count": -1}]}]}"#,
                named: "bad.json", in: folder)
            let (code, console) = await CapturedConsole.run("validate", good, bad)
            #expect(code == .dataError)
            #expect(console.out == "ok: \(good) (feedbackd theme 'g', 1 events with haptics)")
            #expect(
                console.err.split(separator: "\n") == [
                    "note: \(good): skipped 1 Sound entry: gamepads play haptics only",
                    "Error: \(bad): profiles[0].feedbacks[0].count: expected a whole number from 0 to 1000, found -1",
                ])
        }
    }

    /// The `VibraRumble`s feedbackd plays in an undefined way (`duration / count` equal to or
    /// below `pause`, `count` 0: `fbd_feedback_vibra_rumble_start_vibra`) validate with a
    /// warning each, saying what hapticsd plays.
    @Test func validateWarnsAboutRumblesFeedbackdCannotPlay() async throws {
        try await withTemporaryFolder { folder in
            let theme = try writeFile(
                #"""
                {"name": "w", "profiles": [{"name": "quiet", "feedbacks": [
                  {"event-name": "a", "type": "VibraRumble", "duration": 200, "count": 2, "pause": 100},
                  {"event-name": "b", "type": "VibraRumble", "duration": 100, "count": 2, "pause": 100},
                  {"event-name": "c", "type": "VibraRumble", "count": 0},
                  {"event-name": "d", "type": "VibraRumble", "duration": 750, "count": 3, "pause": 100}
                ]}]}
                """#,
                named: "w.json", in: folder)
            let (code, console) = await CapturedConsole.run("validate", theme)
            #expect(code == .success)
            #expect(console.out == "ok: \(theme) (feedbackd theme 'w', 4 events with haptics)")
            let warnings = console.err.split(separator: "\n").filter { $0.hasPrefix("warning: \(theme): profiles[0].feedbacks[") }
            #expect(warnings.count == 3)
            #expect(warnings.first?.hasSuffix("hapticsd plays one pulse of 200 ms") == true)
            #expect(warnings.dropFirst().first?.hasSuffix("hapticsd plays one pulse of 100 ms") == true)
            #expect(warnings.last?.hasSuffix("hapticsd plays nothing for 1000 ms") == true)
        }
    }

    @Test func playingABrokenFileExits65WithOneLine() async throws {
        try await withTemporaryFolder { folder in
            let bad = try writeFile("not json", named: "broken.ahap", in: folder)
            let (code, console) = await CapturedConsole.run("play", bad, "--driver", "record")
            #expect(code == .dataError)
            #expect(console.err == "Error: \(bad): line 1, column 1 (in $): not valid JSON: expected a value")
            #expect(console.out.isEmpty)
        }
    }

    @Test func listsEveryPreset() async {
        let (code, console) = await CapturedConsole.run("list")
        #expect(code == .success)
        #expect(
            console.out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) }
                == [
                    "light", "medium", "heavy", "soft", "rigid", "selection", "success", "warning", "error",
                    "click", "tick", "low-tick", "thud", "spin", "quick-rise", "slow-rise", "quick-fall",
                ])
    }
}
