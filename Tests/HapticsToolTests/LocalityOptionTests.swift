import Haptics
import HapticsEvdev
import HapticsHidraw
import HapticsRouting
import HapticsTesting
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

/// `--locality` on the playing commands: parsed with the shared playing options, and, on the
/// terminal and in a recording, visible in the frames: a handle locality puts the frame on
/// that handle's motor, a trigger locality records what the trigger would play (its amplitude
/// and frequency).
@Suite struct LocalityOptionTests {
    private func locality(_ arguments: [String], for configuration: CommandConfiguration = ImpactCommand.configuration) throws -> Locality {
        var reader = ArgumentReader(arguments, for: configuration)
        return try PlaybackOptions(parsing: &reader).locality
    }

    @Test func allByDefaultAndEachOfTheSeven() throws {
        #expect(try locality([]) == .all)
        for value in Locality.allCases {
            #expect(try locality(["--locality", value.rawValue]) == value)
            #expect(try locality(["--locality=\(value.rawValue)"], for: SelectCommand.configuration) == value)
        }
    }

    @Test(arguments: [PlayCommand.configuration, ImpactCommand.configuration, NotifyCommand.configuration, SelectCommand.configuration])
    func everyPlayingCommandDeclaresIt(configuration: CommandConfiguration) {
        #expect(configuration.options.contains { $0.name == "--locality" })
        #expect(configuration.help.contains("right-trigger"))
    }

    @Test func anUnknownLocalityIsAUsageError() async {
        let (code, console) = await CapturedConsole.run("play", "heavy", "--locality", "thumb", "--driver", "record")
        #expect(code == .usage)
        #expect(
            console.err.hasPrefix(
                "Error: the value 'thumb' of '--locality' is not one of all, handles, left-handle, right-handle, triggers, left-trigger, right-trigger"
            ))
    }

    /// The recorded frames of `arguments` with `--driver record`, as levels.
    private func recordedLevels(_ arguments: String...) async throws -> [[Double]] {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments + ["--driver", "record"], on: captured.console)
        #expect(code == .success, "\(captured.err)")
        return try captured.out.split(separator: "\n").map { line in
            [try #require(Self.number("strong", in: line)), try #require(Self.number("weak", in: line))]
        }
    }

    /// The number after `"key":` in a JSON line.
    private static func number(_ key: String, in line: Substring) -> Double? {
        guard let range = line.range(of: "\"\(key)\":") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    @Test func handleLocalitiesRecordOneMotorAtTheAmplitude() async throws {
        let both = try await recordedLevels("play", "haptica:X-x-O")
        let left = try await recordedLevels("play", "haptica:X-x-O", "--locality", "left-handle")
        let right = try await recordedLevels("play", "haptica:X-x-O", "--locality", "right-handle")
        #expect(both.contains { $0[0] != $0[1] })
        #expect(left == both.map { [max($0[0], $0[1]), 0] })
        #expect(right == both.map { [0, max($0[0], $0[1])] })
    }

    @Test(arguments: ["all", "handles"])
    func bothHandlesRecordTheFramesAsTheyAre(locality: String) async throws {
        let both = try await recordedLevels("play", "haptica:X-x-O")
        #expect(try await recordedLevels("play", "haptica:X-x-O", "--locality", locality) == both)
    }

    /// A trigger locality records, for each frame, what the trigger plays: the frame's
    /// amplitude at the frequency the hidraw driver gives a DualSense's trigger for its
    /// sharpness; not the frames `all` records.
    @Test(arguments: [("left-trigger", "left"), ("right-trigger", "right"), ("triggers", "both")])
    func triggerLocalitiesRecordWhatTheTriggerPlays(locality: String, side: String) async throws {
        for pattern in ["selection", "haptica:X-x-O"] {
            let frames = try await recordedLevels("play", pattern).map {
                RumbleFrame(start: .zero, duration: .zero, strong: $0[0], weak: $0[1])
            }
            let captured = CapturedConsole()
            let code = await HapticsCommand.run(["play", pattern, "--locality", locality, "--driver", "record"], on: captured.console)
            #expect(code == .success)
            let lines = captured.out.split(separator: "\n")
            #expect(lines.count == frames.count)
            for (line, frame) in zip(lines, frames) {
                #expect(line.contains("\"trigger\":\"\(side)\""), "\(line)")
                #expect(Self.number("strong", in: line) == nil)
                #expect(Self.number("amplitude", in: line) == FrameCharacter(frame).amplitude, "\(line)")
                let hertz = frame.isSilent ? nil : Double(DualSenseTriggerBlock.hertz(FrameCharacter(frame).sharpness))
                #expect(Self.number("frequency_hz", in: line) == hertz, "\(line)")
            }
        }
    }

    @Test func theTerminalShowsATriggersAmplitudeAndFrequency() async {
        let (code, console) = await CapturedConsole.run("impact", "heavy", "--locality", "left-trigger", "--driver", "stdout")
        #expect(code == .success)
        let lines = console.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("left trigger  1.00 ████████████████████   85 Hz  60 ms") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasSuffix("left trigger  0.00                               off") == true, "\(lines)")
        #expect(console.err.isEmpty)
    }

    /// `auto` with no pad plays on the terminal; at a locality other than `all`, one note
    /// says no pad plays there.
    @Test(arguments: [("left-trigger", "left trigger"), ("handles", "handles"), ("all", nil)])
    func autoWithNoPadNotesALocalityNothingPlays(locality: String, part: String?) async {
        guard DeviceDiscovery().devices().isEmpty else {
            print("skipped: a device that can vibrate is plugged in")
            return
        }
        let (code, console) = await CapturedConsole.run("impact", "light", "--locality", locality)
        #expect(code == .success)
        #expect(!console.out.isEmpty)
        let expected = part.map {
            "note: no gamepad was found, so nothing plays at --locality \(locality): the terminal shows what the \($0) would play"
        }
        #expect(console.err == (expected ?? ""))
    }
}

/// A locality the pad lacks, or one the driver cannot reach, is the command line's fault: exit 64.
@Suite struct LocalityExitTests {
    @Test func localityErrorsAreUsageErrorsAndDeviceErrorsAreNot() {
        let lacking = HidrawError.localityUnavailable(locality: .triggers, name: "the DualShock 4 (/dev/input/event5)", available: [.all])
        #expect(PlaybackRunner.isUsage(lacking))
        #expect(PlaybackRunner.isUsage(LocalityError.triggersNeedHidraw(locality: .leftTrigger, name: "pad")))
        #expect(!PlaybackRunner.isUsage(HidrawError.noPad(selection: .auto)))
        #expect(!PlaybackRunner.isUsage(HidrawError.permissionDenied(node: "/dev/hidraw3", name: "pad")))
    }

    @Test func theTerminalShowsAHandleLocalitysFrames() throws {
        let terminal = StdoutDriver(format: .text, write: { _ in })
        let routed = try DriverChoice.stdout.makeDriver(
            device: .auto, locality: .rightHandle, notice: { _ in }, terminal: terminal)
        #expect((routed as? RoutedDriver)?.routing == HandleRouting(.rightHandle))
        let plain = try DriverChoice.stdout.makeDriver(
            device: .auto, locality: .handles, notice: { _ in }, terminal: terminal)
        #expect(plain is StdoutDriver)
        let triggers = try DriverChoice.stdout.makeDriver(
            device: .auto, locality: .triggers, notice: { _ in }, terminal: terminal)
        #expect((triggers as? TriggerLineDriver)?.locality == .triggers)
    }
}
