import Foundation
import Haptics
import HapticsTool
import Testing

@testable import HapticsCommandLine

@Suite struct PatternSourceTests {
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
