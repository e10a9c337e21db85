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

    @Test func theHelpSaysWhatItPlaysAndHow() async {
        let (code, console) = await CapturedConsole.run("play", "--help")
        #expect(code == .success)
        #expect(console.out.hasPrefix("OVERVIEW: Play a preset, an AHAP or .haptic file, or a 'haptica:' string.\n\nUSAGE: haptics play"))
        #expect(console.out.contains("\n\nThe whole pattern plays once; --loop repeats it"))
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

/// Every preset at rates, loop counts and ranges: each pass of the range plays whole, the
/// run ends exactly after its last pass, and no frame that sounds lasts no time.
@Suite struct PlayRangePropertyTests {
    /// A frame as a `record` line gives it, in milliseconds.
    struct Line: Equatable, CustomStringConvertible {
        var start: Double
        var duration: Double
        var strong: Double
        var weak: Double

        var isSilent: Bool { strong == 0 && weak == 0 }
        var description: String { "\(start)+\(duration) \(strong)/\(weak)" }

        func isClose(to other: Line) -> Bool {
            abs(start - other.start) < 1e-3 && abs(duration - other.duration) < 1e-3 && abs(strong - other.strong) < 1e-4
                && abs(weak - other.weak) < 1e-4
        }
    }

    static let rates = [0.25, 0.3, 0.7, 1, 1.5, 2, 3, 3.7, 4]
    static let loops = [1, 2, 3]
    /// Ranges in milliseconds (`nil`: the pattern's end; every preset lasts at least 40 ms).
    static let ranges: [(from: Int, to: Int?)] = [(0, nil), (10, nil), (0, 30), (5, 35), (20, 5000)]

    /// Adjacent frames of the same levels as one.
    static func merged(_ lines: [Line]) -> [Line] {
        lines.reduce(into: []) { result, line in
            if let last = result.last, last.strong == line.strong, last.weak == line.weak, last.duration > 0 {
                result[result.count - 1].duration = line.start + line.duration - last.start
            } else {
                result.append(line)
            }
        }
    }

    /// What `play` must print: the range of the rendered track at `rate`, `passes` times back
    /// to back, then the motors off.
    static func expected(_ preset: Preset, rate: Double, from: Duration, to: Duration?, passes: Int) -> [Line] {
        let track = Renderer().render(preset.pattern)
        let to = min(to ?? track.duration, track.duration)
        let pass = (to - from) / rate
        var lines: [Line] = []
        for index in 0..<passes {
            for frame in track.frames where frame.end > from && frame.start < to {
                let start = max(frame.start, from)
                lines.append(
                    Line(
                        start: (pass * index + (start - from) / rate).inMilliseconds,
                        duration: ((min(frame.end, to) - start) / rate).inMilliseconds, strong: frame.strong, weak: frame.weak))
            }
        }
        lines.append(Line(start: (pass * passes).inMilliseconds, duration: 0, strong: 0, weak: 0))
        return lines
    }

    static func parse(_ output: String) throws -> [Line] {
        try output.split(separator: "\n").map { text in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Double])
            return Line(
                start: try #require(object["t_ms"]), duration: try #require(object["duration_ms"]), strong: try #require(object["strong"]),
                weak: try #require(object["weak"]))
        }
    }

    @Test(arguments: Preset.allCases)
    func everyPassPlaysWholeAndNothingAfterTheLast(preset: Preset) async throws {
        for rate in Self.rates {
            for loop in Self.loops {
                for (from, to) in Self.ranges {
                    var arguments = ["play", preset.name, "--rate", "\(rate)", "--loop", "\(loop)", "--from", "\(Double(from) / 1000)"]
                    if let to { arguments += ["--to", "\(Double(to) / 1000)"] }
                    let captured = CapturedConsole()
                    let code = await HapticsCommand.run(arguments + ["--driver", "record"], on: captured.console)
                    let name = arguments.joined(separator: " ")
                    #expect(code == .success, "\(name): \(captured.err)")
                    let lines = try Self.parse(captured.out)
                    let ghosts = lines.filter { !$0.isSilent && $0.duration < 1e-3 }
                    #expect(ghosts.isEmpty, "\(name): frames that sound for no time: \(ghosts)")
                    let expected = Self.merged(
                        Self.expected(preset, rate: rate, from: .milliseconds(from), to: to.map { .milliseconds($0) }, passes: loop))
                    let actual = Self.merged(lines)
                    let matches = actual.count == expected.count && zip(actual, expected).allSatisfy { $0.isClose(to: $1) }
                    #expect(matches, "\(name): \(actual) against \(expected)")
                }
            }
        }
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
        #expect(console.err == "Error: 'sucess' is neither a preset nor a file; did you mean 'success'? ('haptics list' shows the presets)")
    }

    @Test func aMistypedPathSuggestsTheClosestFileBesideIt() async throws {
        try await withTemporaryFolder { folder in
            _ = try writeFile(#"{"Pattern": []}"#, named: "success.ahap", in: folder)
            _ = try writeFile(#"{"Pattern": []}"#, named: "warning.ahap", in: folder)
            let (code, console) = await CapturedConsole.run("play", folder.path + "/sucess.ahap", "--driver", "record")
            #expect(code == .dataError)
            #expect(console.err == "Error: '\(folder.path)/sucess.ahap' names no file; did you mean '\(folder.path)/success.ahap'?")
            let (validateCode, validate) = await CapturedConsole.run("validate", folder.path + "/warnin.ahap")
            #expect(validateCode == .dataError)
            #expect(validate.err == "Error: '\(folder.path)/warnin.ahap' names no file; did you mean '\(folder.path)/warning.ahap'?")
        }
    }

    @Test func aMissingPathIsStillAMissingFile() async {
        let (code, console) = await CapturedConsole.run("play", "/nonexistent/heavy.ahap", "--driver", "record")
        #expect(code == .dataError)
        #expect(console.err.contains("cannot read the file: No such file or directory"))
    }
}
