import Foundation
import Haptics
import HapticsTool
import Testing

@testable import HapticsCommandLine

@Suite struct ConvertCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HapticsTests").appendingPathComponent("Fixtures")
    static let dice = fixtures.appendingPathComponent("haptic").appendingPathComponent("NiceVibrations__NVDice.haptic").path
    static let boing = fixtures.appendingPathComponent("corpus").appendingPathComponent("Haptic-Tests__Boing.ahap").path

    @Test(arguments: ["heavy", "haptica:..oO-Oo", dice, boing])
    func writesAnyPatternAsAnAHAPFileThatRendersTheSame(_ argument: String) async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out.ahap").path
            let (code, console) = await CapturedConsole.run("convert", argument, output)
            #expect(code == .success)
            #expect(console.err.hasPrefix("wrote \(output)"))
            let written = try PatternFile.load(contentsOf: output)
            let (renderCode, original) = await CapturedConsole.run("render", argument, "--format", "json")
            let (_, converted) = await CapturedConsole.run("render", output, "--format", "json")
            #expect(renderCode == .success)
            #expect(converted.out == original.out)
            #expect(!written.pattern.events.isEmpty)
        }
    }

    @Test func aSoundConvertsToTransientsAtItsClicksAndOneContinuousEventOverItsTone() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("ClicksAndTone.ahap").path
            let (code, console) = await CapturedConsole.run("convert", PatternSourceTests.clicksAndTone, output)
            #expect(code == .success, "\(console.err)")
            let pattern = try PatternFile.load(contentsOf: output).pattern
            let transients = pattern.events.filter { $0.kind == .transient }
            #expect(transients.count == PatternSourceTests.clicks.count)
            for (event, click) in zip(transients, PatternSourceTests.clicks) {
                #expect(abs(event.time - click) <= 0.01, "a transient at \(event.time) s for the click at \(click) s")
            }
            #expect(transients.map(\.intensity) == transients.map(\.intensity).sorted(by: >), "louder clicks, stronger")
            let continuous = pattern.events.filter { $0.kind != .transient }
            let tone = PatternSourceTests.tone
            #expect(continuous.count == 1)
            for event in continuous {
                #expect(event.time >= tone.lowerBound && event.time <= tone.lowerBound + 0.03, "starts at \(event.time) s")
                #expect(abs(event.time + event.duration - tone.upperBound) <= 0.01, "ends at \(event.time + event.duration) s")
            }
            #expect(pattern.curves.allSatisfy { tone.contains($0.time) && $0.time + ($0.points.last?.time ?? 0) <= tone.upperBound + 1e-9 })
        }
    }

    @Test func isListedAndHasHelp() async {
        let (code, console) = await CapturedConsole.run("--help")
        #expect(code == .success && console.out.contains("\n  convert "))
        for flag in ["-h", "--help"] {
            let (helpCode, help) = await CapturedConsole.run("convert", flag)
            #expect(helpCode == .success && help.out.contains("\n\nUSAGE: haptics convert <pattern> <output>"))
        }
    }

    @Test func writesToStandardOutputWithDash() async throws {
        let (code, console) = await CapturedConsole.run("convert", Self.dice, "-")
        #expect(code == .success)
        let loaded = try AHAPLoader.decode(Array(console.out.utf8), file: "stdout.ahap")
        #expect(loaded.pattern.events.count == 5)
        #expect(console.out.contains(#""Source": "\#(Self.dice)""#))
    }

    @Test(arguments: [
        (["convert"], "Error: missing <pattern>"),
        (["convert", "heavy"], "Error: missing <output>"),
        (["convert", "heavy", "a.ahap", "b.ahap"], "Error: unexpected argument 'b.ahap'"),
        (["convert", "heavy", "out.json"], "Error: the output 'out.json' is neither a path ending in .ahap nor - (standard output)"),
        (["convert", "heavy", "-", "--pretty"], "Error: unknown option '--pretty'"),
    ])
    func badUsageExits64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: captured.console)
        #expect(code == .usage)
        #expect(captured.err.split(separator: "\n").map(String.init) == [message, "See 'haptics convert --help'."])
    }

    @Test(arguments: [
        "/nonexistent/in.ahap",
        fixtures.appendingPathComponent("haptic").appendingPathComponent("NiceVibrations__invalid_version_v1.haptic").path,
    ])
    func badInputExits65NamingTheFile(_ input: String) async {
        let (code, console) = await CapturedConsole.run("convert", input, "-")
        #expect(code == .dataError)
        #expect(console.err.hasPrefix("Error: \(input): "))
        #expect(console.out.isEmpty)
    }

    @Test func anUnwritableOutputExits1() async {
        let (code, console) = await CapturedConsole.run("convert", "heavy", "/nonexistent/folder/out.ahap")
        #expect(code == .failure)
        #expect(
            console.err
                == "Error: /nonexistent/folder/out.ahap: cannot write the file: No such file or directory; check the folder exists and is writable"
        )
    }

    @Test func validateTakesEveryKindOfPatternArgument() async {
        let (code, console) = await CapturedConsole.run("validate", "heavy", "haptica:O-o", Self.dice, Self.boing)
        #expect(code == .success)
        #expect(
            console.out.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "ok: heavy", "ok: haptica:O-o", "ok: \(Self.dice)", "ok: \(Self.boing)",
            ])
    }

    @Test func aHapticaStringWithOtherCharactersPlaysWithANote() async {
        let (code, console) = await CapturedConsole.run("render", "haptica:O?o")
        #expect(code == .success)
        #expect(console.err.hasPrefix("note: haptica:O?o: ignored '?' at 1"))
    }

    @Test(arguments: ["play", "render", "convert"])
    func aHapticaStringWithNothingToPlayIsABadInput(command: String) async {
        for text in ["haptica:abc", "haptica:", "haptica:--"] {
            let console = CapturedConsole()
            let code = await HapticsCommand.run(command == "convert" ? [command, text, "-"] : [command, text], on: console.console)
            #expect(code == .dataError, "\(command) \(text)")
            #expect(
                console.err.split(separator: "\n").last
                    == "Error: \(text): nothing to play: a Haptica string plays O (heavy), o (medium), . (light), X (rigid) and x (soft), with - for a pause, e.g. 'haptica:..oO-Oo'"
            )
            #expect(!console.err.contains("$:"))
            #expect(console.out.isEmpty)
        }
    }

    @Test func validateFindsAHapticaStringWithNothingToPlayBad() async {
        let (code, console) = await CapturedConsole.run("validate", "haptica:O", "haptica:abc")
        #expect(code == .dataError)
        #expect(console.out.hasPrefix("ok: haptica:O"))
        #expect(console.err.split(separator: "\n").last?.hasPrefix("Error: haptica:abc: nothing to play: a Haptica string plays") == true)
    }

    /// `haptics convert clip.haptic - | haptics validate -`, through the built executable.
    @Test func convertPipesIntoValidateThroughStandardInput() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("haptics").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "the haptics executable is built next to the tests (\(binary))")
        for verb in ["validate", "render"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #""$0" convert "$1" - | "$0" \#(verb) -"#, binary, Self.dice]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(verb): \(text)")
            if verb == "validate" { #expect(text == "ok: standard input (5 events, 5 curves, 0.963 s)\n") }
        }
    }
}
