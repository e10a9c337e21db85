import Foundation
import Haptics
import HapticsTool
import Testing

@testable import HapticsCommandLine

@Suite struct PatternSourceTests {
    /// `examples/ClicksAndTone.wav`: clicks at 0.1, 0.25 and 0.4 s, then a 440 Hz tone from 0.6 to
    /// 1.6 s, silence elsewhere (16 kHz, 16-bit mono, 1.8 s).
    static let clicksAndTone = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/ClicksAndTone.wav").path
    /// Where the clicks of `clicksAndTone` start, in seconds.
    static let clicks = [0.1, 0.25, 0.4]
    /// Where the tone of `clicksAndTone` sounds, in seconds.
    static let tone = 0.6...1.6

    /// The frames `--driver record` printed, as (start, end, sounding) in seconds.
    static func recordedFrames(_ output: String) throws -> [(start: Double, end: Double, sounding: Bool)] {
        try output.split(separator: "\n").map { line in
            let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double], "\(line)")
            let start = try #require(frame["t_ms"]) / 1000
            let sounding = try #require(frame["strong"]) > 0 || (try #require(frame["weak"])) > 0
            return (start, start + (try #require(frame["duration_ms"])) / 1000, sounding)
        }
    }

    @Test func aSoundPlaysAtItsClicksAndOverItsToneAndNowhereElse() async throws {
        let (code, console) = await CapturedConsole.run("play", Self.clicksAndTone, "--driver", "record")
        #expect(code == .success)
        let sounding = try Self.recordedFrames(console.out).filter(\.sounding)
        for click in Self.clicks {
            #expect(sounding.contains { abs($0.start - click) <= 0.01 }, "nothing starts within 10 ms of the click at \(click) s")
        }
        for frame in sounding {
            let atAClick = Self.clicks.contains { abs(frame.start - $0) <= 0.01 && frame.end <= $0 + 0.06 }
            let inTheTone = frame.start >= Self.tone.lowerBound && frame.end <= Self.tone.upperBound + 0.01
            #expect(atAClick || inTheTone, "a frame sounds from \(frame.start) to \(frame.end) s, in a silence")
        }
        #expect(sounding.filter { Self.tone.contains($0.start) }.count >= 90)
    }

    @Test func aSoundPlaysOnTheTerminal() async {
        let (code, console) = await CapturedConsole.run("play", Self.clicksAndTone, "--driver", "stdout")
        #expect(code == .success)
        let lines = console.out.split(separator: "\n")
        #expect(lines.count > 100)
        // The first click: a 40 ms frame that sounds (its start is wall time, so not checked).
        #expect(lines.contains { $0.hasSuffix(" 40 ms") && !$0.contains("strong 0.00") })
    }

    /// docs/images/ClicksAndTone-pattern.svg is what `haptics render examples/ClicksAndTone.wav
    /// --format svg` draws, run from the repository's folder; with `HAPTICS_WRITE_EXAMPLES=1` in
    /// the environment the test writes it first.
    @Test func theDocumentationsDrawingOfTheSoundsPatternIsCurrent() async throws {
        let root = URL(fileURLWithPath: Self.clicksAndTone).deletingLastPathComponent().deletingLastPathComponent()
        let drawing = root.appendingPathComponent("docs/images/ClicksAndTone-pattern.svg")
        let (code, console) = await CapturedConsole.run("render", Self.clicksAndTone, "--format", "svg")
        #expect(code == .success)
        let svg = console.out.replacingOccurrences(of: root.path + "/", with: "") + "\n"
        if ProcessInfo.processInfo.environment["HAPTICS_WRITE_EXAMPLES"] == "1" { try Data(svg.utf8).write(to: drawing) }
        #expect(
            try String(contentsOf: drawing, encoding: .utf8) == svg,
            "regenerate it: HAPTICS_WRITE_EXAMPLES=1 swift test --filter \(Self.self)")
    }

    /// `examples/ClicksAndTone.wav` with `patch` applied, written into `folder` as `name`.
    private func patchedSound(_ name: String, in folder: URL, _ patch: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.clicksAndTone)))
        patch(&bytes)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["play", "render", "convert"])
    func aBadSoundExits65NamingTheFileAndTheProblem(command: String) async throws {
        try await withTemporaryFolder { folder in
            let cases: [(String, String)] = [
                (try writeFile("RIFF....AVI LIST", named: "video.wav", in: folder), "not a WAV file (no RIFF WAVE header)"),
                (try patchedSound("8-bit.wav", in: folder) { $0[34] = 8 }, "8-bit samples in format 1"),
                (try patchedSound("3-channels.wav", in: folder) { $0[22] = 3 }, "3 channels"),
                (try patchedSound("96k.wav", in: folder) { $0[24...27] = [0x00, 0x77, 0x01, 0x00] }, "a sample rate of 96000 Hz"),
                (try patchedSound("cut.wav", in: folder) { $0.removeLast(1000) }, "the 'data' chunk runs past the end of the file"),
                (folder.appendingPathComponent("absent.wav").path, "cannot read the file: No such file or directory"),
            ]
            for (path, problem) in cases {
                let console = CapturedConsole()
                let arguments = command == "convert" ? [command, path, "-"] : [command, path, "--driver", "record"]
                let code = await HapticsCommand.run(command == "render" ? [command, path] : arguments, on: console.console)
                #expect(code == .dataError, "\(command) \(path)")
                #expect(console.err.split(separator: "\n").last?.hasPrefix("Error: \(path): \(problem)") == true, "\(console.err)")
                #expect(console.out.isEmpty)
            }
        }
    }

    @Test func aCompositionRendersAsTheLibrarysComposition() async throws {
        var composition = Composition()
        try composition.add(.click)
        try composition.add(.tick, scale: 0.5, delay: 0.04)
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("composed.ahap")
            try AHAPWriter.ahap(for: composition.pattern, source: "test").write(to: file, atomically: true, encoding: .utf8)
            let (code, composed) = await CapturedConsole.run("render", "compose:click,tick:0.5+40ms", "--format", "json")
            let (_, written) = await CapturedConsole.run("render", file.path, "--format", "json")
            #expect(code == .success)
            #expect(composed.out == written.out)
            #expect(composed.out.contains(#"{"t_ms":80,"#))
        }
    }

    @Test(arguments: ["play", "render", "convert"])
    func aBadCompositionExits65NamingThePiece(command: String) async {
        for (text, named) in [
            ("compose:clik", "primitive 1: expected one of click, tick"),
            ("compose:click,tick:2", "primitive 2: expected a scale from 0 to 1, found '2'"),
            ("compose:click+-3ms", "primitive 1: expected a delay of 0 or more milliseconds"),
            ("compose:", "primitive 1: expected PRIMITIVE"),
        ] {
            let console = CapturedConsole()
            let code = await HapticsCommand.run(command == "convert" ? [command, text, "-"] : [command, text], on: console.console)
            #expect(code == .dataError, "\(command) \(text)")
            #expect(console.err.split(separator: "\n").last?.hasPrefix("Error: \(text): \(named)") == true, "\(console.err)")
            #expect(console.out.isEmpty)
        }
    }

    @Test func listShowsThePrimitives() async {
        let (code, console) = await CapturedConsole.run("list")
        #expect(code == .success)
        for primitive in Primitive.allCases {
            #expect(console.out.contains("\n\(primitive.rawValue) "))
        }
    }
}
