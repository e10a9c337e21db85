import Haptics
import HapticsHidraw
import HapticsRouting
import HapticsTesting
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

/// `--locality` on the playing commands: parsed with the shared playing options, and, on the
/// terminal and in a recording, visible in the frames: a handle locality puts the frame on
/// that handle's motor, a trigger locality records the frames the trigger would play.
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

    @Test(arguments: ["all", "handles", "triggers", "left-trigger", "right-trigger"])
    func otherLocalitiesRecordTheFramesAsTheyAre(locality: String) async throws {
        let both = try await recordedLevels("play", "haptica:X-x-O")
        #expect(try await recordedLevels("play", "haptica:X-x-O", "--locality", locality) == both)
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
            device: .auto, locality: .triggers, notice: { _ in }, terminal: terminal)
        #expect(plain is StdoutDriver)
    }
}
