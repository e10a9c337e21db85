import Foundation
import Haptics
import HapticsTool
import Testing

@testable import HapticsCommandLine

@Suite struct PlayCommandTests {
    static let heartbeats = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HapticsTests/Fixtures/corpus/unityplugins__Heartbeats.ahap").path

    /// The frames a range of the rendered track becomes at `rate`, `passes` times back to
    /// back, then silence: what `play --rate --from --to --loop` must print.
    static func expectedLines(from: Duration, to: Duration, rate: Int, passes: Int) throws -> [String] {
        let track = Renderer().render(try AHAPLoader.load(contentsOf: heartbeats).pattern)
        let pass = (to - from) / rate
        var frames: [RumbleFrame] = []
        for index in 0..<passes {
            for frame in track.frames where frame.end > from && frame.start < to {
                let start = max(frame.start, from)
                frames.append(
                    RumbleFrame(
                        start: pass * index + (start - from) / rate, duration: (min(frame.end, to) - start) / rate,
                        strong: frame.strong, weak: frame.weak))
            }
        }
        frames.append(RumbleFrame(start: pass * passes, duration: .zero, strong: 0, weak: 0))
        return frames.map { FrameFormat.json.line(for: $0) }
    }

    @Test func aRangeTwiceAsFastThreeTimes() async throws {
        let (code, console) = await CapturedConsole.run(
            "play", Self.heartbeats, "--rate", "2", "--from", "0.5", "--to", "1.5", "--loop", "3", "--driver", "record")
        #expect(code == .success)
        #expect(
            console.out.split(separator: "\n").map(String.init)
                == (try Self.expectedLines(from: .milliseconds(500), to: .milliseconds(1500), rate: 2, passes: 3)))
    }

    @Test func fromAloneStartsLaterAndPlaysToTheEnd() async throws {
        let (code, console) = await CapturedConsole.run("play", Self.heartbeats, "--from", "2", "--driver", "record")
        #expect(code == .success)
        let track = Renderer().render(try AHAPLoader.load(contentsOf: Self.heartbeats).pattern)
        #expect(
            console.out.split(separator: "\n").map(String.init)
                == (try Self.expectedLines(from: .seconds(2), to: track.duration, rate: 1, passes: 1)))
    }

    @Test(arguments: [
        (["play", "heavy", "--rate", "5"], "Error: the value '5' of '--rate' is not a number from 0.25 to 4"),
        (["play", "heavy", "--from", "0.5", "--to", "0.2"], "Error: the value '0.2' of '--to' is not after --from (0.5 s)"),
        (["play", "heavy", "--from", "9"], "Error: --from 9.0 s is past the end of heavy, which lasts 0.06 s"),
    ])
    func badRangesAreUsageErrors(arguments: [String], message: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: captured.console)
        #expect(code == .usage)
        #expect(captured.err.hasPrefix(message), "\(captured.err)")
    }
}

@Suite struct MistypedPresetTests {
    @Test func aMistypedPresetSuggestsTheClosestAndTheList() async {
        let (code, console) = await CapturedConsole.run("play", "haevy", "--driver", "record")
        #expect(code == .dataError)
        #expect(console.err == "Error: 'haevy' is neither a preset nor a file; did you mean 'heavy'? ('haptics list' shows the presets)")
        #expect(console.out.isEmpty)
    }

    @Test func aNameFarFromEveryPresetStillPointsAtTheList() async {
        let (code, console) = await CapturedConsole.run("render", "zzzzzzzz")
        #expect(code == .dataError)
        #expect(console.err == "Error: 'zzzzzzzz' is neither a preset nor a file ('haptics list' shows the presets)")
    }

    @Test func validateSuggestsThePresetToo() async {
        let (code, console) = await CapturedConsole.run("validate", "heavy", "sucess")
        #expect(code == .dataError)
        #expect(console.out.hasPrefix("ok: heavy"))
        #expect(console.err == "error: 'sucess' is neither a preset nor a file; did you mean 'success'? ('haptics list' shows the presets)")
    }

    @Test func aMissingPathIsStillAMissingFile() async {
        let (code, console) = await CapturedConsole.run("play", "/nonexistent/heavy.ahap", "--driver", "record")
        #expect(code == .dataError)
        #expect(console.err.contains("cannot read the file: No such file or directory"))
    }
}
