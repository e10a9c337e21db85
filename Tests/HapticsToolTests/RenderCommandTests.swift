import Foundation
import HapticsTool
import Testing

@testable import HapticsCommandLine

/// `haptics render --pad`: the frames as each pad receives them.
@Suite struct RenderCommandTests {
    static let pads = ["dualsense", "dualshock4", "xbox-bt", "switch-pro", "switch-pro-hd", "dualsense-voice-coils", "generic"]

    /// The frames of `render ... --format json` as dictionaries.
    private func frames(_ arguments: String...) async throws -> [[String: Any]] {
        let console = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: console.console)
        #expect(code == .success, "\(console.err)")
        let parsed = try JSONSerialization.jsonObject(with: Data(console.out.utf8))
        return try #require(parsed as? [[String: Any]])
    }

    @Test(arguments: pads)
    func hapticasRhythmIsThreeSeparateFallingBeatsOnEveryPad(_ pad: String) async throws {
        let frames = try await frames("render", "haptica:O-o-.", "--pad", pad, "--format", "json")
        var beats: [(start: Double, energy: Double)] = []
        var sounding = false
        for frame in frames {
            let strong = try #require(frame["strong"] as? Double)
            let weak = try #require(frame["weak"] as? Double)
            let start = try #require(frame["t_ms"] as? Double)
            let duration = try #require(frame["duration_ms"] as? Double)
            #expect(frame["strong_step"] is Int || frame["strong_step"] is Double)
            guard strong > 0 || weak > 0 else {
                sounding = false
                continue
            }
            let energy = (strong * strong + weak * weak) * duration
            if sounding, let last = beats.last {
                beats[beats.count - 1] = (last.start, last.energy + energy)
            } else {
                beats.append((start, energy))
            }
            sounding = true
        }
        #expect(beats.map(\.start) == [0, 100, 200], "\(pad): \(frames)")
        #expect(beats.count == 3 && beats[0].energy > beats[1].energy && beats[1].energy > beats[2].energy, "\(pad): \(beats)")
    }

    @Test func thePadsNamesCompleteInEveryShell() {
        let words = Self.pads.joined(separator: "\n")
        #expect(
            BashCompletion(for: HapticsCommand.configuration).script.contains(
                "--pad)\n            _haptics_reply '\(words)' \"$current\"\n"))
        #expect(ZshCompletion(for: HapticsCommand.configuration).script.contains("]:pad:(\(Self.pads.joined(separator: " ")))'"))
        #expect(FishCompletion(for: HapticsCommand.configuration).script.contains(" -l pad -x -a '\(Self.pads.joined(separator: " "))' "))
    }

    @Test func theSwitchProGetsItsTableStepsOnBothSides() async throws {
        let frames = try await frames("render", "rigid", "--pad", "switch-pro", "--format", "json")
        let first = try #require(frames.first)
        // Intensity 0.9 is amplitude 0.81: hid-nintendo's nearest table entry is 808 of 1003, index 90.
        #expect(first["strong_step"] as? Int == 90)
        #expect(first["weak_step"] as? Int == 90)
        #expect(first["duration_ms"] as? Int == 50)
    }

    @Test func theTextNamesThePadsSidesAndSteps() async {
        let (code, console) = await CapturedConsole.run("render", "light", "--pad", "xbox-bt")
        #expect(code == .success)
        let lines = console.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("# xbox-bt: Xbox Wireless Controller over Bluetooth (hid-microsoft); strong motor: left") == true)
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("      0 ms  strong (left) 0.16 ███▎") == true)
        #expect(lines.last?.contains("16/100") == true)
        #expect(lines.last?.hasSuffix("40 ms") == true)
    }

    @Test func theSVGNamesThePadAndItsActuators() async {
        let (code, console) = await CapturedConsole.run("render", "heavy", "--pad", "switch-pro", "--format", "svg")
        #expect(code == .success)
        #expect(console.out.contains("heavy on switch-pro"))
        #expect(console.out.contains("strong motor: left linear resonant actuator at 160 Hz + 320 Hz"))
    }

    @Test func anUnknownPadIsAUsageErrorListingTheNames() async {
        let (code, console) = await CapturedConsole.run("render", "heavy", "--pad", "steam-deck")
        #expect(code == .usage)
        #expect(console.err.contains("one of dualsense, dualshock4, xbox-bt, switch-pro, switch-pro-hd, dualsense-voice-coils, generic"))
    }

    @Test func withoutAPadTheLevelsAreExactAsBefore() async throws {
        let frames = try await frames("render", "medium", "--format", "json")
        #expect(frames.count == 1)
        #expect(frames.first?["strong"] as? Double == 0.49)
        #expect(frames.first?["strong_step"] == nil)
    }
}
